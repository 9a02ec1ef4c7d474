/**
 * THE tenant filter. Every read and write of a resource table by a call handler goes through
 * a TenantData bound to the caller's tenant: selects, updates and deletes always carry
 * `tenant_code = <caller's tenant>`, inserts always set it, and a tenantCode in a body is never
 * used. Handlers are given a TenantData, not the database.
 */
import { sql } from 'kysely';
import type { Resource, Registry } from '../../schemas/registry/types.ts';
import type { AnyKysely, Row } from '../db/anyKysely.ts';
import type { Database } from '../db/database.ts';

export class TenantData {
  constructor(
    readonly database: Database,
    readonly registry: Registry,
    readonly tenantCode: string,
    private readonly db: AnyKysely = database.db,
  ) {}

  get dialect() {
    return this.database.dialect;
  }

  resource(name: string): Resource {
    const r = this.registry.byName.get(name);
    if (!r) throw new Error(`Unknown resource ${name}`);
    return r;
  }

  private scoped(r: Resource): boolean {
    return r.scope === 'tenant';
  }

  /** select from the resource's table, limited to this tenant */
  select(r: Resource) {
    const q = this.db.selectFrom(r.table);
    return this.scoped(r) ? q.where(`${r.table}.tenant_code`, '=', this.tenantCode) : q;
  }

  /** update the resource's table, limited to this tenant */
  update(r: Resource) {
    const q = this.db.updateTable(r.table);
    return { set: (values: Row) => {
      const s = q.set(values);
      return this.scoped(r) ? s.where('tenant_code', '=', this.tenantCode) : s;
    } };
  }

  /** delete from the resource's table, limited to this tenant */
  delete(r: Resource) {
    const q = this.db.deleteFrom(r.table);
    return this.scoped(r) ? q.where('tenant_code', '=', this.tenantCode) : q;
  }

  /** Insert one row (columns), in this tenant; returns the new id. */
  async insert(r: Resource, row: Row): Promise<number> {
    const values: Row = { ...row };
    if (this.scoped(r)) values.tenant_code = this.tenantCode;
    const result = (await this.db.insertInto(r.table).values(values).returning('id').executeTakeFirstOrThrow()) as Row;
    return Number(result.id);
  }

  /**
   * Insert one row (columns) in this tenant unless it clashes with a unique index; returns the
   * stored row, or undefined when nothing was inserted.
   */
  async insertUnlessClash(r: Resource, row: Row): Promise<Row | undefined> {
    const values: Row = { ...row };
    if (this.scoped(r)) values.tenant_code = this.tenantCode;
    return (await this.db.insertInto(r.table).values(values).onConflict((oc) => oc.doNothing()).returningAll().executeTakeFirst()) as Row | undefined;
  }

  /**
   * Delete the rows of this tenant with these ids, in one statement, only if every one of them
   * is there; returns whether they were deleted.
   */
  async deleteAllOrNone(r: Resource, ids: number[]): Promise<boolean> {
    if (ids.length === 0) return false;
    const present = this.select(r).select(sql<number>`count(*)`.as('n')).where(`${r.table}.id`, 'in', ids);
    const result = await this.delete(r)
      .where('id', 'in', ids)
      .where(present, '=', ids.length)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === ids.length;
  }

  /**
   * The same connection (or transaction) for another tenant. Only start-up seeding and the
   * platform tenant's provisioning use this; call handlers never do.
   */
  forTenant(tenantCode: string): TenantData {
    return new TenantData(this.database, this.registry, tenantCode, this.db);
  }

  /** Run fn in one transaction, with a TenantData bound to it. */
  async transaction<T>(fn: (data: TenantData) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    return this.db.transaction().execute((trx) => fn(new TenantData(this.database, this.registry, this.tenantCode, trx)));
  }

  /** A row as an API record: camelCase names, API value forms, secrets removed. */
  toRecord(r: Resource, row: Row): Row {
    const out: Row = {};
    for (const f of r.fields) {
      if (f.secret) continue;
      if (!(f.column in row)) continue;
      out[f.name] = this.dialect.fromDb(f.type, row[f.column]);
    }
    return out;
  }

  /** Record values (API names) as columns. Unknown names are dropped. */
  toRow(r: Resource, record: Row): Row {
    const out: Row = {};
    for (const [name, value] of Object.entries(record)) {
      const f = r.fieldMap.get(name);
      if (!f || f.system) continue;
      out[f.column] = this.dialect.toDb(f.type, value);
    }
    return out;
  }
}
