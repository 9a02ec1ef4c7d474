/** The routes the signed-in user may visit, generated from roles and the server menu (spec 4). */
import { proxy, ref } from 'valtio';
import { constantRoutes } from '../app/constantRoutes.ts';
import { resolveComponentKey } from '../app/componentRegistry.ts';
import { generateRoutes } from '../permission/generateRoutes.ts';
import type { AppRoute, ServerMenuNode } from '../permission/routeTypes.ts';

export const permissionState = proxy({
  /** Every visible route (constant routes plus the authorised menu's). */
  routes: ref([] as AppRoute[]),
  menu: ref([] as ServerMenuNode[]),
  /** Bumped on each generation so views keyed on it re-render. */
  version: 0,
});

export function applyMenu(roles: readonly string[], menu: readonly ServerMenuNode[]): AppRoute[] {
  const { routes, unrendered } = generateRoutes({ roles, menu, constantRoutes, resolveComponent: resolveComponentKey });
  if (import.meta.env.DEV && unrendered.length) {
    console.warn(`[routes] no registered component renders these menu entries, left out: ${unrendered.join(', ')}`);
  }
  permissionState.routes = ref(routes);
  permissionState.menu = ref([...menu]);
  permissionState.version += 1;
  return routes;
}

export function resetRoutes(): void {
  permissionState.routes = ref([]);
  permissionState.menu = ref([]);
  permissionState.version += 1;
}
