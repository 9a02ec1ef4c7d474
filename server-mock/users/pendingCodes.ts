/**
 * Cancelling what was sent to a user's old (or new) address when another user changes that
 * user's mobile or email: the SMS codes still pending for those numbers stop working. This is
 * the one place such cancellation happens (codes, and any other single-use proof sent to an
 * address the user no longer has), so every call that changes a user's addresses calls it.
 */
import type { SystemDb } from '../access/systemTables.ts';
import { revokeResetTokens } from '../access/resetTokens.ts';

/** The server's own table of SMS codes (server-mock/db/migrate.ts); not a tenant resource: codes belong to a number. */
const SMS_CODE_TABLE = 'sys_sms_captcha';

export interface AddressChange {
  tenantCode: string;
  userId: number;
  /** The user's mobile numbers before and after the change (either may be absent). */
  mobiles: (string | null | undefined)[];
  /** The user's email addresses before and after the change. */
  emails: (string | null | undefined)[];
}

/**
 * Cancel the pending codes of a user whose mobile or email was changed: the SMS codes of the
 * old and new numbers can no longer sign in, and the user's password-reset codes (mailed to
 * the old address) can no longer set a password.
 */
export async function cancelPendingCodes(db: SystemDb, change: AddressChange, now: Date): Promise<void> {
  const mobiles = [...new Set(change.mobiles.filter((m): m is string => typeof m === 'string' && m.trim() !== '').map((m) => m.trim()))];
  if (mobiles.length) {
    await db
      .updateTable(SMS_CODE_TABLE)
      .set({ used_at: now.toISOString() })
      .where('mobile', 'in', mobiles)
      .where('used_at', 'is', null)
      .execute();
  }
  await revokeResetTokens(db, change.tenantCode, change.userId, now);
}
