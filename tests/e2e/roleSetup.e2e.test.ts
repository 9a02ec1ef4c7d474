/**
 * Setting up a role and switching posts, in Chromium as an administrator and a user do it:
 * - from an empty role to a working page through the role screens only: the administrator adds
 *   a role, ticks the Users page (found with the tree search, named by page), sees the buttons
 *   and calls the page needs ticked with it before saving, marked "needed by Users" (the calls
 *   grouped by page and named by action), unticks one and ticks it again, saves exactly what is
 *   ticked, and assigns the role to a user; that user signs in and sees the users list without
 *   an error;
 * - the post switch: choosing a post makes its roles the roles in force (the menu, and the
 *   server refuses the other post's call with 403 for the requests the console makes); the
 *   choice survives a reload; clearing it returns to every role; choosing an organisation
 *   limits the posts offered to those held in it or under it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { client, signIn as apiSignIn, type Envelope, type PageData } from '../api/harness.ts';
import { networkQuiet, signIn, startE2E, textsOf, toast, type E2E } from './harness.ts';
import { dialog, openedDialog, resourceNamed, rowAction, rowWith, say, settled, TENANT, type Api } from './resourceLocators.ts';

const SysRole = resourceNamed('SysRole');
const SysUser = resourceNamed('SysUser');
const WAIT = { timeout: 20_000 };
const PASSWORD = 'Setup#2026x';
const ADMIN_GROUP = textsOf('schemas/locales/en.json')('route.admin');

let e2e: E2E;
let admin: Api;

beforeAll(async () => {
  e2e = await startE2E();
  admin = client(e2e.url, await apiSignIn(e2e.url, TENANT, 'admin'));
});

afterAll(async () => {
  await e2e?.close();
});

const errorToasts = (page: Page) => page.locator('.ant-message-error:visible, .ant-notification-notice-error:visible');

async function orgId(name: string): Promise<number> {
  const list = (await admin.get<Envelope<PageData>>('/api/admin/sysorg/querySysOrg', { pageSize: 1000 })).body.data!.list;
  return Number(list.find((o) => o.orgName === name)!.id);
}

/** A user without any role, added through the API (the role screens assign it). */
async function addUser(username: string, mobile: string): Promise<number> {
  const res = await admin.post<Envelope<{ id: number }>>('/api/admin/sysuser/addSysUser', {
    username,
    nickname: username,
    email: `${username}@demo.example.com`,
    prefix: '+86',
    mobile,
    orgId: await orgId('Information Department'),
    status: 1,
    password: PASSWORD,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!.id;
}

const treeNode = (scope: ReturnType<typeof dialog>, title: string) =>
  scope.getByRole('treeitem').filter({ has: scope.page().locator('.ant-tree-title').getByText(title, { exact: true }) });
const treeBox = (scope: ReturnType<typeof dialog>, title: string) => treeNode(scope, title).getByRole('checkbox');

describe('setting up a role', () => {
  it('takes an empty role to a working users page through the role screens only', async () => {
    await addUser('clerk2', '13900000081');
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' }, '/sysrole');
    await page.waitForURL((u) => u.pathname === '/sysrole');
    await settled(page, SysRole);

    // add the role
    await page
      .getByRole('button', { name: say('resource.actions.add'), exact: true })
      .first()
      .click();
    const form = await openedDialog(page.getByRole('dialog'));
    await form.getByLabel('Role code', { exact: true }).fill('ROLE_CLERK2');
    await form.getByLabel('Role name', { exact: true }).fill('Clerk');
    await form.getByRole('button', { name: say('common.save'), exact: true }).click();
    await rowWith(page, SysRole, 'ROLE_CLERK2').waitFor(WAIT);

    // the Users page, found by name: what it needs is ticked at once, before saving, marked as needed by it
    await rowAction(rowWith(page, SysRole, 'ROLE_CLERK2'), 'Authorise');
    const box = dialog(page);
    await box.getByTestId('role-authorize').getByRole('tree').first().waitFor(WAIT);
    const pane = box.getByRole('tabpanel');
    // only pages the console renders are offered: no raw codes, the demo permission page left out
    expect(await box.getByRole('tree', { name: 'Menus of the role' }).innerText()).not.toMatch(/sysuser|:query/);
    await pane.getByLabel('Search pages and actions').fill('Users');
    await treeBox(box, 'Users').click();
    await expect.poll(() => box.getByTestId('role-needs').innerText(), WAIT).toMatch(/Ticked with them.*Users: Query/);

    const neededByUsers = (tree: ReturnType<typeof box.getByRole>) =>
      tree.getByRole('treeitem').filter({ has: page.locator('.role-need', { hasText: /^needed by Users/ }) });
    const ticks = (items: ReturnType<typeof box.getByRole>) =>
      items.evaluateAll((rows) =>
        rows.map((r) => [
          (r.querySelector('.role-grant-title') as HTMLElement).innerText,
          r.querySelector('.ant-tree-checkbox')?.classList.contains('ant-tree-checkbox-checked') ?? false,
        ]),
      );
    await box.getByRole('tab', { name: 'Buttons' }).click();
    const buttons = box.getByRole('tree', { name: 'Buttons of the role' });
    await buttons.waitFor(WAIT);
    await pane.getByRole('button', { name: 'Expand all' }).click();
    expect(await buttons.innerText()).not.toContain('sysuser:');
    const neededButtons = Object.fromEntries(await ticks(neededByUsers(buttons)));
    expect(neededButtons).toMatchObject({ 'Users: Query': true, Query: true });
    // a needed button unticked shows so, and comes back when ticked again
    await treeBox(box, 'Users: Query').click();
    await neededByUsers(buttons).filter({ hasText: 'not ticked' }).first().waitFor(WAIT);
    await treeBox(box, 'Users: Query').click();
    await expect.poll(() => neededByUsers(buttons).filter({ hasText: 'not ticked' }).count()).toBe(0);

    // the calls: grouped by page, named by action, the page's ticked
    await box.getByRole('tab', { name: 'Calls' }).click();
    const calls = box.getByRole('tree', { name: 'Calls of the role' });
    await calls.waitFor(WAIT);
    await pane.getByRole('button', { name: 'Expand all' }).click();
    expect(await calls.innerText()).not.toContain('/api/');
    const neededCalls = await ticks(neededByUsers(calls));
    expect(neededCalls.length).toBeGreaterThan(2);
    expect(neededCalls.every(([, on]) => on)).toBe(true);
    await pane.getByLabel('Search pages and actions').fill('Organisations');
    expect(await calls.getByRole('treeitem').first().innerText()).toBe('Organisations');

    const sent: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (/\/authorize(MenuButton|Menu|Url)ToRole$/.test(r.url()))
        sent.push({ call: r.url().split('/').pop(), ...(r.postDataJSON() as object) });
    });
    await box.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'The grants of Clerk were saved').waitFor(WAIT);
    // what was ticked is what was sent: the page's query and the organisation tree's
    const sentButtons = sent.filter((b) => b.call === 'authorizeMenuButtonToRole').flatMap((b) => b.buttonCode as string[]);
    expect(sentButtons).toEqual(expect.arrayContaining(['sysuser:query', 'sysorg:query']));
    expect(sentButtons).not.toContain('sysuser:export');
    expect(sent.find((b) => b.call === 'authorizeUrlToRole')?.urlId).toEqual(expect.any(Array));

    // assign the role to the user
    await rowAction(rowWith(page, SysRole, 'ROLE_CLERK2'), 'Assign users');
    const assign = dialog(page);
    await assign.getByTestId('assign-assignUser').waitFor(WAIT);
    await treeBox(assign, 'clerk2').click();
    await assign.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'The users of Clerk were saved').waitFor(WAIT);

    // the user signs in and lists the users without an error
    const clerk = await e2e.newPage();
    await signIn(clerk, { username: 'clerk2', password: PASSWORD }, '/sysuser');
    await clerk.waitForURL((u) => u.pathname === '/sysuser');
    await settled(clerk, SysUser);
    await rowWith(clerk, SysUser, 'admin').waitFor(WAIT);
    await networkQuiet(clerk);
    expect(await errorToasts(clerk).count()).toBe(0);
  });
});

