/**
 * What users meet (issue 22), in Chromium as a user does it: the visitor's pages load without
 * an error toast (no organisation call it may not make); a page of the menu not granted, opened
 * by URL, shows the 401 page, an unknown URL the 404 page; the bell's unread count shows without
 * a click and drops when an item is opened; an administrator unlocks a locked user and resets
 * their password from the users page, and the user signs in with the new one; a delete confirm
 * names its record and opens with Cancel focused, and a deleted record comes back from the undo
 * toast; the sign-in page shows one failure toast however many tries fail, and none after success.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { client, requestToken, signIn as apiSignIn, type Envelope, type PageData } from '../api/harness.ts';
import { networkQuiet, answerTo, signIn, spaNavigate, startE2E, submitAccountLogin, toast, type E2E } from './harness.ts';
import {
  action,
  actionLabel,
  confirmDialog,
  dialog,
  openedDialog,
  resourceNamed,
  rowWith,
  say,
  settled,
  type Api,
  type Rec,
  rowAction,
} from './resourceLocators.ts';

const BASE = '/api/notification/notification';
const SysUser = resourceNamed('SysUser');
const SysParam = resourceNamed('SysParam');
const WAIT = { timeout: 20_000 };
const customLabel = (name: string) => say(SysUser.actions.find((a) => a.name === name)!.label!);
const UNLOCK = customLabel('unlock');
const RESET = customLabel('resetPassword');

let e2e: E2E;
let admin: Api;

beforeAll(async () => {
  e2e = await startE2E();
  admin = client(e2e.url, await apiSignIn(e2e.url, 'demo', 'admin'));
});

afterAll(async () => {
  await e2e?.close();
});

/** Records the error toasts and the organisation calls of a page from now on. */
function watch(page: Page): { orgCalls: string[] } {
  const orgCalls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.endsWith('/querySysOrg')) orgCalls.push(req.url());
  });
  return { orgCalls };
}

const paramsNamed = async (paramName: string) =>
  (await admin.get<Envelope<PageData>>('/api/admin/sysparam/querySysParam', { paramName, pageSize: 100 })).body.data!.list;

const errorToasts = (page: Page) => page.locator('.ant-message-error:visible, .ant-notification-notice-error:visible');

describe('the visitor', () => {
  it('loads its pages with no error toast and no organisation call', async () => {
    const page = await e2e.newPage();
    const seen = watch(page);
    await signIn(page, { username: 'visitor' });
    await page.getByTestId('notification-bell').waitFor(WAIT);
    for (const path of ['/workbench', '/mynotification']) {
      await page.goto(path);
      await page.getByTestId('app-layout').waitFor(WAIT);
      await networkQuiet(page);
    }
    await page.reload();
    await page.getByTestId('app-layout').waitFor(WAIT);
    await networkQuiet(page);
    expect(await errorToasts(page).count()).toBe(0);
    expect(seen.orgCalls).toEqual([]);
  });

  it('sees the 401 page for a page of the menu it was not granted, the 404 page for an unknown one', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'visitor' });
    await page.goto('/sysuser');
    await page.waitForURL((u) => u.pathname === '/401', WAIT);
    await page.goto('/no-such-page');
    await page.waitForURL((u) => u.pathname === '/404', WAIT);
    // the administrator opens the same page
    const adminPage = await e2e.newPage();
    await signIn(adminPage, { username: 'admin' });
    await adminPage.goto('/sysuser');
    await settled(adminPage, SysUser);
  });
});

