/**
 * Who is calling: the bearer token is verified, its session must be live, the user must
 * exist and be enabled, and the roles are the user's current roles (narrowed by a RoleCode
 * header only when it names roles the user has).
 */
import type { FastifyRequest } from 'fastify';
import { sql, type CompiledQuery } from 'kysely';
import { SqlTemplate } from '../db/sqlTemplate.ts';
import type { CallDef, Registry } from '../../schemas/registry/types.ts';
import type { AnyKysely, Row } from '../db/anyKysely.ts';
import { TOKEN_ELSEWHERE, TOKEN_ILLEGAL, unauthorized } from '../http/apiError.ts';
import { touchSession, SESSION_TOUCH_INTERVAL_MS, TENANT_DELETED_REASON } from './sessions.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { TenantData } from './tenantData.ts';

export const ROLE_ADMIN = 'ROLE_ADMIN';

export interface Principal {
  userId: number;
  username: string;
  tenantCode: string;
  sessionId: string;
  clientCode: string;
  /** Roles that count for this request. */
  roles: string[];
  /** Every current role of the user. */
  allRoles: string[];
  /** The post in force (a PostCode header naming a post): only the roles granted with it or without a post count. */
  postCode?: string;
  isAdmin: boolean;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m?.[1];
}

/** Role codes named by a RoleCode header: "A,B", "A B" or a JSON array. */
function parseRoleHeader(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  const text = Array.isArray(value) ? value.join(',') : value;
  return text
    .split(/[\s,;[\]"]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The post a PostCode header names (the console's post switch), if any. */
function parsePostHeader(value: string | string[] | undefined): string | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text.slice(0, 64) : undefined;
}

/** Current role codes of a user in the store's tenant. */
export async function userRoleCodes(data: TenantData, userId: number): Promise<string[]> {
  const role = data.resource('SysRole');
  const link = data.resource('SysRoleUser');
  const rows = (await data
    .select(role)
    .select(`${role.table}.role_code`)
    .distinct()
    .where(`${role.table}.id`, 'in', data.select(link).select(`${link.table}.role_id`).where(`${link.table}.user_id`, '=', userId))
    .execute()) as Row[];
  return rows.map((r) => String(r.role_code)).sort();
}

/**
 * The grants of the call being made, read by `authenticate` in the same query as the session,
 * the user and the roles. They belong to one request (its RequestAccess) and are never shared
 * between requests.
 */
export interface RequestGrants {
  /** The roles the grants were read for (the principal's roles for this request). */
  roles: string[];
  url: string | null;
  urlGranted: boolean;
  button: string | null;
  buttonGranted: boolean;
  menu: string | null;
  /** Fields of `menu` hidden from the principal's roles. */
  hidden: Set<string>;
}

/** Who is calling, and the grants of the call read with it. */
export interface Authenticated {
  principal: Principal;
  grants: RequestGrants;
}

/** What the access layer needs to know about the call being made, to read its grants at once. */
export interface CallGrantKeys {
  url: string | null;
  button: string | null;
  menu: string | null;
}

function grantKeysOf(request: FastifyRequest, registry: Registry): CallGrantKeys {
  const call = (request.routeOptions?.config as { call?: CallDef } | undefined)?.call;
  if (!call) return { url: null, button: null, menu: null };
  return { url: call.url, button: call.permission ?? null, menu: registry.byName.get(call.resource)?.menu ?? null };
}

const truthy = (v: unknown) => v === 1 || v === true || v === '1';

/**
 * One round trip per request: the session (revocation), the user (existence, status), the
 * user's current roles and, per role, whether it holds the call's URL and button and which
 * fields the call's menu hides from it. Everything is read from the database on every
 * request: nothing is cached between requests, so a revoked session, a removed role or a
 * removed grant holds from the next request on, in every process.
 */
interface PrincipalValues extends Record<string, unknown> {
  jti: string;
  tenantCode: string;
  userId: number;
  url: string | null;
  button: string | null;
  menu: string | null;
}

const principalQuery = new SqlTemplate<PrincipalValues, Registry>((db, v, registry) => {
  const { tenantCode } = v;
  const t = (name: string) => sql.raw(registry.byName.get(name)!.table);
  const urlOk =
    v.url === null
      ? sql`0`
      : sql`case when exists (select 1 from ${t('SysRoleUrl')} x inner join ${t('SysUrl')} y on y.id = x.url_id
        where x.role_id = r.id and x.tenant_code = ${tenantCode} and y.tenant_code = ${tenantCode} and y.url = ${v.url}) then 1 else 0 end`;
  const buttonOk =
    v.button === null
      ? sql`0`
      : sql`case when exists (select 1 from ${t('SysRoleMenuButton')} b
        where b.tenant_code = ${tenantCode} and b.role_code = r.role_code and b.button_code = ${v.button}) then 1 else 0 end`;
  const dataFields =
    v.menu === null
      ? sql`null`
      : sql`(select d.data_fields from ${t('SysRoleData')} d
        where d.tenant_code = ${tenantCode} and d.role_code = r.role_code and d.menu_code = ${v.menu})`;
  return sql<Row>`select s.tenant_code as s_tenant_code, s.user_id as s_user_id, s.last_seen_at as s_last_seen_at,
      s.revoked_at as s_revoked_at, s.revoked_reason as s_revoked_reason,
      u.username as u_username, u.status as u_status,
      r.role_code as role_code, ru.post_code as post_code, ${urlOk} as url_ok, ${buttonOk} as button_ok, ${dataFields} as data_fields
    from sys_session s
    left join ${t('SysUser')} u on u.tenant_code = ${tenantCode} and u.id = ${v.userId}
    left join ${t('SysRoleUser')} ru on ru.tenant_code = ${tenantCode} and ru.user_id = ${v.userId}
    left join ${t('SysRole')} r on r.id = ru.role_id and r.tenant_code = ${tenantCode}
    where s.jti = ${v.jti}`.compile(db);
});

/**
 * One round trip per request: the session (revocation), the user (existence, status), the
 * user's current roles and, per role, whether it holds the call's URL and button and which
 * fields the call's menu hides from it. Everything is read from the database on every
 * request: nothing is cached between requests, so a revoked session, a removed role or a
 * removed grant holds from the next request on, in every process. (Only the SQL text is
 * kept, one per shape: with or without a URL, a button and a menu.)
 */
function readPrincipal(
  db: AnyKysely,
  registry: Registry,
  jti: string,
  tenantCode: string,
  userId: number,
  keys: CallGrantKeys,
): Promise<Row[]> {
  return principalQuery.execute(db, shapeOf(keys), { jti, tenantCode, userId, ...keys }, registry);
}

function shapeOf(keys: CallGrantKeys): string {
  // the registry (table names) is one per server: its database handle tells them apart
  return `${keys.url === null ? 0 : 1}${keys.button === null ? 0 : 1}${keys.menu === null ? 0 : 1}`;
}

/** The access query as a request runs it (for reading its plan in the tests). */
export function principalStatement(
  db: AnyKysely,
  registry: Registry,
  jti: string,
  tenantCode: string,
  userId: number,
  keys: CallGrantKeys,
): CompiledQuery<Row> {
  return principalQuery.statement(db, shapeOf(keys), { jti, tenantCode, userId, ...keys }, registry);
}

function isoOrNull(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  return v instanceof Date ? v.toISOString() : String(v);
}

export async function authenticate(
  request: FastifyRequest,
  db: AnyKysely,
  registry: Registry,
  tokens: TokenService,
  now = new Date(),
): Promise<Authenticated> {
  const token = bearerToken(request);
  if (!token) throw unauthorized(TOKEN_ILLEGAL, 'Not signed in: the request has no token');
  const claims = tokens.verify(token);
  const keys = grantKeysOf(request, registry);
  const rows = await readPrincipal(db, registry, claims.jti, claims.tenantCode, claims.sub, keys);
  const session = rows[0];
  if (!session || String(session.s_tenant_code) !== claims.tenantCode || Number(session.s_user_id) !== claims.sub) {
    throw unauthorized(TOKEN_ILLEGAL, 'Illegal token, please sign in again');
  }
  if (session.s_revoked_at !== null && session.s_revoked_at !== undefined) {
    if (session.s_revoked_reason === 'forced') throw unauthorized(TOKEN_ELSEWHERE, 'You have been signed out by an administrator');
    if (session.s_revoked_reason === TENANT_DELETED_REASON)
      throw unauthorized(TOKEN_ILLEGAL, 'Your tenant has been deleted: ask the platform administrator');
    throw unauthorized(TOKEN_ILLEGAL, 'You have signed out, please sign in again');
  }
  if (session.u_username === null || session.u_username === undefined || session.u_username !== claims.username) {
    throw unauthorized(TOKEN_ILLEGAL, 'The account no longer exists');
  }
  if (Number(session.u_status) === 0) throw unauthorized(TOKEN_ILLEGAL, 'The account is disabled');
  const perRole = new Map<string, { url: boolean; button: boolean; dataFields: string[] }>();
  const postCode = parsePostHeader(request.headers.postcode);
  const ofPost = new Set<string>();
  for (const row of rows) {
    if (row.role_code === null || row.role_code === undefined) continue;
    const code = String(row.role_code);
    const post = row.post_code === null || row.post_code === undefined ? '' : String(row.post_code);
    if (postCode !== undefined && (post === '' || post === postCode)) ofPost.add(code);
    if (perRole.has(code)) continue;
    const entry = { url: false, button: false, dataFields: [] as string[] };
    entry.url ||= truthy(row.url_ok);
    entry.button ||= truthy(row.button_ok);
    if (row.data_fields !== null && row.data_fields !== undefined) entry.dataFields.push(String(row.data_fields));
    perRole.set(code, entry);
  }
  const allRoles = [...perRole.keys()].sort();
  // the post in force: the roles granted with it or without a post (none: no role counts)
  const inForce = postCode === undefined ? allRoles : allRoles.filter((r) => ofPost.has(r));
  const asked = parseRoleHeader(request.headers.rolecode).filter((r) => inForce.includes(r));
  const roles = asked.length ? asked : inForce;
  const lastSeenAt = isoOrNull(session.s_last_seen_at);
  if (!lastSeenAt || now.getTime() - Date.parse(lastSeenAt) > SESSION_TOUCH_INTERVAL_MS) {
    await touchSession(db, claims.jti, now);
  }
  const principal: Principal = {
    userId: claims.sub,
    username: claims.username,
    tenantCode: claims.tenantCode,
    sessionId: claims.jti,
    clientCode: claims.clientCode,
    roles,
    allRoles,
    isAdmin: roles.includes(ROLE_ADMIN),
  };
  if (postCode !== undefined) principal.postCode = postCode;
  const hidden = new Set<string>();
  for (const code of roles) {
    for (const text of perRole.get(code)!.dataFields) for (const f of text.split(',')) if (f.trim()) hidden.add(f.trim());
  }
  const grants: RequestGrants = {
    roles: [...roles],
    url: keys.url,
    urlGranted: roles.some((code) => perRole.get(code)!.url),
    button: keys.button,
    buttonGranted: roles.some((code) => perRole.get(code)!.button),
    menu: keys.menu,
    hidden,
  };
  return { principal, grants };
}
