/**
 * The record form (runtime/resource/form) in Chromium, on the page of bench/fixtures/form
 * (`?page=e2e`): ResourceForm of a generated resource in a dialog whose OK button submits it
 * through `form={id}`, as the resource page does. The relation options (the organisation
 * tree) are answered by the test. The page is built with Vite here (no dist/ needed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildFormPages } from '../../bench/formLatency.ts';
import { startFixturePages, type FixturePages } from './harness.ts';

let fixture: FixturePages;
let browser: Browser;
let servedUrl: string;

beforeAll(async () => {
  fixture = await startFixturePages(buildFormPages);
  browser = fixture.browser;
  servedUrl = fixture.url;
});
afterAll(async () => {
  await fixture?.close();
});

const ORG_TREE = [
  { id: 1, orgName: 'Head office', orgParent: 0, children: [{ id: 2, orgName: 'Sales', orgParent: 1 }] },
  { id: 3, orgName: 'Branch', orgParent: 0 },
];

interface Opened {
  page: Page;
  /** The organisation tree calls the page made. */
  orgCalls: string[];
}

async function open(query: Record<string, string>, viewport = { width: 1280, height: 900 }): Promise<Opened> {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  const page = await context.newPage();
  const orgCalls: string[] = [];
  await page.route('**/api/admin/sysorg/querySysOrgTree**', async (route) => {
    orgCalls.push(route.request().url());
    await route.fulfill({ json: { status: 200, message: 'success', data: ORG_TREE } });
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${servedUrl}/?${new URLSearchParams({ page: 'e2e', ...query })}`);
  await page.waitForFunction(() => window.__ready === true);
  expect(errors).toEqual([]);
  return { page, orgCalls };
}

/** The row of a field (label, control, messages). */
function row(page: Page, field: string) {
  return page.locator(`.resource-form-item[data-field="${field}"]`);
}

function errorsOf(page: Page, field: string) {
  return row(page, field).locator('.resource-form-errors');
}

/** Clicks the dialog's OK button, which submits the form through `form={id}`. */
async function submit(page: Page): Promise<void> {
  await page.locator('.ant-modal-footer').getByRole('button', { name: 'OK' }).click();
}

const submitted = (page: Page) => page.evaluate(() => window.__submitted);

async function chooseOrg(page: Page, name: string): Promise<void> {
  await page.locator('#e2e_orgId').click();
  await page.locator('#e2e_orgId').fill(name);
  await page.locator('.ant-select-tree-node-content-wrapper', { hasText: name }).first().click();
}

async function fillValidUser(page: Page): Promise<void> {
  await page.getByLabel('Username').fill('new.user');
  await page.getByLabel('Password', { exact: true }).fill('Secret#2026');
  await page.getByLabel('Confirm Password').fill('Secret#2026');
  await page.getByLabel('Nickname').fill('New user');
  await page.getByLabel('Email').fill('new.user@example.com');
  await page.getByLabel('Mobile').fill('13800000099');
  await chooseOrg(page, 'Sales');
  await page.getByLabel('Normal').check();
}

describe('record form: validation', () => {
  it('shows required errors on submit, focuses the first one and sends nothing', async () => {
    const { page } = await open({ resource: 'SysUser', mode: 'create' });
    await expect.poll(() => errorsOf(page, 'username').count()).toBe(0);
    await submit(page);
    await expect.poll(() => errorsOf(page, 'username').textContent()).toBe('Please enter Username');
    expect(await errorsOf(page, 'orgId').textContent()).toBe('Please select Organisation');
    expect(await errorsOf(page, 'status').textContent()).toBe('Please select Status');
    expect(await errorsOf(page, 'address').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('e2e_username');
    expect(await submitted(page)).toEqual([]);
  });

  it('shows pattern and format errors as the server would, and checks such a field again as it changes', async () => {
    const { page } = await open({ resource: 'SysUser', mode: 'create' });
    await fillValidUser(page);
    await page.getByLabel('Username').fill('bad name!');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Mobile').fill('12ab');
    await submit(page);
    await expect.poll(() => errorsOf(page, 'username').textContent()).toBe('Username is not in the expected format');
    expect(await errorsOf(page, 'email').textContent()).toBe('Please enter a valid email address');
    expect(await errorsOf(page, 'mobile').textContent()).toBe('Mobile is not in the expected format');
    // Live once shown: the error follows the value.
    await page.getByLabel('Email').fill('still@wrong');
    await expect.poll(() => errorsOf(page, 'email').textContent()).toBe('Please enter a valid email address');
    await page.getByLabel('Email').fill('fixed@example.com');
    await expect.poll(() => errorsOf(page, 'email').count()).toBe(0);
    await page.getByLabel('Username').fill('ab');
    await expect.poll(() => errorsOf(page, 'username').textContent()).toBe('Username must be at least 3 characters');
    expect(await submitted(page)).toEqual([]);
  });

  it('asks for the password twice and refuses two different entries', async () => {
    const { page } = await open({ resource: 'SysUser', mode: 'create' });
    await fillValidUser(page);
    await page.getByLabel('Confirm Password').fill('Secret#2025');
    await submit(page);
    await expect.poll(() => errorsOf(page, 'password__confirm').textContent()).toBe('The two Password entries do not match');
    expect(await errorsOf(page, 'password').count()).toBe(0);
    expect(await submitted(page)).toEqual([]);
    await page.getByLabel('Confirm Password').fill('Secret#2026');
    await expect.poll(() => errorsOf(page, 'password__confirm').count()).toBe(0);
    await submit(page);
    await expect.poll(() => submitted(page).then((s) => s.length)).toBe(1);
  });

  it('submits the sent fields only: no confirm input, no empty optional field, the relation and dictionary values typed', async () => {
    const { page, orgCalls } = await open({ resource: 'SysUser', mode: 'create' });
    expect(orgCalls).toEqual([]); // options load when the list opens
    await fillValidUser(page);
    await page.getByLabel('Address').fill('');
    await submit(page);
    await expect.poll(() => submitted(page).then((s) => s.length)).toBe(1);
    expect((await submitted(page))[0]).toEqual({
      username: 'new.user',
      password: 'Secret#2026',
      nickname: 'New user',
      email: 'new.user@example.com',
      prefix: '+86',
      mobile: '13800000099',
      orgId: 2,
      status: 1,
    });
    expect(orgCalls).toHaveLength(1);
  });

  it('changes the country code through the mobile widget', async () => {
    const { page } = await open({ resource: 'SysUser', mode: 'create' });
    await fillValidUser(page);
    await page.locator('#e2e_mobile__prefix').click();
    await page.locator('.ant-select-item-option', { hasText: '+852' }).click();
    await submit(page);
    await expect.poll(() => submitted(page).then((s) => s.length)).toBe(1);
    expect((await submitted(page))[0]).toMatchObject({ prefix: '+852', mobile: '13800000099' });
  });
});

describe('record form: other widgets', () => {
  it('grant types as a multiple choice, numbers, and the URL format', async () => {
    const { page } = await open({ resource: 'AppClient', mode: 'create' });
    await page.getByLabel('Client code').fill('portal');
    await page.getByLabel('Client secret', { exact: true }).fill('s3cret');
    await page.locator('#e2e_authType').click();
    await page.locator('.ant-select-item-option', { hasText: 'Refresh token' }).click();
    await page.locator('.ant-select-item-option', { hasText: 'Password' }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Scope').fill('ui');
    await page.getByLabel('Token seconds').fill('59');
    await page.getByLabel('Refresh seconds').fill('7200');
    await page.getByLabel('Fallback URL').fill('example.com/back');
    await submit(page);
    await expect.poll(() => errorsOf(page, 'fallbackUrl').textContent()).toBe('Please enter a valid URL, such as https://example.com');
    expect(await errorsOf(page, 'tokenSeconds').textContent()).toBe('Token seconds must be at least 60');
    await page.getByLabel('Fallback URL').fill('https://example.com/back');
    await page.getByLabel('Token seconds').fill('3600');
    await expect.poll(() => page.locator('.resource-form-errors').count()).toBe(0);
    await submit(page);
    await expect.poll(() => submitted(page).then((s) => s.length)).toBe(1);
    expect((await submitted(page))[0]).toEqual({
      clientCode: 'portal',
      clientSecret: 's3cret',
      authType: 'password,refresh_token',
      authScope: 'ui',
      tokenSeconds: 3600,
      refreshSeconds: 7200,
      fallbackUrl: 'https://example.com/back',
    });
  });

  it('a date and time, sent as an ISO string', async () => {
    const { page } = await open({ resource: 'SysTenant', mode: 'create' });
    await page.getByLabel('Tenant code').fill('acme2');
    await page.getByLabel('Tenant name').fill('Acme 2');
    await page.locator('#e2e_startTime').click();
    await page.locator('#e2e_startTime').fill('2026-03-04 05:06:07');
    await page.keyboard.press('Enter');
    // Enter confirms the date and does not submit the form.
    await page.waitForTimeout(300);
    expect(await submitted(page)).toEqual([]);
    await submit(page);
    await expect.poll(() => submitted(page).then((s) => s.length)).toBe(1);
    const sent = (await submitted(page))[0]!;
    expect(sent).toMatchObject({ tenantCode: 'acme2', tenantName: 'Acme 2' });
    expect(typeof sent.startTime).toBe('string');
    expect(sent.startTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await page.evaluate((iso) => new Date(iso as string).getMinutes(), sent.startTime)).toBe(6);
  });
});

describe('record form: server errors', () => {
  it('shows a server field error on its field until that field changes, and other fields\u2019 errors above the form', async () => {
    const { page } = await open({ resource: 'SysUser', mode: 'create' });
    await fillValidUser(page);
    await submit(page);
    await expect.poll(() => submitted(page).then((s) => s.length)).toBe(1);
    await page.evaluate(() =>
      window.__setServerErrors([
        { field: 'username', keyword: 'unique', params: { fields: ['username'] }, message: 'already exists' },
        { field: 'email', keyword: 'format', params: { format: 'email' }, message: 'must be a valid email' },
        {
          field: 'tenantCode',
          keyword: 'additionalProperties',
          params: { additionalProperty: 'tenantCode' },
          message: 'is not a known field',
        },
      ]),
    );
    await expect.poll(() => errorsOf(page, 'username').textContent()).toBe('Username already exists');
    expect(await errorsOf(page, 'email').textContent()).toBe('Please enter a valid email address');
    expect(await page.locator('.resource-form-alert').textContent()).toContain('Tenant is not a field of this record');
    await page.getByLabel('Username').fill('another.user');
    await expect.poll(() => errorsOf(page, 'username').count()).toBe(0);
    expect(await errorsOf(page, 'email').textContent()).toBe('Please enter a valid email address');
  });
});

describe('record form: modes and permissions', () => {
  const stored = {
    id: 7,
    username: 'kept.user',
    nickname: 'Kept',
    email: 'kept@example.com',
    prefix: '+853',
    mobile: '66660000',
    orgId: 3,
    orgName: 'Branch',
    status: 1,
    address: 'Old street 1',
    createTime: '2026-01-02T03:04:05.000Z',
  };

  it('edit: locks readOnlyOnEdit fields, leaves secrets out, sends a cleared field as null and shows the relation label without loading', async () => {
    const { page, orgCalls } = await open({ resource: 'SysUser', mode: 'edit', initial: JSON.stringify(stored) });
    await expect.poll(() => page.locator('#e2e_username').isDisabled()).toBe(true);
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    expect(await row(page, 'orgId').textContent()).toContain('Branch');
    expect(orgCalls).toEqual([]);
    await page.getByLabel('Address').fill('');
    await page.getByLabel('Nickname').fill('Kept again');
    await submit(page);
    await expect.poll(() => submitted(page).then((s) => s.length)).toBe(1);
    const sent = (await submitted(page))[0]!;
    expect(sent).toEqual({
      nickname: 'Kept again',
      email: 'kept@example.com',
      prefix: '+853',
      mobile: '66660000',
      orgId: 3,
      status: 1,
      address: null,
    });
  });

  it('leaves out the fields the data permission hides', async () => {
    const { page } = await open({ resource: 'SysUser', mode: 'edit', initial: JSON.stringify(stored), hidden: 'email,mobile' });
    await expect.poll(() => row(page, 'nickname').count()).toBe(1);
    expect(await row(page, 'email').count()).toBe(0);
    expect(await row(page, 'mobile').count()).toBe(0);
    await submit(page);
    await expect.poll(() => submitted(page).then((s) => s.length)).toBe(1);
    const sent = (await submitted(page))[0]!;
    expect(Object.keys(sent)).not.toContain('email');
    expect(Object.keys(sent)).not.toContain('mobile');
  });

  it('view: every visible field read-only, with the record times', async () => {
    const { page } = await open({ resource: 'SysUser', mode: 'view', initial: JSON.stringify(stored) });
    await expect.poll(() => row(page, 'createTime').count()).toBe(1);
    expect(await page.locator('#e2e_nickname').getAttribute('readonly')).not.toBeNull();
    expect(await page.locator('.resource-form-required').count()).toBe(0);
    expect(await row(page, 'status').locator('input[type=radio]:not([disabled])').count()).toBe(0);
  });
});

describe('record form: language and layout', () => {
  it('shows labels and messages in Chinese', async () => {
    const { page } = await open({ resource: 'SysUser', mode: 'create', lang: 'zh' });
    await expect.poll(() => row(page, 'username').locator('label').textContent()).toBe('用户名');
    expect(await row(page, 'password__confirm').locator('label').textContent()).toBe('确认密码');
    await submit(page);
    await expect.poll(() => errorsOf(page, 'username').textContent()).toBe('请输入用户名');
    expect(await errorsOf(page, 'status').textContent()).toBe('请选择状态');
    expect(await row(page, 'status').textContent()).toContain('正常');
    await page.getByLabel('确认密码').fill('x');
    await page.getByLabel('密码', { exact: true }).fill('y');
    await submit(page);
    await expect.poll(() => errorsOf(page, 'password__confirm').textContent()).toBe('两次输入的密码不一致');
  });

  it('puts labels on top under 700 px', async () => {
    const wide = await open({ resource: 'SysUser', mode: 'create' });
    expect(await wide.page.locator('.resource-form').getAttribute('class')).toContain('resource-form-horizontal');
    const narrow = await open({ resource: 'SysUser', mode: 'create' }, { width: 600, height: 900 });
    expect(await narrow.page.locator('.resource-form').getAttribute('class')).toContain('resource-form-vertical');
    // Above the input, left-aligned with it (polled: the dialog zooms in when it opens).
    const stacked = async () => {
      const label = (await narrow.page.locator('label[for="e2e_username"]').boundingBox())!;
      const input = (await narrow.page.locator('#e2e_username').boundingBox())!;
      return label.y + label.height <= input.y && Math.abs(label.x - input.x) < 16;
    };
    await expect.poll(stacked).toBe(true);
  });
});

describe('record form: rendering', () => {
  it('typing in one field of a 200-field form renders that field only', async () => {
    const { page } = await open({ resource: 'bench', mode: 'create', count: '1' });
    const counts = () => page.evaluate(() => ({ rows: { ...window.__rowRenders }, widgets: { ...window.__widgetRenders } }));
    const initial = await counts();
    // Text, email and pattern fields use the text widget: 7 of every 10 fields.
    expect(Object.keys(initial.widgets)).toHaveLength(140);
    await page.evaluate(() => {
      window.__rowRenders = {};
      window.__widgetRenders = {};
    });
    await page.locator('#e2e_f100').click();
    await page.keyboard.type('hello', { delay: 20 });
    expect(await page.locator('#e2e_f100').inputValue()).toBe('hello');
    const after = await counts();
    expect(Object.keys(after.widgets)).toEqual(['f100']);
    // The same through the rows (every field's row rendered once at first, then only f100's).
    expect(Object.keys(initial.rows)).toHaveLength(200);
    expect(Object.keys(after.rows)).toEqual(['f100']);
    expect(after.widgets.f100).toBeGreaterThanOrEqual(5);
    expect(after.widgets.f100).toBeLessThanOrEqual(10);
    expect(await page.evaluate(() => window.__changes)).toBe(5);
  });
});
