/**
 * SQLite for Kysely through better-sqlite3, with two connections on the one database file and
 * group commit.
 *
 * - Reads that run outside a transaction use the write connection while no transaction holds
 *   it (its page cache stays warm across its own commits), else the read connection. In WAL
 *   mode a read sees the last committed state and never waits for a writer, so it does not
 *   queue behind a transaction that is waiting for something else (Kysely's own SQLite driver
 *   lets one query or transaction at a time use its single connection).
 * - Writes and transactions use the write connection, one at a time (a FIFO lock).
 * - Durability (`synchronous: 'FULL'`, the default): the write connection runs with
 *   `synchronous=NORMAL`, so a commit writes its frames to the WAL file without syncing it,
 *   and the commit (of a transaction, or of a write outside one) resolves only once an fsync of
 *   the WAL file that started after it has completed. One fsync covers every commit written
 *   before it started, so the writes that commit while a sync is in flight share the next one
 *   (group commit), and the fsync runs on libuv's thread pool instead of blocking the event
 *   loop. Why this keeps the guarantee of `synchronous=FULL` is in docs/database.md
 *   (Durability).
 * - `synchronous: 'NORMAL'`: commits do not wait for any sync (a power loss may lose the last
 *   commits; a killed process loses nothing).
 * - Checkpoints run on a worker thread with a connection of its own (Checkpointer).
 */
import { open, type FileHandle } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { LruCache } from './lruCache.ts';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

/** How many compiled SQLite statements are kept for reuse, per connection. */
export const STATEMENT_CACHE_SIZE = 500;
/** How many SQL texts are remembered as reading only or not (the connection a statement runs on). */
const READS_ONLY_CACHE_SIZE = STATEMENT_CACHE_SIZE * 4;

export interface StatementCache {
  prepare(sql: string): BetterSqlite3.Statement;
  close(): void;
  cached(): number;
}

/**
 * Compiled statements of one connection reused by their SQL text: compiling a statement costs
 * more than running a short one. The least recently used statement is dropped past the limit;
 * a statement that is still being iterated is never handed out twice.
 */
