/**
 * Self-service accounts (public calls): the character captcha, its check, password reset by a
 * mailed code, and self-registration into a tenant. The tenant a call names is read and written
 * through the system store's TenantData bound to it (`ctx.system.tenant()`).
 */
import type { Row } from '../db/anyKysely.ts';
import type { TenantData } from '../access/tenantData.ts';
import { ApiError, badRequest, conflict } from '../http/apiError.ts';
import type { CallContext, CallHandler } from '../calls/context.ts';
import { assertUnique } from '../crud/recordRules.ts';
import { insertRecord } from '../seed/provisionTenant.ts';
import { hashSecret } from '../auth/passwords.ts';
import { clearFailures } from '../access/lockout.ts';
import { checkCaptcha, issueCaptcha } from '../auth/captcha.ts';
import { captchaSpent, spendCaptcha } from '../auth/captchaUses.ts';
import { mailer } from '../auth/mail.ts';
import { consumeResetToken, issueResetToken, recentlyIssued, revokeResetTokens } from '../access/resetTokens.ts';
import { revokeUserSessions } from '../access/sessions.ts';
import { assertPasswordPolicy } from '../auth/passwordPolicy.ts';
import { RESET_CODE_TTL_MS, RESET_CODE_WRONG_MESSAGE } from '../auth/authLimits.ts';
import { SELF_REGISTRATION_PARAM, tenantFlag } from '../params/tenantParams.ts';
import { adminResetPassword } from './adminReset.ts';
import { setAuditActor } from '../audit/auditTrail.ts';

const CAPTCHA_WRONG_MESSAGE = 'The characters do not match the image';
const CAPTCHA_EXPIRED_MESSAGE = 'The verification characters have expired or were used; load new ones';
const VISITOR_ROLE = 'ROLE_VISITOR';

/** GET /api/account/captcha/getCharCaptcha: `{key, image, expiresAt}`; image is an SVG data URL. */
const charCaptcha: CallHandler = async (ctx) => {
  ctx.reply.header('cache-control', 'no-store');
  return issueCaptcha(ctx.services);
};

/**
 * The answer against the key. A wrong answer spends the key (one guess per image, so the
 * check cannot be used to try every answer); a right one is kept for the call it protects,
 * unless `spend`.
 */
async function verify(
  ctx: CallContext,
  spend: boolean,
  given: { key: unknown; answer: unknown } = { key: ctx.query.captchaKey, answer: ctx.query.charCaptcha },
): Promise<void> {
  const key = String(given.key ?? '');
  const answer = String(given.answer ?? '');
  const check = await checkCaptcha(ctx.services, key, answer);
  if (check.ok) {
    const fresh = spend ? await spendCaptcha(ctx.services, check.nonce, check.expiresAt) : !(await captchaSpent(ctx.services, check.nonce));
    if (!fresh) throw captchaError(CAPTCHA_EXPIRED_MESSAGE);
    return;
  }
  if (check.nonce && check.expiresAt && check.reason === 'wrong') {
    const fresh = await spendCaptcha(ctx.services, check.nonce, check.expiresAt);
    throw captchaError(fresh ? CAPTCHA_WRONG_MESSAGE : CAPTCHA_EXPIRED_MESSAGE);
  }
  throw captchaError(check.reason === 'malformed' ? CAPTCHA_WRONG_MESSAGE : CAPTCHA_EXPIRED_MESSAGE);
}

function captchaError(message: string): ApiError {
  return badRequest(message, [{ field: 'charCaptcha', message }]);
}

/** POST /api/account/sysuserdetail/compareCaptcha?charCaptcha=&captchaKey= */
const compareCaptcha: CallHandler = async (ctx) => {
  await verify(ctx, false);
  return undefined;
};

/** The enabled user of the tenant with this email, if any. */
async function userByEmail(data: TenantData, email: string): Promise<Row | undefined> {
  const userR = data.resource('SysUser');
  const user = (await data
    .select(userR)
    .select(['id', 'username', 'status'])
    .where('email', '=', email)
    .orderBy('id')
    .executeTakeFirst()) as Row | undefined;
  return user && Number(user.status) === 1 ? user : undefined;
}

/**
 * POST /api/account/sysuserdetail/retrievePassword?tenantCode=&email=&charCaptcha=&captchaKey=
 * spends the captcha; an enabled user of the tenant with that email is mailed a reset code
 * (access/resetTokens.ts), at most one a minute. Nothing about the account changes until the code is
 * used (resetPassword). The answer is the same whether or not such a user exists.
 */
const retrievePassword: CallHandler = async (ctx) => {
  await verify(ctx, true);
  const db = ctx.system.db;
  const tenantCode = String(ctx.query.tenantCode).trim();
  const email = String(ctx.query.email).trim();
  const user = await userByEmail(ctx.system.tenant(tenantCode), email);
  const now = ctx.services.now();
  if (user && !(await recentlyIssued(db, tenantCode, Number(user.id), now))) {
    const code = await issueResetToken(db, tenantCode, Number(user.id), now);
    const text =
      `Your password reset code for user ${String(user.username)} of tenant ${tenantCode} is ${code} . ` +
      `Enter it on the forgot-password page within ${RESET_CODE_TTL_MS / 60_000} minutes to choose a new password. ` +
      'If you did not ask for it, ignore this mail: your password stays as it is.';
    // Not awaited: how long the mail gateway takes must not tell which addresses have an account.
    void mailer(ctx.services)
      .send(email, text)
      .catch((err: unknown) => ctx.services.log.error({ err }, 'the password reset mail could not be sent'));
  }
  return undefined;
};

