/**
 * The generic resource page in Chromium against the real server: the users page as the
 * administrator (list, search, organisation filter, sort, delete confirms, detail, posts of a
 * user, columns, exports, import, print, a custom action, add and edit through the form), the
 * organisations tree, parameters and roles CRUD, and what an editor does not see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import type { Resource } from '../../schemas/registry/types.ts';
import { downloadOf, signIn, spaNavigate, startE2E, toast, unnamedControls, type E2E } from './harness.ts';
import {
  dataRows,
  dialog,
  drawer,
  labelOf,
  nextCall,
  openedDialog,
  paramsOf,
  resourceNamed,
  rowWith,
  settled,
  table,
  rowAction,
  rowActionNames,
} from './resourceLocators.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const SysUser = resourceNamed('SysUser');
const SysUserPost = resourceNamed('SysUserPost');
const SysMenu = resourceNamed('SysMenu');
const SysMenuButton = resourceNamed('SysMenuButton');
const SysOrg = resourceNamed('SysOrg');
const SysParam = resourceNamed('SysParam');
const SysRole = resourceNamed('SysRole');

/** The texts of one column, in row order. */
async function column(page: Page, resource: Resource, header: string): Promise<string[]> {
  const headers = await table(page, resource).locator('[role=columnheader]').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === header);
  if (index < 0) throw new Error(`no column "${header}" in ${headers.join(' | ')}`);
  return dataRows(page, resource).evaluateAll(
    (rows, i) => rows.map((r) => (r.querySelectorAll('[role=cell]')[i] as HTMLElement | undefined)?.innerText.trim() ?? ''),
    index,
  );
}

