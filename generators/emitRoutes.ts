/**
 * routes.ts: the route and menu tree of schemas/menu.json as a typed constant.
 */
import type { MenuRoute } from '../runtime/generated/fileTypes.ts';
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

/** Generate routes.ts. */
export function emitRoutes(menu: MenuRoute[]): string {
  const treeDecl = 'export const menuTree: readonly MenuRoute[] = ';
  return generatedFile(
    [
      "import type { MenuRoute } from './fileTypes.ts';\n\nexport type { MenuRoute };",
      `${treeDecl}${tsLiteral(menu.map(toRoute), '', treeDecl.length)};`,
    ].join('\n\n'),
  );
}
