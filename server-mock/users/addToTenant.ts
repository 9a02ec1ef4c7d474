/**
 * POST /api/admin/sysuser/addSysTenantUser?tenantCode=&userId= with a body {username?,
 * password}: one person in several tenants (spec 3: "A user may belong to several tenants").
 * Copies a user of the caller's tenant (username, nickname, email, mobile, prefix, the
 * password hash, status, address, profile, avatar) into another existing tenant, under that
 * tenant's top organisation and with no role (the target's administrators grant roles).
 *
 * Decisions (docs/permissions.md, "Adding a user to another tenant"):
 * - It is the target tenant's administrator who adds, proven by identity, not by a name: the
 *   body carries the username (default: the caller's) and password of an enabled ROLE_ADMIN
 *   account of the target tenant, checked as a sign-in there is (a wrong password counts
 *   towards that account's lockout, a locked account is refused with 423). A caller who is an
 *   administrator of the platform tenant, or who has an account of the same name in the
 *   target, proves nothing by that: 403 unless the credentials are right.
 * - In its own tenant the caller must be allowed to manage the user (every role of the user is
 *   a role the caller holds: access/manageRules.ts), as for any change of that user.
 * - The target must exist (404) and differ from the caller's tenant (400).
 * - The username already in the target: 409. An email or mobile already used there: 409 too,
 *   naming the field (both are unique per tenant).
 * - Region codes are not copied: they name the source tenant's regions.
 */
import { randomBytes } from 'node:crypto';
import type { Row } from '../db/anyKysely.ts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../http/apiError.ts';
import { withPrincipal, type CallContext, type CallHandler } from '../calls/context.ts';
import { ROLE_ADMIN, userRoleCodes } from '../access/principal.ts';
import { assertMayManageUsers } from '../access/manageRules.ts';
import { assertUnique } from '../crud/recordRules.ts';
import { insertRecord } from '../seed/provisionTenant.ts';
import { findLoginUser } from '../auth/loginUser.ts';
import { clearFailures, lockMessage, lockState, recordFailure } from '../access/lockout.ts';
import { hashSecret, verifySecret } from '../auth/passwords.ts';
import { LOCKED_HTTP_STATUS } from '../auth/signIn.ts';

const COPIED_FIELDS = ['username', 'nickname', 'email', 'prefix', 'mobile', 'status', 'address', 'profile', 'avatar'];

let unknownAccountHash: Promise<string> | undefined;

/**
 * 403 unless the body names an enabled ROLE_ADMIN account of the target tenant by its
 * username and password (the caller's identity there, not a matching name).
 */
async function assertTargetAdministrator(ctx: CallContext, target: string, fallbackUsername: string): Promise<void> {
  const db = ctx.system.db;
  const body = (ctx.body ?? {}) as Row;
  const login = typeof body.username === 'string' && body.username.trim() ? body.username.trim() : fallbackUsername;
  const password = typeof body.password === 'string' ? body.password : '';
  const refused = `To add a user to tenant "${target}", give the username and password of your administrator account there: they do not match an administrator of "${target}"`;
  const now = ctx.services.now();
  const account = await findLoginUser(ctx.system.tenant(target), login);
  const key = account ? String(account.username) : login;
  const state = await lockState(db, target, key, now);
  if (state.lockedUntil) throw new ApiError(LOCKED_HTTP_STATUS, lockMessage(state, now));
  unknownAccountHash ??= hashSecret(randomBytes(16).toString('base64url'));
  const passwordOk = await verifySecret(password, account ? account.password : await unknownAccountHash);
  if (!account || !passwordOk) {
    await recordFailure(db, target, key, now);
    throw forbidden(refused);
  }
  await clearFailures(db, target, key);
  const roles = await userRoleCodes(ctx.system.tenant(target), Number(account.id));
  if (Number(account.status) === 0 || !roles.includes(ROLE_ADMIN)) throw forbidden(refused);
}

export const addToTenant: CallHandler = async (ctx) => {
  const { principal, data } = withPrincipal(ctx);
  const target = String(ctx.query.tenantCode).trim();
  const userId = Number(ctx.query.userId);
  if (target === principal.tenantCode) throw badRequest('The user already belongs to this tenant');
  // a deleted tenant (in its grace period) takes no new users
  if (!(await ctx.system.tenantLive(target))) throw notFound(`No tenant "${target}"`);
  const userR = data.resource('SysUser');
  const source = (await data.select(userR).selectAll().where(`${userR.table}.id`, '=', userId).executeTakeFirst()) as Row | undefined;
  if (!source) throw notFound(`No SysUser with id ${userId}`);
  await assertMayManageUsers(data, principal, [userId], 'add to another tenant');
  await assertTargetAdministrator(ctx, target, principal.username);

  // The one place a handler writes to another tenant: only after the checks above.
  const other = ctx.system.tenant(target);
  const record = data.toRecord(userR, source);
  const fields: Row = {};
  for (const name of COPIED_FIELDS) if (record[name] !== undefined && record[name] !== null) fields[name] = record[name];
  const taken = await other.select(userR).select('id').where('username', '=', String(source.username)).executeTakeFirst();
  if (taken)
    throw conflict(`User "${String(source.username)}" already exists in tenant "${target}"`, [
      { field: 'username', message: 'already exists' },
    ]);
  await assertUnique(other, userR, fields);

  const orgR = data.resource('SysOrg');
  const org = (await other.select(orgR).select('id').where('org_parent', '=', 0).orderBy('id').executeTakeFirst()) as Row | undefined;
  if (!org) throw badRequest(`Tenant "${target}" has no organisation to put the user in`);
  const id = await other.transaction(async (tx) => {
    const newId = await insertRecord(tx, userR, { ...fields, orgId: Number(org.id) }, ctx.services.now());
    // the same password: the hash itself is copied
    await tx.update(userR).set({ password: source.password }).where('id', '=', newId).execute();
    return newId;
  });
  return { id, tenantCode: target, username: String(source.username) };
};
