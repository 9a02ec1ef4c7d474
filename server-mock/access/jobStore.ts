/**
 * The job scheduler's reads across tenants (server-mock/jobs/): the jobs and CRON workflows whose
 * next firing is due and the job instances waiting for a process to run them (or whose process stopped
 * renewing its lease), each claimed inside the caller's transaction. On PostgreSQL the rows
 * are locked `FOR UPDATE SKIP LOCKED`: two server processes never claim the same row, and
 * neither waits for the other. On SQLite one process writes at a time, so the transaction
 * alone claims them. What is done with a claimed row goes through its tenant's TenantData;
 * the expired sessions housekeeping deletes are the one write here.
 */
import type { Registry, Resource } from '../../schemas/registry/types.ts';
import type { Database } from '../db/database.ts';
import type { AnyKysely, Row } from '../db/anyKysely.ts';

export interface Claimed {
  tenantCode: string;
  id: number;
}

export class JobStore {
  constructor(
    private readonly database: Database,
    private readonly registry: Registry,
    private readonly conn: AnyKysely,
  ) {}

  private resource(name: string): Resource {
    const r = this.registry.byName.get(name);
    if (!r) throw new Error(`Unknown resource ${name}`);
    return r;
  }

  private column(r: Resource, field: string): string {
    return r.fieldMap.get(field)!.column;
  }

  private locked<Q extends { forUpdate(): Q; skipLocked(): Q }>(q: Q): Q {
    return this.database.dialect.name === 'postgres' ? q.forUpdate().skipLocked() : q;
  }

  /** Enabled jobs of every tenant whose next firing is due by `now`, earliest first, at most `limit`. */
  dueJobs(now: Date, limit: number): Promise<Claimed[]> {
    return this.due('JobInfo', now, limit);
  }

  /** Enabled CRON workflows of every tenant whose next firing is due by `now`, earliest first, at most `limit`. */
  dueWorkflows(now: Date, limit: number): Promise<Claimed[]> {
    return this.due('WorkflowInfo', now, limit);
  }

  /** Enabled rows of a scheduled resource (a job or a workflow) due by `now`, locked for the claim on PostgreSQL. */
  private async due(resource: 'JobInfo' | 'WorkflowInfo', now: Date, limit: number): Promise<Claimed[]> {
    const r = this.resource(resource);
    const dialect = this.database.dialect;
    const next = this.column(r, 'nextTriggerTime');
    const q = this.conn
      .selectFrom(r.table)
      .select(['tenant_code', 'id'])
      .where(this.column(r, 'enable'), '=', dialect.toDb('boolean', true))
      .where(next, '<=', dialect.toDb('datetime', now.toISOString()))
      .orderBy(next)
      .orderBy('id')
      .limit(limit);
    const rows = (await this.locked(q).execute()) as Row[];
    return rows.map((row) => ({ tenantCode: String(row.tenant_code), id: Number(row.id) }));
  }

  /**
   * Job instances of every tenant that wait for a process (`WAITING_DISPATCH`), and running
   * ones whose lease ended before `now` (their process is gone), oldest first, at most `limit`.
   */
  async instancesToRun(now: Date, limit: number): Promise<(Claimed & { status: string })[]> {
    const r = this.resource('JobInstance');
    const dialect = this.database.dialect;
    const status = this.column(r, 'status');
    const lease = this.column(r, 'leaseUntil');
    const q = this.conn
      .selectFrom(r.table)
      .select(['tenant_code', 'id', status])
      .where((eb) =>
        eb.or([
          eb(status, '=', 'WAITING_DISPATCH'),
          eb.and([eb(status, '=', 'RUNNING'), eb(lease, '<', dialect.toDb('datetime', now.toISOString()))]),
        ]),
      )
      .orderBy('id')
      .limit(limit);
    const rows = (await this.locked(q).execute()) as Row[];
    return rows.map((row) => ({ tenantCode: String(row.tenant_code), id: Number(row.id), status: String(row[status]) }));
  }

  /**
   * When the scheduler has something to do next, over every tenant: `now` when an instance waits
   * for a process; otherwise the earliest of the enabled jobs' and workflows' next firing and the running
   * instances' lease end; null when there is neither.
   */
  async nextWork(now: Date): Promise<Date | null> {
    const instances = this.resource('JobInstance');
    const jobs = this.resource('JobInfo');
    const dialect = this.database.dialect;
    const status = this.column(instances, 'status');
    const waiting = await this.conn.selectFrom(instances.table).select('id').where(status, '=', 'WAITING_DISPATCH').limit(1).execute();
    if (waiting.length > 0) return now;
    const next = this.column(jobs, 'nextTriggerTime');
    const lease = this.column(instances, 'leaseUntil');
    const firing = (await this.conn
      .selectFrom(jobs.table)
      .select(next)
      .where(this.column(jobs, 'enable'), '=', dialect.toDb('boolean', true))
      .where(next, 'is not', null)
      .orderBy(next)
      .limit(1)
      .executeTakeFirst()) as Row | undefined;
    const workflows = this.resource('WorkflowInfo');
    const wfNext = this.column(workflows, 'nextTriggerTime');
    const wfFiring = (await this.conn
      .selectFrom(workflows.table)
      .select(wfNext)
      .where(this.column(workflows, 'enable'), '=', dialect.toDb('boolean', true))
      .where(wfNext, 'is not', null)
      .orderBy(wfNext)
      .limit(1)
      .executeTakeFirst()) as Row | undefined;
    const ending = (await this.conn
      .selectFrom(instances.table)
      .select(lease)
      .where(status, '=', 'RUNNING')
      .where(lease, 'is not', null)
      .orderBy(lease)
      .limit(1)
      .executeTakeFirst()) as Row | undefined;
    const times = [firing?.[next], wfFiring?.[wfNext], ending?.[lease]]
      .filter((v) => v !== undefined && v !== null)
      .map((v) => new Date(String(dialect.fromDb('datetime', v))).getTime())
      .filter((t) => Number.isFinite(t));
    return times.length ? new Date(Math.min(...times)) : null;
  }

  /** Delete the tenant's sessions that expired before `now`; answers how many. */
  async deleteExpiredSessions(tenantCode: string, now: Date): Promise<number> {
    const result = await this.conn
      .deleteFrom('sys_session')
      .where('tenant_code', '=', tenantCode)
      .where('expires_at', '<', this.database.dialect.toDb('datetime', now.toISOString()))
      .executeTakeFirst();
    return Number(result.numDeletedRows ?? 0);
  }
}
