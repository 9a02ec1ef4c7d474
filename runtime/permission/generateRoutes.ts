import { ADMIN_ROLE } from '../constants/spec.ts';
import { isExternal } from '../format/isExternal.ts';
import { resolvePath } from './resolvePath.ts';
import type { AppRoute, RouteMeta, ServerMenuNode } from './routeTypes.ts';

/** The menu's marker for a parent that is not a page (vue-router convention). */
const NO_REDIRECT = 'noRedirect';

export interface GenerateRoutesInput {
  roles: readonly string[];
  /** The server's authorised menu tree (queryCurrentAuthority `menu`). */
  menu: readonly ServerMenuNode[];
  /** The shell's own routes (workbench, profile...): always present, never duplicated by the menu. */
  constantRoutes: readonly AppRoute[];
  /** Returns the registry key that renders this node, or undefined when nothing can render it. */
  resolveComponent: (node: { component?: string; name?: string; path: string }) => string | undefined;
  /** Client-side meta by absolute path (the generated route table), merged under the server's. */
  clientMeta?: ReadonlyMap<string, RouteMeta>;
}

export interface GeneratedRoutes {
  /** Every route the user may visit: constant routes first, then the menu's. */
  routes: AppRoute[];
  /** Menu entries left out because no registered component renders them (absolute paths). */
  unrendered: string[];
}

const META_KEYS = ['title', 'icon', 'noCache', 'affix', 'activeMenu', 'breadcrumb', 'code', 'resource'] as const;

/** The meta a node carries flat (schemas/menu.json style), as RouteMeta. */
function flatMeta(node: ServerMenuNode | (RouteMeta & { roles?: readonly string[] })): RouteMeta {
  const out: RouteMeta = {};
  const source = node as Record<string, unknown>;
  for (const key of META_KEYS) if (source[key] !== undefined) (out as Record<string, unknown>)[key] = source[key];
  if (node.roles) out.roles = [...node.roles];
  return out;
}

/** Client meta by absolute path from a route table shaped like the server menu. */
export function metaByPath(table: readonly ServerMenuNode[]): Map<string, RouteMeta> {
  const out = new Map<string, RouteMeta>();
  const walk = (nodes: readonly ServerMenuNode[], parent: string) => {
    for (const node of nodes) {
      const path = resolvePath(parent, node.path);
      out.set(path, { ...flatMeta(node), ...(node.meta ?? {}), ...(node.hidden ? { hidden: true } : {}) });
      if (node.children?.length) walk(node.children, path);
    }
  };
  walk(table, '/');
  return out;
}

/** True when a route limited to `meta.roles` is open to these roles (no roles listed: open to all). */
export function hasPermission(roles: readonly string[], meta: RouteMeta | undefined): boolean {
  if (roles.includes(ADMIN_ROLE)) return true;
  const allowed = meta?.roles;
  if (!allowed || allowed.length === 0) return true;
  return roles.some((role) => allowed.includes(role));
}

/** Every absolute path in a server menu tree. */
export function menuPaths(menu: readonly ServerMenuNode[], parentPath = '/'): Set<string> {
  const paths = new Set<string>();
  const walk = (nodes: readonly ServerMenuNode[], parent: string) => {
    for (const node of nodes) {
      const full = resolvePath(parent, node.path);
      paths.add(full);
      if (node.children?.length) walk(node.children, full);
    }
  };
  walk(menu, parentPath);
  return paths;
}

function collectPaths(routes: readonly AppRoute[], into = new Set<string>()): Set<string> {
  for (const r of routes) {
    into.add(r.path);
    collectPaths(r.children, into);
  }
  return into;
}

/**
 * Section 4's route generation. ROLE_ADMIN keeps every menu route; other users keep the
 * routes whose `meta.roles` name one of their roles (none listed: open to all). Only paths of
 * the server's authorised menu tree become routes (plus the shell's constant routes), and only
 * when a registered component can render them; a parent stays while one child stays.
 */
export function generateRoutes(input: GenerateRoutesInput): GeneratedRoutes {
  const { roles, menu, constantRoutes, resolveComponent, clientMeta } = input;
  const taken = collectPaths(constantRoutes);
  const unrendered: string[] = [];

  const convert = (node: ServerMenuNode, parentPath: string): AppRoute | undefined => {
    const path = resolvePath(parentPath, node.path);
    const meta: RouteMeta = { ...(clientMeta?.get(path) ?? {}), ...flatMeta(node), ...(node.meta ?? {}) };
    if (!hasPermission(roles, meta)) return undefined;
    const hidden = node.hidden ?? meta.hidden ?? false;
    const base = { path, name: node.name, hidden, alwaysShow: node.alwaysShow, meta };
    if (isExternal(path)) return { ...base, external: true, children: [] };

    const children = (node.children ?? []).map((child) => convert(child, path)).filter((r): r is AppRoute => r !== undefined);
    if (node.children?.length) {
      if (children.length === 0) return undefined;
      const firstVisible = children.find((c) => !c.hidden && !c.external) ?? children.find((c) => !c.external);
      const noRedirect = node.redirect === NO_REDIRECT;
      const redirect = (noRedirect ? undefined : node.redirect) ?? firstVisible?.path;
      const component = resolveComponent({ component: node.component, name: node.name, path });
      return { ...base, component, redirect, children, ...(noRedirect ? { noRedirect } : {}) };
    }
    if (taken.has(path)) return undefined;
    const component = resolveComponent({ component: node.component, name: node.name, path });
    if (!component) {
      unrendered.push(path);
      return undefined;
    }
    return { ...base, component, redirect: node.redirect === NO_REDIRECT ? undefined : node.redirect, children: [] };
  };

  const authorised = menuPaths(menu);
  const constants = constantRoutes
    .filter((r) => r.meta.affix || r.hidden || authorised.has(r.path) || authorisedChild(r, authorised))
    .map((r) => ({ ...r, children: [...r.children] }));
  const fromMenu: AppRoute[] = [];
  for (const node of menu) {
    const route = convert(node, '/');
    if (!route) continue;
    if (taken.has(route.path)) {
      // A menu parent that wraps constant routes (e.g. "/" around /workbench) adds only its
      // other children (/mynotification), under the constant route of its path.
      if (route.children.length === 0) continue;
      const constant = constants.find((c) => c.path === route.path);
      if (constant) {
        constant.children.push(...route.children);
        continue;
      }
    }
    fromMenu.push(route);
  }
  return { routes: [...constants, ...fromMenu], unrendered };
}

function authorisedChild(route: AppRoute, authorised: Set<string>): boolean {
  return route.children.some((c) => authorised.has(c.path) || c.meta.affix || c.hidden || authorisedChild(c, authorised));
}

/** Flattens a route tree into its leaves and redirect-carrying parents (absolute paths). */
export function flattenRoutes(routes: readonly AppRoute[]): AppRoute[] {
  const out: AppRoute[] = [];
  const walk = (list: readonly AppRoute[]) => {
    for (const r of list) {
      out.push(r);
      walk(r.children);
    }
  };
  walk(routes);
  return out;
}

/** The pinned (affix) routes, in order: the tabs that are always there. */
export function affixRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return flattenRoutes(routes).filter((r) => r.meta.affix && !r.external);
}
