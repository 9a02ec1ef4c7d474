/**
 * Shared end-to-end harness: starts the platform server (server-mock) on a fresh temporary
 * data directory serving the built console from dist/, and launches the system Chromium.
 * It builds nothing: run `npx vite build` first. E2E_BASE_URL points the tests at an
 * already running deployment instead (then SMS codes cannot be read).
 */
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { getMessage, type Messages } from '../../schemas/registry/locales.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Page, type Request, type Response } from 'playwright-core';

const root = join(import.meta.dirname, '../..');
/** The built console the tests serve (E2E_DIST, default dist/). */
const dist = process.env.E2E_DIST ?? join(root, 'dist');
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo@2026';
export const DEMO_MOBILES = { admin: '13800000001', editor: '13800000002', visitor: '13800000003' } as const;

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The system Chromium (CHROMIUM_PATH, default /usr/bin/chromium), headless. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

/** A page built from a fixture folder (bench/fixturePages.ts), served, with a browser to open it. */
export interface FixturePages {
  url: string;
  browser: Browser;
  close(): Promise<void>;
}

export async function startFixturePages(build: () => Promise<string>): Promise<FixturePages> {
  const { serveDirectory } = await import('../../bench/fixturePages.ts');
  const dir = await build();
  const served = await serveDirectory(dir);
  const browser = await launchChromium();
  return {
    url: served.url,
    browser,
    async close() {
      await browser.close().catch(() => undefined);
      served.server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface E2E {
  url: string;
  browser: Browser;
  /** The last SMS code sent to a mobile number (read from the server's outbox). */
  smsCode(mobile: string): string | undefined;
  /** A fresh browser context (own cookies and storage) with English as the browser language. */
  newPage(options?: { locale?: string; viewport?: { width: number; height: number } }): Promise<Page>;
  close(): Promise<void>;
}

interface RunningServer {
  url: string;
  close(): Promise<void>;
  smsOutbox: { last(mobile: string): string | undefined };
}

/** `env`: the server's environment over the test process's (e.g. `{ MOCK_API: '1' }` for the demo pages' mock API). */
export async function startE2E(options: { env?: Record<string, string> } = {}): Promise<E2E> {
  let server: RunningServer | undefined;
  let dataDir: string | undefined;
  let url = process.env.E2E_BASE_URL;
  if (!url) {
    if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist} is missing: run \`npx vite build\` before the end-to-end tests`);
    const { startServer } = (await import('../../server-mock/app/startServer.ts')) as {
      startServer(options: {
        port?: number;
        dataDir?: string;
        staticDir?: string;
        quiet?: boolean;
        env?: NodeJS.ProcessEnv;
      }): Promise<RunningServer>;
    };
    dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
    server = await startServer({
      port: 0,
      dataDir,
      staticDir: dist,
      quiet: true,
      ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
    });
    url = server.url.replace(/\/$/, '');
  }
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  return {
    url,
    browser,
    smsCode: (mobile) => server?.smsOutbox.last(mobile),
    async newPage(options = {}) {
      const context = await browser.newContext({
        baseURL: url,
        locale: options.locale ?? 'en-US',
        viewport: options.viewport ?? { width: 1366, height: 820 },
      });
      contexts.push(context);
      const page = await context.newPage();
      trackRequests(page);
      return page;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await server?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The requests of a page still waiting for their answer (pages made by `newPage`). */
const pending = new WeakMap<Page, Set<Request>>();

/** The console's live channel (docs/notifications.md#live-notifications): open as long as the page is. */
const isLiveChannel = (request: Request) => request.url().includes('/streamNotification');

/** Keeps count of a page's requests waiting for their answer, for networkQuiet (e2e.newPage does it for its pages). */
export function trackRequests(page: Page): void {
  const open = new Set<Request>();
  pending.set(page, open);
  page.on('request', (r) => {
    if (!isLiveChannel(r)) open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/**
 * Waits until the page has had no request waiting for its answer for `quietMs`, the live
 * channel left out: Playwright's `networkidle` never comes while it is open.
 */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const open = pending.get(page);
  if (!open) throw new Error('networkQuiet: a page made by e2e.newPage() is needed');
  const end = Date.now() + timeoutMs;
  let quietSince = open.size ? 0 : Date.now();
  for (;;) {
    await page.waitForTimeout(50);
    if (open.size) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    if (quietSince && Date.now() - quietSince >= quietMs) return;
    if (Date.now() > end) throw new Error(`networkQuiet: still waiting for ${[...open].map((r) => r.url()).join(', ')}`);
  }
}

export interface Credentials {
  tenantCode?: string;
  username: string;
  password?: string;
}

/** Fills the account form of the sign-in page and submits it (the page must be on /login). */
export async function submitAccountLogin(
  page: Page,
  { tenantCode = 'demo', username, password = DEMO_PASSWORD }: Credentials,
): Promise<void> {
  await page.getByLabel('Tenant code').fill(tenantCode);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Signs in from /login and waits for the layout. */
export async function signIn(page: Page, credentials: Credentials, target = '/'): Promise<void> {
  await page.goto(target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`);
  await submitAccountLogin(page, credentials);
  await page.getByTestId('app-layout').waitFor();
}

/** Navigates inside the single-page app (no reload: tabs and cached pages stay). */
export async function spaNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({ idx: (window.history.state as { idx?: number } | null)?.idx ?? 0, key: `e2e${Date.now()}` }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await page.waitForURL((u) => `${u.pathname}${u.search}` === path);
}

/** How long answerTo waits for an answer before it reports what the page did. */
/**
 * The text of a message key as the console shows it, from message files (paths from the project
 * root; the first file holding the key wins), `{{name}}` filled in; a key no file holds fails
 * the test.
 */
export function textsOf(...files: string[]): (key: string, values?: Record<string, string | number>) => string {
  const root = join(import.meta.dirname, '../..');
  const messages = files.map((f) => JSON.parse(readFileSync(join(root, f), 'utf8')) as Messages);
  return (key, values = {}) => {
    const text = messages.map((m) => getMessage(m, key)).find((m) => m !== undefined);
    if (text === undefined) throw new Error(`no text for ${key} in ${files.join(', ')}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

const ANSWER_TIMEOUT_MS = 20_000;

/**
 * Does `act` (a click) and waits for the answer to the call whose path ends with `suffix`. When
 * none comes within `timeout`, the error tells what the page showed meanwhile: the calls it
 * made (and which failed), the dialogs open with their text, the buttons still loading and the
 * messages of the page's console, so that a rare failure names its cause.
 */
export async function answerTo(page: Page, suffix: string, act: () => Promise<void>, timeout = ANSWER_TIMEOUT_MS): Promise<Response> {
  const seen: string[] = [];
  const onRequest = (r: Request) => void seen.push(`${r.method()} ${new URL(r.url()).pathname}`);
  const onFailed = (r: Request) => void seen.push(`failed: ${r.method()} ${new URL(r.url()).pathname} (${r.failure()?.errorText ?? ''})`);
  const onConsole = (m: { type(): string; text(): string }) => void seen.push(`console ${m.type()}: ${m.text().slice(0, 300)}`);
  page.on('request', onRequest);
  page.on('requestfailed', onFailed);
  page.on('console', onConsole);
  try {
    const answer = page.waitForResponse((res) => new URL(res.url()).pathname.endsWith(suffix), { timeout });
    // if act() throws, its error is the one reported and the wait's own failure is dropped
    await act().catch((err: unknown) => {
      answer.catch(() => undefined);
      throw err;
    });
    return await answer.catch(async (err: unknown) => {
      const state = await page
        .evaluate(() => ({
          dialogs: Array.from(document.querySelectorAll<HTMLElement>('.ant-modal'))
            .filter((el) => el.getClientRects().length > 0)
            .map((el) => `${el.className}: ${(el.innerText || '').replace(/\s+/g, ' ').slice(0, 200)}`),
          loading: Array.from(document.querySelectorAll<HTMLElement>('.ant-btn-loading')).map((el) => el.innerText.trim()),
          focused: document.activeElement ? document.activeElement.outerHTML.slice(0, 200) : '',
        }))
        .catch((e: unknown) => ({ error: String(e) }));
      throw new Error(
        `no answer to …${suffix} within ${timeout} ms (${String(err)}).\nWhat the page did: ${JSON.stringify(seen, null, 1)}\nWhat it shows: ${JSON.stringify(state, null, 1)}`,
      );
    });
  } finally {
    page.off('request', onRequest);
    page.off('requestfailed', onFailed);
    page.off('console', onConsole);
  }
}

/** The text of the toasts currently shown. */
/**
 * Does `act` (a click) and waits for the download it starts. If `act` throws, its error is the one
 * reported and the wait is dropped, so no waiter is left to fail later in another test.
 */
export async function downloadOf(page: Page, act: () => Promise<void>, timeout = 30_000): Promise<Download> {
  const download = page.waitForEvent('download', { timeout });
  await act().catch((err: unknown) => {
    download.catch(() => undefined);
    throw err;
  });
  return download;
}

export function toast(page: Page, text: string | RegExp) {
  return page.locator('.ant-message-notice').filter({ hasText: text });
}

/** Interactive elements without an accessible name (a heuristic over the DOM). */
export async function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=radio], [role=menuitem], [role=switch], [role=combobox]';
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const style = window.getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      if (style.visibility === 'hidden' || style.display === 'none' || rect.width === 0 || rect.height === 0) continue;
      if (el.closest('[aria-hidden=true]')) continue;
      const labelledBy = el.getAttribute('aria-labelledby');
      const byIds = labelledBy
        ? labelledBy
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join('')
        : '';
      const id = el.getAttribute('id');
      const forLabel = id ? (document.querySelector(`label[for="${CSS.escape(id)}"]`)?.textContent ?? '') : '';
      const wrapped = el.closest('label')?.textContent ?? '';
      const name = [
        el.getAttribute('aria-label'),
        byIds,
        el.textContent,
        el.getAttribute('title'),
        forLabel,
        wrapped,
        (el as HTMLInputElement).placeholder,
      ]
        .map((s) => (s ?? '').trim())
        .find(Boolean);
      if (!name) out.push(el.outerHTML.slice(0, 160));
    }
    return out;
  });
}
