/**
 * The signed-in user's own account: user info (getSysUser), profile (updateSysUserDetail) and
 * password (updatePassword). Everything goes through the caller's TenantData and concerns
 * the caller's own row only; no answer ever carries the password hash.
 */
import type { Row } from '../db/anyKysely.ts';
import { ApiError, badRequest, forbidden, notFound } from '../http/apiError.ts';
import { withPrincipal, type CallHandler } from '../calls/context.ts';
import type { TenantData } from '../access/tenantData.ts';
import { addRelationLabels, assertUnique, hashSecrets } from '../crud/recordRules.ts';
import { verifySecret } from '../auth/passwords.ts';
import { revokeUserSessions } from '../access/sessions.ts';
import { clearFailures, lockMessage, lockState, recordFailure } from '../access/lockout.ts';
import { LOCKED_HTTP_STATUS } from '../auth/signIn.ts';
import { OLD_PASSWORD_WRONG_MESSAGE } from '../auth/authLimits.ts';
import { assertPasswordPolicy } from '../auth/passwordPolicy.ts';

async function ownRow(data: TenantData, userId: number): Promise<Row> {
  const r = data.resource('SysUser');
  const row = (await data.select(r).selectAll().where(`${r.table}.id`, '=', userId).executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound('The signed-in user no longer exists');
  return row;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * GET /api/uaa/users/getSysUser: {id, username, nickname, avatar, roles, tenantCode,
 * tenantName, phone (the mobile; also as mobile), email, prefix, orgId, geographic {province,
 * city} (region codes), address, profile}. Roles are all the user's current roles (the console
 * switches among them with the RoleCode header).
 */
export const getSysUser: CallHandler = async (ctx) => {
  const { principal, data } = withPrincipal(ctx);
  const row = await ownRow(data, principal.userId);
  const tenantName = await data.tenantName();
  return {
    id: Number(row.id),
    username: text(row.username),
    nickname: text(row.nickname),
    avatar: text(row.avatar),
    roles: principal.allRoles,
    tenantCode: principal.tenantCode,
    tenantName: tenantName ?? principal.tenantCode,
    phone: text(row.mobile),
    mobile: text(row.mobile),
    prefix: text(row.prefix),
    email: text(row.email),
    orgId: row.org_id === null || row.org_id === undefined ? null : Number(row.org_id),
    geographic: { province: text(row.province_regioncode), city: text(row.city_regioncode) },
    address: text(row.address),
    profile: text(row.profile),
  };
};

/**
 * The parameters of a password change, each from the query string (where the platform's client
 * sends them) or the JSON body (where the console does; the body wins): both were checked
 * against the call's schemas, so only a missing one is left to refuse (400 naming each).
 */
function passwordChange(query: Record<string, unknown>, bodyIn: unknown): { password: string; newPassword: string; id: number } {
  const input: Record<string, unknown> = { ...query, ...(bodyIn && typeof bodyIn === 'object' ? (bodyIn as Record<string, unknown>) : {}) };
  const absent = (['password', 'newPassword', 'id'] as const).filter((name) => input[name] === undefined || input[name] === null);
  if (absent.length) {
    throw badRequest(
      `${absent.join(', ')} ${absent.length > 1 ? 'are' : 'is'} required`,
      absent.map((field) => ({ field, message: 'is required' })),
    );
  }
  return { password: String(input.password), newPassword: String(input.newPassword), id: Number(input.id) };
}

/**
 * PUT updatePassword {password, newPassword, id} (query string or body): only one's own (another id: 403), with the
 * old password (wrong: 400 "The old password is incorrect"). The new one meets the password
 * policy (auth/passwordPolicy.ts: 6 to 31 characters, not one character repeated, not the
 * username, not a common password). Decisions:
 * - A wrong old password counts as a failed sign-in of the account, and a locked account
 *   cannot change its password, so a stolen session cannot be used to guess the password.
 * - A change ends the user's other sessions (they get 401 with 50008 "the password was
 *   changed"); the session that made the change stays.
 */
export const updatePassword: CallHandler = async (ctx) => {
  const { principal, data } = withPrincipal(ctx);
  const db = ctx.system.db;
  const now = ctx.services.now();
  const body = passwordChange(ctx.query, ctx.body);
  if (body.id !== principal.userId) throw forbidden('You can only change your own password');
  const state = await lockState(db, principal.tenantCode, principal.username, now);
  if (state.lockedUntil) throw new ApiError(LOCKED_HTTP_STATUS, lockMessage(state, now));
  const row = await ownRow(data, principal.userId);
  if (!(await verifySecret(body.password, row.password))) {
    await recordFailure(db, principal.tenantCode, principal.username, now);
    throw badRequest(OLD_PASSWORD_WRONG_MESSAGE, [{ field: 'password', message: 'is incorrect' }]);
  }
  await clearFailures(db, principal.tenantCode, principal.username);
  assertPasswordPolicy(body.newPassword, principal.username, 'newPassword');
  const r = data.resource('SysUser');
  const hashed = await hashSecrets(r, { password: body.newPassword });
  await data
    .update(r)
    .set({ password: hashed.password, update_time: data.dialect.toDb('datetime', now.toISOString()) })
    .where('id', '=', principal.userId)
    .execute();
  await revokeUserSessions(db, principal.tenantCode, principal.username, 'password', now, principal.sessionId);
  return undefined;
};

/** The caller's own record as the profile shows it: every field but the password, with labels. */
async function ownRecord(data: TenantData, row: Row): Promise<Row> {
  const r = data.resource('SysUser');
  const record = data.toRecord(r, row);
  await addRelationLabels(data, r, [record]);
  return record;
}

/**
 * PUT updateSysUserDetail: the caller's own nickname, email, mobile, prefix, address, profile,
 * avatar and region codes (the body schema of the call admits nothing else: no username,
 * status, organisation or password). Email and mobile stay unique in the tenant (409). An
 * empty body changes nothing and answers the record as it is. Answers the updated record without the password. Decision: data permissions (which hide
 * fields of other users' records on the user page) do not hide one's own fields here, as
 * getSysUser does not either.
 */
export const updateDetail: CallHandler = async (ctx) => {
  const { principal, data } = withPrincipal(ctx);
  const r = data.resource('SysUser');
  const changes = ctx.body && typeof ctx.body === 'object' ? (ctx.body as Row) : {};
  const saved = await data.transaction(async (tx) => {
    const existing = tx.toRecord(r, await ownRow(tx, principal.userId));
    const merged = { ...existing, ...changes };
    await assertUnique(tx, r, merged, principal.userId);
    const row = tx.toRow(r, changes);
    if (Object.keys(row).length) {
      row.update_time = tx.dialect.toDb('datetime', ctx.services.now().toISOString());
      await tx.update(r).set(row).where('id', '=', principal.userId).execute();
    }
    return ownRow(tx, principal.userId);
  });
  return ownRecord(data, saved);
};
