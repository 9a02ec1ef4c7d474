/**
 * Sessions: one row per issued token. Revocation (logout, forced sign-out) marks the row,
 * so it holds for every server process on the same database.
 */
import type { Row } from '../db/anyKysely.ts';
import type { SystemDb } from './systemTables.ts';

export interface SessionRow {
  /** row id: a non-secret name of the session (the jti is part of the token and never shown) */
  id: number;
  jti: string;
  tenantCode: string;
  userId: number;
  username: string;
  clientCode: string;
  ip: string;
  userAgent: string;
  issuedAt: string;
  expiresAt: string;
  lastSeenAt: string | null;
  revokedAt: string | null;
  revokedReason: string | null;
}

/** The revocation reason of the sessions of a deleted tenant (its users are told so). */
export const TENANT_DELETED_REASON = 'tenant-deleted';

/** How often (ms) a session's last-seen time is written. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

function toIso(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  return v instanceof Date ? v.toISOString() : String(v);
}

function fromRow(r: Row): SessionRow {
  return {
    id: Number(r.id),
    jti: String(r.jti),
    tenantCode: String(r.tenant_code),
    userId: Number(r.user_id),
    username: String(r.username),
    clientCode: String(r.client_code ?? ''),
    ip: String(r.ip ?? ''),
    userAgent: String(r.user_agent ?? ''),
    issuedAt: toIso(r.issued_at)!,
    expiresAt: toIso(r.expires_at)!,
    lastSeenAt: toIso(r.last_seen_at),
    revokedAt: toIso(r.revoked_at),
    revokedReason: r.revoked_reason === null || r.revoked_reason === undefined ? null : String(r.revoked_reason),
  };
}

export async function createSession(db: SystemDb, s: Omit<SessionRow, 'id' | 'lastSeenAt' | 'revokedAt' | 'revokedReason'>): Promise<void> {
  await db
    .insertInto('sys_session')
    .values({
      jti: s.jti,
      tenant_code: s.tenantCode,
      user_id: s.userId,
      username: s.username,
      client_code: s.clientCode,
      ip: s.ip,
      user_agent: s.userAgent.slice(0, 500),
      issued_at: s.issuedAt,
      expires_at: s.expiresAt,
      last_seen_at: s.issuedAt,
    })
    .execute();
}

export async function touchSession(db: SystemDb, jti: string, now: Date): Promise<void> {
  await db.updateTable('sys_session').set({ last_seen_at: now.toISOString() }).where('jti', '=', jti).execute();
}

export async function revokeSession(db: SystemDb, jti: string, reason: string, now = new Date()): Promise<void> {
  await db
    .updateTable('sys_session')
    .set({ revoked_at: now.toISOString(), revoked_reason: reason })
    .where('jti', '=', jti)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revoke every live session of a user in a tenant (but `exceptJti`); returns how many were revoked. */
export async function revokeUserSessions(
  db: SystemDb,
  tenantCode: string,
  username: string,
  reason: string,
  now = new Date(),
  exceptJti?: string,
): Promise<number> {
  let q = db
    .updateTable('sys_session')
    .set({ revoked_at: now.toISOString(), revoked_reason: reason })
    .where('tenant_code', '=', tenantCode)
    .where('username', '=', username)
    .where('revoked_at', 'is', null);
  if (exceptJti !== undefined) q = q.where('jti', '!=', exceptJti);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Record the client's address and agent on a session of the tenant (registerNewSession). */
export async function describeSession(
  db: SystemDb,
  jti: string,
  tenantCode: string,
  client: { ip: string; userAgent: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('sys_session')
    .set({ ip: client.ip, user_agent: client.userAgent, last_seen_at: now.toISOString() })
    .where('jti', '=', jti)
    .where('tenant_code', '=', tenantCode)
    .execute();
}

/** End every live session of these tenants' users (their tenants were deleted); returns how many. */
export async function revokeTenantSessions(db: SystemDb, tenantCodes: string[], now: Date): Promise<number> {
  if (!tenantCodes.length) return 0;
  const result = await db
    .updateTable('sys_session')
    .set({ revoked_at: now.toISOString(), revoked_reason: TENANT_DELETED_REASON })
    .where('tenant_code', 'in', tenantCodes)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Live (not revoked, not expired) sessions of a tenant, newest first. */
export async function liveSessions(db: SystemDb, tenantCode: string, now = new Date()): Promise<SessionRow[]> {
  const rows = (await db
    .selectFrom('sys_session')
    .selectAll()
    .where('tenant_code', '=', tenantCode)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('issued_at', 'desc')
    .execute()) as Row[];
  return rows.map(fromRow);
}
