/**
 * Password reset codes, kept in sys_password_reset (tenant_code, user_id, code_hash,
 * created_at, expires_at, used_at, wrong_tries). A code is 12 characters of a 32-letter
 * alphabet (60 bits), mailed to the address on file; only its SHA-256 is stored, so a copy of
 * the database does not reset anyone's password. A user has at most one live code: issuing one
 * voids the older ones. A code is used once, expires after RESET_CODE_TTL_MS, and is void
 * after RESET_MAX_WRONG_CODES wrong tries against it.
 *
 * revokeResetTokens ends a user's pending codes; it is called when the address a code went to
 * may no longer be the user's (an administrator changes the user's email or mobile).
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Row } from '../db/anyKysely.ts';
import type { SystemDb } from './systemTables.ts';
import { RESET_CODE_TTL_MS, RESET_MAX_WRONG_CODES, RESET_RESEND_INTERVAL_MS } from '../auth/authLimits.ts';

const RESET_TABLE = 'sys_password_reset';
/** Letters and digits that read unambiguously (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const RESET_CODE_LENGTH = 12;

const hashOf = (code: string) => createHash('sha256').update(normaliseResetCode(code)).digest('hex');

/** A code as typed: case, spaces and dashes do not matter. */
export function normaliseResetCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]+/g, '');
}

function newCode(): string {
  let out = '';
  for (let i = 0; i < RESET_CODE_LENGTH; i += 1) out += ALPHABET[randomInt(ALPHABET.length)];
  // In groups of four, easier to copy from a mail.
  return out.replace(/(.{4})(?=.)/g, '$1-');
}

/** Whether a code was issued to the user within the resend interval (then no new one is sent). */
export async function recentlyIssued(db: SystemDb, tenantCode: string, userId: number, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom(RESET_TABLE)
    .select('id')
    .where('tenant_code', '=', tenantCode)
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(now.getTime() - RESET_RESEND_INTERVAL_MS).toISOString())
    .executeTakeFirst();
  return !!row;
}

/** Issues a code for the user (voiding the older ones); returns the code as it is mailed. */
export async function issueResetToken(db: SystemDb, tenantCode: string, userId: number, now: Date): Promise<string> {
  await revokeResetTokens(db, tenantCode, userId, now);
  await db.deleteFrom(RESET_TABLE).where('expires_at', '<', now.toISOString()).execute();
  const code = newCode();
  await db
    .insertInto(RESET_TABLE)
    .values({
      tenant_code: tenantCode,
      user_id: userId,
      code_hash: hashOf(code),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + RESET_CODE_TTL_MS).toISOString(),
      wrong_tries: 0,
    })
    .execute();
  return code;
}

/** Ends every pending reset code of a user; returns how many were pending. */
export async function revokeResetTokens(db: SystemDb, tenantCode: string, userId: number, now: Date = new Date()): Promise<number> {
  const result = await db
    .updateTable(RESET_TABLE)
    .set({ used_at: now.toISOString() })
    .where('tenant_code', '=', tenantCode)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Spends the user's live code when `code` is it: true once, for the request that used it.
 * A wrong code counts against the live one, which is void after RESET_MAX_WRONG_CODES.
 */
export async function consumeResetToken(db: SystemDb, tenantCode: string, userId: number, code: string, now: Date): Promise<boolean> {
  const live = (await db
    .selectFrom(RESET_TABLE)
    .select(['id', 'code_hash', 'wrong_tries'])
    .where('tenant_code', '=', tenantCode)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('id', 'desc')
    .executeTakeFirst()) as Row | undefined;
  if (!live) return false;
  const given = Buffer.from(hashOf(code), 'hex');
  const stored = Buffer.from(String(live.code_hash), 'hex');
  if (given.length === stored.length && timingSafeEqual(given, stored)) {
    const spent = await db
      .updateTable(RESET_TABLE)
      .set({ used_at: now.toISOString() })
      .where('id', '=', Number(live.id))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(spent.numUpdatedRows) === 1;
  }
  const tries = Number(live.wrong_tries) + 1;
  await db
    .updateTable(RESET_TABLE)
    .set(tries >= RESET_MAX_WRONG_CODES ? { wrong_tries: tries, used_at: now.toISOString() } : { wrong_tries: tries })
    .where('id', '=', Number(live.id))
    .execute();
  return false;
}
