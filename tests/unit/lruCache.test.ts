/**
 * Every cache the server keeps has a bound: the LRU map they share, the compiled shapes of a
 * SQL template and the PostgreSQL statement names, each filled past its bound here, then
 * counted and asked again.
 */
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cacheSizes, LruCache } from '../../server-mock/db/lruCache.ts';
import { SqlTemplate } from '../../server-mock/db/sqlTemplate.ts';
import { StatementNames } from '../../server-mock/db/pgStatements.ts';
import type { AnyKysely, Row } from '../../server-mock/db/anyKysely.ts';

describe('LruCache', () => {
  it('keeps at most its limit, drops the least recently used, and answers for what it keeps', () => {
    const cache = new LruCache<string, number>('test cache', 3);
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(3);
    expect([cache.get('k7'), cache.get('k8'), cache.get('k9')]).toEqual([7, 8, 9]);
    expect(cache.get('k0')).toBeUndefined();
    // k7 was used last but two, k8 and k9 after it: using k7 again keeps it over k8
    cache.get('k7');
    cache.set('k10', 10);
    expect(cache.has('k8')).toBe(false);
    expect(cache.get('k7')).toBe(7);
    expect(cache.get('k10')).toBe(10);
    // setting a kept key again does not drop another
    cache.set('k10', 11);
    expect(cache.size).toBe(3);
    expect(cache.get('k10')).toBe(11);
    expect(cacheSizes().find((c) => c.name === 'test cache')).toEqual({ name: 'test cache', size: 3, limit: 3 });
  });

  it('keeps the order right when the newest entry is asked for again, and after a delete', () => {
    const cache = new LruCache<string, number>('order cache', 3);
    cache.set('a', 1).set('b', 2).set('c', 3);
    cache.get('c');
    cache.get('c');
    cache.get('a');
    cache.set('d', 4);
    expect(cache.has('b')).toBe(false);
    cache.delete('d');
    cache.get('c');
    cache.set('e', 5);
    cache.set('f', 6);
    expect([cache.has('a'), cache.has('c'), cache.has('e'), cache.has('f')]).toEqual([false, true, true, true]);
  });

  it('refuses a limit that is no bound', () => {
    expect(() => new LruCache('bad', 0)).toThrow();
    expect(() => new LruCache('bad', Number.POSITIVE_INFINITY)).toThrow();
  });
});

describe('SqlTemplate', () => {
  it('keeps at most its limit of compiled shapes and runs an evicted shape right', async () => {
    const db = new Kysely<Record<string, Record<string, unknown>>>({
      dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }),
    }) as unknown as AnyKysely;
    await sql`create table t (id integer primary key, n integer)`.execute(db);
    for (let i = 1; i <= 20; i++) await sql`insert into t (n) values (${i})`.execute(db);
    // one shape per page size, the size inlined as the list query does it
    const template = new SqlTemplate<{ from: number }, number>(
      (k, v, size) => sql<Row>`select n from t where n >= ${v.from} order by n limit ${sql.lit(size)}`.compile(k),
      4,
    );
    const run = (size: number, from: number) => template.execute(db, String(size), { from }, size);
    for (let size = 1; size <= 12; size++)
      expect((await run(size, 5)).map((r) => r.n)).toEqual(Array.from({ length: size }, (_, i) => 5 + i));
    expect(template.shapes(db)).toBe(4);
    expect((await run(2, 10)).map((r) => r.n)).toEqual([10, 11]);
    expect(template.shapes(db)).toBe(4);
    await db.destroy();
  });

  it("runs in a transaction with the shapes compiled for the transaction's database, and sees the transaction's writes", async () => {
    const db = new Kysely<Record<string, Record<string, unknown>>>({
      dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }),
    }) as unknown as AnyKysely;
    await sql`create table t (id integer primary key, n integer)`.execute(db);
    const template = new SqlTemplate<{ n: number }, undefined>((k, v) => sql<Row>`select count(*) as c from t where n = ${v.n}`.compile(k));
    for (let i = 1; i <= 3; i++)
      await db.transaction().execute(async (trx) => {
        await sql`insert into t (n) values (${7})`.execute(trx);
        const [row] = await template.execute(trx, 'count', { n: 7 }, undefined, db);
        expect(row!.c).toBe(i);
        // a transaction is a new handle each time: nothing is compiled for it
        expect(template.shapes(trx)).toBe(0);
      });
    expect(template.shapes(db)).toBe(1);
    await db.destroy();
  });
});

describe('StatementNames (PostgreSQL)', () => {
  it('names at most its limit of SQL texts, keeps the names it gave, and names again a text renamed', () => {
    const names = new StatementNames(3);
    const given = ['a', 'b', 'c'].map((t) => names.nameOf(`select ${t}`));
    expect(given.every((n) => typeof n === 'string')).toBe(true);
    for (let i = 0; i < 10; i++) expect(names.nameOf(`select ${i}`)).toBeUndefined();
    expect(names.size).toBe(3);
    expect(names.nameOf('select b')).toBe(given[1]);
    names.rename('select b');
    expect(names.size).toBe(2);
    const again = names.nameOf('select b');
    expect(again).toBeDefined();
    expect(again).not.toBe(given[1]);
    expect(names.size).toBe(3);
  });
});
