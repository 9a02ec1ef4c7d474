/**
 * Roles of users (sys_role_user: roleId, userId, postCode): which roles a user holds, per post
 * or in all, and the two ways of replacing them (a user's roles, a role's users).
 *
 * A replace without a post makes the user's (or role's) whole set equal to what was sent:
 * grants kept keep their post, new ones have none. With a post, only that post's grants change.
 * Who may give or take which role to whom is decided by access/manageRules.ts: the caller holds
 * every role given or taken, may manage every user whose roles change, and the tenant keeps an
 * enabled administrator.
 */
import type { Principal } from '../access/principal.ts';
import { assertHoldsRoles, assertMayManageUsers, keepingAnAdministrator, roleCodesOf } from '../access/manageRules.ts';
import type { TenantData } from '../access/tenantData.ts';
import { withPrincipal, type CallHandler } from '../calls/context.ts';
import type { Row } from '../db/anyKysely.ts';
import { assignParam, callInput, codeParam, idList, idParam } from './grantInput.ts';
import { assertExist, assertOne, grantTransaction, recordsWhere, replaceLinks, type ReplaceReport } from './linkRows.ts';

function resources(data: TenantData) {
  return {
    role: data.resource('SysRole'),
    user: data.resource('SysUser'),
    post: data.resource('SysPost'),
    link: data.resource('SysRoleUser'),
  };
}

/** Role records as the grant pages show them. */
export function roleSummary(rec: Row): Row {
  return { id: rec.id, roleCode: rec.roleCode, roleName: rec.roleName };
}

/**
 * Who may give or take roles (access/manageRules.ts), inside the change's transaction (which a
 * refusal rolls back): every user whose roles change must be a user the caller may manage
 * (judged on their roles before the change), and the caller must hold every role given or taken.
 */
async function guardRoleChange(tx: TenantData, principal: Principal, roleIdsChanged: unknown[]): Promise<void> {
  assertHoldsRoles(principal, await roleCodesOf(tx, roleIdsChanged), 'give or take');
}

/**
 * queryRoleName: the roles of a user (assign 1 or absent) or the roles it does not have
 * (assign 0), of one post or of all. Without a user, every role of the tenant (the user form's
 * role select): a post or assign given then is still checked, but chooses nothing.
 */
export const rolesOfUser: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const r = resources(data);
  const input = callInput(ctx);
  const userId = idParam(input, 'userId', true);
  const postCode = codeParam(input, 'postCode', true);
  const assign = assignParam(input);
  if (userId !== undefined) await assertOne(data, r.user, 'id', userId, 'userId');
  if (postCode !== undefined) await assertOne(data, r.post, 'postCode', postCode, 'postCode');
  if (userId === undefined) return (await recordsWhere(data, r.role, {})).map(roleSummary);
  const granted = new Set((await recordsWhere(data, r.link, { userId, postCode })).map((l) => String(l.roleId)));
  const roles = await recordsWhere(data, r.role, {});
  return roles.filter((role) => granted.has(String(role.id)) === assign).map(roleSummary);
};

/** authorizeRoleToUser {userId, roleId[], postCode?}: replace the user's roles (of that post). */
export const rolesToUser: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const input = callInput(ctx);
  const userId = idParam(input, 'userId');
  const roleIds = idList(input, 'roleId');
  const postCode = codeParam(input, 'postCode', true);
  await grantTransaction(data, async (tx) => {
    const r = resources(tx);
    await assertOne(tx, r.user, 'id', userId, 'userId');
    await assertExist(tx, r.role, 'id', roleIds, 'roleId');
    if (postCode !== undefined) await assertOne(tx, r.post, 'postCode', postCode, 'postCode');
    await assertMayManageUsers(tx, principal, [userId], 're-grant');
    await keepingAnAdministrator(tx, async () => {
      const report: ReplaceReport = await replaceLinks(tx, { link: r.link, scope: { userId, postCode }, key: 'roleId', wanted: roleIds, now: ctx.services.now() });
      if (report.added.length || report.removed.length) await guardRoleChange(tx, principal, [...report.added, ...report.removed]);
    });
  });
  return undefined;
};

/** authorizeUserToRole {roleId, userId[], postCode?}: replace the role's users (of that post). */
export const usersToRole: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const input = callInput(ctx);
  const roleId = idParam(input, 'roleId');
  const userIds = idList(input, 'userId');
  const postCode = codeParam(input, 'postCode', true);
  await grantTransaction(data, async (tx) => {
    const r = resources(tx);
    await assertOne(tx, r.role, 'id', roleId, 'roleId');
    await assertExist(tx, r.user, 'id', userIds, 'userId');
    if (postCode !== undefined) await assertOne(tx, r.post, 'postCode', postCode, 'postCode');
    const current = new Set((await recordsWhere(tx, r.link, { roleId, postCode })).map((rec) => Number(rec.userId)));
    const wanted = new Set(userIds);
    const changing = [...new Set([...current, ...wanted])].filter((id) => current.has(id) !== wanted.has(id));
    await assertMayManageUsers(tx, principal, changing, 're-grant');
    await keepingAnAdministrator(tx, async () => {
      const report = await replaceLinks(tx, { link: r.link, scope: { roleId, postCode }, key: 'userId', wanted: userIds, now: ctx.services.now() });
      if (report.added.length || report.removed.length) await guardRoleChange(tx, principal, [roleId]);
    });
  });
  return undefined;
};
