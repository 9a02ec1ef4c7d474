/**
 * `npm run bench`: figures, each beside a baseline measured in the same run.
 *   - list-query throughput of the server (auth, tenancy, URL and button grants, validation)
 *     on SQLite and on PostgreSQL, against a bare Fastify + better-sqlite3 route serving the
 *     same rows with none of that work
 *   - the time `npm run gen` takes for all schemas, against loading the registry alone
 * Options: --duration <seconds> (default 10), --connections <n> (default 10), --only <name>.
 */
import { mkdtempSync, rmSync } from 'node:fs';
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

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DURATION = Number(opt('duration', '10'));
const CONNECTIONS = Number(opt('connections', '10'));
const ONLY = opt('only', '');
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LIST_PATH = '/api/admin/sysrole/querySysRole?currentPage=1&pageSize=10';

interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<LoadFigures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function show(name: string, f: LoadFigures, baseline?: LoadFigures): void {
  const ratio = baseline ? `  (${(f.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}x the baseline)` : '';
  console.log(`  ${name.padEnd(44)} ${String(f.requestsPerSecond).padStart(7)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  errors ${f.errors}  non-2xx ${f.non2xx}${ratio}`);
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
  return { url: `http://127.0.0.1:${port}/list`, close: async () => { await app.close(); db.close(); } };
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
    show('server on SQLite (editor: URL + button grants)', await load(server.url + LIST_PATH, { authorization: `Bearer ${editorToken}` }), baseline);
    await bare.close();
    const pgReachable = await new pg.Client({ connectionString: PG_URL }).connect().then(() => true, () => false);
    if (pgReachable) {
      const pgDb = await createPgDatabase(PG_URL);
      const pgServer = await startServer({ port: 0, host: '127.0.0.1', dataDir: join(dataDir, 'pg'), databaseUrl: pgDb.url, quiet: true, staticDir: join(dataDir, 'none'), env: {} });
      try {
        const pgToken = await signIn(pgServer.url, 'demo', 'admin');
        show('server on PostgreSQL (admin)', await load(pgServer.url + LIST_PATH, { authorization: `Bearer ${pgToken}` }), baseline);
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
  console.log(`  ${'generate types, client, routes, resources'.padEnd(44)} ${gen.toFixed(0).padStart(7)} ms  (${(gen / loadOnly).toFixed(1)}x the baseline)`);
  rmSync(out, { recursive: true, force: true });
}

console.log(`Machine: ${(await import('node:os')).cpus().length} cores, ${(await import('node:os')).cpus()[0]?.model ?? ''}, Node ${process.version}`);
if (!ONLY || ONLY === 'list') await benchList();
if (!ONLY || ONLY === 'gen') await benchGen();
