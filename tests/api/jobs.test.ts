/**
 * The job scheduler through its API (docs/jobs.md), on SQLite or, with TEST_DATABASE_URL, on
 * PostgreSQL: time expressions and processor parameters refused with clear messages and
 * nothing stored; CRON (seconds), fixed rate, fixed delay and API firings that really run;
 * the built-in processors (wait, http to an allowed host, notification, housekeeping); a
 * throwing job recorded failed and retried as configured; a job past its timeout stopped and
 * recorded; max instances; stop and retry by hand; another tenant sees and touches nothing; a
 * firing missed while no server ran made up once, and an instance running at close run again
 * by the next server. Waits poll the state with generous timeouts; no assertion is on time.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { client, createPgDatabase, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';

type Api = ReturnType<typeof client>;
type Rec = Record<string, unknown>;

const JOBS = '/api/job/jobinfo';
const INSTANCES = '/api/job/instance';
const WAIT = { timeout: 30_000, interval: 200 };
/** Timeout of a test that waits on several firings. */
const LONG = 90_000;

let server: TestServer;
let admin: Api;
let visitor: Api;
let acme: Api;
let http: Server;
let httpHost: string;
/** What the alarm webhook received. */
const alarms: Rec[] = [];

async function addJob(api: Api, job: Rec): Promise<Rec> {
  const res = await api.post<Envelope<Rec>>(`${JOBS}/addJobInfo`, {
    executeType: 'STANDALONE',
    processorType: 'BUILT_IN',
    timeExpressionType: 'API',
    ...job,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!;
}

async function instances(api: Api, jobId: number): Promise<Rec[]> {
  const res = await api.get<Envelope<PageData<Rec>>>(`${INSTANCES}/queryJobInstance`, { jobId, pageSize: 1000, sorter: 'id_ascend' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!.list;
}

async function instance(api: Api, id: number): Promise<Rec> {
  const res = await api.get<Envelope<PageData<Rec>>>(`${INSTANCES}/queryJobInstance`, { id });
  return res.body.data!.list[0]!;
}

async function run(api: Api, id: number, instanceParams?: string): Promise<number> {
  const res = await api.post<Envelope<Rec>>(`${JOBS}/runJob`, { id, instanceParams });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Number(res.body.data!.id);
}

const ended = (status: unknown) => ['SUCCEEDED', 'FAILED', 'STOPPED', 'CANCELED'].includes(String(status));

async function untilEnded(api: Api, id: number): Promise<Rec> {
  await expect.poll(async () => ended((await instance(api, id)).status), WAIT).toBe(true);
  return instance(api, id);
}

async function disable(api: Api, id: number): Promise<void> {
  const res = await api.put<Envelope<Rec>>(`${JOBS}/updateJobInfo`, { id, enable: false });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data!.nextTriggerTime).toBeNull();
}

async function jobCount(api: Api): Promise<number> {
  const res = await api.get<Envelope<PageData<Rec>>>(`${JOBS}/queryJobInfo`, { pageSize: 1 });
  return res.body.data!.pagination.total;
}

beforeAll(async () => {
  http = createServer((req, res) => {
    if (req.url === '/ok') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('pong');
    if (req.url === '/alarm' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        alarms.push(JSON.parse(body) as Rec);
        res.writeHead(204).end();
      });
      return;
    }
    if (req.url === '/context')
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ context: { orderId: 42, region: 'north' } }));
    if (req.url?.startsWith('/echo?')) return void res.writeHead(200, { 'content-type': 'text/plain' }).end(req.url.slice('/echo?'.length));
    if (req.url === '/hang') return; // never answers
    res.writeHead(500).end('broken');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  httpHost = `127.0.0.1:${(http.address() as AddressInfo).port}`;
  server = await startTestServer();
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
  visitor = client(server.url, await signIn(server.url, 'demo', 'visitor'));
  acme = client(server.url, await signIn(server.url, 'acme', 'admin'));
});

afterAll(async () => {
  await server?.stop();
  http?.closeAllConnections();
  await new Promise((resolve) => http?.close(resolve));
});

