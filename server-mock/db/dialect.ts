/**
 * Every difference between SQLite and PostgreSQL that the server cares about lives here:
 * column types, identity columns, booleans, timestamps, JSON, case-insensitive search,
 * introspection and the error codes of constraint violations.
 */
import { sql, type RawBuilder } from 'kysely';
import type { FieldType } from '../../schemas/registry/types.ts';
import type { AnyKysely } from './anyKysely.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Dialect {
  name: DialectName;
  /** DDL type of a column. */
  columnType(type: FieldType): string;
  /** DDL of the integer primary key column named id. */
  idColumn(): string;
  /** A value as stored. */
  toDb(type: FieldType, value: unknown): unknown;
  /** A value as read back, in its API form. */
  fromDb(type: FieldType, value: unknown): unknown;
  /** Case-insensitive "contains" condition on a column; `pattern` is `containsPattern(needle)`. */
  contains(column: string, pattern: unknown): RawBuilder<boolean>;
  /** Column names of a table, or an empty list when the table does not exist. */
  columns(db: AnyKysely, table: string): Promise<string[]>;
  /** Names of the indexes of a table (those the database makes for constraints included). */
  indexes(db: AnyKysely, table: string): Promise<string[]>;
  /** True when the error is a unique-constraint violation. */
  isUniqueViolation(err: unknown): boolean;
  /**
   * Refresh the planner's statistics of every table (run at start, after migrating and
   * seeding). PostgreSQL: without them it plans the per-request access query on guesses and
   * keeps a generic plan of a prepared statement built on those guesses. SQLite: written
   * statistics (see there).
   */
  analyze(db: AnyKysely, tables: string[]): Promise<void>;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The bound LIKE pattern of `Dialect.contains` for a needle: its wildcards escaped, `%` around it. */
export function containsPattern(needle: string): string {
  return '%' + escapeLike(needle) + '%';
}

function toIso(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value;
}

/**
 * A day (`format: date`) as `yyyy-mm-dd`: what the API sends and both databases keep (SQLite
 * as text, PostgreSQL as a date read back as text). A Date or a timestamp (a column that
 * once held times) gives its UTC day.
 */
export function toDay(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const t = Date.parse(value);
    return Number.isNaN(t) ? value : new Date(t).toISOString().slice(0, 10);
  }
  return value;
}

const sqlite: Dialect = {
  name: 'sqlite',
  columnType(type) {
    switch (type) {
      case 'integer':
      case 'boolean':
        return 'integer';
      case 'number':
        return 'real';
      default:
        return 'text';
    }
  },
  idColumn: () => 'id integer primary key autoincrement',
  toDb(type, value) {
    if (value === undefined || value === null) return null;
    if (type === 'boolean') return value ? 1 : 0;
    if (type === 'json') return JSON.stringify(value);
    if (type === 'datetime') return typeof value === 'string' ? new Date(value).toISOString() : toIso(value);
    if (type === 'date') return toDay(value);
    return value;
  },
  fromDb(type, value) {
    if (value === null || value === undefined) return null;
    if (type === 'boolean') return value === 1 || value === true;
    if (type === 'date') return toDay(value);
    if (type === 'json' && typeof value === 'string') {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return null;
      }
    }
    return value;
  },
  contains(column, pattern) {
    return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
  },
  async columns(db, table) {
    const rows = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
    return rows.rows.map((r) => r.name);
  },
  async indexes(db, table) {
    const rows = await sql<{ name: string }>`select name from pragma_index_list(${table})`.execute(db);
    return rows.rows.map((r) => r.name);
  },
  isUniqueViolation(err) {
    const code = (err as { code?: string } | null)?.code ?? '';
    return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  },
  async analyze(db, tables) {
    // Planner statistics written, not measured (see plannerStat): with none, SQLite may read a
    // tenant's whole table by tenant_code to find two ids; measured on the seeded tables, they
    // made it scan small tables and run the access query several times slower (docs/database.md).
    await sql`analyze sqlite_schema`.execute(db); // creates sqlite_stat1 if missing
    const rows: { tbl: string; idx: string; stat: string }[] = [];
    for (const table of tables) {
      const indexes = await sql<{ name: string; unique: number }>`select name, "unique" from pragma_index_list(${table})`.execute(db);
      for (const index of indexes.rows) {
        const columns = await sql<{ name: string }>`select name from pragma_index_info(${index.name}) order by seqno`.execute(db);
        rows.push({
          tbl: table,
          idx: index.name,
          stat: plannerStat(
            columns.rows.map((c) => c.name),
            index.unique === 1,
          ),
        });
      }
    }
    const stat4 = await sql<{ name: string }>`select name from sqlite_schema where name = 'sqlite_stat4'`.execute(db);
    await db.transaction().execute(async (tx) => {
      await sql`delete from sqlite_stat1 where tbl in (${sql.join(tables)})`.execute(tx);
      // samples of an ANALYZE run by hand would outweigh the written lines
      if (stat4.rows.length) await sql`delete from sqlite_stat4 where tbl in (${sql.join(tables)})`.execute(tx);
      for (const row of rows) await sql`insert into sqlite_stat1 (tbl, idx, stat) values (${row.tbl}, ${row.idx}, ${row.stat})`.execute(tx);
    });
    // the connections read sqlite_stat1 when they next load the schema: Database.analyze has them reload it now
  },
};

