/**
 * Live notifications and the monitoring pages in Chromium (docs/notifications.md#live-notifications,
 * docs/monitoring.md). With the visitor's and the editor's consoles open, the administrator
 * publishes a notice to the visitor in another session: the visitor's badge and list show it
 * without a reload, the editor's do not (a later notice to everyone reaches both); a notice to an
 * organisation reaches its member's console and not the other's. A monitoring
 * page shows the not-configured message until its tenant parameter is set, then the tool in its
 * sandboxed frame; /swagger frames the server's API description.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { client, signIn as apiSignIn, type Envelope, type PageData } from '../api/harness.ts';
import { signIn, spaNavigate, startE2E, textsOf, type E2E } from './harness.ts';
import { say, type Api } from './resourceLocators.ts';

const BASE = '/api/notification/notification';
const monitorSay = textsOf('runtime/pages/monitor/messages/en.json');

let e2e: E2E;
let admin: Api;

beforeAll(async () => {
  e2e = await startE2E();
  admin = client(e2e.url, await apiSignIn(e2e.url, 'demo', 'admin'));
});

afterAll(async () => {
  await e2e?.close();
});

async function publish(title: string, userIds?: number[]): Promise<void> {
  const res = await admin.post<Envelope>(`${BASE}/addNotification`, {
    title,
    content: '<p>Live</p>',
    type: 'notice',
    priority: 1,
    userIds,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A signed-in console whose live channel is open; counts its full page loads. */
async function consoleOf(username: string): Promise<{ page: Page; loads: () => number }> {
  const page = await e2e.newPage();
  await signIn(page, { username });
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.locator('[data-testid="notification-bell"][data-live="open"]').waitFor();
  return { page, loads: () => loads };
}

const badge = (page: Page) => page.getByTestId('notification-bell').getAttribute('aria-label');

async function bellTitles(page: Page): Promise<string[]> {
  await page.getByTestId('notification-bell').click();
  const panel = page.getByRole('dialog', { name: say('bell.title') });
  await panel.waitFor();
  const titles = await panel.locator('.bell-item-title').allInnerTexts();
  await page.keyboard.press('Escape');
  return titles;
}

describe('the bell without a reload', () => {
  it('shows a notice published in another session to its recipient only', async () => {
    const users = await admin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { pageSize: 100 });
    const visitorId = Number(users.body.data!.list.find((u) => u.username === 'visitor')!.id);
    const visitor = await consoleOf('visitor');
    const editor = await consoleOf('editor');
    const visitorBefore = await badge(visitor.page);
    const editorBefore = await badge(editor.page);

    await publish('Live for the visitor', [visitorId]);
    await expect.poll(() => badge(visitor.page)).not.toBe(visitorBefore);
    expect(await bellTitles(visitor.page)).toContain('Live for the visitor');

    await publish('Live for everyone');
    await expect.poll(() => badge(editor.page)).not.toBe(editorBefore);
    const editorTitles = await bellTitles(editor.page);
    expect(editorTitles).toContain('Live for everyone');
    expect(editorTitles).not.toContain('Live for the visitor');
    await expect.poll(async () => bellTitles(visitor.page)).toContain('Live for everyone');
    // no page was loaded again
    expect(visitor.loads()).toBe(0);
    expect(editor.loads()).toBe(0);
  });
});

describe('a notice published to an organisation', () => {
  it("reaches the open console of a member without a reload, and not a non-member's", async () => {
    const users = (await admin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { pageSize: 100 })).body.data!.list;
    const orgs = (await admin.get<Envelope<PageData>>('/api/admin/sysorg/querySysOrg', { pageSize: 100 })).body.data!.list;
    const orgId = (name: string) => Number(orgs.find((o) => o.orgName === name)!.id);
    const visitorId = Number(users.find((u) => u.username === 'visitor')!.id);
    // the visitor moves to the Supply Department; the editor stays in the Information Department
    const moved = await admin.put<Envelope>('/api/admin/sysuser/updateSysUser', { id: visitorId, orgId: orgId('Supply Department') });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    try {
      const visitor = await consoleOf('visitor');
      const editor = await consoleOf('editor');
      const visitorBefore = await badge(visitor.page);
      const res = await admin.post<Envelope>(`${BASE}/addNotification`, {
        title: 'Live for Supply',
        content: '<p>Live</p>',
        type: 'notice',
        priority: 1,
        orgIds: [orgId('Supply Department')],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await expect.poll(() => badge(visitor.page)).not.toBe(visitorBefore);
      expect(await bellTitles(visitor.page)).toContain('Live for Supply');
      expect(await bellTitles(editor.page)).not.toContain('Live for Supply');
      expect(visitor.loads()).toBe(0);
    } finally {
      await admin.put<Envelope>('/api/admin/sysuser/updateSysUser', { id: visitorId, orgId: orgId('Information Department') });
    }
  });
});

describe('the monitoring pages', () => {
  it('says when a page is not configured, then frames the configured tool; /swagger frames the API description', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' }, '/grafana');
    await page.getByText(monitorSay('monitor.unset')).waitFor();
    await page.getByText(monitorSay('monitor.unsetHint', { param: 'monitor.grafana.url' })).waitFor();

    const url = `${e2e.url}/api-docs/`;
    const added = await admin.post<Envelope>('/api/admin/sysparam/addSysParam', {
      paramName: 'Grafana',
      paramKey: 'monitor.grafana.url',
      paramValue: url,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    await spaNavigate(page, '/nacos');
    await page.getByText(monitorSay('monitor.unsetHint', { param: 'monitor.nacos.url' })).waitFor();
    await spaNavigate(page, '/grafana');
    const frame = page.getByTestId('monitor-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(url);
    expect(await frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    await page.getByRole('link', { name: monitorSay('monitor.openNewTab') }).waitFor();

    await spaNavigate(page, '/swagger');
    // the /grafana page stays open in its tab (hidden): this page's frame is the one titled swagger
    await page.locator('iframe[title="swagger"]').contentFrame().locator('.swagger-ui .opblock').first().waitFor();
  });
});
