/**
 * The permission screens of the system pages in Chromium against the real server: a role's
 * menus (and the editor's pages after signing in again), buttons and URLs, a role's users,
 * the roles of a URL, a user's roles with a post, adding a user to another tenant, and the
 * data permissions page (a repeated role code refused, then saved, then deleted).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import type { Resource } from '../../schemas/registry/types.ts';
import { DEMO_PASSWORD, signIn, startE2E, toast, unnamedControls, type E2E } from './harness.ts';
import { dataRows, dialog, resourceNamed, rowWith, searchOf, settled, TENANT, rowAction } from './resourceLocators.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const SysRole = resourceNamed('SysRole');
const SysUrl = resourceNamed('SysUrl');
const SysUser = resourceNamed('SysUser');
const SysRoleData = resourceNamed('SysRoleData');
const SysMenu = resourceNamed('SysMenu');
const SysOnlineUser = resourceNamed('SysOnlineUser');

/** Signs in and opens a resource page, waiting for its rows. */
async function openAs(username: string, path: string, resource: Resource, tenantCode = TENANT): Promise<Page> {
  const page = await e2e.newPage();
  await signIn(page, { username, tenantCode }, path);
  await page.waitForURL((u) => u.pathname === path);
  await settled(page, resource);
  return page;
}

/** The requests of a call made from now on. */
function watchCalls(page: Page, callName: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith(`/${callName}`)) seen.push(r);
  });
  return seen;
}

/** The node of a tree with that title. */
const treeNode = (scope: ReturnType<typeof dialog>, title: string) =>
  scope.getByRole('treeitem').filter({ has: scope.page().locator('.ant-tree-title').getByText(title, { exact: true }) });
/** The checkbox of a tree node (named by the node). */
const treeBox = (scope: ReturnType<typeof dialog>, title: string) => treeNode(scope, title).getByRole('checkbox');

/** Controls without an accessible name that the open dialog added to the page. */
async function unnamedInDialog(page: Page, before: string[]): Promise<string[]> {
  const known = new Set(before);
  return (await unnamedControls(page)).filter((html) => !known.has(html));
}

/** Chooses an option of a searchable antd select: types `search`, clicks the first option containing it. */
async function choose(page: Page, select: ReturnType<Page['getByLabel']>, search: string): Promise<void> {
  await select.click();
  await select.pressSequentially(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: search }).first().click();
}

