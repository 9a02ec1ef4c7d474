/**
 * The SQL of resources published from documents (server-mock/documents/). Their records are
 * rows of one table, `sys_document_record` (tenant, resource key, the record as JSON: SQLite
 * JSON text read with json_extract, PostgreSQL jsonb read with ->>), so publishing creates no
 * table and alters none. A query reads a published resource through a view of its rows (a
 * subquery named like a table) that gives each field a column: the list, filters, sorter,
 * exports and relation labels are the same queries as for a file's table. Sorted and searched
 * fields get expression indexes on that same expression (the planners match them, and the
 * resource key is written as a literal so a partial index applies).
 *
 * The number of records of each tenant's resource is kept in `sys_document_count`, written by
 * triggers on the record table in the transaction of every insert and delete (documentCountDdl):
 * a list without filters reads its total there (documentCount) instead of counting the rows.
 * Counting one resource's rows of the shared table walks an index on (tenant, resource key)
 * and compares both per entry, where a file resource's table needs only its tenant: on 10,000
 * records that count was most of the difference between the two lists (docs/documents.md).
 */
import { sql, type RawBuilder } from 'kysely';
import type { FieldDef, FieldType, Resource } from '../../schemas/registry/types.ts';
import type { Dialect } from './dialect.ts';
import { toDay } from './dialect.ts';
import type { TableSpec } from './migrate.ts';
import type { AnyKysely, Row } from './anyKysely.ts';

export const DOCUMENT_TABLE = 'sys_document_record';
export const PUBLICATION_TABLE = 'sys_published_resource';
/** Records per tenant and resource key, kept by triggers (documentCountDdl). */
const DOCUMENT_COUNT_TABLE = 'sys_document_count';
/** The PostgreSQL channel a publish or unpublish is announced on (NOTIFY), the tenant's code its payload. */
export const PUBLICATION_CHANNEL = 'sys_published_resource';

/** The tables of documents: published resources and their records. */
export const DOCUMENT_TABLES: TableSpec[] = [
  {
    name: DOCUMENT_TABLE,
    columns: [
      { name: 'tenant_code', type: 'string' },
      { name: 'resource_key', type: 'string' },
      { name: 'data', type: 'json' },
      { name: 'create_time', type: 'datetime' },
      { name: 'update_time', type: 'datetime' },
    ],
    unique: [],
    index: [['tenant_code', 'resource_key', 'create_time', 'id']],
  },
  {
    name: PUBLICATION_TABLE,
    columns: [
      { name: 'tenant_code', type: 'string' },
      { name: 'name', type: 'string' },
      { name: 'service', type: 'string' },
      { name: 'path', type: 'string' },
      { name: 'form_id', type: 'integer' },
      { name: 'document', type: 'json' },
      { name: 'status', type: 'string' },
      { name: 'version', type: 'integer' },
      { name: 'published_by', type: 'string' },
      { name: 'update_time', type: 'datetime' },
    ],
    unique: [['tenant_code', 'name']],
    index: [['tenant_code', 'form_id']],
  },
  {
    name: DOCUMENT_COUNT_TABLE,
    columns: [
      { name: 'tenant_code', type: 'string' },
      { name: 'resource_key', type: 'string' },
      { name: 'records', type: 'integer' },
    ],
    unique: [['tenant_code', 'resource_key']],
    index: [],
  },
];

const COUNT_TRIGGER = 'trg_sys_document_record_count';

/**
 * The triggers that keep sys_document_count: SQLite per row, PostgreSQL per statement (the
 * rows a statement inserted or deleted, grouped). No statement changes a record's tenant or
 * resource key (documentUpdate writes its JSON and update time only).
 */
function documentCountDdl(dialect: Dialect): string[] {
  const count = DOCUMENT_COUNT_TABLE;
  const added = (rows: string) =>
    `insert into ${count} (tenant_code, resource_key, records) ${rows}
     on conflict (tenant_code, resource_key) do update set records = ${count}.records + excluded.records`;
  if (dialect.name === 'sqlite') {
    return [
      `create trigger if not exists ${COUNT_TRIGGER}_insert after insert on ${DOCUMENT_TABLE}
       begin ${added('values (new.tenant_code, new.resource_key, 1)')}; end`,
      `create trigger if not exists ${COUNT_TRIGGER}_delete after delete on ${DOCUMENT_TABLE}
       begin update ${count} set records = records - 1 where tenant_code = old.tenant_code and resource_key = old.resource_key; end`,
    ];
  }
  const grouped = (table: string) =>
    `select tenant_code, resource_key, count(*) as records from ${table} group by tenant_code, resource_key`;
  const fn = (name: string, body: string) =>
    `create or replace function ${name}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`;
  const trigger = (name: string, event: string, table: string) =>
    `create trigger ${name} after ${event} on ${DOCUMENT_TABLE} referencing ${table} for each statement execute function ${name}()`;
  return [
    fn(`${COUNT_TRIGGER}_insert`, added(grouped('added'))),
    fn(
      `${COUNT_TRIGGER}_delete`,
      `update ${count} c set records = c.records - r.records from (${grouped('removed')}) r
       where c.tenant_code = r.tenant_code and c.resource_key = r.resource_key`,
    ),
    trigger(`${COUNT_TRIGGER}_insert`, 'insert', 'new table as added'),
    trigger(`${COUNT_TRIGGER}_delete`, 'delete', 'old table as removed'),
  ];
}

