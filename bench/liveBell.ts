/**
 * Live notifications (docs/notifications.md#live-notifications): the time from publishing a
 * notice to the bell of an open console showing it, with 200 live channels open (the console in
 * Chromium and 199 channels read by this process, each reading its bell again on every notice,
 * as a console does), against the same console with its channel alone, in the same run. The
 * server is a child process (SQLite), a fresh one per case. Target: p95 under 1 s with 200
 * channels.
 *
 * Each round publishes one notice to everyone from the administrator's API session and times it
 * from just before the call to the moment the bell's label changes in the page (a
 * MutationObserver's Date.now(), the same clock), and to the arrival of the notice at each of the
 * 199 other channels. The next round starts once every channel has read its bell again.
 *
 * `npm run bench -- --only bell` (options: --bell-rounds <n>, default 25; --bell-channels <n>,
 * default 200). Builds dist/ first unless SIGN_IN_BYTES_REUSE=1 and dist/ is there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { endChild, startChild } from '../tests/api/childServer.ts';
import { client, signIn, type Envelope } from '../tests/api/harness.ts';
import { openSseChannel, type SseChannel } from '../tests/api/sseChannel.ts';
import { launchChromium } from '../tests/e2e/harness.ts';
import { consoleDist } from './signInBytes.ts';

const BASE = '/api/notification/notification';
const TARGET_P95_MS = 1000;
/** The users whose sessions hold the 199 channels (several channels per session: several tabs). */
const USERS = ['admin', 'editor', 'visitor'];

interface CaseFigures {
  /** Publish to the console's bell label changing, ms, one per round. */
  bell: number[];
  /** Publish to the notice's arrival, ms, one per other channel and round. */
  channels: number[];
}

const quantile = (values: number[], q: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};

declare global {
  interface Window {
    /** The bell label's changes: when (Date.now()) and to what. */
    __bellChanges?: { at: number; label: string | null }[];
  }
}

/** Opens the console signed in as the visitor and waits for its live channel; records the bell's label changes. */
async function openConsole(browser: Browser, base: string, token: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 820 } });
  await context.addCookies([{ name: 'token', value: token, url: base }]);
  const page = await context.newPage();
  await page.goto(`${base}/workbench`);
  await page.locator('[data-testid="notification-bell"][data-live="open"]').waitFor({ timeout: 60_000 });
  await page.evaluate(() => {
    const bell = document.querySelector('[data-testid="notification-bell"]')!;
    window.__bellChanges = [];
    new MutationObserver(() => window.__bellChanges!.push({ at: Date.now(), label: bell.getAttribute('aria-label') })).observe(bell, {
      attributes: true,
      attributeFilter: ['aria-label'],
    });
  });
  return page;
}

/** One case: a fresh server, the console and `channels - 1` other channels open, `rounds` notices. */
async function runCase(browser: Browser, dist: string, channels: number, rounds: number): Promise<CaseFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bell-'));
  const server = await startChild({ DATA_DIR: join(dir, 'data'), STATIC_DIR: dist, SIGN_IN_RATE_LIMIT: '100000' });
  const others: SseChannel[] = [];
  let page: Page | undefined;
  try {
    const admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
    page = await openConsole(browser, server.url, await signIn(server.url, 'demo', 'visitor'));
    const tokens = await Promise.all(USERS.map((name) => signIn(server.url, 'demo', name)));
    /** Bell reads still running after a notice (each channel reads its bell again, as the console does). */
    const reading = new Set<Promise<unknown>>();
    for (let i = 0; i < channels - 1; i++) {
      const token = tokens[i % tokens.length]!;
      const channel = await openSseChannel(server.url, `${BASE}/streamNotification`, token);
      const bell = client(server.url, token);
      channel.onEvent = (name) => {
        if (name !== 'notice') return;
        const read = bell.get(`${BASE}/queryHeadNotification`);
        reading.add(read);
        void read.finally(() => reading.delete(read));
      };
      others.push(channel);
    }
    const figures: CaseFigures = { bell: [], channels: [] };
    for (let round = 0; round < rounds; round++) {
      const seen = await page.evaluate(() => window.__bellChanges!.length);
      const heard = others.map((c) => c.notices());
      const start = Date.now();
      const res = await admin.post<Envelope>(`${BASE}/addNotification`, {
        title: `Bench notice ${round + 1}`,
        content: '<p>Live</p>',
        type: 'notice',
        priority: 1,
      });
      if (res.status !== 200) throw new Error(`publish: ${res.status} ${JSON.stringify(res.body)}`);
      await page.waitForFunction((n) => window.__bellChanges!.length > n, seen, { timeout: 30_000, polling: 'raf' });
      const changes = await page.evaluate(() => window.__bellChanges!);
      figures.bell.push(changes[seen]!.at - start);
      // every other channel heard it, and read its bell
      for (let wait = 0; others.some((c, i) => c.notices() <= heard[i]!); wait++) {
        if (wait > 3000) throw new Error('a channel never heard the notice');
        await new Promise((done) => setTimeout(done, 10));
      }
      others.forEach((c, i) => figures.channels.push(c.events.filter((e) => e.name === 'notice')[heard[i]!]!.at - start));
      while (reading.size) await Promise.all([...reading]);
    }
    return figures;
  } finally {
    await page
      ?.context()
      .close()
      .catch(() => undefined);
    for (const c of others) c.close();
    await endChild(server, 'SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchLiveBell(options: { rounds: number; channels: number }): Promise<void> {
  const { rounds, channels } = options;
  for (const [name, value] of [
    ['bell-rounds', rounds],
    ['bell-channels', channels],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number of at least 1, not "${value}"`);
  }
  console.log(`\nLive notifications: publish to the bell of an open console, ${rounds} notices, ${channels} channels against 1`);
  const dist = await consoleDist();
  const browser = await launchChromium();
  try {
    const alone = await runCase(browser, dist, 1, rounds);
    const loaded = await runCase(browser, dist, channels, rounds);
    const ms = (v: number) => `${v.toFixed(0)} ms`;
    const line = (name: string, values: number[]) =>
      `  ${name.padEnd(44)} p50 ${ms(quantile(values, 0.5)).padStart(7)}  p95 ${ms(quantile(values, 0.95)).padStart(7)}  max ${ms(Math.max(...values)).padStart(7)}`;
    console.log(line('the bell, its channel alone (baseline)', alone.bell));
    const p95 = quantile(loaded.bell, 0.95);
    console.log(
      `${line(`the bell, ${channels} channels open`, loaded.bell)}  (${(p95 / quantile(alone.bell, 0.95)).toFixed(2)}x the baseline's p95; target p95 under ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'NOT met'})`,
    );
    if (loaded.channels.length) console.log(line(`the notice at the ${channels - 1} other channels`, loaded.channels));
  } finally {
    await browser.close().catch(() => undefined);
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await benchLiveBell({ rounds: 25, channels: 200 });
