/**
 * The system store: the server's own tables (server-mock/db/migrate.ts INTERNAL_TABLES), typed
 * here, for the sessions, sign-in failures and locks, SMS codes, used captcha keys, password
 * reset codes and secrets. They are not tenant resources: their rows are keyed by a session, a
 * login name in a tenant, a mobile number or a nonce, and no handler reaches a resource table
 * through this store. Tenant resources are read only through a TenantData; the public sign-in
 * calls, which name their tenant in the request, get theirs from `tenant()`. Two reads cross
 * tenants: the sign-in page's tenants of a login, and the workflow's waiting process instances
 * (which the timer loop then steps through each instance's own tenant, `tenant()`).
 */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Registry } from '../../schemas/registry/types.ts';
import type { Database } from '../db/database.ts';
import type { Row } from '../db/anyKysely.ts';
import { TenantData } from './tenantData.ts';
import { INTERNAL_TABLES } from '../db/migrate.ts';

/** Whether the server's own tables include this one. */
export function hasSystemTable(name: keyof SystemTables): boolean {
  return INTERNAL_TABLES.some((t) => t.name === name);
}

/** A time: written as an ISO string, read as a Date (PostgreSQL) or a string (SQLite). */
type Time = ColumnType<Date | string, string, string>;
type OptionalTime = ColumnType<Date | string | null, string | null | undefined, string | null>;

export interface SystemTables {
  sys_session: {
    id: Generated<number>;
    jti: string;
    tenant_code: string;
    user_id: number;
    username: string;
    client_code: string;
    ip: string | null;
    user_agent: string | null;
    issued_at: Time;
    expires_at: Time;
    last_seen_at: OptionalTime;
    revoked_at: OptionalTime;
    revoked_reason: string | null;
  };
  sys_login_failure: {
    id: Generated<number>;
    tenant_code: string;
    username: string;
    failed_at: Time;
  };
  sys_sms_captcha: {
    id: Generated<number>;
    mobile: string;
    code: string;
    created_at: Time;
    expires_at: Time;
    used_at: OptionalTime;
  };
  sys_captcha_use: {
    id: Generated<number>;
    nonce: string;
    expires_at: Time;
  };
  sys_password_reset: {
    id: Generated<number>;
    tenant_code: string;
    user_id: number;
    code_hash: string;
    created_at: Time;
    expires_at: Time;
    used_at: OptionalTime;
    wrong_tries: number;
  };
  sys_secret: {
    id: Generated<number>;
    name: string;
    value: string;
  };
}

/** The server's own tables, and nothing else, as the type system sees them. */
export type SystemDb = Kysely<SystemTables>;

export class SystemStore {
  constructor(
    private readonly database: Database,
    private readonly registry: Registry,
  ) {}

  /** Which database the tables live in. */
  get dialectName(): 'sqlite' | 'postgres' {
    return this.database.dialect.name;
  }

  /** The server's own tables (sessions, failures, codes, captcha keys, resets, secrets). */
  get db(): SystemDb {
    return this.database.db as SystemDb;
  }

  /**
   * A tenant's data for the public calls that name their tenant in the request (sign-in, the
   * lock state before it, account recovery): every resource table read through it carries that
   * tenant's condition.
   */
  tenant(tenantCode: string): TenantData {
    return new TenantData(this.database, this.registry, tenantCode);
  }

  /**
   * The tenants (not deleted) in which a user's username, email or mobile is `login`, by tenant
   * code: the sign-in page's tenant look-up, the one read across tenants.
   */
  async tenantsOfLogin(login: string): Promise<{ tenantCode: string; tenantName: string }[]> {
    const userTable = this.table('SysUser');
    const tenantTable = this.table('SysTenant');
    const rows = (await this.database.db
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
    const owner = await this.database.db.selectFrom(this.table('SysUser')).select('id').where('mobile', '=', mobile).limit(1).executeTakeFirst();
    return !!owner;
  }

  /** Whether the tenant exists and is not deleted (the sign-in calls). */
  async tenantLive(tenantCode: string): Promise<boolean> {
    const data = this.tenant(tenantCode);
    const r = data.resource('SysTenant');
    const row = await data.select(r).select('id').where(`${r.table}.tenant_code`, '=', tenantCode).where(`${r.table}.delete_time`, 'is', null).executeTakeFirst();
    return !!row;
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

  private table(resource: string): string {
    const r = this.registry.byName.get(resource);
    if (!r) throw new Error(`Unknown resource ${resource}`);
    return r.table;
  }
}
