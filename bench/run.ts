/**
 * `npm run bench`: figures, each beside a baseline measured in the same run.
 *   - list-query throughput of the server (auth, tenancy, URL and button grants, validation)
 *     on SQLite and on PostgreSQL, against a bare Fastify + better-sqlite3 route serving the
 *     same rows with none of that work
 *   - the time `npm run gen` takes for all schemas, against loading the registry alone
 *   - mixed load (list, read one, add and delete) with a signed-in editor, 50 connections for
 *     30 s, against json-server serving the same records without auth, in the same run, and
 *     beside the floor of the machine: the same calls on bare Fastify + better-sqlite3
 *     (bench/bareServer.ts)
 *   - keystroke latency of the record form with 200 fields, against 200 native inputs and the
 *     plain @rjsf/antd form (bench/formLatency.ts)
 *   - the form designer with the same 200 fields: a label typed in the property panel to the
 *     preview's paint, against the record form's keystroke-to-paint, and undo of 100 steps
 *     (bench/designerLatency.ts)
 *   - opening 10,000 records in the generic table, against antd Table with every row and antd
 *     Table `virtual` (bench/listOpen.ts)
 *   - publishing a document, and the list call of a published resource against the built-in
 *     resource it copies, records alike (bench/documents.ts)
 *   - workflow: instances of a two-step process started and completed through the API against
 *     the same engine in memory, and the p99 of a task completion with 50 users at once
 *     (bench/workflow.ts)
 *   - the job scheduler: firings per second and their lateness against croner's own timer
 *     (bench/jobs.ts)
 * Options: --duration <seconds> (default 10), --connections <n> (default 10) for the list
 * figures; --load-duration <seconds> (default 30), --load-connections <n> (default 50) for the
 * load figures; --keystrokes <n> (default 60) and --rounds <n> (default 3) for the form and
 * designer figures; --list-rows <n> (default 10000) and --list-rounds <n> (default 3) for the
 * list-ui figures; --fuzz-runs <n> (default 1000) for the long fuzz run (bench/fuzz.ts);
 * --doc-rows <n> (default 10000) for the documents figures; --wf-instances <n> (default 1000)
 * and --wf-users <n> (default 50) for the workflow figures; --jobs <n> (default 1000) and
 * --jobs-duration <seconds> (default 60) for the scheduler figures; --file-rounds (default 10)
 * for the files figures; --only
 * list|gen|load|pages|form|designer|list-ui|fuzz|documents|workflow|jobs|files|bell;
 * --bell-rounds (default 25) and --bell-channels (default 200) for the live-notification figures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { startServer } from '../server-mock/app/startServer.ts';
import { loadRegistry } from '../schemas/registry/loadRegistry.ts';
import { runGenerator } from '../generators/runGenerator.ts';
import { createPgDatabase, signIn } from '../tests/api/harness.ts';
import { benchSignInBytes } from './signInBytes.ts';
import { benchFormLatency } from './formLatency.ts';
import { benchDesignerLatency } from './designerLatency.ts';
import { benchListOpen } from './listOpen.ts';
import { benchFuzz } from './fuzz.ts';
import { benchDocuments } from './documents.ts';
import { benchWorkflow } from './workflow.ts';
import { benchJobs } from './jobs.ts';
import { benchFiles } from './files.ts';
import { benchLiveBell } from './liveBell.ts';
import { figuresOf, JSON_SERVER_MIX, loadMix, PLATFORM_MIX, prepareRecords, type LoadFigures } from './loadMix.ts';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DURATION = Number(opt('duration', '10'));
const CONNECTIONS = Number(opt('connections', '10'));
const ONLY = opt('only', '');
const LOAD_DURATION = Number(opt('load-duration', '30'));
const LOAD_CONNECTIONS = Number(opt('load-connections', '50'));
const LOAD_SERVERS = new Set(opt('load-servers', 'json,bare,sqlite,barepg,postgres').split(','));
if (
  ONLY &&
  !['list', 'gen', 'load', 'pages', 'form', 'designer', 'list-ui', 'fuzz', 'documents', 'workflow', 'jobs', 'files', 'bell'].includes(ONLY)
) {
  console.error(
    `--only takes list, gen, load, pages, form, designer, list-ui, fuzz, documents, workflow, jobs, files or bell, not "${ONLY}"`,
  );
  process.exit(2);
}
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LIST_PATH = '/api/admin/sysrole/querySysRole?currentPage=1&pageSize=10';

/** Whether PostgreSQL answers at PG_URL (the client is closed again, so that the run can end). */
async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function load(url: string, headers: Record<string, string> = {}): Promise<LoadFigures> {
  return figuresOf(await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }));
}

