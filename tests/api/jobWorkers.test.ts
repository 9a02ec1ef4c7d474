/**
 * External workers of the job scheduler (docs/jobs.md, "External workers"), against a real
 * server on SQLite or, with TEST_DATABASE_URL, PostgreSQL. Two worker processes
 * (worker/main.ts with its example processors) register with an app: a MAP_REDUCE job split
 * over both, reduced to one result; a broadcast run once on each. Workers driven by hand here
 * show the refusals (wrong client credentials, a wrong token, a result for a task that is not
 * the worker's, one already finished, another tenant's) with nothing changed. A run on workers
 * stopped or timed out cancels its task, and a retry runs it again. The job's requirements on
 * workers: its designated workers alone run it, a worker short of its minimum memory is passed
 * over (and the run fails saying so when no live worker meets them), `maxWorkerCount` bounds the
 * workers of a broadcast and of a map run. Last, a worker
 * killed in the middle of a task: once its lease expired, the other worker runs the task again.
 * Waits poll the state with generous timeouts; no assertion is on time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism, cpus } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';

type Api = ReturnType<typeof client>;
type Rec = Record<string, unknown>;

const JOBS = '/api/job/jobinfo';
const INSTANCES = '/api/job/instance';
const WORKER = '/api/job/worker';
/** Longer than a worker's lease (10 s) plus a busy machine. */
const WAIT = { timeout: 60_000, interval: 250 };
const APP = 'workers-test';
const OTHER_APP = 'workers-by-hand';
/** Workers by hand reporting their resources: one big, one small; and an app whose only worker is small. */
const SIZED_APP = 'workers-sized';
const SMALL_APP = 'workers-small';
const ONE_AT_A_TIME_APP = 'workers-one-at-a-time';
const GB = 1024 ** 3;
const CLIENT = 'job-worker';
const SECRET = 'Worker-secret-1';

let server: TestServer;
let admin: Api;
let acme: Api;

interface WorkerProcess {
  address: string;
  id: number;
  child: ChildProcess;
  exited: Promise<void>;
}
const workers: WorkerProcess[] = [];

function startWorker(address: string): Promise<WorkerProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'worker/main.ts', '--server', server.url, '--tenant', 'demo', '--app', APP, '--client', CLIENT, '--secret', SECRET],
    { env: { ...process.env, JOB_WORKER_ADDRESS: address }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /registered as worker (\d+)/.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        resolve({ address, id: Number(m[1]), child, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code, signal) => reject(new Error(`the worker exited (${code ?? signal}) before registering:\n${out}`)));
  });
}

async function ok<T = Rec>(res: Promise<{ status: number; body: Envelope<T> }>): Promise<T> {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as T;
}

async function addJob(api: Api, job: Rec): Promise<number> {
  const saved = await ok(
    api.post<Envelope<Rec>>(`${JOBS}/addJobInfo`, { processorType: 'EXTERNAL', timeExpressionType: 'API', appName: APP, ...job }),
  );
  return Number(saved.id);
}

async function runJob(api: Api, id: number, instanceParams?: string): Promise<number> {
  return Number((await ok(api.post<Envelope<Rec>>(`${JOBS}/runJob`, { id, instanceParams }))).id);
}

async function instance(api: Api, id: number): Promise<Rec | undefined> {
  return (await ok(api.get<Envelope<PageData<Rec>>>(`${INSTANCES}/queryJobInstance`, { id }))).list[0];
}

async function tasks(api: Api, instanceId: number): Promise<Rec[]> {
  return (await ok(api.get<Envelope<PageData<Rec>>>('/api/job/task/queryJobTask', { instanceId, pageSize: 1000, sorter: 'id_ascend' })))
    .list;
}

/** A MAP_REDUCE word count of 40 words in 4 parts (worker/exampleProcessors.ts), on the test's workers. */
function addWordCount(jobName: string, job: Rec = {}): Promise<number> {
  const text = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
  return addJob(admin, {
    jobName,
    executeType: 'MAP_REDUCE',
    processorInfo: 'wordCount',
    jobParams: JSON.stringify({ text, parts: 4 }),
    ...job,
  });
}

