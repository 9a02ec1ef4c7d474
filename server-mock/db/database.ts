/**
 * Opens the database: SQLite (better-sqlite3, WAL journal) in DATA_DIR by default,
 * PostgreSQL through node-postgres when a connection URL is given.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { dialectFor, type Dialect } from './dialect.ts';
import type { AnyKysely } from './anyKysely.ts';

export interface Database {
  db: AnyKysely;
  dialect: Dialect;
  /** Human-readable description of where the data lives (no password). */
  location: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  sqliteSynchronous?: 'FULL' | 'NORMAL';
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

/** How many compiled SQLite statements are kept for reuse. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite database as Kysely's dialect sees it (prepare and close), with compiled statements
 * reused by their SQL text: Kysely prepares every query it runs, and compiling a statement
 * costs more than running a short one. The oldest statement is dropped past the limit; a
 * statement that is still being iterated is never handed out twice.
 */
export function withStatementCache(sqlite: BetterSqlite3.Database, limit = STATEMENT_CACHE_SIZE): { prepare(sql: string): BetterSqlite3.Statement; close(): void; cached(): number } {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(sql) {
      const hit = cache.get(sql);
      if (hit && !hit.busy) return hit;
      const statement = sqlite.prepare(sql);
      if (!hit && cache.size >= limit) cache.delete(cache.keys().next().value!);
      cache.set(sql, statement);
      return statement;
    },
    close: () => {
      cache.clear();
      sqlite.close();
    },
    cached: () => cache.size,
  };
}

// bigint (int8) columns come back as strings by default; ids and counts fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    const db: AnyKysely = new Kysely({ dialect: new PostgresDialect({ pool }) });
    const url = new URL(options.databaseUrl);
    return {
      db,
      dialect: dialectFor('postgres'),
      location: `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`,
      close: () => db.destroy(),
    };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, 'console.sqlite');
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${options.sqliteSynchronous ?? 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db: AnyKysely = new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: dialectFor('sqlite'),
    location: `SQLite ${file}`,
    close: () => db.destroy(),
  };
}
