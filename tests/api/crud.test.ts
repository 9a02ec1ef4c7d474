/**
 * The standard calls of every system resource through the real server: add, query with
 * filters, update, delete, export; validation failures change nothing; duplicates get 409;
 * tenants never see each other's rows; URL and button grants give 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, readWorkbook, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';

let server: TestServer;
let admin: ReturnType<typeof client>;
let acme: ReturnType<typeof client>;
let editor: ReturnType<typeof client>;
let visitor: ReturnType<typeof client>;
let orgId: number;
let adminUserId: number;

type Rec = Record<string, unknown>;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
  acme = client(server.url, await signIn(server.url, 'acme', 'admin'));
  editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
  visitor = client(server.url, await signIn(server.url, 'demo', 'visitor'));
  const orgs = await admin.get<Envelope<PageData>>('/api/admin/sysorg/querySysOrg', { pageSize: 100 });
  orgId = Number(orgs.body.data!.list[0]!.id);
  const users = await admin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { username: 'admin' });
  adminUserId = Number(users.body.data!.list[0]!.id);
});

afterAll(async () => {
  await server?.stop();
});

interface Case {
  name: string;
  base: string;
  valid: () => Rec;
  /** a field to change on update and its new value */
  change: [string, unknown];
  /** an exact or contains filter that finds the record */
  filter: (r: Rec) => Record<string, string>;
  invalid: Rec;
  invalidFields: string[];
  /** a field whose duplicate is refused */
  unique?: string;
  /** the typed code a delete needs (typeToConfirm), and whether a deleted record stays listed, marked deleted, until it is purged */
  deletion?: { confirm: (r: Rec) => string; marked: boolean };
}

