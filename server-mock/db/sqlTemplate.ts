/**
 * A query that runs on every request, built with Kysely once and then run with new values:
 * the SQL text of such a query depends only on its shape (which parts it has), not on its
 * values, so building and compiling it anew each time is wasted work.
 */
import { RawNode, createQueryId, type CompiledQuery } from 'kysely';
import type { AnyKysely, Row } from './anyKysely.ts';
import { LruCache } from './lruCache.ts';

/** Compiled SQL text, its raw query node, and for each of its parameters the name of the value it takes. */
interface Compiled {
  sql: string;
  node: RawNode;
  names: string[];
}

/** Values are passed as these markers to find where each one lands among the parameters. */
const MARK = '\u0000sql-template:';

/**
 * Most shapes a template keeps compiled, per database handle. A shape is named by what a client
 * chooses (a list's page size, sorter and filters), so the shapes in use are few but the
 * possible ones are not: the least recently used shape is compiled again when it comes back.
 */
export const SQL_TEMPLATE_SHAPES = 256;

export class SqlTemplate<V extends Record<string, unknown>, C = undefined> {
  private readonly compiled = new WeakMap<AnyKysely, LruCache<string, Compiled>>();

  /**
   * `build` compiles the query. It receives markers instead of the values (a null value stays
   * null) and must pass each value to Kysely as a bound parameter: not inlined, and not used to
   * decide the query's shape (that is what `shape` and `context` are for).
   */
  constructor(
    private readonly build: (db: AnyKysely, values: V, context: C) => CompiledQuery<Row>,
    private readonly limit = SQL_TEMPLATE_SHAPES,
  ) {}

  /** How many shapes are compiled for this database handle. */
  shapes(db: AnyKysely): number {
    return this.compiled.get(db)?.size ?? 0;
  }

  private compile(db: AnyKysely, shape: string, values: V, context: C): Compiled {
    let byShape = this.compiled.get(db);
    if (!byShape) this.compiled.set(db, (byShape = new LruCache('SQL template shapes', this.limit)));
    let c = byShape.get(shape);
    if (!c) {
      const markers = Object.fromEntries(Object.keys(values).map((k) => [k, values[k] === null ? null : MARK + k])) as V;
      // built on the handle the shapes are kept for: a transaction's SQL is its database's
      const { sql, parameters } = this.build(db, markers, context);
      const names = parameters.map((p) => {
        if (typeof p !== 'string' || !p.startsWith(MARK)) throw new Error(`SqlTemplate: parameter ${String(p)} is not one of the values`);
        return p.slice(MARK.length);
      });
      byShape.set(shape, (c = { sql, node: RawNode.createWithSql(sql), names }));
    }
    return c;
  }

  /**
   * Run the query for these values on `db`; `shape` names everything the SQL text depends on
   * besides the database: which values are null, and the context (the same for one shape).
   * `compiledOn` is the database handle whose compiled shapes are used: `db` itself, or, when
   * `db` is a transaction (a new handle each time), the handle of the database it runs on.
   */
  async execute(db: AnyKysely, shape: string, values: V, context: C, compiledOn: AnyKysely = db): Promise<Row[]> {
    const result = await db.executeQuery<Row>(this.statement(compiledOn, shape, values, context));
    return result.rows;
  }

  /** The statement `execute` runs: the SQL text of the shape and these values as its parameters. */
  statement(db: AnyKysely, shape: string, values: V, context: C): CompiledQuery<Row> {
    const { sql, node, names } = this.compile(db, shape, values, context);
    // CompiledQuery.raw's statement, with the shape's node made once (the text of a raw node is its SQL)
    return { sql, query: node, parameters: names.map((n) => values[n]), queryId: createQueryId() };
  }
}
