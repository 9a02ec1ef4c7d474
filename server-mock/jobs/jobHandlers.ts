/**
 * The job calls under /api/job (docs/jobs.md): saving a job (its time expression and its
 * processor's parameters checked, its first firing set), firing it by the API, the instances
 * (list, stop, retry) and the workflow instance lists. Every read and write goes through the
 * caller's TenantData.
 */
import type { Registry } from '../../schemas/registry/types.ts';
import type { TenantData } from '../access/tenantData.ts';
import type { Row } from '../db/anyKysely.ts';
import { crudHandlers } from '../crud/crudHandlers.ts';
import { importCallWith } from '../crud/importXlsx.ts';
import { EnvelopeResult, withPrincipal, type CallContext, type CallHandler } from '../calls/context.ts';
import { badRequest, conflict, notFound } from '../http/apiError.ts';
import { checkSchedule, firstFiring, ScheduleError, type TimeType } from './schedule.ts';
import { PROCESSORS, parseParams } from './processors.ts';
import {
  col,
  createInstance,
  ENDED,
  fireAfterEnd,
  instanceResource,
  listPage,
  LIVE,
  loadInstance,
  loadJob,
  loadJobs,
  present,
  setNextFiring,
  timeZoneOf,
  updateInstance,
  withDefaults,
} from './jobRecords.ts';
import { instanceChanged } from './scheduler.ts';
import { instanceEnded, workflowHandlers } from './workflows.ts';
import { workerHandlers } from './workerCalls.ts';

function refuse(field: string, message: string): never {
  throw badRequest(message, [{ field, message }]);
}

/** The rules of a job beyond its schema: the time expression, the processor and its parameters. */
function checkJob(job: Row, timeZone: string, registry: Registry): void {
  const type = job.timeExpressionType as TimeType;
  try {
    checkSchedule(type, job.timeExpression as string | null | undefined, timeZone);
  } catch (err) {
    if (err instanceof ScheduleError) refuse('timeExpression', err.message);
    throw err;
  }
  if (job.processorType === 'EXTERNAL') return checkExternal(job);
  if (job.executeType !== undefined && job.executeType !== 'STANDALONE')
    refuse('executeType', `Execute type ${String(job.executeType)} runs on external workers: choose processor type EXTERNAL`);
  const name = String(job.processorInfo ?? '');
  const processor = PROCESSORS[name];
  if (!processor) refuse('processorInfo', `A built-in job names its processor: one of ${Object.keys(PROCESSORS).join(', ')}`);
  const { value, error } = parseParams(job.jobParams as string | null | undefined);
  const problem = error ?? processor.check(value, registry);
  if (problem) refuse('jobParams', problem);
}

/** An external job: the app whose workers run it and the worker-side processor's name (its parameters are the worker's). */
function checkExternal(job: Row): void {
  if (typeof job.appName !== 'string' || !job.appName.trim()) refuse('appName', 'An external job names the app whose workers run it');
  if (typeof job.processorInfo !== 'string' || !job.processorInfo.trim())
    refuse('processorInfo', "An external job names the worker's processor that runs it");
}

/** The app of an external job is one of the tenant's apps. */
async function checkApp(data: TenantData, job: Row): Promise<void> {
  if (job.processorType !== 'EXTERNAL') return;
  const app = data.resource('AppInfo');
  const found = await data.select(app).select('id').where(col(app, 'appName'), '=', String(job.appName)).executeTakeFirst();
  if (!found) refuse('appName', `No app named "${String(job.appName)}": add it on the apps page first`);
}

async function schedule(ctx: CallContext, data: TenantData, saved: Row): Promise<Row> {
  const id = Number(saved.id);
  const job = (await loadJob(data, id))!;
  const next = job.enable ? firstFiring(job, ctx.services.now(), await timeZoneOf(data)) : null;
  await setNextFiring(data, id, next);
  instanceChanged(data);
  return { ...saved, nextTriggerTime: next ? next.toISOString() : null };
}

const addJob: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const body = withDefaults(ctx.resource, { ...(ctx.body as Row) });
  ctx.body = body;
  checkJob(body, await timeZoneOf(data), data.registry);
  await checkApp(data, body);
  const saved = (await crudHandlers['crud.add']!(ctx)) as Row;
  return schedule(ctx, data, saved);
};

/**
 * Jobs from a spreadsheet: each row with the schema's defaults and checked as the add call
 * checks a job (a refusal names its row, and nothing is imported); every job imported gets its
 * first firing, and the scheduler looks again once the import committed.
 */
