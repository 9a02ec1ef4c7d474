/**
 * URLs of roles (sys_role_url: roleId, urlId): the API calls a role may make. Read and replaced
 * from either side (the URL page grants roles to a URL, the role page URLs to a role).
 */
import { withPrincipal, type CallHandler } from '../calls/context.ts';
import { callInput, idList, idParam } from './grantInput.ts';
import { assertExist, assertOne, grantTransaction, recordsWhere, replaceLinks } from './linkRows.ts';
import { distinctIds } from './menuGrants.ts';
import { assertHoldsRoles, assertHoldsUrls, heldUrlIds, roleCodesOf } from '../access/manageRules.ts';

/** queryRoleIdByUrlId: ids of the roles granted the URL. */
export const rolesOfUrl: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const urlId = idParam(callInput(ctx), 'urlId');
  await assertOne(data, data.resource('SysUrl'), 'id', urlId, 'urlId');
  return distinctIds(await recordsWhere(data, data.resource('SysRoleUrl'), { urlId }), 'roleId');
};

/** queryUrlIdByRoleId: ids of the URLs granted to the role. */
export const urlsOfRole: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const roleId = idParam(callInput(ctx), 'roleId');
  await assertOne(data, data.resource('SysRole'), 'id', roleId, 'roleId');
  return distinctIds(await recordsWhere(data, data.resource('SysRoleUrl'), { roleId }), 'urlId');
};

/** authorizeRoleToUrl {urlId, roleId[]}: replace the roles granted the URL. */
export const rolesToUrl: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const input = callInput(ctx);
  const urlId = idParam(input, 'urlId');
  const roleIds = idList(input, 'roleId');
  await grantTransaction(data, async (tx) => {
    await assertOne(tx, tx.resource('SysUrl'), 'id', urlId, 'urlId');
    await assertExist(tx, tx.resource('SysRole'), 'id', roleIds, 'roleId');
    const held = await heldUrlIds(tx, principal);
    const report = await replaceLinks(tx, { link: tx.resource('SysRoleUrl'), scope: { urlId }, key: 'roleId', wanted: roleIds, now: ctx.services.now() });
    // Grants a caller does not hold (access/manageRules.ts): the URL and every role given it or losing it.
    if (report.added.length || report.removed.length) {
      await assertHoldsUrls(tx, principal, [urlId], 'give or take', held);
      assertHoldsRoles(principal, await roleCodesOf(tx, [...report.added, ...report.removed]), 'change the grants of');
    }
  });
  return undefined;
};

/** authorizeUrlToRole {roleId, urlId[]}: replace the URLs granted to the role. */
export const urlsToRole: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const input = callInput(ctx);
  const roleId = idParam(input, 'roleId');
  const urlIds = idList(input, 'urlId');
  await grantTransaction(data, async (tx) => {
    const role = await assertOne(tx, tx.resource('SysRole'), 'id', roleId, 'roleId');
    await assertExist(tx, tx.resource('SysUrl'), 'id', urlIds, 'urlId');
    const held = await heldUrlIds(tx, principal);
    const report = await replaceLinks(tx, { link: tx.resource('SysRoleUrl'), scope: { roleId }, key: 'urlId', wanted: urlIds, now: ctx.services.now() });
    // Grants a caller does not hold (access/manageRules.ts): the role and every URL given or taken.
    if (report.added.length || report.removed.length) {
      assertHoldsRoles(principal, [String(role.roleCode)], 'change the grants of');
      await assertHoldsUrls(tx, principal, [...report.added, ...report.removed], 'give or take', held);
    }
  });
  return undefined;
};