const ended = (status: unknown) => ['SUCCEEDED', 'FAILED', 'STOPPED', 'CANCELED'].includes(String(status));

async function untilEnded(api: Api, id: number): Promise<Rec> {
  await expect.poll(async () => ended((await instance(api, id))?.status), WAIT).toBe(true);
  return (await instance(api, id))!;
}

/** A worker's call made by hand (the protocol the worker script speaks). */
function workerCall(path: string, authorization: string, body: unknown, tenantCode = 'demo') {
  return client(server.url, undefined, { authorization }).post<Envelope<Rec>>(`${WORKER}/${path}`, body, { tenantCode });
}
const basic = (code: string, secret: string) => `Basic ${Buffer.from(`${code}:${secret}`).toString('base64')}`;

async function register(appName: string, address: string, tenantCode = 'demo', resources: Rec = {}): Promise<string> {
  const res = await workerCall('registerJobWorker', basic(CLIENT, SECRET), { appName, address, ...resources }, tenantCode);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return `Bearer ${String(res.body.data!.token)}`;
}

async function addClient(api: Api, clientCode: string, authType: string): Promise<void> {
  await ok(
    api.post(`/api/uaa/appclient/addAppClient`, {
      clientCode,
      clientSecret: SECRET,
      authType,
      authScope: 'jobs',
      tokenSeconds: 600,
      refreshSeconds: 600,
      fallbackUrl: 'http://localhost:8080/',
    }),
  );
}

async function workerCount(api: Api, appName: string): Promise<number> {
  return (await ok(api.get<Envelope<PageData<Rec>>>(`${WORKER}/queryJobWorker`, { appName, pageSize: 1 }))).pagination.total;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
  acme = client(server.url, await signIn(server.url, 'acme', 'admin'));
  await addClient(admin, CLIENT, 'client_credentials');
  await addClient(admin, 'password-only', 'password');
  await addClient(acme, CLIENT, 'client_credentials');
  for (const appName of [APP, OTHER_APP, SIZED_APP, SMALL_APP, ONE_AT_A_TIME_APP])
    await ok(admin.post('/api/job/appinfo/addAppInfo', { appName }));
  await ok(acme.post('/api/job/appinfo/addAppInfo', { appName: OTHER_APP }));
  workers.push(await startWorker('worker-a'), await startWorker('worker-b'));
}, 120_000);

afterAll(async () => {
  for (const w of workers) {
    if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    await w.exited;
  }
  await server?.stop();
});

