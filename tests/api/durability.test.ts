/**
 * Durability: the real server runs as a child process, takes a burst of concurrent writes, and
 * is killed with SIGKILL in the middle of it. After a restart on the same data, every write the
 * server acknowledged (200) is there. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 *
 * A killed process loses nothing even when the server acknowledges before the WAL sync (the
 * frames are in the operating system's cache): that guarantee against a power loss is held by
 * the default test below, on a server started without SQLITE_SYNCHRONOUS: its configuration
 * says FULL, its write connection leaves the sync to the group commit (WAL, synchronous=NORMAL),
 * and a write through the API is answered only once an fsync of the WAL file has completed
 * (the fsyncs of the process are held, then let go). On PostgreSQL the server's connections run
 * with fsync and synchronous_commit on.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startChild, endChild, type ChildServer } from './childServer.ts';
import { client, createPgDatabase, signIn, startTestServer, type Envelope, type PageData } from './harness.ts';

/** Writes in flight at once during the burst. */
const CONCURRENCY = 16;
/** The server is killed once this many writes were acknowledged (the burst goes on until then). */
const KILL_AFTER_ACKS = 60;
/** Upper bound of writes in the burst. */
const MAX_WRITES = 2000;

type Child = ChildServer;

const kill = (child: Child): Promise<void> => endChild(child, 'SIGKILL');

describe(`durability on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`, () => {
  let dataDir: string;
  let env: Record<string, string>;
  let dropDb: (() => Promise<void>) | undefined;
  const children: Child[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'console-durability-'));
    mkdirSync(join(dataDir, 'static'));
    env = { DATA_DIR: join(dataDir, 'data'), STATIC_DIR: join(dataDir, 'static') };
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      const db = await createPgDatabase(adminUrl);
      env.DATABASE_URL = db.url;
      dropDb = db.drop;
    }
  });

  afterAll(async () => {
    for (const c of children) await kill(c);
    if (dropDb) await dropDb();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write when the server is killed during a burst of writes', async () => {
    const first = await startChild(env);
    children.push(first);
    const api = client(first.url, await signIn(first.url, 'demo', 'admin'));
    const run = `d${Date.now().toString(36)}`;
    const acknowledged: string[] = [];
    const refused: string[] = [];
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (!killed && next < MAX_WRITES) {
        const key = `${run}.k${next++}`;
        try {
          const res = await api.post<Envelope<{ id: number }>>('/api/admin/sysparam/addSysParam', {
            paramName: 'Durable',
            paramKey: key,
            paramValue: key,
          });
          if (res.status === 200) acknowledged.push(key);
          else refused.push(`${key}: ${res.status} ${res.body.message}`);
        } catch {
          // the connection broke: the server was killed with this write in flight (not acknowledged)
        }
        if (!killed && acknowledged.length >= KILL_AFTER_ACKS) {
          killed = true;
          first.process.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await first.exited;
    expect(refused).toEqual([]);
    expect(killed).toBe(true);
    expect(first.process.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);

    const second = await startChild(env);
    children.push(second);
    const api2 = client(second.url, await signIn(second.url, 'demo', 'admin'));
    const missing: string[] = [];
    const keys = [...acknowledged];
    const check = async () => {
      for (let key = keys.pop(); key !== undefined; key = keys.pop()) {
        const res = await api2.get<Envelope<PageData>>('/api/admin/sysparam/querySysParam', { paramKey: key });
        expect(res.status).toBe(200);
        const rows = res.body.data!.list;
        if (rows.length !== 1 || rows[0]!.paramValue !== key) missing.push(key);
      }
    };
    await Promise.all(Array.from({ length: 8 }, check));
    expect(missing).toEqual([]);
    // the restarted server takes writes again
    const again = await api2.post<Envelope>('/api/admin/sysparam/addSysParam', {
      paramName: 'Durable',
      paramKey: `${run}.after`,
      paramValue: 'after',
    });
    expect(again.status).toBe(200);
    await kill(second);
  }, 120_000);
});

/**
 * Holds every fsync of this process (FileHandle.sync, the group commit's sync of the WAL file)
 * until `release`; `started` counts the held ones.
 */
async function holdFsyncs(dir: string): Promise<{ started(): number; release(): void; restore(): void }> {
  const probe = await open(join(dir, 'probe'), 'w');
  const proto = Object.getPrototypeOf(probe) as { sync(this: FileHandle): Promise<void> };
  await probe.close();
  const original = proto.sync;
  const waiting: (() => void)[] = [];
  let started = 0;
  let holding = true;
  proto.sync = function (this: FileHandle) {
    if (!holding) return original.call(this);
    started++;
    return new Promise<void>((resolve, reject) => waiting.push(() => original.call(this).then(resolve, reject)));
  };
  const release = () => {
    holding = false;
    for (const go of waiting.splice(0)) go();
  };
  return {
    started: () => started,
    release,
    restore: () => {
      release();
      proto.sync = original;
    },
  };
}

describe('the durability of a server started without SQLITE_SYNCHRONOUS', () => {
  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'SQLite: runs FULL with the group commit, and answers a write only after an fsync of the WAL file',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'console-durability-default-'));
      // the harness starts the server on an empty environment: what it runs is the default
      const server = await startTestServer({ dataDir });
      let fsyncs: Awaited<ReturnType<typeof holdFsyncs>> | undefined;
      try {
        expect(server.config.sqliteSynchronous).toBe('FULL');
        const { db } = server.database;
        expect((await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db)).rows[0]!.journal_mode).toBe('wal');
        // NORMAL on the write connection: SQLite does not sync at commit, the group commit does (docs/database.md)
        expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]!.synchronous).toBe(1);

        const api = client(server.url, await signIn(server.url, 'demo', 'admin'));
        fsyncs = await holdFsyncs(dataDir);
        let answered = false;
        const write = api
          .post<Envelope>('/api/admin/sysparam/addSysParam', { paramName: 'Durable', paramKey: 'default.sync', paramValue: 'v' })
          .then((res) => {
            answered = true;
            return res;
          });
        // committed (a reader sees the row) and its fsync started, but the fsync has not completed
        const committed = async () =>
          Number((await sql<{ n: number }>`select count(*) as n from sys_param where param_key = 'default.sync'`.execute(db)).rows[0]!.n);
        await vi.waitFor(async () => expect(await committed()).toBe(1), { timeout: 10_000 });
        await vi.waitFor(() => expect(fsyncs!.started(), 'the committed write waits for an fsync of the WAL').toBeGreaterThan(0), {
          timeout: 10_000,
        });
        // a whole request answered after the commit: the write's own answer was not sent meanwhile
        const read = await api.get<Envelope<PageData>>('/api/admin/sysparam/querySysParam', { paramKey: 'default.sync' });
        expect(read.body.data!.list).toHaveLength(1);
        expect(answered, 'the write was acknowledged before its fsync completed').toBe(false);

        fsyncs.release();
        const res = await write;
        expect(res.status).toBe(200);
      } finally {
        fsyncs?.restore();
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    "PostgreSQL: the server's connections run with fsync and synchronous_commit on",
    async () => {
      const server = await startTestServer();
      try {
        const { db } = server.database;
        for (const setting of ['fsync', 'synchronous_commit']) {
          const row = (await sql<Record<string, string>>`show ${sql.raw(setting)}`.execute(db)).rows[0]!;
          expect(row[setting], setting).toBe('on');
        }
      } finally {
        await server.stop();
      }
      // a new PostgreSQL database is migrated and seeded first: on a busy machine that alone took over 30 s
    },
    120_000,
  );
});
