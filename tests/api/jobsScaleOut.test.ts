/**
 * The scheduler across server processes (docs/jobs.md). A server process killed (SIGKILL) in
 * the middle of a run leaves its instance RUNNING under a lease; a server on the same database
 * takes it over once the lease has expired and runs it to the end, the lost run counted. On
 * PostgreSQL (TEST_DATABASE_URL), two servers share one schedule: every due firing of jobs
 * firing every second, and of a CRON workflow, is claimed by one of them and runs once.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { childServers, endChild } from './childServer.ts';
import { client, signIn, startTestServer, type Envelope, type PageData } from './harness.ts';

type Api = ReturnType<typeof client>;
type Rec = Record<string, unknown>;

const JOBS = '/api/job/jobinfo';
const INSTANCES = '/api/job/instance';
/** Longer than the lease (10 s) plus a busy machine. */
const WAIT = { timeout: 60_000, interval: 250 };
const onPg = !!process.env.TEST_DATABASE_URL;

const servers = childServers('console-jobs-scale-');

async function addJob(api: Api, job: Rec): Promise<number> {
  const res = await api.post<Envelope<Rec>>(`${JOBS}/addJobInfo`, {
    executeType: 'STANDALONE',
    processorType: 'BUILT_IN',
    timeExpressionType: 'API',
    processorInfo: 'wait',
    ...job,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Number(res.body.data!.id);
}

async function instances(api: Api, params: Record<string, string | number>): Promise<Rec[]> {
  const res = await api.get<Envelope<PageData<Rec>>>(`${INSTANCES}/queryJobInstance`, { pageSize: 10000, ...params });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!.list;
}

describe(`the scheduler across processes on ${onPg ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('a run of a process killed mid-task is taken over by another server once its lease expires', async () => {
    const first = await servers.start('data');
    const api = client(first.url, await signIn(first.url, 'demo', 'admin'));
    const job = await addJob(api, { jobName: 'Killed mid-task', jobParams: '{"ms": 3000}', instanceRetryNum: 1 });
    const run = await api.post<Envelope<Rec>>(`${JOBS}/runJob`, { id: job });
    const id = Number(run.body.data!.id);
    await expect.poll(async () => (await instances(api, { id }))[0]?.status, WAIT).toBe('RUNNING');
    await endChild(first, 'SIGKILL');

    const second = await startTestServer({ dataDir: servers.env('data').DATA_DIR, databaseUrl: servers.databaseUrl });
    try {
      const other = client(second.url, await signIn(second.url, 'demo', 'admin'));
      await expect
        .poll(async () => (await instances(other, { id }))[0], WAIT)
        .toMatchObject({ status: 'SUCCEEDED', runningTimes: 2, result: 'Waited 3000 ms' });
    } finally {
      await second.close();
    }
  }, 180_000);

  it.skipIf(!onPg)(
    'two servers on one database run every due firing exactly once',
    async () => {
      const { dir, databaseUrl } = servers;
      const a = await startTestServer({ dataDir: join(dir, 'pair'), databaseUrl });
      const b = await startTestServer({ dataDir: join(dir, 'pair-b'), databaseUrl });
      try {
        const onA = client(a.url, await signIn(a.url, 'demo', 'admin'));
        const onB = client(b.url, await signIn(b.url, 'demo', 'admin'));
        const jobs: number[] = [];
        for (let i = 0; i < 10; i++)
          jobs.push(
            await addJob(i % 2 ? onA : onB, {
              jobName: `Shared ${i}`,
              timeExpressionType: 'CRON',
              timeExpression: '* * * * * *',
              jobParams: '{"ms": 1}',
            }),
          );
        // and a CRON workflow every second, of one node
        const node = await addJob(onA, { jobName: 'Shared node', timeExpressionType: 'WORKFLOW', jobParams: '{"ms": 1}' });
        const wf = await onB.post<Envelope<Rec>>('/api/job/workflowinfo/addWorkflowInfo', {
          wfName: 'Shared workflow',
          timeExpressionType: 'CRON',
          timeExpression: '* * * * * *',
          nodes: [{ nodeId: 1, jobId: node }],
          edges: [],
        });
        expect(wf.status, JSON.stringify(wf.body)).toBe(200);
        const wfRuns = async (api: Api) =>
          (
            await api.get<Envelope<PageData<Rec>>>('/api/job/wfinstance/queryWorkflowInstance', {
              wfId: Number(wf.body.data!.id),
              pageSize: 10000,
            })
          ).body.data!.list;
        await expect
          .poll(async () => Math.min(...(await Promise.all(jobs.map(async (j) => (await instances(onA, { jobId: j })).length)))), WAIT)
          .toBeGreaterThanOrEqual(8);
        await expect.poll(async () => (await wfRuns(onA)).length, WAIT).toBeGreaterThanOrEqual(8);
        for (const j of jobs) expect((await onB.put(`${JOBS}/updateJobInfo`, { id: j, enable: false })).status).toBe(200);
        expect((await onA.put('/api/job/workflowinfo/updateWorkflowInfo', { id: wf.body.data!.id, enable: false })).status).toBe(200);
        // each firing of the workflow started one instance, whose node ran once
        await expect.poll(async () => (await wfRuns(onB)).every((r) => r.status === 'SUCCEEDED'), WAIT).toBe(true);
        const runs = await wfRuns(onB);
        const fired = runs.map((r) => String(r.expectedTriggerTime));
        expect(new Set(fired).size, fired.join(', ')).toBe(fired.length);
        const nodeRuns = await instances(onB, { jobId: node });
        expect(nodeRuns).toHaveLength(runs.length);
        expect(new Set(nodeRuns.map((i) => i.wfInstanceId)).size).toBe(runs.length);
        for (const j of jobs) {
          await expect
            .poll(async () => (await instances(onA, { jobId: j })).every((i) => ['SUCCEEDED', 'FAILED'].includes(String(i.status))), WAIT)
            .toBe(true);
          const list = await instances(onB, { jobId: j });
          const expected = list.map((i) => String(i.expectedTriggerTime));
          // each firing once: no expected time twice, each run once and succeeded
          expect(new Set(expected).size, expected.join(', ')).toBe(expected.length);
          for (const i of list) expect(i).toMatchObject({ status: 'SUCCEEDED', runningTimes: 1 });
        }
      } finally {
        await a.close();
        await b.close();
      }
    },
    180_000,
  );
});