describe('jobs on external workers', () => {
  it('shows the registered workers on the app: addresses and heartbeat', async () => {
    const apps = (await ok(admin.get<Envelope<PageData<Rec>>>('/api/job/appinfo/queryAppInfo', { appName: APP }))).list;
    expect(String(apps[0]!.workerAddress).split(', ').sort()).toEqual(['worker-a', 'worker-b']);
    expect(apps[0]!.lastHeartbeat).toEqual(expect.any(String));
    const listed = (await ok(admin.get<Envelope<PageData<Rec>>>(`${WORKER}/queryJobWorker`, { appName: APP }))).list;
    expect(listed.map((w) => w.address).sort()).toEqual(['worker-a', 'worker-b']);
    expect(listed.every((w) => !('tokenHash' in w))).toBe(true);
    // another tenant sees none of them
    expect(await workerCount(acme, APP)).toBe(0);
  });

  it('refuses an external job without its app or processor, or naming an app that does not exist', async () => {
    const base = { jobName: 'Bad external', processorType: 'EXTERNAL', executeType: 'MAP', timeExpressionType: 'API' };
    for (const [job, field, message] of [
      [{ ...base, processorInfo: 'wordCount' }, 'appName', /names the app/],
      [{ ...base, appName: APP }, 'processorInfo', /names the worker's processor/],
      [{ ...base, appName: 'nowhere', processorInfo: 'wordCount' }, 'appName', /No app named "nowhere"/],
      [{ ...base, processorType: 'BUILT_IN', processorInfo: 'wait' }, 'executeType', /choose processor type EXTERNAL/],
    ] as [Rec, string, RegExp][]) {
      const res = await admin.post<Envelope>(`${JOBS}/addJobInfo`, job);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(res.body.errors?.[0]?.field).toBe(field);
    }
  });

  it('runs a MAP_REDUCE job split over both workers and reduces their results', async () => {
    const job = await addWordCount('Count words');
    const id = await runJob(admin, job);
    const done = await untilEnded(admin, id);
    expect(done).toMatchObject({ status: 'SUCCEEDED', result: JSON.stringify({ words: 40, parts: 4 }) });
    const list = await tasks(admin, id);
    expect(list.map((t) => t.kind)).toEqual(['ROOT', 'MAP', 'MAP', 'MAP', 'MAP', 'REDUCE']);
    expect(list.every((t) => t.status === 'SUCCEEDED')).toBe(true);
    const maps = list.filter((t) => t.kind === 'MAP');
    expect(maps.map((t) => t.result)).toEqual(Array(4).fill(JSON.stringify({ words: 10 })));
    // spread over the live workers: each ran two of the four sub-tasks
    expect(maps.map((t) => t.workerAddress).sort()).toEqual(['worker-a', 'worker-a', 'worker-b', 'worker-b']);
    expect(list[0]!.result).toBe('Split into 4 parts');
    // another tenant sees none of the tasks
    expect((await ok(acme.get<Envelope<PageData<Rec>>>('/api/job/task/queryJobTask', { instanceId: id }))).list).toEqual([]);
  }, 90_000);

  it('broadcasts a job to every live worker, once each', async () => {
    const job = await addJob(admin, {
      jobName: 'Say hello',
      executeType: 'BROADCAST',
      processorInfo: 'echo',
      jobParams: '{"message": "hi"}',
    });
    const done = await untilEnded(admin, await runJob(admin, job));
    expect(done.status, String(done.result)).toBe('SUCCEEDED');
    const list = await tasks(admin, Number(done.id));
    expect(list.map((t) => [t.kind, t.workerAddress, t.status, t.result]).sort()).toEqual([
      ['BROADCAST', 'worker-a', 'SUCCEEDED', 'hi from worker-a'],
      ['BROADCAST', 'worker-b', 'SUCCEEDED', 'hi from worker-b'],
    ]);
    expect(done.result).toMatch(/^Succeeded on 2 workers/);
  }, 90_000);

  it('retries a failing task as the job says, then fails the instance with its error', async () => {
    const job = await addJob(admin, {
      jobName: 'Fails twice',
      executeType: 'STANDALONE',
      processorInfo: 'sleep',
      jobParams: '{"ms": 10, "fail": "disk full"}',
      taskRetryNum: 1,
    });
    const done = await untilEnded(admin, await runJob(admin, job));
    expect(done).toMatchObject({ status: 'FAILED', result: 'disk full' });
    expect((await tasks(admin, Number(done.id)))[0]).toMatchObject({ status: 'FAILED', tries: 2 });
  }, 90_000);

  it('refuses wrong credentials and changes nothing', async () => {
    const before = await workerCount(admin, OTHER_APP);
    const cases: [string, string, Rec, number, RegExp][] = [
      ['no Basic header', 'Bearer nothing', { appName: OTHER_APP, address: 'x' }, 401, /Basic authorization header/],
      ['a wrong secret', basic(CLIENT, 'wrong'), { appName: OTHER_APP, address: 'x' }, 401, /Client authentication failed/],
      ['an unknown client', basic('nobody', SECRET), { appName: OTHER_APP, address: 'x' }, 401, /Client authentication failed/],
      ['a client without the grant', basic('password-only', SECRET), { appName: OTHER_APP, address: 'x' }, 400, /client_credentials/],
      ['an app that does not exist', basic(CLIENT, SECRET), { appName: 'nowhere', address: 'x' }, 400, /No app named "nowhere"/],
    ];
    for (const [what, auth, body, status, message] of cases) {
      const res = await workerCall('registerJobWorker', auth, body);
      expect(res.status, what).toBe(status);
      expect(res.body.message, what).toMatch(message);
    }
    const unknownTenant = await workerCall('registerJobWorker', basic(CLIENT, SECRET), { appName: OTHER_APP, address: 'x' }, 'no-such');
    expect(unknownTenant.status).toBe(400);
    expect(await workerCount(admin, OTHER_APP)).toBe(before);
    // a token that is not one the server gave
    const token = await register(OTHER_APP, 'by-hand');
    const forged = token.replace(/\.(.)/, (_, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
    for (const auth of [forged, 'Bearer 1.short', 'Basic abc']) {
      const res = await workerCall('pullJobTasks', auth, {});
      expect(res.status, auth).toBe(401);
      expect(res.body.message).toMatch(/Worker authentication failed/);
    }
    // the right token in another tenant names no worker there
    expect((await workerCall('jobWorkerHeartbeat', token, {}, 'acme')).status).toBe(401);
  });

  it("refuses a result for a task that is not the worker's, or that ended, and changes nothing", async () => {
    const x = await register(OTHER_APP, 'by-hand-x');
    const y = await register(OTHER_APP, 'by-hand-y');
    const job = await addJob(admin, { jobName: 'By hand', appName: OTHER_APP, executeType: 'STANDALONE', processorInfo: 'anything' });
    const id = await runJob(admin, job);
    // x claims the task; y pulls nothing more (the task is claimed once)
    let pulled: Rec[] = [];
    await expect
      .poll(async () => {
        pulled = (await workerCall('pullJobTasks', x, { max: 5 })).body.data as unknown as Rec[];
        return pulled.length;
      }, WAIT)
      .toBe(1);
    const taskId = Number(pulled[0]!.taskId);
    expect(pulled[0]).toMatchObject({ instanceId: id, kind: 'STANDALONE', processor: 'anything', attempt: 1 });
    expect((await workerCall('pullJobTasks', y, { max: 5 })).body.data).toEqual([]);

    const foreign = await workerCall('reportJobTaskResult', y, { taskId, success: true, result: 'not mine' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toMatch(new RegExp(`Task ${taskId} is not yours`));
    const progress = await workerCall('reportJobTaskProgress', y, { taskId, progress: '50%' });
    expect(progress.status).toBe(403);
    const missing = await workerCall('reportJobTaskResult', x, { taskId: 999_999, success: true });
    expect(missing.status).toBe(404);
    // acme's worker: the task does not exist in its tenant
    const acmeWorker = await register(OTHER_APP, 'acme-worker', 'acme');
    const otherTenant = await workerCall('reportJobTaskResult', acmeWorker, { taskId, success: true }, 'acme');
    expect(otherTenant.status).toBe(404);
    const subTasks = await workerCall('reportJobTaskResult', x, { taskId, success: true, subTasks: [1, 2] });
    expect(subTasks.status).toBe(400);
    expect(subTasks.body.message).toMatch(/Only a root task/);
    expect((await tasks(admin, id))[0]).toMatchObject({ status: 'RUNNING', workerAddress: 'by-hand-x', result: null });
    expect((await instance(admin, id))!.status).toBe('RUNNING');

    expect((await workerCall('reportJobTaskProgress', x, { taskId, progress: 'half way' })).status).toBe(200);
    expect((await tasks(admin, id))[0]).toMatchObject({ progress: 'half way' });
    expect((await workerCall('reportJobTaskResult', x, { taskId, success: true, result: 'done by x' })).status).toBe(200);
    expect(await untilEnded(admin, id)).toMatchObject({ status: 'SUCCEEDED', result: 'done by x' });
    const again = await workerCall('reportJobTaskResult', x, { taskId, success: false, result: 'late' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/is SUCCEEDED/);
    expect((await tasks(admin, id))[0]).toMatchObject({ status: 'SUCCEEDED', result: 'done by x' });
    // the worker learns at its heartbeat that a task it still runs is no longer its own
    const beat = await workerCall('jobWorkerHeartbeat', x, { running: [taskId] });
    expect(beat.body.data).toEqual({ canceled: [taskId] });
  }, 90_000);

  it('stops an instance running on a worker: its task is canceled, and the worker told', async () => {
    const job = await addJob(admin, {
      jobName: 'Stopped on a worker',
      executeType: 'STANDALONE',
      processorInfo: 'sleep',
      jobParams: '{"ms": 60000}',
    });
    const id = await runJob(admin, job);
    await expect.poll(async () => (await tasks(admin, id))[0]?.status, WAIT).toBe('RUNNING');
    await ok(admin.post(`${INSTANCES}/stopJobInstance`, undefined, { id }));
    await expect.poll(async () => (await tasks(admin, id))[0]?.status, WAIT).toBe('CANCELED');
    expect((await instance(admin, id))!.status).toBe('STOPPED');
  }, 90_000);

  it("times a run on workers out at the job's limit, cancels its task, and runs it again on retry", async () => {
    const job = await addJob(admin, {
      jobName: 'Too slow on a worker',
      executeType: 'STANDALONE',
      processorInfo: 'sleep',
      jobParams: '{"ms": 60000}',
      instanceTimeLimit: 1500,
    });
    const id = await runJob(admin, job);
    expect(await untilEnded(admin, id)).toMatchObject({ status: 'FAILED', result: 'Timed out after 1500 ms', runningTimes: 1 });
    await expect.poll(async () => (await tasks(admin, id)).map((t) => t.status), WAIT).toEqual(['CANCELED']);
    await ok(admin.post(`${INSTANCES}/retryJobInstance`, undefined, { id }));
    await expect.poll(async () => (await instance(admin, id))!.runningTimes, WAIT).toBe(2);
    expect(await untilEnded(admin, id)).toMatchObject({ status: 'FAILED', result: 'Timed out after 1500 ms' });
    await expect
      .poll(async () => (await tasks(admin, id)).map((t) => [t.runNumber, t.status]), WAIT)
      .toEqual([
        [1, 'CANCELED'],
        [2, 'CANCELED'],
      ]);
  }, 90_000);

  it('keeps the resources each worker reports, and refuses a report out of bounds', async () => {
    const listed = (await ok(admin.get<Envelope<PageData<Rec>>>(`${WORKER}/queryJobWorker`, { appName: APP }))).list;
    for (const w of listed) {
      expect(w.cpuCores, String(w.address)).toBe(cpus().length || availableParallelism());
      expect(Number(w.freeMemory), String(w.address)).toBeGreaterThan(0);
      expect(Number(w.freeDisk), String(w.address)).toBeGreaterThan(0);
    }
    const token = await register(SIZED_APP, 'sized-probe', 'demo', { cpuCores: 2, freeMemory: 3 * GB, freeDisk: 10 * GB });
    const probe = async () =>
      (await ok(admin.get<Envelope<PageData<Rec>>>(`${WORKER}/queryJobWorker`, { appName: SIZED_APP }))).list.find(
        (w) => w.address === 'sized-probe',
      );
    expect(await probe()).toMatchObject({ cpuCores: 2, freeMemory: 3, freeDisk: 10 });
    for (const body of [{ cpuCores: -1 }, { freeMemory: 1.5 }, { freeDisk: 2 ** 53 }, { cpuCores: 100_001 }, { freeMemory: 'lots' }]) {
      const res = await workerCall('jobWorkerHeartbeat', token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[0]?.field, JSON.stringify(body)).toBe(Object.keys(body)[0]);
    }
    expect(await probe()).toMatchObject({ cpuCores: 2, freeMemory: 3, freeDisk: 10 });
    // a heartbeat reports what changed; an old worker's heartbeat without figures keeps the last ones
    expect((await workerCall('jobWorkerHeartbeat', token, { freeMemory: GB / 2 })).status).toBe(200);
    expect((await workerCall('jobWorkerHeartbeat', token, { running: [] })).status).toBe(200);
    expect(await probe()).toMatchObject({ cpuCores: 2, freeMemory: 0.5, freeDisk: 10 });
  });

  it('runs a job naming designated workers on them alone', async () => {
    const job = await addWordCount('Counted on worker-b', { designatedWorkers: ' worker-b , elsewhere:7700' });
    const done = await untilEnded(admin, await runJob(admin, job));
    expect(done).toMatchObject({ status: 'SUCCEEDED', result: JSON.stringify({ words: 40, parts: 4 }) });
    const list = await tasks(admin, Number(done.id));
    expect(list.map((t) => t.kind)).toEqual(['ROOT', 'MAP', 'MAP', 'MAP', 'MAP', 'REDUCE']);
    // worker-a, live and pulling all along, ran none of them
    expect(list.map((t) => t.workerAddress)).toEqual(Array(6).fill('worker-b'));
  }, 90_000);

  it('passes over a worker short of the minimum memory, and fails the run saying so when no live worker has it', async () => {
    const small = await register(SIZED_APP, 'sized-small', 'demo', { cpuCores: 8, freeMemory: 1 * GB, freeDisk: 100 * GB });
    const big = await register(SIZED_APP, 'sized-big', 'demo', { cpuCores: 8, freeMemory: 8 * GB, freeDisk: 100 * GB });
    const sized = { executeType: 'STANDALONE', processorInfo: 'anything', minMemorySpace: 4 };
    const id = await runJob(admin, await addJob(admin, { jobName: 'Needs 4 GB', appName: SIZED_APP, ...sized }));
    await expect.poll(async () => (await tasks(admin, id))[0]?.status, WAIT).toBe('WAITING');
    expect((await workerCall('pullJobTasks', small, { max: 5 })).body.data).toEqual([]);
    const pulled = (await workerCall('pullJobTasks', big, { max: 5 })).body.data as unknown as Rec[];
    expect(pulled).toMatchObject([{ instanceId: id, kind: 'STANDALONE' }]);
    expect((await workerCall('reportJobTaskResult', big, { taskId: pulled[0]!.taskId, success: true, result: 'done big' })).status).toBe(
      200,
    );
    expect(await untilEnded(admin, id)).toMatchObject({ status: 'SUCCEEDED', result: 'done big' });

    // an app whose only live worker is small, and jobs no worker of the live ones meets at all
    const lone = await register(SMALL_APP, 'small-only', 'demo', { cpuCores: 8, freeMemory: 1 * GB, freeDisk: 100 * GB });
    const starved = await runJob(admin, await addJob(admin, { jobName: 'Needs 4 GB, alone', appName: SMALL_APP, ...sized }));
    const huge = await runJob(
      admin,
      await addJob(admin, { jobName: 'Needs 64 TB', executeType: 'STANDALONE', processorInfo: 'echo', minMemorySpace: 65536 }),
    );
    const ghost = await runJob(
      admin,
      await addJob(admin, { jobName: 'Only on a ghost', executeType: 'BROADCAST', processorInfo: 'echo', designatedWorkers: 'ghost' }),
    );
    // the small worker stays live and keeps asking, and is given nothing
    await expect
      .poll(async () => {
        expect((await workerCall('pullJobTasks', lone, { max: 5 })).body.data).toEqual([]);
        return ended((await instance(admin, starved))?.status) && ended((await instance(admin, huge))?.status);
      }, WAIT)
      .toBe(true);
    const requirement = (app: string, needs: string, live: string) =>
      `No live worker of app ${app} meets the job's requirements (${needs}); live: ${live}`;
    expect(await instance(admin, starved)).toMatchObject({
      status: 'FAILED',
      result: requirement(SMALL_APP, '4 GB free memory', 'small-only'),
    });
    expect((await tasks(admin, starved))[0]).toMatchObject({ status: 'FAILED', workerAddress: null, tries: 0 });
    expect(await untilEnded(admin, huge)).toMatchObject({
      status: 'FAILED',
      result: requirement(APP, '65536 GB free memory', 'worker-a, worker-b'),
    });
    // a broadcast to nobody fails at once, with the same reason
    expect(await untilEnded(admin, ghost)).toMatchObject({
      status: 'FAILED',
      result: requirement(APP, 'one of ghost', 'worker-a, worker-b'),
    });
    expect(await tasks(admin, ghost)).toEqual([]);
  }, 120_000);

  it("gives a worker no more of a job's tasks at once than the job's concurrency", async () => {
    const worker = await register(ONE_AT_A_TIME_APP, 'one-at-a-time');
    const job = await addJob(admin, {
      jobName: 'One at a time',
      appName: ONE_AT_A_TIME_APP,
      executeType: 'STANDALONE',
      processorInfo: 'anything',
      concurrency: 1,
    });
    const first = await runJob(admin, job);
    const second = await runJob(admin, job);
    for (const id of [first, second]) await expect.poll(async () => (await tasks(admin, id))[0]?.status, WAIT).toBe('WAITING');
    const pulled = (await workerCall('pullJobTasks', worker, { max: 5 })).body.data as unknown as Rec[];
    expect(pulled).toHaveLength(1);
    // while it runs that task, the worker is given nothing more of the job
    expect((await workerCall('pullJobTasks', worker, { max: 5 })).body.data).toEqual([]);
    expect((await workerCall('reportJobTaskResult', worker, { taskId: pulled[0]!.taskId, success: true, result: 'one' })).status).toBe(200);
    const next = (await workerCall('pullJobTasks', worker, { max: 5 })).body.data as unknown as Rec[];
    expect(next).toHaveLength(1);
    expect(new Set([pulled[0]!.instanceId, next[0]!.instanceId])).toEqual(new Set([first, second]));
    expect((await workerCall('reportJobTaskResult', worker, { taskId: next[0]!.taskId, success: true, result: 'two' })).status).toBe(200);
    for (const id of [first, second]) expect(await untilEnded(admin, id)).toMatchObject({ status: 'SUCCEEDED' });
  });

  it('runs a broadcast on at most maxWorkerCount workers', async () => {
    const job = await addJob(admin, {
      jobName: 'Say hello once',
      executeType: 'BROADCAST',
      processorInfo: 'echo',
      jobParams: '{"message": "hi"}',
      maxWorkerCount: 1,
    });
    const done = await untilEnded(admin, await runJob(admin, job));
    expect(done.status, String(done.result)).toBe('SUCCEEDED');
    expect(done.result).toMatch(/^Succeeded on 1 workers: worker-a: hi from worker-a$/);
    expect((await tasks(admin, Number(done.id))).map((t) => [t.kind, t.workerAddress, t.status])).toEqual([
      ['BROADCAST', 'worker-a', 'SUCCEEDED'],
    ]);
  }, 90_000);

  it('runs every task of a map run on one worker under maxWorkerCount 1', async () => {
    const job = await addWordCount('Counted by one', { maxWorkerCount: 1 });
    const done = await untilEnded(admin, await runJob(admin, job));
    expect(done).toMatchObject({ status: 'SUCCEEDED', result: JSON.stringify({ words: 40, parts: 4 }) });
    const list = await tasks(admin, Number(done.id));
    expect(list).toHaveLength(6);
    expect(new Set(list.map((t) => t.workerAddress)).size).toBe(1);
    expect(['worker-a', 'worker-b']).toContain(list[0]!.workerAddress);
  }, 90_000);

  it("retries the task of a worker killed mid-task on the other worker once the first one's lease expired", async () => {
    const job = await addJob(admin, {
      jobName: 'Outlives a worker',
      executeType: 'STANDALONE',
      processorInfo: 'sleep',
      jobParams: '{"ms": 4000}',
      taskRetryNum: 1,
    });
    const id = await runJob(admin, job);
    await expect.poll(async () => (await tasks(admin, id))[0]?.status, WAIT).toBe('RUNNING');
    const first = String((await tasks(admin, id))[0]!.workerAddress);
    const victim = workers.find((w) => w.address === first)!;
    victim.child.kill('SIGKILL');
    await victim.exited;
    const done = await untilEnded(admin, id);
    expect(done).toMatchObject({ status: 'SUCCEEDED', result: 'Slept 4000 ms' });
    const [task] = await tasks(admin, id);
    expect(task).toMatchObject({ status: 'SUCCEEDED', tries: 2 });
    expect(task!.workerAddress).not.toBe(first);
    expect(['worker-a', 'worker-b']).toContain(task!.workerAddress);
  }, 120_000);
});
