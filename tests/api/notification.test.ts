/**
 * Notifications (docs/notifications.md): the admin calls (required fields, the period's order,
 * the publisher the server sets, the recipients kept in notification_sysuser), the bell's
 * queryHeadNotification and the /mynotification page's queryMyNotification (targeting, the
 * period on the server's clock, the cap, the plain-text description), tenant isolation and
 * who may call what. The server's clock is injected: periods start and end without waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { client, readWorkbook, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';
import { DESCRIPTION_LENGTH, HEAD_LIMIT } from '../../server-mock/notification/notificationHandlers.ts';
import { DEMO_NOTIFICATIONS } from '../../server-mock/seed/demoData.ts';

const BASE = '/api/notification/notification';
const MINUTE = 60_000;
let clock = Date.parse('2026-11-23T08:00:00Z');
const at = (offsetMs: number) => new Date(clock + offsetMs).toISOString();

type Api = ReturnType<typeof client>;
type Rec = Record<string, unknown>;
interface BellItem {
  id: number;
  title: string;
  description: string;
  datetime: string;
  type: string;
  read: boolean;
}

let server: TestServer;
let admin: Api;
let editor: Api;
let visitor: Api;
let acme: Api;
const userId = new Map<string, number>();
/** The statements the server ran, as SQL text. */
const statements: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(clock), onStatement: (text) => statements.push(text) });
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
  editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
  visitor = client(server.url, await signIn(server.url, 'demo', 'visitor'));
  acme = client(server.url, await signIn(server.url, 'acme', 'admin'));
  const users = await admin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { pageSize: 100 });
  for (const u of users.body.data!.list) userId.set(String(u.username), Number(u.id));
});

afterAll(async () => {
  await server?.stop();
});