const cases: Case[] = [
  {
    name: 'SysRole',
    base: '/api/admin/sysrole',
    valid: () => ({ roleCode: 'ROLE_QA', roleName: 'Quality', roleDescription: 'Checks' }),
    change: ['roleName', 'Quality assurance'],
    filter: (r) => ({ roleCode: String(r.roleCode) }),
    invalid: { roleCode: 'not a code' },
    invalidFields: ['roleCode', 'roleName'],
    unique: 'roleCode',
  },
  {
    name: 'SysPost',
    base: '/api/admin/syspost',
    valid: () => ({ postCode: 'qa', postName: 'QA', postParent: '0', postSequence: 50 }),
    change: ['postName', 'Quality'],
    filter: (r) => ({ postCode: String(r.postCode) }),
    invalid: { postName: '' },
    invalidFields: ['postCode'],
    unique: 'postCode',
  },
  {
    name: 'SysMenu',
    base: '/api/admin/sysmenu',
    valid: () => ({
      menuCode: 'qamenu',
      menuName: 'QA',
      menuPath: '/qa',
      menuParent: '0',
      menuStatus: 1,
      menuHidden: 0,
      menuSequence: 999,
    }),
    change: ['menuName', 'QA pages'],
    filter: (r) => ({ menuCode: String(r.menuCode) }),
    invalid: { menuCode: 'x' },
    invalidFields: ['menuName'],
    unique: 'menuCode',
  },
  {
    name: 'SysMenuButton',
    base: '/api/admin/sysmenubutton',
    valid: () => ({ menuCode: 'sysuser', buttonCode: 'sysuser:qa', buttonName: 'QA' }),
    change: ['buttonName', 'QA button'],
    filter: (r) => ({ buttonCode: String(r.buttonCode) }),
    invalid: { menuCode: 'sysuser' },
    invalidFields: ['buttonCode'],
    unique: 'buttonCode',
  },
  {
    name: 'SysOrg',
    base: '/api/admin/sysorg',
    valid: () => ({ orgName: 'QA Department', orgType: 'department', orgParent: orgId, orgSequence: 99 }),
    change: ['orgName', 'Quality Department'],
    filter: () => ({ orgName: 'QA Dep' }),
    invalid: { orgName: 'x', orgParent: 'zero' },
    invalidFields: ['orgParent'],
  },
  {
    name: 'SysDict',
    base: '/api/admin/sysdict',
    valid: () => ({ dictType: 'qa_type', dictName: 'QA', dictValue: 'qa', dictParent: 0, dictSequence: 1 }),
    change: ['dictName', 'Quality'],
    filter: (r) => ({ dictType: String(r.dictType) }),
    invalid: { dictType: 'qa_type' },
    invalidFields: ['dictName'],
  },
  {
    name: 'SysRegion',
    base: '/api/admin/sysregion',
    valid: () => ({ regionName: 'Tianjin', regionCode: '120000', regionType: 'province', regionParent: '0' }),
    change: ['regionName', 'Tianjin City'],
    filter: (r) => ({ regionCode: String(r.regionCode) }),
    invalid: { regionName: 'T', regionCode: '12ab', regionType: 'province', regionParent: '0' },
    invalidFields: ['regionName', 'regionCode'],
    unique: 'regionCode',
  },
  {
    name: 'SysParam',
    base: '/api/admin/sysparam',
    valid: () => ({ paramName: 'QA switch', paramKey: 'qa.enabled', paramValue: 'true' }),
    change: ['paramValue', 'false'],
    filter: (r) => ({ paramKey: String(r.paramKey) }),
    invalid: { paramValue: 'x' },
    invalidFields: ['paramName', 'paramKey'],
    unique: 'paramKey',
  },
  {
    name: 'SysUrl',
    base: '/api/admin/sysurl',
    valid: () => ({ url: '/api/material/qa/queryQa', description: 'QA list', method: 'GET' }),
    change: ['description', 'QA listing'],
    filter: (r) => ({ url: String(r.url) }),
    invalid: { description: 'x' },
    invalidFields: ['url'],
    unique: 'url',
  },
  {
    name: 'AppClient',
    base: '/api/uaa/appclient',
    valid: () => ({
      clientCode: 'qa',
      clientSecret: 'qa-secret',
      authType: 'password',
      authScope: 'ui',
      tokenSeconds: 3600,
      refreshSeconds: 7200,
      fallbackUrl: 'http://localhost:8080/',
    }),
    change: ['tokenSeconds', 1800],
    filter: (r) => ({ clientCode: String(r.clientCode) }),
    invalid: { clientCode: 'qa2', tokenSeconds: 'long' },
    invalidFields: ['tokenSeconds'],
    unique: 'clientCode',
  },
  {
    name: 'SysTenant',
    base: '/api/admin/systenant',
    valid: () => ({ tenantCode: 'qa', tenantName: 'QA Tenant' }),
    change: ['tenantName', 'QA Tenant Ltd'],
    filter: (r) => ({ tenantCode: String(r.tenantCode) }),
    invalid: { tenantName: '' },
    invalidFields: ['tenantCode'],
    unique: 'tenantCode',
    deletion: { confirm: (r) => String(r.tenantCode), marked: true },
  },
  {
    name: 'SysUser',
    base: '/api/admin/sysuser',
    valid: () => ({
      username: 'qa.user',
      nickname: 'QA',
      password: 'Qa@123456',
      email: 'qa@demo.example.com',
      prefix: '+86',
      mobile: '13900000009',
      orgId,
      status: 1,
    }),
    change: ['nickname', 'Quality'],
    filter: (r) => ({ username: String(r.username) }),
    invalid: { username: 'qa', email: 'not-an-email' },
    invalidFields: ['username', 'email'],
    unique: 'username',
  },
  {
    name: 'SysUserPost',
    base: '/api/admin/sysuserpost',
    valid: () => ({ userId: adminUserId, postCode: 'storekeeper', postType: 'parttime', postDescription: 'Covers the store' }),
    change: ['postDescription', 'Covers the store on Fridays'],
    filter: (r) => ({ userId: String(r.userId) }),
    invalid: { userId: 'me', postCode: 'storekeeper', postType: 'parttime' },
    invalidFields: ['userId'],
  },
];

async function count(c: ReturnType<typeof client>, base: string, name: string): Promise<number> {
  const res = await c.get<Envelope<PageData>>(`${base}/query${name}`, { pageSize: 1 });
  expect(res.status).toBe(200);
  return res.body.data!.pagination.total;
}

