/**
 * What every tenant starts with, and the additive sync run at each start: roles, the menu
 * tree of schemas/menu.json, buttons from the resource files' actions, one URL row per call,
 * the role grants of the spec's role rules, the dictionaries of the locale files and the
 * `browser` app client.
 */
import type { Registry, Resource } from '../../schemas/registry/types.ts';
import { getMessage, messageKeys, type Messages } from '../../schemas/registry/locales.ts';
import type { MenuRoute } from '../../runtime/generated/fileTypes.ts';
import type { TenantData } from '../access/tenantData.ts';
import type { Row } from '../db/anyKysely.ts';
import { hashSecrets } from '../crud/recordRules.ts';

const ROLES = [
  { roleCode: 'ROLE_ADMIN', roleName: 'Administrator', roleDescription: 'Every menu, button and call' },
  { roleCode: 'ROLE_EDITOR', roleName: 'Editor', roleDescription: 'Everything except the permission demo and permission management' },
  { roleCode: 'ROLE_VISITOR', roleName: 'Visitor', roleDescription: 'The home page only' },
] as const;

/** Menu codes a visitor is granted: the home page, its container and the user's own notifications. */
const VISITOR_MENUS = new Set(['home', 'workbench', 'dashboard', 'mynotification']);
/** Menu subtrees an editor is not granted (the spec: editors see all but /permission). */
export const EDITOR_DENIED_MENU_PATHS = ['/permission'];
/** Buttons an editor does not hold: deleting users, permission management, tenants and app clients. */
const EDITOR_DENIED_BUTTONS = [
  /^sysuser:(delete|grantRole|addToTenant|removePrincipal|unlock)$/,
  /^sysrole:(delete|authorize|assignUser)$/,
  /^sysurl:(add|update|delete|authorize)$/,
  /^datapermission:/,
  /^systenant:/,
  /^appclient:(add|update|delete)$/,
];
/**
 * The buttons the seed grants ROLE_EDITOR, with the calls that need them: every button of a
 * resource file's actions but the permission management ones (EDITOR_DENIED_BUTTONS) and, unless
 * the action says `"grantEditor": true`, a delete action's; an action saying `"grantEditor": false`
 * is not granted either. A code no action declares is granted.
 */
export function editorGrants(registry: Registry): (buttonCode: string) => boolean {
  const byCode = new Map<string, boolean>();
  for (const a of registry.resources.flatMap((r) => r.actions)) {
    const granted = a.grantEditor ?? a.name !== 'delete';
    byCode.set(a.permission, (byCode.get(a.permission) ?? false) || granted);
  }
  return (code) => !EDITOR_DENIED_BUTTONS.some((re) => re.test(code)) && (byCode.get(code) ?? true);
}
/** Fields of the users page an editor does not see (a data permission): optional ones, so an editor can still add users. */
export const EDITOR_HIDDEN_USER_FIELDS = 'address,profile';

export const BROWSER_CLIENT = {
  clientCode: 'browser',
  authType: 'password,mobile,refresh_token',
  authScope: 'ui',
  tokenSeconds: 7200,
  refreshSeconds: 604800,
  fallbackUrl: 'http://localhost:8080/',
  clientDescription: 'The console in the browser',
};

export interface SeedContext {
  registry: Registry;
  menu: MenuRoute[];
  en: Messages;
  now: Date;
}

function res(ctx: SeedContext, name: string): Resource {
  const r = ctx.registry.byName.get(name);
  if (!r) throw new Error(`The seed needs resource ${name}`);
  return r;
}

/** Insert a record (API field names) with timestamps; hashed fields are hashed. Returns the id. */
export async function insertRecord(data: TenantData, r: Resource, record: Row, now: Date): Promise<number> {
  return data.insert(r, await recordRow(data, r, record, now));
}

/** The columns of a new record (secrets hashed, created and updated `now`). */
export async function recordRow(data: TenantData, r: Resource, record: Row, now: Date): Promise<Row> {
  const row = data.toRow(r, await hashSecrets(r, record));
  row.create_time = data.dialect.toDb('datetime', now.toISOString());
  row.update_time = row.create_time;
  return row;
}

