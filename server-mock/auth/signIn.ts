/**
 * POST /api/uaa/oauth/token: the OAuth2 token call with the password and mobile grants.
 *
 * Parameters travel in the query string (as the platform's console sends them); a form body
 * is read too, the query string winning. The answer is the plain OAuth2 object, not the
 * envelope. Failures are envelopes with a clear message:
 * - 400: unknown tenant, unsupported grant, wrong username or password (with the attempts
 *   left), disabled account, wrong or expired SMS code;
 * - 401: the app client of the Basic header is unknown or its secret is wrong (OAuth2's
 *   invalid_client);
 * - 423: the account is locked. Decision: a lock gets its own status so that API clients can
 *   tell it from wrong credentials; the console treats every failure alike and shows the
 *   message, which says the same.
 */
import { randomBytes } from 'node:crypto';
import type { Row } from '../db/anyKysely.ts';
import { ApiError, badRequest } from '../http/apiError.ts';
import { RawResult, type CallContext, type CallHandler } from '../calls/context.ts';
import { userRoleCodes } from '../access/principal.ts';
import type { TenantData } from '../access/tenantData.ts';
import { createSession } from '../access/sessions.ts';
import { randomToken } from './tokens.ts';
import { hashSecret, verifySecret } from './passwords.ts';
import { clearFailures, failureMessage, lockMessage, lockState, recordFailure } from '../access/lockout.ts';
import { findLoginUser } from './loginUser.ts';
import { checkSmsCode, markSmsCodeUsed } from './smsCaptcha.ts';
import { DISABLED_MESSAGE, WRONG_CREDENTIALS_MESSAGE, WRONG_SMS_CODE_MESSAGE } from './authLimits.ts';
import { auditEvent, setAuditActor } from '../audit/auditTrail.ts';
import { countLockout, countSignIn } from '../monitoring/serverMetrics.ts';

/** HTTP status of a sign-in refused because the account is locked. */
export const LOCKED_HTTP_STATUS = 423;
/** Token lifetime when an app client has none. */
const DEFAULT_TOKEN_SECONDS = 7200;
const MAX_TENANT_CODE_LENGTH = 64;

/** Sign-in parameters: the query string, and a form body when there is one. */
function params(ctx: CallContext): Record<string, string> {
  const out: Record<string, string> = {};
  const body = ctx.body && typeof ctx.body === 'object' && !Array.isArray(ctx.body) ? (ctx.body as Record<string, unknown>) : {};
  for (const source of [body, ctx.query]) {
    for (const [k, v] of Object.entries(source)) if (typeof v === 'string') out[k] = v;
  }
  return out;
}

let dummyHash: Promise<string> | undefined;
/**
 * A hash to check a password against when the login names no user, so that an unknown name
 * takes as long to refuse as a wrong password (the time does not tell which names exist).
 */
function hashForUnknownUser(): Promise<string> {
  dummyHash ??= hashSecret(randomBytes(16).toString('base64url'));
  return dummyHash;
}

/** The app client named by the Basic header, checked against its stored secret and grants. */
export async function authenticateClient(ctx: CallContext, data: TenantData, grant: string): Promise<Row> {
  const header = ctx.request.headers.authorization ?? '';
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  if (!m) throw new ApiError(401, 'Client authentication failed: a Basic authorization header is required');
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const clientCode = colon >= 0 ? decoded.slice(0, colon) : decoded;
  const secret = colon >= 0 ? decoded.slice(colon + 1) : '';
  const client = (await data.select(data.resource('AppClient')).selectAll().where('client_code', '=', clientCode).executeTakeFirst()) as
    Row | undefined;
  // An empty secret passes only when the stored hash is the hash of the empty string.
  if (!client || !(await verifySecret(secret, client.client_secret))) throw new ApiError(401, 'Client authentication failed');
  const grants = String(client.auth_type ?? '')
    .split(',')
    .map((s) => s.trim());
  if (!grants.includes(grant)) throw badRequest(`The client does not allow the ${grant} grant`);
  return client;
}

/** The scope of the token: the requested one, which must be among the client's scopes. */
function grantedScope(client: Row, requested: string | undefined): string {
  const allowed = String(client.auth_scope ?? '')
    .split(/[\s,]+/)
    .filter(Boolean);
  const asked = (requested ?? '').split(/[\s,]+/).filter(Boolean);
  if (asked.length === 0) return allowed.join(' ');
  const bad = asked.filter((s) => !allowed.includes(s));
  if (bad.length) throw badRequest(`Invalid scope: ${bad.join(' ')}`);
  return asked.join(' ');
}

async function issueToken(ctx: CallContext, data: TenantData, client: Row, scope: string, user: Row): Promise<RawResult> {
  const tenantCode = data.tenantCode;
  const now = ctx.services.now();
  const seconds = Number(client.token_seconds) || DEFAULT_TOKEN_SECONDS;
  const jti = randomToken();
  const userId = Number(user.id);
  const username = String(user.username);
  const clientCode = String(client.client_code);
  const roles = await userRoleCodes(data, userId);
  await createSession(ctx.system.db, {
    jti,
    tenantCode,
    userId,
    username,
    clientCode,
    ip: ctx.request.ip,
    userAgent: String(ctx.request.headers['user-agent'] ?? ''),
    issuedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + seconds * 1000).toISOString(),
  });
  // The token's own times (iat, exp) are real time: verification checks them against the system clock.
  const token = ctx.services.tokens.sign({ jti, sub: userId, username, tenantCode, roles, clientCode }, seconds);
  return new RawResult({
    access_token: token,
    token_type: 'bearer',
    expires_in: seconds,
    // Opaque; the refresh grant is not offered.
    refresh_token: randomBytes(24).toString('base64url'),
    scope,
  });
}