describe.each(cases)('$name', (c) => {
  let created: Rec;

  it('adds a record and refuses invalid ones without writing', async () => {
    const before = await count(admin, c.base, c.name);
    const bad = await admin.post<Envelope>(`${c.base}/add${c.name}`, c.invalid);
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe(400);
    for (const f of c.invalidFields) expect(bad.body.errors?.map((e) => e.field)).toContain(f);
    expect(await count(admin, c.base, c.name)).toBe(before);

    const foreignTenant = c.name === 'SysTenant' ? {} : { tenantCode: 'acme' };
    const res = await admin.post<Envelope<Rec>>(`${c.base}/add${c.name}`, { ...c.valid(), ...foreignTenant });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('success');
    created = res.body.data!;
    expect(created.id).toBeTypeOf('number');
    if ('tenantCode' in created && c.name !== 'SysTenant') expect(created.tenantCode).toBe('demo');
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt\$/);
    expect(created).not.toHaveProperty('password');
    expect(created).not.toHaveProperty('clientSecret');
    expect(await count(admin, c.base, c.name)).toBe(before + 1);
  });

  it('finds it with a filter', async () => {
    const res = await admin.get<Envelope<PageData>>(`${c.base}/query${c.name}`, c.filter(created));
    expect(res.status).toBe(200);
    expect(res.body.data!.list.map((r) => r.id)).toContain(created.id);
  });

  it.runIf(!!c.unique)('refuses a duplicate with 409', async () => {
    const before = await count(admin, c.base, c.name);
    const res = await admin.post<Envelope>(`${c.base}/add${c.name}`, c.valid());
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already exists/);
    expect(await count(admin, c.base, c.name)).toBe(before);
  });

  it('is invisible and untouchable from the other tenant', async () => {
    if (c.name === 'SysTenant') return; // platform-scoped: see the platform test below
    const list = await acme.get<Envelope<PageData>>(`${c.base}/query${c.name}`, { pageSize: 10000 });
    expect(list.status).toBe(200);
    expect(list.body.data!.list.map((r) => r.id)).not.toContain(created.id);
    const [field, value] = c.change;
    const upd = await acme.put<Envelope>(`${c.base}/update${c.name}`, { id: created.id, [field]: value });
    expect(upd.status).toBe(404);
    const del = await acme.post<Envelope>(`${c.base}/delete${c.name}`, undefined, { id: Number(created.id) });
    expect(del.status).toBe(404);
    const exp = await acme.post(`${c.base}/export${c.name}`, {});
    expect(exp.status).toBe(200);
    const wb = await readWorkbook(exp.body);
    const cells = JSON.stringify(wb.worksheets[0]!.getSheetValues());
    expect(cells).not.toContain(JSON.stringify(c.filter(created)[Object.keys(c.filter(created))[0]!]));
  });

  it('updates it', async () => {
    const [field, value] = c.change;
    const foreignTenant = c.name === 'SysTenant' ? {} : { tenantCode: 'acme' };
    const res = await admin.put<Envelope<Rec>>(`${c.base}/update${c.name}`, { ...created, [field]: value, ...foreignTenant });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data![field]).toEqual(value);
    const bad = await admin.put<Envelope>(`${c.base}/update${c.name}`, { id: created.id, [field]: { not: 'valid' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field)).toContain(field);
    const after = await admin.get<Envelope<PageData>>(`${c.base}/query${c.name}`, { id: String(created.id) });
    expect(after.body.data!.list.find((r) => r.id === created.id)?.[field]).toEqual(value);
  });

  it('exports a spreadsheet with a header row, and an empty template', async () => {
    const res = await admin.post(`${c.base}/export${c.name}`, {});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = await readWorkbook(res.body);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBeGreaterThan(1);
    expect((sheet.getRow(1).values as unknown[]).filter(Boolean).length).toBeGreaterThan(0);
    const tpl = await admin.post(`${c.base}/export${c.name}`, { isTemplate: 1 });
    const twb = await readWorkbook(tpl.body);
    expect(twb.worksheets[0]!.rowCount).toBe(1);
  });

  it('deletes it', async () => {
    const before = await count(admin, c.base, c.name);
    const params = { id: Number(created.id), ...(c.deletion ? { confirm: c.deletion.confirm(created) } : {}) };
    const res = await admin.post<Envelope>(`${c.base}/delete${c.name}`, undefined, params);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await count(admin, c.base, c.name)).toBe(c.deletion?.marked ? before : before - 1);
    const again = await admin.post<Envelope>(`${c.base}/delete${c.name}`, undefined, params);
    // a record marked deleted (a tenant in its grace period, tests/api/tenantDelete.test.ts) is there, and deleted already
    expect(again.status).toBe(c.deletion?.marked ? 409 : 404);
  });
});