describe('roles page', () => {
  it("authorises a role's menus: the editor loses the page after signing in again", async () => {
    const before = await openAs('editor', '/sysrole', SysRole);
    await before.context().close();

    const page = await openAs('admin', '/sysrole', SysRole);
    const named = await unnamedControls(page);
    await rowAction(rowWith(page, SysRole, 'ROLE_EDITOR'), 'Authorise');
    const box = dialog(page);
    await box.getByTestId('role-authorize').waitFor();
    const roles = treeBox(box, 'Roles');
    await expect.poll(() => roles.getAttribute('aria-checked')).toBe('true');
    // Its parent is ticked with all its children.
    await expect.poll(() => treeBox(box, 'Permission management').getAttribute('aria-checked')).toBe('true');
    expect(await unnamedInDialog(page, named)).toEqual([]);

    await roles.click();
    expect(await roles.getAttribute('aria-checked')).toBe('false');
    expect(await treeBox(box, 'Permission management').getAttribute('aria-checked')).toBe('mixed');
    const saved = page.waitForRequest((r) => r.url().endsWith('/authorizeMenuToRole'));
    await box.getByRole('button', { name: 'Confirm' }).click();
    const body = (await saved).postDataJSON() as { roleId: number; menuId: number[] };
    expect(body.menuId.length).toBeGreaterThan(10);
    await toast(page, 'The grants of Editor were saved').waitFor();
    await box.waitFor({ state: 'hidden' });

    // Reopened: the menu is no longer ticked.
    await rowAction(rowWith(page, SysRole, 'ROLE_EDITOR'), 'Authorise');
    await expect.poll(() => treeBox(dialog(page), 'Roles').getAttribute('aria-checked')).toBe('false');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    const editor = await e2e.newPage();
    await signIn(editor, { username: 'editor' });
    await editor.goto('/sysrole');
    // a menu page the user is not granted: the 401 page (an unknown URL would be 404)
    await editor.waitForURL(/\/401$/);
  });

  it('refuses to authorise a changed tab with nothing ticked, and saves buttons and URLs', async () => {
    const page = await openAs('admin', '/sysrole', SysRole);
    await rowAction(rowWith(page, SysRole, 'ROLE_VISITOR'), 'Authorise');
    const box = dialog(page);
    // Nothing changed: nothing to save.
    await box.getByTestId('role-authorize').getByRole('tree').waitFor();
    await box.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Nothing has been changed').waitFor();

    // Every menu unticked: refused before any call.
    const menuCalls = watchCalls(page, 'authorizeMenuToRole');
    const menuTree = box.getByRole('tree', { name: 'Menus of the role' });
    expect(await treeBox(box, 'Workbench').getAttribute('aria-checked')).toBe('true');
    // The visitor holds the whole home group: the workbench and its own notifications.
    expect(await treeBox(box, 'Home').getAttribute('aria-checked')).toBe('true');
    await treeBox(box, 'Home').click();
    await expect.poll(() => menuTree.locator('[role=checkbox][aria-checked=true], [role=checkbox][aria-checked=mixed]').count()).toBe(0);
    await box.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Please tick the data to authorise (Menus)').waitFor();
    expect(menuCalls).toHaveLength(0);
    await treeBox(box, 'Home').click();

    // Buttons: the role holds none; grant one of the users page.
    await box.getByRole('tab', { name: 'Buttons' }).click();
    const buttons = box.getByRole('tree', { name: 'Buttons of the role' });
    await buttons.waitFor();
    await treeNode(box, 'Users').locator('.ant-tree-switcher').click();
    await treeBox(box, 'Users: Query').click();

    // Calls: grouped by page and named by action; what the query button needs is ticked already.
    await box.getByRole('tab', { name: 'Calls' }).click();
    const calls = box.getByRole('tree', { name: 'Calls of the role' });
    await calls.waitFor();
    await box.getByRole('tabpanel').getByLabel('Search pages and actions').fill('Users');
    const usersQuery = calls
      .getByRole('treeitem')
      .filter({ has: page.locator('.role-grant-title').getByText(/^Query/) })
      .filter({ has: page.locator('.role-need', { hasText: 'needed by Users: Query' }) });
    await usersQuery.first().waitFor();
    expect(await usersQuery.first().locator('.ant-tree-checkbox-checked').count()).toBe(1);

    const buttonCall = page.waitForRequest(
      (r) => r.url().endsWith('/authorizeMenuButtonToRole') && (r.postDataJSON() as { menuCode: string }).menuCode === 'sysuser',
    );
    const urlCall = page.waitForRequest((r) => r.url().endsWith('/authorizeUrlToRole'));
    await box.getByRole('button', { name: 'Confirm' }).click();
    expect((await buttonCall).postDataJSON()).toMatchObject({ roleCode: 'ROLE_VISITOR', menuCode: 'sysuser' });
    expect(((await buttonCall).postDataJSON() as { buttonCode: string[] }).buttonCode).toContain('sysuser:query');
    // the calls ticked with the query button (its page's list and look-ups)
    expect(((await urlCall).postDataJSON() as { urlId: number[] }).urlId.length).toBeGreaterThan(1);
    await toast(page, 'The grants of Visitor were saved').waitFor();
    // The menus were not changed in the end: not sent.
    expect(menuCalls).toHaveLength(0);
  });

  it('assigns users to a role: an empty selection is refused, then saved', async () => {
    const page = await openAs('admin', '/sysrole', SysRole);
    const named = await unnamedControls(page);
    await rowAction(rowWith(page, SysRole, 'ROLE_VISITOR'), 'Assign users');
    const box = dialog(page);
    await box.getByTestId('assign-assignUser').waitFor();
    const visitor = treeBox(box, 'visitor');
    await expect.poll(() => visitor.getAttribute('aria-checked')).toBe('true');
    expect(await treeBox(box, 'editor').getAttribute('aria-checked')).toBe('false');
    expect(await unnamedInDialog(page, named)).toEqual([]);

    const calls = watchCalls(page, 'authorizeUserToRole');
    await visitor.click();
    await box.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Please select the users to assign').waitFor();
    expect(calls).toHaveLength(0);

    await treeBox(box, 'editor').click();
    await treeBox(box, 'visitor').click();
    const saved = page.waitForRequest((r) => r.url().endsWith('/authorizeUserToRole'));
    await box.getByRole('button', { name: 'Confirm' }).click();
    const body = (await saved).postDataJSON() as { roleId: number; userId: number[] };
    expect(body.userId).toHaveLength(2);
    await toast(page, 'The users of Visitor were saved').waitFor();

    await rowAction(rowWith(page, SysRole, 'ROLE_VISITOR'), 'Assign users');
    await expect.poll(() => treeBox(dialog(page), 'editor').getAttribute('aria-checked')).toBe('true');
  });
});

