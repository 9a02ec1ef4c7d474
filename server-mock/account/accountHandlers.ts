/**
 * Self-service accounts (public calls): the character captcha, its check, password recovery
 * by mail, and self-registration into a tenant. Cross-tenant look-ups go through the database;
 * writes into the tenant go through a TenantData bound to it.
 */
import { randomInt } from 'node:crypto';
import type { Row } from '../db/anyKysely.ts';
import { TenantData } from '../access/tenantData.ts';
import { ApiError, badRequest, conflict } from '../http/apiError.ts';
import type { CallContext, CallHandler } from '../calls/context.ts';
import { assertUnique } from '../crud/recordRules.ts';
import { insertRecord } from '../seed/provisionTenant.ts';
import { hashSecret } from '../auth/passwords.ts';
import { clearFailures } from '../auth/lockout.ts';
import { checkCaptcha, issueCaptcha } from '../auth/captcha.ts';
import { captchaSpent, spendCaptcha } from '../auth/captchaUses.ts';
import { mailer } from '../auth/mail.ts';

export const CAPTCHA_WRONG_MESSAGE = 'The characters do not match the image';
export const CAPTCHA_EXPIRED_MESSAGE = 'The verification characters have expired or were used; load new ones';
export const VISITOR_ROLE = 'ROLE_VISITOR';
export const TEMPORARY_PASSWORD_LENGTH = 12;

/** GET /api/account/captcha/getCharCaptcha: `{key, image, expiresAt}`; image is an SVG data URL. */
export const charCaptcha: CallHandler = async (ctx) => {
  ctx.reply.header('cache-control', 'no-store');
  return issueCaptcha(ctx.services);
};

/**
 * The answer against the key. A wrong answer spends the key (one guess per image, so the
 * check cannot be used to try every answer); a right one is kept for the call it protects,
 * unless `spend`.
 */
async function verify(ctx: CallContext, spend: boolean): Promise<void> {
  const key = String(ctx.query.captchaKey);
  const answer = String(ctx.query.charCaptcha);
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
export const compareCaptcha: CallHandler = async (ctx) => {
  await verify(ctx, false);
  return undefined;
};

/** Letters and digits that read unambiguously, and one mark, so the password passes the usual rules. */
function temporaryPassword(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';
  const digits = '23456789';
  const marks = '@#%+';
  const all = letters + digits;
  const chars = [letters[randomInt(letters.length)]!, digits[randomInt(digits.length)]!, marks[randomInt(marks.length)]!];
  while (chars.length < TEMPORARY_PASSWORD_LENGTH) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/**
 * POST /api/account/sysuserdetail/retrievePassword?tenantCode=&email=&charCaptcha=&captchaKey=
 * spends the captcha; an enabled user of the tenant with that email gets a new temporary
 * password by mail (and its failed sign-ins are forgotten). The answer is the same whether or
 * not such a user exists, and takes as long (the hash is computed either way).
 */
export const retrievePassword: CallHandler = async (ctx) => {
  await verify(ctx, true);
  const { database, registry } = ctx.services;
  const tenantCode = String(ctx.query.tenantCode).trim();
  const email = String(ctx.query.email).trim();
  const data = new TenantData(database, registry, tenantCode);
  const userR = data.resource('SysUser');
  const user = (await data.select(userR).select(['id', 'username', 'status']).where('email', '=', email).orderBy('id').executeTakeFirst()) as Row | undefined;
  const password = temporaryPassword();
  const hashed = await hashSecret(password);
  if (user && Number(user.status) === 1) {
    const now = ctx.services.now();
    await data
      .update(userR)
      .set({ password: hashed, update_time: data.dialect.toDb('datetime', now.toISOString()) })
      .where('id', '=', Number(user.id))
      .execute();
    await clearFailures(database.db, tenantCode, String(user.username));
    await mailer(ctx.services).send(
      email,
      `Your temporary password for user ${String(user.username)} of tenant ${tenantCode} is ${password} . Sign in with it and change it under Change password.`,
    );
  }
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
}

/**
 * POST /api/admin/sysuser/registerAccountInitial: an enabled user of the tenant, under its top
 * organisation, holding ROLE_VISITOR. 409 when the username, email or mobile is taken in the
 * tenant; 400 for an unknown tenant.
 */
export const registerAccount: CallHandler = async (ctx) => {
  const body = ctx.body as RegisterBody;
  const { database, registry } = ctx.services;
  const tenantCode = body.tenantCode.trim();
  const tenantR = registry.byName.get('SysTenant')!;
  const tenant = await database.db.selectFrom(tenantR.table).select('id').where('tenant_code', '=', tenantCode).where('delete_time', 'is', null).executeTakeFirst();
  if (!tenant) throw badRequest(`Unknown tenant "${tenantCode}"`, [{ field: 'tenantCode', message: 'is not a tenant' }]);
  const data = new TenantData(database, registry, tenantCode);
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
  'account.register': registerAccount,
};
