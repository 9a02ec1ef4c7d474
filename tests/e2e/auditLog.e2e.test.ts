/**
 * The audit log in Chromium (server-mock/audit/, the SysAuditLog resource): an administrator
 * edits a user, opens the audit log from the menu, finds the row of that edit by user and
 * action, with the field changed; the user's detail drawer shows the same write in its history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, spaNavigate, startE2E, toast, type E2E } from './harness.ts';
import { dialog, drawer, nextCall, paramsOf, resourceNamed, rowWith, settled } from './resourceLocators.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const SysUser = resourceNamed('SysUser');
const SysAuditLog = resourceNamed('SysAuditLog');

describe('the audit log', () => {
  it('shows the row of an edit, found by user and action, and the record history', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    await spaNavigate(page, '/sysuser');
    await settled(page, SysUser);

    await rowWith(page, SysUser, 'visitor').getByRole('button', { name: 'Edit' }).click();
    const edit = dialog(page);
    await edit.getByText('Edit: Users').waitFor();
    await edit.getByLabel('Nickname').fill('Audited Visitor');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved').waitFor();

    // the menu has the page under system administration
    const item = page.getByRole('menuitem', { name: 'Audit log' }).first();
    if (!(await item.isVisible())) await page.getByRole('menuitem', { name: 'System administration' }).first().click();
    await item.click();
    await page.waitForURL(/\/auditlog/);
    await settled(page, SysAuditLog);

    const search = page.getByRole('search');
    await search.getByLabel('User', { exact: true }).fill('admin');
    await search.getByLabel('Action', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="update"]').click();
    const query = nextCall(page, 'querySysAuditLog');
    await search.getByRole('button', { name: 'Query' }).click();
    expect(paramsOf(await query)).toMatchObject({ username: 'admin', action: 'update' });
    const row = rowWith(page, SysAuditLog, 'Audited Visitor');
    await expect.poll(() => row.count()).toBe(1);
    const text = await row.innerText();
    expect(text).toContain('/api/admin/sysuser/updateSysUser');
    expect(text).toContain('SysUser');
    expect(text).toContain('127.0.0.1');
    expect(text).toContain('"nickname":{"before":"Visitor","after":"Audited Visitor"}');

    // the record's own history, in its detail drawer
    await spaNavigate(page, '/sysuser');
    await settled(page, SysUser);
    await rowWith(page, SysUser, 'visitor').getByRole('button', { name: 'Detail' }).click();
    const side = drawer(page);
    const history = side.locator('.resource-detail-panel[data-panel="querySysAuditLog"]');
    await history.getByText('History').waitFor();
    await expect.poll(() => history.innerText(), { timeout: 20_000 }).toContain('Audited Visitor');
    expect(await history.innerText()).toContain('update');
  }, 120_000);
});