describe('bad input is refused with a clear message and stores nothing', () => {
  const cases: [string, Rec, string, RegExp][] = [
    [
      'a CRON that does not parse',
      { timeExpressionType: 'CRON', timeExpression: '61 * * * * *', processorInfo: 'wait' },
      'timeExpression',
      /does not parse.*second/i,
    ],
    [
      'a CRON of the wrong shape',
      { timeExpressionType: 'CRON', timeExpression: 'every day', processorInfo: 'wait' },
      'timeExpression',
      /does not parse/,
    ],
    [
      'a CRON job without its expression',
      { timeExpressionType: 'CRON', processorInfo: 'wait' },
      'timeExpression',
      /needs a CRON expression/,
    ],
    [
      'a fixed rate of 0',
      { timeExpressionType: 'FIXED_RATE', timeExpression: '0', processorInfo: 'wait' },
      'timeExpression',
      /fixed rate of 0 ms is refused/,
    ],
    [
      'a fixed delay that is not a number',
      { timeExpressionType: 'FIXED_DELAY', timeExpression: 'soon', processorInfo: 'wait' },
      'timeExpression',
      /whole number of milliseconds/,
    ],
    ['an unknown processor', { processorInfo: 'launchRockets' }, 'processorInfo', /one of http, notification, housekeeping, wait/],
    ['parameters that are not JSON', { processorInfo: 'wait', jobParams: '{ms: 5' }, 'jobParams', /not JSON/],
    ['an http job without a URL', { processorInfo: 'http', jobParams: '{"method": "GET"}' }, 'jobParams', /needs \{"url"/],
    ['an http job to a file address', { processorInfo: 'http', jobParams: '{"url": "file:///etc/passwd"}' }, 'jobParams', /not file:/],
    ['a map job', { processorInfo: 'wait', executeType: 'MAP' }, 'executeType', /external workers/],
  ];
  for (const [name, job, field, message] of cases) {
    it(name, async () => {
      const before = await jobCount(admin);
      const res = await admin.post<Envelope>(`${JOBS}/addJobInfo`, {
        jobName: name,
        executeType: 'STANDALONE',
        processorType: 'BUILT_IN',
        timeExpressionType: 'API',
        ...job,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(res.body.errors?.[0]?.field).toBe(field);
      expect(await jobCount(admin)).toBe(before);
    });
  }

  it('an update to a CRON that does not parse, keeping the job as it was', async () => {
    const job = await addJob(admin, { jobName: 'Kept', processorInfo: 'wait' });
    const res = await admin.put<Envelope>(`${JOBS}/updateJobInfo`, { id: job.id, timeExpressionType: 'CRON', timeExpression: '* * *' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('timeExpression');
    const stored = (await admin.get<Envelope<PageData<Rec>>>(`${JOBS}/queryJobInfo`, { jobName: 'Kept' })).body.data!.list[0]!;
    expect(stored).toMatchObject({ timeExpressionType: 'API', nextTriggerTime: null });
  });

  it('instance parameters of a run checked as the job would be', async () => {
    const job = await addJob(admin, { jobName: 'Checked run', processorInfo: 'wait', jobParams: '{"ms": 1}' });
    const res = await admin.post<Envelope>(`${JOBS}/runJob`, { id: job.id, instanceParams: '{"ms": -1}' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('instanceParams');
    expect(await instances(admin, Number(job.id))).toEqual([]);
  });
});

describe('jobs from a spreadsheet', () => {
  /** A workbook whose first row names the fields and whose next rows are `jobs`. */
  async function sheetOf(jobs: Rec[]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('JobInfo');
    const fields = [...new Set(jobs.flatMap((j) => Object.keys(j)))];
    ws.addRow(fields);
    for (const j of jobs) ws.addRow(fields.map((f) => j[f] ?? null));
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  const base = { processorType: 'BUILT_IN', executeType: 'STANDALONE', processorInfo: 'wait', jobParams: '{"ms": 1}' };

  it('are checked as the add call checks a job: a bad row names itself and nothing is imported', async () => {
    const before = await jobCount(admin);
    const file = await sheetOf([
      { ...base, jobName: 'Imported fine', timeExpressionType: 'API' },
      { ...base, jobName: 'Imported bad CRON', timeExpressionType: 'CRON', timeExpression: '61 * * * * *' },
      { ...base, jobName: 'Imported bad processor', timeExpressionType: 'API', processorInfo: 'launchRockets' },
    ]);
    const res = await admin.postFile<Envelope>(`${JOBS}/importJobInfo`, file);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const fields = (res.body.errors ?? []).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['row 3.timeExpression', 'row 4.processorInfo']));
    expect(fields.some((f) => f.startsWith('row 2.'))).toBe(false);
    expect(await jobCount(admin)).toBe(before);
  });

  it('get their first firing, with the defaults the add call stores, and fire', async () => {
    const file = await sheetOf([
      { ...base, jobName: 'Imported every second', timeExpressionType: 'CRON', timeExpression: '* * * * * *' },
      { ...base, jobName: 'Imported disabled', timeExpressionType: 'CRON', timeExpression: '* * * * * *', enable: false },
    ]);
    const res = await admin.postFile<Envelope<{ imported: number }>>(`${JOBS}/importJobInfo`, file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data!.imported).toBe(2);
    const stored = async (jobName: string) =>
      (await admin.get<Envelope<PageData<Rec>>>(`${JOBS}/queryJobInfo`, { jobName })).body.data!.list[0]!;
    const fires = await stored('Imported every second');
    expect(fires.enable, 'the default of enable').toBe(true);
    expect(fires.nextTriggerTime).toEqual(expect.any(String));
    expect((await stored('Imported disabled')).nextTriggerTime).toBeNull();
    try {
      await expect.poll(async () => (await instances(admin, Number(fires.id))).length, WAIT).toBeGreaterThan(0);
    } finally {
      await disable(admin, Number(fires.id));
    }
  });
});

describe('firings', { timeout: LONG }, () => {
  it('CRON with seconds: fires every second, each instance runs and succeeds', async () => {
    const job = await addJob(admin, {
      jobName: 'Every second',
      timeExpressionType: 'CRON',
      timeExpression: '* * * * * *',
      processorInfo: 'wait',
      jobParams: '{"ms": 10}',
    });
    expect(job.nextTriggerTime).toEqual(expect.any(String));
    await expect
      .poll(async () => (await instances(admin, Number(job.id))).filter((i) => i.status === 'SUCCEEDED').length, WAIT)
      .toBeGreaterThanOrEqual(3);
    await disable(admin, Number(job.id));
    const list = await instances(admin, Number(job.id));
    for (const i of list.filter((x) => x.status === 'SUCCEEDED')) {
      expect(i).toMatchObject({ triggerType: 'CRON', runningTimes: 1, result: 'Waited 10 ms' });
      // each expected time is a whole second
      expect(new Date(String(i.expectedTriggerTime)).getUTCMilliseconds()).toBe(0);
    }
    // one instance per expected time: no firing twice
    const expected = list.map((i) => i.expectedTriggerTime);
    expect(new Set(expected).size).toBe(expected.length);
  });

  it("Quartz's n/step form and the tenant's time zone", async () => {
    const param = await admin.post<Envelope<Rec>>('/api/admin/sysparam/addSysParam', {
      paramName: 'Job time zone',
      paramKey: 'job.timeZone',
      paramValue: 'Asia/Kathmandu',
    });
    expect(param.status).toBe(200);
    try {
      const job = await addJob(admin, {
        jobName: 'Daily at noon',
        timeExpressionType: 'CRON',
        timeExpression: '0 0/30 12 * * ?',
        processorInfo: 'wait',
      });
      const next = new Date(String(job.nextTriggerTime));
      // noon or half past in Kathmandu (UTC+05:45) is 06:15 or 06:45 UTC
      expect([`${next.getUTCHours()}:${next.getUTCMinutes()}`]).toEqual([expect.stringMatching(/^6:(15|45)$/)]);
      await disable(admin, Number(job.id));
    } finally {
      await admin.post('/api/admin/sysparam/deleteSysParam', undefined, { id: Number(param.body.data!.id) });
    }
  });

  it('fixed rate: fires every rate', async () => {
    const job = await addJob(admin, {
      jobName: 'Rate',
      timeExpressionType: 'FIXED_RATE',
      timeExpression: '1000',
      processorInfo: 'wait',
      jobParams: '{"ms": 1}',
    });
    await expect
      .poll(async () => (await instances(admin, Number(job.id))).filter((i) => i.status === 'SUCCEEDED').length, WAIT)
      .toBeGreaterThanOrEqual(2);
    await disable(admin, Number(job.id));
    const list = await instances(admin, Number(job.id));
    const times = list.map((i) => new Date(String(i.expectedTriggerTime)).getTime());
    for (let k = 1; k < times.length; k++) expect((times[k]! - times[0]!) % 1000).toBe(0);
  });

  it('fixed delay: the next firing comes after the previous instance ended, so runs never overlap', async () => {
    const job = await addJob(admin, {
      jobName: 'Delay',
      timeExpressionType: 'FIXED_DELAY',
      timeExpression: '1000',
      processorInfo: 'wait',
      jobParams: '{"ms": 700}',
    });
    await expect
      .poll(async () => (await instances(admin, Number(job.id))).filter((i) => i.status === 'SUCCEEDED').length, WAIT)
      .toBeGreaterThanOrEqual(2);
    await disable(admin, Number(job.id));
    const list = (await instances(admin, Number(job.id))).filter((i) => i.status === 'SUCCEEDED');
    for (let k = 1; k < list.length; k++)
      expect(new Date(String(list[k]!.actualTriggerTime)).getTime()).toBeGreaterThanOrEqual(
        new Date(String(list[k - 1]!.finishedTime)).getTime(),
      );
  });

  it('API: fired by runJob, with its own parameters; the next firing of an API job is none', async () => {
    const job = await addJob(admin, { jobName: 'By call', processorInfo: 'wait', jobParams: '{"ms": 5}' });
    expect(job.nextTriggerTime).toBeNull();
    const id = await run(admin, Number(job.id), '{"ms": 20}');
    const done = await untilEnded(admin, id);
    expect(done).toMatchObject({
      status: 'SUCCEEDED',
      triggerType: 'API',
      result: 'Waited 20 ms',
      instanceParams: '{"ms": 20}',
      jobName: 'By call',
    });
    expect(done.taskTrackerAddress).toEqual(expect.stringContaining(':'));
  });
});

describe('failures, timeouts and limits', { timeout: LONG }, () => {
  it('a job that throws is recorded failed with its error, after the retries it is given', async () => {
    const job = await addJob(admin, {
      jobName: 'Throws',
      processorInfo: 'wait',
      jobParams: '{"ms": 1, "fail": "The report server said no"}',
      instanceRetryNum: 2,
    });
    const done = await untilEnded(admin, await run(admin, Number(job.id)));
    expect(done).toMatchObject({ status: 'FAILED', runningTimes: 3, result: 'The report server said no' });
    const once = await addJob(admin, { jobName: 'Throws once', processorInfo: 'wait', jobParams: '{"ms": 1, "fail": "no"}' });
    expect(await untilEnded(admin, await run(admin, Number(once.id)))).toMatchObject({ status: 'FAILED', runningTimes: 1 });
  });

  it('a job running past its timeout is stopped and recorded', async () => {
    const job = await addJob(admin, { jobName: 'Too slow', processorInfo: 'wait', jobParams: '{"ms": 60000}', instanceTimeLimit: 300 });
    const done = await untilEnded(admin, await run(admin, Number(job.id)));
    expect(done).toMatchObject({ status: 'FAILED', result: 'Timed out after 300 ms' });
  });

  it('max instances: a firing beyond them is recorded failed and runs nothing', async () => {
    const job = await addJob(admin, { jobName: 'One at a time', processorInfo: 'wait', jobParams: '{"ms": 60000}', maxInstanceNum: 1 });
    const first = await run(admin, Number(job.id));
    const second = await run(admin, Number(job.id));
    expect(await instance(admin, second)).toMatchObject({
      status: 'FAILED',
      result: expect.stringMatching(/Too many instances: 1 waiting or running, the job allows 1/),
    });
    expect(String((await instance(admin, first)).status)).toMatch(/WAITING_DISPATCH|RUNNING/);
    expect((await admin.post<Envelope>(`${INSTANCES}/stopJobInstance`, undefined, { id: first })).status).toBe(200);
  });
});

describe('stop and retry', { timeout: LONG }, () => {
  it('stops a running instance for good, refuses to stop it twice, and runs it again on retry', async () => {
    const job = await addJob(admin, { jobName: 'Stoppable', processorInfo: 'wait', jobParams: '{"ms": 60000}' });
    const id = await run(admin, Number(job.id));
    await expect.poll(async () => (await instance(admin, id)).status, WAIT).toBe('RUNNING');
    const stop = await admin.post<Envelope>(`${INSTANCES}/stopJobInstance`, undefined, { id });
    expect(stop.status).toBe(200);
    expect(stop.body.message).toBe('The instance was stopped');
    expect(await instance(admin, id)).toMatchObject({ status: 'STOPPED', result: 'Stopped by hand' });
    const again = await admin.post<Envelope>(`${INSTANCES}/stopJobInstance`, undefined, { id });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/is STOPPED: only a waiting or running instance can be stopped/);

    const retry = await admin.post<Envelope>(`${INSTANCES}/retryJobInstance`, undefined, { id });
    expect(retry.status).toBe(200);
    await expect.poll(async () => instance(admin, id), WAIT).toMatchObject({ status: 'RUNNING', runningTimes: 2 });
    const running = await admin.post<Envelope>(`${INSTANCES}/retryJobInstance`, undefined, { id });
    expect(running.status).toBe(409);
    expect(running.body.message).toMatch(/only an instance that ended can be retried/);
    expect((await admin.post<Envelope>(`${INSTANCES}/stopJobInstance`, undefined, { id })).status).toBe(200);
  });

  it('another tenant sees none of the instances and can neither stop nor retry them; a visitor may not run a job', async () => {
    const job = await addJob(admin, { jobName: 'Private', processorInfo: 'wait', jobParams: '{"ms": 1}' });
    const id = await run(admin, Number(job.id));
    await untilEnded(admin, id);
    const seen = await acme.get<Envelope<PageData<Rec>>>(`${INSTANCES}/queryJobInstance`, { pageSize: 1000 });
    expect(seen.body.data!.list.map((i) => i.id)).not.toContain(id);
    expect((await acme.post(`${INSTANCES}/stopJobInstance`, undefined, { id })).status).toBe(404);
    expect((await acme.post(`${INSTANCES}/retryJobInstance`, undefined, { id })).status).toBe(404);
    expect((await acme.post(`${JOBS}/runJob`, { id: job.id })).status).toBe(404);
    expect((await visitor.post(`${JOBS}/runJob`, { id: job.id })).status).toBe(403);
  });
});

describe('built-in processors', { timeout: LONG }, () => {
  it('http: refuses a host outside the allowed list, calls an allowed one, fails on an error status or a hang past the timeout', async () => {
    const ok = await addJob(admin, { jobName: 'Ping', processorInfo: 'http', jobParams: JSON.stringify({ url: `http://${httpHost}/ok` }) });
    const refused = await untilEnded(admin, await run(admin, Number(ok.id)));
    expect(refused).toMatchObject({
      status: 'FAILED',
      result: expect.stringMatching(/host 127\.0\.0\.1:\d+ is not in the allowed list \(parameter job\.http\.allowedHosts/),
    });

    const param = await admin.post<Envelope<Rec>>('/api/admin/sysparam/addSysParam', {
      paramName: 'Job HTTP hosts',
      paramKey: 'job.http.allowedHosts',
      paramValue: `example.invalid, ${httpHost}`,
    });
    expect(param.status).toBe(200);
    expect(await untilEnded(admin, await run(admin, Number(ok.id)))).toMatchObject({ status: 'SUCCEEDED', result: 'HTTP 200: pong' });

    const broken = await addJob(admin, {
      jobName: 'Broken',
      processorInfo: 'http',
      jobParams: JSON.stringify({ url: `http://${httpHost}/broken`, method: 'POST', body: { a: 1 } }),
    });
    expect(await untilEnded(admin, await run(admin, Number(broken.id)))).toMatchObject({
      status: 'FAILED',
      result: `HTTP 500 from ${httpHost}: broken`,
    });

    const hang = await addJob(admin, {
      jobName: 'Hangs',
      processorInfo: 'http',
      jobParams: JSON.stringify({ url: `http://${httpHost}/hang` }),
      instanceTimeLimit: 500,
    });
    expect(await untilEnded(admin, await run(admin, Number(hang.id)))).toMatchObject({
      status: 'FAILED',
      result: 'Timed out after 500 ms',
    });
  });

  it('notification: publishes a notification the tenant sees', async () => {
    const title = `Nightly report ${Date.now()}`;
    const job = await addJob(admin, {
      jobName: 'Publish',
      processorInfo: 'notification',
      jobParams: JSON.stringify({ title, content: 'Ready.', priority: 1 }),
    });
    const done = await untilEnded(admin, await run(admin, Number(job.id)));
    expect(done).toMatchObject({ status: 'SUCCEEDED', result: expect.stringMatching(/^Published notification \d+$/) });
    const list = await admin.get<Envelope<PageData<Rec>>>('/api/notification/notification/queryNotification', { title });
    expect(list.body.data!.list).toEqual([expect.objectContaining({ title, content: 'Ready.', priority: 1, publisher: 'scheduler' })]);
    const other = await acme.get<Envelope<PageData<Rec>>>('/api/notification/notification/queryNotification', { title });
    expect(other.body.data!.list).toEqual([]);
  });

  it('housekeeping: deletes expired sessions and old instances, and says how many', async () => {
    const job = await addJob(admin, { jobName: 'Clean', processorInfo: 'housekeeping', jobParams: '{"instanceDays": 1}' });
    const done = await untilEnded(admin, await run(admin, Number(job.id)));
    expect(done).toMatchObject({
      status: 'SUCCEEDED',
      result: expect.stringMatching(
        /^Deleted \d+ expired sessions, \d+ job instances ended more than 1 days ago and \d+ audit rows past the tenant.s retention$/,
      ),
    });
  });

  it('the demo tenant has its nightly housekeeping scheduled', async () => {
    const list = await admin.get<Envelope<PageData<Rec>>>(`${JOBS}/queryJobInfo`, { jobName: 'Nightly housekeeping' });
    const job = list.body.data!.list[0]!;
    expect(job).toMatchObject({ timeExpressionType: 'CRON', timeExpression: '0 0 3 * * *', processorInfo: 'housekeeping', enable: true });
    expect(new Date(String(job.nextTriggerTime)).getUTCHours()).toBe(3);
  });
});

describe('alarms', { timeout: LONG }, () => {
  it("a run that failed for good messages the job's alarm users and posts to its webhook; a run retried or succeeding sends none", async () => {
    const editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
    const users = await admin.get<Envelope<PageData<Rec>>>('/api/admin/sysuser/querySysUser', { username: 'editor' });
    const editorId = Number(users.body.data!.list.find((u) => u.username === 'editor')!.id);
    const hosts = await admin.get<Envelope<PageData<Rec>>>('/api/admin/sysparam/querySysParam', { paramKey: 'job.http.allowedHosts' });
    const param = hosts.body.data!.list.find((p) => p.paramKey === 'job.http.allowedHosts');
    const allow = param
      ? admin.put<Envelope<Rec>>('/api/admin/sysparam/updateSysParam', { id: param.id, paramValue: httpHost })
      : admin.post<Envelope<Rec>>('/api/admin/sysparam/addSysParam', {
          paramName: 'Job HTTP hosts',
          paramKey: 'job.http.allowedHosts',
          paramValue: httpHost,
        });
    expect((await allow).status).toBe(200);
    const messages = async () =>
      (
        await editor.get<Envelope<PageData<Rec>>>('/api/notification/notification/queryMyNotification', { pageSize: 1000 })
      ).body.data!.list.filter((n) => String(n.title).startsWith('Alarmed'));
    const job = await addJob(admin, {
      jobName: 'Alarmed',
      processorInfo: 'http',
      jobParams: JSON.stringify({ url: `http://${httpHost}/broken` }),
      // an unknown id and a word are passed over
      notifyUserIds: `${editorId}, 999999, nobody`,
      webhook: `http://${httpHost}/alarm`,
      instanceRetryNum: 1,
    });
    const id = await run(admin, Number(job.id));
    const failed = await untilEnded(admin, id);
    expect(failed).toMatchObject({ status: 'FAILED', runningTimes: 2 });
    // one alarm for the run, after its retry: none for the first attempt
    await expect.poll(async () => (await messages()).length, WAIT).toBe(1);
    expect((await messages())[0]).toMatchObject({ title: 'Alarmed failed', type: 'message', publisher: 'scheduler' });
    await expect.poll(() => alarms.filter((a) => a.instanceId === id).length, WAIT).toBe(1);
    expect(alarms.find((a) => a.instanceId === id)).toMatchObject({
      jobId: Number(job.id),
      jobName: 'Alarmed',
      status: 'FAILED',
      result: `HTTP 500 from ${httpHost}: broken`,
    });
    // the admin, not an alarm user, gets no message; another tenant none either
    const adminMine = await admin.get<Envelope<PageData<Rec>>>('/api/notification/notification/queryMyNotification', { pageSize: 1000 });
    expect(adminMine.body.data!.list.filter((n) => String(n.title).startsWith('Alarmed'))).toEqual([]);

    const fine = await addJob(admin, {
      jobName: 'Alarmed but fine',
      processorInfo: 'http',
      jobParams: JSON.stringify({ url: `http://${httpHost}/ok` }),
      notifyUserIds: String(editorId),
      webhook: `http://${httpHost}/alarm`,
    });
    const ok = await run(admin, Number(fine.id));
    expect(await untilEnded(admin, ok)).toMatchObject({ status: 'SUCCEEDED' });
    expect(alarms.filter((a) => a.instanceId === ok)).toEqual([]);
    expect(await messages()).toHaveLength(1);
  });
});

describe('across a restart', { timeout: LONG }, () => {
  it('a firing missed while no server ran is made up once; an instance running at close runs again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-jobs-'));
    const pg = process.env.TEST_DATABASE_URL ? await createPgDatabase(process.env.TEST_DATABASE_URL) : undefined;
    try {
      let first = await startTestServer({ dataDir: dir, databaseUrl: pg?.url });
      let api = client(first.url, await signIn(first.url, 'demo', 'admin'));
      const every = await addJob(api, {
        jobName: 'Every second',
        timeExpressionType: 'CRON',
        timeExpression: '* * * * * *',
        processorInfo: 'wait',
        jobParams: '{"ms": 1}',
      });
      const slow = await addJob(api, { jobName: 'Slow', processorInfo: 'wait', jobParams: '{"ms": 2500}' });
      const slowRun = await run(api, Number(slow.id));
      await expect.poll(async () => (await instance(api, slowRun)).status, WAIT).toBe('RUNNING');
      await expect.poll(async () => (await instances(api, Number(every.id))).some((i) => i.status === 'SUCCEEDED'), WAIT).toBe(true);
      await first.close();
      const downFrom = Date.now();
      await new Promise((r) => setTimeout(r, 3500));
      const downTo = Date.now();

      first = await startTestServer({ dataDir: dir, databaseUrl: pg?.url });
      api = client(first.url, await signIn(first.url, 'demo', 'admin'));
      await expect.poll(async () => instance(api, slowRun), WAIT).toMatchObject({ status: 'SUCCEEDED', result: 'Waited 2500 ms' });
      await expect
        .poll(
          async () =>
            (await instances(api, Number(every.id))).filter((i) => new Date(String(i.actualTriggerTime)).getTime() > downTo).length,
          WAIT,
        )
        .toBeGreaterThanOrEqual(2);
      await disable(api, Number(every.id));
      const list = await instances(api, Number(every.id));
      // the firings due while no server ran: one instance for them, not one each
      const missed = list.filter(
        (i) =>
          new Date(String(i.actualTriggerTime)).getTime() > downTo && new Date(String(i.expectedTriggerTime)).getTime() < downTo - 1000,
      );
      expect(missed).toHaveLength(1);
      // and the firings before the stop all ran, once each
      const before = list.filter((i) => new Date(String(i.actualTriggerTime)).getTime() < downFrom);
      expect(before.length).toBeGreaterThanOrEqual(1);
      expect(before.every((i) => i.status === 'SUCCEEDED')).toBe(true);
      await first.close();
    } finally {
      if (pg) await pg.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('workflows: a DAG of jobs runs in the order of its edges', () => {
  const WORKFLOWS = '/api/job/workflowinfo';
  type Node = { nodeId: number; nodeName?: string; jobId: number; enable?: boolean; skipWhenFailed?: boolean };

  async function addWorkflow(nodes: Node[], edges: { from: number; to: number }[]) {
    return admin.post<Envelope<Rec>>(`${WORKFLOWS}/addWorkflowInfo`, {
      wfName: `Workflow ${Math.random()}`,
      timeExpressionType: 'API',
      nodes,
      edges,
    });
  }

  async function runWorkflow(id: number): Promise<number> {
    const res = await admin.post<Envelope<Rec>>(`${WORKFLOWS}/runWorkflow`, { id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ wfId: id, status: 'RUNNING' });
    return Number(res.body.data!.id);
  }

  async function wfInstance(id: number): Promise<Rec> {
    const res = await admin.get<Envelope<PageData<Rec>>>('/api/job/wfinstance/queryWorkflowInstance', { pageSize: 1000 });
    return res.body.data!.list.find((r) => r.id === id)!;
  }

  /** A two-node workflow whose first node fails with `failure`, run until it failed: its instance and the second node's job. */
  async function failedChain(name: string, failure: string): Promise<{ wfi: number; after: Rec }> {
    const broken = await addJob(admin, { jobName: name, processorInfo: 'wait', jobParams: JSON.stringify({ ms: 10, fail: failure }) });
    const after = await addJob(admin, { jobName: `${name}, after`, processorInfo: 'wait', jobParams: '{"ms": 10}' });
    const wf = await addWorkflow(
      [
        { nodeId: 1, jobId: Number(broken.id) },
        { nodeId: 2, jobId: Number(after.id) },
      ],
      [{ from: 1, to: 2 }],
    );
    const wfi = await runWorkflow(Number(wf.body.data!.id));
    expect(await untilWorkflowEnded(wfi)).toMatchObject({ status: 'FAILED', result: 'Node 1 failed' });
    return { wfi, after };
  }

  async function nodesOf(wfInstanceId: number): Promise<Map<number, Rec>> {
    const res = await admin.get<Envelope<PageData<Rec>>>('/api/job/dagtaskinstance/queryDagTaskInstance', {
      wfInstanceId,
      pageSize: 1000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return new Map(res.body.data!.list.map((r) => [Number(r.nodeId), r]));
  }

  async function untilWorkflowEnded(id: number): Promise<Rec> {
    await expect.poll(async () => (await wfInstance(id)).status, WAIT).not.toBe('RUNNING');
    return wfInstance(id);
  }

  it('a cycle, an edge to a missing node, a node twice and a missing job are refused, nothing stored', async () => {
    const ok = await addJob(admin, { jobName: 'wf ok', processorInfo: 'wait', jobParams: '{"ms": 1}' });
    const jobId = Number(ok.id);
    const before = (await admin.get<Envelope<PageData<Rec>>>(`${WORKFLOWS}/queryWorkflowInfo`, { pageSize: 1 })).body.data!.pagination
      .total;
    const three = [1, 2, 3].map((nodeId) => ({ nodeId, jobId }));
    const cases: [Node[], { from: number; to: number }[], string, RegExp][] = [
      [
        three,
        [
          { from: 1, to: 2 },
          { from: 2, to: 3 },
          { from: 3, to: 1 },
        ],
        'edges',
        /cycle: 1 → 2 → 3 → 1/,
      ],
      [three, [{ from: 1, to: 9 }], 'edges', /ends at node 9, which is not in the workflow/],
      [three, [{ from: 2, to: 2 }], 'edges', /joins a node to itself/],
      [[...three, { nodeId: 1, jobId }], [], 'nodes', /Node 1 appears twice/],
      [[{ nodeId: 1, jobId: 999999 }], [], 'nodes', /job 999999, which does not exist/],
    ];
    for (const [nodes, edges, field, message] of cases) {
      const res = await addWorkflow(nodes, edges);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(res.body.errors?.[0]?.field).toBe(field);
    }
    const after = (await admin.get<Envelope<PageData<Rec>>>(`${WORKFLOWS}/queryWorkflowInfo`, { pageSize: 1 })).body.data!.pagination.total;
    expect(after).toBe(before);
    // an update that would close a cycle is refused too, and the stored DAG stays
    const saved = await addWorkflow(three, [{ from: 1, to: 2 }]);
    expect(saved.status).toBe(200);
    const res = await admin.put<Envelope<Rec>>(`${WORKFLOWS}/updateWorkflowInfo`, {
      id: saved.body.data!.id,
      edges: [
        { from: 1, to: 2 },
        { from: 2, to: 1 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/cycle/);
  });

  it('from a spreadsheet: checked as the add call checks them, and a CRON one gets its first firing', async () => {
    const job = await addJob(admin, { jobName: 'Imported node', processorInfo: 'wait', jobParams: '{"ms": 1}' });
    const count = async () =>
      (await admin.get<Envelope<PageData<Rec>>>(`${WORKFLOWS}/queryWorkflowInfo`, { pageSize: 1 })).body.data!.pagination.total;
    const sheet = async (rows: Rec[]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('WorkflowInfo');
      const fields = ['wfName', 'timeExpressionType', 'timeExpression', 'nodes', 'edges'];
      ws.addRow(fields);
      for (const r of rows) ws.addRow(fields.map((f) => (typeof r[f] === 'object' ? JSON.stringify(r[f]) : (r[f] ?? null))));
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const nodes = [{ nodeId: 1, jobId: Number(job.id) }];
    const before = await count();
    const refused = await admin.postFile<Envelope>(
      `${WORKFLOWS}/importWorkflowInfo`,
      await sheet([
        { wfName: 'Imported fine', timeExpressionType: 'API', nodes, edges: [] },
        { wfName: 'Imported cycle', timeExpressionType: 'API', nodes, edges: [{ from: 1, to: 1 }] },
      ]),
    );
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect((refused.body.errors ?? []).map((e) => e.field)).toEqual(['row 3.edges']);
    expect(await count()).toBe(before);

    const res = await admin.postFile<Envelope>(
      `${WORKFLOWS}/importWorkflowInfo`,
      await sheet([{ wfName: 'Imported nightly', timeExpressionType: 'CRON', timeExpression: '0 0 2 * * *', nodes, edges: [] }]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = (await admin.get<Envelope<PageData<Rec>>>(`${WORKFLOWS}/queryWorkflowInfo`, { wfName: 'Imported nightly' })).body.data!
      .list[0]!;
    expect(stored.enable, 'the default of enable').toBe(true);
    expect(new Date(String(stored.nextTriggerTime)).getTime()).toBeGreaterThan(Date.now());
  });

  it(
    'three nodes in a row, the middle one failing but marked skip-when-failed: the workflow succeeds, the skip recorded',
    async () => {
      const first = await addJob(admin, { jobName: 'wf first', processorInfo: 'wait', jobParams: '{"ms": 10}' });
      const middle = await addJob(admin, { jobName: 'wf middle', processorInfo: 'wait', jobParams: '{"ms": 10, "fail": "middle broke"}' });
      const last = await addJob(admin, { jobName: 'wf last', processorInfo: 'wait', jobParams: '{"ms": 10}' });
      const wf = await addWorkflow(
        [
          { nodeId: 1, nodeName: 'First', jobId: Number(first.id) },
          { nodeId: 2, nodeName: 'Middle', jobId: Number(middle.id), skipWhenFailed: true },
          { nodeId: 3, nodeName: 'Last', jobId: Number(last.id) },
        ],
        [
          { from: 1, to: 2 },
          { from: 2, to: 3 },
        ],
      );
      expect(wf.status, JSON.stringify(wf.body)).toBe(200);
      const wfi = await runWorkflow(Number(wf.body.data!.id));
      const done = await untilWorkflowEnded(wfi);
      expect(done).toMatchObject({ status: 'SUCCEEDED', result: 'Succeeded; failed and skipped: node 2' });
      const nodes = await nodesOf(wfi);
      expect(nodes.get(1)).toMatchObject({ status: 'SUCCEEDED', nodeName: 'First' });
      expect(nodes.get(2)).toMatchObject({ status: 'FAILED', result: 'middle broke', skipWhenFailed: true });
      expect(nodes.get(3)).toMatchObject({ status: 'SUCCEEDED' });
      // each node ran as an instance of its job, fired by the workflow, in the order of the edges
      const runs = [first, middle, last].map(async (j) => (await instances(admin, Number(j.id)))[0]!);
      const [a, b, c] = await Promise.all(runs);
      for (const [i, node] of [a, b, c].entries()) {
        expect(node).toMatchObject({ triggerType: 'WORKFLOW', wfInstanceId: wfi });
        expect(nodes.get(i + 1)!.instanceId).toBe(node!.id);
      }
      expect(String(b!.actualTriggerTime) >= String(a!.finishedTime)).toBe(true);
      expect(String(c!.actualTriggerTime) >= String(b!.finishedTime)).toBe(true);
    },
    LONG,
  );

  it(
    'a failed node not marked skip-when-failed fails the workflow, and what depends on it never runs',
    async () => {
      const { wfi, after } = await failedChain('wf broken', 'no way');
      const nodes = await nodesOf(wfi);
      expect(nodes.get(1)).toMatchObject({ status: 'FAILED', result: 'no way' });
      expect(nodes.get(2)).toMatchObject({ status: 'CANCELED', instanceId: null, result: 'Canceled: node 1 failed' });
      expect(await instances(admin, Number(after.id))).toEqual([]);
    },
    LONG,
  );

  it(
    'a waiting node marked successful by hand does not run; a disabled one is passed over; a stopped one fails the workflow',
    async () => {
      const slow = await addJob(admin, { jobName: 'wf slow', processorInfo: 'wait', jobParams: '{"ms": 600000}' });
      const skipped = await addJob(admin, { jobName: 'wf by hand', processorInfo: 'wait', jobParams: '{"ms": 10}' });
      const tail = await addJob(admin, { jobName: 'wf tail', processorInfo: 'wait', jobParams: '{"ms": 10}' });
      const wf = await addWorkflow(
        [
          { nodeId: 1, jobId: Number(slow.id) },
          { nodeId: 2, jobId: Number(skipped.id) },
          { nodeId: 3, jobId: Number(tail.id) },
          { nodeId: 4, jobId: Number(tail.id), enable: false },
        ],
        [
          { from: 2, to: 3 },
          { from: 1, to: 3 },
          { from: 4, to: 3 },
        ],
      );
      const wfi = await runWorkflow(Number(wf.body.data!.id));
      // node 1 runs (long), node 2 is a root too: stop it from being fired by marking... it is a root, so it already runs;
      // node 3 waits for both
      const three = (await nodesOf(wfi)).get(3)!;
      expect(three.status).toBe('WAITING');
      const marked = await admin.post<Envelope>('/api/job/dagtaskinstance/markNodeSucceeded', undefined, { id: Number(three.id) });
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      const again = await admin.post<Envelope>('/api/job/dagtaskinstance/markNodeSucceeded', undefined, { id: Number(three.id) });
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/only a waiting, failed or stopped node/);
      // the disabled node 4 was passed over; node 1 still runs: the workflow does too
      expect((await nodesOf(wfi)).get(4)).toMatchObject({ status: 'SUCCEEDED', result: 'Disabled: passed over' });
      const slowRun = (await instances(admin, Number(slow.id)))[0]!;
      await expect.poll(async () => (await instance(admin, Number(slowRun.id))).status, WAIT).toBe('RUNNING');
      expect((await wfInstance(wfi)).status).toBe('RUNNING');
      await expect.poll(async () => (await nodesOf(wfi)).get(1)!.status, WAIT).toBe('RUNNING');
      // stopping node 1 ends the workflow: failed, as a stopped node lets nothing after it run
      expect((await admin.post(`${INSTANCES}/stopJobInstance`, undefined, { id: Number(slowRun.id) })).status).toBe(200);
      expect(await untilWorkflowEnded(wfi)).toMatchObject({ status: 'FAILED', result: 'Node 1 stopped' });
      const nodes = await nodesOf(wfi);
      expect(nodes.get(2)).toMatchObject({ status: 'SUCCEEDED' });
      expect(nodes.get(3)).toMatchObject({ status: 'SUCCEEDED', result: 'Marked successful by hand', instanceId: null });
      expect(await instances(admin, Number(tail.id))).toEqual([]);
    },
    LONG,
  );
  it(
    'a failed node marked successful by hand: the canceled nodes wait again and the failed run goes on to succeed',
    async () => {
      const { wfi, after } = await failedChain('wf resumed', 'bad input');
      const failed = (await nodesOf(wfi)).get(1)!;
      const marked = await admin.post<Envelope>('/api/job/dagtaskinstance/markNodeSucceeded', undefined, { id: Number(failed.id) });
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      expect(await untilWorkflowEnded(wfi)).toMatchObject({ status: 'SUCCEEDED', result: 'Succeeded' });
      const nodes = await nodesOf(wfi);
      expect(nodes.get(1)).toMatchObject({ status: 'SUCCEEDED', result: 'Marked successful by hand' });
      expect(nodes.get(2)).toMatchObject({ status: 'SUCCEEDED', result: 'Waited 10 ms' });
      expect(await instances(admin, Number(after.id))).toHaveLength(1);
      // a node of an instance that succeeded can no longer be marked
      const late = await admin.post<Envelope>('/api/job/dagtaskinstance/markNodeSucceeded', undefined, { id: Number(failed.id) });
      expect(late.status).toBe(409);
    },
    LONG,
  );

  it(
    "context passes from node to node: the init parameters and a parent's result reach a child's parameters; the final context is kept",
    async () => {
      const hosts = await admin.get<Envelope<PageData<Rec>>>('/api/admin/sysparam/querySysParam', { paramKey: 'job.http.allowedHosts' });
      const param = hosts.body.data!.list.find((p) => p.paramKey === 'job.http.allowedHosts');
      const allow = param
        ? admin.put<Envelope<Rec>>('/api/admin/sysparam/updateSysParam', { id: param.id, paramValue: httpHost })
        : admin.post<Envelope<Rec>>('/api/admin/sysparam/addSysParam', {
            paramName: 'Job HTTP hosts',
            paramKey: 'job.http.allowedHosts',
            paramValue: httpHost,
          });
      expect((await allow).status).toBe(200);
      const source = await addJob(admin, {
        jobName: 'wf context source',
        processorInfo: 'http',
        jobParams: JSON.stringify({ url: `http://${httpHost}/context` }),
      });
      const echoParams = JSON.stringify({
        url: `http://${httpHost}/echo?order=\${orderId}&region=\${region}&day=\${day}&missing=\${nothing}`,
      });
      const echo = await addJob(admin, { jobName: 'wf context echo', processorInfo: 'http', jobParams: echoParams });
      const side = await addJob(admin, { jobName: 'wf context side', processorInfo: 'http', jobParams: echoParams });
      const wf = await addWorkflow(
        [
          { nodeId: 1, jobId: Number(source.id) },
          { nodeId: 2, jobId: Number(echo.id) },
          { nodeId: 3, jobId: Number(side.id) },
        ],
        [{ from: 1, to: 2 }],
      );
      const res = await admin.post<Envelope<Rec>>(`${WORKFLOWS}/runWorkflow`, {
        id: Number(wf.body.data!.id),
        wfInitParams: '{"day": "monday"}',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const wfi = Number(res.body.data!.id);
      expect(JSON.parse(String(res.body.data!.wfContext))).toEqual({ day: 'monday' });
      expect(await untilWorkflowEnded(wfi)).toMatchObject({ status: 'SUCCEEDED' });
      const nodes = await nodesOf(wfi);
      // node 2 is a child of node 1: it got the init parameters and what node 1 appended
      expect(nodes.get(2)!.result).toBe('HTTP 200: order=42&region=north&day=monday&missing=${nothing}');
      // node 3 is no descendant of node 1: the init parameters only
      expect(nodes.get(3)!.result).toBe('HTTP 200: order=${orderId}&region=${region}&day=monday&missing=${nothing}');
      const run = (await instances(admin, Number(echo.id)))[0]!;
      expect(JSON.parse(String(run.instanceParams))).toEqual({
        url: `http://${httpHost}/echo?order=42&region=north&day=monday&missing=\${nothing}`,
      });
      expect(JSON.parse(String((await wfInstance(wfi)).wfContext))).toEqual({ day: 'monday', orderId: 42, region: 'north' });
      // the details call: the DAG as run, each node with its job instance
      const details = await admin.get<Envelope<Rec>>('/api/job/wfinstance/queryWorkflowInstanceDetails', { id: wfi });
      expect(details.status, JSON.stringify(details.body)).toBe(200);
      const d = details.body.data as { instance: Rec; dag: { nodes: Rec[]; edges: Rec[] }; nodes: (Rec & { instance: Rec | null })[] };
      expect(d.instance).toMatchObject({ id: wfi, status: 'SUCCEEDED' });
      expect(d.dag.edges).toEqual([{ from: 1, to: 2 }]);
      expect(d.dag.nodes.map((n) => n.nodeId)).toEqual([1, 2, 3]);
      expect(d.nodes[1]!.instance).toMatchObject({ id: run.id, status: 'SUCCEEDED', result: nodes.get(2)!.result });
      expect((await acme.get('/api/job/wfinstance/queryWorkflowInstanceDetails', { id: wfi })).status).toBe(404);
    },
    LONG,
  );

  it(
    'a CRON workflow fires on its schedule, once per firing; a CRON expression that does not parse is refused',
    async () => {
      const bad = await admin.post<Envelope<Rec>>(`${WORKFLOWS}/addWorkflowInfo`, {
        wfName: 'Bad CRON workflow',
        timeExpressionType: 'CRON',
        timeExpression: '61 * * * * *',
        nodes: [],
        edges: [],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.[0]?.field).toBe('timeExpression');
      expect(bad.body.message).toMatch(/does not parse/);
      const tick = await addJob(admin, { jobName: 'wf cron tick', processorInfo: 'wait', jobParams: '{"ms": 1}' });
      const added = await admin.post<Envelope<Rec>>(`${WORKFLOWS}/addWorkflowInfo`, {
        wfName: `Every second ${Math.random()}`,
        timeExpressionType: 'CRON',
        timeExpression: '* * * * * *',
        nodes: [{ nodeId: 1, jobId: Number(tick.id) }],
        edges: [],
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body.data!.nextTriggerTime).toEqual(expect.any(String));
      const wfId = Number(added.body.data!.id);
      const runsOf = async () =>
        (await admin.get<Envelope<PageData<Rec>>>('/api/job/wfinstance/queryWorkflowInstance', { wfId, pageSize: 1000 })).body.data!.list;
      await expect.poll(async () => (await runsOf()).filter((r) => r.status === 'SUCCEEDED').length, WAIT).toBeGreaterThanOrEqual(2);
      const off = await admin.put<Envelope<Rec>>(`${WORKFLOWS}/updateWorkflowInfo`, { id: wfId, enable: false });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
      expect(off.body.data!.nextTriggerTime).toBeNull();
      const runs = await runsOf();
      // each firing once: no expected time twice
      const expected = runs.map((r) => String(r.expectedTriggerTime));
      expect(new Set(expected).size).toBe(expected.length);
      for (const r of runs) expect(new Date(String(r.expectedTriggerTime)).getMilliseconds()).toBe(0);
    },
    LONG,
  );
});
