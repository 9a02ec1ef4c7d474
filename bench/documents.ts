/**
 * Resources published from documents (docs/documents.md), in one run on SQLite:
 *   - publishing: the publish call of a saved form (its checks, the migration check against the
 *     stored records, the indexes, the menu, buttons and grants) and unpublishing, beside the
 *     update call of the same saved form;
 *   - the list call of a published resource with `rows` records against the built-in resource
 *     it copies (SysParam: the same fields, list, search and unique key) holding as many more
 *     records, the same page asked of both (target: at least 0.8x); and the same page with a
 *     filter (its total counted from the rows, where the list without filters reads the total
 *     the database keeps), for the figure only;
 *   - opening each list's page in the console (Chromium, the built console): from the page's
 *     navigation to the first frame painted with its rows, alternating the two pages, and the rows
 *     in the DOM (target, the list's: under 100 rows in the DOM; the published page opens as the
 *     built-in one does, the ratio reported).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { startServer } from '../server-mock/app/startServer.ts';
import { signIn } from '../tests/api/harness.ts';
import { launchChromium, signIn as signInPage } from '../tests/e2e/harness.ts';
import { figuresOf, type LoadFigures } from './loadMix.ts';
import { consoleDist } from './signInBytes.ts';
import { pageScript } from './setup.ts';

const FORMS = '/api/generator/generatorform';
/** Requests in flight while the records are added. */
const ADD_CONCURRENCY = 8;
/** Publish and unpublish rounds timed. */
const PUBLISH_ROUNDS = 10;
/** Rounds of the two list figures, alternating which goes first. */
const LIST_ROUNDS = 2;
/** Rounds of opening each list's page in the console, alternating. */
const OPEN_ROUNDS = 3;
/** Most rows a list page may hold in the DOM (the list-ui bench's target). */
const MAX_DOM_ROWS = 100;

declare global {
  interface Window {
    /** When the first frame with the watched table's rows was painted (ms from navigation), and how many rows it held. */
    __rowsPainted?: { ms: number; rows: number };
  }
}

/**
 * Run in the page before its scripts: from the navigation, each frame looks for the rows of the
 * page's list table; the end of the first frame holding some (a message posted from its
 * animation frame callback) is recorded in `__rowsPainted`.
 */
function watchRows(): void {
  const look = () =>
    requestAnimationFrame(() => {
      const rows = document.querySelectorAll('[data-testid^="table-"] [role=row][data-row-id]').length;
      if (rows === 0) return look();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (window.__rowsPainted = { ms: performance.now(), rows });
      channel.port2.postMessage(0);
    });
  look();
}

