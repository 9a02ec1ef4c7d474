/**
 * Stored cross-site scripting against the shell: script payloads saved through the API in
 * the text the shell renders (menu titles and names in the sidebar, tabs, breadcrumb and menu
 * search; the user's nickname; organisation and post names in the switchers) and in the
 * notification bell's items (notices and messages stored with addNotification: their titles,
 * and their descriptions, the plain text of the content) must show as text, and no script may
 * run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, startE2E, DEMO_PASSWORD, type E2E } from './harness.ts';
import { signIn as apiSignIn } from '../api/harness.ts';

const PAYLOADS = [
  '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
  '"><script>window.__xss=(window.__xss||0)+1</script>',
  '<svg onload="window.__xss=(window.__xss||0)+1"></svg>',
];

let e2e: E2E;

async function api(path: string, init: { method: string; body?: unknown; token?: string }): Promise<Record<string, unknown>> {
  const res = await fetch(e2e.url + path, {
    method: init.method,
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return (await res.json()) as Record<string, unknown>;
}

function adminToken(): Promise<string> {
  return apiSignIn(e2e.url, 'demo', 'admin', DEMO_PASSWORD);
}

type Rec = Record<string, unknown>;

async function findOne(token: string, path: string, params: Record<string, string>): Promise<Rec> {
  const res = await fetch(`${e2e.url}${path}?${new URLSearchParams(params)}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: { list: Rec[] } };
  return body.data.list[0]!;
}

async function noScriptRan(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

beforeAll(async () => {
  e2e = await startE2E();
  const token = await adminToken();
  // a menu group and a page the shell renders from the server's menu
  for (const [code, payload] of [
    ['error', PAYLOADS[0]],
    ['page404', PAYLOADS[1]],
  ] as const) {
    const menu = await findOne(token, '/api/admin/sysmenu/querySysMenu', { menuCode: code });
    const upd = await api('/api/admin/sysmenu/updateSysMenu', {
      method: 'PUT',
      token,
      body: { id: menu.id, menuTitle: payload, menuName: payload },
    });
    expect(upd.status).toBe(200);
  }
  const me = (await api('/api/uaa/users/getSysUser', { method: 'GET', token })).data as Rec;
  expect(
    (await api('/api/account/sysuserdetail/updateSysUserDetail', { method: 'PUT', token, body: { nickname: PAYLOADS[2] } })).status,
  ).toBe(200);
  const org = await findOne(token, '/api/admin/sysorg/querySysOrg', { id: String(me.orgId) });
  expect((await api('/api/admin/sysorg/updateSysOrg', { method: 'PUT', token, body: { id: org.id, orgName: PAYLOADS[0] } })).status).toBe(
    200,
  );
  const post = await findOne(token, '/api/admin/syspost/querySysPost', { postCode: 'manager' });
  expect(
    (await api('/api/admin/syspost/updateSysPost', { method: 'PUT', token, body: { id: post.id, postName: PAYLOADS[1] } })).status,
  ).toBe(200);
  // Notices and messages to every user: a payload as the title, and as the text of the content
  // (escaped in the HTML, so the bell's description is the payload itself).
  for (const type of ['notice', 'message']) {
    for (const payload of PAYLOADS) {
      const added = await api('/api/notification/notification/addNotification', {
        method: 'POST',
        token,
        body: { title: payload, content: `<p>${escapeHtml(payload)}</p>`, type, priority: 1 },
      });
      expect(added.status).toBe(200);
    }
  }
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

afterAll(async () => {
  await e2e?.close();
});

describe('stored script payloads', () => {
  it('render as text in the sidebar, tab strip, breadcrumb, avatar menu and switchers', async () => {
    const page = await e2e.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signIn(page, { username: 'admin' });
    await noScriptRan(page);
    // the payload title is shown as text somewhere in the sidebar
    await page.getByText(PAYLOADS[0]!, { exact: false }).first().waitFor();
    await page.goto('/error/404');
    await page.getByTestId('app-layout').waitFor();
    await noScriptRan(page);
    const html = await page.content();
    expect(html).not.toContain('<img src="x"');
    expect(html).not.toMatch(/<script>window\.__xss/);
    expect(html).toContain('&lt;img src=x onerror=');
    await noScriptRan(page);
    expect(dialogs).toEqual([]);
  });

  it('render as text in the notification bell, notices and messages', async () => {
    const page = await e2e.newPage();
    // The bell shows the stored notifications: the payloads come in every text it renders.
    await signIn(page, { username: 'admin' });
    await page.getByTestId('notification-bell').click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText(PAYLOADS[0]!, { exact: true }).first().waitFor();
    expect(await panel.getByText(PAYLOADS[1]!, { exact: true }).count()).toBe(2);
    await noScriptRan(page);
    await panel.getByRole('tab', { name: /^Message/ }).click();
    await panel.locator('.bell-item-title:visible').filter({ hasText: PAYLOADS[2]! }).first().waitFor();
    await noScriptRan(page);
    const html = await panel.innerHTML();
    expect(html).not.toContain('<img src="x"');
    expect(html).not.toContain('<svg onload');
    expect(html).toContain('&lt;svg onload=');
  });
});