describe('the post switch', () => {
  /** The headers of the console's API requests from now on. */
  function watchApi(page: Page): Request[] {
    const seen: Request[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) seen.push(r);
    });
    return seen;
  }

  /**
   * Makes a call with the headers the console's request client sent last (its token, roles and
   * post). The live channel's stream carries the token alone and may open after any call (a
   * reconnection), so requests without the roles header are not the client's.
   */
  async function callAsConsole(page: Page, sent: Request[], url: string): Promise<number> {
    const last = [...sent].reverse().find((r) => r.headers().authorization && r.headers().rolecode)!;
    const headers = await last.allHeaders();
    const pick = Object.fromEntries(Object.entries(headers).filter(([k]) => ['authorization', 'rolecode', 'postcode'].includes(k)));
    return page.evaluate(async ({ url, pick }) => (await fetch(url, { headers: pick })).status, { url, pick });
  }

  /** Whether the sidebar shows the system administration group (the editor has it, the visitor not): 1 or 0. */
  const sidebarHas = async (page: Page, title: string) =>
    (await page.locator('.sidebar-container').innerText()).split('\n').some((line) => line.trim() === title) ? 1 : 0;

  it('makes the post’s roles the roles in force, survives a reload, clears, and follows the organisation', async () => {
    const userId = await addUser('poster1', '13900000082');
    const roles = (await admin.get<Envelope<PageData>>('/api/admin/sysrole/querySysRole', { pageSize: 100 })).body.data!.list;
    const roleId = (code: string) => Number(roles.find((r) => r.roleCode === code)!.id);
    const post = async (body: Record<string, unknown>) =>
      expect((await admin.post('/api/admin/sysuserpost/addSysUserPost', { userId, ...body })).status).toBe(200);
    await post({ postCode: 'engineer', postType: 'main' });
    // a second top-level organisation, where the storekeeper post is held
    const harbour = await admin.post<Envelope<{ id: number }>>('/api/admin/sysorg/addSysOrg', {
      orgName: 'Harbour Company',
      orgType: 'company',
      orgParent: 0,
    });
    expect(harbour.status, JSON.stringify(harbour.body)).toBe(200);
    await post({ postCode: 'storekeeper', postType: 'parttime', orgId: harbour.body.data!.id });
    const grant = async (postCode: string, code: string) =>
      expect((await admin.post('/api/admin/sysuser/authorizeRoleToUser', { userId, roleId: [roleId(code)], postCode })).status).toBe(200);
    await grant('engineer', 'ROLE_EDITOR');
    await grant('storekeeper', 'ROLE_VISITOR');

    const page = await e2e.newPage();
    const sent = watchApi(page);
    await signIn(page, { username: 'poster1', password: PASSWORD });
    await expect.poll(() => sidebarHas(page, ADMIN_GROUP), WAIT).toBe(1);
    const postSwitch = page.getByLabel('Post in force: its roles give the menu and the permissions');
    await expect.poll(() => page.getByTestId('post-switcher').innerText()).toContain('All posts');

    // the storekeeper post: the visitor's menu; the console's requests are refused the users list
    await page.getByTestId('post-switcher').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Storekeeper' }).click();
    // the switch shows the post once its authority is answered and the post is in force
    await expect.poll(() => page.getByTestId('post-switcher').innerText(), WAIT).toContain('Storekeeper');
    await expect.poll(() => sidebarHas(page, ADMIN_GROUP), WAIT).toBe(0);
    expect(await callAsConsole(page, sent, '/api/admin/sysuser/querySysUser')).toBe(403);
    expect(sent.at(-1)!.headers().postcode).toBe('storekeeper');

    // it survives a reload
    await page.reload();
    await page.getByTestId('app-layout').waitFor(WAIT);
    await expect.poll(() => page.getByTestId('post-switcher').innerText(), WAIT).toContain('storekeeper');
    expect(await sidebarHas(page, ADMIN_GROUP)).toBe(0);
    expect(await callAsConsole(page, sent, '/api/admin/sysuser/querySysUser')).toBe(403);

    // the engineer post: the editor's menu and grants
    await page.getByTestId('post-switcher').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Engineer' }).click();
    await expect.poll(() => page.getByTestId('post-switcher').innerText(), WAIT).toContain('Engineer');
    await expect.poll(() => sidebarHas(page, ADMIN_GROUP), WAIT).toBe(1);
    expect(await callAsConsole(page, sent, '/api/admin/sysuser/querySysUser')).toBe(200);

    // clearing returns to every role
    await page.getByTestId('post-switcher').hover();
    await page.getByTestId('post-switcher').locator('.ant-select-clear').click();
    await expect.poll(() => page.getByTestId('post-switcher').innerText(), WAIT).toContain('All posts');
    const before = sent.length;
    await page.reload();
    await page.getByTestId('app-layout').waitFor(WAIT);
    await expect.poll(() => sidebarHas(page, ADMIN_GROUP), WAIT).toBe(1);
    expect(sent.slice(before).some((r) => r.headers().postcode)).toBe(false);

    // an organisation limits the posts offered
    await page.getByTestId('org-switcher').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Harbour Company' }).click();
    await expect.poll(() => page.getByTestId('org-switcher').innerText(), WAIT).toContain('Harbour Company');
    await postSwitch.click();
    const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => offered.allInnerTexts(), WAIT).toEqual(['Storekeeper · Harbour Company']);
    await page.keyboard.press('Escape');
    await page.getByTestId('org-switcher').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Group Headquarters' }).click();
    await expect.poll(() => page.getByTestId('org-switcher').innerText(), WAIT).toContain('Group Headquarters');
    await postSwitch.click();
    await expect.poll(() => offered.allInnerTexts(), WAIT).toEqual(['Engineer · Information Department']);
    expect(await errorToasts(page).count()).toBe(0);
  });
});
