/**
 * The worker protocol under /api/job/worker/ (docs/jobs.md, "External workers"). Every call
 * names its tenant (`?tenantCode=`) and is public to the token check: a worker is no user.
 *
 * - `registerJobWorker`: authenticated by an app client of the tenant (Basic
 *   clientCode:clientSecret, the client allowing the `client_credentials` grant), for an app of
 *   the tenant; writes the worker and answers its id and a token (`<workerId>.<secret>`, only a
 *   hash of the secret is kept);
 * - the others carry `Authorization: Bearer <workerId>.<secret>`: a heartbeat, pulling tasks
 *   (each claimed once by a conditional update, under a lease), progress and results of the
 *   worker's own running tasks. Anything else is refused with what is wrong, and nothing changes.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TenantData } from '../access/tenantData.ts';
import type { Row } from '../db/anyKysely.ts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../http/apiError.ts';
import { authenticateClient } from '../auth/signIn.ts';
import { withPrincipal, type CallContext, type CallHandler } from '../calls/context.ts';
import { col, listPage, loadInstance, loadJob, type Job } from './jobRecords.ts';
import { WORKER_HEARTBEAT_MS, WORKER_LEASE_MS } from './timing.ts';
import {
  boundByServer,
  fits,
  liveWorkers,
  loadTask,
  readWorker,
  taskOf,
  taskResource,
  toGb,
  updateTask,
  workerResource,
  writeSubTasks,
  type Task,
  type Worker,
} from './workerTasks.ts';

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const CLIENT_GRANT = 'client_credentials';
/** Longest list of worker addresses kept on the app's row. */
const ADDRESS_LENGTH = 255;
/** Waiting tasks a pull reads at once, and at most in all. */
const PULL_BATCH = 50;
const PULL_SCAN = 1000;

async function tenantOf(ctx: CallContext): Promise<TenantData> {
  const code = String(ctx.query.tenantCode ?? '').trim();
  if (!code || !(await ctx.system.tenantLive(code))) throw badRequest(`Unknown tenant "${code}"`);
  return ctx.system.tenant(code);
}

const refusedWorker = (why: string) => new ApiError(401, `Worker authentication failed: ${why}`);

/** The worker of the Bearer token, checked against its stored hash. */
async function workerOf(ctx: CallContext, data: TenantData): Promise<Worker> {
  const m = /^Bearer\s+(\d{1,15})\.([A-Za-z0-9_-]{16,128})$/i.exec(String(ctx.request.headers.authorization ?? '').trim());
  if (!m) throw refusedWorker('send Authorization: Bearer <workerId>.<token> as registerJobWorker answered it');
  const r = workerResource(data);
  const row = (await data.select(r).selectAll().where('id', '=', Number(m[1])).executeTakeFirst()) as Row | undefined;
  const stored = Buffer.from(String(row?.[col(r, 'tokenHash')] ?? ''), 'hex');
  const given = Buffer.from(hashOf(m[2]!), 'hex');
  if (!row || stored.length !== given.length || !timingSafeEqual(stored, given)) throw refusedWorker('unknown worker or wrong token');
  return readWorker(data, row);
}

/** The resources a worker reports with its registration or heartbeat (bytes), each optional. */
interface Report {
  cpuCores?: number;
  freeMemory?: number;
  freeDisk?: number;
}

/** A report as the worker's fields (free memory and disk in GB), only those it gave. */
function reported(body: Report | undefined): Partial<Worker> {
  const out: Partial<Worker> = {};
  if (body?.cpuCores !== undefined) out.cpuCores = body.cpuCores;
  if (body?.freeMemory !== undefined) out.freeMemory = toGb(body.freeMemory);
  if (body?.freeDisk !== undefined) out.freeDisk = toGb(body.freeDisk);
  return out;
}

