/**
 * The job scheduler of one server process (docs/jobs.md). Each round it
 *
 * 1. claims the jobs (and CRON workflows, workflows.ts) whose next firing is due (access/jobStore.ts: `FOR UPDATE SKIP LOCKED` on
 *    PostgreSQL, so each firing is claimed by one process), moves each to its next firing and
 *    writes an instance WAITING_DISPATCH, in one transaction;
 * 2. claims instances waiting for a process (fired, retried, fired by the API) and running
 *    ones whose process stopped renewing its lease, marks them RUNNING under a lease of its own,
 *    and runs them: the job's built-in processor, or its tasks on the app's external workers
 *    (workerTasks.ts), aborted at the job's timeout and when the instance is stopped. The lease is renewed every second while it runs; a process that dies
 *    leaves its instances to be taken over once their lease has expired.
 *
 * An instance that fails runs again while it has retries left (the job's instanceRetryNum);
 * its result says why each run failed.
 *
 * Between rounds it sleeps until there is something to do (timing.ts): the next due firing,
 * the end of a lease, or a call of this process that changed a job or an instance.
 */
import { hostname } from 'node:os';
import type { Services } from '../calls/context.ts';
import type { TenantData } from '../access/tenantData.ts';
import type { Row } from '../db/anyKysely.ts';
import { nextFiring } from './schedule.ts';
import { fireDueWorkflows, instanceEnded } from './workflows.ts';
import { alarmFailedRun } from './alarms.ts';
import { BATCH, FIRE_BATCH, IDLE_CAP_MS, LEASE_MS, LEASE_RENEW_MS, MAX_RUNNING } from './timing.ts';
import { PROCESSORS, parseParams } from './processors.ts';
import {
  col,
  instanceRow,
  fireAfterEnd,
  instanceResource,
  loadInstances,
  loadJobs,
  setNextFiring,
  timeZoneOf,
  updateInstance,
  type Instance,
  type InstanceStatus,
  type Job,
} from './jobRecords.ts';
import { runOnWorkers } from './workerTasks.ts';

/** This process, as an instance's task tracker address. */
const ADDRESS = `${hostname()}:${process.pid}`;

type SchedulerServices = Pick<Services, 'system' | 'log' | 'now' | 'config' | 'locales'>;

class Stopped extends Error {}
class Closing extends Error {}
class TimedOut extends Error {}

/** The scheduler of each database this process serves (a call stops an instance this process runs). */
const schedulers = new WeakMap<object, JobScheduler>();

/** Abort the run of an instance if this process runs it, and have the next round come now. */
export function instanceChanged(data: TenantData, instanceId?: number): void {
  const scheduler = schedulers.get(data.databaseKey);
  if (!scheduler) return;
  if (instanceId !== undefined) scheduler.abortLocal(data.tenantCode, instanceId);
  scheduler.wake();
}

const key = (tenantCode: string, id: number) => `${tenantCode}:${id}`;

/** An instance claimed to run here, as it is once claimed, with its job (undefined: deleted). */
interface Claim {
  tenantCode: string;
  instance: Instance;
  job: Job | undefined;
}

/** Claimed rows grouped by tenant, in their order, so that each tenant's rows are read in one query. */
function byTenant(rows: readonly { tenantCode: string; id: number }[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const { tenantCode, id } of rows) {
    const ids = out.get(tenantCode);
    if (ids) ids.push(id);
    else out.set(tenantCode, [id]);
  }
  return out;
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}

class JobScheduler {
  private readonly running = new Map<string, AbortController>();
  private readonly runs = new Set<Promise<void>>();
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private tickRunning: Promise<void> = Promise.resolve();
  private ticking = false;
  private again = false;
  constructor(
    private readonly services: SchedulerServices,
    private readonly capMs = IDLE_CAP_MS,
  ) {}

