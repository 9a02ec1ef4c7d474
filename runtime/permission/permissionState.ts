/** The routes the signed-in user may visit (spec 4); permission/applyMenu.ts fills them. */
import { proxy, ref } from 'valtio';
import type { AppRoute, ServerMenuNode } from './routeTypes.ts';

export const permissionState = proxy({
  /** Every visible route (constant routes plus the authorised menu's). */
  routes: ref([] as AppRoute[]),
  menu: ref([] as ServerMenuNode[]),
  /** Bumped on each generation so views keyed on it re-render. */
  version: 0,
});

export function setRoutes(routes: AppRoute[], menu: readonly ServerMenuNode[]): void {
  permissionState.routes = ref(routes);
  permissionState.menu = ref([...menu]);
  permissionState.version += 1;
}

export function resetRoutes(): void {
  setRoutes([], []);
}