/** The worker is alive: its heartbeat and the resources it reported, its app's live worker addresses, its running tasks' leases. */
async function beat(data: TenantData, worker: Worker, now: Date, report: Partial<Worker> = {}): Promise<void> {
  const at = now.toISOString();
  await data
    .update(workerResource(data))
    .set(data.toRow(workerResource(data), { lastHeartbeat: at, ...report }))
    .where('id', '=', worker.id)
    .execute();
  const tasks = taskResource(data);
  await data
    .update(tasks)
    .set(data.toRow(tasks, { leaseUntil: new Date(now.getTime() + WORKER_LEASE_MS).toISOString() }))
    .where(col(tasks, 'workerId'), '=', worker.id)
    .where(col(tasks, 'status'), '=', 'RUNNING')
    .execute();
  const addresses = [...new Set((await liveWorkers(data, worker.appName, now)).map((w) => w.address))].join(', ');
  const app = data.resource('AppInfo');
  await data
    .update(app)
    .set(data.toRow(app, { workerAddress: addresses.slice(0, ADDRESS_LENGTH), lastHeartbeat: at }))
    .where(col(app, 'appName'), '=', worker.appName)
    .execute();
}

const register: CallHandler = async (ctx) => {
  const data = await tenantOf(ctx);
  const client = await authenticateClient(ctx, data, CLIENT_GRANT);
  const body = ctx.body as { appName: string; address: string } & Report;
  const app = data.resource('AppInfo');
  const found = await data.select(app).select('id').where(col(app, 'appName'), '=', body.appName).executeTakeFirst();
  if (!found)
    throw badRequest(`No app named "${body.appName}" in this tenant: add it on the apps page first`, [
      { field: 'appName', message: `No app named "${body.appName}"` },
    ]);
  const now = ctx.services.now();
  const secret = randomBytes(24).toString('base64url');
  const r = workerResource(data);
  const report = reported(body);
  const row = data.toRow(r, {
    appName: body.appName,
    address: body.address,
    tokenHash: hashOf(secret),
    lastHeartbeat: now.toISOString(),
    ...report,
  });
  row.create_time = data.dialect.toDb('datetime', now.toISOString());
  row.update_time = row.create_time;
  const id = await data.insert(r, row);
  const worker: Worker = { id, appName: body.appName, address: body.address, cpuCores: null, freeMemory: null, freeDisk: null, ...report };
  await beat(data, worker, now);
  ctx.services.log.info(
    { tenantCode: data.tenantCode, app: body.appName, worker: id, client: client.client_code },
    'A job worker registered',
  );
  return { workerId: id, token: `${id}.${secret}`, heartbeatMs: WORKER_HEARTBEAT_MS, leaseMs: WORKER_LEASE_MS };
};

const heartbeat: CallHandler = async (ctx) => {
  const data = await tenantOf(ctx);
  const worker = await workerOf(ctx, data);
  const body = ctx.body as ({ running?: number[] } & Report) | undefined;
  await beat(data, worker, ctx.services.now(), reported(body));
  const running = (body?.running ?? []).filter((n) => Number.isInteger(n));
  if (running.length === 0) return { canceled: [] };
  const r = taskResource(data);
  const still = (await data
    .select(r)
    .select('id')
    .where('id', 'in', running)
    .where(col(r, 'workerId'), '=', worker.id)
    .where(col(r, 'status'), '=', 'RUNNING')
    .execute()) as Row[];
  const live = new Set(still.map((row) => Number(row.id)));
  return { canceled: running.filter((id) => !live.has(id)) };
};

/** What a worker needs to run a task: the job's processor and parameters, the task's payload. */
async function taskForWorker(data: TenantData, task: Task, jobs: Map<number, Job | undefined>): Promise<Row> {
  if (!jobs.has(task.jobId)) jobs.set(task.jobId, await loadJob(data, task.jobId));
  const job = jobs.get(task.jobId);
  const instance = await loadInstance(data, task.instanceId);
  return {
    taskId: task.id,
    instanceId: task.instanceId,
    jobId: task.jobId,
    jobName: job?.jobName ?? null,
    kind: task.kind,
    taskName: task.taskName,
    seq: task.seq,
    executeType: job?.executeType ?? null,
    processor: job?.processorInfo ?? null,
    jobParams: job?.jobParams ?? null,
    instanceParams: instance?.instanceParams ?? null,
    payload: task.payload,
    attempt: task.tries,
  };
}

