/**
 * Jobs run by external workers (docs/jobs.md, "External workers"): the tasks of an instance
 * (`JobTask`, table `job_task`) and the workers of an app (`JobWorker`, `job_worker`), read and
 * written through the tenant's TenantData.
 *
 * The scheduler claims an instance of an EXTERNAL job like any other and "runs" it here: it
 * writes the instance's tasks, which the app's live workers pull (workerCalls.ts), and waits
 * until they ended, watching over them: a task whose worker stopped renewing its lease goes
 * back to wait for another live worker (or fails when its tries are spent), a task given to a
 * worker that is no longer live is given to any. The execute type says which tasks:
 *
 * - STANDALONE: one task, for any live worker of the app;
 * - BROADCAST: one task per live worker, each bound to its worker; the run succeeds when all do;
 * - MAP: a root task, whose result names sub-tasks (written when the worker reports it, spread
 *   over the live workers); the run ends when every sub-task ended;
 * - MAP_REDUCE: MAP, then a reduce task given every sub-task's result; its result is the run's.
 *
 * The instance's timeout, stop and retries are the scheduler's: an aborted run cancels the
 * tasks still waiting or running (a worker learns it at its next heartbeat).
 */
import { abortable } from './processors.ts';
import type { Resource } from '../../schemas/registry/types.ts';
import type { TenantData } from '../access/tenantData.ts';
import type { Row } from '../db/anyKysely.ts';
import { TASK_POLL_MS, WORKER_LEASE_MS } from './timing.ts';
import { col, present, type Instance, type Job } from './jobRecords.ts';

type TaskKind = 'STANDALONE' | 'BROADCAST' | 'ROOT' | 'MAP' | 'REDUCE';
type TaskStatus = 'WAITING' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELED';
const OPEN_TASK: TaskStatus[] = ['WAITING', 'RUNNING'];
type ExecuteType = 'STANDALONE' | 'BROADCAST' | 'MAP' | 'MAP_REDUCE';

export interface Task {
  id: number;
  instanceId: number;
  runNumber: number;
  jobId: number;
  appName: string;
  kind: TaskKind;
  taskName: string;
  seq: number;
  parentId: number | null;
  status: TaskStatus;
  workerId: number | null;
  workerAddress: string | null;
  payload: string | null;
  result: string | null;
  tries: number;
  leaseUntil: string | null;
}

export interface Worker {
  id: number;
  appName: string;
  address: string;
}

export const taskResource = (data: TenantData): Resource => data.resource('JobTask');
export const workerResource = (data: TenantData): Resource => data.resource('JobWorker');

/** A task row as the scheduler and the worker calls read it. */
export function taskOf(data: TenantData, row: Row): Task {
  const rec = present(data, taskResource(data), row);
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...(rec as unknown as Task),
    instanceId: Number(rec.instanceId),
    runNumber: Number(rec.runNumber ?? 0),
    jobId: Number(rec.jobId),
    seq: Number(rec.seq ?? 0),
    tries: Number(rec.tries ?? 0),
    parentId: num(rec.parentId),
    workerId: num(rec.workerId),
  };
}

