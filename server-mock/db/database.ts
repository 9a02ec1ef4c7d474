/**
 * Opens the database: SQLite (better-sqlite3, WAL journal) in DATA_DIR by default,
 * PostgreSQL through node-postgres when a connection URL is given.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { GroupCommitSqliteDialect, SqliteStore } from './sqliteDriver.ts';
import { withNamedStatements } from './pgStatements.ts';
import { dialectFor, type Dialect } from './dialect.ts';
import type { AnyKysely } from './anyKysely.ts';

/** What a statement does, for the figures of database time (docs/monitoring.md). */
type QueryOperation = 'select' | 'insert' | 'update' | 'delete' | 'other';

/** Told the operation and the time (seconds) of every statement run, failed ones included. */
export type QueryListener = (operation: QueryOperation, seconds: number) => void;

/**
 * The connections to the database. PostgreSQL: the pool's open connections, those idle, and the
 * queries waiting for one. SQLite: the two connections (write and read), the write connection
 * idle or not, and the writes and transactions queued for it.
 */
export interface PoolFigures {
  connections: number;
  idle: number;
  waiting: number;
}

export interface Database {
  db: AnyKysely;
  dialect: Dialect;
  /** Human-readable description of where the data lives (no password). */
  location: string;
  /** Refresh the planner's statistics of these tables (Dialect.analyze), for every connection. */
  analyze(db: AnyKysely, tables: string[]): Promise<void>;
  /**
   * PostgreSQL only (undefined on SQLite): listen on a channel (LISTEN) on a connection of its
   * own, kept open and opened again after a loss. `onMessage` gets each payload; `onState` is told
   * whether the connection is listening (false after a loss: notices may have been missed until
   * it is back). Answers the function that stops listening.
   */
  listen?(channel: string, onMessage: (payload: string) => void, onState: (listening: boolean) => void): Promise<() => Promise<void>>;
  /** Adds a listener of every statement's time; answers the function that removes it. */
  onQuery(listener: QueryListener): () => void;
  /** The connections now. */
  poolFigures(): PoolFigures;
  close(): Promise<void>;
}

/** How long (ms) to wait before a lost listening connection is opened again. */
const RELISTEN_MS = 1000;

/** LISTEN on a connection of its own, opened again RELISTEN_MS after each loss until stopped. */
async function pgListen(
  databaseUrl: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: databaseUrl });
    client = c;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      onState(false);
      c.removeAllListeners('notification');
      void c.end().catch(() => undefined);
      if (!stopped) timer = setTimeout(() => void connect().catch(() => undefined), RELISTEN_MS);
    };
    c.on('error', onLost);
    c.on('end', onLost);
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (!stopped) onState(true);
    } catch {
      onLost();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    onState(false);
    await client?.end().catch(() => undefined);
  };
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

const OPERATION = /^\s*(select|insert|update|delete)\b/i;
/** A statement with common table expressions does what its first writing part does, else it reads. */
const WITH_WRITE = /\b(insert|update|delete)\b/i;

/** The operation of a statement, from its text: its first keyword, seen through a `with`. */
function queryOperation(sql: string): QueryOperation {
  const first = OPERATION.exec(sql)?.[1];
  if (first) return first.toLowerCase() as QueryOperation;
  if (!/^\s*with\b/i.test(sql)) return 'other';
  return (WITH_WRITE.exec(sql)?.[1]?.toLowerCase() as QueryOperation | undefined) ?? 'select';
}

export function openDatabase(options: DatabaseOptions): Database {
  const onStatement = options.onStatement;
  const listeners = new Set<QueryListener>();
  // timed by the drivers themselves (a Kysely log would add its promises to every statement)
  const timed = (sql: string, seconds: number) => {
    onStatement?.(sql);
    if (!listeners.size) return;
    const operation = queryOperation(sql);
    for (const listener of listeners) listener(operation, seconds);
  };
  const onQuery = (listener: QueryListener) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    const db: AnyKysely = new Kysely({ dialect: new PostgresDialect({ pool: withNamedStatements(pool, timed) }) });
    const url = new URL(options.databaseUrl);
    const dialect = dialectFor('postgres');
    return {
      db,
      dialect,
      analyze: (conn, tables) => dialect.analyze(conn, tables),
      location: `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`,
      listen: (channel, onMessage, onState) => pgListen(options.databaseUrl!, channel, onMessage, onState),
      onQuery,
      poolFigures: () => ({ connections: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, 'console.sqlite');
  const store = new SqliteStore({ file, synchronous: options.sqliteSynchronous ?? 'FULL' });
  store.onStatement = timed;
  const db: AnyKysely = new Kysely({ dialect: new GroupCommitSqliteDialect(store) });
  const dialect = dialectFor('sqlite');
  return {
    db,
    dialect,
    analyze: async (conn, tables) => {
      await dialect.analyze(conn, tables);
      store.reloadStatistics();
    },
    location: `SQLite ${file}`,
    onQuery,
    poolFigures: () => ({ connections: 2, idle: store.writeLock.held ? 1 : 2, waiting: store.writeLock.queued }),
    close: () => db.destroy(),
  };
}