let seq = 0;
async function add(body: Rec, as: Api = admin): Promise<Rec> {
  const res = await as.post<Envelope<Rec>>(`${BASE}/addNotification`, {
    title: `Notice ${++seq}`,
    content: '<p>Text</p>',
    type: 'notice',
    priority: 2,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!;
}

async function bell(as: Api): Promise<BellItem[]> {
  const res = await as.get<Envelope<BellItem[]>>(`${BASE}/queryHeadNotification`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!;
}

async function mine(as: Api, params: Record<string, string | number> = {}): Promise<PageData> {
  const res = await as.get<Envelope<PageData>>(`${BASE}/queryMyNotification`, { pageSize: 10000, ...params });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!;
}

const bellIds = async (as: Api) => (await bell(as)).map((x) => x.id);
const myIds = async (as: Api) => (await mine(as)).list.map((x) => Number(x.id));

async function linkRows(notificationId: number): Promise<Rec[]> {
  return (await server.database.db
    .selectFrom('notification_sysuser')
    .selectAll()
    .where('notification_id', '=', notificationId)
    .orderBy('id')
    .execute()) as Rec[];
}

describe('the demo notifications', () => {
  it('reach everyone, and the targeted message only its recipient', async () => {
    const titles = (items: BellItem[]) => items.map((x) => x.title).sort();
    const everyone = DEMO_NOTIFICATIONS.filter((n) => n.tenantCode === 'demo' && !n.to)
      .map((n) => n.title)
      .sort();
    const message = DEMO_NOTIFICATIONS.find((n) => n.tenantCode === 'demo' && n.to)!;
    // and the tasks of the demo processes (the bell of new tasks): the administrator confirms two
    // leave requests, reviews four purchase requests and approves the payment of three; the
    // editors approve four leave requests and the editor orders one purchase
    const adminTasks = [
      ...Array(2).fill('Confirm · Leave request'),
      ...Array(4).fill('Review · Purchase request'),
      ...Array(3).fill('Approve payment · Purchase request'),
    ];
    expect(titles(await bell(admin))).toEqual([...everyone, ...adminTasks].sort());
    expect(titles(await bell(visitor))).toEqual(everyone);
    const editors = await bell(editor);
    const task = 'Approve · Leave request';
    const editorTasks = [...Array(4).fill(task), 'Order · Purchase request'];
    expect(titles(editors)).toEqual([...everyone, message.title, ...editorTasks].sort());
    expect(editors.find((x) => x.title === task)).toMatchObject({ type: 'message', read: false });
    expect(editors.find((x) => x.title === message.title)).toMatchObject({
      type: 'message',
      description: 'Three steel plan applications of the Riverside Bridge Project wait for your review.',
    });
    expect(editors.filter((x) => x.title !== message.title && !editorTasks.includes(x.title)).every((x) => x.type === 'notification')).toBe(
      true,
    );
  });
});

describe('adding and changing a notification', () => {
  it('requires title, content, type and priority', async () => {
    const res = await admin.post<Envelope>(`${BASE}/addNotification`, {});
    expect(res.status).toBe(400);
    expect(res.body.errors!.map((e) => e.field).sort()).toEqual(['content', 'priority', 'title', 'type']);
    const empty = await admin.post<Envelope>(`${BASE}/addNotification`, { title: '', content: '<p>x</p>', type: 'notice', priority: 1 });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ field: 'title', keyword: 'minLength', params: { limit: 1 }, message: 'must not be empty' }]);
    const wrong = await admin.post<Envelope>(`${BASE}/addNotification`, { title: 'x', content: 'x', type: 'letter', priority: 9 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors!.map((e) => e.field).sort()).toEqual(['priority', 'type']);
  });

  it('refuses an end before the start, on add and on update, and takes an open period', async () => {
    const res = await admin.post<Envelope>(`${BASE}/addNotification`, {
      title: 'Backwards',
      content: 'x',
      type: 'notice',
      priority: 1,
      startTime: at(60 * MINUTE),
      endTime: at(0),
    });
    expect(res.status).toBe(400);
    const backwards = {
      field: 'endTime',
      keyword: 'x-notBefore',
      params: { otherField: 'startTime' },
      message: 'must not be before startTime',
    };
    expect(res.body.errors).toEqual([backwards]);
    expect(res.body.message).toContain('endTime must not be before startTime');
    const ok = await add({ startTime: at(0), endTime: at(0) });
    const upd = await admin.put<Envelope>(`${BASE}/updateNotification`, { id: ok.id, startTime: at(5 * MINUTE) });
    expect(upd.status).toBe(400);
    expect(upd.body.errors).toEqual([backwards]);
    expect(upd.body.message).toContain('endTime must not be before startTime');
    const open = await add({ startTime: at(-MINUTE) });
    expect(open).toMatchObject({ startTime: at(-MINUTE) });
    expect(open.endTime ?? null).toBeNull();
  });

  it('takes its publisher from the signed-in user, whatever the body says, and keeps it on update', async () => {
    const n = await add({ publisher: 'mallory' });
    expect(n.publisher).toBe('admin');
    const upd = await editor.put<Envelope<Rec>>(`${BASE}/updateNotification`, {
      id: n.id,
      title: 'Changed by the editor',
      publisher: 'editor',
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ title: 'Changed by the editor', publisher: 'admin' });
    expect((await add({}, editor)).publisher).toBe('editor');
    const tooLong = await admin.post<Envelope>(`${BASE}/addNotification`, {
      title: 'x',
      content: 'x',
      type: 'notice',
      priority: 1,
      publisher: 'x'.repeat(65),
    });
    expect(tooLong.status).toBe(400);
  });

  it('keeps its recipients in notification_sysuser, with their usernames in answers', async () => {
    const n = await add({ userIds: [userId.get('visitor')!, userId.get('editor')!] });
    expect(n).toMatchObject({ userIds: [userId.get('visitor'), userId.get('editor')], usernames: ['visitor', 'editor'] });
    expect((await linkRows(Number(n.id))).map((x) => [x.user_id, x.tenant_code])).toEqual([
      [userId.get('visitor'), 'demo'],
      [userId.get('editor'), 'demo'],
    ]);
    const listed = await admin.get<Envelope<PageData>>(`${BASE}/queryNotification`, { id: String(n.id) });
    expect(listed.body.data!.list[0]).toMatchObject({
      userIds: [userId.get('visitor'), userId.get('editor')],
      usernames: ['visitor', 'editor'],
    });

    const upd = await admin.put<Envelope<Rec>>(`${BASE}/updateNotification`, { id: n.id, userIds: [userId.get('admin')!] });
    expect(upd.body.data).toMatchObject({ userIds: [userId.get('admin')], usernames: ['admin'] });
    // an update that does not name the recipients keeps them
    await admin.put(`${BASE}/updateNotification`, { id: n.id, title: 'Retitled' });
    expect((await linkRows(Number(n.id))).map((x) => x.user_id)).toEqual([userId.get('admin')]);
    const cleared = await admin.put<Envelope<Rec>>(`${BASE}/updateNotification`, { id: n.id, userIds: null });
    expect(cleared.body.data).toMatchObject({ userIds: null, usernames: null });
    expect(await linkRows(Number(n.id))).toEqual([]);

    const again = await add({ userIds: [userId.get('visitor')!] });
    expect((await admin.post(`${BASE}/deleteNotification`, undefined, { id: `${String(n.id)},${String(again.id)}` })).status).toBe(200);
    expect(await linkRows(Number(again.id))).toEqual([]);
  });

  it('refuses recipients that are no users of the tenant, and repeated ones', async () => {
    const unknown = await admin.post<Envelope>(`${BASE}/addNotification`, {
      title: 'x',
      content: 'x',
      type: 'notice',
      priority: 1,
      userIds: [999999],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors![0]!.field).toBe('userIds');
    const twice = await admin.post<Envelope>(`${BASE}/addNotification`, {
      title: 'x',
      content: 'x',
      type: 'notice',
      priority: 1,
      userIds: [userId.get('visitor')!, userId.get('visitor')!],
    });
    expect(twice.status).toBe(400);
  });
});

describe('the bell and my notifications', () => {
  it('show a notification to its recipients only, and one without recipients to everyone', async () => {
    const forVisitor = await add({ userIds: [userId.get('visitor')!] });
    const forAll = await add({});
    for (const as of [visitor]) {
      expect(await bellIds(as)).toEqual(expect.arrayContaining([forVisitor.id, forAll.id]));
      expect(await myIds(as)).toEqual(expect.arrayContaining([forVisitor.id, forAll.id]));
    }
    for (const as of [admin, editor]) {
      expect(await bellIds(as)).toContain(forAll.id);
      expect(await bellIds(as)).not.toContain(forVisitor.id);
      expect(await myIds(as)).toContain(forAll.id);
      expect(await myIds(as)).not.toContain(forVisitor.id);
    }
  });

  it('show a notification published to organisations to their users and those of the organisations under them, and one to roles to their holders', async () => {
    const orgs = (await admin.get<Envelope<PageData>>('/api/admin/sysorg/querySysOrg', { pageSize: 100 })).body.data!.list;
    const orgId = (name: string) => Number(orgs.find((o) => o.orgName === name)!.id);
    const roles = (await admin.get<Envelope<PageData>>('/api/admin/sysrole/querySysRole', { pageSize: 100 })).body.data!.list;
    const roleId = (code: string) => Number(roles.find((r) => r.roleCode === code)!.id);
    // every demo user works in the Information Department, under Group Headquarters
    const toGroup = await add({ orgIds: [orgId('Group Headquarters')] });
    const toSupply = await add({ orgIds: [orgId('Supply Department')] });
    const toEditors = await add({ roleIds: [roleId('ROLE_EDITOR')] });
    const toSupplyOrVisitor = await add({ orgIds: [orgId('Supply Department')], userIds: [userId.get('visitor')!] });
    const answered = await admin.get<Envelope<PageData>>(`${BASE}/queryNotification`, { title: String(toSupplyOrVisitor.title) });
    expect(answered.body.data!.list[0]).toMatchObject({ orgIds: [orgId('Supply Department')], orgNames: ['Supply Department'] });
    for (const [as, name] of [
      [admin, 'admin'],
      [editor, 'editor'],
      [visitor, 'visitor'],
    ] as const) {
      const bell = await bellIds(as);
      const mine = await myIds(as);
      for (const ids of [bell, mine]) {
        expect(ids, name).toContain(toGroup.id);
        expect(ids, name).not.toContain(toSupply.id);
        expect(ids.includes(toEditors.id as number), name).toBe(name === 'editor');
        expect(ids.includes(toSupplyOrVisitor.id as number), name).toBe(name === 'visitor');
      }
    }
    // a user moved into the Supply Department sees what is published to it
    const moved = await admin.put<Envelope>('/api/admin/sysuser/updateSysUser', {
      id: userId.get('editor'),
      orgId: orgId('Supply Department'),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await bellIds(editor)).toEqual(expect.arrayContaining([toSupply.id, toSupplyOrVisitor.id, toGroup.id]));
    expect((await editor.post(`${BASE}/readNotification`, undefined, { id: toSupply.id as number })).status).toBe(200);
    expect((await visitor.post(`${BASE}/readNotification`, undefined, { id: toSupply.id as number })).status).toBe(404);
    const back = await admin.put<Envelope>('/api/admin/sysuser/updateSysUser', {
      id: userId.get('editor'),
      orgId: orgId('Information Department'),
    });
    expect(back.status).toBe(200);
    expect(await bellIds(editor)).not.toContain(toSupply.id);
  });

  it("find the caller's organisation and those above it in one statement, however deep", async () => {
    const orgs = (await admin.get<Envelope<PageData>>('/api/admin/sysorg/querySysOrg', { pageSize: 100 })).body.data!.list;
    const orgId = (name: string) => Number(orgs.find((o) => o.orgName === name)!.id);
    // a chain of five more levels under the Information Department, the editor at its bottom
    let parent = orgId('Information Department');
    const chain: number[] = [];
    for (let level = 1; level <= 5; level += 1) {
      const made = await admin.post<Envelope<Rec>>('/api/admin/sysorg/addSysOrg', {
        orgName: `Level ${level}`,
        orgType: orgs.find((o) => o.orgName === 'Information Department')!.orgType,
        orgParent: parent,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const id = Number(made.body.data!.id);
      chain.push(id);
      parent = id;
    }
    const toGroup = await add({ orgIds: [orgId('Group Headquarters')] });
    const toLevel2 = await add({ orgIds: [chain[1]!] });
    const toLevel5 = await add({ orgIds: [chain[4]!] });
    expect((await admin.put<Envelope>('/api/admin/sysuser/updateSysUser', { id: userId.get('editor'), orgId: chain[4] })).status).toBe(200);
    try {
      statements.length = 0;
      const ids = await bellIds(editor);
      expect(ids).toEqual(expect.arrayContaining([toGroup.id, toLevel2.id, toLevel5.id]));
      const orgReads = statements.filter((text) => /\bsys_org\b/.test(text));
      expect(orgReads, orgReads.join('\n')).toHaveLength(1);
      expect(orgReads[0]).toMatch(/with recursive/i);
      // the visitor, in the Information Department, is above the chain: none of its notices
      const visitorIds = await bellIds(visitor);
      expect(visitorIds).toContain(toGroup.id);
      expect(visitorIds).not.toContain(toLevel2.id);
      expect(visitorIds).not.toContain(toLevel5.id);
    } finally {
      await admin.put<Envelope>('/api/admin/sysuser/updateSysUser', { id: userId.get('editor'), orgId: orgId('Information Department') });
    }
  });

  it('respect the period on the server clock', async () => {
    const later = await add({ title: 'Later', startTime: at(10 * MINUTE), endTime: at(20 * MINUTE) });
    const untilSoon = await add({ title: 'Until soon', endTime: at(5 * MINUTE) });
    expect(await bellIds(visitor)).not.toContain(later.id);
    expect(await myIds(visitor)).not.toContain(later.id);
    expect(await bellIds(visitor)).toContain(untilSoon.id);
    clock += 15 * MINUTE;
    expect(await bellIds(visitor)).toContain(later.id);
    expect(await myIds(visitor)).toContain(later.id);
    expect(await bellIds(visitor)).not.toContain(untilSoon.id);
    expect(await myIds(visitor)).not.toContain(untilSoon.id);
    clock += 10 * MINUTE;
    expect(await bellIds(visitor)).not.toContain(later.id);
    expect(await myIds(visitor)).not.toContain(later.id);
  });

  it('list the newest first, as bell items with a plain-text description of at most 100 characters', async () => {
    const html = `<p>Dear <b>all</b>,</p><script>alert("x")</script><p>${'stock &amp; steel '.repeat(20)}</p>`;
    const long = await add({ title: 'Long content', type: 'message', content: html });
    clock += 1000;
    const newest = await add({ title: 'Newest', content: '<p>A&nbsp;&lt;tag&gt;&#33;</p>' });
    const items = await bell(visitor);
    expect(items[0]).toEqual({
      id: newest.id,
      title: 'Newest',
      description: 'A <tag>!',
      datetime: newest.createTime,
      type: 'notification',
      read: false,
    });
    const item = items.find((x) => x.id === long.id)!;
    expect(item.type).toBe('message');
    expect(item.description.startsWith('Dear all, stock & steel stock & steel')).toBe(true);
    expect([...item.description]).toHaveLength(DESCRIPTION_LENGTH);
    expect(item.description.endsWith('…')).toBe(true);
    expect(item.description).not.toMatch(/[<>]|alert/);
    const times = items.map((x) => Date.parse(x.datetime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('give my notifications a page at a time, with their content but not their recipients, filtered by title and type', async () => {
    const mark = `Paged ${Date.now()}`;
    const added = [];
    for (let i = 0; i < 3; i++) {
      clock += 1000;
      added.push(
        await add({
          title: `${mark} ${i}`,
          type: i === 1 ? 'message' : 'notice',
          content: `<p>${mark} content ${i}</p>`,
          userIds: [userId.get('visitor')!],
        }),
      );
    }
    const first = await mine(visitor, { title: mark, pageSize: 2, currentPage: 1 });
    expect(first.pagination).toEqual({ total: 3, pageSize: 2, current: 1 });
    expect(first.list.map((x) => x.title)).toEqual([`${mark} 2`, `${mark} 1`]);
    expect(first.list[0]).toEqual({
      id: added[2]!.id,
      title: `${mark} 2`,
      content: `<p>${mark} content 2</p>`,
      type: 'notice',
      priority: 2,
      publisher: 'admin',
      createTime: added[2]!.createTime,
      startTime: null,
      endTime: null,
      read: false,
    });
    const second = await mine(visitor, { title: mark, pageSize: 2, currentPage: 2 });
    expect(second.list.map((x) => x.title)).toEqual([`${mark} 0`]);
    expect((await mine(visitor, { title: mark, type: 'message' })).list.map((x) => x.title)).toEqual([`${mark} 1`]);
    expect((await mine(editor, { title: mark })).list).toEqual([]);
    const bad = await visitor.get<Envelope>(`${BASE}/queryMyNotification`, { type: 'letter' });
    expect(bad.status).toBe(400);
    const unknown = await visitor.get<Envelope>(`${BASE}/queryMyNotification`, { userIds: '1' });
    expect(unknown.status).toBe(400);
  });

  it(`cap the bell at ${HEAD_LIMIT} items`, async () => {
    for (let i = 0; i < HEAD_LIMIT + 2; i++) await add({ title: `Many ${i}`, userIds: [userId.get('editor')!] });
    const items = await bell(editor);
    expect(items).toHaveLength(HEAD_LIMIT);
    expect(items[0]!.title).toBe(`Many ${HEAD_LIMIT + 1}`);
    expect((await mine(editor)).pagination.total).toBeGreaterThan(HEAD_LIMIT);
  });
});

describe('tenants and permissions', () => {
  it('keep each tenant to its own notifications and users', async () => {
    const demoOnly = await add({ title: 'Demo only' });
    const acmeNote = await acme.post<Envelope<Rec>>(`${BASE}/addNotification`, {
      title: 'Acme only',
      content: 'x',
      type: 'notice',
      priority: 1,
    });
    expect(acmeNote.status).toBe(200);
    expect(acmeNote.body.data!.tenantCode).toBe('acme');
    expect(await bellIds(acme)).not.toContain(demoOnly.id);
    expect(await myIds(acme)).not.toContain(demoOnly.id);
    expect(await bellIds(visitor)).not.toContain(acmeNote.body.data!.id);
    const acmeList = await acme.get<Envelope<PageData>>(`${BASE}/queryNotification`, { pageSize: 10000 });
    expect(acmeList.body.data!.list.map((x) => x.id)).not.toContain(demoOnly.id);
    // a demo user cannot be a recipient of an acme notification
    const cross = await acme.post<Envelope>(`${BASE}/addNotification`, {
      title: 'x',
      content: 'x',
      type: 'notice',
      priority: 1,
      userIds: [userId.get('visitor')!],
    });
    expect(cross.status).toBe(400);
    expect(cross.body.errors![0]!.field).toBe('userIds');
    const steal = await acme.put<Envelope>(`${BASE}/updateNotification`, { id: demoOnly.id, title: 'Taken' });
    expect(steal.status).toBe(404);
  });

  it('let every signed-in user read their bell and notifications, and only granted roles manage them', async () => {
    expect((await visitor.get(`${BASE}/queryHeadNotification`)).status).toBe(200);
    expect((await visitor.get(`${BASE}/queryMyNotification`)).status).toBe(200);
    expect((await visitor.get(`${BASE}/queryNotification`)).status).toBe(403);
    expect((await visitor.post(`${BASE}/addNotification`, { title: 'x', content: 'x', type: 'notice', priority: 1 })).status).toBe(403);
    expect((await visitor.get(`${BASE}/queryNotificationType`)).status).toBe(403);
    expect((await editor.get(`${BASE}/queryNotification`)).status).toBe(200);
    expect((await client(server.url).get(`${BASE}/queryHeadNotification`)).status).toBe(401);
    expect((await client(server.url).get(`${BASE}/queryMyNotification`)).status).toBe(401);
  });

  it("answer the types and priorities from the dictionaries, in the caller's language", async () => {
    const types = await admin.get<Envelope<{ label: string; value: string }[]>>(`${BASE}/queryNotificationType`);
    expect(types.body.data!.map((x) => x.value).sort()).toEqual(['message', 'notice']);
    const priorities = await client(server.url, await signIn(server.url, 'demo', 'admin'), { 'x-language': 'zh' }).get<
      Envelope<{ label: string; value: string }[]>
    >(`${BASE}/queryNotificationPriority`);
    expect(priorities.body.data).toEqual([
      { label: '高', value: '1' },
      { label: '中', value: '2' },
      { label: '低', value: '3' },
    ]);
  });
});

describe('export and import', () => {
  it('write recipients as usernames and read them back', async () => {
    const n = await add({ title: 'Round trip', userIds: [userId.get('visitor')!, userId.get('editor')!] });
    const exp = await admin.post(`${BASE}/exportNotification`, {
      id: String(n.id),
      columns: ['title', 'content', 'type', 'priority', 'userIds'],
    });
    expect(exp.status).toBe(200);
    const wb = await readWorkbook(exp.body);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(2).getCell(5).value).toBe('visitor, editor');

    const file = new ExcelJS.Workbook();
    const out = file.addWorksheet('import');
    out.addRow(['Title', 'Content', 'Type', 'Priority', 'Publish to', 'Publisher']);
    out.addRow(['Imported', '<p>x</p>', 'Message', 'High', 'visitor, editor', 'mallory']);
    const imp = await admin.postFile<Envelope<{ imported: number }>>(
      `${BASE}/importNotification`,
      Buffer.from(await file.xlsx.writeBuffer()),
    );
    expect(imp.status, JSON.stringify(imp.body)).toBe(200);
    const found = await admin.get<Envelope<PageData>>(`${BASE}/queryNotification`, { title: 'Imported' });
    expect(found.body.data!.list[0]).toMatchObject({ type: 'message', priority: 1, publisher: 'admin', usernames: ['visitor', 'editor'] });

    const badRow = new ExcelJS.Workbook();
    const bad = badRow.addWorksheet('import');
    bad.addRow(['Title', 'Content', 'Type', 'Priority', 'Publish to']);
    bad.addRow(['Nobody', 'x', 'notice', '2', 'nobody']);
    const refused = await admin.postFile<Envelope>(`${BASE}/importNotification`, Buffer.from(await badRow.xlsx.writeBuffer()));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'row 2.userIds', message: 'no SysUser named "nobody"' }]);
  });
});