describe('menus page', () => {
  it("lists a menu's data permissions from its row; the list's own add starts on that menu", async () => {
    const page = await openAs('admin', '/sysmenu', SysMenu);
    const search = searchOf(page, SysMenu);
    await search.getByLabel('Menu name', { exact: true }).fill('Users');
    await search.getByRole('button', { name: 'Query', exact: true }).click();
    const users = dataRows(page, SysMenu).filter({ has: page.getByRole('cell', { name: 'sysuser', exact: true }) });
    const asked = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/queryDataFieldByMenuCode'));
    await rowAction(users, 'Data permissions');
    expect(new URL((await asked).url()).searchParams.get('menuCode')).toBe('sysuser');
    const box = dialog(page);
    const rows = box.getByTestId('table-SysRoleData').locator('[role=row][data-row-id]');
    const editor = rows.filter({ hasText: 'ROLE_EDITOR' });
    await editor.waitFor();
    expect(await editor.innerText()).toContain('address');

    await box.getByRole('button', { name: 'Add data permission' }).click();
    const add = dialog(page);
    await add.getByTestId('data-permission-add').waitFor();
    // The menu is chosen already: its existing row is loaded.
    await expect.poll(() => add.getByLabel('Role code of row 1').count()).toBe(1);
    await add.getByRole('button', { name: 'Cancel' }).click();
    await add.getByTestId('data-permission-add').waitFor({ state: 'hidden' });
    expect(await rows.count()).toBeGreaterThan(0);
  });
});

describe('URL permissions page', () => {
  it('needs a role checked to authorise a URL', async () => {
    const page = await openAs('admin', '/sysurl', SysUrl);
    await rowAction(dataRows(page, SysUrl).first(), 'Authorise roles');
    const box = dialog(page);
    await box.getByTestId('assign-authorize').waitFor();
    const admin = box.getByRole('checkbox', { name: 'Administrator' });
    await expect.poll(() => admin.isChecked()).toBe(true);
    for (const name of ['Administrator', 'Editor', 'Visitor']) await box.getByRole('checkbox', { name }).uncheck();
    const calls = watchCalls(page, 'authorizeRoleToUrl');
    await box.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'A role must be checked').waitFor();
    expect(calls).toHaveLength(0);

    await admin.check();
    const saved = page.waitForRequest((r) => r.url().endsWith('/authorizeRoleToUrl'));
    await box.getByRole('button', { name: 'Confirm' }).click();
    expect(((await saved).postDataJSON() as { roleId: number[] }).roleId).toHaveLength(1);
    await box.waitFor({ state: 'hidden' });
  });
});

