/**
 * routes.ts: the route and menu tree of schemas/menu.json as a typed constant, and
 * which menu path shows each resource.
 */
import { menuFullPath, type MenuNode } from '../schemas/registry/loadMenu.ts';
import type { Registry } from '../schemas/registry/types.ts';
import { generatedFile, tsLiteral } from './tsSource.ts';

/** The members of a menu node, in the order they are printed. */
const MENU_KEYS = [
  'code',
  'path',
  'name',
  'component',
  'title',
  'icon',
  'hidden',
  'alwaysShow',
  'redirect',
  'noCache',
  'affix',
  'activeMenu',
  'roles',
  'resource',
  'externalUrl',
  'children',
] as const;

const MENU_ROUTE = `/** One entry of the route and menu tree (schemas/menu.json). */
export interface MenuRoute {
  /** Menu code: button and data-field grants are keyed by it. */
  code: string;
  /** Route path: absolute, relative to the parent's, or the URL itself for an external link. */
  path: string;
  /** Route name. */
  name: string;
  /** Page component registered in the runtime. */
  component: string;
  /** i18n key of the title. */
  title: string;
  icon?: string;
  /** Routed but not shown in the menu. */
  hidden?: boolean;
  alwaysShow?: boolean;
  redirect?: string;
  /** The tab is not kept alive. */
  noCache?: boolean;
  /** Pinned tab. */
  affix?: boolean;
  /** Menu entry to highlight for a hidden route. */
  activeMenu?: string;
  /** Roles allowed; none listed means open to all. */
  roles?: readonly string[];
  /** Resource whose generic screen this route shows. */
  resource?: string;
  externalUrl?: string;
  children?: readonly MenuRoute[];
}`;

function toRoute(node: MenuNode): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const source = node as unknown as Record<string, unknown>;
  for (const key of MENU_KEYS) {
    if (key === 'children') {
      if (node.children?.length) out.children = node.children.map(toRoute);
    } else if (source[key] !== undefined) {
      out[key] = source[key];
    }
  }
  return out;
}

/**
 * Resource name -> full path of the page that shows it: the node naming it in
 * `resource` first, else the node whose code is the resource's `menu`.
 */
export function resourceRoutes(menu: MenuNode[], registry: Registry): Record<string, string> {
  const byCode = new Map<string, string>();
  const byResource = new Map<string, string>();
  const walk = (nodes: MenuNode[], parent: string) => {
    for (const node of nodes) {
      const full = menuFullPath(parent, node.path);
      if (!node.externalUrl) {
        if (!byCode.has(node.code)) byCode.set(node.code, full);
        if (node.resource && !byResource.has(node.resource)) byResource.set(node.resource, full);
      }
      if (node.children) walk(node.children, full);
    }
  };
  walk(menu, '/');
  const out: Record<string, string> = {};
  for (const r of registry.resources) {
    const path = byResource.get(r.name) ?? (r.menu ? byCode.get(r.menu) : undefined);
    if (path) out[r.name] = path;
  }
  return out;
}

/** Generate routes.ts. */
export function emitRoutes(menu: MenuNode[], registry: Registry): string {
  const treeDecl = 'export const menuTree: readonly MenuRoute[] = ';
  const routesDecl = 'export const resourceRoutes: Record<string, string> = ';
  return generatedFile(
    [
      MENU_ROUTE,
      `${treeDecl}${tsLiteral(menu.map(toRoute), '', treeDecl.length)};`,
      `/** Resource name -> path of the page that shows it. */\n${routesDecl}${tsLiteral(resourceRoutes(menu, registry), '', routesDecl.length)};`,
    ].join('\n\n'),
  );
}
