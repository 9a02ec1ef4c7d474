/**
 * The system store: the server's own tables (server-mock/db/migrate.ts INTERNAL_TABLES, typed
 * in systemTables.ts), for the sessions, sign-in failures and locks, SMS codes, used captcha keys, password
 * reset codes and secrets. They are not tenant resources: their rows are keyed by a session, a
 * login name in a tenant, a mobile number or a nonce, and no handler reaches a resource table
 * through this store. Tenant resources are read only through a TenantData; the public sign-in
 * calls, which name their tenant in the request, get theirs from `tenant()`.
 *
 * The few operations that reach across tenants are methods of their own here, named for what
 * they do: the sign-in page's tenant look-up, the access of a request (its token names the
 * tenant), and the platform's administration of the tenants themselves (deletion, the purge
 * after the grace period, start-up seeding), and the workflow's waiting process instances
 * (which the timer loop then steps through each instance's own tenant, `tenant()`). Handlers get this store, never the database.
 */
import type { FastifyRequest } from 'fastify';
import type { Registry } from '../../schemas/registry/types.ts';
import type { Database, PoolFigures, QueryListener } from '../db/database.ts';
import type { AnyKysely, Row } from '../db/anyKysely.ts';
import { INTERNAL_TABLES } from '../db/migrate.ts';
import type { TokenService } from '../auth/tokens.ts';
import { TenantData } from './tenantData.ts';
import { authenticate } from './principal.ts';
import { RequestAccess } from './requestAccess.ts';
import { revokeTenantSessions } from './sessions.ts';
import type { SystemDb } from './systemTables.ts';
import { JobStore } from './jobStore.ts';

export class SystemStore {
  constructor(
    private readonly database: Database,
    private readonly registry: Registry,
    /** The connection or transaction the store's statements run on. */
    private readonly conn: AnyKysely = database.db,
    /** In a transaction: what runs once it committed (TenantData.afterCommit of its tenants' data). */
    private readonly commitHooks?: (() => void)[],
  ) {}

  /** Which database the tables live in. */
  get dialectName(): 'sqlite' | 'postgres' {
    return this.database.dialect.name;
  }

  /** Tells `listener` the operation and time of every statement the server runs (the metrics' database time). */
  onQuery(listener: QueryListener): () => void {
    return this.database.onQuery(listener);
  }

  /** The database's connections now: open, idle and waited for (the metrics' pool figures). */
  poolFigures(): PoolFigures {
    return this.database.poolFigures();
  }

  /** The server's own tables (sessions, failures, codes, captcha keys, resets, secrets). */
  get db(): SystemDb {
    return this.conn as SystemDb;
  }

  /**
   * A tenant's data for the public calls that name their tenant in the request (sign-in, the
   * lock state before it, account recovery) and for the platform's administration of
   * tenants: every resource table read through it carries that tenant's condition.
   */
  tenant(tenantCode: string): TenantData {
    return new TenantData(this.database, this.registry, tenantCode, this.conn, this.commitHooks);
  }

  /** Run fn in one transaction, with a store (and its tenants' data) bound to it. */
  async transaction<T>(fn: (system: SystemStore) => Promise<T>): Promise<T> {
    if (this.conn.isTransaction) return fn(this);
    const hooks: (() => void)[] = [];
    const answer = await this.conn.transaction().execute((trx) => fn(new SystemStore(this.database, this.registry, trx, hooks)));
    for (const hook of hooks) hook();
    return answer;
  }

  /**
   * The access of an API request: the caller its token and session name (401 otherwise), the
   * grants of the call, and the data of the caller's tenant.
   */
  async requestAccess(request: FastifyRequest, tokens: TokenService, now: Date): Promise<RequestAccess> {
    const { principal, grants } = await authenticate(request, this.conn, this.registry, tokens, now);
    return new RequestAccess(principal, this.tenant(principal.tenantCode), grants);
  }

  /**
   * The tenants (not deleted) in which a user's username, email or mobile is `login`, by tenant
   * code: the sign-in page's tenant look-up, the one read across tenants.
   */
  async tenantsOfLogin(login: string): Promise<{ tenantCode: string; tenantName: string }[]> {
    const userTable = this.table('SysUser');
    const tenantTable = this.table('SysTenant');
    const rows = (await this.conn
      .selectFrom(`${userTable} as u`)
      .innerJoin(`${tenantTable} as t`, 't.tenant_code', 'u.tenant_code')
      .select(['t.tenant_code', 't.tenant_name'])
      .distinct()
      .where((eb) => eb.or([eb('u.username', '=', login), eb('u.email', '=', login), eb('u.mobile', '=', login)]))
      .where('t.delete_time', 'is', null)
      .orderBy('t.tenant_code')
      .execute()) as Row[];
    return rows.map((r) => ({ tenantCode: String(r.tenant_code), tenantName: String(r.tenant_name) }));
  }

  /** Whether a user of some tenant has this mobile number (an SMS code is sent only then). */
  async mobileHasUser(mobile: string): Promise<boolean> {
    const owner = await this.conn.selectFrom(this.table('SysUser')).select('id').where('mobile', '=', mobile).limit(1).executeTakeFirst();
    return !!owner;
  }

