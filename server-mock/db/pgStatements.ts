/**
 * PostgreSQL statements prepared once per connection: each SQL text the server runs gets a
 * name, and node-postgres parses a named statement on a connection only the first time it
 * runs there (then it only binds and executes it). PostgreSQL then skips parsing and, for
 * statements it may plan once, planning on every later run.
 */
import type pg from 'pg';
import { registerCache, type BoundedCache } from './lruCache.ts';

/**
 * Most SQL texts that get a name (the others run unnamed). A name is kept for good, not
 * dropped and reused: each connection keeps the statements it prepared under their names, so
 * a bound on the names is a bound on what every connection (and PostgreSQL) holds.
 */
const NAMED_STATEMENT_LIMIT = 1000;

/** "cached plan must not change result type": a table changed under a prepared statement. */
const PLAN_CHANGED = '0A000';

export class StatementNames implements BoundedCache {
  readonly name = 'PostgreSQL statement names';
  private readonly names = new Map<string, string>();
  private counter = 0;

  constructor(readonly limit = NAMED_STATEMENT_LIMIT) {
    registerCache(this);
  }

  get size(): number {
    return this.names.size;
  }

  /** The name of a SQL text, or undefined past the limit. */
  nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < this.limit) {
      name = `s${++this.counter}`;
      this.names.set(text, name);
    }
    return name;
  }

  /** Give the text a new name (its statement is prepared again on every connection). */
  rename(text: string): void {
    this.names.delete(text);
  }
}

type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

/**
 * A pool whose clients run Kysely's queries (text and parameters) as named statements. A
 * statement whose result columns changed (a column added by another process's migration) is
 * prepared again under a new name and run once more.
 */
export function withNamedStatements(
  pool: pg.Pool,
  onStatement?: (sql: string, seconds: number) => void,
  names = new StatementNames(),
): pg.Pool {
  const patched = new WeakSet<pg.PoolClient>();
  const connect = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    if (!patched.has(client)) {
      patched.add(client);
      const query = client.query.bind(client) as unknown as (config: pg.QueryConfig) => Promise<pg.QueryResult>;
      const timed: Query = async (text, values) => {
        const start = performance.now();
        try {
          return await named(text, values);
        } finally {
          onStatement?.(text, (performance.now() - start) / 1000);
        }
      };
      const named: Query = async (text, values) => {
        const name = values && values.length ? names.nameOf(text) : undefined;
        if (name === undefined) return query({ text, values });
        try {
          return await query({ name, text, values });
        } catch (err) {
          if ((err as { code?: string }).code !== PLAN_CHANGED) throw err;
          names.rename(text);
          // inside a transaction the error aborted it: then the caller gets the first error
          return query({ name: names.nameOf(text), text, values }).catch(() => Promise.reject(err));
        }
      };
      (client as unknown as { query: Query }).query = onStatement ? timed : named;
    }
    return client;
  };
  return new Proxy(pool, {
    get(target, prop, receiver) {
      if (prop === 'connect') return connect;
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