/**
 * Creates the triggers of sys_document_count where they are missing, and then counts the
 * records already stored (a database from before the counts), in one transaction that keeps
 * writers of the record table out meanwhile. Run at start-up, after the tables are migrated.
 */
export async function ensureDocumentCounts(dialect: Dialect, db: AnyKysely): Promise<boolean> {
  const probe =
    dialect.name === 'sqlite'
      ? sql`select 1 from sqlite_schema where type = 'trigger' and name = ${`${COUNT_TRIGGER}_insert`}`
      : sql`select 1 from pg_trigger t join pg_class c on c.oid = t.tgrelid
            where t.tgname = ${`${COUNT_TRIGGER}_insert`} and c.relnamespace = current_schema()::regnamespace`;
  if ((await probe.execute(db)).rows.length) return false;
  await db.transaction().execute(async (tx) => {
    if (dialect.name === 'postgres') await sql.raw(`lock table ${DOCUMENT_TABLE} in share row exclusive mode`).execute(tx);
    for (const statement of documentCountDdl(dialect)) await sql.raw(statement).execute(tx);
    await sql.raw(`delete from ${DOCUMENT_COUNT_TABLE}`).execute(tx);
    await sql
      .raw(
        `insert into ${DOCUMENT_COUNT_TABLE} (tenant_code, resource_key, records)
         select tenant_code, resource_key, count(*) from ${DOCUMENT_TABLE} group by tenant_code, resource_key`,
      )
      .execute(tx);
  });
  return true;
}

/** The number of a published resource's records in the given tenant, as a subquery (no row: none). */
export function documentCount(r: Resource, tenantCode: unknown): RawBuilder<number> {
  return sql<number>`coalesce((select records from ${sql.table(DOCUMENT_COUNT_TABLE)} where tenant_code = ${tenantCode} and resource_key = ${documentKey(r)}), 0)`;
}

/** A key of a record's JSON (a field name: an identifier, checked by the meta-schema). */
function jsonKey(name: string): string {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name)) throw new Error(`Not a field name: ${name}`);
  return name;
}

/** The expression reading one field from a record's JSON, typed as a column of that field's type would be. */
function fieldExpression(dialect: Dialect, f: Pick<FieldDef, 'name' | 'type'>, column = 'data'): string {
  const key = jsonKey(f.name);
  if (dialect.name === 'sqlite') return `json_extract(${column}, '$.${key}')`;
  switch (f.type) {
    case 'integer':
      return `((${column}->>'${key}')::bigint)`;
    case 'number':
      return `((${column}->>'${key}')::double precision)`;
    case 'boolean':
      return `((${column}->>'${key}')::boolean)`;
    case 'json':
      return `(${column}->'${key}')`;
    default:
      // dates and times as their ISO text: it sorts as they do, and a cast to a time is not immutable (no index)
      return `(${column}->>'${key}')`;
  }
}

/** A value (API form) as a published record keeps it in its JSON. */
export function documentValue(type: FieldType, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (type === 'datetime') return new Date(value instanceof Date ? value : String(value)).toISOString();
  if (type === 'date') return toDay(value);
  if (type === 'boolean') return value === true || value === 1 || value === '1' || value === 'true';
  return value;
}

/** Fields kept in a record's JSON (the system fields are columns of the table). */
function dataFields(r: Resource): FieldDef[] {
  return r.fields.filter((f) => !f.system && !f.link);
}

function keyLiteral(r: Resource): string {
  const key = r.document!.key;
  if (!/^[A-Z][A-Za-z0-9]*$/.test(key)) throw new Error(`Not a resource name: ${key}`);
  return `'${key}'`;
}

