/**
 * Notifications end to end (docs/notifications.md): the administrator adds a notice through
 * the /notification page; it shows in the bell's notice tab, the badge counting the bell's
 * list; "see more" opens /mynotification, which lists it and shows its content in the detail.
 * A notice published to the visitor only reaches the visitor's bell, not the editor's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { client, signIn as apiSignIn, type Envelope, type PageData } from '../api/harness.ts';
import { answerTo, signIn, spaNavigate, startE2E, toast, type E2E } from './harness.ts';
import { fillForm } from './formFill.ts';
import {
  action,
  actionLabel,
  dataRows,
  dialog,
  drawer,
  resourceNamed,
  rowWith,
  say,
  settled,
  titleOf,
  toolbarOf,
  type Api,
  type Rec,
  rowAction,
} from './resourceLocators.ts';

const BASE = '/api/notification/notification';
const notification = resourceNamed('Notification');
const mine = resourceNamed('MyNotification');

let e2e: E2E;
let admin: Api;

beforeAll(async () => {
  e2e = await startE2E();
  admin = client(e2e.url, await apiSignIn(e2e.url, 'demo', 'admin'));
});

afterAll(async () => {
  await e2e?.close();
});

async function bellItems(as: Api): Promise<Rec[]> {
  const res = await as.get<Envelope<Rec[]>>(`${BASE}/queryHeadNotification`);
  expect(res.status).toBe(200);
  return res.body.data!;
}

/** Opens the bell; the panel once its list has loaded. */
async function openBell(page: Page) {
  const loaded = page.waitForResponse((res) => new URL(res.url()).pathname.endsWith('/queryHeadNotification'));
  await page.getByTestId('notification-bell').click();
  await loaded;
  const panel = page.getByRole('dialog', { name: say('bell.title') });
  await panel.waitFor();
  return panel;
}

describe('a notice added on the notifications page', () => {
  const title = `Concrete delivery schedule ${Date.now() % 100000}`;
  const words = 'Deliveries start at seven on Monday';

  it('is stored with the administrator as its publisher', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    await spaNavigate(page, '/notification');
    await settled(page, notification);
    await toolbarOf(page, notification)
      .getByRole('button', { name: actionLabel(action(notification, 'add')!, 'toolbar'), exact: true })
      .click();
    const modal = dialog(page);
    await modal.getByText(say('resource.addTitle', { title: titleOf(notification) })).waitFor();
    const filled = await fillForm(modal, notification, { title, type: 'notice', priority: 1, content: `<p>${words}</p>` }, { api: admin });
    const response = await answerTo(page, '/addNotification', () =>
      modal.getByRole('button', { name: say('common.save'), exact: true }).click(),
    );
    expect(response.status(), await response.text()).toBe(200);
    expect(response.request().postDataJSON()).toEqual(filled.values);
    await toast(page, say('resource.saved')).first().waitFor();
    await rowWith(page, notification, title).first().waitFor();

    const found = await admin.get<Envelope<PageData>>(`${BASE}/queryNotification`, { title });
    expect(found.body.data!.list).toHaveLength(1);
    expect(found.body.data!.list[0]).toMatchObject({ title, type: 'notice', priority: 1, publisher: 'admin', userIds: null });
    expect(String(found.body.data!.list[0]!.content)).toContain(words);
  });

  it('shows in the bell\'s notice tab, counted by the badge, and "see more" lists it on /mynotification', async () => {
    const expected = await bellItems(admin);
    expect(expected.map((x) => x.title)).toContain(title);
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    const panel = await openBell(page);
    const notices = expected.filter((x) => x.type === 'notification').length;
    await panel.getByRole('tab', { name: `${say('bell.notice')} (${notices})` }).waitFor();
    const item = panel.locator('.bell-item:visible').filter({ hasText: title });
    await item.waitFor();
    await expect.poll(() => item.locator('.bell-item-desc').innerText()).toBe(words);
    await expect
      .poll(() => page.getByTestId('notification-bell').locator('.ant-badge-count').getAttribute('title'))
      .toBe(String(expected.length));

    await panel.getByRole('button', { name: say('bell.seeMore') }).click();
    await page.waitForURL((u) => u.pathname === '/mynotification');
    await settled(page, mine);
    const row = rowWith(page, mine, title).first();
    await row.waitFor();
    expect(await dataRows(page, mine).count()).toBe(Math.min(expected.length, mine.list.pageSize));
    await rowAction(row, say('resource.actions.view'));
    const detail = drawer(page);
    await detail.waitFor();
    await expect.poll(() => detail.innerText()).toContain(title);
    await expect.poll(() => detail.innerText()).toContain(words);
  });
});

