/**
 * POST /api/admin/sysuser/unlockSysUser?username=: an administrator lifts the sign-in lock of
 * a user of the caller's tenant (forgets the user's failed sign-ins; access/lockout.ts), for the
 * owner locked out by someone else's wrong passwords. Answers {unlocked: true} when the user
 * was locked, false when not. 404 for a username that is no user of the tenant.
 *
 * Who may manage whom (access/manageRules.ts): only a caller holding every role of that user
 * may unlock it (ROLE_ADMIN unlocks anyone); otherwise a lesser role could lift the lock on an administrator's account again and again
 * and go on guessing its password.
 */
import type { Row } from '../db/anyKysely.ts';
import { notFound } from '../http/apiError.ts';
import { withPrincipal, type CallHandler } from '../calls/context.ts';
import { assertMayManageUsers } from '../access/manageRules.ts';
import { clearFailures, lockState } from '../access/lockout.ts';

export const unlockUser: CallHandler = async (ctx) => {
  const { principal, data } = withPrincipal(ctx);
  const db = ctx.system.db;
  const username = String(ctx.query.username).trim();
  const userR = data.resource('SysUser');
  const target = (await data.select(userR).select(['id', 'username']).where('username', '=', username).executeTakeFirst()) as
    Row | undefined;
  if (!target) throw notFound(`No user "${username}" in this tenant`);
  await assertMayManageUsers(data, principal, [Number(target.id)], 'unlock');
  const now = ctx.services.now();
  const { lockedUntil } = await lockState(db, principal.tenantCode, username, now);
  await clearFailures(db, principal.tenantCode, username);
  return { unlocked: !!lockedUntil };
};
