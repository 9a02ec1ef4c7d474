/**
 * Setting up a role works the first time, and the post in force, through the real server:
 * - what a menu's page and a button need is read from the resource files (the list's query,
 *   the filter tree, the relations' look-ups; a button's calls and its page's), as the role
 *   screens tick it; the grant calls store exactly what was sent, and a role given a menu with
 *   what it needs works at once;
 * - a PostCode header makes the roles granted for that post (or for none) the request's roles:
 *   the other post's calls are refused (403); the caller's posts are listed for the header's
 *   switch, limited to an organisation and those under it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';
import { buttonNeeds, menuNeeds, needsIndex } from '../../schemas/registry/grantNeeds.ts';

type Client = ReturnType<typeof client>;
type Rec = Record<string, unknown>;

let server: TestServer;
let admin: Client;
let clerkToken: string;
let roleId: number;
let userId: number;
const orgs = new Map<string, number>();
const PASSWORD = 'Clerk#2026x';

async function ok<T = unknown>(res: Promise<{ status: number; body: Envelope<T> }>): Promise<T> {
  const answer = await res;
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as T;
}

const clerk = (headers: Record<string, string> = {}) => client(server.url, clerkToken, headers);
const status = async (c: Client, url: string) => (await c.get(url)).status;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
  const list = await ok<PageData>(admin.get('/api/admin/sysorg/querySysOrg', { pageSize: 1000 }));
  for (const o of list.list) orgs.set(String(o.orgName), Number(o.id));
  roleId = (await ok<{ id: number }>(admin.post('/api/admin/sysrole/addSysRole', { roleCode: 'ROLE_CLERK', roleName: 'Clerk' }))).id;
  userId = (
    await ok<{ id: number }>(
      admin.post('/api/admin/sysuser/addSysUser', {
        username: 'clerk1',
        nickname: 'Clerk',
        email: 'clerk1@demo.example.com',
        prefix: '+86',
        mobile: '13900000071',
        orgId: orgs.get('Information Department'),
        status: 1,
        password: PASSWORD,
      }),
    )
  ).id;
  await ok(admin.post('/api/admin/sysrole/authorizeUserToRole', { roleId, userId: [userId] }));
  clerkToken = await signIn(server.url, 'demo', 'clerk1', PASSWORD);
});

afterAll(async () => {
  await server?.stop();
});

describe('what a page needs', () => {
  it('is read from the resource files: the list, its filter tree, look-ups and buttons', () => {
    const registry = needsIndex(server.services.registry.resources);
    const users = menuNeeds(registry, 'sysuser');
    expect([...users.urls]).toEqual(
      expect.arrayContaining([
        '/api/admin/sysuser/querySysUser',
        '/api/admin/sysorg/querySysOrgTree',
        '/api/admin/sysuserpost/querySysUserPost',
      ]),
    );
    expect([...users.buttons]).toEqual(expect.arrayContaining(['sysuser:query', 'sysorg:query']));
    expect([...users.urls]).not.toContain('/api/admin/sysuser/deleteSysUser');
    const exportNeeds = buttonNeeds(registry, 'sysuser:export');
    expect([...exportNeeds.urls]).toEqual(expect.arrayContaining(['/api/admin/sysuser/exportSysUser', '/api/admin/sysuser/querySysUser']));
    const grantRole = buttonNeeds(registry, 'sysuser:grantRole');
    expect([...grantRole.urls]).toEqual(
      expect.arrayContaining([
        '/api/admin/sysuser/authorizeRoleToUser',
        '/api/admin/sysrole/queryRoleName',
        '/api/admin/sysuserpost/querySysUserPostTree',
      ]),
    );
  });
});

describe('granting a menu or a button', () => {
  it('stores exactly what was sent; with what the page needs, a new role works the first time', async () => {
    const c = clerk();
    expect(await status(c, '/api/admin/sysuser/querySysUser')).toBe(403);
    const menus = await ok<PageData>(admin.get('/api/admin/sysmenu/querySysMenu', { menuCode: 'sysuser' }));
    const menuId = Number(menus.list.find((m) => m.menuCode === 'sysuser')!.id);
    // the menu alone: no call comes with it
    await ok(admin.post('/api/admin/sysmenu/authorizeMenuToRole', { roleId, menuId: [menuId] }));
    expect(await ok<number[]>(admin.get('/api/admin/sysurl/queryUrlIdByRoleId', { roleId }))).toEqual([]);
    expect(await ok<string[]>(admin.get('/api/admin/sysmenu/queryMenuButtonByRoleCode', { roleCode: 'ROLE_CLERK' }))).toEqual([]);
    expect(await status(c, '/api/admin/sysuser/querySysUser')).toBe(403);

    // what the page needs, as the role screen ticks it
    const needs = menuNeeds(needsIndex(server.services.registry.resources), 'sysuser');
    const urls = (await ok<PageData>(admin.get('/api/admin/sysurl/querySysUrl', { pageSize: 1000 }))).list;
    const urlId = urls.filter((u) => needs.urls.has(String(u.url))).map((u) => Number(u.id));
    expect(urlId).toHaveLength(needs.urls.size);
    await ok(admin.post('/api/admin/sysurl/authorizeUrlToRole', { roleId, urlId }));
    const byMenu = new Map<string, string[]>();
    const buttons = (await ok<PageData>(admin.get('/api/admin/sysmenubutton/querySysMenuButton', { pageSize: 1000 }))).list;
    for (const b of buttons) {
      if (!needs.buttons.has(String(b.buttonCode))) continue;
      byMenu.set(String(b.menuCode), [...(byMenu.get(String(b.menuCode)) ?? []), String(b.buttonCode)]);
    }
    for (const [menuCode, buttonCode] of byMenu)
      await ok(admin.post('/api/admin/sysmenu/authorizeMenuButtonToRole', { roleCode: 'ROLE_CLERK', menuCode, buttonCode }));
    expect(await status(c, '/api/admin/sysuser/querySysUser')).toBe(200);
    expect(await status(c, '/api/admin/sysorg/querySysOrgTree')).toBe(200);
    // the page to read, not its writes
    expect((await c.post('/api/admin/sysuser/exportSysUser', {})).status).toBe(403);
    expect((await c.post('/api/admin/sysuser/deleteSysUser?id=1')).status).toBe(403);
    const authority = (await c.post<Rec>('/api/account/sysuserdetail/queryCurrentAuthority')).body;
    expect(authority.menuButton).toEqual(expect.arrayContaining(['sysuser:query', 'sysorg:query']));

    // a button granted without its call: the call stays refused
    await ok(
      admin.post('/api/admin/sysmenu/authorizeMenuButtonToRole', {
        roleCode: 'ROLE_CLERK',
        menuCode: 'sysuser',
        buttonCode: ['sysuser:query', 'sysuser:export'],
      }),
    );
    expect((await c.post('/api/admin/sysuser/exportSysUser', {})).status).toBe(403);
    const exportUrl = urls.find((u) => u.url === '/api/admin/sysuser/exportSysUser')!;
    await ok(admin.post('/api/admin/sysurl/authorizeUrlToRole', { roleId, urlId: [...urlId, Number(exportUrl.id)] }));
    expect((await c.post('/api/admin/sysuser/exportSysUser', {})).status).toBe(200);
    // a button not granted stays refused
    expect((await c.post('/api/admin/sysuser/exportPDFSysUser', {})).status).toBe(403);
  });

  it('refuses a bad grant and adds nothing', async () => {
    const before = await ok<number[]>(admin.get('/api/admin/sysurl/queryUrlIdByRoleId', { roleId }));
    const res = await admin.post<Envelope>('/api/admin/sysmenu/authorizeMenuToRole', { roleId, menuId: [999999] });
    expect(res.status).toBe(400);
    expect(await ok<number[]>(admin.get('/api/admin/sysurl/queryUrlIdByRoleId', { roleId }))).toEqual(before);
  });
});

describe('the post in force', () => {
  it('lists the caller’s posts, limited to an organisation and those under it', async () => {
    await ok(admin.post('/api/admin/sysuserpost/addSysUserPost', { userId, postCode: 'engineer', postType: 'main' }));
    await ok(
      admin.post('/api/admin/sysuserpost/addSysUserPost', {
        userId,
        postCode: 'storekeeper',
        postType: 'parttime',
        orgId: orgs.get('Riverside Bridge Project'),
      }),
    );
    const all = await ok<Rec[]>(clerk().get('/api/account/sysuserdetail/queryCurrentPost'));
    expect(all.map((p) => p.postCode)).toEqual(['engineer', 'storekeeper']);
    expect(all[0]).toMatchObject({ postName: 'Engineer', orgName: 'Information Department' });
    const inProject = await ok<Rec[]>(
      clerk().get('/api/account/sysuserdetail/queryCurrentPost', { orgId: orgs.get('Riverside Bridge Project') }),
    );
    expect(inProject.map((p) => p.postCode)).toEqual(['storekeeper']);
    const inGroup = await ok<Rec[]>(clerk().get('/api/account/sysuserdetail/queryCurrentPost', { orgId: orgs.get('Group Headquarters') }));
    expect(inGroup.map((p) => p.postCode)).toEqual(['engineer', 'storekeeper']);
    const bad = await clerk().get<Envelope>('/api/account/sysuserdetail/queryCurrentPost', { orgId: 'x' });
    expect(bad.status).toBe(400);
  });

  it('makes the roles granted for the post the roles of the request', async () => {
    // ROLE_CLERK for the engineer post only, the visitor role for the storekeeper post
    await ok(admin.post('/api/admin/sysuser/authorizeRoleToUser', { userId, roleId: [], postCode: undefined }));
    await ok(admin.post('/api/admin/sysuser/authorizeRoleToUser', { userId, roleId: [roleId], postCode: 'engineer' }));
    const visitor = (await ok<PageData>(admin.get('/api/admin/sysrole/querySysRole', { roleCode: 'ROLE_VISITOR' }))).list[0]!;
    await ok(admin.post('/api/admin/sysuser/authorizeRoleToUser', { userId, roleId: [Number(visitor.id)], postCode: 'storekeeper' }));

    const engineer = clerk({ PostCode: 'engineer' });
    const storekeeper = clerk({ PostCode: 'storekeeper' });
    expect(await status(engineer, '/api/admin/sysuser/querySysUser')).toBe(200);
    expect(await status(storekeeper, '/api/admin/sysuser/querySysUser')).toBe(403);
    // no post: every role of the user
    expect(await status(clerk(), '/api/admin/sysuser/querySysUser')).toBe(200);
    // a RoleCode header cannot bring back a role the post does not have
    expect(await status(clerk({ PostCode: 'storekeeper', RoleCode: 'ROLE_CLERK' }), '/api/admin/sysuser/querySysUser')).toBe(403);
    // a post the user holds no role for: no role counts
    expect(await status(clerk({ PostCode: 'manager' }), '/api/admin/sysuser/querySysUser')).toBe(403);

    const asEngineer = (await engineer.post<Rec>('/api/account/sysuserdetail/queryCurrentAuthority')).body;
    expect(asEngineer.currentAuthority).toEqual(['ROLE_CLERK']);
    expect(asEngineer.menuButton).toContain('sysuser:query');
    const asStorekeeper = (await storekeeper.post<Rec>('/api/account/sysuserdetail/queryCurrentAuthority')).body;
    expect(asStorekeeper.currentAuthority).toEqual(['ROLE_VISITOR']);
    expect(asStorekeeper.menuButton).not.toContain('sysuser:query');
    // the user's info still names every role
    const info = await ok<Rec>(storekeeper.get('/api/uaa/users/getSysUser'));
    expect(info.roles).toEqual(['ROLE_CLERK', 'ROLE_VISITOR']);
  });
});
