/**
 * Buttons of menus (sys_menu_button: menuCode, buttonCode, buttonName) and of roles
 * (sys_role_menubutton: roleCode, buttonCode): the checkbox options of a menu, what a role
 * holds, the menu tree with its buttons, and replacing a role's buttons of one menu.
 */
import type { TenantData } from '../access/tenantData.ts';
import { withPrincipal, type CallHandler } from '../calls/context.ts';
import { buildTree, present } from '../crud/crudHandlers.ts';
import type { Row } from '../db/anyKysely.ts';
import { badRequest } from '../http/apiError.ts';
import { callInput, codeList, codeParam } from './grantInput.ts';
import { allRecords, assertOne, grantTransaction, recordsWhere, replaceLinks } from './linkRows.ts';
import { assertHoldsButtons, assertHoldsRoles, heldButtons } from '../access/manageRules.ts';

async function menuButtons(data: TenantData, menuCode: string): Promise<Row[]> {
  return recordsWhere(data, data.resource('SysMenuButton'), { menuCode });
}

async function roleButtonCodes(data: TenantData, roleCode: string): Promise<string[]> {
  const rows = await recordsWhere(data, data.resource('SysRoleMenuButton'), { roleCode });
  return [...new Set(rows.map((rec) => String(rec.buttonCode)))].sort();
}

/**
 * queryMenuButtonCheckbox: the menu's buttons as checkbox options; without a menu (as the
 * platform's client asks), the buttons of every menu of the tenant.
 */
export const menuButtonCheckbox: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const menuCode = codeParam(callInput(ctx), 'menuCode', true);
  if (menuCode !== undefined) await assertOne(data, data.resource('SysMenu'), 'menuCode', menuCode, 'menuCode');
  const buttons = menuCode === undefined ? await recordsWhere(data, data.resource('SysMenuButton'), {}) : await menuButtons(data, menuCode);
  return buttons.map((b) => ({ label: b.buttonName, value: b.buttonCode }));
};

/**
 * queryCheckedMenuButton: codes of the menu's buttons that the role holds; without a role (as
 * the platform's client asks), the codes of every button of the menu.
 */
export const checkedMenuButton: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const input = callInput(ctx);
  const menuCode = codeParam(input, 'menuCode');
  const roleCode = codeParam(input, 'roleCode', true);
  await assertOne(data, data.resource('SysMenu'), 'menuCode', menuCode, 'menuCode');
  if (roleCode !== undefined) await assertOne(data, data.resource('SysRole'), 'roleCode', roleCode, 'roleCode');
  const codes = (await menuButtons(data, menuCode)).map((b) => String(b.buttonCode));
  if (roleCode === undefined) return codes;
  const held = new Set(await roleButtonCodes(data, roleCode));
  return codes.filter((code) => held.has(code));
};

/** querySysMenuButtonTree: the menu tree, each menu with its buttons. */
export const menuButtonTree: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const menuR = data.resource('SysMenu');
  const buttons = new Map<string, Row[]>();
  for (const b of await recordsWhere(data, data.resource('SysMenuButton'), {})) {
    const list = buttons.get(String(b.menuCode)) ?? [];
    list.push({ buttonCode: b.buttonCode, buttonName: b.buttonName });
    buttons.set(String(b.menuCode), list);
  }
  const menus = await present(ctx, data, menuR, await allRecords(data, menuR));
  for (const m of menus) m.buttons = buttons.get(String(m.menuCode)) ?? [];
  return buildTree(menuR, menus);
};

/** queryMenuButtonByRoleCode: every button code the role holds. */
export const menuButtonsOfRole: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const roleCode = codeParam(callInput(ctx), 'roleCode');
  await assertOne(data, data.resource('SysRole'), 'roleCode', roleCode, 'roleCode');
  return roleButtonCodes(data, roleCode);
};

/** authorizeMenuButtonToRole {roleCode, menuCode, buttonCode[]}: replace the role's buttons of that menu. */
export const menuButtonsToRole: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const input = callInput(ctx);
  const roleCode = codeParam(input, 'roleCode');
  const menuCode = codeParam(input, 'menuCode');
  const codes = codeList(input, 'buttonCode');
  await grantTransaction(data, async (tx) => {
    await assertOne(tx, tx.resource('SysRole'), 'roleCode', roleCode, 'roleCode');
    await assertOne(tx, tx.resource('SysMenu'), 'menuCode', menuCode, 'menuCode');
    const ofMenu = (await menuButtons(tx, menuCode)).map((b) => String(b.buttonCode));
    const foreign = codes.filter((c) => !ofMenu.includes(c));
    if (foreign.length) {
      const list = foreign.map((c) => JSON.stringify(c)).join(', ');
      throw badRequest(`Not buttons of menu ${menuCode}: ${list}`, [{ field: 'buttonCode', message: `${list} ${foreign.length > 1 ? 'are not buttons' : 'is not a button'} of menu ${menuCode}` }]);
    }
    const held = await heldButtons(tx, principal);
    const report = await replaceLinks(tx, { link: tx.resource('SysRoleMenuButton'), scope: { roleCode }, key: 'buttonCode', wanted: codes, within: ofMenu, now: ctx.services.now() });
    // Grants a caller does not hold (access/manageRules.ts): the role and every button given or taken.
    if (report.added.length || report.removed.length) {
      assertHoldsRoles(principal, [roleCode], 'change the grants of');
      await assertHoldsButtons(tx, principal, [...report.added, ...report.removed].map(String), 'give or take', held);
    }
  });
  return undefined;
};
