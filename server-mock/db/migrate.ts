/**
 * Tables come from the resource files (plus the server's own internal tables). At start-up
 * missing tables, columns and indexes are added; no table or column is ever dropped or changed
 * in type (a destructive change is a manual step described in the README). The one thing
 * removed is an index of the server's own making (named ix_<table>_...) that the resource
 * files no longer ask for: it holds no data, and every write would keep paying for it.
 */
import { sql } from 'kysely';
import type { FieldType, Registry } from '../../schemas/registry/types.ts';
import type { Database } from './database.ts';
import type { AnyKysely } from './anyKysely.ts';
import { DOCUMENT_TABLES } from './documentSql.ts';

interface ColumnSpec {
  name: string;
  type: FieldType;
}

export interface TableSpec {
  name: string;
  columns: ColumnSpec[];
  unique: string[][];
  index: string[][];
}

/** Internal tables of the server: sessions (and their revocation), sign-in failures, SMS codes, used captcha keys, password reset codes, secrets, published documents and their records. */
export const INTERNAL_TABLES: TableSpec[] = [
  {
    name: 'sys_session',
    columns: [
      { name: 'jti', type: 'string' },
      { name: 'tenant_code', type: 'string' },
      { name: 'user_id', type: 'integer' },
      { name: 'username', type: 'string' },
      { name: 'client_code', type: 'string' },
      { name: 'ip', type: 'string' },
      { name: 'user_agent', type: 'string' },
      { name: 'issued_at', type: 'datetime' },
      { name: 'expires_at', type: 'datetime' },
      { name: 'last_seen_at', type: 'datetime' },
      { name: 'revoked_at', type: 'datetime' },
      { name: 'revoked_reason', type: 'string' },
    ],
    unique: [['jti']],
    index: [['tenant_code', 'username']],
  },
  {
    name: 'sys_login_failure',
    columns: [
      { name: 'tenant_code', type: 'string' },
      { name: 'username', type: 'string' },
      { name: 'failed_at', type: 'datetime' },
    ],
    unique: [],
    index: [['tenant_code', 'username', 'failed_at']],
  },
  {
    name: 'sys_sms_captcha',
    columns: [
      { name: 'mobile', type: 'string' },
      { name: 'code', type: 'string' },
      { name: 'created_at', type: 'datetime' },
      { name: 'expires_at', type: 'datetime' },
      { name: 'used_at', type: 'datetime' },
    ],
    unique: [],
    // each request for a code deletes the expired ones
    index: [['mobile', 'created_at'], ['expires_at']],
  },
  {
    name: 'sys_captcha_use',
    columns: [
      { name: 'nonce', type: 'string' },
      { name: 'expires_at', type: 'datetime' },
    ],
    unique: [['nonce']],
    index: [['expires_at']],
  },
  {
    // password reset codes: only a hash of the code is kept (server-mock/access/resetTokens.ts)
    name: 'sys_password_reset',
    columns: [
      { name: 'tenant_code', type: 'string' },
      { name: 'user_id', type: 'integer' },
      { name: 'code_hash', type: 'string' },
      { name: 'created_at', type: 'datetime' },
      { name: 'expires_at', type: 'datetime' },
      { name: 'used_at', type: 'datetime' },
      { name: 'wrong_tries', type: 'integer' },
    ],
    unique: [],
    index: [['tenant_code', 'user_id', 'created_at'], ['expires_at']],
  },
  {
    name: 'sys_secret',
    columns: [
      { name: 'name', type: 'string' },
      { name: 'value', type: 'string' },
    ],
    unique: [['name']],
    index: [],
  },
  // published resources and their records (server-mock/documents/)
  ...DOCUMENT_TABLES,
];

