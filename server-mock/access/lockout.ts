/**
 * Sign-in failures and the lock they cause, kept in sys_login_failure (tenant_code, username,
 * failed_at). The token call records every failed password sign-in itself, so skipping the
 * console's handleFail call does not help an attacker; handleFail only reports the state.
 *
 * A failure is recorded under the account's username when the login name (username, email
 * or mobile) names a user of the tenant, and under the login name as typed otherwise: an
 * unknown name then behaves exactly like a known one (same messages, same lock), so the
 * answers do not tell which names exist.
 */
import type { Row } from '../db/anyKysely.ts';
import type { SystemDb } from './systemTables.ts';
import { FAILURE_WINDOW_MS, LOCK_MS, MAX_FAILED_SIGN_INS } from '../auth/authLimits.ts';

const FAILURE_TABLE = 'sys_login_failure';
/** Failures older than this play no part in any lock and are deleted. */
const FAILURE_HORIZON_MS = FAILURE_WINDOW_MS + LOCK_MS;

export interface LockState {
  /** failures within the window */
  failures: number;
  /** end of the lock, when locked */
  lockedUntil?: Date;
}

function time(v: unknown): number {
  return (v instanceof Date ? v : new Date(String(v))).getTime();
}

/** Times (ms) of the recorded failures of a key since `since`, oldest first. */
export async function failureTimes(db: SystemDb, tenantCode: string, username: string, since: Date): Promise<number[]> {
  const rows = (await db
    .selectFrom(FAILURE_TABLE)
    .select('failed_at')
    .where('tenant_code', '=', tenantCode)
    .where('username', '=', username)
    .where('failed_at', '>=', since.toISOString())
    .orderBy('failed_at', 'asc')
    .execute()) as Row[];
  return rows.map((r) => time(r.failed_at));
}

export async function lockState(db: SystemDb, tenantCode: string, username: string, now: Date): Promise<LockState> {
  const times = await failureTimes(db, tenantCode, username, new Date(now.getTime() - FAILURE_HORIZON_MS));
  // Locked when MAX_FAILED_SIGN_INS consecutive failures fall within the window and the lock
  // (counted from the last of them) has not run out.
  for (let i = times.length - 1; i >= MAX_FAILED_SIGN_INS - 1; i--) {
    const last = times[i]!;
    const first = times[i - MAX_FAILED_SIGN_INS + 1]!;
    if (last - first <= FAILURE_WINDOW_MS && now.getTime() < last + LOCK_MS) {
      return { failures: MAX_FAILED_SIGN_INS, lockedUntil: new Date(last + LOCK_MS) };
    }
  }
  const windowStart = now.getTime() - FAILURE_WINDOW_MS;
  return { failures: times.filter((t) => t > windowStart).length };
}

/** Record a failure, and forget failures too old to matter (the table stays small). */
export async function recordFailure(db: SystemDb, tenantCode: string, username: string, now: Date): Promise<void> {
  await db.insertInto(FAILURE_TABLE).values({ tenant_code: tenantCode, username, failed_at: now.toISOString() }).execute();
  await db
    .deleteFrom(FAILURE_TABLE)
    .where('failed_at', '<', new Date(now.getTime() - FAILURE_HORIZON_MS).toISOString())
    .execute();
}

export async function clearFailures(db: SystemDb, tenantCode: string, username: string): Promise<void> {
  await db.deleteFrom(FAILURE_TABLE).where('tenant_code', '=', tenantCode).where('username', '=', username).execute();
}

const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;

export function lockMessage(state: LockState, now: Date): string {
  if (!state.lockedUntil) return '';
  const left = Math.max(1, Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 60_000));
  return `The account is locked for ${minutes(LOCK_MS / 60_000)} after ${MAX_FAILED_SIGN_INS} failed sign-ins; try again in ${minutes(left)}`;
}

/** The state after failures: the lock, or how many attempts are left; "" when there were none. */
export function failureMessage(state: LockState, now: Date): string {
  if (state.lockedUntil) return lockMessage(state, now);
  if (state.failures === 0) return '';
  const left = MAX_FAILED_SIGN_INS - state.failures;
  return `Wrong username or password; ${left} attempt${left === 1 ? '' : 's'} left before the account is locked for ${minutes(LOCK_MS / 60_000)}`;
}
