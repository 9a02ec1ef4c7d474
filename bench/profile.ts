/**
 * Where the time of a request goes: starts `server-mock/main.ts` under `node --cpu-prof`, puts
 * the mixed load of the load bench (bench/loadMix.ts, a signed-in editor) on it with autocannon,
 * stops it, and leaves the .cpuprofile in the output directory (open it in Chrome DevTools or
 * VS Code). `--pg` runs the server on a new PostgreSQL database (TEST_DATABASE_URL, default the
 * local server), dropped afterwards.
 *   npx tsx bench/profile.ts [seconds (default 10)] [output directory (default $TMPDIR/console-profiles)] [--pg]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { createPgDatabase, signIn } from '../tests/api/harness.ts';
import { loadMix, PLATFORM_MIX, prepareRecords } from './loadMix.ts';

const args = process.argv.slice(2).filter((a) => a !== '--pg');
const onPg = process.argv.includes('--pg');
const seconds = Number(args[0] ?? 10);
const outDir = resolve(args[1] ?? join(tmpdir(), 'console-profiles'));
const dir = mkdtempSync(join(tmpdir(), 'bench-profile-'));
mkdirSync(join(dir, 'static'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  DATA_DIR: join(dir, 'data'),
  STATIC_DIR: join(dir, 'static'),
};
delete env.DATABASE_URL;
delete env.TOKEN_SECRET;
const pgDb = onPg ? await createPgDatabase(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test') : undefined;
if (pgDb) env.DATABASE_URL = pgDb.url;
const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${outDir}`, '--import', 'tsx', 'server-mock/main.ts'], {
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise<string>((done, fail) => {
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const m = /Console and API:\s+(http:\/\/\S+?)\/?\s/.exec(out);
    if (m) done(m[1]!);
  });
  child.once('exit', () => fail(new Error(`the server exited:\n${out}`)));
});
await prepareRecords(url);
let paramIds: number[];
let roleIds: number[];
if (pgDb) {
  const client = new pg.Client({ connectionString: pgDb.url });
  await client.connect();
  paramIds = (await client.query(`select id from sys_param where tenant_code = 'demo'`)).rows.map((r: { id: number }) => Number(r.id));
  roleIds = (await client.query(`select id from sys_role where tenant_code = 'demo'`)).rows.map((r: { id: number }) => Number(r.id));
  await client.end();
} else {
  const { default: BetterSqlite3 } = await import('better-sqlite3');
  const sqlite = new BetterSqlite3(join(dir, 'data', 'console.sqlite'), { readonly: true });
  paramIds = (sqlite.prepare(`select id from sys_param where tenant_code = 'demo'`).all() as { id: number }[]).map((r) => r.id);
  roleIds = (sqlite.prepare(`select id from sys_role where tenant_code = 'demo'`).all() as { id: number }[]).map((r) => r.id);
  sqlite.close();
}
const headers = { authorization: `Bearer ${await signIn(url, 'demo', 'editor')}` };
const result = await loadMix(url, PLATFORM_MIX, paramIds, roleIds, headers, { connections: 50, duration: seconds });
console.log(
  `${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
);
child.kill('SIGINT');
await new Promise((done) => child.once('exit', done));
await pgDb?.drop();
rmSync(dir, { recursive: true, force: true });
console.log(`profile written to ${outDir}`);