async function existing(data: TenantData, r: Resource, field: string): Promise<Map<string, number>> {
  const col = r.fieldMap.get(field)!.column;
  const rows = (await data.select(r).select(['id', col]).execute()) as Row[];
  return new Map(rows.map((x) => [String(x[col]), Number(x.id)]));
}

interface FlatMenu {
  node: MenuRoute;
  parent: string;
  sequence: number;
  ancestors: MenuRoute[];
}

function flattenMenu(nodes: MenuRoute[], parent = '0', ancestors: MenuRoute[] = []): FlatMenu[] {
  const out: FlatMenu[] = [];
  nodes.forEach((node, i) => {
    out.push({ node, parent, sequence: (i + 1) * 10, ancestors });
    if (node.children?.length) out.push(...flattenMenu(node.children, node.code, [...ancestors, node]));
  });
  return out;
}

function fullPath(f: FlatMenu): string {
  return [...f.ancestors, f.node]
    .map((n) => n.path)
    .join('/')
    .replace(/\/+/g, '/');
}

/** Dictionary types and values from the locale keys dict.<type>.<value>. */
function dictionaries(en: Messages): Map<string, { value: string; name: string }[]> {
  const out = new Map<string, { value: string; name: string }[]>();
  for (const key of messageKeys(en)) {
    const m = /^dict\.([^.]+)\.([^.]+)$/.exec(key);
    if (!m) continue;
    const list = out.get(m[1]!) ?? [];
    list.push({ value: m[2]!, name: getMessage(en, key)! });
    out.set(m[1]!, list);
  }
  return out;
}

/**
 * Dictionaries whose type the tenant lacks: one root per type (dictType "root", dictValue =
 * the type), its values under it. A type the tenant has is left as it is.
 */
async function syncDictionaries(data: TenantData, ctx: SeedContext): Promise<void> {
  const dictR = res(ctx, 'SysDict');
  const type = dictR.fieldMap.get('dictType')!.column;
  const value = dictR.fieldMap.get('dictValue')!.column;
  const roots = new Set(
    ((await data.select(dictR).select(value).where(`${dictR.table}.${type}`, '=', 'root').execute()) as Row[]).map((x) => String(x[value])),
  );
  let seq = 0;
  for (const [dictType, values] of dictionaries(ctx.en)) {
    seq += 10;
    if (roots.has(dictType)) continue;
    const rootId = await insertRecord(
      data,
      dictR,
      {
        dictType: 'root',
        dictValue: dictType,
        dictName: getMessage(ctx.en, `dictTypes.${dictType}`) ?? dictType,
        dictParent: 0,
        dictSequence: seq,
      },
      ctx.now,
    );
    let i = 0;
    for (const v of values) {
      await insertRecord(
        data,
        dictR,
        { dictType, dictValue: v.value, dictName: v.name, dictParent: rootId, dictSequence: (i += 10) },
        ctx.now,
      );
    }
  }
}

