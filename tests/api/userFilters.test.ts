/**
 * The users list's filters beyond its own fields, through the real server: the organisation
 * tree keeps a node's users and those of every organisation under it (list.filterTree with
 * subtree), `roleId` keeps the users granted that role (a search field by the `roles` link),
 * and the online users take the older client's nickname, mobile, roleId and orgId filters.
 * Each reaches only the caller's tenant: another tenant's role or organisation id finds nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  readWorkbook,
  signIn,
  startTestServer,
  type ApiResponse,
  type Envelope,
  type PageData,
  type TestServer,
} from './harness.ts';

type Client = ReturnType<typeof client>;
type Rec = Record<string, unknown>;

let server: TestServer;
let admin: Client;
let acmeAdmin: Client;
const orgs = new Map<string, number>();

const ok = <T = unknown>(res: ApiResponse<Envelope<T>>): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as T;
};

async function users(c: Client, params: Record<string, string | number>): Promise<string[]> {
  const data = ok<PageData>(await c.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { pageSize: 1000, ...params }));
  return data.list.map((u) => String(u.username)).sort();
}

async function addUser(username: string, mobile: string, orgId: number): Promise<number> {
  const added = ok<Rec>(
    await admin.post<Envelope<Rec>>('/api/admin/sysuser/addSysUser', {
      username,
      nickname: `${username} nick`,
      password: 'Filter@2026x',
      email: `${username}@demo.example.com`,
      prefix: '+86',
      mobile,
      orgId,
      status: 1,
    }),
  );
  return Number(added.id);
}

async function addOrg(orgName: string, orgParent: number): Promise<number> {
  const added = ok<Rec>(await admin.post<Envelope<Rec>>('/api/admin/sysorg/addSysOrg', { orgName, orgParent, orgType: 'department' }));
  return Number(added.id);
}

let roleA: number;
let roleB: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
  acmeAdmin = client(server.url, await signIn(server.url, 'acme', 'admin'));
  const orgList = ok<PageData>(await admin.get<Envelope<PageData>>('/api/admin/sysorg/querySysOrg', { pageSize: 1000 })).list;
  for (const o of orgList) orgs.set(String(o.orgName), Number(o.id));
  // group > it > it-north > it-north-east: three levels under the group, and a sibling branch
  const it = orgs.get('Information Department')!;
  const north = await addOrg('IT North', it);
  const northEast = await addOrg('IT North East', north);
  orgs.set('IT North', north).set('IT North East', northEast);
  await addUser('f_it', '5550001', it);
  await addUser('f_north', '5550002', north);
  await addUser('f_northeast', '5550003', northEast);
  await addUser('f_bridge', '5550004', orgs.get('Riverside Bridge Project')!);
  for (const [code, name] of [
    ['F_ROLE_A', 'Filter role A'],
    ['F_ROLE_B', 'Filter role B'],
  ]) {
    ok(await admin.post<Envelope>('/api/admin/sysrole/addSysRole', { roleCode: code, roleName: name, roleDescription: name }));
  }
  const roleList = ok<PageData>(await admin.get<Envelope<PageData>>('/api/admin/sysrole/querySysRole', { pageSize: 1000 })).list;
  roleA = Number(roleList.find((r) => r.roleCode === 'F_ROLE_A')!.id);
  roleB = Number(roleList.find((r) => r.roleCode === 'F_ROLE_B')!.id);
  const userList = ok<PageData>(await admin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { pageSize: 1000 })).list;
  const id = (name: string) => Number(userList.find((u) => u.username === name)!.id);
  ok(await admin.post<Envelope>('/api/admin/sysuser/authorizeRoleToUser', { userId: id('f_north'), roleId: [roleA] }));
  ok(await admin.post<Envelope>('/api/admin/sysuser/authorizeRoleToUser', { userId: id('f_bridge'), roleId: [roleA, roleB] }));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('the organisation tree filter takes the subtree', () => {
  it('keeps the chosen organisation and every one under it', async () => {
    expect(await users(admin, { orgId: orgs.get('IT North')! })).toEqual(['f_north', 'f_northeast']);
    expect(await users(admin, { orgId: orgs.get('IT North East')! })).toEqual(['f_northeast']);
    const it = await users(admin, { orgId: orgs.get('Information Department')! });
    expect(it).toEqual(expect.arrayContaining(['f_it', 'f_north', 'f_northeast']));
    expect(it).not.toContain('f_bridge');
  });

  it('keeps every user of the tenant under the root organisation', async () => {
    const group = await users(admin, { orgId: orgs.get('Group Headquarters')! });
    expect(group).toEqual(await users(admin, {}));
  });

  it('pages and counts the subtree', async () => {
    const res = ok<PageData>(
      await admin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', {
        orgId: orgs.get('IT North')!,
        pageSize: 1,
        currentPage: 2,
        sorter: 'username_ascend',
      }),
    );
    expect(res.pagination.total).toBe(2);
    expect(res.list.map((u) => u.username)).toEqual(['f_northeast']);
  });

  it("finds nobody under another tenant's organisation", async () => {
    expect(await users(acmeAdmin, { orgId: orgs.get('Information Department')! })).toEqual([]);
  });

  it('refuses an organisation id that is not a number, changing nothing', async () => {
    const res = await admin.get<Envelope>('/api/admin/sysuser/querySysUser', { orgId: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/orgId must be an integer/);
  });
});

describe('the users list filters by role', () => {
  it('keeps the users granted the role', async () => {
    expect(await users(admin, { roleId: roleA })).toEqual(['f_bridge', 'f_north']);
    expect(await users(admin, { roleId: roleB })).toEqual(['f_bridge']);
  });

  it('combines with the other filters and the subtree', async () => {
    expect(await users(admin, { roleId: roleA, orgId: orgs.get('Information Department')! })).toEqual(['f_north']);
    expect(await users(admin, { roleId: roleA, username: 'bridge' })).toEqual(['f_bridge']);
  });

  it("finds nobody by another tenant's role", async () => {
    expect(await users(acmeAdmin, { roleId: roleA })).toEqual([]);
  });

  it('filters the exports the same way', async () => {
    const res = await admin.post('/api/admin/sysuser/exportSysUser', { roleId: roleB, isTemplate: 0 });
    expect(res.status).toBe(200);
    const sheet = (await readWorkbook(res.body)).worksheets[0]!;
    const cells = Array.from({ length: sheet.rowCount - 1 }, (_, i) => (sheet.getRow(i + 2).values as unknown[]).join('|'));
    expect(cells).toHaveLength(1);
    expect(cells[0]).toContain('f_bridge');
  });

  it('refuses a role id that is not a number', async () => {
    const res = await admin.get<Envelope>('/api/admin/sysuser/querySysUser', { roleId: 'admin' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/roleId must be an integer/);
  });
});

describe("the online users take the older client's filters", () => {
  let tokens: string[] = [];
  beforeAll(async () => {
    tokens = [
      await signIn(server.url, 'demo', 'f_north', 'Filter@2026x'),
      await signIn(server.url, 'demo', 'f_bridge', 'Filter@2026x'),
      await signIn(server.url, 'demo', 'f_it', 'Filter@2026x'),
    ];
  }, 60_000);

  async function online(params: Record<string, string | number>): Promise<string[]> {
    const data = ok<PageData>(await admin.get<Envelope<PageData>>('/api/admin/sysuser/queryOnlineSysUser', params));
    return [...new Set(data.list.map((s) => String(s.username)))].sort();
  }

  it('by role, organisation subtree, nickname and mobile', async () => {
    expect(tokens).toHaveLength(3);
    expect(await online({ roleId: roleA })).toEqual(['f_bridge', 'f_north']);
    expect(await online({ orgId: orgs.get('Information Department')! })).toEqual(expect.arrayContaining(['f_it', 'f_north']));
    expect(await online({ orgId: orgs.get('Information Department')! })).not.toContain('f_bridge');
    expect(await online({ nickname: 'f_north nick' })).toEqual(['f_north']);
    expect(await online({ mobile: '5550004' })).toEqual(['f_bridge']);
    expect(await online({ roleId: roleA, username: 'north' })).toEqual(['f_north']);
  });

  it("finds nobody by another tenant's role", async () => {
    const data = ok<PageData>(await acmeAdmin.get<Envelope<PageData>>('/api/admin/sysuser/queryOnlineSysUser', { roleId: roleA }));
    expect(data.list).toEqual([]);
  });

  it('refuses a bad value with the field named', async () => {
    const res = await admin.get<Envelope>('/api/admin/sysuser/queryOnlineSysUser', { orgId: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/orgId/);
  });
});
