/**
 * Calls of a signed-in user about their own session and account (user info, authority menu,
 * password, profile, log out) and the administrators' session calls (online users, forced
 * sign-out, adding a user to another tenant).
 */
import type { Row } from '../db/anyKysely.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/apiError.ts';
import { withPrincipal, type CallContext, type CallHandler } from '../calls/context.ts';
import { grantedButtons } from '../access/grants.ts';
import { ROLE_ADMIN, userRoleCodes } from '../access/principal.ts';
import { present } from '../crud/crudHandlers.ts';
import { assertUnique, hashSecrets } from '../crud/recordRules.ts';
import { insertRecord } from '../seed/provisionTenant.ts';
import { RawResult } from '../calls/context.ts';
import { revokeSession, revokeUserSessions } from './sessions.ts';
import { verifySecret } from './passwords.ts';

async function ownUser(ctx: CallContext): Promise<Row> {
  const { principal, data } = withPrincipal(ctx);
  const r = data.resource('SysUser');
  const row = (await data.select(r).selectAll().where('id', '=', principal.userId).executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound('The signed-in user no longer exists');
  return row;
}

/** GET /api/uaa/users/getSysUser */
export const getSysUser: CallHandler = async (ctx) => {
  const { principal, data } = withPrincipal(ctx);
  const row = await ownUser(ctx);
  const tenantR = data.resource('SysTenant');
  const tenant = (await data.select(tenantR).select('tenant_name').where('tenant_code', '=', principal.tenantCode).executeTakeFirst()) as Row | undefined;
  return {
    id: Number(row.id),
    username: row.username,
    nickname: row.nickname,
    avatar: row.avatar ?? '',
    roles: principal.allRoles,
    tenantCode: principal.tenantCode,
    tenantName: tenant?.tenant_name ?? principal.tenantCode,
    phone: row.mobile,
    mobile: row.mobile,
    prefix: row.prefix,
    email: row.email,
    orgId: row.org_id === null ? null : Number(row.org_id),
    geographic: { province: row.province_regioncode ?? '', city: row.city_regioncode ?? '' },
    address: row.address ?? '',
    profile: row.profile ?? '',
  };
};

export interface AuthorityNode {
  path: string;
  name: string;
  component: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta: { title: string; icon?: string; noCache?: boolean; affix?: boolean; roles?: string[]; menuName: string; activeMenu?: string };
  children?: AuthorityNode[];
}

/**
 * POST queryCurrentAuthority: the part of the tenant's menu tree the caller's roles are granted
 * (ROLE_ADMIN: every enabled menu), with ancestors of granted entries, and the held buttons.
 * postCode narrows the roles to those the user holds with that post. parentId (an organisation)
 * is accepted and does not change the answer: role grants are per user and post, not per org.
 */
export const currentAuthority: CallHandler = async (ctx) => {
  const { principal, data } = withPrincipal(ctx);
  const { registry } = ctx.services;
  let roles = principal.roles;
  const postCode = typeof ctx.query.postCode === 'string' && ctx.query.postCode ? ctx.query.postCode : undefined;
  if (postCode) {
    const link = data.resource('SysRoleUser');
    const role = data.resource('SysRole');
    const rows = (await data
      .select(link)
      .innerJoin(`${role.table} as r`, 'r.id', `${link.table}.role_id`)
      .select('r.role_code')
      .where('r.tenant_code', '=', principal.tenantCode)
      .where(`${link.table}.user_id`, '=', principal.userId)
      .where(`${link.table}.post_code`, '=', postCode)
      .execute()) as Row[];
    const postRoles = new Set(rows.map((r) => String(r.role_code)));
    roles = roles.filter((r) => postRoles.has(r));
  }
  const isAdmin = roles.includes(ROLE_ADMIN);
  const menuR = data.resource('SysMenu');
  const menus = (await data.select(menuR).selectAll().orderBy('menu_sequence', 'asc').orderBy('id', 'asc').execute()) as Row[];
  const enabled = menus.filter((m) => Number(m.menu_status ?? 1) === 1);
  let granted: Set<number>;
  if (isAdmin) {
    granted = new Set(enabled.map((m) => Number(m.id)));
  } else if (roles.length === 0) {
    granted = new Set();
  } else {
    const link = data.resource('SysRoleMenu');
    const role = data.resource('SysRole');
    const rows = (await data
      .select(link)
      .innerJoin(`${role.table} as r`, 'r.id', `${link.table}.role_id`)
      .select(`${link.table}.menu_id`)
      .where('r.tenant_code', '=', principal.tenantCode)
      .where('r.role_code', 'in', roles)
      .execute()) as Row[];
    granted = new Set(rows.map((r) => Number(r.menu_id)));
  }
  const byCode = new Map(enabled.map((m) => [String(m.menu_code), m]));
  const keep = new Set<string>();
  for (const m of enabled) {
    if (!granted.has(Number(m.id))) continue;
    // the entry and its ancestors; an ancestor that is disabled hides the entry
    const chain: string[] = [];
    let cur: Row | undefined = m;
    let ok = true;
    while (cur) {
      chain.push(String(cur.menu_code));
      const parent = String(cur.menu_parent ?? '0');
      if (parent === '0') break;
      cur = byCode.get(parent);
      if (!cur) ok = false;
    }
    if (ok) for (const c of chain) keep.add(c);
  }
  const toNode = (m: Row): AuthorityNode => {
    const roleList = String(m.menu_roles ?? '').split(',').filter(Boolean);
    const node: AuthorityNode = {
      path: String(m.menu_path),
      name: String(m.menu_code),
      component: String(m.menu_component ?? ''),
      meta: {
        title: String(m.menu_title || m.menu_name),
        menuName: String(m.menu_name),
        icon: m.menu_icon ? String(m.menu_icon) : undefined,
        noCache: m.menu_no_cache === true || m.menu_no_cache === 1,
        affix: m.menu_affix === true || m.menu_affix === 1,
        roles: roleList.length ? roleList : undefined,
      },
    };
    if (m.menu_redirect) node.redirect = String(m.menu_redirect);
    if (Number(m.menu_hidden) === 1) node.hidden = true;
    if (m.menu_always_show === true || m.menu_always_show === 1) node.alwaysShow = true;
    return node;
  };
  const build = (parent: string): AuthorityNode[] =>
    enabled
      .filter((m) => String(m.menu_parent ?? '0') === parent && keep.has(String(m.menu_code)))
      .map((m) => {
        const node = toNode(m);
        const children = build(String(m.menu_code));
        if (children.length) node.children = children;
        return node;
      });
  const buttons = await grantedButtons(ctx.services.database.db, registry, { ...principal, roles, isAdmin });
  return new RawResult({ status: 'ok', type: 'account', currentAuthority: roles, menu: build('0'), menuButton: buttons });
};

/** POST registerNewSession: the client's address and agent on the caller's session. */
export const registerNewSession: CallHandler = async (ctx) => {
  const { principal } = withPrincipal(ctx);
  await ctx.services.database.db
    .updateTable('sys_session')
    .set({ ip: ctx.request.ip, user_agent: String(ctx.request.headers['user-agent'] ?? '').slice(0, 500), last_seen_at: ctx.services.now().toISOString() })
    .where('jti', '=', principal.sessionId)
    .execute();
  return undefined;
};

/** PUT updatePassword {password, newPassword, id}: only one's own, with the old password. */
export const updatePassword: CallHandler = async (ctx) => {
  const { principal, data } = withPrincipal(ctx);
  const body = ctx.body as { password: string; newPassword: string; id: number };
  if (body.id !== principal.userId) throw forbidden('You can only change your own password');
  const row = await ownUser(ctx);
  if (!(await verifySecret(body.password, row.password))) {
    throw badRequest('The old password is incorrect', [{ field: 'password', message: 'is incorrect' }]);
  }
  const r = data.resource('SysUser');
  const hashed = await hashSecrets(r, { password: body.newPassword });
  await data.update(r).set({ password: hashed.password, update_time: data.dialect.toDb('datetime', ctx.services.now().toISOString()) }).where('id', '=', principal.userId).execute();
  return undefined;
};

/** PUT updateSysUserDetail: the caller's own details. */
export const updateDetail: CallHandler = async (ctx) => {
  const { principal, data } = withPrincipal(ctx);
  const r = data.resource('SysUser');
  const changes = ctx.body as Row;
  const saved = await data.transaction(async (tx) => {
    const existing = tx.toRecord(r, await ownUser({ ...ctx, data: tx }));
    await assertUnique(tx, r, { ...existing, ...changes }, principal.userId);
    const row = tx.toRow(r, changes);
    row.update_time = tx.dialect.toDb('datetime', ctx.services.now().toISOString());
    await tx.update(r).set(row).where('id', '=', principal.userId).execute();
    return (await tx.select(r).selectAll().where('id', '=', principal.userId).executeTakeFirst()) as Row;
  });
  return (await present(ctx, data, r, [saved]))[0];
};

/** POST /api/uaa/oauth/logout */
export const logout: CallHandler = async (ctx) => {
  const { principal } = withPrincipal(ctx);
  await revokeSession(ctx.services.database.db, principal.sessionId, 'logout', ctx.services.now());
  return undefined;
};

/** GET queryOnlineSysUser: live sessions of the tenant (the token id is never shown). */
export const online: CallHandler = async (ctx) => {
  const { principal } = withPrincipal(ctx);
  const rows = (await ctx.services.database.db
    .selectFrom('sys_session')
    .select(['id', 'username', 'ip', 'user_agent', 'client_code', 'issued_at', 'last_seen_at', 'expires_at'])
    .where('tenant_code', '=', principal.tenantCode)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', ctx.services.now().toISOString())
    .orderBy('issued_at', 'desc')
    .execute()) as Row[];
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v));
  const list = rows.map((r) => ({
    sessionId: Number(r.id),
    username: r.username,
    ip: r.ip,
    userAgent: r.user_agent,
    clientCode: r.client_code,
    issuedAt: iso(r.issued_at),
    lastSeenAt: iso(r.last_seen_at),
    expiresAt: iso(r.expires_at),
  }));
  return { list, pagination: { total: list.length, pageSize: list.length, current: 1 } };
};

