/**
 * POST /api/account/sysuserdetail/queryCurrentAuthority: the caller's roles, the part of the
 * tenant's menu tree those roles are granted, and the buttons they hold, as the platform
 * answers it (no envelope): {status: "ok", type: "account", currentAuthority, menu, menuButton, dataFields}.
 *
 * - Roles: the caller's roles for this request (a RoleCode header may narrow them). The
 *   `username` and `userId` parameters are accepted and ignored: the answer is always the
 *   caller's own.
 * - `postCode` narrows the roles to those the user was granted with that post, plus those
 *   granted without any post (they hold for every post).
 * - `parentId` (an organisation) is accepted and ignored: role grants belong to users and
 *   posts, so an organisation narrows nothing itself (it limits the posts the header's switch
 *   offers: queryCurrentPost). A PostCode header (the post in force) narrows the roles as
 *   `postCode` does (access/principal.ts).
 * - Menu: ROLE_ADMIN gets every enabled menu; other roles the menus granted to them in
 *   sys_role_menu, each with its ancestors. Disabled menus are left out, and so is everything
 *   under a disabled menu. Siblings are sorted by sequence (then id).
 * - dataFields: per menu code, the fields the roles' data permissions hide (the server leaves
 *   them out of every answer and refuses writes naming them; the console hides their columns
 *   and inputs). Menus that hide nothing are not listed; ROLE_ADMIN sees every field.
 */
import type { Row } from '../db/anyKysely.ts';
import { RawResult, withPrincipal, type CallHandler } from '../calls/context.ts';
import type { TenantData } from '../access/tenantData.ts';
import { ROLE_ADMIN, type Principal } from '../access/principal.ts';

const ROOT = '0';

interface AuthorityNode {
  path: string;
  name: string;
  component: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta: { title: string; menuName: string; icon?: string; noCache: boolean; affix: boolean; roles?: string[] };
  children?: AuthorityNode[];
}

const flag = (v: unknown) => v === true || v === 1 || v === '1';

/** Roles the user holds with the post, or without any post. */
async function rolesForPost(data: TenantData, principal: Principal, postCode: string): Promise<Set<string>> {
  const link = data.resource('SysRoleUser');
  const role = data.resource('SysRole');
  const held = data
    .select(link)
    .select(`${link.table}.role_id`)
    .where(`${link.table}.user_id`, '=', principal.userId)
    .where((eb) =>
      eb.or([
        eb(`${link.table}.post_code`, '=', postCode),
        eb(`${link.table}.post_code`, 'is', null),
        eb(`${link.table}.post_code`, '=', ''),
      ]),
    );
  const rows = (await data.select(role).select(`${role.table}.role_code`).where(`${role.table}.id`, 'in', held).execute()) as Row[];
  return new Set(rows.map((r) => String(r.role_code)));
}

/** Ids of the menus granted to any of the roles. */
async function grantedMenuIds(data: TenantData, roles: string[]): Promise<Set<number>> {
  if (roles.length === 0) return new Set();
  const link = data.resource('SysRoleMenu');
  const role = data.resource('SysRole');
  const roleIds = data.select(role).select(`${role.table}.id`).where(`${role.table}.role_code`, 'in', roles);
  const rows = (await data.select(link).select(`${link.table}.menu_id`).where(`${link.table}.role_id`, 'in', roleIds).execute()) as Row[];
  return new Set(rows.map((r) => Number(r.menu_id)));
}

function toNode(m: Row): AuthorityNode {
  const roles = String(m.menu_roles ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const node: AuthorityNode = {
    path: String(m.menu_path ?? ''),
    name: String(m.menu_code),
    component: String(m.menu_component ?? ''),
    meta: {
      title: String(m.menu_title || m.menu_name),
      menuName: String(m.menu_name),
      noCache: flag(m.menu_no_cache),
      affix: flag(m.menu_affix),
    },
  };
  if (m.menu_icon) node.meta.icon = String(m.menu_icon);
  if (roles.length) node.meta.roles = roles;
  if (m.menu_redirect) node.redirect = String(m.menu_redirect);
  if (flag(m.menu_hidden)) node.hidden = true;
  if (flag(m.menu_always_show)) node.alwaysShow = true;
  return node;
}

/** The tree of the enabled menus that are granted or are ancestors of granted ones. */
function authorityTree(menus: Row[], granted: (m: Row) => boolean): AuthorityNode[] {
  const enabled = menus.filter((m) => Number(m.menu_status ?? 1) === 1);
  const byCode = new Map(enabled.map((m) => [String(m.menu_code), m]));
  const keep = new Set<string>();
  for (const m of enabled) {
    if (!granted(m)) continue;
    const chain: string[] = [];
    let cur: Row | undefined = m;
    let reachable = true;
    for (let depth = 0; cur && depth < 100; depth++) {
      chain.push(String(cur.menu_code));
      const parent = String(cur.menu_parent ?? ROOT);
      if (parent === ROOT || parent === '') break;
      cur = byCode.get(parent);
      // a disabled (or missing) ancestor hides the entry
      if (!cur) reachable = false;
    }
    if (reachable) for (const c of chain) keep.add(c);
  }
  const children = new Map<string, Row[]>();
  for (const m of enabled) {
    if (!keep.has(String(m.menu_code))) continue;
    const parent = String(m.menu_parent ?? ROOT) || ROOT;
    const list = children.get(parent) ?? [];
    list.push(m);
    children.set(parent, list);
  }
  const bySequence = (a: Row, b: Row) => Number(a.menu_sequence ?? 0) - Number(b.menu_sequence ?? 0) || Number(a.id) - Number(b.id);
  const build = (parent: string, depth: number): AuthorityNode[] =>
    depth > 100
      ? []
      : (children.get(parent) ?? []).sort(bySequence).map((m) => {
          const node = toNode(m);
          const kids = build(String(m.menu_code), depth + 1);
          if (kids.length) node.children = kids;
          return node;
        });
  return build(ROOT, 0);
}

export const currentAuthority: CallHandler = async (ctx) => {
  const { principal, data, access } = withPrincipal(ctx);
  let roles = principal.roles;
  const postCode = typeof ctx.query.postCode === 'string' ? ctx.query.postCode.trim() : '';
  if (postCode) {
    const held = await rolesForPost(data, principal, postCode);
    roles = roles.filter((r) => held.has(r));
  }
  const isAdmin = roles.includes(ROLE_ADMIN);
  const menus = (await data.select(data.resource('SysMenu')).selectAll().execute()) as Row[];
  const ids = isAdmin ? undefined : await grantedMenuIds(data, roles);
  const menu = authorityTree(menus, (m) => !ids || ids.has(Number(m.id)));
  const narrowed = { ...principal, roles, isAdmin };
  const menuButton = await access.grantedButtons(narrowed);
  const hidden = await access.hiddenFieldsByMenu(narrowed);
  const dataFields = Object.fromEntries(
    [...hidden].sort(([a], [b]) => a.localeCompare(b)).map(([menuCode, fields]) => [menuCode, [...fields].sort()]),
  );
  return new RawResult({ status: 'ok', type: 'account', currentAuthority: roles, menu, menuButton, dataFields });
};
