/**
 * The OAuth2 token call (password and mobile grants), the SMS code, and the public calls
 * around sign-in (tenant look-up, lock check, failure report).
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { Registry } from '../../schemas/registry/types.ts';
import type { AnyKysely, Row } from '../db/anyKysely.ts';
import { ApiError, badRequest, notFound, tooManyRequests } from '../http/apiError.ts';
import { RawResult, EnvelopeResult, type CallContext, type CallHandler } from '../calls/context.ts';
import { userRoleCodes } from '../access/principal.ts';
import { createSession } from './sessions.ts';
import { newSessionId } from './tokens.ts';
import { verifySecret } from './passwords.ts';
import { clearFailures, failureMessage, lockMessage, lockState, recordFailure } from './lockout.ts';
import { NO_TENANT_MESSAGE, SMS_CODE_DIGITS, SMS_CODE_TTL_MS, SMS_RESEND_INTERVAL_MS, WRONG_CREDENTIALS_MESSAGE } from './authLimits.ts';

function table(registry: Registry, name: string): string {
  return registry.byName.get(name)!.table;
}

/** Sign-in parameters travel in the query string; a form body is accepted too. */
function params(ctx: CallContext): Record<string, string> {
  const out: Record<string, string> = {};
  const body = ctx.body && typeof ctx.body === 'object' ? (ctx.body as Record<string, unknown>) : {};
  for (const source of [body, ctx.query]) {
    for (const [k, v] of Object.entries(source)) if (typeof v === 'string') out[k] = v;
  }
  return out;
}

function signInError(message: string, httpStatus = 400): ApiError {
  return new ApiError(httpStatus, message);
}

/** The app client named by the Basic header, checked against its stored secret and grants. */
async function authenticateClient(ctx: CallContext, db: AnyKysely, tenantCode: string, grant: string): Promise<Row> {
  const header = ctx.request.headers.authorization ?? '';
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  if (!m) throw signInError('Client authentication failed: a Basic authorization header is required', 401);
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const clientCode = colon >= 0 ? decoded.slice(0, colon) : decoded;
  const secret = colon >= 0 ? decoded.slice(colon + 1) : '';
  const client = (await db
    .selectFrom(table(ctx.services.registry, 'AppClient'))
    .selectAll()
    .where('tenant_code', '=', tenantCode)
    .where('client_code', '=', clientCode)
    .executeTakeFirst()) as Row | undefined;
  if (!client || !(await verifySecret(secret, client.client_secret))) {
    throw signInError('Client authentication failed', 401);
  }
  const grants = String(client.auth_type ?? '').split(',').map((s) => s.trim());
  if (!grants.includes(grant)) throw signInError(`The client does not allow the ${grant} grant`);
  return client;
}

async function tenantExists(ctx: CallContext, db: AnyKysely, tenantCode: string): Promise<boolean> {
  const row = await db.selectFrom(table(ctx.services.registry, 'SysTenant')).select('id').where('tenant_code', '=', tenantCode).executeTakeFirst();
  return !!row;
}

async function issueToken(ctx: CallContext, db: AnyKysely, client: Row, user: Row, tenantCode: string): Promise<RawResult> {
  const now = ctx.services.now();
  const seconds = Number(client.token_seconds) || 7200;
  const jti = newSessionId();
  const roles = await userRoleCodes(db, ctx.services.registry, tenantCode, Number(user.id));
  await createSession(db, {
    jti,
    tenantCode,
    userId: Number(user.id),
    username: String(user.username),
    clientCode: String(client.client_code),
    ip: ctx.request.ip,
    userAgent: String(ctx.request.headers['user-agent'] ?? ''),
    issuedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + seconds * 1000).toISOString(),
  });
  const token = ctx.services.tokens.sign(
    { jti, sub: Number(user.id), username: String(user.username), tenantCode, roles, clientCode: String(client.client_code) },
    seconds,
  );
  return new RawResult({
    access_token: token,
    token_type: 'bearer',
    expires_in: seconds,
    refresh_token: randomBytes(24).toString('base64url'),
    scope: String(client.auth_scope ?? 'ui'),
  });
}

