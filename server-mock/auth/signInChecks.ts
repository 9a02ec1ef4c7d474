/**
 * The public calls around sign-in: the tenant look-up of the sign-in page, the lock check
 * after a token (handleSuccess) and the failure report after a refused one (handleFail).
 * They read the tenant they name through the system store (`tenant()`, `tenantsOfLogin()`).
 */
import { EnvelopeResult, type CallContext, type CallHandler } from '../calls/context.ts';
import { failureMessage, lockMessage, lockState, type LockState } from '../access/lockout.ts';
import { lockKey } from './loginUser.ts';
import { WRONG_CREDENTIALS_MESSAGE } from './authLimits.ts';

/**
 * GET queryTenantUser?userInfo=: the tenants in which a user with that username, email or
 * mobile exists, [{tenantCode, tenantName}]; none: the same 200 answer with an empty list,
 * and the console says "There is no corresponding tenant for this user".
 *
 * Decision: the platform's sign-in page offers the tenants of a login name before any
 * sign-in, so the list itself cannot be the same for a name that exists and one that does
 * not. What can be the same is everything else: the status, the envelope, the work done (one
 * indexed query either way). The look-up is limited per address with the token call
 * (rateLimits.ts), which makes walking a list of names slow; a deployment that must not
 * reveal which names exist turns the look-up off at its proxy, and users type the tenant code.
 */
export const queryTenantUser: CallHandler = async (ctx) => ctx.system.tenantsOfLogin(String(ctx.query.userInfo).trim());

/** The lock state of what the console sends: the login name as typed (username, email or mobile). */
async function stateOf(ctx: CallContext) {
  const db = ctx.system.db;
  const login = String(ctx.query.username).trim();
  const tenantCode = String(ctx.query.tenantCode ?? '').trim();
  const now = ctx.services.now();
  // No tenant, no account (and no look at the server's own keys kept under the tenant code "").
  if (!tenantCode) return { state: { failures: 0 } satisfies LockState, now };
  const key = await lockKey(ctx.system.tenant(tenantCode), login);
  return { state: await lockState(db, tenantCode, key, now), now };
}

/** GET handleSuccess?username=&tenantCode=: data is the lock message, or "" when not locked. */
export const handleSuccess: CallHandler = async (ctx) => {
  const { state, now } = await stateOf(ctx);
  return new EnvelopeResult(lockMessage(state, now));
};

/**
 * GET handleFail?username=&tenantCode=: data describes the state after a failed sign-in (how
 * many attempts are left, or the lock). It records nothing: the token call already did. An
 * unknown name answers like a known one.
 */
export const handleFail: CallHandler = async (ctx) => {
  const { state, now } = await stateOf(ctx);
  return new EnvelopeResult(failureMessage(state, now) || WRONG_CREDENTIALS_MESSAGE);
};