const pull: CallHandler = async (ctx) => {
  const data = await tenantOf(ctx);
  const worker = await workerOf(ctx, data);
  const now = ctx.services.now();
  await beat(data, worker, now);
  const max = (ctx.body as { max?: number } | undefined)?.max ?? 1;
  const r = taskResource(data);
  const jobs = new Map<number, Job | undefined>();
  /** This worker's running tasks by job, for the jobs with a concurrency (read once a pull). */
  const runningByJob = new Map<number, number>();
  const atConcurrency = async (job: Job): Promise<boolean> => {
    if (job.concurrency <= 0) return false;
    let running = runningByJob.get(job.id);
    if (running === undefined) {
      const rows = (await data
        .select(r)
        .select('id')
        .where(col(r, 'workerId'), '=', worker.id)
        .where(col(r, 'jobId'), '=', job.id)
        .where(col(r, 'status'), '=', 'RUNNING')
        .limit(job.concurrency)
        .execute()) as Row[];
      running = rows.length;
      runningByJob.set(job.id, running);
    }
    return running >= job.concurrency;
  };
  const claimed: Task[] = [];
  // read in batches: tasks this worker may not take (a job it does not fit) do not hide later ones
  const batch = Math.max(max * 4, PULL_BATCH);
  for (let after = 0, read = 0; claimed.length < max && read < PULL_SCAN;) {
    const candidates = (await data
      .select(r)
      .selectAll()
      .where(col(r, 'appName'), '=', worker.appName)
      .where(col(r, 'status'), '=', 'WAITING')
      .where((eb) => eb.or([eb(col(r, 'workerId'), '=', worker.id), eb(col(r, 'workerId'), 'is', null)]))
      .where('id', '>', after)
      .orderBy('id')
      .limit(batch)
      .execute()) as Row[];
    if (candidates.length === 0) break;
    read += candidates.length;
    after = Number(candidates[candidates.length - 1]!.id);
    // the tasks given to this worker first, then those any worker may take
    const tasks = candidates
      .map((row) => taskOf(data, row))
      .sort((a, b) => Number(a.workerId === null) - Number(b.workerId === null) || a.id - b.id);
    for (const t of tasks) {
      if (claimed.length >= max) break;
      // only a worker that fits the job; a task the server binds waits until it is bound
      if (!jobs.has(t.jobId)) jobs.set(t.jobId, await loadJob(data, t.jobId));
      const job = jobs.get(t.jobId);
      if (job && (!fits(job, worker) || (t.workerId === null && boundByServer(job)))) continue;
      // no more of the job's tasks at once on one worker than its concurrency
      if (job && (await atConcurrency(job))) continue;
      const tries = t.tries + 1;
      // claimed once: only the update that finds it still waiting, at the tries it read, writes
      const written = await updateTask(data, t.id, {
        status: 'RUNNING',
        workerId: worker.id,
        workerAddress: worker.address,
        tries,
        progress: null,
        leaseUntil: new Date(now.getTime() + WORKER_LEASE_MS).toISOString(),
        startTime: now.toISOString(),
      })
        .where(col(r, 'status'), '=', 'WAITING')
        .where(col(r, 'tries'), '=', t.tries)
        .executeTakeFirst();
      if (Number(written.numUpdatedRows) > 0) {
        claimed.push({ ...t, status: 'RUNNING', tries, workerId: worker.id, workerAddress: worker.address });
        if (job && job.concurrency > 0) runningByJob.set(job.id, (runningByJob.get(job.id) ?? 0) + 1);
      }
    }
  }
  const out: Row[] = [];
  for (const t of claimed) out.push(await taskForWorker(data, t, jobs));
  return out;
};

