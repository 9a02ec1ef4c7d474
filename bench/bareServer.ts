/**
 * The floor of the load bench (bench/run.ts, --only load): the mixed load's four calls in
 * json-server's URL shapes (bench/loadMix.ts, JSON_SERVER_MIX) served by a bare Fastify route
 * per call, with none of the platform server's work (no sign-in, tenancy, grants, validation
 * or envelope), on either database:
 * - better-sqlite3, with the platform server's durability on SQLite: WAL, and every write
 *   synced before it is answered (`synchronous=FULL`);
 * - PostgreSQL (node-postgres, a pool of the platform server's size, prepared statements, one
 *   statement per call, the list's total as a subquery), with PostgreSQL's own durability
 *   (`synchronous_commit` as the server has it).
 *   node --import tsx bench/bareServer.ts <db.json> <sqlite file | postgres://… of an empty database>
 * Loads the tables of db.json (each a list of rows, as json-server reads it) into the
 * database, then prints "Bare server: <url>".
 */
import { readFileSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

const [jsonFile, target] = process.argv.slice(2);
if (!jsonFile || !target) {
  console.error('usage: bareServer.ts <db.json> <sqlite file | postgres://…>');
  process.exit(2);
}
const tables = JSON.parse(readFileSync(jsonFile, 'utf8')) as Record<string, Record<string, unknown>[]>;
type Row = Record<string, unknown>;

/** The four statements of a table, each one round trip. */
interface TableCalls {
  /** A page in the list order, with the table's row count on every row (`__total`). */
  page(limit: number, offset: number): Promise<Row[]>;
  byId(id: number): Promise<Row[]>;
  insert(values: (string | null)[]): Promise<Row | undefined>;
  /** Whether a row was deleted. */
  remove(id: number): Promise<boolean>;
}

interface Store {
  /** Creates the table, loads its rows and prepares its calls. */
  table(name: string, columns: string[], rows: Row[]): Promise<TableCalls>;
  close(): Promise<void>;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const textOf = (v: unknown) => (v === null || v === undefined ? null : String(v));

function sqliteStore(file: string): Store {
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  return {
    async table(table, columns, rows) {
      db.exec(`create table ${quote(table)} (id integer primary key autoincrement, ${columns.map((c) => `${quote(c)} text`).join(', ')})`);
      db.exec(`create index ${quote(`ix_${table}_page`)} on ${quote(table)} (create_time, id)`);
      const load = db.prepare(
        `insert into ${quote(table)} (id, ${columns.map(quote).join(', ')}) values (?, ${columns.map(() => '?').join(', ')})`,
      );
      db.transaction(() => {
        for (const row of rows) load.run(row.id, ...columns.map((c) => textOf(row[c])));
      })();
      const page = db.prepare(
        `select *, (select count(*) from ${quote(table)}) as __total from ${quote(table)} order by create_time desc, id desc limit ? offset ?`,
      );
      const byId = db.prepare(`select * from ${quote(table)} where id = ?`);
      const insert = db.prepare(
        `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values (${columns.map(() => '?').join(', ')}) returning *`,
      );
      const remove = db.prepare(`delete from ${quote(table)} where id = ?`);
      return {
        page: async (limit, offset) => page.all(limit, offset) as Row[],
        byId: async (id) => byId.all(id) as Row[],
        insert: async (values) => insert.get(...values) as Row | undefined,
        remove: async (id) => remove.run(id).changes > 0,
      };
    },
    async close() {
      db.close();
    },
  };
}

function postgresStore(url: string): Store {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    async table(table, columns, rows) {
      await pool.query(`create table ${quote(table)} (id bigserial primary key, ${columns.map((c) => `${quote(c)} text`).join(', ')})`);
      await pool.query(`create index ${quote(`ix_${table}_page`)} on ${quote(table)} (create_time, id)`);
      for (const row of rows) {
        await pool.query(
          `insert into ${quote(table)} (id, ${columns.map(quote).join(', ')}) values (${[row.id, ...columns].map((_, i) => `$${i + 1}`).join(', ')})`,
          [row.id, ...columns.map((c) => textOf(row[c]))],
        );
      }
      await pool.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${quote(table)}))`);
      await pool.query(`analyze ${quote(table)}`);
      const run = (name: string, text: string, values: unknown[]) => pool.query({ name: `${table}-${name}`, text, values });
      return {
        page: async (limit, offset) =>
          (
            await run(
              'page',
              `select *, (select count(*) from ${quote(table)})::int as __total from ${quote(table)} order by create_time desc, id desc limit $1 offset $2`,
              [limit, offset],
            )
          ).rows as Row[],
        byId: async (id) => (await run('by-id', `select * from ${quote(table)} where id = $1`, [id])).rows as Row[],
        insert: async (values) =>
          (
            await run(
              'insert',
              `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning *`,
              values,
            )
          ).rows[0] as Row | undefined,
        remove: async (id) => ((await run('delete', `delete from ${quote(table)} where id = $1`, [id])).rowCount ?? 0) > 0,
      };
    },
    close: () => pool.end(),
  };
}

const store = /^postgres(ql)?:\/\//.test(target) ? postgresStore(target) : sqliteStore(target);
const app = Fastify({ logger: false });
for (const [table, rows] of Object.entries(tables)) {
  const columns = Object.keys(rows[0] ?? { id: 0 }).filter((c) => c !== 'id');
  const calls = await store.table(table, columns, rows);

  app.get<{ Querystring: Record<string, string | undefined> }>(`/${table}`, async (request, reply) => {
    const { id, _page, _limit } = request.query;
    if (id !== undefined) return calls.byId(Number(id));
    const limit = Number(_limit ?? 10);
    const page = await calls.page(limit, (Number(_page ?? 1) - 1) * limit);
    reply.header('x-total-count', String(page[0]?.__total ?? 0));
    return page.map(({ __total, ...row }) => row);
  });
  app.post<{ Body: Record<string, unknown> }>(`/${table}`, async (request, reply) => {
    const body = request.body ?? {};
    reply.code(201);
    return calls.insert(columns.map((c) => textOf(body[c])));
  });
  app.delete<{ Params: { id: string } }>(`/${table}/:id`, async (request, reply) => {
    if (!(await calls.remove(Number(request.params.id)))) return reply.code(404).send({});
    return {};
  });
}

const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`Bare server: ${url}`);
const stop = () => {
  void app
    .close()
    .then(() => store.close())
    .then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
