/**
 * routes.ts: the route and menu tree of schemas/menu.json as a typed constant, and
 * which menu path shows each resource.
 */
import { menuFullPath } from '../schemas/registry/loadMenu.ts';
import type { MenuRoute } from '../runtime/generated/fileTypes.ts';
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

function toRoute(node: MenuRoute): Record<string, unknown> {
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
export function resourceRoutes(menu: MenuRoute[], registry: Registry): Record<string, string> {
  const byCode = new Map<string, string>();
  const byResource = new Map<string, string>();
  const walk = (nodes: MenuRoute[], parent: string) => {
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
export function emitRoutes(menu: MenuRoute[], registry: Registry): string {
  const treeDecl = 'export const menuTree: readonly MenuRoute[] = ';
  const routesDecl = 'export const resourceRoutes: Record<string, string> = ';
  return generatedFile(
    [
      "import type { MenuRoute } from './fileTypes.ts';\n\nexport type { MenuRoute };",
      `${treeDecl}${tsLiteral(menu.map(toRoute), '', treeDecl.length)};`,
      `/** Resource name -> path of the page that shows it. */\n${routesDecl}${tsLiteral(resourceRoutes(menu, registry), '', routesDecl.length)};`,
    ].join('\n\n'),
  );
}