describe('users page', () => {
  it("grants a role to a user with the user's post", async () => {
    const page = await openAs('admin', '/sysuser', SysUser);
    const named = await unnamedControls(page);
    await rowAction(rowWith(page, SysUser, 'visitor'), 'Grant role');
    const box = dialog(page);
    await box.getByTestId('assign-grantRole').waitFor();
    await box.getByText('Engineer (main post)').waitFor();
    const editorRole = box.getByRole('checkbox', { name: 'Editor ROLE_EDITOR', exact: true });
    await editorRole.check();
    expect(await unnamedInDialog(page, named)).toEqual([]);
    await box.getByRole('button', { name: /\bGrant$/ }).click();
    await expect.poll(() => box.getByRole('list', { name: 'Granted roles' }).innerText()).toContain('ROLE_EDITOR');

    const saved = page.waitForRequest((r) => r.url().endsWith('/authorizeRoleToUser'));
    await box.getByRole('button', { name: 'Confirm' }).click();
    const body = (await saved).postDataJSON() as { userId: number; roleId: number[]; postCode?: string };
    expect(body.postCode).toBe('engineer');
    expect(body.roleId.length).toBeGreaterThanOrEqual(1);
    await toast(page, 'The roles of visitor were saved').waitFor();

    await rowAction(rowWith(page, SysUser, 'visitor'), 'Grant role');
    await expect.poll(() => dialog(page).getByRole('list', { name: 'Granted roles' }).innerText()).toContain('ROLE_EDITOR');
  });

  it('adds a user to another tenant, once', async () => {
    const page = await openAs('admin', '/sysuser', SysUser);
    await rowAction(rowWith(page, SysUser, 'editor'), 'Add to tenant');
    const box = dialog(page);
    await box.getByTestId('add-to-tenant').waitFor();
    const tenant = box.getByLabel('Tenant', { exact: true });
    await tenant.waitFor();
    await box.getByRole('button', { name: 'Confirm' }).click();
    await box.getByText('Please select a tenant').waitFor();
    await box.getByText('Please enter your password in that tenant').waitFor();
    await choose(page, tenant, 'acme');
    // the caller proves to be acme's administrator: its username (prefilled) and password there
    expect(await box.getByLabel('Your username in that tenant').inputValue()).toBe('admin');
    await box.getByLabel('Your password in that tenant').fill(DEMO_PASSWORD);
    const saved = page.waitForRequest((r) => r.url().includes('/addSysTenantUser'));
    await box.getByRole('button', { name: 'Confirm' }).click();
    const request = await saved;
    expect(new URL(request.url()).searchParams.get('tenantCode')).toBe('acme');
    expect(request.postDataJSON()).toEqual({ password: DEMO_PASSWORD, username: 'admin' });
    await toast(page, /editor was added to tenant/).waitFor();

    await rowAction(rowWith(page, SysUser, 'editor'), 'Add to tenant');
    await choose(page, dialog(page).getByLabel('Tenant', { exact: true }), 'acme');
    await dialog(page).getByLabel('Your password in that tenant').fill(DEMO_PASSWORD);
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await toast(page, /already exists/).waitFor();
  });

  it("shows the server's refusal when the tenants cannot be listed", async () => {
    const page = await openAs('admin', '/sysuser', SysUser, 'acme');
    await rowAction(rowWith(page, SysUser, 'admin'), 'Add to tenant');
    const box = dialog(page);
    await box.getByText('The data could not be loaded').waitFor();
    expect((await box.locator('.ant-alert-description').innerText()).trim()).not.toBe('');
    await box.getByRole('button', { name: 'Close' }).last().click();
  });
});

describe('data permissions page', () => {
  it('adds rows for a menu: a repeated role code is refused, then saved, then deleted', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' }, '/datapermission');
    await page.waitForURL(/\/datapermission$/);
    // The generic page (SysRoleData's list.source): no rows asked for until a menu is chosen.
    await page.getByText('Choose an entry of Menus on the left to see its records').waitFor();
    const menus = page.getByRole('navigation', { name: 'Filter by Menus' });
    const asked = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/queryDataFieldByMenuCode'));
    await menus.getByText('Users', { exact: true }).click();
    expect(new URL((await asked).url()).searchParams.get('menuCode')).toBe('sysuser');
    const rows = dataRows(page, SysRoleData);
    await expect.poll(() => rows.first().innerText()).toContain('ROLE_EDITOR');
    const named = await unnamedControls(page);
    // The page's own controls are all named (the shell's are checked elsewhere).
    expect(
      await page.getByTestId('resource-page').evaluate((el, list) => list.filter((html) => el.innerHTML.includes(html)), named),
    ).toEqual([]);

    await page.getByRole('button', { name: 'Add data permission' }).click();
    const box = dialog(page);
    await box.getByTestId('data-permission-add').waitFor();
    // The menu's existing row comes first.
    await box.getByLabel('Role code of row 1').waitFor();
    await box.getByRole('button', { name: 'Add a row' }).click();
    await choose(page, box.getByLabel('Role code of row 2'), 'ROLE_EDITOR');
    await choose(page, box.getByLabel('Filtered fields of row 2'), 'mobile');
    await box.getByLabel('Filtered fields of row 2').press('Escape');
    expect(await unnamedInDialog(page, named)).toEqual([]);

    const calls = watchCalls(page, 'authorizeMenuDataToRole');
    await box.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'The role code cannot be the same').waitFor();
    await box.locator('.resource-action-error').filter({ hasText: 'The role code cannot be the same' }).waitFor();
    expect(calls).toHaveLength(0);

    await choose(page, box.getByLabel('Role code of row 2'), 'ROLE_VISITOR');
    const saved = page.waitForRequest((r) => r.url().endsWith('/authorizeMenuDataToRole'));
    await box.getByRole('button', { name: 'Confirm' }).click();
    const body = (await saved).postDataJSON() as { menuCode: string; data: { roleCode: string; dataFields: string }[] };
    expect(body.menuCode).toBe('sysuser');
    // The editor's existing row is kept as it was, the new row added.
    expect(body.data.map((d) => d.roleCode)).toEqual(['ROLE_EDITOR', 'ROLE_VISITOR']);
    expect(body.data[0]!.dataFields).toMatch(/^[A-Za-z]\w*(,[A-Za-z]\w*)*$/);
    expect(body.data[1]).toEqual({ roleCode: 'ROLE_VISITOR', dataFields: 'mobile' });
    await toast(page, 'The data permissions were saved').waitFor();
    await expect
      .poll(() => rows.allInnerTexts())
      .toEqual([expect.stringContaining('ROLE_EDITOR'), expect.stringContaining('ROLE_VISITOR')]);

    await rowAction(rows.filter({ hasText: 'ROLE_VISITOR' }), 'Delete data permission');
    await dialog(page).getByText('Do you want to delete this record?').waitFor();
    const deleted = page.waitForRequest((r) => r.url().endsWith('/deleteDataField'));
    await dialog(page).getByRole('button', { name: 'Delete', exact: true }).click();
    expect((await deleted).postDataJSON()).toEqual({ menuCode: 'sysuser', roleCode: 'ROLE_VISITOR' });
    await toast(page, 'Deleted').waitFor();
    await expect.poll(() => rows.count()).toBe(1);
  });
});

