/**
 * SMS codes for the mobile grant, kept in sys_sms_captcha (mobile, code, created_at,
 * expires_at, used_at): 6 digits, valid 5 minutes, used once, at most one a minute per number,
 * and one live code per number: sending a new code voids the older ones. Wrong codes tried for
 * a number are counted in sys_login_failure under the tenant code "" (no tenant has it) and
 * the name "sms:<mobile>", over SMS_WRONG_CODE_WINDOW_MS whatever code they were tried
 * against (a new code gives no new tries); after SMS_MAX_WRONG_CODES of them the number's live
 * code is void and no code of the number is accepted until the window has passed. A right
 * code forgets them. Requests for codes are also limited per address (rateLimits.ts).
 */
import { randomInt } from 'node:crypto';
import type { Row } from '../db/anyKysely.ts';
import type { SystemDb } from '../access/systemTables.ts';
import { ApiError, tooManyRequests } from '../http/apiError.ts';
import type { CallHandler } from '../calls/context.ts';
import { clearFailures, failureTimes, recordFailure } from '../access/lockout.ts';
import {
  SMS_CODE_DIGITS,
  SMS_CODE_RETENTION_MS,
  SMS_CODE_TTL_MS,
  SMS_MAX_WRONG_CODES,
  SMS_RESEND_INTERVAL_MS,
  SMS_WRONG_CODE_WINDOW_MS,
  WRONG_SMS_CODE_MESSAGE,
} from './authLimits.ts';

const CODE_TABLE = 'sys_sms_captcha';
const WRONG_CODE_TENANT = '';
const wrongCodeKey = (mobile: string) => `sms:${mobile}`;

function time(v: unknown): number {
  return (v instanceof Date ? v : new Date(String(v))).getTime();
}

function newSmsCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_DIGITS)).padStart(SMS_CODE_DIGITS, '0');
}

/**
 * GET /api/account/captcha/getSmsCaptcha?mobile=
 *
 * Decision: the answer is the same whether or not the number belongs to a user (success, or
 * the same 429 within a minute), so the call cannot be used to find out which numbers are
 * registered; the code is stored either way but sent only when a user of some tenant has the
 * number, so the server cannot be used to send texts to arbitrary phones.
 */
export const smsCaptcha: CallHandler = async (ctx) => {
  const db = ctx.system.db;
  const mobile = String(ctx.query.mobile).trim();
  const now = ctx.services.now();
  const recent = (await db
    .selectFrom(CODE_TABLE)
    .select('created_at')
    .where('mobile', '=', mobile)
    .where('created_at', '>', new Date(now.getTime() - SMS_RESEND_INTERVAL_MS).toISOString())
    .orderBy('created_at', 'desc')
    .executeTakeFirst()) as Row | undefined;
  if (recent) {
    const wait = Math.max(1, Math.ceil((time(recent.created_at) + SMS_RESEND_INTERVAL_MS - now.getTime()) / 1000));
    throw tooManyRequests(`A code was sent to this number less than a minute ago; try again in ${wait} second${wait === 1 ? '' : 's'}`);
  }
  const code = newSmsCode();
  // One live code per number: the older ones stop working now.
  await db.updateTable(CODE_TABLE).set({ used_at: now.toISOString() }).where('mobile', '=', mobile).where('used_at', 'is', null).execute();
  await db
    .insertInto(CODE_TABLE)
    .values({ mobile, code, created_at: now.toISOString(), expires_at: new Date(now.getTime() + SMS_CODE_TTL_MS).toISOString() })
    .execute();
  await db
    .deleteFrom(CODE_TABLE)
    .where('expires_at', '<', new Date(now.getTime() - SMS_CODE_RETENTION_MS).toISOString())
    .execute();
  if (await ctx.system.mobileHasUser(mobile)) await ctx.services.sms.send(mobile, code);
  return undefined;
};

/** The newest live (unused, unexpired) code row of a number with that code, if any. */
async function liveCode(db: SystemDb, mobile: string, code: string, now: Date): Promise<Row | undefined> {
  return (await db
    .selectFrom(CODE_TABLE)
    .selectAll()
    .where('mobile', '=', mobile)
    .where('code', '=', code)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('id', 'desc')
    .executeTakeFirst()) as Row | undefined;
}

/** Wrong codes tried for a number within the window, whatever code they were tried against. */
async function recentWrongCodes(db: SystemDb, mobile: string, now: Date): Promise<number> {
  return (await failureTimes(db, WRONG_CODE_TENANT, wrongCodeKey(mobile), new Date(now.getTime() - SMS_WRONG_CODE_WINDOW_MS))).length;
}

const TOO_MANY_WRONG = `${WRONG_SMS_CODE_MESSAGE}; too many wrong codes for this number, try again later`;

/**
 * Checks a code for a number; throws 400 when it is not the live code (and counts the wrong
 * try). Returns the code's row id: markSmsCodeUsed(id) once the sign-in succeeds.
 */
export async function checkSmsCode(db: SystemDb, mobile: string, code: string, now: Date): Promise<number> {
  if ((await recentWrongCodes(db, mobile, now)) >= SMS_MAX_WRONG_CODES) throw new ApiError(400, TOO_MANY_WRONG);
  const row = await liveCode(db, mobile, code, now);
  if (row) return Number(row.id);
  await recordFailure(db, WRONG_CODE_TENANT, wrongCodeKey(mobile), now);
  if ((await recentWrongCodes(db, mobile, now)) >= SMS_MAX_WRONG_CODES) {
    await db
      .updateTable(CODE_TABLE)
      .set({ used_at: now.toISOString() })
      .where('mobile', '=', mobile)
      .where('used_at', 'is', null)
      .execute();
    throw new ApiError(400, TOO_MANY_WRONG);
  }
  throw new ApiError(400, WRONG_SMS_CODE_MESSAGE);
}

/** Marks a code used; false when another request used it first (the sign-in must fail). */
export async function markSmsCodeUsed(db: SystemDb, id: number, mobile: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable(CODE_TABLE)
    .set({ used_at: now.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await clearFailures(db, WRONG_CODE_TENANT, wrongCodeKey(mobile));
  return true;
}