/** The column headers that have a text (the selection column's header has none). */
async function headers(page: Page, resource: Resource): Promise<string[]> {
  return (await table(page, resource).locator('[role=columnheader]').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
}

/** Opens a page inside the app and waits for its first rows. */
async function open(page: Page, path: string, resource: Resource): Promise<void> {
  await spaNavigate(page, path);
  await settled(page, resource);
}

async function adminPage(path = '/sysuser', resource = SysUser): Promise<Page> {
  const page = await e2e.newPage();
  await signIn(page, { username: 'admin' });
  await open(page, path, resource);
  return page;
}

describe('users page as the administrator', () => {
  it('lists users with dictionary and relation labels and formatted dates; every control is named', async () => {
    const page = await adminPage();
    await expect.poll(() => column(page, SysUser, 'Username')).toEqual(['visitor', 'editor', 'admin']);
    expect(await headers(page, SysUser)).toEqual([
      'Username',
      'Nickname',
      'Mobile',
      'Email',
      'Organisation',
      'Status',
      'Created',
      'Operations',
    ]);
    expect(new Set(await column(page, SysUser, 'Status'))).toEqual(new Set(['Normal']));
    expect(new Set(await column(page, SysUser, 'Organisation'))).toEqual(new Set(['Information Department']));
    for (const created of await column(page, SysUser, 'Created')) expect(created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await page.getByRole('columnheader', { name: 'Created' }).getAttribute('aria-sort')).toBe('descending');
    expect(await page.locator('.resource-pagination').innerText()).toContain('Total 3');
    expect(await unnamedControls(page)).toEqual([]);
  });

  it('searches by the basic and the advanced fields and resets', async () => {
    const page = await adminPage();
    await page.getByRole('search').getByLabel('Username').fill('edi');
    const query = nextCall(page, 'querySysUser');
    await page.getByRole('search').getByRole('button', { name: 'Query' }).click();
    expect(paramsOf(await query)).toMatchObject({ username: 'edi', currentPage: '1', pageSize: '10', sorter: 'createTime_descend' });
    await expect.poll(() => column(page, SysUser, 'Username')).toEqual(['editor']);

    await page.getByRole('search').getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => column(page, SysUser, 'Username')).toEqual(['visitor', 'editor', 'admin']);

    await page.getByRole('button', { name: 'Advanced' }).click();
    await page.getByRole('search').getByLabel('Status').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Disabled', { exact: true }).click();
    const filtered = nextCall(page, 'querySysUser');
    await page.getByRole('search').getByRole('button', { name: 'Query' }).click();
    expect(paramsOf(await filtered)).toMatchObject({ status: '0' });
    await expect.poll(() => dataRows(page, SysUser).count()).toBe(0);
    expect(await table(page, SysUser).innerText()).toContain('No data');

    // a role, chosen from the roles of the tenant: the users granted it
    await page.getByRole('search').getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => column(page, SysUser, 'Username')).toEqual(['visitor', 'editor', 'admin']);
    await page.getByRole('search').getByLabel('Role').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Editor', { exact: true }).click({ timeout: 15_000 });
    const byRole = nextCall(page, 'querySysUser');
    await page.getByRole('search').getByRole('button', { name: 'Query' }).click();
    expect(paramsOf(await byRole).roleId).toMatch(/^\d+$/);
    await expect.poll(() => column(page, SysUser, 'Username')).toEqual(['editor']);
  });

  it('filters by the organisation tree', async () => {
    const page = await adminPage();
    const tree = page.getByRole('navigation', { name: 'Filter by Organisations' });
    const supply = nextCall(page, 'querySysUser');
    await tree.getByText('Supply Department').click();
    expect(paramsOf(await supply).orgId).toMatch(/^\d+$/);
    await expect.poll(() => dataRows(page, SysUser).count()).toBe(0);
    await tree.getByText('Information Department').click();
    await expect.poll(() => column(page, SysUser, 'Username')).toEqual(['visitor', 'editor', 'admin']);
    // an organisation keeps the users of every organisation under it
    await tree.getByText('Group Headquarters').click();
    await expect.poll(() => column(page, SysUser, 'Username')).toEqual(['visitor', 'editor', 'admin']);
    const all = nextCall(page, 'querySysUser');
    await page.getByRole('button', { name: 'All', exact: true }).click();
    expect(paramsOf(await all).orgId).toBeUndefined();
  });

  it('sorts by a sortable column through the sorter parameter', async () => {
    const page = await adminPage();
    const header = page.getByRole('columnheader', { name: 'Username' });
    const ascending = nextCall(page, 'querySysUser');
    await header.getByRole('button').click();
    expect(paramsOf(await ascending).sorter).toBe('username_ascend');
    await expect.poll(() => column(page, SysUser, 'Username')).toEqual(['admin', 'editor', 'visitor']);
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    const descending = nextCall(page, 'querySysUser');
    await header.getByRole('button').click();
    expect(paramsOf(await descending).sorter).toBe('username_descend');
    await expect.poll(() => column(page, SysUser, 'Username')).toEqual(['visitor', 'editor', 'admin']);
    // A column that is not sortable has no sort button.
    expect(await page.getByRole('columnheader', { name: 'Nickname' }).getByRole('button').count()).toBe(0);
  });

  it('asks before deleting, with the selection rules and the confirm texts', async () => {
    const page = await adminPage();
    const toolbar = page.getByRole('toolbar', { name: 'Users actions' });
    await toolbar.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Please check the record!').waitFor();

    await page.getByRole('checkbox', { name: 'Select visitor' }).check();
    await page.getByRole('checkbox', { name: 'Select editor' }).check();
    await toolbar.getByRole('button', { name: 'Delete' }).click();
    await dialog(page).getByText('Are you sure you want to delete these records?').waitFor();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    await rowAction(rowWith(page, SysUser, 'visitor'), 'Delete');
    await dialog(page).getByText('Do you want to delete this record?').waitFor();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => column(page, SysUser, 'Username')).toEqual(['visitor', 'editor', 'admin']);
  });

  it('shows a record in the detail drawer', async () => {
    const page = await adminPage();
    await rowAction(rowWith(page, SysUser, 'admin'), 'Detail');
    const side = drawer(page);
    await side.getByText('Detail: Users').waitFor();
    const detail = side.getByTestId('resource-detail');
    const text = await detail.innerText();
    expect(text).toContain('admin@demo.example.com');
    expect(text).toContain('Information Department');
    expect(text).toContain('Normal');
    expect(text).toMatch(/Created\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(text).not.toContain('Password');
    // no internal key and no empty row
    const labels = (await detail.locator('.ant-descriptions-item-label').allInnerTexts()).map((l) => l.trim());
    expect(labels).not.toContain(labelOf(SysUser, 'id'));
    const values = (await detail.locator('.ant-descriptions-item-content').allInnerTexts()).map((v) => v.trim());
    expect(values.length).toBe(labels.length);
    expect(values.filter((v) => v === '')).toEqual([]);
    await side.getByRole('button', { name: 'Close' }).click();
    await side.waitFor({ state: 'hidden' });
  });

  it('shows the posts of the clicked user under the table, with their own actions', async () => {
    const page = await adminPage();
    await page.getByText('Click a row of Users to see its records here').waitFor();
    const posts = nextCall(page, 'querySysUserPost');
    // the username cell: the row's first column, never under the sticky actions column
    await rowWith(page, SysUser, 'admin').getByText('admin', { exact: true }).click();
    expect(paramsOf(await posts).userId).toMatch(/^\d+$/);
    await page.getByRole('heading', { name: 'User posts of admin' }).waitFor();
    await expect.poll(() => column(page, SysUserPost, 'Post type')).toEqual(['Main post']);
    const detail = page.locator('section[data-resource="SysUserPost"]');
    expect(await detail.getByRole('toolbar').getByRole('button', { name: 'Add' }).count()).toBe(1);
    expect(await rowActionNames(rowWith(page, SysUserPost, 'Main post'))).toContain('Edit');
    // The foreign key is fixed by the master row: not a search field of the detail list.
    expect(await detail.getByRole('search').getByLabel('User', { exact: true }).count()).toBe(0);
  });

  it('hides a column and exports only the visible ones; Word and PDF download too', async () => {
    const page = await adminPage();
    await page.getByRole('toolbar', { name: 'Users actions' }).getByRole('button', { name: 'Columns' }).click();
    await page.locator('.ant-popover:visible').getByRole('checkbox', { name: 'Mobile' }).uncheck();
    await expect.poll(() => headers(page, SysUser)).not.toContain('Mobile');
    // Escape closes the menu and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await page.locator('.ant-popover:visible').waitFor({ state: 'hidden' });
    const columnsButton = page.getByRole('toolbar', { name: 'Users actions' }).getByRole('button', { name: 'Columns' });
    expect(await columnsButton.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await columnsButton.getAttribute('aria-expanded')).toBe('false');

    const exportRequest = nextCall(page, 'exportSysUser');
    const download = await downloadOf(page, () => page.getByRole('button', { name: 'Export', exact: true }).click());
    const body = (await exportRequest).postDataJSON() as Record<string, unknown>;
    expect(body.columns).toEqual(['username', 'nickname', 'email', 'orgId', 'status', 'createTime']);
    expect(body.sorter).toBe('createTime_descend');
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

    const word = await downloadOf(page, () => page.getByRole('button', { name: 'Export Word' }).click());
    expect(word.suggestedFilename()).toMatch(/\.docx$/);
    const pdf = await downloadOf(page, () => page.getByRole('button', { name: 'Export PDF' }).click());
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  });

  it('prints the current table', async () => {
    const page = await adminPage();
    await page.evaluate(() => {
      (window as unknown as { printed: string[] }).printed = [];
      window.print = () => {
        const copy = document.querySelector('.resource-print');
        (window as unknown as { printed: string[] }).printed.push(`${document.body.className}|${copy?.textContent ?? ''}`);
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: string[] }).printed.length)).toBe(1);
    const printed = await page.evaluate(() => (window as unknown as { printed: string[] }).printed[0]!);
    expect(printed).toContain('resource-printing');
    expect(printed).toContain('Users');
    expect(printed).toContain('admin@demo.example.com');
    expect(printed).toContain('Information Department');
    await expect.poll(() => page.locator('.resource-print').count()).toBe(0);
  });

  it('checks the selection of a custom action that acts on one record', async () => {
    const page = await adminPage();
    const toolbar = page.getByRole('toolbar', { name: 'Users actions' });
    await toolbar.getByRole('button', { name: 'Grant role' }).click();
    await toast(page, 'Please check the record!').waitFor();
    await page.getByRole('checkbox', { name: 'Select visitor' }).check();
    await page.getByRole('checkbox', { name: 'Select editor' }).check();
    await toolbar.getByRole('button', { name: 'Grant role' }).click();
    await toast(page, 'Only one record can be checked!').waitFor();
    expect(await page.locator('.ant-modal:visible').count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Select editor' }).uncheck();
    await toolbar.getByRole('button', { name: 'Grant role' }).click();
    // The component registered for the action opens with the checked record.
    await page.locator('.ant-modal:visible .ant-modal-title').filter({ hasText: 'Grant role' }).waitFor();
    await page.locator('.ant-modal:visible').getByText('visitor').first().waitFor();
  });

  it('imports from the template: the row errors, then the records', async () => {
    const page = await adminPage();
    await page.getByRole('button', { name: 'Import' }).click();
    const modal = dialog(page);
    const template = await downloadOf(page, () => modal.getByRole('button', { name: 'Download template' }).click());
    const templatePath = await template.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(templatePath);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toContain('Username');
    const cells = (values: Record<string, string | number>) => header.map((h) => values[h] ?? null);
    const good = {
      Username: 'imported1',
      Password: 'Import@2026',
      Nickname: 'Imported',
      Email: 'imported1@demo.example.com',
      'Country code': '+86',
      Mobile: '13900000011',
      Organisation: 'Supply Department',
      Status: 'Normal',
    };
    sheet.addRow(cells(good));
    sheet.addRow(cells({ ...good, Username: 'x', Email: 'not-an-email', Mobile: '13900000012' }));
    const bad = Buffer.from(await workbook.xlsx.writeBuffer());

    await modal
      .locator('input[type=file]')
      .setInputFiles({ name: 'users.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bad });
    await modal.getByRole('button', { name: 'Import', exact: true }).click();
    await modal.getByTestId('import-errors').waitFor();
    const errors = await modal.locator('.ant-table-tbody').innerText();
    expect(errors).toContain('3');
    expect(errors).toMatch(/username|email/);

    sheet.spliceRows(3, 1);
    const fixed = Buffer.from(await workbook.xlsx.writeBuffer());
    await modal
      .locator('input[type=file]')
      .setInputFiles({ name: 'users.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: fixed });
    await modal.getByRole('button', { name: 'Import', exact: true }).click();
    await toast(page, '1 records imported').waitFor();
    await modal.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => column(page, SysUser, 'Username')).toContain('imported1');
  });

  it('adds a user (a validation failure, a refused username, then success) and edits it', async () => {
    const page = await adminPage();
    await page.getByRole('navigation', { name: 'Filter by Organisations' }).getByText('Riverside Bridge Project').click();
    await expect.poll(() => dataRows(page, SysUser).count()).toBe(0);
    await page.getByRole('toolbar', { name: 'Users actions' }).getByRole('button', { name: 'Add', exact: true }).click();
    const modal = dialog(page);
    await modal.getByText('Add: Users').waitFor();
    await modal.getByLabel('Username').waitFor();
    // Nothing filled: the form refuses and says why, no call is made.
    let added = 0;
    page.on('request', (r) => {
      if (r.url().includes('/addSysUser')) added += 1;
    });
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('Please enter Username').waitFor();
    expect(added).toBe(0);

    // The server refuses a username that is taken: its field error shows on the field.
    await modal.getByLabel('Username').fill('admin');
    await modal.getByLabel('Password', { exact: true }).fill('Secret@2026');
    await modal.getByLabel('Confirm Password').fill('Secret@2026');
    await modal.getByLabel('Nickname').fill('New User');
    await modal.getByLabel('Email').fill('newuser@demo.example.com');
    await modal.getByLabel('Mobile').fill('13900000021');
    await modal.getByRole('radio', { name: 'Normal' }).check();
    const refused = page.waitForResponse((r) => r.url().includes('/addSysUser'));
    await modal.getByRole('button', { name: 'Save' }).click();
    expect((await refused).status()).toBe(409);
    await modal.getByText('Username already exists').waitFor();
    await modal.getByLabel('Username').fill('newuser');
    const add = nextCall(page, 'addSysUser');
    await modal.getByRole('button', { name: 'Save' }).click();
    const body = (await add).postDataJSON() as Record<string, unknown>;
    // The organisation chosen in the filter tree is preset in the form.
    expect(body.orgId).toEqual(expect.any(Number));
    await toast(page, 'Saved').waitFor();
    await expect.poll(() => column(page, SysUser, 'Username')).toEqual(['newuser']);

    await rowAction(rowWith(page, SysUser, 'newuser'), 'Edit');
    const edit = dialog(page);
    await edit.getByText('Edit: Users').waitFor();
    await edit.getByLabel('Nickname').fill('Renamed User');
    const update = nextCall(page, 'updateSysUser');
    await edit.getByRole('button', { name: 'Save' }).click();
    expect((await update).postDataJSON()).toMatchObject({ nickname: 'Renamed User', id: expect.any(Number) });
    await expect.poll(() => column(page, SysUser, 'Nickname')).toEqual(['Renamed User']);
  });
});

describe('in Chinese', () => {
  it('labels the page, its controls and its confirms in the current language', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    await page.context().addCookies([{ name: 'language', value: 'zh', url: e2e.url }]);
    await page.goto('/sysuser');
    await table(page, SysUser).waitFor();
    const toolbar = page.getByRole('toolbar', { name: '用户管理操作' });
    await toolbar.getByRole('button', { name: '新增', exact: true }).waitFor();
    await expect.poll(() => dataRows(page, SysUser).count()).toBeGreaterThan(0);
    expect(await headers(page, SysUser)).toContain('操作');
    expect(await unnamedControls(page)).toEqual([]);
    await rowAction(dataRows(page, SysUser).first(), '删除');
    await dialog(page).getByText('是否删除此记录？').waitFor();
    await dialog(page).getByRole('button', { name: '取消' }).click();
    await toolbar.getByRole('button', { name: '删除' }).click();
    await toast(page, '请勾选记录！').waitFor();
  });
});

describe('tree and plain resources', () => {
  it('lists the buttons of the clicked menu under the menu tree (master key: the menu code)', async () => {
    const page = await adminPage('/sysmenu', SysMenu);
    await page.getByRole('search').getByLabel('Menu name').fill('Parameters');
    await page.getByRole('search').getByRole('button', { name: 'Query' }).click();
    await rowWith(page, SysMenu, 'sysparam').waitFor();
    const buttons = nextCall(page, 'querySysMenuButton');
    await rowWith(page, SysMenu, 'sysparam').getByText('sysparam', { exact: true }).click();
    expect(paramsOf(await buttons).menuCode).toBe('sysparam');
    await expect.poll(() => column(page, SysMenuButton, 'Button code')).toContain('sysparam:add');
    for (const code of await column(page, SysMenuButton, 'Button code')) expect(code).toMatch(/^sysparam:/);
  });

  it('shows organisations as an expandable tree without pagination', async () => {
    const page = await adminPage('/sysorg', SysOrg);
    await expect
      .poll(() => column(page, SysOrg, 'Organisation name'))
      .toEqual(['Group Headquarters', 'Information Department', 'Supply Department', 'Riverside Bridge Project', 'Metro Line 3 Project']);
    expect(await page.locator('.resource-pagination').count()).toBe(0);
    const root = rowWith(page, SysOrg, 'Group Headquarters');
    expect(await root.getAttribute('aria-level')).toBe('1');
    expect(await rowWith(page, SysOrg, 'Supply Department').getAttribute('aria-level')).toBe('2');
    await root.getByRole('button', { name: 'Collapse' }).click();
    await expect.poll(() => column(page, SysOrg, 'Organisation name')).toEqual(['Group Headquarters']);
    await root.getByRole('button', { name: 'Expand' }).click();
    await expect.poll(() => dataRows(page, SysOrg).count()).toBe(5);
    // The sort applies among siblings.
    await page.getByRole('columnheader', { name: 'Sequence' }).getByRole('button').click();
    await expect
      .poll(() => column(page, SysOrg, 'Organisation name'))
      .toEqual(['Group Headquarters', 'Metro Line 3 Project', 'Riverside Bridge Project', 'Supply Department', 'Information Department']);
    // A search lists the matches flat.
    await page.getByRole('search').getByLabel('Organisation name').fill('Project');
    await page.getByRole('search').getByRole('button', { name: 'Query' }).click();
    await expect.poll(() => dataRows(page, SysOrg).count()).toBe(2);
  });

  it('adds, edits, pages and deletes parameters', async () => {
    const page = await adminPage('/sysparam', SysParam);
    for (let i = 1; i <= 9; i++) {
      await page.evaluate(async (n) => {
        const token = document.cookie.match(/(?:^|; )token=([^;]+)/)?.[1] ?? '';
        await fetch('/api/admin/sysparam/addSysParam', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${decodeURIComponent(token)}` },
          body: JSON.stringify({ paramName: `Bulk ${n}`, paramKey: `bulk.k${n}`, paramValue: String(n) }),
        });
      }, i);
    }
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => dataRows(page, SysParam).count()).toBe(10);
    expect(await page.locator('.resource-pagination').innerText()).toContain('Total 12');
    const second = nextCall(page, 'querySysParam');
    await page.locator('.resource-pagination').getByTitle('2', { exact: true }).click();
    expect(paramsOf(await second)).toMatchObject({ currentPage: '2', pageSize: '10' });
    await expect.poll(() => dataRows(page, SysParam).count()).toBe(2);

    await page.getByRole('toolbar', { name: 'Parameters actions' }).getByRole('button', { name: 'Add', exact: true }).click();
    const modal = dialog(page);
    await modal.getByLabel('Parameter name').fill('Theme');
    await modal.getByLabel('Key').fill('ui.theme');
    await modal.getByLabel('Value').fill('dark');
    await modal.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved').waitFor();
    await page.getByRole('button', { name: 'Advanced' }).click();
    await page.getByRole('search').getByLabel('Key').fill('ui.theme');
    await page.getByRole('search').getByRole('button', { name: 'Query' }).click();
    await expect.poll(() => column(page, SysParam, 'Value')).toEqual(['dark']);

    // Closing an unchanged form asks nothing; a changed one asks before the changes go.
    await rowAction(rowWith(page, SysParam, 'ui.theme'), 'Edit');
    await dialog(page).getByLabel('Value').waitFor();
    await (await openedDialog(dialog(page))).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
    await rowAction(rowWith(page, SysParam, 'ui.theme'), 'Edit');
    await dialog(page).getByLabel('Value').fill('changed');
    await (await openedDialog(dialog(page))).getByRole('button', { name: 'Cancel' }).click();
    const discard = page.locator('.ant-modal-confirm:visible');
    await discard.getByText('The changes in this form are not saved.').waitFor();
    await (await openedDialog(discard)).getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
    expect(await column(page, SysParam, 'Value')).toEqual(['dark']);

    await rowAction(rowWith(page, SysParam, 'ui.theme'), 'Edit');
    const edit = dialog(page);
    await edit.getByLabel('Value').fill('light');
    await (await openedDialog(edit)).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => column(page, SysParam, 'Value')).toEqual(['light']);

    await rowAction(rowWith(page, SysParam, 'ui.theme'), 'Delete');
    const remove = nextCall(page, 'deleteSysParam');
    await (await openedDialog(page.locator('.ant-modal-confirm:visible'))).getByRole('button', { name: 'Confirm' }).click();
    expect(paramsOf(await remove).id).toMatch(/^\d+$/);
    await toast(page, 'Deleted').waitFor();
    await expect.poll(() => dataRows(page, SysParam).count()).toBe(0);

    // Batch delete of checked rows.
    await page.getByRole('search').getByRole('button', { name: 'Reset' }).click();
    await page.getByRole('search').getByLabel('Parameter name').fill('Bulk');
    await page.getByRole('search').getByRole('button', { name: 'Query' }).click();
    await expect.poll(() => dataRows(page, SysParam).count()).toBe(9);
    await page.getByRole('checkbox', { name: 'Select all rows' }).check();
    await page.getByRole('toolbar', { name: 'Parameters actions' }).getByRole('button', { name: 'Delete' }).click();
    await dialog(page).getByText('Are you sure you want to delete these records?').waitFor();
    const batch = nextCall(page, 'deleteSysParam');
    await (await openedDialog(dialog(page))).getByRole('button', { name: 'Confirm' }).click();
    expect(paramsOf(await batch).id?.split(',')).toHaveLength(9);
    await expect.poll(() => dataRows(page, SysParam).count(), { timeout: 15_000 }).toBe(0);
  });

  it('adds, edits and deletes roles', async () => {
    const page = await adminPage('/sysrole', SysRole);
    await page.getByRole('toolbar', { name: 'Roles actions' }).getByRole('button', { name: 'Add', exact: true }).click();
    const modal = dialog(page);
    await modal.getByLabel('Role code').fill('ROLE_AUDITOR');
    await modal.getByLabel('Role name').fill('Auditor');
    await modal.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved').waitFor();
    await expect.poll(() => column(page, SysRole, 'Role code')).toContain('ROLE_AUDITOR');

    await rowAction(rowWith(page, SysRole, 'ROLE_AUDITOR'), 'Edit');
    const edit = dialog(page);
    await edit.getByLabel('Role name').fill('Auditors');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => rowWith(page, SysRole, 'ROLE_AUDITOR').innerText()).toContain('Auditors');

    await rowAction(rowWith(page, SysRole, 'ROLE_AUDITOR'), 'Delete');
    await dialog(page).getByText('Do you want to delete this record?').waitFor();
    await (await openedDialog(dialog(page))).getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => column(page, SysRole, 'Role code')).not.toContain('ROLE_AUDITOR');
  });
});

describe('editor', () => {
  it('sees no button it does not hold and no field its data permission hides', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'editor' });
    await open(page, '/sysuser', SysUser);
    await expect.poll(() => column(page, SysUser, 'Username')).toEqual(expect.arrayContaining(['visitor', 'editor', 'admin']));
    const toolbar = page.getByRole('toolbar', { name: 'Users actions' });
    // sysuser:delete, grantRole, addToTenant and removePrincipal are not the editor's.
    expect(await toolbar.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await toolbar.getByRole('button', { name: 'Grant role' }).count()).toBe(0);
    expect(await toolbar.getByRole('button', { name: 'Add', exact: true }).count()).toBe(1);
    const adminActions = await rowActionNames(rowWith(page, SysUser, 'admin'));
    expect(adminActions).not.toContain('Delete');
    expect(adminActions).not.toContain('Force sign-out');
    expect(adminActions).toContain('Edit');

    // Address and profile are hidden from the editor on the users menu: not in the table, the column menu, the detail or an export.
    expect(await headers(page, SysUser)).not.toContain('Address');
    await toolbar.getByRole('button', { name: 'Columns' }).click();
    expect(await page.locator('.ant-popover:visible').getByRole('checkbox', { name: 'Address' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await rowAction(rowWith(page, SysUser, 'admin'), 'Detail');
    const side = drawer(page);
    await side.getByText('Detail: Users').waitFor();
    expect(await side.innerText()).not.toMatch(/Address|Profile|Demo Road/);
    await side.getByRole('button', { name: 'Close' }).click();
    const exportRequest = nextCall(page, 'exportSysUser');
    await toolbar.getByRole('button', { name: 'Export', exact: true }).click();
    expect(((await exportRequest).postDataJSON() as { columns: string[] }).columns).not.toContain('address');
    // The form does not offer it either.
    await rowAction(rowWith(page, SysUser, 'editor'), 'Edit');
    const modal = dialog(page);
    await modal.getByLabel('Nickname').waitFor();
    expect(await modal.getByLabel('Address').count()).toBe(0);
    expect(await modal.getByLabel('Profile').count()).toBe(0);
  });
});
