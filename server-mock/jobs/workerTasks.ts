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
 * Only a worker that `fits` the job takes its tasks: live, its last reported CPU cores, free
 * memory and free disk at least the job's minimums, its address among `designatedWorkers` when
 * the job names some. At most `maxWorkerCount` workers take part in one run: a broadcast goes to
 * that many, and the tasks of a map run are bound to their workers by the server (the run, or
 * the root's result for its sub-tasks), never left to whichever worker pulls first. A waiting
 * task that no live worker may take for `DISPATCH_WAIT_MS` fails, saying why.
 *
 * The instance's timeout, stop and retries are the scheduler's: an aborted run cancels the
 * tasks still waiting or running (a worker learns it at its next heartbeat).
 */
import { abortable } from './processors.ts';
import type { Resource } from '../../schemas/registry/types.ts';
import type { TenantData } from '../access/tenantData.ts';
import type { Row } from '../db/anyKysely.ts';
import { DISPATCH_WAIT_MS, TASK_POLL_MS, WORKER_LEASE_MS } from './timing.ts';
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
  /** The resources it last reported (free memory and disk in GB); null: never reported. */
  cpuCores: number | null;
  freeMemory: number | null;
  freeDisk: number | null;
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

/** A worker row as the scheduler and the worker calls read it. */
export function readWorker(data: TenantData, row: Row): Worker {
  const rec = data.toRecord(workerResource(data), row);
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(row.id),
    appName: String(rec.appName),
    address: String(rec.address),
    cpuCores: num(rec.cpuCores),
    freeMemory: num(rec.freeMemory),
    freeDisk: num(rec.freeDisk),
  };
}

/** The workers of an app that sent a heartbeat within the worker lease, oldest registration first. */
export async function liveWorkers(data: TenantData, appName: string, now: Date): Promise<Worker[]> {
  const r = workerResource(data);
  const since = data.dialect.toDb('datetime', new Date(now.getTime() - WORKER_LEASE_MS).toISOString());
  const rows = (await data
    .select(r)
    .select(['id', ...['appName', 'address', 'cpuCores', 'freeMemory', 'freeDisk'].map((f) => col(r, f))])
    .where(col(r, 'appName'), '=', appName)
    .where(col(r, 'lastHeartbeat'), '>=', since)
    .orderBy('id')
    .execute()) as Row[];
  return rows.map((row) => readWorker(data, row));
}

/** The addresses of a job's `designatedWorkers` (comma separated, as the platform writes them); empty: any worker. */
const designatedOf = (job: Job): string[] =>
  (job.designatedWorkers ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);

const GB = 1024 ** 3;
/** Bytes as the GB a worker's resources are kept in, rounded down (a report never counts for more than it said). */
export const toGb = (bytes: number): number => Math.floor((bytes / GB) * 1000) / 1000;

/** Whether a worker may run the job's tasks: among the designated ones, and its last report at least the minimums (none reported: only a 0 minimum). */
export function fits(job: Job, worker: Worker): boolean {
  const designated = designatedOf(job);
  if (designated.length > 0 && !designated.includes(worker.address)) return false;
  const short = (min: number, has: number | null) => min > 0 && (has === null || has < min);
  return !(
    short(job.minCpuCores, worker.cpuCores) ||
    short(job.minMemorySpace, worker.freeMemory) ||
    short(job.minDiskSpace, worker.freeDisk)
  );
}

/** Tasks of a map run under `maxWorkerCount` are bound to their workers by the server; no worker pulls one unbound. */
export const boundByServer = (job: Job): boolean =>
  job.maxWorkerCount > 0 && (job.executeType === 'MAP' || job.executeType === 'MAP_REDUCE');

/** Of the fitting workers, those that may take one more task of a run in which `taking` already take part. */
function allowed(job: Job, fitting: Worker[], taking: Set<number>): Worker[] {
  return job.maxWorkerCount <= 0 || taking.size < job.maxWorkerCount ? fitting : fitting.filter((w) => taking.has(w.id));
}

/** Why no live worker takes a job's task: none live, or what the live ones lack. */
function noWorker(job: Job, live: Worker[]): string {
  if (live.length === 0) return `No live worker of app ${job.appName ?? ''}`;
  const needs = [
    job.minCpuCores > 0 ? `${job.minCpuCores} CPU cores` : '',
    job.minMemorySpace > 0 ? `${job.minMemorySpace} GB free memory` : '',
    job.minDiskSpace > 0 ? `${job.minDiskSpace} GB free disk` : '',
    designatedOf(job).length > 0 ? `one of ${designatedOf(job).join(', ')}` : '',
    job.maxWorkerCount > 0 ? `at most ${job.maxWorkerCount} workers in one run` : '',
  ].filter(Boolean);
  const names = live.slice(0, 10).map((w) => w.address);
  return `No live worker of app ${job.appName ?? ''} meets the job's requirements (${needs.join('; ')}); live: ${names.join(', ')}${live.length > names.length ? ', ...' : ''}`;
}