describe('list parameters', () => {
  it('pages and sorts', async () => {
    const res = await admin.get<Envelope<PageData>>('/api/admin/sysrole/querySysRole', {
      currentPage: 1,
      pageSize: 2,
      sorter: 'roleCode_ascend',
    });
    expect(res.status).toBe(200);
    const page = res.body.data!;
    expect(page.list).toHaveLength(2);
    expect(page.pagination).toMatchObject({ pageSize: 2, current: 1 });
    expect(page.pagination.total).toBeGreaterThanOrEqual(3);
    const codes = page.list.map((r) => String(r.roleCode));
    expect([...codes].sort()).toEqual(codes);
  });

  it('filters text by contains and codes exactly', async () => {
    const contains = await admin.get<Envelope<PageData>>('/api/admin/sysorg/querySysOrg', { orgName: 'project' });
    expect(contains.body.data!.list.length).toBeGreaterThanOrEqual(2);
    const exact = await admin.get<Envelope<PageData>>('/api/admin/sysrole/querySysRole', { roleCode: 'ROLE' });
    expect(exact.body.data!.list).toHaveLength(0);
  });

  it('filters dates by range', async () => {
    const future = await admin.get<Envelope<PageData>>('/api/admin/sysrole/querySysRole', { createTime: '2999-01-01,' });
    expect(future.body.data!.list).toHaveLength(0);
    const all = await admin.get<Envelope<PageData>>('/api/admin/sysrole/querySysRole', { createTime: '2000-01-01,2999-12-31' });
    expect(all.body.data!.list.length).toBeGreaterThanOrEqual(3);
    const bad = await admin.get<Envelope>('/api/admin/sysrole/querySysRole', { createTime: 'yesterday,' });
    expect(bad.status).toBe(400);
  });

  it.each([
    [{ nonsense: '1' }],
    [{ currentPage: 0 }],
    [{ pageSize: 10001 }],
    [{ pageSize: 'ten' }],
    [{ sorter: 'password_ascend' }],
    [{ sorter: 'roleCode_sideways' }],
  ])('refuses %o with 400', async (params) => {
    const res = await admin.get<Envelope>('/api/admin/sysrole/querySysRole', params);
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(400);
    expect(res.body.message).toBeTruthy();
  });

  it('answers tree calls with nested nodes', async () => {
    const res = await admin.get<Envelope<Rec[]>>('/api/admin/sysorg/querySysOrgTree');
    expect(res.status).toBe(200);
    const roots = res.body.data!;
    expect(roots.length).toBeGreaterThanOrEqual(1);
    expect((roots[0]!.children as Rec[]).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses to delete a tree node that has children', async () => {
    const res = await admin.post<Envelope>('/api/admin/sysorg/deleteSysOrg', undefined, { id: orgId });
    expect(res.status).toBe(409);
  });

  it('deletes a tree node by its unique key as well as by id (delete(regionCode))', async () => {
    const add = (regionCode: string, regionParent: string) =>
      admin.post<Envelope<Rec>>('/api/admin/sysregion/addSysRegion', {
        regionName: `Region ${regionCode}`,
        regionCode,
        regionType: 'city',
        regionParent,
      });
    expect((await add('990000', '0')).status).toBe(200);
    expect((await add('990100', '990000')).status).toBe(200);
    const del = (params: Record<string, string>) => admin.post<Envelope>('/api/admin/sysregion/deleteSysRegion', undefined, params);
    expect((await del({ regionCode: '990000' })).status).toBe(409);
    expect((await del({ regionCode: '990100,999999' })).status).toBe(404);
    const both = await del({ regionCode: '990100', id: '1' });
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual([{ field: 'regionCode', message: 'cannot be given with id' }]);
    expect((await del({})).status).toBe(400);
    expect((await del({ regionCode: '990100,' })).status).toBe(400);
    // the other tenant's codes name nothing
    expect((await acme.post<Envelope>('/api/admin/sysregion/deleteSysRegion', undefined, { regionCode: '990100' })).status).toBe(404);
    expect((await del({ regionCode: '990100,990000' })).status).toBe(200);
    const left = await admin.get<Envelope<PageData>>('/api/admin/sysregion/querySysRegion', { regionCode: '990000' });
    expect(left.body.data!.list).toEqual([]);
    // a resource without such a key still needs an id
    expect((await admin.post<Envelope>('/api/admin/sysrole/deleteSysRole', undefined, { roleCode: 'ROLE_EDITOR' })).status).toBe(400);
  });

  it('refuses malformed ids and JSON', async () => {
    expect((await admin.post('/api/admin/sysrole/deleteSysRole', undefined, { id: '1,abc' })).status).toBe(400);
    const res = await fetch(`${server.url}/api/admin/sysrole/addSysRole`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: await adminHeader() },
      body: '{"roleCode":',
    });
    expect(res.status).toBe(400);
  });
});

async function adminHeader(): Promise<string> {
  return `Bearer ${await signIn(server.url, 'demo', 'admin')}`;
}