async function passwordGrant(ctx: CallContext, db: AnyKysely, p: Record<string, string>, tenantCode: string, client: Row): Promise<RawResult> {
  const login = (p.username ?? '').trim();
  const password = p.password ?? '';
  if (!login || !password) throw badRequest('Username and password are required');
  const now = ctx.services.now();
  const userTable = table(ctx.services.registry, 'SysUser');
  const user = (await db
    .selectFrom(userTable)
    .selectAll()
    .where('tenant_code', '=', tenantCode)
    .where((eb) => eb.or([eb('username', '=', login), eb('email', '=', login), eb('mobile', '=', login)]))
    .orderBy('id')
    .executeTakeFirst()) as Row | undefined;
  const username = user ? String(user.username) : login;
  const state = await lockState(db, tenantCode, username, now);
  if (state.lockedUntil) throw signInError(lockMessage(state, now), 423);
  if (!user || !(await verifySecret(password, user.password))) {
    await recordFailure(db, tenantCode, username, now);
    const after = await lockState(db, tenantCode, username, now);
    throw signInError(after.lockedUntil ? lockMessage(after, now) : failureMessage(after, now) || WRONG_CREDENTIALS_MESSAGE);
  }
  if (Number(user.status) === 0) throw signInError('The account is disabled');
  await clearFailures(db, tenantCode, username);
  return issueToken(ctx, db, client, user, tenantCode);
}

async function mobileGrant(ctx: CallContext, db: AnyKysely, p: Record<string, string>, tenantCode: string, client: Row): Promise<RawResult> {
  const mobile = (p.mobile ?? '').trim();
  const code = (p.smsCaptcha ?? '').trim();
  if (!mobile || !code) throw badRequest('Mobile and SMS code are required');
  const now = ctx.services.now();
  const captcha = (await db
    .selectFrom('sys_sms_captcha')
    .selectAll()
    .where('mobile', '=', mobile)
    .where('code', '=', code)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('id', 'desc')
    .executeTakeFirst()) as Row | undefined;
  if (!captcha) throw signInError('The SMS code is wrong or has expired');
  const user = (await db
    .selectFrom(table(ctx.services.registry, 'SysUser'))
    .selectAll()
    .where('tenant_code', '=', tenantCode)
    .where('mobile', '=', mobile)
    .orderBy('id')
    .executeTakeFirst()) as Row | undefined;
  if (!user) throw signInError('No user of this tenant has this mobile number');
  if (Number(user.status) === 0) throw signInError('The account is disabled');
  const state = await lockState(db, tenantCode, String(user.username), now);
  if (state.lockedUntil) throw signInError(lockMessage(state, now), 423);
  await db.updateTable('sys_sms_captcha').set({ used_at: now.toISOString() }).where('id', '=', captcha.id as number).execute();
  return issueToken(ctx, db, client, user, tenantCode);
}

/** POST /api/uaa/oauth/token */
export const token: CallHandler = async (ctx) => {
  const db = ctx.services.database.db;
  const p = params(ctx);
  const grant = (p.grant_type ?? '').trim();
  const tenantCode = (p.tenantCode ?? '').trim();
  if (grant !== 'password' && grant !== 'mobile') throw badRequest(`Unsupported grant type "${grant}"`);
  if (!tenantCode || tenantCode.length > 64) throw badRequest('The tenant code is required (1 to 64 characters)');
  if (!(await tenantExists(ctx, db, tenantCode))) throw signInError(`Unknown tenant "${tenantCode}"`);
  const client = await authenticateClient(ctx, db, tenantCode, grant);
  return grant === 'password' ? passwordGrant(ctx, db, p, tenantCode, client) : mobileGrant(ctx, db, p, tenantCode, client);
};

