/**
 * What users meet (issue 22): the notifications' read state (queryHeadNotification's `read`,
 * readNotification, queryMyNotification's `read` and its filter) and an administrator's password
 * reset of a user (resetSysUserPassword): who may, what it ends, tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, requestToken, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';
import { passwordProblem } from '../../server-mock/auth/passwordPolicy.ts';
import { ONE_TIME_LENGTH } from '../../server-mock/account/adminReset.ts';

const BASE = '/api/notification/notification';
const RESET = '/api/admin/sysuser/resetSysUserPassword';
let clock = Date.parse('2026-11-23T08:00:00Z');
const MINUTE = 60_000;

type Api = ReturnType<typeof client>;
interface BellItem {
  id: number;
  title: string;
  type: string;
  read: boolean;
}

let server: TestServer;
let admin: Api;

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(clock) });
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
});

afterAll(async () => {
  await server?.stop();
});

async function bell(as: Api): Promise<BellItem[]> {
  const res = await as.get<Envelope<BellItem[]>>(`${BASE}/queryHeadNotification`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!;
}

async function mine(as: Api, params: Record<string, string | number | boolean> = {}): Promise<PageData> {
  const res = await as.get<Envelope<PageData>>(`${BASE}/queryMyNotification`, { pageSize: 10000, ...params });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!;
}

async function addNotice(title: string): Promise<number> {
  clock += MINUTE;
  const res = await admin.post<Envelope<{ id: number }>>(`${BASE}/addNotification`, {
    title,
    content: `<p>${title} text</p>`,
    type: 'notice',
    priority: 2,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Number(res.body.data!.id);
}

describe('read state of notifications', () => {
  it('starts unread, is read once opened (for that user only), and the list filters by it', async () => {
    const visitor = client(server.url, await signIn(server.url, 'demo', 'visitor'));
    const editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
    const id = await addNotice('Read state');
    const before = await bell(visitor);
    expect(before.find((i) => i.id === id)?.read).toBe(false);
    expect(before.every((i) => i.read === false)).toBe(true);

    clock += MINUTE;
    const opened = await visitor.post<Envelope<Record<string, unknown>>>(`${BASE}/readNotification`, undefined, { id });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.data).toMatchObject({ id, title: 'Read state', content: '<p>Read state text</p>', read: true });

    const after = await bell(visitor);
    expect(after.find((i) => i.id === id)?.read).toBe(true);
    expect(after.filter((i) => !i.read).length).toBe(before.filter((i) => !i.read).length - 1);
    // the editor has not read it
    expect((await bell(editor)).find((i) => i.id === id)?.read).toBe(false);
    // opening it again changes nothing
    expect((await visitor.post(`${BASE}/readNotification`, undefined, { id })).status).toBe(200);

    const all = await mine(visitor);
    expect(all.list.find((r) => r.id === id)?.read).toBe(true);
    const readOnes = await mine(visitor, { read: true });
    const unreadOnes = await mine(visitor, { read: false });
    expect(readOnes.list.map((r) => r.id)).toEqual([id]);
    expect(unreadOnes.list.map((r) => r.id)).not.toContain(id);
    expect(readOnes.pagination.total + unreadOnes.pagination.total).toBe(all.pagination.total);
  });

  it('answers 404 for a notification that is not current for the caller, and records nothing', async () => {
    const visitor = client(server.url, await signIn(server.url, 'demo', 'visitor'));
    const acme = client(server.url, await signIn(server.url, 'acme', 'admin'));
    const editorOnly = (await bell(client(server.url, await signIn(server.url, 'demo', 'editor')))).find((i) => i.type === 'message')!;
    expect(editorOnly).toBeTruthy();
    expect((await visitor.post(`${BASE}/readNotification`, undefined, { id: editorOnly.id })).status).toBe(404);
    const demoNotice = (await bell(visitor))[0]!;
    expect((await acme.post(`${BASE}/readNotification`, undefined, { id: demoNotice.id })).status).toBe(404);
    expect((await visitor.post(`${BASE}/readNotification`, undefined, { id: 999999 })).status).toBe(404);
    expect((await visitor.post(`${BASE}/readNotification`, undefined, { id: 'x' })).status).toBe(400);
    expect((await client(server.url).post(`${BASE}/readNotification`, undefined, { id: demoNotice.id })).status).toBe(401);
    const rows = await server.database.db.selectFrom('notification_read').selectAll().where('tenant_code', '=', 'acme').execute();
    expect(rows).toEqual([]);
  });

  it('does not count a read row of a deleted notification for a later one', async () => {
    const visitor = client(server.url, await signIn(server.url, 'demo', 'visitor'));
    const id = await addNotice('Short-lived');
    clock += MINUTE;
    expect((await visitor.post(`${BASE}/readNotification`, undefined, { id })).status).toBe(200);
    expect((await admin.post(`${BASE}/deleteNotification`, undefined, { id })).status).toBe(200);
    // a read row of that id made before the next notification was created, as if the id came again
    const later = await addNotice('Later');
    await server.database.db
      .updateTable('notification_read')
      .set({ notification_id: later })
      .where('notification_id', '=', id)
      .where('tenant_code', '=', 'demo')
      .execute();
    expect((await bell(visitor)).find((i) => i.id === later)?.read).toBe(false);
    clock += MINUTE;
    expect((await visitor.post(`${BASE}/readNotification`, undefined, { id: later })).status).toBe(200);
    expect((await bell(visitor)).find((i) => i.id === later)?.read).toBe(true);
  });
});

describe("an administrator's password reset", () => {
  it('makes a password the policy takes, shown once; the old one, the sessions and the lock go', async () => {
    const before = await signIn(server.url, 'demo', 'visitor');
    // lock the visitor's account
    for (let i = 0; i < 5; i++) await requestToken(server.url, 'demo', 'visitor', 'wrong-password');
    expect((await requestToken(server.url, 'demo', 'visitor')).status).toBe(423);

    const res = await admin.post<Envelope<{ username: string; password: string }>>(RESET, undefined, { username: 'visitor' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { password } = res.body.data!;
    expect(res.body.data!.username).toBe('visitor');
    expect(password).toHaveLength(ONE_TIME_LENGTH);
    expect(passwordProblem(password, 'visitor')).toBeUndefined();

    // the earlier session ended; the old password fails; the new one signs in (the lock is lifted)
    const old = await client(server.url, before).get('/api/uaa/users/getSysUser');
    expect(old.status).toBe(401);
    expect((await requestToken(server.url, 'demo', 'visitor')).status).toBe(400);
    expect(await signIn(server.url, 'demo', 'visitor', password)).toBeTruthy();
    // the stored value is a hash, not the password
    const row = await server.database.db
      .selectFrom('sys_user')
      .select('password')
      .where('username', '=', 'visitor')
      .where('tenant_code', '=', 'demo')
      .executeTakeFirst();
    expect(String(row?.password)).not.toContain(password);

    // a second reset gives another password
    const again = await admin.post<Envelope<{ password: string }>>(RESET, undefined, { username: 'visitor' });
    expect(again.body.data!.password).not.toBe(password);
  });

  it('is refused to the editor (no button), for an unknown user and across tenants, changing nothing', async () => {
    const editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
    const editorReset = await editor.post(RESET, undefined, { username: 'admin' });
    expect(editorReset.status).toBe(403);
    expect((await admin.post(RESET, undefined, { username: 'nobody' })).status).toBe(404);
    expect((await admin.post(RESET, undefined, {})).status).toBe(400);
    // acme's administrator cannot reach demo's editor; demo's editor still signs in with the old password
    const acme = client(server.url, await signIn(server.url, 'acme', 'admin'));
    expect((await acme.post(RESET, undefined, { username: 'editor' })).status).toBe(404);
    expect(await signIn(server.url, 'demo', 'editor')).toBeTruthy();
    expect(await signIn(server.url, 'demo', 'admin')).toBeTruthy();
  });
});

describe('undoing a delete', () => {
  const PARAM = '/api/admin/sysparam';
  const RESTORE = '/api/admin/sysdeletedhold/restoreDeleted';
  let seq = 0;
  async function addParam(): Promise<Record<string, unknown>> {
    seq += 1;
    const res = await admin.post<Envelope<Record<string, unknown>>>(`${PARAM}/addSysParam`, {
      paramName: `Undo ${seq}`,
      paramKey: `undo.key.${seq}`,
      paramValue: `value ${seq}`,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data!;
  }
  const paramById = async (id: unknown) =>
    (await admin.get<Envelope<PageData>>(`${PARAM}/querySysParam`, { pageSize: 1000 })).body.data!.list.find((x) => x.id === id);

  it('holds the deleted record and restores it as it was, once', async () => {
    const rec = await addParam();
    const del = await admin.post<Envelope<{ undo: string; until: string }>>(`${PARAM}/deleteSysParam`, undefined, { id: Number(rec.id) });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(del.body.data!.undo).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(Date.parse(del.body.data!.until)).toBe(clock + 60_000);
    expect(await paramById(rec.id)).toBeUndefined();
    // another user of the tenant, or another tenant, cannot use the token
    const editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
    expect((await editor.post(RESTORE, undefined, { token: del.body.data!.undo })).status).toBe(404);
    const acme = client(server.url, await signIn(server.url, 'acme', 'admin'));
    expect((await acme.post(RESTORE, undefined, { token: del.body.data!.undo })).status).toBe(404);

    const back = await admin.post<Envelope<{ restored: number }>>(RESTORE, undefined, { token: del.body.data!.undo });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data).toEqual({ restored: 1 });
    expect(await paramById(rec.id)).toEqual(rec);
    expect((await admin.post(RESTORE, undefined, { token: del.body.data!.undo })).status).toBe(404);
  });

  it('restores a notification with its recipients', async () => {
    const users = (await admin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { pageSize: 100 })).body.data!.list;
    const visitorId = Number(users.find((u) => u.username === 'visitor')!.id);
    const added = await admin.post<Envelope<Record<string, unknown>>>(`${BASE}/addNotification`, {
      title: 'Undo me',
      content: '<p>x</p>',
      type: 'message',
      priority: 1,
      userIds: [visitorId],
    });
    const id = Number(added.body.data!.id);
    const del = await admin.post<Envelope<{ undo: string }>>(`${BASE}/deleteNotification`, undefined, { id });
    expect(del.status).toBe(200);
    expect((await admin.get<Envelope<PageData>>(`${BASE}/queryNotification`, { title: 'Undo me' })).body.data!.list).toEqual([]);
    expect((await admin.post(RESTORE, undefined, { token: del.body.data!.undo })).status).toBe(200);
    const found = (await admin.get<Envelope<PageData>>(`${BASE}/queryNotification`, { title: 'Undo me' })).body.data!.list;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id, userIds: [visitorId], usernames: ['visitor'] });
  });

  it('ends after the hold, and refuses (changing nothing) when a record with the same unique values came since', async () => {
    const late = await addParam();
    const gone = await admin.post<Envelope<{ undo: string }>>(`${PARAM}/deleteSysParam`, undefined, { id: Number(late.id) });
    clock += 61_000;
    const expired = await admin.post<Envelope>(RESTORE, undefined, { token: gone.body.data!.undo });
    expect(expired.status).toBe(404);
    expect(await paramById(late.id)).toBeUndefined();

    const rec = await addParam();
    const del = await admin.post<Envelope<{ undo: string }>>(`${PARAM}/deleteSysParam`, undefined, { id: Number(rec.id) });
    const twin = await admin.post<Envelope<Record<string, unknown>>>(`${PARAM}/addSysParam`, {
      paramName: rec.paramName,
      paramKey: rec.paramKey,
      paramValue: 'new',
    });
    expect(twin.status, JSON.stringify(twin.body)).toBe(200);
    const clash = await admin.post<Envelope>(RESTORE, undefined, { token: del.body.data!.undo });
    expect(clash.status, JSON.stringify(clash.body)).toBe(409);
    expect(await paramById(rec.id)).toBeUndefined();
    expect((await admin.post(RESTORE, undefined, { token: 'short' })).status).toBe(400);
  });

  it('is not offered where the resource does not allow it', async () => {
    const post = await admin.post<Envelope<Record<string, unknown>>>('/api/admin/syspost/addSysPost', {
      postCode: `undo-${Date.now() % 100000}`,
      postName: 'Undo post',
      postParent: '0',
    });
    expect(post.status, JSON.stringify(post.body)).toBe(200);
    const del = await admin.post<Envelope>('/api/admin/syspost/deleteSysPost', undefined, { id: Number(post.body.data!.id) });
    expect(del.status).toBe(200);
    expect(del.body.data ?? null).toBeNull();
  });
});
