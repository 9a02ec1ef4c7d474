/**
 * Menus of roles (sys_role_menu: roleId, menuId): which menus a role is granted, and replacing
 * them. Only what was sent is stored; the authority call adds the ancestors of granted menus.
 */
import { withPrincipal, type CallHandler } from '../calls/context.ts';
import { callInput, idList, idParam } from './grantInput.ts';
import { assertHoldsMenus, assertHoldsRoles, heldMenuIds } from '../access/manageRules.ts';
import { assertExist, assertOne, grantTransaction, recordsWhere, replaceLinks } from './linkRows.ts';

/** Distinct numeric values of a field, ascending. */
export function distinctIds(records: Record<string, unknown>[], field: string): number[] {
  return [...new Set(records.map((rec) => Number(rec[field])))].sort((a, b) => a - b);
}

/** queryMenuIdByRoleId: ids of the menus granted to the role. */
export const menusOfRole: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const roleId = idParam(callInput(ctx), 'roleId');
  await assertOne(data, data.resource('SysRole'), 'id', roleId, 'roleId');
  return distinctIds(await recordsWhere(data, data.resource('SysRoleMenu'), { roleId }), 'menuId');
};

/** authorizeMenuToRole {roleId, menuId[]}: replace the role's menus. */
export const menusToRole: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const input = callInput(ctx);
  const roleId = idParam(input, 'roleId');
  const menuIds = idList(input, 'menuId');
  await grantTransaction(data, async (tx) => {
    const role = await assertOne(tx, tx.resource('SysRole'), 'id', roleId, 'roleId');
    await assertExist(tx, tx.resource('SysMenu'), 'id', menuIds, 'menuId');
    const held = await heldMenuIds(tx, principal);
    const report = await replaceLinks(tx, { link: tx.resource('SysRoleMenu'), scope: { roleId }, key: 'menuId', wanted: menuIds, now: ctx.services.now() });
    // Grants a caller does not hold (access/manageRules.ts): the role and every menu given or taken.
    if (report.added.length || report.removed.length) {
      assertHoldsRoles(principal, [String(role.roleCode)], 'change the grants of');
      await assertHoldsMenus(tx, principal, [...report.added, ...report.removed], 'give or take', held);
    }
  });
  return undefined;
};