/**
 * GET /api/account/captcha/getSmsCaptcha. The answer is the same whether or not the number
 * belongs to a user, so the call cannot be used to find out which numbers are registered;
 * a code is sent only to numbers of some user.
 */
export const smsCaptcha: CallHandler = async (ctx) => {
  const db = ctx.services.database.db;
  const mobile = String(ctx.query.mobile).trim();
  const now = ctx.services.now();
  const recent = (await db
    .selectFrom('sys_sms_captcha')
    .select('created_at')
    .where('mobile', '=', mobile)
    .where('created_at', '>', new Date(now.getTime() - SMS_RESEND_INTERVAL_MS).toISOString())
    .orderBy('created_at', 'desc')
    .executeTakeFirst()) as Row | undefined;
  if (recent) {
    const sent = new Date(recent.created_at instanceof Date ? recent.created_at : String(recent.created_at)).getTime();
    const wait = Math.max(1, Math.ceil((sent + SMS_RESEND_INTERVAL_MS - now.getTime()) / 1000));
    throw tooManyRequests(`A code was sent to this number less than a minute ago; try again in ${wait} seconds`);
  }
  const code = String(randomInt(0, 10 ** SMS_CODE_DIGITS)).padStart(SMS_CODE_DIGITS, '0');
  await db
    .insertInto('sys_sms_captcha')
    .values({ mobile, code, created_at: now.toISOString(), expires_at: new Date(now.getTime() + SMS_CODE_TTL_MS).toISOString() })
    .execute();
  const owner = await db.selectFrom(table(ctx.services.registry, 'SysUser')).select('id').where('mobile', '=', mobile).limit(1).executeTakeFirst();
  if (owner) await ctx.services.sms.send(mobile, code);
  return undefined;
};

/** GET queryTenantUser?userInfo=: tenants in which a user with that username, email or mobile exists. */
export const queryTenantUser: CallHandler = async (ctx) => {
  const db = ctx.services.database.db;
  const info = String(ctx.query.userInfo).trim();
  const userTable = table(ctx.services.registry, 'SysUser');
  const tenantTable = table(ctx.services.registry, 'SysTenant');
  const rows = (await db
    .selectFrom(`${userTable} as u`)
    .innerJoin(`${tenantTable} as t`, 't.tenant_code', 'u.tenant_code')
    .select(['t.tenant_code', 't.tenant_name'])
    .distinct()
    .where((eb) => eb.or([eb('u.username', '=', info), eb('u.email', '=', info), eb('u.mobile', '=', info)]))
    .orderBy('t.tenant_code')
    .execute()) as Row[];
  if (rows.length === 0) throw notFound(NO_TENANT_MESSAGE);
  return rows.map((r) => ({ tenantCode: r.tenant_code, tenantName: r.tenant_name }));
};

function lockParams(ctx: CallContext): { username: string; tenantCode: string } {
  return { username: String(ctx.query.username).trim(), tenantCode: String(ctx.query.tenantCode ?? '').trim() };
}

/** GET handleSuccess: data is the lock message of the account, or "" when it is not locked. */
export const handleSuccess: CallHandler = async (ctx) => {
  const { username, tenantCode } = lockParams(ctx);
  const now = ctx.services.now();
  const state = await lockState(ctx.services.database.db, tenantCode, username, now);
  return new EnvelopeResult(lockMessage(state, now));
};

/** GET handleFail: data describes the account's state after a failed sign-in (the token call recorded it). */
export const handleFail: CallHandler = async (ctx) => {
  const { username, tenantCode } = lockParams(ctx);
  const now = ctx.services.now();
  const state = await lockState(ctx.services.database.db, tenantCode, username, now);
  return new EnvelopeResult(failureMessage(state, now) || WRONG_CREDENTIALS_MESSAGE);
};