describe('data permissions that cannot break a form', () => {
  it('refuses to hide Mobile from the editor, who adds users: the message says why and nothing is saved', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' }, '/datapermission');
    await page.waitForURL(/\/datapermission$/);
    const menus = page.getByRole('navigation', { name: 'Filter by Menus' });
    await menus.getByText('Users', { exact: true }).click({ timeout: 15_000 });
    const rows = dataRows(page, SysRoleData);
    await expect.poll(() => rows.first().innerText()).toContain('ROLE_EDITOR');
    const before = await rows.allInnerTexts();

    await page.getByRole('button', { name: 'Add data permission' }).click();
    const box = dialog(page);
    await box.getByLabel('Role code of row 1').waitFor();
    await choose(page, box.getByLabel('Filtered fields of row 1'), 'mobile');
    await box.getByLabel('Filtered fields of row 1').press('Escape');
    const saved = page.waitForResponse((r) => r.url().endsWith('/authorizeMenuDataToRole'));
    await box.getByRole('button', { name: 'Confirm' }).click();
    expect((await saved).status()).toBe(400);
    await toast(page, /"mobile" is required to add SysUser records, and ROLE_EDITOR holds the add button/).waitFor({ timeout: 15_000 });
    await box.getByLabel('Role code of row 1').waitFor();
    await box.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => rows.allInnerTexts()).toEqual(before);
  });
});

describe('online users page', () => {
  it("lists the tenant's sessions and signs a user out everywhere: the user's next call asks to log in again", async () => {
    const editor = await e2e.newPage();
    await signIn(editor, { username: 'editor' });
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' }, '/onlinesysuser');
    // The generic page (SysOnlineUser, rows of queryOnlineSysUser).
    const rows = dataRows(page, SysOnlineUser);
    await rows.filter({ hasText: 'editor' }).first().waitFor();
    // The admin's own session is marked and cannot be ended from here (hideWhen: current).
    const own = rows.filter({ hasText: 'This session' });
    expect(await own.count()).toBe(1);
    expect(await own.getByRole('button', { name: 'Force sign-out' }).count()).toBe(0);
    expect(await unnamedControls(page)).toEqual([]);
    await rowAction(rows.filter({ hasText: 'editor' }).first(), 'Force sign-out');
    await dialog(page).getByText('Sign editor out on every device?').waitFor();
    await dialog(page).getByRole('button', { name: 'Force sign-out' }).click();
    await toast(page, 'editor signed out').first().waitFor();
    await expect.poll(() => rows.filter({ hasText: 'editor' }).count()).toBe(0);
    // The editor's next request is refused and the console offers to log in again.
    await editor.reload();
    await editor.waitForURL((u) => u.pathname === '/login');
  });
});
