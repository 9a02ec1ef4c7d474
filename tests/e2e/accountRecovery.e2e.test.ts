/**
 * Account recovery through the console in Chromium: the forgot-password page mails a reset
 * code, the code and a new password are entered on the same page (a password the policy
 * refuses shows the server's message on its field), the new password signs in and the old
 * session is over; and an administrator lifts a sign-in lock with the users page's "Unlock
 * sign-in" button. The server runs in this process so that the test can read the captcha as
 * a person reads the image and read the mailbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../server-mock/app/startServer.ts';
import { issueCaptcha } from '../../server-mock/auth/captcha.ts';
import { mailOutbox } from '../../server-mock/auth/mail.ts';
import { DEMO_PASSWORD, launchChromium, submitAccountLogin, toast } from './harness.ts';
import { dataRows, dialog, resourceNamed, rowAction } from './resourceLocators.ts';

const root = join(import.meta.dirname, '../..');
let server: RunningServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  if (!existsSync(join(root, 'dist/index.html'))) throw new Error('dist/ is missing: run `npx vite build` first');
  dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-recovery-'));
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir, staticDir: join(root, 'dist'), quiet: true, env: {} });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', viewport: { width: 1366, height: 900 } });
  return context.newPage();
}

/** Answers the page's captcha calls with keys for known characters. */
async function knownCaptcha(page: Page, text: string): Promise<void> {
  await page.route('**/api/account/captcha/getCharCaptcha*', async (route) => {
    const data = await issueCaptcha(server.services, text);
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: 200, message: 'success', data }) });
  });
}

async function signInAs(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitAccountLogin(page, { tenantCode: 'demo', username, password });
  await page.getByTestId('app-layout').waitFor();
}

describe('forgot password', () => {
  it('mails a code; the code and a new password that meets the policy change it; the old session ends', async () => {
    const old = await newPage();
    await signInAs(old, 'visitor', DEMO_PASSWORD);

    const page = await newPage();
    await knownCaptcha(page, 'HEXU');
    await page.goto('/forgotpassword');
    await page.getByLabel('Tenant code').fill('demo');
    await page.getByLabel('Email').fill('visitor@demo.example.com');
    await page.getByLabel('Verification characters', { exact: true }).fill('hexu');
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await page.getByText('a reset code has been mailed to it').waitFor();
    const code = /is ([A-Z0-9-]{14}) \./.exec(mailOutbox(server.services).last('visitor@demo.example.com') ?? '')?.[1];
    expect(code).toBeTruthy();
    // Nothing changed yet: the old password still signs in.
    const still = await newPage();
    await signInAs(still, 'visitor', DEMO_PASSWORD);

    await page.getByLabel('Reset code').fill(code!);
    await page.getByLabel('New password', { exact: true }).fill('visitor');
    await page.getByLabel('Confirm the new password').fill('visitor');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByText('The password cannot be the username').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Visitor#New26');
    await page.getByLabel('Confirm the new password').fill('Visitor#New26');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByText('Your password has been changed').waitFor();

    // The session opened before the reset is over: its next call asks to log in again.
    await old.reload();
    await old.waitForURL((u) => u.pathname === '/login');
    const fresh = await newPage();
    await signInAs(fresh, 'visitor', 'Visitor#New26');
    expect(new URL(fresh.url()).pathname).toBe('/workbench');
  });
});

describe('unlock', () => {
  it("lifts a user's sign-in lock from the users page", async () => {
    const attacker = await newPage();
    await attacker.goto('/login');
    for (let i = 0; i < 5; i++) {
      const answer = attacker.waitForResponse((r) => r.url().includes('/api/uaa/oauth/token'));
      await submitAccountLogin(attacker, { tenantCode: 'demo', username: 'editor', password: `wrong-${i}` });
      await answer;
    }
    const blocked = await newPage();
    await blocked.goto('/login');
    await submitAccountLogin(blocked, { tenantCode: 'demo', username: 'editor', password: DEMO_PASSWORD });
    await toast(blocked, /The account is locked/)
      .first()
      .waitFor();

    const admin = await newPage();
    await signInAs(admin, 'admin', DEMO_PASSWORD);
    await admin.goto('/sysuser');
    const SysUser = resourceNamed('SysUser');
    const row = dataRows(admin, SysUser).filter({ hasText: 'editor@demo.example.com' });
    await row.first().waitFor();
    await rowAction(row.first(), 'Unlock sign-in');
    await dialog(admin).getByText('Lift the sign-in lock of editor?').waitFor();
    await dialog(admin).getByRole('button', { name: 'Unlock sign-in' }).click();
    await toast(admin, 'editor can sign in again').first().waitFor();

    const owner = await newPage();
    await signInAs(owner, 'editor', DEMO_PASSWORD);
    expect(new URL(owner.url()).pathname).toBe('/workbench');
  });
});