describe('the bell', () => {
  it('counts the unread notifications without a click; opening one shows it and the count drops', async () => {
    const title = `Unread ${Date.now() % 100000}`;
    const added = await admin.post<Envelope<Rec>>(`${BASE}/addNotification`, {
      title,
      content: '<p>Read me <strong>now</strong></p>',
      type: 'notice',
      priority: 1,
    });
    expect(added.status).toBe(200);
    const editor = client(e2e.url, await apiSignIn(e2e.url, 'demo', 'editor'));
    const items = (await editor.get<Envelope<Rec[]>>(`${BASE}/queryHeadNotification`)).body.data!;
    const unread = items.filter((i) => !i.read).length;
    expect(unread).toBeGreaterThan(1);

    const page = await e2e.newPage();
    await signIn(page, { username: 'editor' });
    const badge = page.getByTestId('notification-bell').locator('.ant-badge-count');
    await expect.poll(() => badge.getAttribute('title'), WAIT).toBe(String(unread));

    await page.getByTestId('notification-bell').click();
    const panel = page.getByRole('dialog', { name: say('bell.title') });
    const item = panel.locator('.bell-item:visible').filter({ hasText: title });
    await item.waitFor(WAIT);
    expect(await item.getAttribute('data-read')).toBe('false');
    const answer = await answerTo(page, '/readNotification', () => item.getByRole('button').click());
    expect(answer.status()).toBe(200);
    const shown = page.locator('.notification-dialog .ant-modal:visible');
    await shown.getByText('now', { exact: true }).waitFor(WAIT);
    expect(await shown.innerText()).toContain(title);
    await expect.poll(() => badge.getAttribute('title'), WAIT).toBe(String(unread - 1));
    await shown
      .locator('.ant-modal-footer')
      .getByRole('button', { name: say('bell.close') })
      .click();

    const after = (await editor.get<Envelope<Rec[]>>(`${BASE}/queryHeadNotification`)).body.data!;
    expect(after.find((i) => i.title === title)?.read).toBe(true);
    // a reload keeps it read
    await page.reload();
    await expect.poll(() => badge.getAttribute('title'), WAIT).toBe(String(unread - 1));
    // my notifications list it as read, and the read filter finds it
    const read = (await editor.get<Envelope<PageData>>(`${BASE}/queryMyNotification`, { read: true, title })).body.data!;
    expect(read.list.map((r) => r.title)).toEqual([title]);
  });
});