/** The view of a published resource's records: one column per field, as its table would have. */
export function documentView(dialect: Dialect, r: Resource): RawBuilder<unknown> {
  const columns = dataFields(r).map((f) => `${fieldExpression(dialect, f)} as ${f.column}`);
  return sql.raw(
    `(select id, tenant_code, create_time, update_time${columns.map((c) => `, ${c}`).join('')} from ${DOCUMENT_TABLE} where resource_key = ${keyLiteral(r)})`,
  );
}

/** The condition selecting a published resource's rows of the document table (a literal key). */
export function documentKey(r: Resource): RawBuilder<string> {
  return sql.raw<string>(keyLiteral(r));
}

/** A row of the document table from a published resource's columns (toRow's output, create and update times). */
export function documentRow(r: Resource, tenantCode: string, columns: Row): Row {
  const data: Row = {};
  for (const f of dataFields(r)) if (f.column in columns) data[f.name] = columns[f.column];
  return {
    tenant_code: tenantCode,
    resource_key: r.document!.key,
    data: JSON.stringify(data),
    create_time: columns.create_time,
    update_time: columns.update_time,
  };
}

/** The update of a document row: the named fields replaced in its JSON, update_time set when given. */
export function documentUpdate(dialect: Dialect, r: Resource, columns: Row): Row {
  const out: Row = {};
  if ('update_time' in columns) out.update_time = columns.update_time;
  const changed = dataFields(r).filter((f) => f.column in columns);
  if (!changed.length) return out;
  if (dialect.name === 'sqlite') {
    out.data = sql`json_set(data, ${sql.join(changed.map((f) => sql`${sql.raw(`'$.${jsonKey(f.name)}'`)}, json(${JSON.stringify(columns[f.column] ?? null)})`))})`;
  } else {
    const patch: Row = {};
    for (const f of changed) patch[f.name] = columns[f.column] ?? null;
    out.data = sql`data || cast(${JSON.stringify(patch)} as jsonb)`;
  }
  return out;
}

function shortHash(s: string): string {
  let h = 0;
  for (const c of s) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h.toString(36);
}

/**
 * The indexes a published resource's list needs: per sorted or searched field (and each
 * storage.index set) one on (tenant, the field's expression, id) for the resource's rows;
 * per storage.unique set a unique one within the tenant. Named after what they index, so that
 * publishing again creates only what is new.
 */
export function documentIndexes(dialect: Dialect, r: Resource, tenantCode: string): { name: string; sql: string; unique: boolean }[] {
  const byName = (name: string) => r.fieldMap.get(name);
  const expr = (f: FieldDef) => (f.system ? f.column : fieldExpression(dialect, f));
  const sets: FieldDef[][] = [];
  const sorted = r.list.defaultSort.replace(/_(ascend|descend)$/, '');
  const names = new Set<string>([
    sorted,
    ...r.list.columns.filter((c) => c.sortable).map((c) => c.field),
    ...[...r.list.search.basic, ...r.list.search.advanced].map((s) => s.field),
  ]);
  for (const n of names) {
    const f = byName(n);
    if (f && !f.system && !f.link && f.type !== 'json') sets.push([f]);
  }
  for (const set of r.storage.index) sets.push(set.map((n) => byName(n)!).filter(Boolean));
  const key = keyLiteral(r);
  const out: { name: string; sql: string; unique: boolean }[] = [];
  for (const set of sets) {
    if (!set.length) continue;
    const cols = ['tenant_code', ...set.map(expr), 'id'];
    const name = `ixd_${r.document!.key.toLowerCase().slice(0, 30)}_${shortHash(key + cols.join(','))}`;
    out.push({
      name,
      unique: false,
      sql: `create index if not exists ${name} on ${DOCUMENT_TABLE} (${cols.map((c) => `(${c})`).join(', ')}) where resource_key = ${key}`,
    });
  }
  if (!/^[A-Za-z0-9_-]+$/.test(tenantCode)) throw new Error(`Not a tenant code: ${tenantCode}`);
  for (const set of r.storage.unique) {
    const fields = set.map((n) => byName(n)!).filter(Boolean);
    const cols = ['tenant_code', ...fields.map(expr)];
    const name = `uxd_${r.document!.key.toLowerCase().slice(0, 30)}_${shortHash(`${key}|${tenantCode}|${cols.join(',')}`)}`;
    // within the publishing tenant only: another tenant's resource of the same name is another resource
    out.push({
      name,
      unique: true,
      sql: `create unique index if not exists ${name} on ${DOCUMENT_TABLE} (${cols.map((c) => `(${c})`).join(', ')}) where resource_key = ${key} and tenant_code = '${tenantCode}'`,
    });
  }
  return out;
}
