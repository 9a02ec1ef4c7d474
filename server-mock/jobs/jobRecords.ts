/**
 * Jobs and job instances as the scheduler reads and writes them, through a tenant's
 * TenantData: the job's record, a new instance (or one refused for too many running), the
 * time zone of the tenant, and the firing of a fixed-delay job after its instance ended.
 */
import type { Resource } from '../../schemas/registry/types.ts';
import type { TenantData } from '../access/tenantData.ts';
import type { Row } from '../db/anyKysely.ts';
import { tenantParam } from '../params/tenantParams.ts';
import { containsPattern, countAll } from '../access/sqlExpr.ts';
import type { Page } from '../http/envelope.ts';
import { withPrincipal, type CallContext } from '../calls/context.ts';
import { badRequest } from '../http/apiError.ts';
import { afterRun, DEFAULT_TIME_ZONE, isTimeZone, TIME_ZONE_PARAM, type TimeType } from './schedule.ts';

export type InstanceStatus = 'WAITING_DISPATCH' | 'WAITING_WORKER_RECEIVE' | 'RUNNING' | 'FAILED' | 'SUCCEEDED' | 'CANCELED' | 'STOPPED';
/** Statuses of an instance that has not ended. */
export const LIVE: InstanceStatus[] = ['WAITING_DISPATCH', 'WAITING_WORKER_RECEIVE', 'RUNNING'];
/** Statuses of an instance that ended (it may be retried). */
export const ENDED: InstanceStatus[] = ['FAILED', 'SUCCEEDED', 'CANCELED', 'STOPPED'];

export interface Job {
  id: number;
  jobName: string;
  appName: string | null;
  timeExpressionType: TimeType;
  timeExpression: string | null;
  processorType: string;
  processorInfo: string | null;
  executeType: string;
  /** How many times a failed task of an external run is tried again. */
  taskRetryNum: number;
  jobParams: string | null;
  maxInstanceNum: number;
  instanceTimeLimit: number;
  instanceRetryNum: number;
  enable: boolean;
  nextTriggerTime: string | null;
  /** Alarm users: user ids, comma separated. */
  notifyUserIds: string | null;
  /** Alarm webhook: an http(s) URL on an allowed host, posted when a run fails. */
  webhook: string | null;
  /** What a worker must have to run the job's tasks (workerTasks.ts `fits`): CPU cores, free memory and disk in GB; 0: anything. */
  minCpuCores: number;
  minMemorySpace: number;
  minDiskSpace: number;
  /** Worker addresses, comma separated; empty: any worker of the app. */
  designatedWorkers: string | null;
  /** Most workers taking part in one run; 0: not limited. */
  maxWorkerCount: number;
  /** Most of the job's tasks one worker runs at once (the job's thread concurrency); 0: not limited. */
  concurrency: number;
}

export interface Instance {
  id: number;
  jobId: number;
  status: InstanceStatus;
  triggerType: string;
  runningTimes: number;
  instanceParams: string | null;
  wfInstanceId: number | null;
}

const jobResource = (data: TenantData): Resource => data.resource('JobInfo');
export const instanceResource = (data: TenantData): Resource => data.resource('JobInstance');
export const col = (r: Resource, field: string): string => r.fieldMap.get(field)!.column;

/** A record as the calls answer it: its fields (not the secret ones), id and creation time. */
export function present(data: TenantData, r: Resource, row: Row): Row {
  const rec = data.toRecord(r, row);
  const out: Row = { id: Number(row.id) };
  for (const f of r.fields) if (!f.system && !f.secret) out[f.name] = rec[f.name] ?? null;
  out.createTime = rec.createTime ?? null;
  return out;
}