/** The worker's own running task, or a refusal saying why it is not. */
async function ownRunningTask(data: TenantData, worker: Worker, taskId: number): Promise<Task> {
  const task = await loadTask(data, taskId);
  if (!task) throw notFound(`No task ${taskId}`);
  if (task.appName !== worker.appName) throw forbidden(`Task ${taskId} is not a task of app ${worker.appName}`);
  if (task.workerId !== worker.id)
    throw forbidden(
      `Task ${taskId} is not yours: ${task.workerId === null ? 'no worker has claimed it' : `worker ${task.workerId} claimed it`}`,
    );
  if (task.status !== 'RUNNING') throw conflict(`Task ${taskId} is ${task.status}: only a running task takes a report`);
  return task;
}

const progress: CallHandler = async (ctx) => {
  const data = await tenantOf(ctx);
  const worker = await workerOf(ctx, data);
  const body = ctx.body as { taskId: number; progress: string };
  const task = await ownRunningTask(data, worker, body.taskId);
  const r = taskResource(data);
  const now = ctx.services.now();
  const written = await updateTask(data, task.id, {
    progress: body.progress,
    leaseUntil: new Date(now.getTime() + WORKER_LEASE_MS).toISOString(),
  })
    .where(col(r, 'status'), '=', 'RUNNING')
    .where(col(r, 'workerId'), '=', worker.id)
    .where(col(r, 'tries'), '=', task.tries)
    .executeTakeFirst();
  if (Number(written.numUpdatedRows) === 0) throw conflict(`Task ${task.id} ended meanwhile`);
  return { taskId: task.id };
};

const result: CallHandler = async (ctx) => {
  const data = await tenantOf(ctx);
  const worker = await workerOf(ctx, data);
  const body = ctx.body as { taskId: number; success: boolean; result?: string; subTasks?: unknown[] };
  const task = await ownRunningTask(data, worker, body.taskId);
  const job = await loadJob(data, task.jobId);
  if (body.subTasks !== undefined && !(task.kind === 'ROOT' && body.success))
    throw badRequest(`Only a root task of a MAP or MAP_REDUCE job that succeeded names sub-tasks; task ${task.id} is a ${task.kind} task`, [
      { field: 'subTasks', message: 'not taken for this task' },
    ]);
  const now = ctx.services.now();
  const text = (body.result ?? '').slice(0, 65535);
  const retry = !body.success && task.tries <= (job?.taskRetryNum ?? 0);
  const fields: Row = body.success
    ? { status: 'SUCCEEDED', result: text, finishedTime: now.toISOString(), leaseUntil: null }
    : retry
      ? {
          status: 'WAITING',
          result: `Try ${task.tries} failed: ${text}; retrying`,
          leaseUntil: null,
          // any live worker may take it again, but a broadcast task is for its own worker
          ...(task.kind === 'BROADCAST' ? {} : { workerId: null, workerAddress: null }),
        }
      : { status: 'FAILED', result: text, finishedTime: now.toISOString(), leaseUntil: null };
  const r = taskResource(data);
  await data.transaction(async (tx) => {
    const written = await updateTask(tx, task.id, fields)
      .where(col(r, 'status'), '=', 'RUNNING')
      .where(col(r, 'workerId'), '=', worker.id)
      .where(col(r, 'tries'), '=', task.tries)
      .executeTakeFirst();
    if (Number(written.numUpdatedRows) === 0) throw conflict(`Task ${task.id} ended meanwhile`);
    // the sub-tasks are written with the root's success: the run that waits on it finds them
    if (body.success && task.kind === 'ROOT') await writeSubTasks(tx, job, task, body.subTasks ?? [], now);
  });
  return { taskId: task.id, status: fields.status };
};

const queryWorker: CallHandler = (ctx) => listPage(ctx, workerResource(withPrincipal(ctx).data), ['appName'], []);

const queryTask: CallHandler = (ctx) => listPage(ctx, taskResource(withPrincipal(ctx).data), ['instanceId', 'status'], []);

export const workerHandlers: Record<string, CallHandler> = {
  'jobs.workerRegister': register,
  'jobs.workerHeartbeat': heartbeat,
  'jobs.workerPull': pull,
  'jobs.workerProgress': progress,
  'jobs.workerResult': result,
  'jobs.queryWorker': queryWorker,
  'jobs.queryTask': queryTask,
};
