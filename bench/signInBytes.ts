/**
 * Sign-in page bytes: builds the console (dist/) and a bare Ant Design sign-in form (three
 * inputs and a button, tests/e2e/fixtures/bareSignIn) in the same run, serves the console
 * from the platform server, and prints what the sign-in page and the workbench (a signed-in
 * first load) download, gzip level 9, with the ratio of the sign-in page to the bare form
 * (target: at most 1.3). `SIGN_IN_BYTES_REUSE=1` reuses an existing dist/ instead of building.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { buildBareSignIn, measurePage, type PageBytes } from '../tests/e2e/pageBytes.ts';
import { networkQuiet, trackRequests } from '../tests/e2e/harness.ts';
import { startConsole } from './setup.ts';
import { signIn } from '../tests/api/harness.ts';

const root = join(import.meta.dirname, '..');
/** SIGN_IN_BYTES_DIST builds and serves another directory than dist/ (the default). */
const distDir = process.env.SIGN_IN_BYTES_DIST ?? join(root, 'dist');
const TARGET_RATIO = 1.3;
const HEAVY = /monaco|echarts|tinymce|designer|bpmn|editor\.worker/i;
/** The template demo pages' chunks (named so by vite.config.ts). */
const DEMO = /\/assets\/demo-/;

/** What a signed-in user's first load of a page downloads (the token cookie set, nothing cached). */
async function measureSignedIn(browser: Browser, base: string, path: string, token: string): Promise<PageBytes> {
  const context = await browser.newContext({ locale: 'en-US' });
  await context.addCookies([{ name: 'token', value: token, url: base }]);
  const page = await context.newPage();
  const pending: Promise<{ url: string; gzipBytes: number } | undefined>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'fetch' || type === 'xhr') return;
    pending.push(
      response
        .body()
        .then((body) => ({ url: response.url(), gzipBytes: gzipSync(body, { level: 9 }).length }))
        .catch(() => undefined),
    );
  });
  // the console's live channel stays open: quiet means no other request waiting
  trackRequests(page);
  await page.goto(`${base}${path}`);
  await page.getByTestId('app-layout').waitFor({ timeout: 30_000 });
  await networkQuiet(page);
  const files = (await Promise.all(pending)).filter((f): f is { url: string; gzipBytes: number } => !!f);
  await context.close();
  return { gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0), files };
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** The console built for a bench run (dist/, built once per run; reused when SIGN_IN_BYTES_REUSE=1): its directory. */
let built = false;
export async function consoleDist(): Promise<string> {
  if (!built && (process.env.SIGN_IN_BYTES_REUSE !== '1' || !existsSync(join(distDir, 'index.html')))) {
    const { build } = await import('vite');
    await build({
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'warn',
      mode: 'production',
      build: { outDir: distDir, emptyOutDir: true },
    });
  }
  built = true;
  return distDir;
}

export async function benchSignInBytes(): Promise<void> {
  console.log('\nSign-in page bytes (gzip level 9), against a bare antd sign-in form built in the same run');
  const server = await startConsole(await consoleDist(), await buildBareSignIn(), 'bench-bytes-');
  const { browser } = server;
  try {
    const baseline = await measurePage(browser, `${server.pageUrl}/`);
    const login = await measurePage(browser, `${server.url}/login`);
    const token = await signIn(server.url, 'demo', 'admin');
    const workbench = await measureSignedIn(browser, server.url, '/workbench', token);
    const generic = await measureSignedIn(browser, server.url, '/sysparam', token);
    // the control: a demo page downloads demo code, so the check below can see it
    const demoPage = await measureSignedIn(browser, server.url, '/tab', token);
    const ratio = login.gzipBytes / baseline.gzipBytes;
    const heavy = login.files.filter((f) => HEAVY.test(f.url)).map((f) => f.url);
    console.log(`  ${'bare antd sign-in form'.padEnd(28)} ${kib(baseline.gzipBytes).padStart(11)} in ${baseline.files.length} files`);
    console.log(
      `  ${'sign-in page (/login)'.padEnd(28)} ${kib(login.gzipBytes).padStart(11)} in ${login.files.length} files  (${ratio.toFixed(2)}x the bare form, target ${TARGET_RATIO.toFixed(2)}x: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'})`,
    );
    console.log(`  ${'workbench (signed in)'.padEnd(28)} ${kib(workbench.gzipBytes).padStart(11)} in ${workbench.files.length} files`);
    console.log(`  ${'a generic page (/sysparam)'.padEnd(28)} ${kib(generic.gzipBytes).padStart(11)} in ${generic.files.length} files`);
    console.log(`  heavy parts on the sign-in page (designer, Monaco, ECharts, rich text): ${heavy.length ? heavy.join(', ') : 'none'}`);
    const demo = [login, workbench, generic].flatMap((p) => p.files.filter((f) => DEMO.test(f.url)).map((f) => f.url));
    console.log(`  demo page code on the sign-in page, the workbench and a generic page: ${demo.length ? demo.join(', ') : 'none'}`);
    console.log(`  (the /tab demo page downloads ${demoPage.files.filter((f) => DEMO.test(f.url)).length} demo chunks)`);
    if (process.env.SIGN_IN_BYTES_FILES === '1') {
      for (const f of [...login.files].sort((a, b) => b.gzipBytes - a.gzipBytes))
        console.log(`    ${kib(f.gzipBytes).padStart(10)}  ${f.url.replace(server.url, '')}`);
    }
  } finally {
    await server.close();
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await benchSignInBytes();
