/**
 * Spent captcha keys (single use). With the internal table `sys_captcha_use` (nonce unique,
 * expires_at) every process of a deployment shares the record: spending is one insert, and
 * the unique index makes a second spend fail, also across processes. Without that table (it
 * is created by server-mock/db/migrate.ts's INTERNAL_TABLES) the record is kept per process,
 * which is exact for one process; with several, a key could then be spent once per process
 * within its five minutes.
 */
import type { Services } from '../calls/context.ts';
import { hasSystemTable } from '../access/systemTables.ts';

const CAPTCHA_USE_TABLE = 'sys_captcha_use';
const hasTable = hasSystemTable(CAPTCHA_USE_TABLE);

const local = new WeakMap<Services, Map<string, number>>();
let lastPrune = 0;

/** Marks a key's nonce as spent; false when it was spent already. */
export async function spendCaptcha(services: Services, nonce: string, expiresAt: Date): Promise<boolean> {
  const now = services.now();
  if (hasTable) {
    const db = services.system.db;
    if (now.getTime() - lastPrune > 60_000) {
      lastPrune = now.getTime();
      await db.deleteFrom(CAPTCHA_USE_TABLE).where('expires_at', '<', now.toISOString()).execute();
    }
    const row = await db
      .insertInto(CAPTCHA_USE_TABLE)
      .values({ nonce, expires_at: expiresAt.toISOString() })
      .onConflict((oc) => oc.column('nonce').doNothing())
      .returning('id')
      .executeTakeFirst();
    return !!row;
  }
  let spent = local.get(services);
  if (!spent) local.set(services, (spent = new Map()));
  for (const [n, until] of spent) if (until < now.getTime()) spent.delete(n);
  if (spent.has(nonce)) return false;
  spent.set(nonce, expiresAt.getTime());
  return true;
}

/** Whether a nonce was spent (compareCaptcha checks without spending a right answer). */
export async function captchaSpent(services: Services, nonce: string): Promise<boolean> {
  if (hasTable) {
    const row = await services.system.db.selectFrom(CAPTCHA_USE_TABLE).select('id').where('nonce', '=', nonce).executeTakeFirst();
    return !!row;
  }
  return local.get(services)?.has(nonce) ?? false;
}