/** sys-param.json as a document of its own name, path and permissions, with its labels. */
function paramDocument(): unknown {
  const file = JSON.parse(readFileSync(join(import.meta.dirname, '../schemas/resources/sys-param.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  delete file.$schema;
  delete file.table;
  const actions = (file.actions as { name: string }[]).map((a) => ({ name: a.name, permission: `benchparam:${a.name}` }));
  const resource = { ...file, name: 'BenchParam', service: 'bench', path: 'benchparam', menu: 'benchparam', actions };
  const labels = {
    resources: { BenchParam: { title: 'Bench parameters', fields: { paramName: 'Name', paramKey: 'Key', paramValue: 'Value' } } },
    route: { benchparam: 'Bench parameters' },
  };
  return { resource, messages: { en: labels, zh: labels, tw: labels } };
}

async function call(url: string, token: string, method: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
}

/** Adds `rows` parameters through the add call, ADD_CONCURRENCY at a time. */
async function addRows(url: string, token: string, rows: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < rows; i = next++)
      await call(url, token, 'POST', { paramName: `Parameter ${i}`, paramKey: `bench.p${i}`, paramValue: String(i) });
  };
  await Promise.all(Array.from({ length: ADD_CONCURRENCY }, worker));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

function show(name: string, f: LoadFigures, baseline?: LoadFigures): void {
  const ratio = baseline ? `  (${(f.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}x the built-in)` : '';
  console.log(
    `  ${name.padEnd(44)} ${String(f.requestsPerSecond).padStart(7)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  non-2xx ${f.non2xx}${ratio}`,
  );
}

export async function benchDocuments(options: { rows: number; duration: number; connections: number }): Promise<void> {
  console.log(`\nPublished documents on SQLite: publishing, and a list of ${options.rows} records against the built-in resource it copies`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-docs-'));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, quiet: true, staticDir: await consoleDist(), env: {} });
  try {
    const token = await signIn(server.url, 'demo', 'admin');
    const saved = (await (
      await call(`${server.url}${FORMS}/addGeneratorForm`, token, 'POST', {
        formName: 'bench parameters',
        formDescription: 'SysParam as a document',
        formContent: JSON.stringify(paramDocument()),
      })
    ).json()) as { data: { id: number } };
    const id = saved.data.id;
    await call(`${server.url}${FORMS}/publishGeneratorForm`, token, 'POST', { id });
    await addRows(`${server.url}/api/bench/benchparam/addBenchParam`, token, options.rows);
    await addRows(`${server.url}/api/admin/sysparam/addSysParam`, token, options.rows);

    const publish: number[] = [];
    const unpublish: number[] = [];
    const update: number[] = [];
    for (let i = 0; i < PUBLISH_ROUNDS; i++) {
      update.push(
        await timed(() => call(`${server.url}${FORMS}/updateGeneratorForm`, token, 'PUT', { id, formDescription: `round ${i}` })),
      );
      unpublish.push(await timed(() => call(`${server.url}${FORMS}/unpublishGeneratorForm`, token, 'POST', { id })));
      publish.push(await timed(() => call(`${server.url}${FORMS}/publishGeneratorForm`, token, 'POST', { id })));
    }
    const ms = (values: number[]) => `median ${median(values).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`;
    console.log(`  ${`publish (${options.rows} records checked like a migration)`.padEnd(52)} ${ms(publish)}`);
    console.log(`  ${'unpublish'.padEnd(52)} ${ms(unpublish)}`);
    console.log(`  ${'baseline: update of the same saved form'.padEnd(52)} ${ms(update)}`);

    const list = async (path: string, query: string) =>
      figuresOf(
        await autocannon({
          url: `${server.url}${path}?currentPage=1&pageSize=10${query}`,
          connections: options.connections,
          duration: options.duration,
          headers: { authorization: `Bearer ${token}` },
        }),
      );
    const compare = async (title: string, query: string): Promise<number> => {
      // Alternated, twice each, so that neither list gets the warmer or the quieter minutes
      // of a shared machine; the better round of each counts.
      const rounds: { builtIn: LoadFigures; published: LoadFigures }[] = [];
      for (let round = 0; round < LIST_ROUNDS; round++) {
        const first = await list(round % 2 ? '/api/bench/benchparam/queryBenchParam' : '/api/admin/sysparam/querySysParam', query);
        const second = await list(round % 2 ? '/api/admin/sysparam/querySysParam' : '/api/bench/benchparam/queryBenchParam', query);
        rounds.push(round % 2 ? { builtIn: second, published: first } : { builtIn: first, published: second });
      }
      const best = (pick: (r: (typeof rounds)[number]) => LoadFigures) =>
        rounds.map(pick).reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
      const builtIn = best((r) => r.builtIn);
      const published = best((r) => r.published);
      console.log(`  ${title}`);
      console.log(
        `  rounds (built-in / published req/s): ${rounds.map((r) => `${r.builtIn.requestsPerSecond} / ${r.published.requestsPerSecond}`).join(', ')}`,
      );
      show('built-in SysParam list (a table)', builtIn);
      show('published BenchParam list (the document table)', published, builtIn);
      return published.requestsPerSecond / builtIn.requestsPerSecond;
    };
    const ratio = await compare('the first page, no filter', '');
    console.log(`    target at least 0.8x the built-in list: ${ratio >= 0.8 ? 'met' : 'NOT met'}`);
    await compare('the first page, filtered (name contains "Parameter 9")', `&paramName=${encodeURIComponent('Parameter 9')}`);
    await openPages(server.url);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Each list's page opened in the console, alternating (see the top of this file). */
async function openPages(url: string): Promise<void> {
  const pages = [
    { name: 'built-in SysParam page (/sysparam)', path: '/sysparam', table: 'table-SysParam' },
    { name: 'published BenchParam page (/benchparam)', path: '/benchparam', table: 'table-BenchParam' },
  ];
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: url, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInPage(page, { username: 'admin' });
    await context.addInitScript({ content: pageScript(watchRows) });
    const figures = pages.map(() => ({ ms: [] as number[], rows: 0 }));
    for (let round = 0; round < OPEN_ROUNDS; round++) {
      const order = round % 2 ? [1, 0] : [0, 1];
      for (const i of order) {
        const { path, table } = pages[i]!;
        await page.goto(path);
        await page.waitForFunction(() => window.__rowsPainted !== undefined, undefined, { timeout: 60_000 });
        const painted = (await page.evaluate(() => window.__rowsPainted))!;
        figures[i]!.ms.push(painted.ms);
        figures[i]!.rows = Math.max(figures[i]!.rows, await page.locator(`[data-testid="${table}"] [role=row][data-row-id]`).count());
      }
    }
    console.log(
      `  opening each list's page in the console (a full load, to the first frame painted with rows; ${OPEN_ROUNDS} rounds, medians):`,
    );
    const [builtIn, published] = figures.map((f) => median(f.ms));
    pages.forEach((p, i) =>
      console.log(`  ${p.name.padEnd(52)} ${median(figures[i]!.ms).toFixed(0).padStart(6)} ms, ${figures[i]!.rows} rows in the DOM`),
    );
    const fewRows = figures.every((f) => f.rows > 0 && f.rows < MAX_DOM_ROWS);
    console.log(
      `    the published page opens in ${(published! / builtIn!).toFixed(2)}x the built-in page's time; under ${MAX_DOM_ROWS} rows in the DOM: ${fewRows ? 'met' : 'NOT met'}`,
    );
  } finally {
    await browser.close();
  }
}
