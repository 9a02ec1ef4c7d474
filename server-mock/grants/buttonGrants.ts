/**
 * Buttons of menus (sys_menu_button: menuCode, buttonCode, buttonName): a menu's buttons as
 * checkbox options, and the menu tree with each menu's buttons. What a role holds, and
 * replacing it, are the generic link calls on SysRole.buttons (linkHandlers.ts); these two
 * answer shapes of their own (options, a tree) that a link call does not.
 */
import { withPrincipal, type CallHandler } from '../calls/context.ts';
import { buildTree, present } from '../crud/crudHandlers.ts';
import type { Row } from '../db/anyKysely.ts';
import { callInput, codeParam } from './grantInput.ts';
import { allRecords, assertOne, recordsWhere } from './linkRows.ts';

/**
 * queryMenuButtonCheckbox: the menu's buttons as checkbox options; without a menu (as the
 * platform's client asks), the buttons of every menu of the tenant.
 */
export const menuButtonCheckbox: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const menuCode = codeParam(callInput(ctx), 'menuCode', true);
  if (menuCode !== undefined) await assertOne(data, data.resource('SysMenu'), 'menuCode', menuCode, 'menuCode');
  const buttons = await recordsWhere(data, data.resource('SysMenuButton'), { menuCode });
  return buttons.map((b) => ({ label: b.buttonName, value: b.buttonCode }));
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