  /** Whether the tenant exists and is not deleted (sign-in, registration, adding a user to it). */
  async tenantLive(tenantCode: string): Promise<boolean> {
    const r = this.registry.byName.get('SysTenant')!;
    const row = await this.conn
      .selectFrom(r.table)
      .select('id')
      .where(this.column(r.name, 'tenantCode'), '=', tenantCode)
      .where(this.column(r.name, 'deleteTime'), 'is', null)
      .executeTakeFirst();
    return !!row;
  }

  // ---- the platform's administration of the tenants themselves ----

  /** The code of every tenant, deleted ones included (start-up seeding syncs each). */
  async allTenantCodes(): Promise<string[]> {
    const r = this.registry.byName.get('SysTenant')!;
    const code = this.column(r.name, 'tenantCode');
    const rows = (await this.conn.selectFrom(r.table).select(code).orderBy(code).execute()) as Row[];
    return rows.map((row) => String(row[code]));
  }

  /** End every live session of these tenants' users (the tenants were deleted); returns how many. */
  revokeTenantSessions(tenantCodes: string[], now: Date): Promise<number> {
    return revokeTenantSessions(this.db, tenantCodes, now);
  }

  /** Give `deleted = false` to the live tenants whose flag is empty (rows older than the flag). */
  async fillTenantDeletedFlags(): Promise<void> {
    const r = this.registry.byName.get('SysTenant')!;
    const flag = this.column(r.name, 'deleted');
    await this.conn
      .updateTable(r.table)
      .set({ [flag]: this.database.dialect.toDb('boolean', false) })
      .where(flag, 'is', null)
      .where(this.column(r.name, 'deleteTime'), 'is', null)
      .execute();
  }

  /** The tenants marked deleted, with when (an ISO time, or null when unreadable). */
  async deletedTenants(): Promise<{ tenantCode: string; deletedAt: string | null }[]> {
    const r = this.registry.byName.get('SysTenant')!;
    const code = this.column(r.name, 'tenantCode');
    const time = this.column(r.name, 'deleteTime');
    const rows = (await this.conn.selectFrom(r.table).select([code, time]).where(time, 'is not', null).execute()) as Row[];
    return rows.map((row) => {
      const at = this.database.dialect.fromDb('datetime', row[time]);
      const text = at === null || at === undefined ? null : at instanceof Date ? at.toISOString() : String(at);
      return { tenantCode: String(row[code]), deletedAt: text };
    });
  }

  /**
   * Every table whose rows belong to one tenant (a `tenant_code` column): the resource files'
   * tenant-scoped tables and the server's own that name a tenant.
   */
  tenantTables(): string[] {
    const fromFiles = this.registry.resources.filter((r) => r.kind !== 'service' && r.scope === 'tenant').map((r) => r.table);
    const internal = INTERNAL_TABLES.filter((t) => t.columns.some((c) => c.name === 'tenant_code')).map((t) => t.name);
    return [...new Set([...fromFiles, ...internal])];
  }

  /**
   * Remove every row of a deleted tenant, then the tenant itself, in one transaction. A tenant
   * not marked deleted keeps its SysTenant row.
   */
  async purgeTenant(tenantCode: string): Promise<void> {
    const r = this.registry.byName.get('SysTenant')!;
    const tables = this.tenantTables();
    await this.transaction(async (system) => {
      for (const table of tables) await system.conn.deleteFrom(table).where('tenant_code', '=', tenantCode).execute();
      await system.conn
        .deleteFrom(r.table)
        .where(this.column(r.name, 'tenantCode'), '=', tenantCode)
        .where(this.column(r.name, 'deleteTime'), 'is not', null)
        .execute();
    });
  }

  /**
   * Process instances across tenants that wait and are not suspended: those whose next timer is
   * due by `dueBy` (every waiting one when `dueBy` is undefined, as at start), oldest timer
   * first, at most `limit`. The workflow's timer loop takes a step of each in its tenant.
   */
  async waitingWorkflowInstances(dueBy: Date | undefined, limit: number): Promise<{ tenantCode: string; id: number }[]> {
    const r = this.registry.byName.get('ProcessInstance');
    if (!r) return [];
    const column = (f: string) => r.fieldMap.get(f)!.column;
    const dialect = this.database.dialect;
    let q = this.database.db
      .selectFrom(r.table)
      .select(['tenant_code', 'id'])
      .where(column('ended'), '=', dialect.toDb('boolean', false))
      .where(column('suspended'), '=', dialect.toDb('boolean', false));
    if (dueBy) q = q.where(column('nextTimerAt'), '<=', dialect.toDb('datetime', dueBy.toISOString())).orderBy(column('nextTimerAt'));
    const rows = (await q.orderBy('id').limit(limit).execute()) as Row[];
    return rows.map((row) => ({ tenantCode: String(row.tenant_code), id: Number(row.id) }));
  }

  /** The job scheduler's claims across tenants (jobStore.ts), on this connection or transaction. */
  jobs(): JobStore {
    return new JobStore(this.database, this.registry, this.conn);
  }

  private table(resource: string): string {
    const r = this.registry.byName.get(resource);
    if (!r) throw new Error(`Unknown resource ${resource}`);
    return r.table;
  }

  private column(resource: string, field: string): string {
    return this.registry.byName.get(resource)!.fieldMap.get(field)!.column;
  }
}
