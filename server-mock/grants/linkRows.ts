/**
 * Reading and replacing the rows of the grant (link) tables through a tenant's data access:
 * column names come from the resource files, every id or code a request names is checked to
 * exist in the caller's tenant, and a set of grants is replaced inside one transaction.
 */
import type { FieldDef, Resource } from '../../schemas/registry/types.ts';
import type { TenantData } from '../access/tenantData.ts';
import { inChunks, type Row } from '../db/anyKysely.ts';
import { ApiError, badRequest, conflict } from '../http/apiError.ts';
import { assertValid } from '../calls/validation.ts';

export function fieldOf(r: Resource, name: string): FieldDef {
  const f = r.fieldMap.get(name);
  if (!f) throw new Error(`Resource ${r.name} (${r.file}) has no field "${name}", which the grant calls need`);
  return f;
}

/** The table-qualified column of a field. */
function qcol(r: Resource, name: string): string {
  return `${r.table}.${fieldOf(r, name).column}`;
}

/** Rows of the tenant whose `field` is one of `values`, as API records. */
export async function recordsWhereIn(data: TenantData, r: Resource, field: string, values: unknown[]): Promise<Row[]> {
  const f = fieldOf(r, field);
  const out: Row[] = [];
  for (const part of inChunks(values)) {
    const rows = (await data
      .select(r)
      .selectAll()
      .where(
        qcol(r, field),
        'in',
        part.map((v) => data.dialect.toDb(f.type, v)),
      )
      .orderBy(`${r.table}.id`, 'asc')
      .execute()) as Row[];
    out.push(...rows.map((row) => data.toRecord(r, row)));
  }
  return out;
}

/**
 * 400 unless every value names a record of the tenant (by `field`); names the missing ones.
 * Returns the records found, keyed by the value as text.
 */
export async function assertExist(
  data: TenantData,
  r: Resource,
  field: string,
  values: unknown[],
  param: string,
): Promise<Map<string, Row>> {
  const found = new Map<string, Row>();
  if (values.length === 0) return found;
  for (const rec of await recordsWhereIn(data, r, field, values)) found.set(String(rec[field]), rec);
  const absent = values.filter((v) => !found.has(String(v)));
  if (absent.length) {
    const list = absent.map((v) => JSON.stringify(v)).join(', ');
    throw badRequest(`No ${r.name} with ${field} ${list}`, [{ field: param, message: `no ${r.name} with ${field} ${list}` }]);
  }
  return found;
}

/** The one record of the tenant whose `field` is `value`, or a 400 naming it. */
export async function assertOne(data: TenantData, r: Resource, field: string, value: unknown, param: string): Promise<Row> {
  return (await assertExist(data, r, field, [value], param)).get(String(value))!;
}

/** Records of a table matching every (API field name) value of `where`; undefined values are ignored. */
export async function recordsWhere(data: TenantData, r: Resource, where: Row, order?: string): Promise<Row[]> {
  let q = data.select(r).selectAll();
  for (const [name, value] of Object.entries(where)) {
    if (value === undefined) continue;
    const f = fieldOf(r, name);
    q = value === null ? q.where(qcol(r, name), 'is', null) : q.where(qcol(r, name), '=', data.dialect.toDb(f.type, value));
  }
  if (order) q = q.orderBy(qcol(r, order), 'asc');
  const rows = (await q.orderBy(`${r.table}.id`, 'asc').execute()) as Row[];
  return rows.map((row) => data.toRecord(r, row));
}

/** Every record of a table, in tree order when it is a tree (sequence, then id). */
export async function allRecords(data: TenantData, r: Resource): Promise<Row[]> {
  let q = data.select(r).selectAll();
  const seq = r.list.tree?.sequenceField;
  if (seq) q = q.orderBy(qcol(r, seq), 'asc');
  return (await q.orderBy(`${r.table}.id`, 'asc').execute()) as Row[];
}

/** Check values against their fields' schemas (lengths, patterns) before they are stored. */
export function assertStorable(r: Resource, record: Row): void {
  const properties = Object.fromEntries(Object.keys(record).map((name) => [name, fieldOf(r, name).schema]));
  assertValid({ type: 'object', properties }, record);
}

/** Insert one link row (API names) with its timestamps. */
export async function insertLink(data: TenantData, link: Resource, record: Row, now: Date): Promise<number> {
  const row = data.toRow(link, record);
  const at = data.dialect.toDb('datetime', now.toISOString());
  row.create_time = at;
  row.update_time = at;
  return data.insert(link, row);
}

/** Delete the rows of `link` whose ids are given. */
export async function deleteLinkIds(data: TenantData, link: Resource, ids: number[]): Promise<void> {
  for (const part of inChunks(ids)) await data.delete(link).where('id', 'in', part).execute();
}

export interface ReplaceSpec {
  link: Resource;
  /** The set being replaced: rows whose fields have these values (undefined: any). */
  scope: Row;
  /** The field that varies within the set (roleId, userId, menuId, buttonCode...). */
  key: string;
  /** The values the set must hold afterwards. */
  wanted: unknown[];
  /** Only rows whose key is one of these belong to the set (a menu's buttons). */
  within?: unknown[];
  now: Date;
}

/** What replacing a set changes: the values added and removed, and the rows to delete. */
export interface ReplacePlan {
  added: unknown[];
  removed: unknown[];
  stale: Row[];
}

/**
 * What making the set of `key` values of the rows in `scope` equal `wanted` changes, read
 * before anything is written (so that the change can be judged first): rows of other values
 * go, missing values come, kept rows stay as they are (with their creation time).
 */
export async function planLinks(data: TenantData, spec: ReplaceSpec): Promise<ReplacePlan> {
  const { link, key } = spec;
  const within = spec.within ? new Set(spec.within.map(String)) : undefined;
  const rows = (await recordsWhere(data, link, spec.scope)).filter((rec) => !within || within.has(String(rec[key])));
  const wanted = new Set(spec.wanted.map(String));
  const have = new Set(rows.map((rec) => String(rec[key])));
  const stale = rows.filter((rec) => !wanted.has(String(rec[key])));
  const added: unknown[] = [];
  for (const value of spec.wanted) {
    if (have.has(String(value))) continue;
    have.add(String(value));
    added.push(value);
  }
  return { added, removed: [...new Set(stale.map((rec) => rec[key]))], stale };
}

/** Write a plan of planLinks: new rows carry the scope's values. Run it inside a transaction. */
export async function applyLinks(data: TenantData, spec: ReplaceSpec, plan: ReplacePlan): Promise<void> {
  await deleteLinkIds(
    data,
    spec.link,
    plan.stale.map((rec) => Number(rec.id)),
  );
  for (const value of plan.added) {
    const record: Row = { ...spec.scope, [spec.key]: value };
    for (const [k, v] of Object.entries(record)) if (v === undefined) delete record[k];
    assertStorable(spec.link, record);
    await insertLink(data, spec.link, record, spec.now);
  }
}

/**
 * Run a grant change in one transaction. Two changes of the same set racing on PostgreSQL can
 * meet on a unique index: the loser gets 409 (try again), never a 500.
 */
export async function grantTransaction<T>(data: TenantData, fn: (tx: TenantData) => Promise<T>): Promise<T> {
  try {
    return await data.transaction(fn);
  } catch (err) {
    if (!(err instanceof ApiError) && data.dialect.isUniqueViolation(err)) {
      throw conflict('The grants were changed at the same time by another request; please try again');
    }
    throw err;
  }
}
