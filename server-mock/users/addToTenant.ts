/**
 * POST /api/admin/sysuser/addSysTenantUser?tenantCode=&userId=: one person in several tenants.
 * Copies a user of the caller's tenant (username, nickname, email, mobile, prefix, the
 * password hash, status, address, profile, avatar) into another existing tenant, under that
 * tenant's top organisation and with no role (the target's administrators grant roles).
 *
 * Decisions:
 * - Allowed to a ROLE_ADMIN of the platform tenant (PLATFORM_TENANT), and to a ROLE_ADMIN who
 *   also has an account with the same username holding ROLE_ADMIN in the target tenant;
 *   anyone else gets 403. (The call's URL and button grant are checked before, as always.)
 * - The target must exist (404) and differ from the caller's tenant (400).
 * - The username already in the target: 409. An email or mobile already used there: 409 too,
 *   naming the field (both are unique per tenant).
 * - Region codes are not copied: they name the source tenant's regions.
 */
import type { Row } from '../db/anyKysely.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/apiError.ts';
import { withPrincipal, type CallHandler } from '../calls/context.ts';
import { ROLE_ADMIN, userRoleCodes } from '../access/principal.ts';
import { assertUnique } from '../crud/recordRules.ts';
import { insertRecord } from '../seed/provisionTenant.ts';

const COPIED_FIELDS = ['username', 'nickname', 'email', 'prefix', 'mobile', 'status', 'address', 'profile', 'avatar'];

export const addToTenant: CallHandler = async (ctx) => {
  const { principal, data } = withPrincipal(ctx);
  const target = String(ctx.query.tenantCode).trim();
  const userId = Number(ctx.query.userId);
  if (target === principal.tenantCode) throw badRequest('The user already belongs to this tenant');
  if (!principal.isAdmin) throw forbidden('Only an administrator may add a user to another tenant');
  const tenantR = data.resource('SysTenant');
  // a deleted tenant (in its grace period) takes no new users
  const exists = await data.select(tenantR).select('id').where('tenant_code', '=', target).where('delete_time', 'is', null).executeTakeFirst();
  if (!exists) throw notFound(`No tenant "${target}"`);
  const userR = data.resource('SysUser');
  const source = (await data.select(userR).selectAll().where(`${userR.table}.id`, '=', userId).executeTakeFirst()) as Row | undefined;
  if (!source) throw notFound(`No SysUser with id ${userId}`);

  // The one place a handler writes to another tenant: only after the checks below.
  const other = data.forTenant(target);
  const platformAdmin = principal.tenantCode === ctx.services.config.platformTenant;
  if (!platformAdmin) {
    const me = (await other.select(userR).select('id').where('username', '=', principal.username).executeTakeFirst()) as Row | undefined;
    const myRoles = me ? await userRoleCodes(ctx.services.database.db, ctx.services.registry, target, Number(me.id)) : [];
    if (!myRoles.includes(ROLE_ADMIN)) throw forbidden(`You are not an administrator of tenant "${target}"`);
  }

  const record = data.toRecord(userR, source);
  const fields: Row = {};
  for (const name of COPIED_FIELDS) if (record[name] !== undefined && record[name] !== null) fields[name] = record[name];
  const taken = await other.select(userR).select('id').where('username', '=', String(source.username)).executeTakeFirst();
  if (taken) throw conflict(`User "${String(source.username)}" already exists in tenant "${target}"`, [{ field: 'username', message: 'already exists' }]);
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
