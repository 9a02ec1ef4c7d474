/**
 * Sign-in failures and the lock they cause. The token call records every failed password
 * sign-in itself (so skipping handleFail does not help an attacker); handleFail only reports.
 */
import type { AnyKysely, Row } from '../db/anyKysely.ts';
import { FAILURE_WINDOW_MS, LOCK_MS, MAX_FAILED_SIGN_INS } from './authLimits.ts';

export interface LockState {
  /** failures within the window */
  failures: number;
  /** end of the lock, when locked */
  lockedUntil?: Date;
}

export async function lockState(db: AnyKysely, tenantCode: string, username: string, now: Date): Promise<LockState> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS - LOCK_MS).toISOString();
  const rows = (await db
    .selectFrom('sys_login_failure')
    .select('failed_at')
    .where('tenant_code', '=', tenantCode)
    .where('username', '=', username)
    .where('failed_at', '>', since)
    .orderBy('failed_at', 'asc')
    .execute()) as Row[];
  const times = rows.map((r) => new Date(r.failed_at instanceof Date ? r.failed_at : String(r.failed_at)).getTime());
  // Locked when some MAX_FAILED_SIGN_INS consecutive failures fall within the window and the lock has not run out.
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

export async function recordFailure(db: AnyKysely, tenantCode: string, username: string, now: Date): Promise<void> {
  await db.insertInto('sys_login_failure').values({ tenant_code: tenantCode, username, failed_at: now.toISOString() }).execute();
}

export async function clearFailures(db: AnyKysely, tenantCode: string, username: string): Promise<void> {
  await db.deleteFrom('sys_login_failure').where('tenant_code', '=', tenantCode).where('username', '=', username).execute();
}

export function lockMessage(state: LockState, now: Date): string {
  if (!state.lockedUntil) return '';
  const minutes = Math.max(1, Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 60_000));
  return `The account is locked for ${LOCK_MS / 60_000} minutes after ${MAX_FAILED_SIGN_INS} failed sign-ins; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function failureMessage(state: LockState, now: Date): string {
  if (state.lockedUntil) return lockMessage(state, now);
  if (state.failures === 0) return '';
  const left = MAX_FAILED_SIGN_INS - state.failures;
  return `Wrong username or password; ${left} attempt${left === 1 ? '' : 's'} left before the account is locked for ${LOCK_MS / 60_000} minutes`;
}