/**
 * POST /api/account/sysuserdetail/resetPassword {tenantCode, email, code, newPassword}: with
 * the live code mailed to that address, sets the new password (the password policy applies),
 * spends the code, ends every session of the user and lifts a sign-in lock. A wrong, used or
 * expired code, or an address of no user, answers the same 400.
 */
const resetPassword: CallHandler = async (ctx) => {
  const body = ctx.body as { tenantCode: string; email: string; code: string; newPassword: string };
  const db = ctx.system.db;
  const tenantCode = body.tenantCode.trim();
  const data = ctx.system.tenant(tenantCode);
  const user = await userByEmail(data, body.email.trim());
  const now = ctx.services.now();
  const wrong = () => badRequest(RESET_CODE_WRONG_MESSAGE, [{ field: 'code', message: RESET_CODE_WRONG_MESSAGE }]);
  if (!user) throw wrong();
  const username = String(user.username);
  // The policy first: a refused password does not spend the code.
  assertPasswordPolicy(body.newPassword, username, 'newPassword');
  if (!(await consumeResetToken(db, tenantCode, Number(user.id), body.code, now))) throw wrong();
  const userR = data.resource('SysUser');
  await data
    .update(userR)
    .set({ password: await hashSecret(body.newPassword), update_time: data.dialect.toDb('datetime', now.toISOString()) })
    .where('id', '=', Number(user.id))
    .execute();
  await revokeResetTokens(db, tenantCode, Number(user.id), now);
  await revokeUserSessions(db, tenantCode, username, 'password', now);
  await clearFailures(db, tenantCode, username);
  setAuditActor(ctx.request, { tenantCode, userId: Number(user.id), username });
  return undefined;
};

interface RegisterBody {
  tenantCode: string;
  username: string;
  password: string;
  email: string;
  prefix?: string;
  mobile: string;
  nickname?: string;
  charCaptcha: string;
  captchaKey: string;
}

const REGISTRATION_CLOSED_MESSAGE = 'This tenant does not accept registrations; ask its administrator for an account';

/**
 * POST /api/admin/sysuser/registerAccountInitial: an enabled user of the tenant, under its top
 * organisation, holding ROLE_VISITOR, when the tenant allows self-registration (its parameter
 * account.selfRegistration is true; off by default) and the character captcha of the body is
 * right (it is spent first, so every try costs a solved image). 409 when the username, email
 * or mobile is taken in the tenant; 400 for an unknown tenant, a tenant that does not accept
 * registrations, or a password the policy refuses.
 */
const registerAccount: CallHandler = async (ctx) => {
  const body = ctx.body as RegisterBody;
  await verify(ctx, true, { key: body.captchaKey, answer: body.charCaptcha });
  const tenantCode = body.tenantCode.trim();
  if (!(await ctx.system.tenantLive(tenantCode)))
    throw badRequest(`Unknown tenant "${tenantCode}"`, [{ field: 'tenantCode', message: 'is not a tenant' }]);
  const data = ctx.system.tenant(tenantCode);
  if (!(await tenantFlag(data, SELF_REGISTRATION_PARAM)))
    throw badRequest(REGISTRATION_CLOSED_MESSAGE, [{ field: 'tenantCode', message: REGISTRATION_CLOSED_MESSAGE }]);
  assertPasswordPolicy(body.password, body.username.trim());
  const userR = data.resource('SysUser');
  const orgR = data.resource('SysOrg');
  const roleR = data.resource('SysRole');
  const linkR = data.resource('SysRoleUser');
  const record: Row = {
    username: body.username.trim(),
    password: body.password,
    nickname: body.nickname?.trim() || body.username.trim(),
    email: body.email.trim(),
    prefix: body.prefix ?? '+86',
    mobile: body.mobile.trim(),
    status: 1,
  };
  try {
    return await data.transaction(async (tx) => {
      const org = (await tx.select(orgR).select('id').where('org_parent', '=', 0).orderBy('id').executeTakeFirst()) as Row | undefined;
      if (!org) throw badRequest(`Tenant "${tenantCode}" has no organisation to put the user in`);
      const role = (await tx.select(roleR).select('id').where('role_code', '=', VISITOR_ROLE).executeTakeFirst()) as Row | undefined;
      if (!role) throw badRequest(`Tenant "${tenantCode}" has no role ${VISITOR_ROLE}`);
      const full = { ...record, orgId: Number(org.id) };
      await assertUnique(tx, userR, full);
      const now = ctx.services.now();
      const id = await insertRecord(tx, userR, full, now);
      await insertRecord(tx, linkR, { roleId: Number(role.id), userId: id }, now);
      return { id, tenantCode, username: record.username };
    });
  } catch (err) {
    if (!(err instanceof ApiError) && data.dialect.isUniqueViolation(err)) {
      throw conflict('A user with this username, email or mobile already exists in the tenant');
    }
    throw err;
  }
};

export const accountHandlers: Record<string, CallHandler> = {
  'account.charCaptcha': charCaptcha,
  'account.compareCaptcha': compareCaptcha,
  'account.retrievePassword': retrievePassword,
  'account.resetPassword': resetPassword,
  'account.register': registerAccount,
  'account.adminReset': adminResetPassword,
};
