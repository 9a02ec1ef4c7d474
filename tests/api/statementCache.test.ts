import { describe, it, expect } from 'vitest';
import BetterSqlite3 from 'better-sqlite3';
import { withStatementCache } from '../../server-mock/db/database.ts';

function open() {
  const sqlite = new BetterSqlite3(':memory:');
  sqlite.exec('create table t (id integer primary key, name text)');
  for (let i = 1; i <= 5; i++) sqlite.prepare('insert into t (name) values (?)').run(`n${i}`);
  return withStatementCache(sqlite, 3);
}

describe('SQLite statement cache', () => {
  it('reuses a compiled statement for the same SQL and gives right answers with new parameters', () => {
    const db = open();
    const a = db.prepare('select name from t where id = ?');
    const b = db.prepare('select name from t where id = ?');
    expect(b).toBe(a);
    expect(a.get(2)).toEqual({ name: 'n2' });
    expect(b.get(4)).toEqual({ name: 'n4' });
    db.close();
  });

  it('drops the oldest statement past the limit', () => {
    const db = open();
    const first = db.prepare('select 1');
    db.prepare('select 2');
    db.prepare('select 3');
    db.prepare('select 4');
    expect(db.cached()).toBe(3);
    expect(db.prepare('select 1')).not.toBe(first);
    db.close();
  });

  it('keeps a statement used again over older ones (least recently used goes first)', () => {
    const db = open();
    const first = db.prepare('select 1');
    db.prepare('select 2');
    db.prepare('select 3');
    expect(db.prepare('select 1')).toBe(first);
    db.prepare('select 4');
    expect(db.cached()).toBe(3);
    expect(db.prepare('select 1')).toBe(first);
    expect((first.get() as Record<string, number>)['1']).toBe(1);
    db.close();
  });

  it('does not hand out a statement that is still iterating', () => {
    const db = open();
    const sql = 'select id from t order by id';
    const outer = db.prepare(sql);
    const seen: number[] = [];
    for (const row of outer.iterate() as IterableIterator<{ id: number }>) {
      const inner = db.prepare(sql);
      expect(inner).not.toBe(outer);
      seen.push(row.id, (inner.all() as { id: number }[]).length);
    }
    expect(seen).toEqual([1, 5, 2, 5, 3, 5, 4, 5, 5, 5]);
    db.close();
  });
});