function jobOf(data: TenantData, r: Resource, row: Row): Job {
  const rec = present(data, r, row);
  return {
    ...(rec as unknown as Job),
    maxInstanceNum: Number(rec.maxInstanceNum ?? 0),
    instanceTimeLimit: Number(rec.instanceTimeLimit ?? 0),
    instanceRetryNum: Number(rec.instanceRetryNum ?? 0),
    taskRetryNum: Number(rec.taskRetryNum ?? 0),
    minCpuCores: Number(rec.minCpuCores ?? 0),
    minMemorySpace: Number(rec.minMemorySpace ?? 0),
    minDiskSpace: Number(rec.minDiskSpace ?? 0),
    maxWorkerCount: Number(rec.maxWorkerCount ?? 0),
    concurrency: Number(rec.concurrency ?? 0),
    enable: rec.enable !== false,
  };
}

function instanceOf(data: TenantData, r: Resource, row: Row): Instance {
  const rec = present(data, r, row);
  return {
    ...(rec as unknown as Instance),
    runningTimes: Number(rec.runningTimes ?? 0),
    wfInstanceId: rec.wfInstanceId === null || rec.wfInstanceId === undefined ? null : Number(rec.wfInstanceId),
  };
}

/** The rows of a tenant's resource with these ids, in one query, by id. */
async function rowsById<T>(
  data: TenantData,
  r: Resource,
  ids: readonly number[],
  of: (data: TenantData, r: Resource, row: Row) => T,
): Promise<Map<number, T>> {
  const out = new Map<number, T>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  const rows = (await data.select(r).selectAll().where('id', 'in', unique).execute()) as Row[];
  for (const row of rows) out.set(Number(row.id), of(data, r, row));
  return out;
}

export async function loadJob(data: TenantData, id: number): Promise<Job | undefined> {
  return (await loadJobs(data, [id])).get(id);
}

/** The schema's defaults where `record` has no value (an enabled job is found enabled, a form opens as stored). */
export function withDefaults(r: Resource, record: Row): Row {
  for (const f of r.fields)
    if (f.schema.default !== undefined && (record[f.name] === undefined || record[f.name] === null)) record[f.name] = f.schema.default;
  return record;
}

/** The tenant's jobs with these ids (one query; a missing id is left out). */
export function loadJobs(data: TenantData, ids: readonly number[]): Promise<Map<number, Job>> {
  return rowsById(data, jobResource(data), ids, jobOf);
}

export async function loadInstance(data: TenantData, id: number): Promise<Instance | undefined> {
  return (await loadInstances(data, [id])).get(id);
}

/** The tenant's job instances with these ids (one query; a missing id is left out). */
export function loadInstances(data: TenantData, ids: readonly number[]): Promise<Map<number, Instance>> {
  return rowsById(data, instanceResource(data), ids, instanceOf);
}

