/**
 * Generates the user's routes from roles and the server menu (spec 4) and stores them.
 * The generated route table (schemas/menu.json) supplies what a server menu may leave out
 * (route roles, noCache, affix, resource), under what the server says.
 */
import { constantRoutes } from '../app/constantRoutes.ts';
import { resolveComponentKey } from '../app/componentRegistry.ts';
import { menuTree } from '../generated/routes.ts';
import { setRoutes } from './permissionState.ts';
import { generateRoutes, metaByPath } from './generateRoutes.ts';
import type { AppRoute, ServerMenuNode } from './routeTypes.ts';

const clientMeta = metaByPath(menuTree as readonly ServerMenuNode[]);

export function applyMenu(roles: readonly string[], menu: readonly ServerMenuNode[]): AppRoute[] {
  const { routes, unrendered } = generateRoutes({ roles, menu, constantRoutes, resolveComponent: resolveComponentKey, clientMeta });
  if (import.meta.env.DEV && unrendered.length) {
    console.warn(`[routes] no registered component renders these menu entries, left out: ${unrendered.join(', ')}`);
  }
  setRoutes(routes, menu);
  return routes;
}
