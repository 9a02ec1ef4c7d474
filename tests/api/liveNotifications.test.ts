/**
 * Live notifications (docs/notifications.md#live-notifications): the `streamNotification`
 * channel of a signed-in user. A notification published to some users reaches exactly their
 * open channels (not the others', not another tenant's), one to everyone every channel of the
 * tenant; a workflow task reaches its assignee's channel and bell; a channel without a token is
 * refused. On PostgreSQL, a channel open on one server process hears what is published on
 * another (LISTEN/NOTIFY).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createPgDatabase, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';
import { endChild, startChild, type ChildServer } from './childServer.ts';
import { deploy, SIMPLE, start } from './workflowFixtures.ts';
import { openSseChannel, type SseChannel } from './sseChannel.ts';

const BASE = '/api/notification/notification';
const STREAM = `${BASE}/streamNotification`;
type Api = ReturnType<typeof client>;

const openChannel = (base: string, token: string): Promise<SseChannel> => openSseChannel(base, STREAM, token);

async function publish(admin: Api, title: string, userIds?: number[]): Promise<void> {
  const res = await admin.post<Envelope>(`${BASE}/addNotification`, { title, content: '<p>x</p>', type: 'notice', priority: 2, userIds });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const titlesOf = async (api: Api) =>
  ((await api.get<Envelope<{ title: string }[]>>(`${BASE}/queryHeadNotification`)).body.data ?? []).map((n) => n.title);

describe('one server', () => {
  let server: TestServer;
  let admin: Api;
  const tokens = new Map<string, string>();
  const ids = new Map<string, number>();

  beforeAll(async () => {
    server = await startTestServer();
    for (const name of ['admin', 'editor', 'visitor']) tokens.set(name, await signIn(server.url, 'demo', name));
    tokens.set('acme', await signIn(server.url, 'acme', 'admin'));
    admin = client(server.url, tokens.get('admin'));
    const users = await admin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { pageSize: 100 });
    for (const u of users.body.data!.list) ids.set(String(u.username), Number(u.id));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('refuses a channel without a signed-in caller', async () => {
    const res = await fetch(`${server.url}${STREAM}`);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  it('delivers a publication to exactly its recipients, within a second', async () => {
    const editor = await openChannel(server.url, tokens.get('editor')!);
    const visitor = await openChannel(server.url, tokens.get('visitor')!);
    const acme = await openChannel(server.url, tokens.get('acme')!);
    try {
      const sent = Date.now();
      await publish(admin, 'Only for the editor', [ids.get('editor')!]);
      await expect.poll(() => editor.notices(), { timeout: 1000, interval: 10 }).toBe(1);
      expect(Date.now() - sent).toBeLessThan(1000);
      expect(editor.events.find((e) => e.name === 'notice')!.data).toEqual({ kind: 'notification' });
      // published to everyone: the visitor's channel hears it (and had heard nothing before)
      await publish(admin, 'For everyone');
      await expect.poll(() => visitor.notices(), { timeout: 1000, interval: 10 }).toBe(1);
      await expect.poll(() => editor.notices(), { timeout: 1000, interval: 10 }).toBe(2);
      expect(await titlesOf(client(server.url, tokens.get('visitor')))).toContain('For everyone');
      expect(await titlesOf(client(server.url, tokens.get('visitor')))).not.toContain('Only for the editor');
      // another tenant's channel hears nothing of this one
      expect(acme.notices()).toBe(0);
    } finally {
      for (const c of [editor, visitor, acme]) c.close();
    }
  });

  it('delivers a publication to an organisation or a role to the channels of their users only', async () => {
    const orgs = (await admin.get<Envelope<PageData>>('/api/admin/sysorg/querySysOrg', { pageSize: 100 })).body.data!.list;
    const roles = (await admin.get<Envelope<PageData>>('/api/admin/sysrole/querySysRole', { pageSize: 100 })).body.data!.list;
    const post = (title: string, body: Record<string, unknown>) =>
      admin.post<Envelope>(`${BASE}/addNotification`, { title, content: '<p>x</p>', type: 'notice', priority: 2, ...body });
    const editor = await openChannel(server.url, tokens.get('editor')!);
    const visitor = await openChannel(server.url, tokens.get('visitor')!);
    try {
      // the role: its holder's channel only
      const editors = Number(roles.find((r) => r.roleCode === 'ROLE_EDITOR')!.id);
      expect((await post('For the editors', { roleIds: [editors] })).status).toBe(200);
      await expect.poll(() => editor.notices(), { timeout: 5000, interval: 10 }).toBe(1);
      // the demo users work in the Information Department: one published to Group Headquarters (above it) reaches both
      const group = Number(orgs.find((o) => o.orgName === 'Group Headquarters')!.id);
      expect((await post('For the group', { orgIds: [group] })).status).toBe(200);
      await expect.poll(() => visitor.notices(), { timeout: 5000, interval: 10 }).toBe(1);
      await expect.poll(() => editor.notices(), { timeout: 5000, interval: 10 }).toBe(2);
      expect(await titlesOf(client(server.url, tokens.get('visitor')))).toEqual(expect.arrayContaining(['For the group']));
      expect(await titlesOf(client(server.url, tokens.get('visitor')))).not.toContain('For the editors');
    } finally {
      for (const c of [editor, visitor]) c.close();
    }
  });

  it('tells the assignee of a new workflow task, whose bell then lists it', async () => {
    const channel = await openChannel(server.url, tokens.get('admin')!);
    try {
      const definition = await deploy(admin, SIMPLE, 'Live');
      await start(admin, definition);
      await expect.poll(() => channel.events.filter((e) => e.name === 'notice').map((e) => e.data)).toContainEqual({ kind: 'task' });
      expect(await titlesOf(admin)).toContain('Only · simple');
    } finally {
      channel.close();
    }
  });
});

const ADMIN_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!ADMIN_URL)('two server processes on one PostgreSQL database', () => {
  let dir: string;
  let dropDb: () => Promise<void>;
  let a: ChildServer | undefined;
  let b: ChildServer | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'console-live-'));
    mkdirSync(join(dir, 'static'));
    const db = await createPgDatabase(ADMIN_URL!);
    dropDb = db.drop;
    const env = (name: string) => ({ DATABASE_URL: db.url, DATA_DIR: join(dir, name), STATIC_DIR: join(dir, 'static') });
    a = await startChild(env('a'));
    b = await startChild(env('b'));
  }, 120_000);

  afterAll(async () => {
    for (const c of [a, b]) if (c) await endChild(c, 'SIGTERM');
    if (dropDb) await dropDb();
    rmSync(dir, { recursive: true, force: true });
  });

  it('delivers what is published on one process to the channels open on the other', async () => {
    const adminOnA = client(a!.url, await signIn(a!.url, 'demo', 'admin'));
    const visitor = await openChannel(b!.url, await signIn(b!.url, 'demo', 'visitor'));
    const editor = await openChannel(b!.url, await signIn(b!.url, 'demo', 'editor'));
    try {
      const users = await adminOnA.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { pageSize: 100 });
      const visitorId = Number(users.body.data!.list.find((u) => u.username === 'visitor')!.id);
      await publish(adminOnA, 'Across processes', [visitorId]);
      await expect.poll(() => visitor.notices(), { timeout: 1000, interval: 10 }).toBe(1);
      await publish(adminOnA, 'Across processes to all');
      await expect.poll(() => editor.notices(), { timeout: 1000, interval: 10 }).toBe(1);
      await expect.poll(() => visitor.notices(), { timeout: 1000, interval: 10 }).toBe(2);
    } finally {
      visitor.close();
      editor.close();
    }
  });
});