async function passwordGrant(ctx: CallContext, data: TenantData, p: Record<string, string>): Promise<Row> {
  const db = ctx.system.db;
  const tenantCode = data.tenantCode;
  const login = (p.username ?? '').trim();
  // The password is taken as typed: never trimmed.
  const password = p.password ?? '';
  if (!login || !password) throw badRequest('Username and password are required');
  const now = ctx.services.now();
  const user = await findLoginUser(data, login);
  const key = user ? String(user.username) : login;
  const state = await lockState(db, tenantCode, key, now);
  // A locked account is refused before its password is looked at: even the right one fails.
  if (state.lockedUntil) throw new ApiError(LOCKED_HTTP_STATUS, lockMessage(state, now));
  const passwordOk = await verifySecret(password, user ? user.password : await hashForUnknownUser());
  if (!user || !passwordOk) {
    await recordFailure(db, tenantCode, key, now);
    const after = await lockState(db, tenantCode, key, now);
    if (after.lockedUntil) {
      // the sign-in fails, the lockout it caused is a write of its own (server-mock/audit/)
      const event = { action: 'lockout', userId: user ? Number(user.id) : null, username: key, now: ctx.services.now };
      await auditEvent(data, ctx.request, ctx.call, ctx.resource, event);
      countLockout(ctx.services);
      throw new ApiError(LOCKED_HTTP_STATUS, lockMessage(after, now));
    }
    throw badRequest(failureMessage(after, now) || WRONG_CREDENTIALS_MESSAGE);
  }
  // Said only to someone who knows the password.
  if (Number(user.status) === 0) throw badRequest(DISABLED_MESSAGE);
  await clearFailures(db, tenantCode, key);
  return user;
}

/**
 * The mobile grant: a live code sent to the number, and the tenant's user with that number.
 * Decision: a lock (from failed passwords) does not stop this grant, and a sign-in by it lifts
 * the lock. The lock is there to stop guessing the password; whoever holds the phone and its
 * code has the second factor, so an attacker who locks an account with five wrong passwords
 * does not keep its owner out. The SMS code has its own limits (smsCaptcha.ts).
 */
async function mobileGrant(ctx: CallContext, data: TenantData, p: Record<string, string>): Promise<Row> {
  const db = ctx.system.db;
  const tenantCode = data.tenantCode;
  const mobile = (p.mobile ?? '').trim();
  const code = (p.smsCaptcha ?? '').trim();
  if (!mobile || !code) throw badRequest('Mobile and SMS code are required');
  const now = ctx.services.now();
  const codeId = await checkSmsCode(db, mobile, code, now);
  const user = (await data.select(data.resource('SysUser')).selectAll().where('mobile', '=', mobile).orderBy('id').executeTakeFirst()) as
    Row | undefined;
  // Whoever got here holds the phone: telling them the tenant has no such user leaks nothing.
  if (!user) throw badRequest('No user of this tenant has this mobile number');
  if (Number(user.status) === 0) throw badRequest(DISABLED_MESSAGE);
  if (!(await markSmsCodeUsed(db, codeId, mobile, now))) throw badRequest(WRONG_SMS_CODE_MESSAGE);
  await clearFailures(db, tenantCode, String(user.username));
  return user;
}

/** The token call, its outcome counted in the server's figures (server-mock/monitoring/). */
export const token: CallHandler = async (ctx) => {
  const grant = (params(ctx).grant_type ?? '').trim();
  try {
    const answer = await signIn(ctx);
    countSignIn(ctx.services, grant, 'success');
    return answer;
  } catch (err) {
    const locked = err instanceof ApiError && err.httpStatus === LOCKED_HTTP_STATUS;
    countSignIn(ctx.services, grant, locked ? 'locked' : 'refused');
    throw err;
  }
};

async function signIn(ctx: CallContext): Promise<RawResult> {
  const p = params(ctx);
  const grant = (p.grant_type ?? '').trim();
  const tenantCode = (p.tenantCode ?? '').trim();
  if (grant !== 'password' && grant !== 'mobile') throw badRequest(`Unsupported grant type "${grant}"`);
  if (!tenantCode || tenantCode.length > MAX_TENANT_CODE_LENGTH)
    throw badRequest(`The tenant code is required (1 to ${MAX_TENANT_CODE_LENGTH} characters)`);
  // A deleted tenant (in its grace period, server-mock/tenants/) is no tenant to sign in to.
  if (!(await ctx.system.tenantLive(tenantCode))) throw badRequest(`Unknown tenant "${tenantCode}"`);
  const data = ctx.system.tenant(tenantCode);
  const client = await authenticateClient(ctx, data, grant);
  const scope = grantedScope(client, p.scope);
  const user = grant === 'password' ? await passwordGrant(ctx, data, p) : await mobileGrant(ctx, data, p);
  const answer = await issueToken(ctx, data, client, scope, user);
  setAuditActor(ctx.request, { tenantCode, userId: Number(user.id), username: String(user.username) });
  return answer;
}