/** Add what is missing (by code) of roles, menus, buttons, URLs and dictionaries. Existing rows are left alone. */
export async function syncTenant(data: TenantData, ctx: SeedContext): Promise<void> {
  const roleR = res(ctx, 'SysRole');
  const roles = await existing(data, roleR, 'roleCode');
  for (const role of ROLES) {
    if (!roles.has(role.roleCode)) roles.set(role.roleCode, await insertRecord(data, roleR, { ...role }, ctx.now));
  }

  const menuR = res(ctx, 'SysMenu');
  const menus = await existing(data, menuR, 'menuCode');
  const newMenus: FlatMenu[] = [];
  for (const f of flattenMenu(ctx.menu)) {
    if (menus.has(f.node.code)) continue;
    const n = f.node;
    const id = await insertRecord(
      data,
      menuR,
      {
        menuCode: n.code,
        menuName: getMessage(ctx.en, n.title) ?? n.name,
        menuTitle: n.title,
        menuIcon: n.icon,
        // an external link's path is its URL; an iframe page keeps its route (the framed URL is a tenant parameter, docs/monitoring.md)
        menuPath: n.component === 'iframe' ? n.path : (n.externalUrl ?? n.path),
        menuComponent: n.component,
        menuSequence: f.sequence,
        menuParent: f.parent,
        menuStatus: 1,
        menuHidden: n.hidden ? 1 : 0,
        menuRedirect: n.redirect,
        menuNoCache: n.noCache ?? false,
        menuAffix: n.affix ?? false,
        menuAlwaysShow: n.alwaysShow ?? false,
        menuRoles: n.roles?.join(','),
      },
      ctx.now,
    );
    menus.set(n.code, id);
    newMenus.push(f);
  }

  const buttonR = res(ctx, 'SysMenuButton');
  const buttons = await existing(data, buttonR, 'buttonCode');
  const newButtons: string[] = [];
  // A button belongs to the menu its code names (`sysuser:online`), even when another page's
  // resource shares it (the online users page runs the users page's calls): those come first.
  const actions = ctx.registry.resources
    .filter((r) => r.menu && menus.has(r.menu))
    .flatMap((r) => r.actions.map((a) => ({ r, a, own: a.permission.startsWith(`${r.menu}:`) })))
    .sort((x, y) => Number(y.own) - Number(x.own));
  for (const { r, a } of actions) {
    if (buttons.has(a.permission)) continue;
    const name = a.label ? (getMessage(ctx.en, a.label) ?? a.name) : a.name;
    buttons.set(a.permission, await insertRecord(data, buttonR, { menuCode: r.menu, buttonCode: a.permission, buttonName: name }, ctx.now));
    newButtons.push(a.permission);
  }

  const urlR = res(ctx, 'SysUrl');
  const urls = await existing(data, urlR, 'url');
  const newUrls: { id: number; url: string; permission?: string; resource: string; verb: string }[] = [];
  for (const c of ctx.registry.calls) {
    if (c.auth !== 'grant' || urls.has(c.url)) continue;
    const id = await insertRecord(data, urlR, { url: c.url, description: c.description, method: c.method }, ctx.now);
    urls.set(c.url, id);
    newUrls.push({ id, url: c.url, permission: c.permission, resource: c.resource, verb: c.verb });
  }

  // Grants for what was just added, by the role rules.
  const roleMenuR = res(ctx, 'SysRoleMenu');
  const roleButtonR = res(ctx, 'SysRoleMenuButton');
  const roleUrlR = res(ctx, 'SysRoleUrl');
  const adminId = roles.get('ROLE_ADMIN')!;
  const editorId = roles.get('ROLE_EDITOR')!;
  const visitorId = roles.get('ROLE_VISITOR')!;
  for (const f of newMenus) {
    const menuId = menus.get(f.node.code)!;
    await insertRecord(data, roleMenuR, { roleId: adminId, menuId }, ctx.now);
    const path = fullPath(f);
    if (!EDITOR_DENIED_MENU_PATHS.some((p) => path === p || path.startsWith(p + '/'))) {
      await insertRecord(data, roleMenuR, { roleId: editorId, menuId }, ctx.now);
    }
    if (VISITOR_MENUS.has(f.node.code) || (f.node.path === '/' && f.parent === '0')) {
      await insertRecord(data, roleMenuR, { roleId: visitorId, menuId }, ctx.now);
    }
  }
  const editorHolds = editorGrants(ctx.registry);
  for (const code of newButtons) {
    await insertRecord(data, roleButtonR, { roleCode: 'ROLE_ADMIN', buttonCode: code }, ctx.now);
    if (editorHolds(code)) await insertRecord(data, roleButtonR, { roleCode: 'ROLE_EDITOR', buttonCode: code }, ctx.now);
  }
  for (const u of newUrls) {
    await insertRecord(data, roleUrlR, { roleId: adminId, urlId: u.id }, ctx.now);
    if (u.permission && !editorHolds(u.permission)) continue;
    if (u.resource === 'SysTenant' && u.verb !== 'query') continue;
    await insertRecord(data, roleUrlR, { roleId: editorId, urlId: u.id }, ctx.now);
  }

  await syncDictionaries(data, ctx);
}