export function tablesOf(registry: Registry): TableSpec[] {
  const specs: TableSpec[] = [];
  for (const r of registry.resources) {
    if (r.kind === 'service') continue;
    const tenantPrefix = r.scope === 'tenant' ? ['tenant_code'] : [];
    const col = (field: string) => r.fieldMap.get(field)!.column;
    // The list's default order (e.g. createTime_descend, then id) read straight off an index,
    // so a first page does not sort the whole tenant's rows.
    const sortField = r.fieldMap.get(r.list.defaultSort.replace(/_(ascend|descend)$/, ''));
    const sortIndex = sortField && sortField.name !== 'id' ? [[...tenantPrefix, sortField.column, 'id']] : [];
    const unique = r.storage.unique.map((set) => [...tenantPrefix, ...set.map(col)]);
    specs.push({
      name: r.table,
      // A many-valued relation's values live in its link resource's table, not in a column.
      columns: r.fields.filter((f) => f.name !== 'id' && !f.link).map((f) => ({ name: f.column, type: f.type })),
      unique,
      index: withoutPrefixes(
        [
          ...(tenantPrefix.length ? [tenantPrefix] : []),
          ...sortIndex,
          ...r.storage.index.map((set) => [...tenantPrefix, ...set.map(col)]),
          // looked up across tenants (sign-in): without the tenant, or each lookup reads every tenant
          ...r.storage.lookup.map((set) => set.map(col)),
        ],
        unique,
      ),
    });
  }
  return specs;
}

/**
 * The indexes that are not a leading part of another index or unique set: such an index serves
 * no lookup the longer one does not, and every write would update it for nothing (a page
 * more in the WAL for each insert and delete).
 */
export function withoutPrefixes(indexes: string[][], unique: string[][]): string[][] {
  const key = (columns: string[]) => columns.join('\u0000');
  const isPrefix = (short: string[], long: string[]) => short.length <= long.length && short.every((c, i) => long[i] === c);
  const seen = new Set<string>();
  return indexes.filter((index, i) => {
    if (seen.has(key(index))) return false;
    seen.add(key(index));
    const longer = [...unique, ...indexes.filter((_, j) => j !== i)].some((other) => other.length > index.length && isPrefix(index, other));
    return !longer && !unique.some((u) => key(u) === key(index));
  });
}

function indexName(table: string, columns: string[], unique: boolean): string {
  const name = `${unique ? 'ux' : 'ix'}_${table}_${columns.join('_')}`;
  return name.length <= 63 ? name : `${name.slice(0, 50)}_${hash(name)}`;
}

function hash(s: string): string {
  let h = 0;
  for (const c of s) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h.toString(36);
}

export interface MigrationReport {
  createdTables: string[];
  addedColumns: string[];
  /** Indexes of the server's naming that no table asks for any more. */
  droppedIndexes: string[];
}

const STARTUP_LOCK_KEY = 727274001;

/**
 * Run start-up work (migration, seeding) so that several server processes starting at once
 * on one PostgreSQL database do it one after the other. SQLite has a single process.
 */
export async function withStartupLock<T>(database: Database, fn: (db: AnyKysely) => Promise<T>): Promise<T> {
  if (database.dialect.name !== 'postgres') return fn(database.db);
  return database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(conn);
    try {
      return await fn(conn);
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(conn);
    }
  });
}

/** Apply the additive changes needed for the given tables. Safe to run on every start. */
export async function migrate(database: Database, tables: TableSpec[], db: AnyKysely = database.db): Promise<MigrationReport> {
  const { dialect } = database;
  const report: MigrationReport = { createdTables: [], addedColumns: [], droppedIndexes: [] };
  for (const table of tables) {
    const existing = await dialect.columns(db, table.name);
    if (existing.length === 0) {
      const cols = [dialect.idColumn(), ...table.columns.map((c) => `${c.name} ${dialect.columnType(c.type)}`)];
      await sql.raw(`create table if not exists ${table.name} (${cols.join(', ')})`).execute(db);
      report.createdTables.push(table.name);
    } else {
      for (const c of table.columns) {
        if (existing.includes(c.name)) continue;
        await sql.raw(`alter table ${table.name} add column ${c.name} ${dialect.columnType(c.type)}`).execute(db);
        report.addedColumns.push(`${table.name}.${c.name}`);
      }
    }
    for (const cols of table.unique) {
      await sql
        .raw(`create unique index if not exists ${indexName(table.name, cols, true)} on ${table.name} (${cols.join(', ')})`)
        .execute(db);
    }
    const wanted = new Set<string>();
    for (const cols of table.index) {
      const name = indexName(table.name, cols, false);
      wanted.add(name);
      await sql.raw(`create index if not exists ${name} on ${table.name} (${cols.join(', ')})`).execute(db);
    }
    for (const name of await dialect.indexes(db, table.name)) {
      if (!name.startsWith(`ix_${table.name}_`) || wanted.has(name)) continue;
      await sql.raw(`drop index if exists ${name}`).execute(db);
      report.droppedIndexes.push(name);
    }
  }
  return report;
}