function show(name: string, f: LoadFigures, baseline?: LoadFigures): void {
  const ratio = baseline ? `  (${(f.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}x the baseline)` : '';
  console.log(
    `  ${name.padEnd(44)} ${String(f.requestsPerSecond).padStart(7)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  errors ${f.errors}  non-2xx ${f.non2xx}${ratio}`,
  );
}

/** The floor: a bare Fastify route reading the same rows from the same SQLite file, no auth. */
async function bareBaseline(sqliteFile: string): Promise<{ url: string; close: () => Promise<void> }> {
  const db = new BetterSqlite3(sqliteFile, { readonly: true });
  const stmt = db.prepare('select * from sys_role where tenant_code = ? order by create_time desc, id desc limit 10');
  const count = db.prepare('select count(*) as total from sys_role where tenant_code = ?');
  const app = Fastify({ logger: false });
  app.get('/list', async () => ({
    status: 200,
    message: 'success',
    data: { list: stmt.all('demo'), pagination: { total: (count.get('demo') as { total: number }).total, pageSize: 10, current: 1 } },
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/list`,
    close: async () => {
      await app.close();
      db.close();
    },
  };
}

/** The same floor on PostgreSQL: a bare Fastify route and a pg pool of the server's size, no auth. */
async function barePgBaseline(databaseUrl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });
  app.get('/list', async () => {
    const rows = await pool.query({
      name: 'bare-list',
      text: 'select * from sys_role where tenant_code = $1 order by create_time desc, id desc limit 10',
      values: ['demo'],
    });
    const count = await pool.query({
      name: 'bare-count',
      text: 'select count(*)::int as total from sys_role where tenant_code = $1',
      values: ['demo'],
    });
    return {
      status: 200,
      message: 'success',
      data: { list: rows.rows, pagination: { total: (count.rows[0] as { total: number }).total, pageSize: 10, current: 1 } },
    };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/list`,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

async function benchList(): Promise<void> {
  console.log(`\nList query (${LIST_PATH}), ${CONNECTIONS} connections, ${DURATION} s each`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, quiet: true, staticDir: join(dataDir, 'none'), env: {} });
  try {
    const token = await signIn(server.url, 'demo', 'admin');
    const editorToken = await signIn(server.url, 'demo', 'editor');
    const bare = await bareBaseline(join(dataDir, 'console.sqlite'));
    const baseline = await load(bare.url);
    show('baseline: bare Fastify + better-sqlite3', baseline);
    show('server on SQLite (admin)', await load(server.url + LIST_PATH, { authorization: `Bearer ${token}` }), baseline);
    show(
      'server on SQLite (editor: URL + button grants)',
      await load(server.url + LIST_PATH, { authorization: `Bearer ${editorToken}` }),
      baseline,
    );
    await bare.close();
    const pgReachable = await postgresReachable();
    if (pgReachable) {
      const pgDb = await createPgDatabase(PG_URL);
      const pgServer = await startServer({
        port: 0,
        host: '127.0.0.1',
        dataDir: join(dataDir, 'pg'),
        databaseUrl: pgDb.url,
        quiet: true,
        staticDir: join(dataDir, 'none'),
        env: {},
      });
      try {
        const pgToken = await signIn(pgServer.url, 'demo', 'admin');
        const barePg = await barePgBaseline(pgDb.url);
        const pgBaseline = await load(barePg.url);
        await barePg.close();
        show('bare Fastify + pg (same list, two queries)', pgBaseline, baseline);
        const pgFigures = await load(pgServer.url + LIST_PATH, { authorization: `Bearer ${pgToken}` });
        show('server on PostgreSQL (admin)', pgFigures, baseline);
        console.log(
          `    server on PostgreSQL: ${(pgFigures.requestsPerSecond / pgBaseline.requestsPerSecond).toFixed(2)}x the bare Fastify + pg floor`,
        );
      } finally {
        await pgServer.close();
        await pgDb.drop();
      }
    } else {
      console.log(`  PostgreSQL not reachable at ${PG_URL}: skipped`);
    }
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchGen(): Promise<void> {
  const runs = 5;
  const out = mkdtempSync(join(tmpdir(), 'bench-gen-'));
  const time = async (fn: () => unknown) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await fn();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(runs / 2)]!;
  };
  const loadOnly = await time(() => loadRegistry('schemas'));
  const gen = await time(() => runGenerator({ schemasDir: 'schemas', outDir: out, check: false }));
  const registry = loadRegistry('schemas');
  console.log(`\nnpm run gen (${registry.resources.length} resources, ${registry.calls.length} calls), median of ${runs}`);
  console.log(`  ${'baseline: load and validate the resource files'.padEnd(44)} ${loadOnly.toFixed(0).padStart(7)} ms`);
  console.log(
    `  ${'generate types, client, routes, resources'.padEnd(44)} ${gen.toFixed(0).padStart(7)} ms  (${(gen / loadOnly).toFixed(1)}x the baseline)`,
  );
  rmSync(out, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// Mixed load: the real server (child process) against json-server on the same records.

interface Child {
  url: string;
  process: ChildProcess;
  exited: Promise<void>;
}

/** Start a child process and wait until its output matches `ready` (group 1 = base URL). */
function startChild(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<Child> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = ready.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve({ url: m[1]!, process: child, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code, signal) => reject(new Error(`${args.join(' ')} exited (${code ?? signal}) before it was ready:\n${out}`)));
  });
}

async function stopChild(child: Child): Promise<void> {
  child.process.kill('SIGTERM');
  await child.exited;
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * json-server 0.17 with its defaults, minus the request log (--quiet), so that the baseline does
 * not pay for logging that the platform server (LOG_LEVEL=warn) does not do either.
 */
async function startJsonServer(dbFile: string): Promise<Child> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['node_modules/json-server/lib/cli/bin.js', dbFile, '--port', String(port), '--host', '127.0.0.1', '--quiet'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error('json-server exited before it was ready');
    const up = await fetch(`${url}/sys_role`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, process: child, exited };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error('json-server did not start');
}

/** The platform server as it is deployed: `server-mock/main.ts` in its own process. */
function startPlatformServer(dataDir: string, staticDir: string, databaseUrl?: string): Promise<Child> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
  };
  delete env.TOKEN_SECRET;
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return startChild(['--import', 'tsx', 'server-mock/main.ts'], env, /Console and API:\s+(http:\/\/\S+?)\/?\s/);
}

async function benchLoad(): Promise<void> {
  const loadOptions = { connections: LOAD_CONNECTIONS, duration: LOAD_DURATION };
  console.log(`\nMixed load (list, read one, add, list, read one, delete), ${LOAD_CONNECTIONS} connections, ${LOAD_DURATION} s each`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-load-'));
  const staticDir = join(dir, 'static');
  mkdirSync(staticDir);
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const server = await startPlatformServer(join(dir, 'data'), staticDir);
    cleanups.push(() => stopChild(server));
    await prepareRecords(server.url);

    // The same records for json-server: the tenant's sys_param and sys_role rows.
    const sqlite = new BetterSqlite3(join(dir, 'data', 'console.sqlite'), { readonly: true });
    const params = sqlite.prepare(`select * from sys_param where tenant_code = 'demo'`).all() as { id: number }[];
    const roles = sqlite.prepare(`select * from sys_role where tenant_code = 'demo'`).all() as { id: number }[];
    sqlite.close();
    const dbFile = join(dir, 'db.json');
    writeFileSync(dbFile, JSON.stringify({ sys_param: params, sys_role: roles }, null, 2));
    const paramIds = params.map((p) => p.id);
    const roleIds = roles.map((r) => r.id);

    const jsonServer = await startJsonServer(dbFile);
    cleanups.push(() => stopChild(jsonServer));

    const json = LOAD_SERVERS.has('json')
      ? await withCpu(
          () => [jsonServer.process.pid!],
          () => loadMix(jsonServer.url, JSON_SERVER_MIX, paramIds, roleIds, {}, loadOptions),
        )
      : undefined;
    const baseline = json?.figures;
    if (json) {
      show('baseline: json-server 0.17 (no auth)', json.figures);
      showCpu('json-server', json.cpuPerRequest);
    }
    await stopChild(jsonServer);
    cleanups.pop();

    // The floor: the same calls with none of the platform's work (bench/bareServer.ts).
    /** A floor (bench/bareServer.ts on `target`, a SQLite file or a PostgreSQL URL) under the json-server mix. */
    const runFloor = async (target: string, name: string, otherPids?: { pids: () => number[]; note: string }): Promise<LoadFigures> => {
      const bare = await startChild(
        ['--import', 'tsx', 'bench/bareServer.ts', dbFile, target],
        process.env,
        /Bare server:\s+(http:\/\/\S+)/,
      );
      try {
        const run = await withCpu(
          () => [bare.process.pid!, ...(otherPids?.pids() ?? [])],
          () => loadMix(bare.url, JSON_SERVER_MIX, paramIds, roleIds, {}, loadOptions),
        );
        show(`floor: ${name} (no auth)`, run.figures, baseline);
        showCpu(`${name}${otherPids?.note ?? ''}`, run.cpuPerRequest, json?.cpuPerRequest);
        return run.figures;
      } finally {
        await stopChild(bare);
      }
    };
    const floor = LOAD_SERVERS.has('bare') ? await runFloor(join(dir, 'bare.sqlite'), 'bare Fastify + better-sqlite3') : undefined;

    if (LOAD_SERVERS.has('sqlite')) {
      const editor = await signIn(server.url, 'demo', 'editor');
      const run = await withCpu(
        () => [server.process.pid!],
        () => loadMix(server.url, PLATFORM_MIX, paramIds, roleIds, { authorization: `Bearer ${editor}` }, loadOptions),
      );
      show('server on SQLite (editor, audit log on)', run.figures, baseline);
      showCpu('server on SQLite', run.cpuPerRequest, json?.cpuPerRequest);
      if (baseline) verdict(run.figures, baseline, floor);
    }

    const pgReachable = (LOAD_SERVERS.has('postgres') || LOAD_SERVERS.has('barepg')) && (await postgresReachable());
    // The floor on PostgreSQL: the same calls, one statement each, with none of the work.
    let pgFloor: LoadFigures | undefined;
    if (pgReachable && LOAD_SERVERS.has('barepg')) {
      const floorDb = await createPgDatabase(PG_URL);
      try {
        pgFloor = await runFloor(floorDb.url, 'bare Fastify + pg', { pids: postgresPids, note: ", with PostgreSQL's own processes" });
      } finally {
        await floorDb.drop();
      }
    }
    if (pgReachable && LOAD_SERVERS.has('postgres')) {
      const pgDb = await createPgDatabase(PG_URL);
      cleanups.push(() => pgDb.drop());
      const pgServer = await startPlatformServer(join(dir, 'pg'), staticDir, pgDb.url);
      cleanups.push(() => stopChild(pgServer));
      await prepareRecords(pgServer.url);
      const pgClient = new pg.Client({ connectionString: pgDb.url });
      await pgClient.connect();
      const pgParams = (await pgClient.query(`select id from sys_param where tenant_code = 'demo'`)).rows.map((r: { id: number }) =>
        Number(r.id),
      );
      const pgRoles = (await pgClient.query(`select id from sys_role where tenant_code = 'demo'`)).rows.map((r: { id: number }) =>
        Number(r.id),
      );
      // The server analyzes its tables at start; the records added since then get their
      // statistics now, as the floor's do after it loads them (and as autovacuum would).
      await pgClient.query('analyze');
      await pgClient.end();
      const pgEditor = await signIn(pgServer.url, 'demo', 'editor');
      const run = await withCpu(
        () => [pgServer.process.pid!, ...postgresPids()],
        () => loadMix(pgServer.url, PLATFORM_MIX, pgParams, pgRoles, { authorization: `Bearer ${pgEditor}` }, loadOptions),
      );
      show('server on PostgreSQL (editor, audit log on)', run.figures, baseline);
      showCpu("server on PostgreSQL, with PostgreSQL's own processes", run.cpuPerRequest, json?.cpuPerRequest);
      if (pgFloor)
        console.log(
          `    server on PostgreSQL: ${(run.figures.requestsPerSecond / pgFloor.requestsPerSecond).toFixed(2)}x the floor on PostgreSQL's throughput`,
        );
      if (baseline) verdict(run.figures, baseline, pgFloor ?? floor);
    } else if (!pgReachable && (LOAD_SERVERS.has('postgres') || LOAD_SERVERS.has('barepg'))) {
      console.log(`  PostgreSQL not reachable at ${PG_URL}: skipped`);
    }
  } finally {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** CPU time (user + system, in clock ticks of 10 ms) a process has used so far, from /proc; 0 where there is none. */
function cpuTicks(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The PostgreSQL server's processes (its backends take part of the work of every call). */
function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres')) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/**
 * A load run and the CPU time the processes serving it used per request: a steadier figure
 * than the throughput on a shared machine, where the load generator takes its part of the cores.
 */
async function withCpu(pids: () => number[], run: () => Promise<LoadFigures>): Promise<{ figures: LoadFigures; cpuPerRequest: number }> {
  const ticks = () => pids().reduce((sum, pid) => sum + cpuTicks(pid), 0);
  const before = ticks();
  const figures = await run();
  const used = ticks() - before;
  const requests = figures.requestsPerSecond * LOAD_DURATION;
  return { figures, cpuPerRequest: requests ? (used * 10_000) / requests : 0 };
}

function showCpu(name: string, cpuPerRequest: number, baseline?: number): void {
  const ratio = baseline ? ` (${(cpuPerRequest / baseline).toFixed(2)}x the baseline's)` : '';
  console.log(`    ${name}: ${cpuPerRequest.toFixed(0)} µs of CPU per request${ratio}`);
}

/** The targets of the load figures: 2x json-server's throughput, p99 under 25 ms, no errors. */
function verdict(f: LoadFigures, baseline: LoadFigures, floor?: LoadFigures): void {
  const ratio = f.requestsPerSecond / baseline.requestsPerSecond;
  const floorP99 = floor ? `; the bare floor's p99 in this run: ${floor.p99} ms` : '';
  const floorRatio = floor ? `; the bare floor's in this run: ${(floor.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}x` : '';
  const parts = [
    `throughput ${ratio.toFixed(2)}x json-server (target 2x${floorRatio}): ${ratio >= 2 ? 'met' : 'NOT met'}`,
    `p99 ${f.p99} ms (target < 25 ms${floorP99}): ${f.p99 < 25 ? 'met' : 'NOT met'}`,
    `errors ${f.errors + f.non2xx} (target 0): ${f.errors + f.non2xx === 0 ? 'met' : 'NOT met'}`,
  ];
  console.log(`    ${parts.join('; ')}`);
}

console.log(
  `Machine: ${(await import('node:os')).cpus().length} cores, ${(await import('node:os')).cpus()[0]?.model ?? ''}, Node ${process.version}`,
);
if (!ONLY || ONLY === 'list') await benchList();
if (!ONLY || ONLY === 'gen') await benchGen();
if (!ONLY || ONLY === 'load') await benchLoad();
if (!ONLY || ONLY === 'pages') await benchSignInBytes();
if (!ONLY || ONLY === 'form') await benchFormLatency({ keystrokes: Number(opt('keystrokes', '60')), rounds: Number(opt('rounds', '3')) });
if (!ONLY || ONLY === 'designer')
  await benchDesignerLatency({ keystrokes: Number(opt('keystrokes', '60')), rounds: Number(opt('rounds', '3')) });
if (!ONLY || ONLY === 'list-ui') await benchListOpen({ rows: Number(opt('list-rows', '10000')), rounds: Number(opt('list-rounds', '3')) });
if (!ONLY || ONLY === 'fuzz') await benchFuzz({ runs: Number(opt('fuzz-runs', '1000')) });
if (!ONLY || ONLY === 'documents')
  await benchDocuments({ rows: Number(opt('doc-rows', '10000')), duration: DURATION, connections: CONNECTIONS });
if (!ONLY || ONLY === 'workflow')
  await benchWorkflow({ instances: Number(opt('wf-instances', '1000')), users: Number(opt('wf-users', '50')) });
if (!ONLY || ONLY === 'jobs') await benchJobs({ jobs: Number(opt('jobs', '1000')), duration: Number(opt('jobs-duration', '60')) });
if (!ONLY || ONLY === 'files') await benchFiles({ rounds: Number(opt('file-rounds', '10')) });
if (!ONLY || ONLY === 'bell')
  await benchLiveBell({ rounds: Number(opt('bell-rounds', '25')), channels: Number(opt('bell-channels', '200')) });
