/**
 * Scale-out: two server processes on one PostgreSQL database, started at the same moment and
 * with no TOKEN_SECRET (they share the secret generated in the database). A token from one
 * works on the other; a log out and a forced sign-out on one hold on the other; a document
 * published or unpublished on one is served so by the other within a second. Skipped when
 * TEST_DATABASE_URL is not set (the SQLite pass of `npm test`).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChild, endChild, type ChildServer } from './childServer.ts';
import { client, createPgDatabase, signIn, type Envelope, type PageData } from './harness.ts';
import { CONTRACTS, FORMS, publishContract } from './documentFixture.ts';
import { DOCUMENTS_CHECK_MS } from '../../schemas/registry/documentLimits.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

type Child = ChildServer;

const stop = (child: Child): Promise<void> => endChild(child, 'SIGTERM');

const ME = '/api/uaa/users/getSysUser';

describe.skipIf(!ADMIN_URL)('two server processes on one PostgreSQL database', () => {
  let dir: string;
  let dropDb: () => Promise<void>;
  let a: Child;
  let b: Child;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'console-scale-'));
    mkdirSync(join(dir, 'static'));
    const db = await createPgDatabase(ADMIN_URL!);
    dropDb = db.drop;
    const env = (name: string) => ({ DATABASE_URL: db.url, DATA_DIR: join(dir, name), STATIC_DIR: join(dir, 'static') });
    // both at once: migration and seeding must not break each other
    const started = await Promise.allSettled([startChild(env('a')), startChild(env('b'))]);
    const [first, second] = started;
    if (first.status === 'fulfilled') a = first.value;
    if (second.status === 'fulfilled') b = second.value;
    if (first.status === 'rejected') throw first.reason;
    if (second.status === 'rejected') throw second.reason;
  }, 120_000);

  afterAll(async () => {
    for (const c of [a, b]) if (c) await stop(c);
    if (dropDb) await dropDb();
    rmSync(dir, { recursive: true, force: true });
  });

  it('seeded the demo data once', async () => {
    for (const server of [a, b]) {
      const admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
      const users = await admin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { pageSize: 100 });
      expect(users.status).toBe(200);
      expect(users.body.data!.list.map((u) => u.username).sort()).toEqual(['admin', 'editor', 'visitor']);
      const roles = await admin.get<Envelope<PageData>>('/api/admin/sysrole/querySysRole', { pageSize: 100 });
      const codes = roles.body.data!.list.map((r) => String(r.roleCode));
      expect(new Set(codes).size).toBe(codes.length);
    }
  });

  it('a token signed by one process works on the other, both ways', async () => {
    const fromA = await signIn(a.url, 'demo', 'editor');
    const fromB = await signIn(b.url, 'demo', 'editor');
    for (const [token, server] of [
      [fromA, b],
      [fromB, a],
    ] as const) {
      const res = await client(server.url, token).get<Envelope<{ username: string }>>(ME);
      expect(res.status).toBe(200);
      expect(res.body.data!.username).toBe('editor');
    }
  });

  it('a log out on one process holds on the other', async () => {
    const token = await signIn(a.url, 'demo', 'admin');
    expect((await client(b.url, token).get(ME)).status).toBe(200);
    expect((await client(a.url, token).post('/api/uaa/oauth/logout')).status).toBe(200);
    const after = await client(b.url, token).get<Envelope>(ME);
    expect(after.status).toBe(401);
    expect(after.body.status).toBe(50008);
  });

  it('a forced sign-out on one process holds on the other', async () => {
    const editorToken = await signIn(b.url, 'demo', 'editor');
    expect((await client(b.url, editorToken).get(ME)).status).toBe(200);
    const admin = client(a.url, await signIn(a.url, 'demo', 'admin'));
    expect((await admin.post('/api/admin/sysuser/removePrincipal', undefined, { username: 'editor' })).status).toBe(200);
    for (const server of [b, a]) {
      const res = await client(server.url, editorToken).get<Envelope>(ME);
      expect(res.status).toBe(401);
      expect(res.body.status).toBe(50012);
    }
  });

  it('a document published or unpublished on one process is served so on the other within a second', async () => {
    const onA = client(a.url, await signIn(a.url, 'demo', 'admin'));
    const onB = client(b.url, await signIn(b.url, 'demo', 'admin'));
    // B has read the tenant's documents (none) before the publish
    expect((await onB.get(`${CONTRACTS}/queryContract`)).status).toBe(404);
    const id = await publishContract(onA, ['ROLE_EDITOR']);
    // B checks the tenant's publications at most DOCUMENTS_CHECK_MS after it last did; the bound allows the machine's load
    const within = { timeout: DOCUMENTS_CHECK_MS * 3, interval: 50 };
    await expect.poll(async () => (await onB.get(`${CONTRACTS}/queryContract`)).status, within).toBe(200);
    expect((await onB.post<Envelope>(`${CONTRACTS}/addContract`, { contractCode: 'C010', contractName: 'Across processes' })).status).toBe(
      200,
    );
    expect((await onA.get<Envelope<PageData>>(`${CONTRACTS}/queryContract`)).body.data!.list.map((r) => r.contractCode)).toEqual(['C010']);
    expect((await onA.post(`${FORMS}/unpublishGeneratorForm`, { id })).status).toBe(200);
    await expect.poll(async () => (await onB.get(`${CONTRACTS}/queryContract`)).status, within).toBe(404);
  });
});
