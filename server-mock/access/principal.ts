/**
 * Who is calling: the bearer token is verified, its session must be live, the user must
 * exist and be enabled, and the roles are the user's current roles (narrowed by a RoleCode
 * header only when it names roles the user has).
 */
import type { FastifyRequest } from 'fastify';
import type { Registry } from '../../schemas/registry/types.ts';
import type { AnyKysely, Row } from '../db/anyKysely.ts';
import { TOKEN_ELSEWHERE, TOKEN_ILLEGAL, unauthorized } from '../http/apiError.ts';
import { findSession, touchSession, SESSION_TOUCH_INTERVAL_MS } from '../auth/sessions.ts';
import type { TokenService } from '../auth/tokens.ts';

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
  isAdmin: boolean;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m?.[1];
}

/** Role codes named by a RoleCode header: "A,B", "A B" or a JSON array. */
export function parseRoleHeader(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  const text = Array.isArray(value) ? value.join(',') : value;
  return text
    .split(/[\s,;[\]"]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Current role codes of a user in a tenant. */
export async function userRoleCodes(db: AnyKysely, registry: Registry, tenantCode: string, userId: number): Promise<string[]> {
  const role = registry.byName.get('SysRole')!;
  const link = registry.byName.get('SysRoleUser')!;
  const rows = (await db
    .selectFrom(`${link.table} as ru`)
    .innerJoin(`${role.table} as r`, 'r.id', 'ru.role_id')
    .select('r.role_code')
    .distinct()
    .where('ru.tenant_code', '=', tenantCode)
    .where('r.tenant_code', '=', tenantCode)
    .where('ru.user_id', '=', userId)
    .execute()) as Row[];
  return rows.map((r) => String(r.role_code)).sort();
}

export async function authenticate(
  request: FastifyRequest,
  db: AnyKysely,
  registry: Registry,
  tokens: TokenService,
  now = new Date(),
): Promise<Principal> {
  const token = bearerToken(request);
  if (!token) throw unauthorized(TOKEN_ILLEGAL, 'Not signed in: the request has no token');
  const claims = tokens.verify(token);
  const session = await findSession(db, claims.jti);
  if (!session || session.tenantCode !== claims.tenantCode || session.userId !== claims.sub) {
    throw unauthorized(TOKEN_ILLEGAL, 'Illegal token, please sign in again');
  }
  if (session.revokedAt) {
    if (session.revokedReason === 'forced') throw unauthorized(TOKEN_ELSEWHERE, 'You have been signed out by an administrator');
    if (session.revokedReason === 'password') throw unauthorized(TOKEN_ILLEGAL, 'The password was changed, please sign in again');
    throw unauthorized(TOKEN_ILLEGAL, 'You have signed out, please sign in again');
  }
  const userRes = registry.byName.get('SysUser')!;
  const user = (await db
    .selectFrom(userRes.table)
    .select(['id', 'username', 'status'])
    .where('tenant_code', '=', claims.tenantCode)
    .where('id', '=', claims.sub)
    .executeTakeFirst()) as Row | undefined;
  if (!user || user.username !== claims.username) throw unauthorized(TOKEN_ILLEGAL, 'The account no longer exists');
  if (Number(user.status) === 0) throw unauthorized(TOKEN_ILLEGAL, 'The account is disabled');
  const allRoles = await userRoleCodes(db, registry, claims.tenantCode, claims.sub);
  const asked = parseRoleHeader(request.headers.rolecode).filter((r) => allRoles.includes(r));
  const roles = asked.length ? asked : allRoles;
  if (!session.lastSeenAt || now.getTime() - Date.parse(session.lastSeenAt) > SESSION_TOUCH_INTERVAL_MS) {
    await touchSession(db, session.jti, now);
  }
  return {
    userId: claims.sub,
    username: claims.username,
    tenantCode: claims.tenantCode,
    sessionId: claims.jti,
    clientCode: claims.clientCode,
    roles,
    allRoles,
    isAdmin: roles.includes(ROLE_ADMIN),
  };
}
