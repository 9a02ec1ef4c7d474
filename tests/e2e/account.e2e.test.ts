/**
 * Self-service accounts through the console in Chromium: register a user on /register (in a
 * tenant that allows it, with the captcha) and sign in with it; forgot password on
 * /forgotpassword (a wrong answer first, then the right one) reaches the code step (the whole
 * reset: accountRecovery.e2e.test.ts). The server runs in this process
 * so that the test can read the captcha as a person reads the image (the page's captcha
 * call is answered with a key issued for known characters) and read the mailbox.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../server-mock/app/startServer.ts';
import { issueCaptcha } from '../../server-mock/auth/captcha.ts';
import { mailOutbox } from '../../server-mock/auth/mail.ts';
import { launchChromium, submitAccountLogin } from './harness.ts';

const root = join(import.meta.dirname, '../..');
let server: RunningServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  if (!existsSync(join(root, 'dist/index.html'))) throw new Error('dist/ is missing: run `npx vite build` first');
  dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-account-'));
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir, staticDir: join(root, 'dist'), quiet: true, env: {} });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const contexts: BrowserContext[] = [];

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', viewport: { width: 1366, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

// a test's pages (a signed-in workbench among them) do not keep working beside the next test's
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
});

/** The captcha image is drawn once its call has answered: on a busy machine, after more than the poll's default second. */
const DRAWN = { timeout: 15_000 };

/** Answers the page's captcha calls with keys for the given characters, in turn. */
async function knownCaptchas(page: Page, texts: string[]): Promise<void> {
  let i = 0;
  await page.route('**/api/account/captcha/getCharCaptcha*', async (route) => {
    const text = texts[Math.min(i, texts.length - 1)]!;
    i += 1;
    const data = await issueCaptcha(server.services, text);
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: 200, message: 'success', data }) });
  });
}

async function signInAs(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitAccountLogin(page, { tenantCode: 'demo', username, password });
  await page.getByTestId('app-layout').waitFor();
}

/** Turns self-registration on in tenant demo, as its administrator would on the Parameters page. */
async function allowRegistration(): Promise<void> {
  const { TenantData } = await import('../../server-mock/access/tenantData.ts');
  const { insertRecord } = await import('../../server-mock/seed/provisionTenant.ts');
  const data = new TenantData(server.database, server.services.registry, 'demo');
  await insertRecord(
    data,
    data.resource('SysParam'),
    { paramName: 'Self-registration', paramKey: 'account.selfRegistration', paramValue: 'true' },
    new Date(),
  );
}

describe('register', () => {
  it('refuses a tenant that does not accept registrations, with the message on the tenant code', async () => {
    const page = await newPage();
    await knownCaptchas(page, ['RNVW']);
    await page.goto('/register');
    await page.getByLabel('Tenant code').fill('demo');
    await page.getByLabel('Username').fill('e2e.closed');
    await page.getByLabel('Password', { exact: true }).fill('Secret@123');
    await page.getByLabel('Confirm password').fill('Secret@123');
    await page.getByLabel('Email').fill('e2e.closed@demo.example.com');
    await page.getByLabel('Mobile').fill('13900000076');
    await page.getByLabel('Verification characters', { exact: true }).fill('RNVW');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('This tenant does not accept registrations').waitFor();
  });

  it('validates, creates an account through the page, and the account signs in', async () => {
    await allowRegistration();
    const page = await newPage();
    await knownCaptchas(page, ['RNVW']);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => page.getByText('Please enter the username').count()).toBeGreaterThan(0);
    await page.getByLabel('Tenant code').fill(' demo ');
    await page.getByLabel('Username').fill('e2e.newcomer');
    await page.getByLabel('Nickname').fill('Newcomer');
    await page.getByLabel('Password', { exact: true }).fill('Secret@123');
    await page.getByLabel('Confirm password').fill('Secret@124');
    await page.getByLabel('Email').fill('e2e.newcomer@demo.example.com');
    await page.getByLabel('Mobile').fill('13900000077');
    await page.getByLabel('Verification characters', { exact: true }).fill('RNVW');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('The two passwords do not match').waitFor();
    // a password the server's policy refuses: its message on the password field
    await page.getByLabel('Password', { exact: true }).fill('password1');
    await page.getByLabel('Confirm password').fill('password1');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('The password is too common; choose another').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Secret@123');
    await page.getByLabel('Confirm password').fill('Secret@123');
    await page.getByLabel('Verification characters', { exact: true }).fill('RNVW');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Account e2e.newcomer has been created in tenant demo').waitFor();

    const again = await newPage();
    await knownCaptchas(again, ['RNVW']);
    await again.goto('/register');
    await again.getByLabel('Tenant code').fill('demo');
    await again.getByLabel('Username').fill('e2e.newcomer');
    await again.getByLabel('Password', { exact: true }).fill('Secret@123');
    await again.getByLabel('Confirm password').fill('Secret@123');
    await again.getByLabel('Email').fill('other@demo.example.com');
    await again.getByLabel('Mobile').fill('13900000078');
    await again.getByLabel('Verification characters', { exact: true }).fill('RNVW');
    await again.getByRole('button', { name: 'Register' }).click();
    await again.getByText('The username, email or mobile is already used in this tenant').waitFor();

    const signedIn = await newPage();
    await signInAs(signedIn, 'e2e.newcomer', 'Secret@123');
    expect(new URL(signedIn.url()).pathname).toBe('/workbench');
  });
});

describe('forgot password', () => {
  it('refuses wrong characters with a new image, then mails a reset code and asks for it', async () => {
    const page = await newPage();
    await knownCaptchas(page, ['HXKA', 'TRUE']);
    await page.goto('/forgotpassword');
    await expect
      .poll(() => page.getByRole('img', { name: 'Verification characters image' }).getAttribute('src'), DRAWN)
      .toMatch(/^data:image\/svg\+xml;base64,/);
    await page.getByLabel('Tenant code').fill('demo');
    await page.getByLabel('Email').fill('visitor@demo.example.com');
    await page.getByLabel('Verification characters', { exact: true }).fill('WRNG');
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await page.getByText('The characters do not match the image').waitFor();
    await page.getByLabel('Verification characters', { exact: true }).fill('true');
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await page.getByText('If visitor@demo.example.com belongs to an account of tenant demo').waitFor();
    await page.getByLabel('Reset code').waitFor();

    const mail = mailOutbox(server.services).last('visitor@demo.example.com');
    expect(mail).toMatch(/reset code for user visitor of tenant demo is [A-Z0-9-]{14} \./);
    // nothing changed yet
    const signedIn = await newPage();
    await signInAs(signedIn, 'visitor', 'Demo@2026');
  });

  it('shows the server image and loads another on request', async () => {
    const page = await newPage();
    await page.goto('/forgotpassword');
    const image = page.getByRole('img', { name: 'Verification characters image' });
    await expect.poll(() => image.getAttribute('src'), DRAWN).toMatch(/^data:image\/svg\+xml/);
    const first = await image.getAttribute('src');
    await page.getByRole('button', { name: 'Show other characters' }).click();
    await expect.poll(() => image.getAttribute('src'), DRAWN).not.toBe(first);
  });
});
