/**
 * Opens the database: SQLite (better-sqlite3, WAL journal) in DATA_DIR by default,
 * PostgreSQL through node-postgres when a connection URL is given.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import { GroupCommitSqliteDialect, SqliteStore } from './sqliteDriver.ts';
import { withNamedStatements } from './pgStatements.ts';
import { dialectFor, type Dialect } from './dialect.ts';
import type { AnyKysely } from './anyKysely.ts';

export interface Database {
  db: AnyKysely;
  dialect: Dialect;
  /** Human-readable description of where the data lives (no password). */
  location: string;
  /** Refresh the planner's statistics of these tables (Dialect.analyze), for every connection. */
  analyze(db: AnyKysely, tables: string[]): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  sqliteSynchronous?: 'FULL' | 'NORMAL';
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** Told the SQL text of every statement run (tests read their plans). */
  onStatement?: (sql: string) => void;
}

export { withStatementCache } from './sqliteDriver.ts';

// bigint (int8) columns come back as strings by default; ids and counts fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
// date columns (format: date) stay the text yyyy-mm-dd: a JS Date would be local midnight.
pg.types.setTypeParser(1082, (v) => v);

export function openDatabase(options: DatabaseOptions): Database {
  const onStatement = options.onStatement;
  const log = onStatement ? (event: LogEvent) => onStatement(event.query.sql) : undefined;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    const db: AnyKysely = new Kysely({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }), log });
    const url = new URL(options.databaseUrl);
    const dialect = dialectFor('postgres');
    return {
      db,
      dialect,
      analyze: (conn, tables) => dialect.analyze(conn, tables),
      location: `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`,
      close: () => db.destroy(),
    };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, 'console.sqlite');
  const store = new SqliteStore({ file, synchronous: options.sqliteSynchronous ?? 'FULL' });
  const db: AnyKysely = new Kysely({ dialect: new GroupCommitSqliteDialect(store), log });
  const dialect = dialectFor('sqlite');
  return {
    db,
    dialect,
    analyze: async (conn, tables) => {
      await dialect.analyze(conn, tables);
      store.reloadStatistics();
    },
    location: `SQLite ${file}`,
    close: () => db.destroy(),
  };
}
