/**
 * `npm run bench -- --only jobs`: the job scheduler (docs/jobs.md) on SQLite. `--jobs n`
 * (default 1000) CRON jobs due every second run for `--jobs-duration s` (default 60); each
 * firing's lateness is its instance's actual trigger time minus its expected one. The baseline,
 * in the same process and the same run: croner's own timer for one job every second, its
 * lateness the time its callback ran minus the second it was due. Also: firings per second
 * against the jobs' due rate, and the server's CPU time per firing (the whole process, so the
 * API calls that add and read the jobs are left out by measuring only the run itself).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Cron } from 'croner';
import { startServer } from '../server-mock/app/startServer.ts';
import { signIn } from '../tests/api/harness.ts';

const JOBS = '/api/job/jobinfo';

async function call<T>(url: string, token: string, method: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

type Page = { data: { list: Record<string, unknown>[]; pagination: { total: number } } };

export async function benchJobs(options: { jobs: number; duration: number }): Promise<void> {
  console.log(
    `\nJob scheduler on SQLite: ${options.jobs} CRON jobs due every second for ${options.duration} s, against croner's own timer`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-jobs-'));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, quiet: true, staticDir: join(dataDir, 'none'), env: {} });
  try {
    const token = await signIn(server.url, 'demo', 'admin');
    const ids: number[] = [];
    // added disabled, then enabled together, so that every job fires from the same second on
    for (let i = 0; i < options.jobs; i += 1) {
      const added = await call<{ data: { id: number } }>(`${server.url}${JOBS}/addJobInfo`, token, 'POST', {
        jobName: `bench ${i}`,
        timeExpressionType: 'CRON',
        timeExpression: '* * * * * *',
        executeType: 'STANDALONE',
        processorType: 'BUILT_IN',
        processorInfo: 'wait',
        jobParams: '{"ms": 0}',
        enable: false,
      });
      ids.push(added.data.id);
    }
    for (const id of ids) await call(`${server.url}${JOBS}/updateJobInfo`, token, 'PUT', { id, enable: true });

    const baseline: number[] = [];
    const timer = new Cron('* * * * * *', () => {
      const now = Date.now();
      baseline.push(now - Math.floor(now / 1000) * 1000);
    });
    const from = Date.now();
    const cpuBefore = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, options.duration * 1000));
    const cpu = process.cpuUsage(cpuBefore);
    const to = Date.now();
    timer.stop();
    for (const id of ids) await call(`${server.url}${JOBS}/updateJobInfo`, token, 'PUT', { id, enable: false });

    const lateness: number[] = [];
    let firings = 0;
    for (let page = 1; ; page += 1) {
      const answer = await call<Page>(`${server.url}/api/job/instance/queryJobInstance?pageSize=5000&currentPage=${page}`, token, 'GET');
      for (const r of answer.data.list) {
        if (!String(r.jobName).startsWith('bench ')) continue;
        const expected = new Date(String(r.expectedTriggerTime)).getTime();
        if (expected < from || expected >= to) continue;
        firings += 1;
        lateness.push(new Date(String(r.actualTriggerTime)).getTime() - expected);
      }
      if (answer.data.list.length < 5000) break;
    }
    lateness.sort((a, b) => a - b);
    baseline.sort((a, b) => a - b);
    const seconds = (to - from) / 1000;
    const due = options.jobs * seconds;
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const [p50, p99, b50, b99] = [percentile(lateness, 50), percentile(lateness, 99), percentile(baseline, 50), percentile(baseline, 99)];
    console.log(
      `  firings: ${firings} in ${seconds.toFixed(1)} s, ${(firings / seconds).toFixed(0)} per second (${((firings / due) * 100).toFixed(1)}% of the ${options.jobs} per second due)`,
    );
    console.log(
      `  lateness (actual - expected): p50 ${p50} ms, p99 ${p99} ms; croner's own timer (baseline): p50 ${b50} ms, p99 ${b99} ms`,
    );
    console.log(`  p99 ${p99 - b99} ms over croner's (target: within 100 ms): ${p99 - b99 <= 100 ? 'met' : 'NOT met'}`);
    console.log(`  CPU: ${((cpuMs * 1000) / Math.max(1, firings)).toFixed(0)} µs per firing (fire, claim, run, record; the whole process)`);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