  start(): void {
    schedulers.set(this.services.system.tenant('').databaseKey, this);
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.ticking = true;
      this.tickRunning = this.tick().then(
        (sleep) => this.afterTick(sleep),
        () => this.afterTick(this.capMs),
      );
    }, ms);
    this.timer.unref();
  }

  private afterTick(sleep: number): void {
    this.ticking = false;
    const soon = this.again;
    this.again = false;
    this.schedule(soon ? 0 : sleep);
  }

  /** A round now, or as soon as the one running is over (a job or an instance changed). */
  wake(): void {
    if (this.stopped) return;
    if (this.ticking) this.again = true;
    else this.schedule(0);
  }

  abortLocal(tenantCode: string, id: number): void {
    this.running.get(key(tenantCode, id))?.abort(new Stopped('stopped'));
  }

  /** Stop ticking; abort the runs of this process and put their instances back to wait for another. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.tickRunning;
    for (const c of this.running.values()) c.abort(new Closing('the server is closing'));
    await Promise.allSettled([...this.runs]);
    schedulers.delete(this.services.system.tenant('').databaseKey);
  }

  /** One round; answers how long to sleep until the next. */
  private async tick(): Promise<number> {
    try {
      await this.fireDue();
      await this.dispatch();
      const now = this.services.now();
      const next = await this.services.system.jobs().nextWork(now);
      // a waiting instance with no room to run it: a run that ends wakes the scheduler
      if (next && next.getTime() <= now.getTime() && this.running.size >= MAX_RUNNING) return this.capMs;
      const sleep = next ? next.getTime() - now.getTime() : this.capMs;
      return Math.max(0, Math.min(this.capMs, sleep));
    } catch (err) {
      if (!this.stopped) this.services.log?.error({ err }, 'The job scheduler failed a round');
      return this.capMs;
    }
  }

  /** Claim the due firings: each job moves to its next firing, and an instance is written. */
  private async fireDue(): Promise<void> {
    const now = this.services.now();
    await this.services.system.transaction(async (tx) => {
      // the round's due jobs, read together by tenant, with the tenant's time zone read once
      for (const [tenantCode, ids] of byTenant(await tx.jobs().dueJobs(now, FIRE_BATCH))) {
        const data = tx.tenant(tenantCode);
        const jobs = await loadJobs(data, ids);
        const zone = await timeZoneOf(data);
        const rows: Row[] = [];
        for (const id of ids) {
          const job = jobs.get(id);
          if (!job?.nextTriggerTime) continue;
          const expected = new Date(job.nextTriggerTime);
          let next: Date | null = null;
          try {
            next = nextFiring(job, expected, now, zone);
          } catch (err) {
            // an expression stored before it was checked: the job stops firing, and says why
            this.services.log?.warn({ err, tenantCode, job: id }, 'A job has a time expression that does not parse');
          }
          await setNextFiring(data, id, next);
          // fired when its turn in the round came
          const firing = { triggerType: job.timeExpressionType, expected, now: this.services.now() };
          rows.push((await instanceRow(data, job, firing)).row);
        }
        await data.insertRows(instanceResource(data), rows);
      }
      await fireDueWorkflows(tx, now, BATCH, (err, tenantCode, id) =>
        this.services.log?.warn({ err, tenantCode, workflow: id }, 'A CRON workflow could not be fired'),
      );
    });
  }

  /** Claim instances to run (waiting ones, and running ones whose lease expired) and start them. */
  private async dispatch(): Promise<void> {
    const room = MAX_RUNNING - this.running.size;
    if (room <= 0 || this.stopped) return;
    const now = this.services.now();
    const lease = new Date(now.getTime() + LEASE_MS).toISOString();
    // runs lost with their process and no retry left: their alarms go once this commits
    const lost: { tenantCode: string; job: Job; instanceId: number; result: string }[] = [];
    const claimed = await this.services.system.transaction(async (tx) => {
      const out: Claim[] = [];
      const toRun = await tx.jobs().instancesToRun(now, Math.min(room, BATCH));
      const statusOf = new Map(toRun.map((c) => [key(c.tenantCode, c.id), c.status]));
      // the claimed instances and their jobs, read together by tenant
      for (const [tenantCode, ids] of byTenant(toRun)) {
        const data = tx.tenant(tenantCode);
        const instances = await loadInstances(data, ids);
        const jobs = await loadJobs(
          data,
          [...instances.values()].map((i) => i.jobId),
        );
        for (const id of ids) {
          const instance = instances.get(id);
          if (!instance) continue;
          const job = jobs.get(instance.jobId);
          const runningTimes = instance.runningTimes + 1;
          if (statusOf.get(key(tenantCode, id)) === 'RUNNING') {
            // its process stopped renewing the lease: a run lost, counted against the retries
            if (!job || runningTimes > job.instanceRetryNum + 1) {
              const result = 'The process running it (lease expired) stopped, and no retry is left';
              await updateInstance(data, id, { status: 'FAILED', result, finishedTime: now.toISOString(), leaseUntil: null }).execute();
              await instanceEnded(data, instance, 'FAILED', 'The process running it stopped', now);
              if (job) lost.push({ tenantCode, job, instanceId: id, result });
              continue;
            }
          }
          await updateInstance(data, id, { status: 'RUNNING', runningTimes, leaseUntil: lease, taskTrackerAddress: ADDRESS }).execute();
          await instanceEnded(data, instance, 'RUNNING', null, now);
          out.push({ tenantCode, instance: { ...instance, status: 'RUNNING', runningTimes }, job });
        }
      }
      return out;
    });
    for (const { tenantCode, job, instanceId, result } of lost)
      await this.alarm(this.services.system.tenant(tenantCode), job, instanceId, result, now);
    for (const c of claimed) {
      const run = this.run(c).catch((err: unknown) =>
        this.services.log?.error({ err, tenantCode: c.tenantCode, instance: c.instance.id }, 'A job instance could not be recorded'),
      );
      this.runs.add(run);
      void run.finally(() => this.runs.delete(run));
    }
  }

  /** Run one claimed instance to its end, and record it (unless it was stopped meanwhile). */
  private async run({ tenantCode, instance, job }: Claim): Promise<void> {
    const system = this.services.system;
    const data = system.tenant(tenantCode);
    const { id, runningTimes } = instance;
    // registered first, so that a stop arriving while the run starts finds it; an older run
    // of the same instance still here (stopped, then retried) is left behind
    const controller = new AbortController();
    this.running.get(key(tenantCode, id))?.abort(new Stopped('stopped'));
    this.running.set(key(tenantCode, id), controller);
    const timers: NodeJS.Timeout[] = [];
    if (job && job.instanceTimeLimit > 0)
      timers.push(setTimeout(() => controller.abort(new TimedOut(`Timed out after ${job.instanceTimeLimit} ms`)), job.instanceTimeLimit));
    timers.push(
      setInterval(() => {
        void this.renew(data, id, runningTimes)
          .then((still) => {
            if (!still) controller.abort(new Stopped('stopped'));
          })
          .catch((err: unknown) =>
            this.services.log?.warn({ err, tenantCode, instance: id }, 'The lease of a job instance was not renewed'),
          );
      }, LEASE_RENEW_MS),
    );
    let status: InstanceStatus;
    let result: string;
    try {
      if (!job) throw new Error(`Job ${instance.jobId} was deleted`);
      // a processor that does not heed its signal is still left behind at the timeout or stop
      const work =
        job.processorType === 'EXTERNAL'
          ? runOnWorkers({ data, job, instance, runNumber: runningTimes, signal: controller.signal, now: this.services.now })
          : this.builtIn(data, job, instance, controller.signal);
      result = await Promise.race([work, aborted(controller.signal)]);
      status = 'SUCCEEDED';
    } catch (err) {
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : err;
      if (reason instanceof Stopped) return; // the stop recorded it
      const message = reason instanceof Error ? reason.message : String(reason);
      if (reason instanceof Closing) {
        // another process (or this one, started again) runs it from the start
        await updateInstance(data, id, { status: 'WAITING_DISPATCH', runningTimes: runningTimes - 1, leaseUntil: null })
          .where(col(instanceResource(data), 'status'), '=', 'RUNNING')
          .execute();
        return;
      }
      const retry = job !== undefined && runningTimes <= job.instanceRetryNum;
      status = retry ? 'WAITING_DISPATCH' : 'FAILED';
      result = retry ? `Run ${runningTimes} failed: ${message}; retrying` : message;
    } finally {
      for (const t of timers) clearTimeout(t);
      if (this.running.get(key(tenantCode, id)) === controller) this.running.delete(key(tenantCode, id));
      // room for an instance that waited for one
      this.wake();
    }
    const end = this.services.now();
    const r = instanceResource(data);
    const written = await updateInstance(data, id, {
      status,
      result: result.slice(0, 65535),
      finishedTime: status === 'WAITING_DISPATCH' ? null : end.toISOString(),
      leaseUntil: null,
    })
      .where(col(r, 'status'), '=', 'RUNNING')
      .where(col(r, 'runningTimes'), '=', runningTimes)
      .executeTakeFirst();
    if (Number(written.numUpdatedRows) === 0) return;
    if (status !== 'WAITING_DISPATCH') {
      await fireAfterEnd(data, instance.jobId, instance.triggerType, end);
      await instanceEnded(data, instance, status, result, end);
      if (status === 'FAILED' && job) await this.alarm(data, job, id, result, end);
    }
    this.wake();
  }

  /** Run a built-in processor of the job with the instance's (or the job's) parameters. */
  private builtIn(data: TenantData, job: Job, instance: Instance, signal: AbortSignal): Promise<string> {
    const processor = PROCESSORS[job.processorInfo ?? ''];
    if (!processor) throw new Error(`There is no built-in processor "${job.processorInfo ?? ''}"`);
    const { value, error } = parseParams(instance.instanceParams ?? job.jobParams);
    const problem = error ?? processor.check(value, data.registry);
    if (problem) throw new Error(problem);
    const { system, now } = this.services;
    return processor.run({ data, system, services: this.services, params: value, signal, now, notifyUserIds: job.notifyUserIds });
  }

  /** The alarms of a run that failed for good (jobs/alarms.ts). */
  private alarm(data: TenantData, job: Job, instanceId: number, result: string, at: Date): Promise<void> {
    return alarmFailedRun(data, job, { instanceId, result, finishedTime: at.toISOString() }, at, (err, what) =>
      this.services.log?.error({ err, tenantCode: data.tenantCode, instance: instanceId }, `A job's ${what} could not be sent`),
    );
  }

  /** Extend the lease of a running instance; answers false when it no longer runs here (stopped). */
  private async renew(data: TenantData, id: number, runningTimes: number): Promise<boolean> {
    const r = instanceResource(data);
    const lease = new Date(this.services.now().getTime() + LEASE_MS).toISOString();
    const written = await updateInstance(data, id, { leaseUntil: lease })
      .where(col(r, 'status'), '=', 'RUNNING')
      .where(col(r, 'runningTimes'), '=', runningTimes)
      .executeTakeFirst();
    return Number(written.numUpdatedRows) > 0;
  }
}

/** Start the scheduler of this process; answers its stop. */
export function startJobScheduler(services: SchedulerServices, capMs = IDLE_CAP_MS): { stop: () => Promise<void> } {
  const scheduler = new JobScheduler(services, capMs);
  scheduler.start();
  return { stop: () => scheduler.stop() };
}
