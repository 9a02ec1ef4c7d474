/**
 * A crash between a file's object and its row: the real server runs as a child process, an
 * upload reaches the point where its object is stored while its row waits for the database
 * (the test holds the file table's write lock), and the server is killed with SIGKILL there.
 * What is left is an object without a row, never a row without its object; after a restart the
 * clean-up removes that object (once it is older than the grace period). On SQLite, and on
 * PostgreSQL when TEST_DATABASE_URL is set; on the folder storage.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endChild, startChild, type ChildServer } from './childServer.ts';
import { createPgDatabase, signIn, startTestServer, TEST_SERVER_ENV } from './harness.ts';
import { multipart } from './filesFixtures.ts';
import { cleanFileStorage, ORPHAN_GRACE_MS } from '../../server-mock/files/fileCleanup.ts';

/** A write lock on the file table, held by the test; release() lets the database go. */
interface Lock {
  release(): Promise<void>;
  fileRows(): Promise<number>;
}

async function lockFileTable(dataDir: string, databaseUrl: string | undefined): Promise<Lock> {
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query('begin');
    await c.query('lock table file in exclusive mode');
    return {
      release: async () => {
        await c.query('rollback').catch(() => undefined);
        await c.end();
      },
      fileRows: async () => Number((await c.query<{ n: string }>('select count(*) as n from file')).rows[0]!.n),
    };
  }
  const db = new BetterSqlite(join(dataDir, 'console.sqlite'));
  db.pragma('busy_timeout = 5000');
  // the database's one writer: the server's insert waits (its busy timeout) while this is open
  db.exec('begin immediate');
  return {
    release: async () => {
      if (db.inTransaction) db.exec('rollback');
      db.close();
    },
    fileRows: async () => Number((db.prepare('select count(*) as n from file').get() as { n: number }).n),
  };
}

function objectsIn(dataDir: string): string[] {
  try {
    return readdirSync(join(dataDir, 'files', 'demo'));
  } catch {
    return [];
  }
}

describe(`a crash between object and row on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`, () => {
  let root: string;
  let env: Record<string, string>;
  let dropDb: (() => Promise<void>) | undefined;
  let child: ChildServer | undefined;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'files-crash-'));
    mkdirSync(join(root, 'static'));
    env = { ...(TEST_SERVER_ENV as Record<string, string>), DATA_DIR: join(root, 'data'), STATIC_DIR: join(root, 'static') };
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      const db = await createPgDatabase(adminUrl);
      env.DATABASE_URL = db.url;
      dropDb = db.drop;
    }
  });

  afterAll(async () => {
    if (child) await endChild(child, 'SIGKILL');
    if (dropDb) await dropDb();
    rmSync(root, { recursive: true, force: true });
  });

  it('leaves an object without a row, which the clean-up removes after a restart', async () => {
    child = await startChild(env);
    const token = await signIn(child.url, 'demo', 'admin');
    const dataDir = env.DATA_DIR!;
    const lock = await lockFileTable(dataDir, env.DATABASE_URL);
    let rowsAtCrash: number;
    try {
      const before = await lock.fileRows();
      const { body, contentType } = multipart([
        { filename: 'crash.txt', type: 'text/plain', body: Buffer.from('written before the crash') },
      ]);
      const upload = fetch(`${child.url}/api/file/file/uploadFile`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        body: new Uint8Array(body),
      }).catch((err: unknown) => err);
      // the object is stored; its row waits for the lock: kill the server there
      for (let i = 0; i < 100 && objectsIn(dataDir).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(objectsIn(dataDir)).toHaveLength(1);
      await endChild(child, 'SIGKILL');
      child = undefined;
      expect(await upload).toBeInstanceOf(Error);
      rowsAtCrash = (await lock.fileRows()) - before;
    } finally {
      await lock.release();
    }
    expect(rowsAtCrash).toBe(0);
    const orphan = objectsIn(dataDir);
    expect(orphan).toHaveLength(1);

    // restarted: a young orphan is left alone (it could be an upload whose row is on its way) ...
    const restarted = await startTestServer({ dataDir, databaseUrl: env.DATABASE_URL, env: TEST_SERVER_ENV });
    try {
      expect((await cleanFileStorage(restarted.services)).removed).toEqual([]);
      // ... an hour later it is removed
      const later = { ...restarted.services, now: () => new Date(Date.now() + ORPHAN_GRACE_MS + 60_000) };
      expect((await cleanFileStorage(later)).removed).toEqual([`demo/${orphan[0]}`]);
      expect(objectsIn(dataDir)).toEqual([]);
    } finally {
      await restarted.close();
    }
  }, 120_000);
});