/** The tenant's time zone for CRON expressions (parameter job.timeZone), UTC when unset or not a zone. */
export async function timeZoneOf(data: TenantData): Promise<string> {
  const zone = (await tenantParam(data, TIME_ZONE_PARAM))?.trim();
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** Write an instance's fields (API names). */
export function updateInstance(data: TenantData, id: number, fields: Row) {
  const r = instanceResource(data);
  return data.update(r).set(data.toRow(r, fields)).where('id', '=', id);
}

/** Set a job's next firing (null: none until something fires it). */
export async function setNextFiring(data: TenantData, jobId: number, next: Date | null): Promise<void> {
  const r = jobResource(data);
  await data
    .update(r)
    .set({ [col(r, 'nextTriggerTime')]: data.dialect.toDb('datetime', next ? next.toISOString() : null) })
    .where('id', '=', jobId)
    .execute();
}

/**
 * The row (columns) of a new instance of the job, waiting for a process to run it; or, when
 * the job already has `maxInstanceNum` instances waiting or running (0: no limit), one recorded
 * FAILED with why. Every row has the same columns (rows of one round are inserted together).
 */
export async function instanceRow(
  data: TenantData,
  job: Job,
  firing: { triggerType: string; expected: Date; now: Date; instanceParams?: string | null; wfInstanceId?: number },
): Promise<{ row: Row; status: InstanceStatus }> {
  const r = instanceResource(data);
  let status: InstanceStatus = 'WAITING_DISPATCH';
  let result: string | null = null;
  if (job.maxInstanceNum > 0) {
    const live = (await data
      .select(r)
      .select('id')
      .where(col(r, 'jobId'), '=', job.id)
      .where(col(r, 'status'), 'in', LIVE)
      .limit(job.maxInstanceNum)
      .execute()) as Row[];
    if (live.length >= job.maxInstanceNum) {
      status = 'FAILED';
      result = `Too many instances: ${live.length} waiting or running, the job allows ${job.maxInstanceNum}`;
    }
  }
  const at = firing.now.toISOString();
  const row = data.toRow(r, {
    jobId: job.id,
    jobName: job.jobName,
    appName: job.appName,
    status,
    triggerType: firing.triggerType,
    expectedTriggerTime: firing.expected.toISOString(),
    actualTriggerTime: at,
    finishedTime: status === 'FAILED' ? at : null,
    runningTimes: 0,
    instanceParams: firing.instanceParams ?? null,
    wfInstanceId: firing.wfInstanceId ?? null,
    result,
  });
  row.create_time = data.dialect.toDb('datetime', at);
  row.update_time = row.create_time;
  return { row, status };
}

/** A new instance of the job (instanceRow), written; answers its id and status. */
export async function createInstance(
  data: TenantData,
  job: Job,
  firing: Parameters<typeof instanceRow>[2],
): Promise<{ id: number; status: InstanceStatus }> {
  const { row, status } = await instanceRow(data, job, firing);
  return { id: await data.insert(instanceResource(data), row), status };
}

/** After an instance of a fixed-delay job ended: its next firing, the delay after `end`. */
export async function fireAfterEnd(data: TenantData, jobId: number, triggerType: string, end: Date): Promise<void> {
  if (triggerType !== 'FIXED_DELAY') return;
  const job = await loadJob(data, jobId);
  if (!job || !job.enable || job.timeExpressionType !== 'FIXED_DELAY') return;
  await setNextFiring(data, jobId, afterRun(job, end));
}

/** A page of one of the scheduler's lists: exact and `contains` filters, the sorter or newest first. */
export async function listPage(ctx: CallContext, r: Resource, exact: string[], contains: string[]): Promise<Page<Row>> {
  const { data } = withPrincipal(ctx);
  let q = data.select(r);
  for (const f of exact) {
    const v = ctx.query[f];
    if (v !== undefined && v !== '') q = q.where(`${r.table}.${f === 'id' ? 'id' : col(r, f)}`, '=', v as string | number);
  }
  for (const f of contains) {
    const v = ctx.query[f];
    if (typeof v === 'string' && v !== '') q = q.where(data.dialect.contains(`${r.table}.${col(r, f)}`, containsPattern(v)));
  }
  const currentPage = Number(ctx.query.currentPage ?? 1);
  const pageSize = Number(ctx.query.pageSize ?? 10);
  const sorter = typeof ctx.query.sorter === 'string' && ctx.query.sorter ? ctx.query.sorter : 'id_descend';
  const m = /^(.+)_(ascend|descend)$/.exec(sorter);
  const name = m?.[1];
  const column = name === 'id' ? 'id' : name === 'createTime' ? 'create_time' : name ? r.fieldMap.get(name)?.column : undefined;
  if (!m || !column) {
    const message = `Cannot sort by "${sorter}"`;
    throw badRequest(message, [{ field: 'sorter', message }]);
  }
  const direction = m[2] === 'ascend' ? 'asc' : 'desc';
  const count = (await q.select(countAll().as('total')).executeTakeFirst()) as { total: unknown } | undefined;
  const rows = (await q
    .selectAll(r.table)
    .orderBy(`${r.table}.${column}`, direction)
    .orderBy(`${r.table}.id`, direction)
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize)
    .execute()) as Row[];
  return {
    list: rows.map((row) => {
      const rec = present(data, r, row);
      delete rec.leaseUntil;
      return rec;
    }),
    pagination: { total: Number(count?.total ?? 0), pageSize, current: currentPage },
  };
}