const importJobs = importCallWith({
  async check(tx, record) {
    withDefaults(tx.resource('JobInfo'), record);
    checkJob(record, await timeZoneOf(tx), tx.registry);
    await checkApp(tx, record);
  },
  async added(tx, ids, now) {
    const zone = await timeZoneOf(tx);
    const jobs = await loadJobs(tx, ids);
    for (const [id, job] of jobs) await setNextFiring(tx, id, job.enable ? firstFiring(job, now, zone) : null);
    tx.afterCommit(() => instanceChanged(tx));
  },
});

const updateJob: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const body = ctx.body as Row;
  const existing = await loadJob(data, Number(body.id));
  if (!existing) throw notFound(`No JobInfo with id ${String(body.id)}`);
  const merged: Row = { ...existing };
  for (const [k, v] of Object.entries(body)) if (v !== undefined) merged[k] = v;
  checkJob(merged, await timeZoneOf(data), data.registry);
  await checkApp(data, merged);
  const saved = (await crudHandlers['crud.update']!(ctx)) as Row;
  return schedule(ctx, data, saved);
};

const runJob: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const body = ctx.body as { id: number; instanceParams?: string };
  const job = await loadJob(data, body.id);
  if (!job) throw notFound(`No job with id ${body.id}`);
  if (body.instanceParams !== undefined) {
    const { value, error } = parseParams(body.instanceParams);
    const problem =
      job.processorType === 'EXTERNAL' ? undefined : (error ?? PROCESSORS[job.processorInfo ?? '']?.check(value, data.registry));
    if (problem) refuse('instanceParams', problem);
  }
  const now = ctx.services.now();
  const { id } = await createInstance(data, job, { triggerType: 'API', expected: now, now, instanceParams: body.instanceParams });
  instanceChanged(data);
  const r = instanceResource(data);
  const row = (await data.select(r).selectAll().where('id', '=', id).executeTakeFirst()) as Row;
  return new EnvelopeResult(present(data, r, row), 'The job was started');
};

const stopInstance: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const id = Number(ctx.query.id);
  const r = instanceResource(data);
  const instance = await loadInstance(data, id);
  if (!instance) throw notFound(`No job instance with id ${id}`);
  const now = ctx.services.now();
  const written = await updateInstance(data, id, {
    status: 'STOPPED',
    finishedTime: now.toISOString(),
    leaseUntil: null,
    result: 'Stopped by hand',
  })
    .where(col(r, 'status'), 'in', LIVE)
    .executeTakeFirst();
  if (Number(written.numUpdatedRows) === 0)
    throw conflict(`Instance ${id} is ${instance.status}: only a waiting or running instance can be stopped`);
  instanceChanged(data, id);
  await fireAfterEnd(data, instance.jobId, instance.triggerType, now);
  await instanceEnded(data, instance, 'STOPPED', 'Stopped by hand', now);
  instanceChanged(data); // a fixed delay's next firing
  return new EnvelopeResult(undefined, 'The instance was stopped');
};

const retryInstance: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const id = Number(ctx.query.id);
  const r = instanceResource(data);
  const instance = await loadInstance(data, id);
  if (!instance) throw notFound(`No job instance with id ${id}`);
  if (!(await loadJob(data, instance.jobId))) throw conflict(`Job ${instance.jobId} of instance ${id} was deleted`);
  const written = await updateInstance(data, id, { status: 'WAITING_DISPATCH', finishedTime: null, result: null })
    .where(col(r, 'status'), 'in', ENDED)
    .executeTakeFirst();
  if (Number(written.numUpdatedRows) === 0)
    throw conflict(`Instance ${id} is ${instance.status}: only an instance that ended can be retried`);
  instanceChanged(data);
  return new EnvelopeResult(undefined, 'The instance runs again');
};

const queryInstance: CallHandler = (ctx) => listPage(ctx, ctx.resource, ['id', 'jobId', 'status'], ['jobName']);
const queryWorkflowInstance: CallHandler = (ctx) => listPage(ctx, ctx.resource, ['wfId', 'status'], ['wfName']);
const queryDagTaskInstance: CallHandler = (ctx) => listPage(ctx, ctx.resource, ['wfInstanceId', 'status'], ['nodeName']);

export const jobHandlers: Record<string, CallHandler> = {
  'jobs.addJob': addJob,
  'jobs.updateJob': updateJob,
  'jobs.importJobs': importJobs,
  'jobs.runJob': runJob,
  'jobs.stopInstance': stopInstance,
  'jobs.retryInstance': retryInstance,
  'jobs.queryInstance': queryInstance,
  'jobs.queryWorkflowInstance': queryWorkflowInstance,
  'jobs.queryDagTaskInstance': queryDagTaskInstance,
  ...workflowHandlers,
  ...workerHandlers,
};