/** The workers taking part in a run: those its tasks are bound to or were run by. */
async function takingPart(data: TenantData, instanceId: number, runNumber: number): Promise<Set<number>> {
  const r = taskResource(data);
  const rows = (await data
    .select(r)
    .select(col(r, 'workerId'))
    .distinct()
    .where(col(r, 'instanceId'), '=', instanceId)
    .where(col(r, 'runNumber'), '=', runNumber)
    .where(col(r, 'workerId'), 'is not', null)
    .execute()) as Row[];
  return new Set(rows.map((row) => Number(row[col(r, 'workerId')])));
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

/** Sub-tasks a root task's result names, spread in turn over the live workers that fit the job (no more than its `maxWorkerCount` in the run, the root's worker counted). */
export async function writeSubTasks(data: TenantData, job: Job | undefined, root: Task, payloads: unknown[], now: Date): Promise<number[]> {
  const fitting = (await liveWorkers(data, root.appName, now)).filter((w) => !job || fits(job, w));
  const taking = await takingPart(data, root.instanceId, root.runNumber);
  return insertTasks(
    data,
    payloads.map((payload, i) => {
      const workers = job ? allowed(job, fitting, taking) : fitting;
      const worker = workers.length ? workers[i % workers.length]! : undefined;
      if (worker) taking.add(worker.id);
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
      const live = await liveWorkers(data, job.appName, run.now());
      const fitting = live.filter((w) => fits(job, w));
      const workers = job.maxWorkerCount > 0 ? fitting.slice(0, job.maxWorkerCount) : fitting;
      if (workers.length === 0) throw new Error(noWorker(job, live));
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
  const unserved = new Map<number, number>();
  for (;;) {
    const tasks = await loadMany(run.data, ids);
    if (tasks.every((t) => !OPEN_TASK.includes(t.status))) return tasks;
    await watch(run, tasks, unserved);
    await abortable(TASK_POLL_MS, run.signal);
  }
}

/**
 * The open tasks whose worker is gone or no longer fits, and those no worker may take
 * (`unserved`: since when each waited with nobody to take it):
 *
 * - a running task whose lease expired goes back to wait (any live worker may take it; a
 *   broadcast task only its own) while it has tries left, and fails otherwise;
 * - a waiting task given to a worker that is no longer live, or no longer fits the job, is given
 *   to any (a broadcast task fails: it was for that worker);
 * - a waiting task of a map run under `maxWorkerCount` is given to a fitting worker that may take part;
 * - a waiting task that no live worker may take for `DISPATCH_WAIT_MS` fails, saying why.
 */
async function watch(run: WorkerRun, tasks: Task[], unserved: Map<number, number>): Promise<void> {
  const { data, job } = run;
  const now = run.now();
  const r = taskResource(data);
  const live = await liveWorkers(data, job.appName ?? '', now);
  const fitting = live.filter((w) => fits(job, w));
  const fit = new Set(fitting.map((w) => w.id));
  const bound = boundByServer(job);
  const taking = bound ? await takingPart(data, run.instance.id, run.runNumber) : new Set<number>();
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
    }
    if (t.status !== 'WAITING') {
      unserved.delete(t.id);
      continue;
    }
    let workerId = t.workerId;
    if (workerId !== null && !fit.has(workerId)) {
      const why = live.some((w) => w.id === workerId) ? "fell short of the job's requirements" : 'stopped';
      const fields: Row =
        t.kind === 'BROADCAST'
          ? {
              status: 'FAILED',
              result: `The worker ${t.workerAddress ?? ''} ${why} before it ran the task`,
              finishedTime: now.toISOString(),
            }
          : { workerId: null, workerAddress: null };
      const written = await updateTask(data, t.id, fields)
        .where(col(r, 'status'), '=', 'WAITING')
        .where(col(r, 'workerId'), '=', workerId)
        .executeTakeFirst();
      if (t.kind === 'BROADCAST' || Number(written.numUpdatedRows) === 0) continue;
      workerId = null;
    }
    if (workerId === null && bound) {
      const workers = allowed(job, fitting, taking);
      const worker = workers.length ? workers[t.seq % workers.length]! : undefined;
      const written = worker
        ? await updateTask(data, t.id, { workerId: worker.id, workerAddress: worker.address })
            .where(col(r, 'status'), '=', 'WAITING')
            .where(col(r, 'workerId'), 'is', null)
            .executeTakeFirst()
        : undefined;
      if (worker && Number(written?.numUpdatedRows) > 0) {
        workerId = worker.id;
        taking.add(worker.id);
      }
    }
    if (workerId !== null || (!bound && fitting.length > 0)) {
      unserved.delete(t.id);
      continue;
    }
    const since = unserved.get(t.id) ?? now.getTime();
    unserved.set(t.id, since);
    if (now.getTime() - since < DISPATCH_WAIT_MS) continue;
    await updateTask(data, t.id, { status: 'FAILED', result: noWorker(job, live), finishedTime: now.toISOString() })
      .where(col(r, 'status'), '=', 'WAITING')
      .where(col(r, 'tries'), '=', t.tries)
      .execute();
  }
}
