/**
 * What the browser benchmarks share to set up: the built console on the platform server with
 * Chromium, a built fixture page served, and the options of a benchmark run on its own
 * (`npx tsx bench/<name>.ts --<option> <n>`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startServer } from '../server-mock/app/startServer.ts';
import { launchChromium } from '../tests/e2e/harness.ts';
import { serveDirectory } from './fixturePages.ts';

/**
 * The console built in `staticDir` (consoleDist, bench/signInBytes.ts) served by the platform
 * server on a new data directory named after `prefix`, a built fixture page (the baseline the
 * console is measured against, `pageDir`) served beside it (serveBuilt), and Chromium; close()
 * stops them and removes the data directory and `pageDir`.
 */
export async function startConsole(
  staticDir: string,
  pageDir: string,
  prefix: string,
): Promise<{ url: string; pageUrl: string; browser: Browser; close(): Promise<void> }> {
  const page = await serveBuilt(pageDir);
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const stops: (() => unknown)[] = [page.close, () => rmSync(dataDir, { recursive: true, force: true })];
  const close = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, staticDir, quiet: true, env: {} });
    stops.push(() => server.close());
    const browser = await launchChromium();
    stops.push(() => browser.close().catch(() => undefined));
    return { url: server.url, pageUrl: page.url, browser, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** A built page's directory (buildFixturePage) served on a free local port; close() stops the server and removes the directory. */
export async function serveBuilt(dir: string): Promise<{ url: string; close(): void }> {
  const { server, url } = await serveDirectory(dir);
  return {
    url,
    close: () => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `--<name> <n>` on the command line, as a number; undefined when it is not there. */
export function cliNumber(name: string): number | undefined {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? Number(args[i + 1]) : undefined;
}

/**
 * Timing code to run in a page before its own scripts (addInitScript): the functions' text. tsx
 * compiles the benches keeping function names through a `__name` helper, which the page does not
 * have: it gets one that does nothing.
 */
export function pageScript(...install: (() => void)[]): string {
  return `{ const __name = (f) => f; ${install.map((f) => `(${f.toString()})();`).join(' ')} }`;
}