export function withStatementCache(sqlite: BetterSqlite3.Database, limit = STATEMENT_CACHE_SIZE): StatementCache {
  const cache = new LruCache<string, BetterSqlite3.Statement>('SQLite statements', limit);
  return {
    prepare(sql) {
      const hit = cache.get(sql);
      if (hit && !hit.busy) return hit;
      const statement = sqlite.prepare(sql);
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

/** A first-in first-out lock. */
class Lock {
  private taken = false;
  private readonly waiting: (() => void)[] = [];

  /** Whether someone holds the lock. */
  get held(): boolean {
    return this.taken;
  }

  /** How many wait for the lock. */
  get queued(): number {
    return this.waiting.length;
  }

  acquire(): Promise<void> {
    if (!this.taken) {
      this.taken = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.taken = false;
  }
}

/**
 * Group commit: `durable()` resolves once an fsync of the WAL file that started after the call
 * has completed. While one sync runs, the calls made meanwhile share the next one.
 */
export class WalSync {
  private handle: Promise<FileHandle> | undefined;
  private running: Promise<void> | undefined;
  private next: Promise<void> | undefined;
  private failure: Error | undefined;
  /** Completed fsyncs (for tests and figures). */
  syncs = 0;

  /** `syncFile` is the fsync (replaceable in tests). */
  constructor(
    private readonly walFile: string,
    private readonly syncFile: (file: FileHandle) => Promise<void> = (file) => file.sync(),
  ) {}

  durable(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (!this.running) return (this.running = this.sync());
    // the sync in flight may have started before the caller's commit: wait for the next one
    return (this.next ??= this.running.then(
      () => this.startNext(),
      () => this.startNext(),
    ));
  }

  private startNext(): Promise<void> {
    this.next = undefined;
    if (this.failure) return Promise.reject(this.failure);
    return (this.running = this.sync());
  }

  private async sync(): Promise<void> {
    try {
      // opened once: SQLite keeps the WAL file (it is removed only when the last connection closes)
      this.handle ??= open(this.walFile, 'r');
      await this.syncFile(await this.handle);
      this.syncs++;
    } catch (err) {
      // After a failed fsync the kernel may have dropped the unwritten pages: no later sync can
      // vouch for the commits before it, so every later write is refused (restart the server).
      this.failure = new Error(`Could not sync ${this.walFile}: ${(err as Error).message}`);
      throw this.failure;
    } finally {
      if (this.running && !this.next) this.running = undefined;
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.running, this.next]);
    const handle = this.handle;
    this.handle = undefined;
    if (handle) await (await handle.catch(() => undefined))?.close();
  }
}

/** The checkpoint thread: runs SQLite checkpoints on its own connection to the file. */
const CHECKPOINT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
// a checkpoint syncs the WAL before it copies it and the database file after
db.pragma('synchronous = FULL');
parentPort.on('message', () => {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ result });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
  }
});
`;

/** A checkpoint is due after this many commits, or after a second with at least one. */
export const CHECKPOINT_COMMITS = 1000;
const CHECKPOINT_INTERVAL_MS = 1000;

/**
 * Checkpoints (copying the WAL into the database file, two fsyncs) run on a worker thread
 * instead of inside a commit on the event loop, where SQLite's automatic checkpoint would
 * stall every request for the few milliseconds they take. A checkpoint makes two passes: the
 * first copies what was committed when it started while writes go on; the second copies what
 * was committed meanwhile (a few pages) with the write lock held, so that the whole WAL is
 * copied and the next write starts it over: the WAL stays as large as the writes between two
 * checkpoints, however steady the writes are. Reads go on throughout. If the thread fails,
 * the write connection checkpoints by itself again.
 */
class Checkpointer {
  private worker: Worker | undefined;
  private commits = 0;
  private last = Date.now();
  private running: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;
  private failed = false;
  /** Completed checkpoints (for tests). */
  done = 0;

  constructor(
    private readonly store: SqliteStore,
    private readonly file: string,
  ) {
    store.writeDb.pragma('wal_autocheckpoint = 0');
    this.timer = setInterval(() => this.maybe(true), CHECKPOINT_INTERVAL_MS);
    this.timer.unref();
  }

  /** After a commit (or on the timer): start a checkpoint if one is due. */
  maybe(timer = false): void {
    if (!timer) this.commits++;
    if (this.failed || this.running || this.commits === 0) return;
    if (this.commits < CHECKPOINT_COMMITS && Date.now() - this.last < CHECKPOINT_INTERVAL_MS) return;
    this.running = this.checkpoint().finally(() => (this.running = undefined));
  }

  private async checkpoint(): Promise<void> {
    this.commits = 0;
    this.last = Date.now();
    try {
      await this.pass();
      await this.store.writeLock.acquire();
      try {
        await this.pass();
      } finally {
        this.store.writeLock.release();
      }
      this.done++;
    } catch {
      this.fail();
    }
  }

  /** One PASSIVE checkpoint on the thread. */
  private async pass(): Promise<void> {
    const worker = (this.worker ??= this.start());
    const reply = await new Promise<{ error?: string }>((resolve) => {
      const onExit = () => resolve({ error: 'the checkpoint thread exited' });
      worker.once('exit', onExit);
      worker.once('message', (m: { error?: string }) => {
        worker.off('exit', onExit);
        resolve(m);
      });
      worker.postMessage('checkpoint');
    });
    if (reply.error) throw new Error(reply.error);
  }

  private start(): Worker {
    const worker = new Worker(CHECKPOINT_WORKER, {
      eval: true,
      workerData: { module: createRequire(import.meta.url).resolve('better-sqlite3'), file: this.file },
    });
    worker.on('error', () => this.fail());
    worker.unref();
    return worker;
  }

  private fail(): void {
    if (this.failed) return;
    this.failed = true;
    clearInterval(this.timer);
    this.store.writeDb.pragma('wal_autocheckpoint = 1000');
    void this.worker?.terminate();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    await this.worker?.terminate();
    this.worker = undefined;
  }
}

export interface SqliteStoreOptions {
  /** The database file. */
  file: string;
  synchronous: 'FULL' | 'NORMAL';
  /** The fsync of the WAL file (replaceable in tests). */
  syncFile?: (file: FileHandle) => Promise<void>;
}

/** The two connections on one SQLite file, the write lock and the WAL sync. */
export class SqliteStore {
  readonly read: StatementCache;
  readonly write: StatementCache;
  readonly writeDb: BetterSqlite3.Database;
  private readonly readDb: BetterSqlite3.Database;
  readonly writeLock = new Lock();
  readonly walSync: WalSync | undefined;
  readonly checkpointer: Checkpointer;
  /** Told each statement's SQL text and time (seconds) as it ran, failed ones included (Database.onQuery). */
  onStatement: ((sql: string, seconds: number) => void) | undefined;
  /** SQL text -> whether the statement only reads. */
  private readonly readonly = new LruCache<string, boolean>('SQLite reads-only flags', READS_ONLY_CACHE_SIZE);

  constructor(options: SqliteStoreOptions) {
    this.writeDb = new BetterSqlite3(options.file);
    this.writeDb.pragma('journal_mode = WAL');
    // FULL: the WAL is synced by WalSync before a commit resolves, NORMAL: not at all
    this.writeDb.pragma('synchronous = NORMAL');
    this.writeDb.pragma('foreign_keys = ON');
    this.writeDb.pragma('busy_timeout = 5000');
    const readDb = (this.readDb = new BetterSqlite3(options.file));
    readDb.pragma('foreign_keys = ON');
    readDb.pragma('busy_timeout = 5000');
    // nothing may write through the read connection
    readDb.pragma('query_only = ON');
    this.read = withStatementCache(readDb);
    this.write = withStatementCache(this.writeDb);
    this.walSync = options.synchronous === 'FULL' ? new WalSync(`${options.file}-wal`, options.syncFile) : undefined;
    this.checkpointer = new Checkpointer(this, options.file);
  }

  /** After a commit: resolves when it is on disk (see durable). */
  committed(): Promise<void> {
    this.checkpointer.maybe();
    return this.durable();
  }

  /** Whether the statement only reads (then it can run on the read connection). */
  readsOnly(sql: string): boolean {
    let known = this.readonly.get(sql);
    if (known === undefined) {
      known = this.read.prepare(sql).readonly;
      this.readonly.set(sql, known);
    }
    return known;
  }

  /**
   * Where a read outside a transaction runs: the write connection while no transaction holds
   * it, else the read connection. A connection's page cache is dropped whenever another
   * connection has committed since its last read, so on the read connection every read after
   * a write starts from a cold cache (about three times the work of the access query); the
   * write connection keeps its cache across its own commits. Both see the same committed
   * state.
   */
  readConnection(): StatementCache {
    return this.writeLock.held || this.writeDb.inTransaction ? this.read : this.write;
  }

  /**
   * After sqlite_stat1 changed: both connections plan with it from now on. A connection reads
   * the statistics when it loads the schema, and again when it runs ANALYZE of the schema
   * table (which has nothing to analyze, but writes: the read connection lifts query_only for it).
   */
  reloadStatistics(): void {
    this.writeDb.exec('analyze sqlite_schema');
    this.readDb.pragma('query_only = OFF');
    try {
      this.readDb.exec('analyze sqlite_schema');
    } finally {
      this.readDb.pragma('query_only = ON');
    }
  }

  /** Resolves when every commit made so far is on disk (at once with synchronous NORMAL). */
  durable(): Promise<void> {
    return this.walSync ? this.walSync.durable() : Promise.resolve();
  }

  async close(): Promise<void> {
    await this.checkpointer.close();
    await this.walSync?.close();
    this.read.close();
    this.write.close();
  }
}

function run(cache: StatementCache, compiled: CompiledQuery): QueryResult<unknown> {
  const stmt = cache.prepare(compiled.sql);
  const parameters = compiled.parameters as unknown[];
  if (stmt.reader) return { rows: stmt.all(parameters) };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** What Kysely holds while it runs a query or a transaction. */
class SqliteConnection implements DatabaseConnection {
  /** In a transaction: holds the write lock, every statement runs on the write connection. */
  inTransaction = false;

  constructor(private readonly store: SqliteStore) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { store } = this;
    const timed = store.onStatement;
    const start = timed ? performance.now() : 0;
    try {
      if (this.inTransaction) return run(store.write, compiled) as QueryResult<R>;
      if (store.readsOnly(compiled.sql)) return run(store.readConnection(), compiled) as QueryResult<R>;
      // a write outside a transaction: its own transaction on the write connection
      await store.writeLock.acquire();
      let result: QueryResult<unknown>;
      try {
        result = run(store.write, compiled);
      } finally {
        store.writeLock.release();
      }
      await store.committed();
      return result as QueryResult<R>;
    } finally {
      timed?.(compiled.sql, (performance.now() - start) / 1000);
    }
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const cache = this.inTransaction ? this.store.write : this.store.read;
    if (!this.inTransaction && !this.store.readsOnly(compiled.sql)) throw new Error('Only reads can be streamed');
    const stmt = cache.prepare(compiled.sql);
    const timed = this.store.onStatement;
    const start = timed ? performance.now() : 0;
    try {
      for (const row of stmt.iterate(compiled.parameters as unknown[])) yield { rows: [row as R] };
    } finally {
      timed?.(compiled.sql, (performance.now() - start) / 1000);
    }
  }

  async begin(): Promise<void> {
    await this.store.writeLock.acquire();
    try {
      // take the write lock of the file now, not at the first write (several processes)
      this.store.write.prepare('begin immediate').run();
    } catch (err) {
      this.store.writeLock.release();
      throw err;
    }
    this.inTransaction = true;
  }

  async end(statement: 'commit' | 'rollback'): Promise<void> {
    if (!this.inTransaction) return;
    try {
      this.store.write.prepare(statement).run();
    } finally {
      if (this.store.writeDb.inTransaction) {
        // a commit that failed (the file is locked by another process): undo it
        try {
          this.store.write.prepare('rollback').run();
        } catch {
          // nothing left to undo
        }
      }
      this.inTransaction = false;
      this.store.writeLock.release();
    }
    if (statement === 'commit') await this.store.committed();
  }
}

class SqliteDriver implements Driver {
  constructor(private readonly store: SqliteStore) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SqliteConnection(this.store);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SqliteConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SqliteConnection).end('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SqliteConnection).end('rollback');
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${name}"`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release "${name}"`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // a transaction Kysely left open (it does not when a commit or rollback ran)
    await (connection as SqliteConnection).end('rollback');
  }

  async destroy(): Promise<void> {
    await this.store.close();
  }
}

/** Kysely's SQLite dialect with the driver above. */
export class GroupCommitSqliteDialect implements Dialect {
  constructor(readonly store: SqliteStore) {}

  createDriver(): Driver {
    return new SqliteDriver(this.store);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
