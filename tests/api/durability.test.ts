/**
 * Durability: the real server runs as a child process, takes a burst of concurrent writes, and
 * is killed with SIGKILL in the middle of it. After a restart on the same data, every write the
 * server acknowledged (200) is there. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChild, endChild, type ChildServer } from './childServer.ts';
import { client, createPgDatabase, signIn, type Envelope, type PageData } from './harness.ts';

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
          const res = await api.post<Envelope<{ id: number }>>('/api/admin/sysparam/addSysParam', { paramName: 'Durable', paramKey: key, paramValue: key });
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
    const again = await api2.post<Envelope>('/api/admin/sysparam/addSysParam', { paramName: 'Durable', paramKey: `${run}.after`, paramValue: 'after' });
    expect(again.status).toBe(200);
    await kill(second);
  }, 120_000);
});
