/**
 * Group commit on SQLite (server-mock/db/sqliteDriver.ts): a write resolves only after an
 * fsync of the WAL file that started after its commit, and writes that commit while one fsync
 * runs share the next one.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { CHECKPOINT_COMMITS, GroupCommitSqliteDialect, SqliteStore } from '../../server-mock/db/sqliteDriver.ts';
import type { AnyKysely } from '../../server-mock/db/anyKysely.ts';

/** An fsync that completes only when the test says so. */
function heldSyncs() {
  const pending: (() => void)[] = [];
  let started = 0;
  return {
    syncFile: () => {
      started++;
      return new Promise<void>((resolve) => pending.push(resolve));
    },
    started: () => started,
    /** Complete the oldest fsync in flight (once one is). */
    release: async () => {
      await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0));
      pending.shift()!();
    },
  };
}

describe('SQLite group commit', () => {
  it('acknowledges a write only after an fsync that started after its commit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
    const syncs = heldSyncs();
    const store = new SqliteStore({ file: join(dir, 'x.sqlite'), synchronous: 'FULL', syncFile: syncs.syncFile });
    const db: AnyKysely = new Kysely({ dialect: new GroupCommitSqliteDialect(store) });
    try {
      const table = sql`create table t (id integer primary key, v text)`.execute(db);
      await syncs.release();
      await table;

      const done: string[] = [];
      const a = db
        .insertInto('t')
        .values({ v: 'a' })
        .execute()
        .then(() => done.push('a'));
      await vi.waitFor(() => expect(syncs.started()).toBe(2)); // a's fsync is running
      const b = db
        .transaction()
        .execute((trx) => trx.insertInto('t').values({ v: 'b' }).execute())
        .then(() => done.push('b'));
      const c = db
        .insertInto('t')
        .values({ v: 'c' })
        .execute()
        .then(() => done.push('c'));
      // b and c committed (a reader sees them) but are not acknowledged
      await vi.waitFor(async () =>
        expect((await db.selectFrom('t').select('v').orderBy('id').execute()).map((r) => r.v)).toEqual(['a', 'b', 'c']),
      );
      expect(done).toEqual([]);

      await syncs.release(); // the fsync that started before b and c committed
      await vi.waitFor(() => expect(done).toEqual(['a']));
      await vi.waitFor(() => expect(syncs.started()).toBe(3)); // one fsync for both b and c
      expect(done).toEqual(['a']);
      await syncs.release();
      await Promise.all([a, b, c]);
      expect(done.sort()).toEqual(['a', 'b', 'c']);
      expect(syncs.started()).toBe(3);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads on the writing connection between transactions and on the read connection during one, never seeing uncommitted rows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
    const store = new SqliteStore({ file: join(dir, 'x.sqlite'), synchronous: 'NORMAL' });
    const db: AnyKysely = new Kysely({ dialect: new GroupCommitSqliteDialect(store) });
    const values = async () => (await db.selectFrom('t').select('v').orderBy('id').execute()).map((r) => r.v);
    try {
      await sql`create table t (id integer primary key, v text)`.execute(db);
      await db.insertInto('t').values({ v: 'a' }).execute();
      expect(store.readConnection()).toBe(store.write);
      expect(await values()).toEqual(['a']);

      let inside!: () => void;
      const held = new Promise<void>((resolve) => (inside = resolve));
      let finish!: () => void;
      const trx = db.transaction().execute(async (t) => {
        await t.insertInto('t').values({ v: 'b' }).execute();
        inside();
        await new Promise<void>((resolve) => (finish = resolve));
      });
      await held;
      // the transaction holds the writing connection: reads go to the other one and see only what is committed
      expect(store.readConnection()).toBe(store.read);
      expect(await values()).toEqual(['a']);
      finish();
      await trx;
      expect(store.readConnection()).toBe(store.write);
      expect(await values()).toEqual(['a', 'b']);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('copies the WAL into the database file on its checkpoint thread once enough commits were made', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
    const file = join(dir, 'x.sqlite');
    const store = new SqliteStore({ file, synchronous: 'FULL' });
    const db: AnyKysely = new Kysely({ dialect: new GroupCommitSqliteDialect(store) });
    try {
      await sql`create table t (id integer primary key, v text)`.execute(db);
      const before = statSync(file).size;
      // Commits in groups of 50 (each group shares fsyncs), past the checkpoint threshold.
      for (let i = 0; i < CHECKPOINT_COMMITS + 50; i += 50) {
        await Promise.all(
          Array.from({ length: 50 }, (_, j) =>
            db
              .insertInto('t')
              .values({ v: 'x'.repeat(200) + String(i + j) })
              .execute(),
          ),
        );
      }
      await vi.waitFor(() => expect(store.checkpointer.done).toBeGreaterThan(0), { timeout: 10_000 });
      // The rows' pages are in the database file itself now, not only in the WAL.
      expect(statSync(file).size).toBeGreaterThan(before + 100_000);
      expect(
        (await db
          .selectFrom('t')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirst())!.n,
      ).toBe(CHECKPOINT_COMMITS + 50);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts the WAL over after each checkpoint while writes go on without a pause', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
    const file = join(dir, 'x.sqlite');
    const store = new SqliteStore({ file, synchronous: 'FULL' });
    const db: AnyKysely = new Kysely({ dialect: new GroupCommitSqliteDialect(store) });
    const commits = 5 * CHECKPOINT_COMMITS;
    try {
      await sql`create table t (id integer primary key, v text)`.execute(db);
      // 20 writers, each starting its next commit as soon as the last one is acknowledged
      let next = 0;
      const writer = async () => {
        while (next < commits) {
          next++;
          await db
            .insertInto('t')
            .values({ v: 'x'.repeat(200) })
            .execute();
        }
      };
      await Promise.all(Array.from({ length: 20 }, writer));
      const checkpoints = store.checkpointer.done;
      expect(checkpoints).toBeGreaterThanOrEqual(2);
      // The WAL header's checkpoint sequence number (bytes 12 to 15, big-endian) counts the
      // times the WAL started over. It does at the first write after a checkpoint that copied
      // the whole of it: after every checkpoint but perhaps the last.
      const header = readFileSync(`${file}-wal`).subarray(0, 32);
      expect(header.readUInt32BE(12)).toBeGreaterThanOrEqual(checkpoints - 1);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