describe('the recipients of a notice', () => {
  it('are chosen in the form by username, sent as user ids, and shown by name when edited again', async () => {
    const users = (await admin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { pageSize: 100 })).body.data!.list;
    const idOf = (name: string) => Number(users.find((u) => u.username === name)!.id);
    const title = `For two ${Date.now() % 100000}`;
    const added = await admin.post<Envelope<Rec>>(`${BASE}/addNotification`, {
      title,
      content: '<p>Two of you</p>',
      type: 'notice',
      priority: 3,
    });
    expect(added.status).toBe(200);

    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    await spaNavigate(page, '/notification');
    await settled(page, notification);
    const row = rowWith(page, notification, title).first();
    await rowAction(row, actionLabel(action(notification, 'update')!, 'row'));
    const modal = dialog(page);
    const field = modal.locator('[data-field="userIds"]');
    await field.waitFor();
    for (const name of ['visitor', 'editor']) {
      await field.locator('.ant-select').click();
      await page.keyboard.type(name);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: new RegExp(`^${name}$`) })
        .click();
    }
    await page.keyboard.press('Escape');
    const response = await answerTo(page, '/updateNotification', () =>
      modal.getByRole('button', { name: say('common.save'), exact: true }).click(),
    );
    expect(response.status(), await response.text()).toBe(200);
    expect((response.request().postDataJSON() as Rec).userIds).toEqual([idOf('visitor'), idOf('editor')]);
    await toast(page, say('resource.saved')).first().waitFor();
    const stored = (await admin.get<Envelope<PageData>>(`${BASE}/queryNotification`, { title })).body.data!.list[0]!;
    expect(stored).toMatchObject({ userIds: [idOf('visitor'), idOf('editor')], usernames: ['visitor', 'editor'] });

    // the list shows the usernames; the edit form shows them before any option loads
    await expect.poll(() => row.innerText()).toContain('visitor, editor');
    let optionLoads = 0;
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.endsWith('/querySysUser')) optionLoads += 1;
    });
    await rowAction(row, actionLabel(action(notification, 'update')!, 'row'));
    const again = dialog(page).locator('[data-field="userIds"] .ant-select-selection-item');
    await expect.poll(() => again.allInnerTexts()).toEqual(['visitor', 'editor']);
    expect(optionLoads).toBe(0);
  });
});

describe('a notice published to one user', () => {
  it("reaches that user's bell only", async () => {
    const visitorId = Number(
      (await admin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { username: 'visitor' })).body.data!.list[0]!.id,
    );
    const title = `For the visitor ${Date.now() % 100000}`;
    const added = await admin.post<Envelope>(`${BASE}/addNotification`, {
      title,
      content: '<p>Only you</p>',
      type: 'message',
      priority: 2,
      userIds: [visitorId],
    });
    expect(added.status).toBe(200);

    const visitor = await e2e.newPage();
    await signIn(visitor, { username: 'visitor' });
    const panel = await openBell(visitor);
    await panel.getByRole('tab', { name: new RegExp(`^${say('bell.message')}`) }).click();
    await panel.locator('.bell-item:visible').filter({ hasText: title }).waitFor();
    // the visitor's "see more" is there too: /mynotification is every user's page
    await panel.getByRole('button', { name: say('bell.seeMore') }).waitFor();

    const editor = await e2e.newPage();
    await signIn(editor, { username: 'editor' });
    const other = await openBell(editor);
    await other.getByRole('tab', { name: new RegExp(`^${say('bell.message')}`) }).click();
    await other.locator('.bell-item:visible').first().waitFor();
    expect(await other.locator('.bell-item').filter({ hasText: title }).count()).toBe(0);
  });
});
