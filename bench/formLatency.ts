/**
 * Form latency: builds the pages of bench/fixtures/form with Vite and types into a text field
 * in the middle of a 200-field form in Chromium, on three pages with the same schema:
 *   - native: 200 native inputs, rendered once, uncontrolled (the floor)
 *   - rjsf: the plain @rjsf/core form with the @rjsf/antd theme, controlled
 *   - resource: the console's ResourceForm (runtime/resource/form), controlled
 * For each keystroke, the page records keydown → next animation frame and keydown → end of
 * that frame (bench/fixtures/form/measure.ts); script time per keystroke is the CDP
 * Performance.getMetrics ScriptDuration delta over the typing, divided by the keystrokes.
 * Pages run interleaved for several rounds so that load on the machine hits all alike.
 * Targets: ResourceForm's median keystroke-to-paint within 1.25x the native floor, and under
 * 8 ms of script per keystroke.
 *
 * `npm run bench -- --only form` (options: --keystrokes <n> per round, default 60;
 * --rounds <n>, default 3), or `npx tsx bench/formLatency.ts`.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../tests/e2e/harness.ts';
import { buildFixturePage } from './fixturePages.ts';
import { cliNumber, serveBuilt } from './setup.ts';

const FIXTURE = join(import.meta.dirname, 'fixtures/form');
const TARGET_SELECTOR = '#bench_f100';
const WARM_UP = 10;
/** Pause after a keystroke's frame: at least this, plus a random part of a frame so that keystrokes fall at every phase of the display's frames. */
const SETTLE_MS = 20;
const FRAME_MS = 1000 / 60;
const TARGET_PAINT_RATIO = 1.25;
const TARGET_SCRIPT_MS = 8;

export type FormPage = 'native' | 'rjsf' | 'resource';
const FORM_PAGES: readonly FormPage[] = ['native', 'rjsf', 'resource'];

export interface PageFigures {
  keystrokes: number;
  paintMedian: number;
  paintP95: number;
  frameMedian: number;
  frameP95: number;
  /** keydown → input event handled, median. */
  inputMedian: number;
  /** Script (JavaScript) time per keystroke, ms. */
  scriptPerKey: number;
  /** Style recalculation and layout per keystroke, ms. */
  layoutPerKey: number;
}

/** Builds the benchmark pages into a temporary directory (production mode); returns it. */
export function buildFormPages(): Promise<string> {
  return buildFixturePage(FIXTURE, 'form-pages-');
}

interface Sample {
  toInput: number;
  toFrame: number;
  toPaint: number;
}

