/**
 * Where a path that is none of the user's routes goes: the 401 page when it is a page of the
 * console's menu (schemas/menu.json) that the user's authorised menu leaves out (a page not
 * granted, opened by URL), the 404 page otherwise (an unknown path, or a granted entry no
 * page renders).
 */
import { matchPath } from 'react-router-dom';
import { NOT_FOUND_PATH, UNAUTHORIZED_PATH } from '../../constants/spec.ts';
import { paramsSatisfy, routerPattern } from '../../permission/matchRoute.ts';

function matchesAny(paths: Iterable<string>, pathname: string): boolean {
  for (const path of paths) {
    const match = matchPath({ path: routerPattern(path), end: true }, pathname);
    if (match && paramsSatisfy(path, match.params)) return true;
  }
  return false;
}

/** `known`: every page path of the console's menu; `granted`: the paths of the user's authorised menu. */
export function missingRouteTarget(pathname: string, known: Iterable<string>, granted: Iterable<string>): string {
  if (matchesAny(known, pathname) && !matchesAny(granted, pathname)) return UNAUTHORIZED_PATH;
  return NOT_FOUND_PATH;
}
