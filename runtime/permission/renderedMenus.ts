/**
 * The menu codes whose pages this console renders for the signed-in user: the server menu's
 * entries whose path is one of the generated routes. The role screens list only these (a menu
 * of the platform whose page the console does not have is not offered), and a parent only when
 * a page under it is.
 */
import { permissionState } from './permissionState.ts';
import { resolvePath } from './resolvePath.ts';
import type { AppRoute, ServerMenuNode } from './routeTypes.ts';

function routePaths(routes: readonly AppRoute[], out = new Set<string>()): Set<string> {
  for (const r of routes) {
    if (r.component || r.external) out.add(r.path);
    routePaths(r.children, out);
  }
  return out;
}

export function renderedMenuCodes(): Set<string> {
  const paths = routePaths(permissionState.routes);
  const out = new Set<string>();
  const visit = (nodes: readonly ServerMenuNode[] | null | undefined, parent: string, depth: number) => {
    if (!nodes || depth > 64) return;
    for (const n of nodes) {
      const path = resolvePath(parent, n.path);
      if (n.name && paths.has(path)) out.add(n.name);
      visit(n.children, path, depth + 1);
    }
  };
  visit(permissionState.menu, '/', 0);
  return out;
}