export interface RoundResult {
  samples: Sample[];
  scriptMs: number;
  layoutMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Types `keystrokes` letters, after WARM_UP not counted, into the focused input of a page that
 * times its keystrokes (bench/fixtures/form/measure.ts, installKeystrokeTiming), one at a time:
 * each waits for its frame to be painted, then a pause. The samples of the counted keystrokes,
 * and the script and style + layout time over them (CDP Performance.getMetrics).
 */
export async function typeKeys(tab: Page, keystrokes: number): Promise<RoundResult> {
  const cdp = await tab.context().newCDPSession(tab);
  try {
    await cdp.send('Performance.enable');
    const before = await tab.evaluate(() => window.__keystrokes.length);
    const press = async (i: number) => {
      await tab.keyboard.press(String.fromCharCode(97 + (i % 26)));
      await tab.evaluate((n) => window.__waitKeystrokes(n), before + i + 1);
      await sleep(SETTLE_MS + Math.random() * FRAME_MS);
    };
    for (let i = 0; i < WARM_UP; i++) await press(i);
    const metric = async () => {
      const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
      const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
      return { script: get('ScriptDuration'), layout: get('LayoutDuration') + get('RecalcStyleDuration') };
    };
    const start = await metric();
    for (let i = 0; i < keystrokes; i++) await press(WARM_UP + i);
    const end = await metric();
    const samples = (await tab.evaluate(() => window.__keystrokes)).slice(before + WARM_UP);
    return { samples, scriptMs: (end.script - start.script) * 1000, layoutMs: (end.layout - start.layout) * 1000 };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** The letters typeKeys types in a call of `keystrokes`, warm-up included. */
export function typedText(keystrokes: number): string {
  return Array.from({ length: WARM_UP + keystrokes }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
}

export async function typeRound(browser: Browser, base: string, page: FormPage, keystrokes: number): Promise<RoundResult> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  try {
    const tab = await context.newPage();
    await tab.goto(`${base}/?page=${page}`);
    await tab.waitForFunction(() => window.__ready === true);
    await tab.locator(TARGET_SELECTOR).click();
    const result = await typeKeys(tab, keystrokes);
    const typed = await tab.locator(TARGET_SELECTOR).inputValue();
    if (typed.length !== WARM_UP + keystrokes)
      throw new Error(`${page}: typed ${WARM_UP + keystrokes} characters, the field holds ${typed.length}`);
    return result;
  } finally {
    await context.close();
  }
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

export function summarise(rounds: RoundResult[]): PageFigures {
  const samples = rounds.flatMap((r) => r.samples);
  const paint = samples.map((s) => s.toPaint).sort((a, b) => a - b);
  const frame = samples.map((s) => s.toFrame).sort((a, b) => a - b);
  const input = samples.map((s) => s.toInput).sort((a, b) => a - b);
  const n = samples.length;
  return {
    keystrokes: n,
    paintMedian: quantile(paint, 0.5),
    paintP95: quantile(paint, 0.95),
    frameMedian: quantile(frame, 0.5),
    frameP95: quantile(frame, 0.95),
    inputMedian: quantile(input, 0.5),
    scriptPerKey: rounds.reduce((s, r) => s + r.scriptMs, 0) / n,
    layoutPerKey: rounds.reduce((s, r) => s + r.layoutMs, 0) / n,
  };
}

/** Types into each page, interleaved, `rounds` times `keystrokes` keys; the figures per page. */
async function measureFormLatency(
  options: { keystrokes?: number; rounds?: number; pages?: readonly FormPage[] } = {},
): Promise<Record<FormPage, PageFigures>> {
  const keystrokes = options.keystrokes ?? 60;
  const rounds = options.rounds ?? 3;
  const pages = options.pages ?? FORM_PAGES;
  for (const [name, value] of [
    ['keystrokes', keystrokes],
    ['rounds', rounds],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number of at least 1, not "${value}"`);
  }
  const served = await serveBuilt(await buildFormPages());
  const browser = await launchChromium();
  try {
    const results = new Map<FormPage, RoundResult[]>();
    for (let round = 0; round < rounds; round++) {
      for (const page of pages) {
        const list = results.get(page) ?? [];
        list.push(await typeRound(browser, served.url, page, keystrokes));
        results.set(page, list);
      }
    }
    return Object.fromEntries([...results].map(([page, list]) => [page, summarise(list)])) as Record<FormPage, PageFigures>;
  } finally {
    await browser.close().catch(() => undefined);
    served.close();
  }
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

export async function benchFormLatency(options: { keystrokes?: number; rounds?: number } = {}): Promise<void> {
  const keystrokes = options.keystrokes ?? 60;
  const rounds = options.rounds ?? 3;
  console.log(
    `\nForm latency: typing into field 100 of a 200-field form, ${rounds} rounds of ${keystrokes} keystrokes per page (interleaved)`,
  );
  const figures = await measureFormLatency({ keystrokes, rounds });
  const native = figures.native;
  const plain = figures.rjsf;
  const names: Record<FormPage, string> = { native: 'native inputs (floor)', rjsf: 'plain @rjsf/antd form', resource: 'ResourceForm' };
  console.log(
    `  ${'page'.padEnd(24)} ${'to paint p50'.padStart(12)} ${'p95'.padStart(9)} ${'to frame p50'.padStart(12)} ${'p95'.padStart(9)} ${'input p50'.padStart(10)} ${'script/key'.padStart(11)} ${'style+layout/key'.padStart(17)}`,
  );
  for (const page of FORM_PAGES) {
    const f = figures[page];
    console.log(
      `  ${names[page].padEnd(24)} ${fmt(f.paintMedian).padStart(12)} ${fmt(f.paintP95).padStart(9)} ${fmt(f.frameMedian).padStart(12)} ${fmt(f.frameP95).padStart(9)} ${fmt(f.inputMedian).padStart(10)} ${fmt(f.scriptPerKey).padStart(11)} ${fmt(f.layoutPerKey).padStart(17)}`,
    );
  }
  const r = figures.resource;
  const paintRatio = r.paintMedian / native.paintMedian;
  console.log(
    `  ResourceForm against the native floor: to paint p50 ${paintRatio.toFixed(2)}x, p95 ${(r.paintP95 / native.paintP95).toFixed(2)}x; script ${(r.scriptPerKey - native.scriptPerKey).toFixed(1)} ms/key above the floor's`,
  );
  console.log(
    `  ResourceForm against plain rjsf: to paint p50 ${(r.paintMedian / plain.paintMedian).toFixed(2)}x, p95 ${(r.paintP95 / plain.paintP95).toFixed(2)}x; script ${(r.scriptPerKey / plain.scriptPerKey).toFixed(2)}x`,
  );
  console.log(
    `  targets: to paint p50 within ${TARGET_PAINT_RATIO}x the floor: ${paintRatio <= TARGET_PAINT_RATIO ? 'met' : 'NOT met'}; script under ${TARGET_SCRIPT_MS} ms per keystroke: ${r.scriptPerKey < TARGET_SCRIPT_MS ? 'met' : 'NOT met'}`,
  );
}

if (process.argv[1] && import.meta.filename === process.argv[1])
  await benchFormLatency({ keystrokes: cliNumber('keystrokes'), rounds: cliNumber('rounds') });
