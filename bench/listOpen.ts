/**
 * List open: builds bench/fixtures/listOpen with Vite and opens 10,000 organisation records in
 * Chromium three ways: the console's generic table (TanStack Table + TanStack Virtual, as the
 * resource page renders it), antd Table with every row (no virtualisation, no pagination), and
 * antd Table with `virtual`. For each: the time from render() to the first frame painted with
 * rows, the rows in the DOM, and the time to jump to row 5,000 and paint it. Pages run
 * interleaved for several rounds; medians are printed with the ratios.
 * Targets: the generic table at least 15x faster to open than the non-virtual antd Table, no
 * slower than antd's virtual table, fewer than 100 rows in the DOM.
 *
 * `npm run bench -- --only list-ui` (options: --list-rows <n>, default 10000; --list-rounds <n>,
 * default 3), or `npx tsx bench/listOpen.ts`.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../tests/e2e/harness.ts';
import { buildFixturePage } from './fixturePages.ts';
import { cliNumber, serveBuilt } from './setup.ts';

const FIXTURE = join(import.meta.dirname, 'fixtures/listOpen');
const TARGET_SPEEDUP = 15;
const MAX_DOM_ROWS = 100;

type ListTable = 'generic' | 'antd' | 'antdVirtual';
const LIST_TABLES: readonly ListTable[] = ['generic', 'antd', 'antdVirtual'];

interface ListFigures {
  openMs: number;
  rows: number;
  scrollMs: number;
  rowsAfterScroll: number;
}

/** Builds the benchmark page into a temporary directory (production mode); returns it. */
export function buildListPage(): Promise<string> {
  return buildFixturePage(FIXTURE, 'list-page-');
}

async function openOnce(browser: Browser, base: string, table: ListTable, rows: number): Promise<ListFigures> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/?table=${table}&rows=${rows}`);
    await page.waitForFunction(() => window.__result !== undefined, undefined, { timeout: 120_000 });
    const open = await page.evaluate(() => window.__result!);
    const scroll = await page.evaluate((index) => window.__scrollTo!(index), Math.floor(rows / 2));
    return { openMs: open.openMs, rows: open.rows, scrollMs: scroll.ms, rowsAfterScroll: scroll.rows };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/** Opens each table `rounds` times, interleaved; the median figures per table. */
async function measureListOpen(
  options: { rows?: number; rounds?: number; tables?: readonly ListTable[] } = {},
): Promise<Record<ListTable, ListFigures>> {
  const rows = options.rows ?? 10_000;
  const rounds = options.rounds ?? 3;
  const tables = options.tables ?? LIST_TABLES;
  for (const [name, value] of [
    ['list-rows', rows],
    ['list-rounds', rounds],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number of at least 1, not "${value}"`);
  }
  const served = await serveBuilt(await buildListPage());
  const browser = await launchChromium();
  try {
    const results = new Map<ListTable, ListFigures[]>();
    for (let round = 0; round < rounds; round++) {
      for (const table of tables) {
        const list = results.get(table) ?? [];
        list.push(await openOnce(browser, served.url, table, rows));
        results.set(table, list);
      }
    }
    return Object.fromEntries(
      [...results].map(([table, list]) => [
        table,
        {
          openMs: median(list.map((f) => f.openMs)),
          rows: Math.max(...list.map((f) => f.rows)),
          scrollMs: median(list.map((f) => f.scrollMs)),
          rowsAfterScroll: Math.max(...list.map((f) => f.rowsAfterScroll)),
        },
      ]),
    ) as Record<ListTable, ListFigures>;
  } finally {
    await browser.close().catch(() => undefined);
    served.close();
  }
}

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

export async function benchListOpen(options: { rows?: number; rounds?: number } = {}): Promise<void> {
  const rows = options.rows ?? 10_000;
  const rounds = options.rounds ?? 3;
  console.log(`\nList open: ${rows} organisation records in Chromium, ${rounds} rounds per table (interleaved), medians`);
  const figures = await measureListOpen({ rows, rounds });
  const names: Record<ListTable, string> = {
    generic: 'generic table (console)',
    antd: 'antd Table, every row',
    antdVirtual: 'antd Table, virtual',
  };
  console.log(
    `  ${'table'.padEnd(26)} ${'first rows painted'.padStart(19)} ${'rows in DOM'.padStart(12)} ${'jump to middle'.padStart(15)} ${'rows in DOM'.padStart(12)}`,
  );
  for (const table of LIST_TABLES) {
    const f = figures[table];
    console.log(
      `  ${names[table].padEnd(26)} ${fmt(f.openMs).padStart(19)} ${String(f.rows).padStart(12)} ${fmt(f.scrollMs).padStart(15)} ${String(f.rowsAfterScroll).padStart(12)}`,
    );
  }
  const g = figures.generic;
  const vsAntd = figures.antd.openMs / g.openMs;
  const vsVirtual = figures.antdVirtual.openMs / g.openMs;
  const domRows = Math.max(g.rows, g.rowsAfterScroll);
  console.log(
    `  generic vs antd every row: ${vsAntd.toFixed(1)}x faster to open (target ${TARGET_SPEEDUP}x): ${vsAntd >= TARGET_SPEEDUP ? 'met' : 'NOT met'}`,
  );
  console.log(
    `  generic vs antd virtual: ${vsVirtual.toFixed(2)}x (target at least 1.00x, no slower): ${vsVirtual >= 1 ? 'met' : 'NOT met'}`,
  );
  console.log(`  generic rows in the DOM: ${domRows} (target under ${MAX_DOM_ROWS}): ${domRows < MAX_DOM_ROWS ? 'met' : 'NOT met'}`);
}

if (process.argv[1] && import.meta.filename === process.argv[1])
  await benchListOpen({ rows: cliNumber('list-rows'), rounds: cliNumber('list-rounds') });