/**
 * POST removePrincipal?username=: end every session of the user in the caller's tenant; their
 * next request gets 401 with 50012. Ending one's own sessions this way is refused: use log out.
 */
export const removePrincipal: CallHandler = async (ctx) => {
  const { principal } = withPrincipal(ctx);
  const username = String(ctx.query.username).trim();
  if (username === principal.username) throw badRequest('Use log out to end your own session');
  const count = await revokeUserSessions(ctx.services.database.db, principal.tenantCode, username, 'forced', ctx.services.now());
  return { removed: count };
};

/**
 * POST addSysTenantUser?tenantCode=&userId=: copy a user of the caller's tenant (with the same
 * password) into another tenant, under that tenant's top organisation and with no role. Allowed
 * to administrators of the platform tenant, and to administrators who hold ROLE_ADMIN under the
 * same username in the target tenant.
 */
export const addToTenant: CallHandler = async (ctx) => {
  const { principal, data } = withPrincipal(ctx);
  const target = String(ctx.query.tenantCode).trim();
  const userId = Number(ctx.query.userId);
  if (target === principal.tenantCode) throw badRequest('The user already belongs to this tenant');
  const tenantR = data.resource('SysTenant');
  const exists = await data.select(tenantR).select('id').where('tenant_code', '=', target).executeTakeFirst();
  if (!exists) throw notFound(`No tenant "${target}"`);
  const userR = data.resource('SysUser');
  const source = (await data.select(userR).selectAll().where('id', '=', userId).executeTakeFirst()) as Row | undefined;
  if (!source) throw notFound(`No SysUser with id ${userId}`);
  const other = data.forTenant(target);
  const platformAdmin = principal.isAdmin && principal.tenantCode === ctx.services.config.platformTenant;
  if (!platformAdmin) {
    const me = (await other.select(userR).select('id').where('username', '=', principal.username).executeTakeFirst()) as Row | undefined;
    const myRoles = me ? await userRoleCodes(ctx.services.database.db, ctx.services.registry, target, Number(me.id)) : [];
    if (!myRoles.includes(ROLE_ADMIN)) throw forbidden(`You are not an administrator of tenant "${target}"`);
  }
  const record = data.toRecord(userR, source);
  await assertUnique(other, userR, record).catch(() => {
    throw conflict(`User "${String(source.username)}" already exists in tenant "${target}"`);
  });
  const orgR = data.resource('SysOrg');
  const org = (await other.select(orgR).select('id').where('org_parent', '=', 0).orderBy('id').executeTakeFirst()) as Row | undefined;
  if (!org) throw badRequest(`Tenant "${target}" has no organisation to put the user in`);
  const { id: _id, tenantCode: _t, createTime: _c, updateTime: _u, ...fields } = record;
  const id = await other.transaction(async (tx) => {
    const newId = await insertRecord(tx, userR, { ...fields, orgId: Number(org.id) }, ctx.services.now());
    await tx.update(userR).set({ password: source.password }).where('id', '=', newId).execute();
    return newId;
  });
  return { id, tenantCode: target, username: source.username };
};
