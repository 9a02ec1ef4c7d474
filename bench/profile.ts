/**
 * Where the time of a request goes: starts `server-mock/main.ts` under `node --cpu-prof`, puts a
 * signed-in editor's mix of list, read-one and add calls on it with autocannon, stops it, and
 * leaves the .cpuprofile in the output directory (open it in Chrome DevTools or VS Code).
 *   npx tsx bench/profile.ts [seconds (default 10)] [output directory (default $TMPDIR/console-profiles)]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { signIn } from '../tests/api/harness.ts';

const seconds = Number(process.argv[2] ?? 10);
const outDir = resolve(process.argv[3] ?? join(tmpdir(), 'console-profiles'));
const dir = mkdtempSync(join(tmpdir(), 'bench-profile-'));
mkdirSync(join(dir, 'static'));
const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: join(dir, 'data'), STATIC_DIR: join(dir, 'static') };
delete env.DATABASE_URL;
delete env.TOKEN_SECRET;
const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${outDir}`, '--import', 'tsx', 'server-mock/main.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise<string>((done, fail) => {
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const m = /Console and API:\s+(http:\/\/\S+?)\/?\s/.exec(out);
    if (m) done(m[1]!);
  });
  child.once('exit', () => fail(new Error(`the server exited:\n${out}`)));
});
const headers = { authorization: `Bearer ${await signIn(url, 'demo', 'editor')}` };
let n = 0;
const result = await autocannon({
  url,
  connections: 20,
  duration: seconds,
  headers,
  requests: [
    { method: 'GET', path: '/api/admin/sysparam/querySysParam?currentPage=1&pageSize=10' },
    { method: 'GET', path: '/api/admin/sysrole/querySysRole?id=1' },
    {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      setupRequest: (req) => ({ ...req, path: '/api/admin/sysparam/addSysParam', body: JSON.stringify({ paramName: 'x', paramKey: `k${n++}`, paramValue: 'v' }) }),
    },
  ],
});
console.log(`${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`);
child.kill('SIGINT');
await new Promise((done) => child.once('exit', done));
rmSync(dir, { recursive: true, force: true });
console.log(`profile written to ${outDir}`);