export async function loadTask(data: TenantData, id: number): Promise<Task | undefined> {
  const row = (await data.select(taskResource(data)).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
  return row ? taskOf(data, row) : undefined;
}

/** Write a task's fields (API names). */
export function updateTask(data: TenantData, id: number, fields: Row) {
  const r = taskResource(data);
  return data.update(r).set(data.toRow(r, fields)).where('id', '=', id);
}

/** The workers of an app that sent a heartbeat within the worker lease, oldest registration first. */
export async function liveWorkers(data: TenantData, appName: string, now: Date): Promise<Worker[]> {
  const r = workerResource(data);
  const since = data.dialect.toDb('datetime', new Date(now.getTime() - WORKER_LEASE_MS).toISOString());
  const rows = (await data
    .select(r)
    .select(['id', col(r, 'appName'), col(r, 'address')])
    .where(col(r, 'appName'), '=', appName)
    .where(col(r, 'lastHeartbeat'), '>=', since)
    .orderBy('id')
    .execute()) as Row[];
  return rows.map((row) => ({ id: Number(row.id), appName: String(row[col(r, 'appName')]), address: String(row[col(r, 'address')]) }));
}

/** Write tasks of a run (API names) waiting for workers; answers their ids in order. */
async function insertTasks(data: TenantData, rows: Row[], now: Date): Promise<number[]> {
  const r = taskResource(data);
  const at = data.dialect.toDb('datetime', now.toISOString());
  const ids: number[] = [];
  for (const rec of rows) {
    const row = data.toRow(r, { status: 'WAITING', tries: 0, workerId: null, workerAddress: null, ...rec });
    row.create_time = at;
    row.update_time = at;
    ids.push(await data.insert(r, row));
  }
  return ids;
}

/** Sub-tasks a root task's result names, spread over the live workers of the app in turn. */
export async function writeSubTasks(data: TenantData, root: Task, payloads: unknown[], now: Date): Promise<number[]> {
  const workers = await liveWorkers(data, root.appName, now);
  return insertTasks(
    data,
    payloads.map((payload, i) => {
      const worker = workers.length ? workers[i % workers.length]! : undefined;
      return {
        instanceId: root.instanceId,
        runNumber: root.runNumber,
        jobId: root.jobId,
        appName: root.appName,
        kind: 'MAP',
        taskName: `map ${i + 1}`,
        seq: i + 1,
        parentId: root.id,
        payload: JSON.stringify(payload ?? null),
        workerId: worker?.id ?? null,
        workerAddress: worker?.address ?? null,
      };
    }),
    now,
  );
}

export interface WorkerRun {
  data: TenantData;
  job: Job;
  instance: Instance;
  runNumber: number;
  signal: AbortSignal;
  now: () => Date;
}

const clip = (text: string | null, n = 500) => {
  const t = text ?? '';
  return t.length > n ? `${t.slice(0, n)}…` : t;
};

/** Run one claimed instance of an EXTERNAL job on the app's workers; answers its result or throws why it failed. */
export async function runOnWorkers(run: WorkerRun): Promise<string> {
  const { data, job } = run;
  if (!job.appName) throw new Error('An external job names the app whose workers run it');
  const executeType = (job.executeType ?? 'STANDALONE') as ExecuteType;
  const mine: number[] = [];
  const base = { instanceId: run.instance.id, runNumber: run.runNumber, jobId: job.id, appName: job.appName };
  const write = async (rows: Row[]) => {
    const ids = await insertTasks(data, rows, run.now());
    mine.push(...ids);
    return ids;
  };
  try {
    // tasks of an earlier run of this instance (a process that stopped) never report into this one
    await closeOpen(data, run.instance.id, null, 'Canceled: the instance runs again');
    if (executeType === 'STANDALONE') {
      const [task] = await waitAll(run, await write([{ ...base, kind: 'STANDALONE', taskName: 'standalone', seq: 1 }]));
      if (task!.status !== 'SUCCEEDED') throw new Error(task!.result ?? `The task ${task!.status}`);
      return task!.result ?? '';
    }
    if (executeType === 'BROADCAST') {
      const workers = await liveWorkers(data, job.appName, run.now());
      if (workers.length === 0) throw new Error(`No live worker of app ${job.appName} to broadcast to`);
      const rows = workers.map((w, i) => ({
        ...base,
        kind: 'BROADCAST',
        taskName: `broadcast to ${w.address}`,
        seq: i + 1,
        workerId: w.id,
        workerAddress: w.address,
      }));
      const tasks = await waitAll(run, await write(rows));
      const failed = tasks.filter((t) => t.status !== 'SUCCEEDED');
      if (failed.length)
        throw new Error(
          `${failed.length} of ${tasks.length} workers failed: ${failed.map((t) => `${t.workerAddress}: ${clip(t.result, 200)}`).join('; ')}`,
        );
      return `Succeeded on ${tasks.length} workers: ${tasks.map((t) => `${t.workerAddress}: ${clip(t.result, 200)}`).join('; ')}`;
    }
    // MAP and MAP_REDUCE: the root task names the sub-tasks
    const [rootId] = await write([{ ...base, kind: 'ROOT', taskName: 'root', seq: 0 }]);
    const [root] = await waitAll(run, [rootId!]);
    if (root!.status !== 'SUCCEEDED') throw new Error(`The root task failed: ${root!.result ?? root!.status}`);
    const subIds = await childrenOf(data, rootId!);
    mine.push(...subIds);
    const subs = (await waitAll(run, subIds)).sort((a, b) => a.seq - b.seq);
    const failed = subs.filter((t) => t.status !== 'SUCCEEDED');
    if (failed.length)
      throw new Error(
        `${failed.length} of ${subs.length} sub-tasks failed: ${failed
          .slice(0, 10)
          .map((t) => `${t.taskName}: ${clip(t.result, 200)}`)
          .join('; ')}`,
      );
    if (executeType === 'MAP') return `All ${subs.length} sub-tasks succeeded`;
    const payload = JSON.stringify(subs.map((t) => t.result));
    const [reduce] = await waitAll(run, await write([{ ...base, kind: 'REDUCE', taskName: 'reduce', seq: subs.length + 1, payload }]));
    if (reduce!.status !== 'SUCCEEDED') throw new Error(`The reduce task failed: ${reduce!.result ?? reduce!.status}`);
    return reduce!.result ?? '';
  } finally {
    // ended, timed out, stopped or closing: nothing of this run runs on
    const reason = run.signal.aborted
      ? `Canceled: ${String((run.signal.reason as Error | undefined)?.message ?? 'the run ended')}`
      : 'Canceled: the run ended';
    await closeOpen(data, run.instance.id, mine, reason).catch(() => undefined);
  }
}

/** Cancel the open tasks of an instance (only those of `ids` when given). */
async function closeOpen(data: TenantData, instanceId: number, ids: number[] | null, result: string): Promise<void> {
  if (ids && ids.length === 0) return;
  const r = taskResource(data);
  let q = data
    .update(r)
    .set(data.toRow(r, { status: 'CANCELED', result, leaseUntil: null }))
    .where(col(r, 'instanceId'), '=', instanceId)
    .where(col(r, 'status'), 'in', OPEN_TASK);
  if (ids) q = q.where('id', 'in', ids);
  await q.execute();
}

async function childrenOf(data: TenantData, parentId: number): Promise<number[]> {
  const r = taskResource(data);
  const rows = (await data.select(r).select('id').where(col(r, 'parentId'), '=', parentId).orderBy('id').execute()) as Row[];
  return rows.map((row) => Number(row.id));
}

async function loadMany(data: TenantData, ids: number[]): Promise<Task[]> {
  const rows = (await data.select(taskResource(data)).selectAll().where('id', 'in', ids).orderBy('id').execute()) as Row[];
  return rows.map((row) => taskOf(data, row));
}

/** Wait until every one of these tasks ended, watching over their workers meanwhile. */
async function waitAll(run: WorkerRun, ids: number[]): Promise<Task[]> {
  if (ids.length === 0) return [];
  for (;;) {
    const tasks = await loadMany(run.data, ids);
    if (tasks.every((t) => !OPEN_TASK.includes(t.status))) return tasks;
    await watch(run, tasks);
    await abortable(TASK_POLL_MS, run.signal);
  }
}

/**
 * The open tasks whose worker is gone: a running task whose lease expired goes back to wait
 * (any live worker may take it; a broadcast task only its own) while it has tries left, and
 * fails otherwise; a waiting task given to a worker that is no longer live is given to any
 * (a broadcast task fails: it was for that worker).
 */
async function watch(run: WorkerRun, tasks: Task[]): Promise<void> {
  const { data, job } = run;
  const now = run.now();
  const r = taskResource(data);
  const live = new Set((await liveWorkers(data, job.appName ?? '', now)).map((w) => w.id));
  for (const t of tasks) {
    if (t.status === 'RUNNING' && t.leaseUntil && Date.parse(t.leaseUntil) < now.getTime()) {
      const retry = t.tries <= job.taskRetryNum;
      const lost = `the worker ${t.workerAddress ?? ''} stopped (its lease expired)`;
      await updateTask(data, t.id, {
        status: retry ? 'WAITING' : 'FAILED',
        result: retry ? `Try ${t.tries} lost: ${lost}; retrying` : `Try ${t.tries} lost: ${lost}, and no retry is left`,
        workerId: retry && t.kind !== 'BROADCAST' ? null : t.workerId,
        workerAddress: retry && t.kind !== 'BROADCAST' ? null : t.workerAddress,
        leaseUntil: null,
        finishedTime: retry ? null : now.toISOString(),
      })
        .where(col(r, 'status'), '=', 'RUNNING')
        .where(col(r, 'tries'), '=', t.tries)
        .execute();
    } else if (t.status === 'WAITING' && t.workerId !== null && !live.has(t.workerId)) {
      const fields: Row =
        t.kind === 'BROADCAST'
          ? {
              status: 'FAILED',
              result: `The worker ${t.workerAddress ?? ''} stopped before it ran the task`,
              finishedTime: now.toISOString(),
            }
          : { workerId: null, workerAddress: null };
      await updateTask(data, t.id, fields).where(col(r, 'status'), '=', 'WAITING').where(col(r, 'workerId'), '=', t.workerId).execute();
    }
  }
}
