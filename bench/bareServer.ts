/**
 * The floor of the load bench (bench/run.ts, --only load): the mixed load's four calls in
 * json-server's URL shapes (bench/loadMix.ts, JSON_SERVER_MIX) served by a bare Fastify route
 * per call on better-sqlite3, with none of the platform server's work (no sign-in, tenancy,
 * grants, validation or envelope). Same durability as the platform server on SQLite: WAL, and
 * every write synced before it is answered (`synchronous=FULL`).
 *   node --import tsx bench/bareServer.ts <db.json> <sqlite file>
 * Loads the tables of db.json (each a list of rows, as json-server reads it) into the SQLite
 * file, then prints "Bare server: <url>".
 */
import { readFileSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';

const [jsonFile, sqliteFile] = process.argv.slice(2);
if (!jsonFile || !sqliteFile) {
  console.error('usage: bareServer.ts <db.json> <sqlite file>');
  process.exit(2);
}
const tables = JSON.parse(readFileSync(jsonFile, 'utf8')) as Record<string, Record<string, unknown>[]>;
const db = new BetterSqlite3(sqliteFile);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');

const app = Fastify({ logger: false });
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
for (const [table, rows] of Object.entries(tables)) {
  const columns = Object.keys(rows[0] ?? { id: 0 }).filter((c) => c !== 'id');
  db.exec(`create table ${quote(table)} (id integer primary key autoincrement, ${columns.map((c) => `${quote(c)} text`).join(', ')})`);
  db.exec(`create index ${quote(`ix_${table}_page`)} on ${quote(table)} (create_time, id)`);
  const load = db.prepare(`insert into ${quote(table)} (id, ${columns.map(quote).join(', ')}) values (?, ${columns.map(() => '?').join(', ')})`);
  db.transaction(() => {
    for (const row of rows) load.run(row.id, ...columns.map((c) => (row[c] === null || row[c] === undefined ? null : String(row[c]))));
  })();
  const page = db.prepare(`select * from ${quote(table)} order by create_time desc, id desc limit ? offset ?`);
  const count = db.prepare(`select count(*) as n from ${quote(table)}`);
  const byId = db.prepare(`select * from ${quote(table)} where id = ?`);
  const insert = db.prepare(`insert into ${quote(table)} (${columns.map(quote).join(', ')}) values (${columns.map(() => '?').join(', ')}) returning *`);
  const remove = db.prepare(`delete from ${quote(table)} where id = ?`);

  app.get<{ Querystring: Record<string, string | undefined> }>(`/${table}`, async (request, reply) => {
    const { id, _page, _limit } = request.query;
    if (id !== undefined) return byId.all(Number(id));
    const limit = Number(_limit ?? 10);
    const offset = (Number(_page ?? 1) - 1) * limit;
    reply.header('x-total-count', String((count.get() as { n: number }).n));
    return page.all(limit, offset);
  });
  app.post<{ Body: Record<string, unknown> }>(`/${table}`, async (request, reply) => {
    const body = request.body ?? {};
    reply.code(201);
    return insert.get(...columns.map((c) => (body[c] === null || body[c] === undefined ? null : String(body[c]))));
  });
  app.delete<{ Params: { id: string } }>(`/${table}/:id`, async (request, reply) => {
    if (remove.run(Number(request.params.id)).changes === 0) return reply.code(404).send({});
    return {};
  });
}

const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`Bare server: ${url}`);
const stop = () => {
  void app.close().then(() => {
    db.close();
    process.exit(0);
  });
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
