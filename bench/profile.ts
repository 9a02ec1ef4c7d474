import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync } from 'node:fs';
import autocannon from 'autocannon';
import { signIn } from '../tests/api/harness.ts';
const dir = mkdtempSync('/tmp/prof/d-'); mkdirSync(dir + '/s');
const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof/out', '--import', 'tsx', 'server-mock/main.ts'], { env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dir + '/d', STATIC_DIR: dir + '/s' }, stdio: ['ignore', 'pipe', 'inherit'] });
const url: string = await new Promise((res) => { let out = ''; child.stdout!.on('data', (c) => { out += c; const m = /Console and API:\s+(http:\/\/\S+?)\/?\s/.exec(out); if (m) res(m[1]!); }); });
const tok = await signIn(url, 'demo', 'editor');
const H = { authorization: `Bearer ${tok}` };
let n = 0;
const r = await autocannon({ url, connections: 20, duration: Number(process.argv[2] ?? 10), headers: H, requests: [
  { method: 'GET', path: '/api/admin/sysparam/querySysParam?currentPage=1&pageSize=10' },
  { method: 'GET', path: '/api/admin/sysrole/querySysRole?id=1' },
  { method: 'POST', headers: { ...H, 'content-type': 'application/json' }, setupRequest: (req) => ({ ...req, path: '/api/admin/sysparam/addSysParam', body: JSON.stringify({ paramName: 'x', paramKey: `k${n++}`, paramValue: 'v' }) }) },
] });
console.log(Math.round(r.requests.average), 'req/s', 'p50', r.latency.p50, 'p99', r.latency.p99, 'non2xx', r.non2xx, 'err', r.errors);
child.kill('SIGINT'); await new Promise((r) => child.once('exit', r));