/** Rows the SQLite planner is told each table has: a large table. */
export const STAT_ROWS = 1_000_000;

/**
 * The sqlite_stat1 line of an index (how many rows the table has, then how many rows match an
 * equality on its first column, on its first two columns, ...), as at scale: `tenant_code`
 * first matches a tenth of the table, the rows of a tenant; any other column narrows to 10
 * rows, each further column halves that, and the whole of a unique index is one row. So the
 * planner finds rows by the columns that single them out (an id, a user, a URL) and reads a
 * tenant by `tenant_code` alone only for what needs the whole tenant (a page, a tree).
 */
export function plannerStat(columns: string[], unique: boolean): string {
  let rows = STAT_ROWS;
  const counts = columns.map((column, i) => {
    if (i === columns.length - 1 && unique) rows = 1;
    else if (i === 0) rows = column === 'tenant_code' ? STAT_ROWS / 10 : 10;
    else rows = Math.max(1, Math.ceil(Math.min(rows, 10) / 2));
    return rows;
  });
  return [STAT_ROWS, ...counts].join(' ');
}

const postgres: Dialect = {
  name: 'postgres',
  columnType(type) {
    switch (type) {
      case 'integer':
        return 'bigint';
      case 'number':
        return 'double precision';
      case 'boolean':
        return 'boolean';
      case 'datetime':
        return 'timestamptz';
      case 'date':
        return 'date';
      case 'json':
        return 'jsonb';
      default:
        return 'text';
    }
  },
  idColumn: () => 'id bigint generated by default as identity primary key',
  toDb(type, value) {
    if (value === undefined || value === null) return null;
    if (type === 'boolean') return !!value;
    // node-postgres would turn a JS array into a PostgreSQL array literal: send JSON text.
    if (type === 'json') return JSON.stringify(value);
    if (type === 'date') return toDay(value);
    return value;
  },
  fromDb(type, value) {
    if (value === null || value === undefined) return null;
    if (type === 'datetime') return toIso(value);
    if (type === 'date') return toDay(value);
    if (type === 'integer' && typeof value === 'string') return Number(value);
    return value;
  },
  contains(column, pattern) {
    return sql<boolean>`${sql.ref(column)} ilike ${pattern} escape '\\'`;
  },
  async columns(db, table) {
    const rows = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}
      order by ordinal_position`.execute(db);
    return rows.rows.map((r) => r.column_name);
  },
  async indexes(db, table) {
    const rows = await sql<{ indexname: string }>`
      select indexname from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(db);
    return rows.rows.map((r) => r.indexname);
  },
  isUniqueViolation(err) {
    return (err as { code?: string } | null)?.code === '23505';
  },
  async analyze(db, tables) {
    // PostgreSQL samples (default_statistics_target) a large table instead of reading it
    if (tables.length) await sql`analyze ${sql.join(tables.map((t) => sql.table(t)))}`.execute(db);
  },
};

export function dialectFor(name: DialectName): Dialect {
  return name === 'sqlite' ? sqlite : postgres;
}