describe('access', () => {
  it('refuses calls without a token or with a bad token (401, 50008)', async () => {
    const none = await client(server.url).get<Envelope>('/api/admin/sysrole/querySysRole');
    expect(none.status).toBe(401);
    expect(none.body.status).toBe(50008);
    const bad = await client(server.url, 'not.a.token').get<Envelope>('/api/admin/sysrole/querySysRole');
    expect(bad.status).toBe(401);
    expect(bad.body.status).toBe(50008);
  });

  it('refuses a URL the role is not granted (403) and changes nothing', async () => {
    const res = await visitor.get<Envelope>('/api/admin/sysrole/querySysRole');
    expect(res.status).toBe(403);
    expect(res.body.status).toBe(403);
    const before = await count(admin, '/api/admin/sysrole', 'SysRole');
    const add = await visitor.post<Envelope>('/api/admin/sysrole/addSysRole', { roleCode: 'ROLE_X', roleName: 'X' });
    expect(add.status).toBe(403);
    expect(await count(admin, '/api/admin/sysrole', 'SysRole')).toBe(before);
  });

  it('refuses an editor the buttons it does not hold', async () => {
    const list = await editor.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser');
    expect(list.status).toBe(200);
    const del = await editor.post<Envelope>('/api/admin/sysuser/deleteSysUser', undefined, { id: adminUserId });
    expect(del.status).toBe(403);
  });

  it('hides the data-permission fields from the editor', async () => {
    const list = await editor.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser');
    expect(list.body.data!.list.length).toBeGreaterThan(0);
    for (const u of list.body.data!.list) {
      expect(u).not.toHaveProperty('address');
      expect(u).not.toHaveProperty('profile');
      expect(u).toHaveProperty('email');
    }
    const adminList = await admin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser');
    expect(adminList.body.data!.list[0]).toHaveProperty('address');
  });

  it('refuses the editor writes naming a hidden field (403), and keeps the stored value', async () => {
    // a user the editor may manage (every role of theirs is one the editor holds): itself
    const target = (await admin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { username: 'editor' })).body.data!.list[0]!;
    const upd = await editor.put<Envelope>('/api/admin/sysuser/updateSysUser', {
      id: target.id,
      nickname: 'Changed',
      address: 'Elsewhere',
    });
    expect(upd.status).toBe(403);
    expect(upd.body.message).toContain('"address"');
    expect(upd.body.errors).toEqual([{ field: 'address', message: expect.any(String) }]);
    const nulled = await editor.put<Envelope>('/api/admin/sysuser/updateSysUser', { id: target.id, profile: null });
    expect(nulled.status).toBe(403);
    const after = (await admin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { username: 'editor' })).body.data!.list[0]!;
    expect(after).toEqual(target);

    const ok = await editor.put<Envelope<Rec>>('/api/admin/sysuser/updateSysUser', { id: target.id, nickname: 'Editor (edited)' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).not.toHaveProperty('address');
    const kept = (await admin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { username: 'editor' })).body.data!.list[0]!;
    expect(kept).toMatchObject({ nickname: 'Editor (edited)', address: target.address, profile: target.profile });
    await admin.put('/api/admin/sysuser/updateSysUser', { id: target.id, nickname: target.nickname });

    const user = {
      username: 'ed.added',
      nickname: 'Added',
      password: 'Added@2026',
      email: 'ed.added@demo.example.com',
      prefix: '+86',
      mobile: '13900000077',
      orgId,
      status: 1,
    };
    const refused = await editor.post<Envelope>('/api/admin/sysuser/addSysUser', { ...user, profile: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('"profile"');
    expect((await admin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { username: 'ed.added' })).body.data!.list).toEqual([]);
    // the hidden fields are optional ones: the editor can add users
    const added = await editor.post<Envelope<Rec>>('/api/admin/sysuser/addSysUser', user);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toMatchObject({ username: 'ed.added', email: user.email });
  });

  it('keeps platform resources to the platform tenant', async () => {
    const res = await acme.get<Envelope>('/api/admin/systenant/querySysTenant');
    expect(res.status).toBe(403);
    const ed = await editor.get<Envelope>('/api/admin/systenant/querySysTenant');
    expect(ed.status).toBe(403);
  });

  it('never returns a password or secret hash', async () => {
    for (const path of ['/api/admin/sysuser/querySysUser', '/api/uaa/appclient/queryAppClient']) {
      const res = await admin.get(path, { pageSize: 100 });
      expect(JSON.stringify(res.body)).not.toMatch(/scrypt\$|"password"|"clientSecret"/);
    }
  });
});
