/**
 * POST /api/admin/sysuser/resetSysUserPassword?username=: an administrator gives a user of the
 * caller's tenant a new password, for a user who lost theirs and has no working email for the
 * mailed reset code (accountHandlers.ts). The server makes the password (ONE_TIME_LENGTH
 * characters of an alphabet without look-alike characters, from the system's secure random
 * source, meeting the password policy), stores only its hash and answers it this once:
 * `{username, password}`. It ends every session of the user, voids their pending reset codes
 * and lifts a sign-in lock, as a reset by code does.
 *
 * Who may manage whom (access/manageRules.ts): only a caller holding every role of that user
 * (ROLE_ADMIN resets anyone of its tenant); otherwise a lesser role could take over an
 * administrator's account. 404 for a username that is no user of the tenant; nothing changes.
 */
import { randomInt } from 'node:crypto';
import type { Row } from '../db/anyKysely.ts';
import { notFound } from '../http/apiError.ts';
import { withPrincipal, type CallHandler } from '../calls/context.ts';
import { assertMayManageUsers } from '../access/manageRules.ts';
import { clearFailures } from '../access/lockout.ts';
import { revokeResetTokens } from '../access/resetTokens.ts';
import { revokeUserSessions } from '../access/sessions.ts';
import { hashSecret } from '../auth/passwords.ts';
import { passwordProblem } from '../auth/passwordPolicy.ts';

/** Length of a password an administrator's reset makes (about 71 bits). */
export const ONE_TIME_LENGTH = 14;
/** Letters and digits that cannot be mistaken for one another when read out or copied by hand. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A new password for the user `username`, meeting the password policy. */
function makeOneTimePassword(username: string): string {
  for (;;) {
    let out = '';
    for (let i = 0; i < ONE_TIME_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
    if (!passwordProblem(out, username)) return out;
  }
}

export const adminResetPassword: CallHandler = async (ctx) => {
  const { principal, data } = withPrincipal(ctx);
  const db = ctx.system.db;
  const username = String(ctx.query.username).trim();
  const userR = data.resource('SysUser');
  const now = ctx.services.now();
  const password = makeOneTimePassword(username);
  const hash = await hashSecret(password);
  const target = await data.transaction(async (tx) => {
    const user = (await tx.select(userR).select(['id', 'username']).where('username', '=', username).executeTakeFirst()) as Row | undefined;
    if (!user) throw notFound(`No user "${username}" in this tenant`);
    await assertMayManageUsers(tx, principal, [Number(user.id)], 'reset the password of');
    await tx
      .update(userR)
      .set({ password: hash, update_time: tx.dialect.toDb('datetime', now.toISOString()) })
      .where('id', '=', Number(user.id))
      .execute();
    return user;
  });
  await revokeResetTokens(db, principal.tenantCode, Number(target.id), now);
  await revokeUserSessions(db, principal.tenantCode, username, 'password', now);
  await clearFailures(db, principal.tenantCode, username);
  ctx.reply.header('cache-control', 'no-store');
  return { username, password };
};
