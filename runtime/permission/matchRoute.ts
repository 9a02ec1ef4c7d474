import { matchPath } from 'react-router-dom';
import type { AppRoute } from './routeTypes.ts';

/** Converts a menu path pattern to the router's syntax: ":id(\\d+)" becomes ":id". */
export function routerPattern(path: string): string {
  return path.replace(/:(\w+)\([^)]*\)/g, ':$1');
}

/** Checks the constraints written in a pattern, e.g. ":id(\\d+)" needs digits. */
export function paramsSatisfy(path: string, params: Record<string, string | undefined>): boolean {
  for (const m of path.matchAll(/:(\w+)\(([^)]*)\)/g)) {
    const [, name, source] = m;
    const value = params[name!];
    if (value === undefined || !new RegExp(`^(?:${source!.replace(/\\\\/g, '\\')})$`).test(value)) return false;
  }
  return true;
}

/** The route a pathname shows (exact match), with the chain of its ancestors. */
export function matchRoute(routes: readonly AppRoute[], pathname: string): { route: AppRoute; chain: AppRoute[] } | undefined {
  const walk = (list: readonly AppRoute[], chain: AppRoute[]): { route: AppRoute; chain: AppRoute[] } | undefined => {
    for (const route of list) {
      if (route.external) continue;
      const here = [...chain, route];
      const child = walk(route.children, here);
      if (child) return child;
      const match = matchPath({ path: routerPattern(route.path), end: true }, pathname);
      if (match && paramsSatisfy(route.path, match.params)) return { route, chain: here };
    }
    return undefined;
  };
  return walk(routes, []);
}