describe('a delete confirm', () => {
  it('names the record and opens with Cancel focused; Cancel deletes nothing; a delete is undone from its toast', async () => {
    const paramName = `Confirm me ${Date.now() % 100000}`;
    const added = await admin.post<Envelope<Rec>>('/api/admin/sysparam/addSysParam', {
      paramName,
      paramKey: `confirm.me.${Date.now() % 100000}`,
      paramValue: '1',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    await spaNavigate(page, '/sysparam');
    await settled(page, SysParam);
    const row = rowWith(page, SysParam, paramName).first();
    await rowAction(row, actionLabel(action(SysParam, 'delete')!, 'row'));
    const confirm = await openedDialog(confirmDialog(page, say('resource.deleteNamed', { name: paramName })));
    await expect
      .poll(() => confirm.getByRole('button', { name: say('common.cancel'), exact: true }).evaluate((el) => el === document.activeElement))
      .toBe(true);
    await confirm.getByRole('button', { name: say('common.cancel'), exact: true }).click();
    await confirm.waitFor({ state: 'hidden', ...WAIT });
    await row.waitFor(WAIT);
    expect(await paramsNamed(paramName)).toHaveLength(1);

    // deleted, then restored from the undo toast: the row is back, the same record
    const before = (await paramsNamed(paramName))[0]!;
    await rowAction(row, actionLabel(action(SysParam, 'delete')!, 'row'));
    const again = await openedDialog(confirmDialog(page, say('resource.deleteNamed', { name: paramName })));
    const deleted = await answerTo(page, '/deleteSysParam', () =>
      again.getByRole('button', { name: say('common.confirm'), exact: true }).click(),
    );
    expect(deleted.status()).toBe(200);
    const undoToast = toast(page, say('resource.deletedNamed', { name: paramName })).first();
    await undoToast.waitFor(WAIT);
    await expect.poll(() => rowWith(page, SysParam, paramName).count(), WAIT).toBe(0);
    expect(await paramsNamed(paramName)).toHaveLength(0);
    const restored = await answerTo(page, '/restoreDeleted', () => undoToast.getByRole('button', { name: say('resource.undo') }).click());
    expect(restored.status()).toBe(200);
    await toast(page, say('resource.undone')).first().waitFor(WAIT);
    await rowWith(page, SysParam, paramName).first().waitFor(WAIT);
    expect(await paramsNamed(paramName)).toEqual([before]);
  });
});

describe('an administrator helping a user', () => {
  it('unlocks a locked account and resets its password from the users page; the user signs in with the new one', async () => {
    for (let i = 0; i < 5; i++) await requestToken(e2e.url, 'demo', 'visitor', 'not-the-password');
    expect((await requestToken(e2e.url, 'demo', 'visitor')).status).toBe(423);

    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    await spaNavigate(page, '/sysuser');
    await settled(page, SysUser);
    const row = rowWith(page, SysUser, 'visitor').first();

    await rowAction(row, UNLOCK);
    let modal = dialog(page);
    await modal.getByText(say('resource.unlockConfirm', { username: 'visitor' })).waitFor(WAIT);
    const unlocked = await answerTo(page, '/unlockSysUser', () => modal.getByRole('button', { name: UNLOCK, exact: true }).click());
    expect(unlocked.status()).toBe(200);
    await toast(page, say('resource.unlocked', { username: 'visitor' }))
      .first()
      .waitFor(WAIT);
    expect((await requestToken(e2e.url, 'demo', 'visitor')).status).toBe(200);

    await rowAction(row, RESET);
    modal = dialog(page);
    await modal.getByText(say('resource.resetConfirm', { username: 'visitor' })).waitFor(WAIT);
    const reset = await answerTo(page, '/resetSysUserPassword', () => modal.getByRole('button', { name: RESET, exact: true }).click());
    expect(reset.status()).toBe(200);
    const shown = modal.getByTestId('one-time-password');
    await shown.waitFor(WAIT);
    const password = (await shown.innerText()).trim();
    expect(password.length).toBeGreaterThanOrEqual(12);
    await modal.getByRole('button', { name: say('resource.resetClose'), exact: true }).click();
    await modal.waitFor({ state: 'hidden', ...WAIT });

    const user = await e2e.newPage();
    await signIn(user, { username: 'visitor', password });
    expect((await requestToken(e2e.url, 'demo', 'visitor')).status).toBe(400);
  });
});

describe('the sign-in page', () => {
  it('shows one failure toast for a run of wrong passwords, and clears it on success', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    for (let i = 0; i < 3; i++) {
      const failed = await answerTo(page, '/handleFail', () => submitAccountLogin(page, { username: 'editor', password: `wrong-${i}` }));
      expect(failed.status()).toBe(200);
      await expect.poll(() => errorToasts(page).count(), WAIT).toBe(1);
    }
    await expect.poll(() => errorToasts(page).innerText(), WAIT).toMatch(/attempts? left/);
    await submitAccountLogin(page, { username: 'editor' });
    await page.getByTestId('app-layout').waitFor(WAIT);
    await expect.poll(() => errorToasts(page).count(), WAIT).toBe(0);
  });

  it('tells a disabled account so, in one message, and nothing about a wrong password', async () => {
    const users = (await admin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { username: 'editor', pageSize: 10 })).body.data!
      .list;
    // the editor: its password is the demo one (an earlier test gave the visitor a new one)
    const editor = users.find((u) => u.username === 'editor')!;
    expect((await admin.put<Envelope>('/api/admin/sysuser/updateSysUser', { id: editor.id, status: 0 })).status).toBe(200);
    try {
      const page = await e2e.newPage();
      await page.goto('/login');
      const failed = await answerTo(page, '/handleFail', () => submitAccountLogin(page, { username: 'editor' }));
      expect(failed.status()).toBe(200);
      await expect.poll(() => errorToasts(page).count(), WAIT).toBe(1);
      const shown = await errorToasts(page).innerText();
      expect(shown).toMatch(/disabled/i);
      expect(shown).not.toMatch(/attempts? left|wrong/i);
      expect(await page.locator('.ant-message-notice:visible, .ant-notification-notice:visible').count()).toBe(1);
    } finally {
      await admin.put('/api/admin/sysuser/updateSysUser', { id: editor.id, status: 1 });
    }
  });
});
