/**
 * What a page downloads: every response until the network is idle, gzipped here (level 9)
 * so that builds compare alike whatever the server compresses. Also builds the bare
 * Ant Design sign-in form used as the baseline.
 */
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { buildFixturePage } from '../../bench/fixturePages.ts';

export interface PageBytes {
  gzipBytes: number;
  files: { url: string; gzipBytes: number }[];
}

export async function measurePage(browser: Browser, url: string): Promise<PageBytes> {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const pending: Promise<{ url: string; gzipBytes: number } | undefined>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'fetch' || response.request().resourceType() === 'xhr') return;
    pending.push(
      response
        .body()
        .then((body) => ({ url: response.url(), gzipBytes: gzipSync(body, { level: 9 }).length }))
        .catch(() => undefined),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const files = (await Promise.all(pending)).filter((f): f is { url: string; gzipBytes: number } => !!f);
  await context.close();
  return { gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0), files };
}

/** Builds the bare sign-in form with the project's Vite and React plugin; returns its dist directory. */
export function buildBareSignIn(): Promise<string> {
  return buildFixturePage(join(import.meta.dirname, 'fixtures/bareSignIn'), 'bare-sign-in-');
}
