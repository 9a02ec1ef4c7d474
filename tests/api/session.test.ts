/**
 * The calls of a signed-in user and the session calls, through the real server: user info,
 * the authority menu (roles, menu grants, posts, disabled menus), registerNewSession, the own
 * profile and password, log out, the online list, forced sign-out, and adding a user to
 * another tenant. Every answer is kept and checked at the end for password hashes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_BASIC, DEMO_PASSWORD, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
const seen: string[] = [];

type Body = Record<string, unknown> & { status?: unknown; code?: unknown; message?: string; data?: unknown };
interface Answer<T = unknown> {
  status: number;
  body: Body & { data?: T };
}

async function call<T = unknown>(
  method: string,
  path: string,
  options: { token?: string; params?: Record<string, string | number>; json?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const qs = options.params ? `?${new URLSearchParams(Object.entries(options.params).map(([k, v]) => [k, String(v)]))}` : '';
  const res = await fetch(`${server.url}${path}${qs}`, { method, headers, body });
  const text = await res.text();
  seen.push(text);
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Answer<T>['body'] };
}

async function tokenAnswer(tenantCode: string, username: string, password = DEMO_PASSWORD): Promise<Answer> {
  const params = { username, password, tenantCode, scope: 'ui', grant_type: 'password', client_id: 'browser', type: 'account' };
  return call('POST', '/api/uaa/oauth/token', {
    params,
    headers: { authorization: BROWSER_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
  });
}

async function signIn(tenantCode: string, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await tokenAnswer(tenantCode, username, password);
  if (res.status !== 200) throw new Error(`sign-in of ${tenantCode}/${username}: ${res.status} ${res.body.message}`);
  return String(res.body.access_token);
}

const jtiOf = (token: string) => String(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti);

interface UserInfo {
  id: number;
  username: string;
  nickname: string;
  roles: string[];
  tenantCode: string;
  tenantName: string;
  phone: string;
  email: string;
  geographic: { province: string; city: string };
  address: string;
  profile: string;
}
interface MenuNode {
  path: string;
  name: string;
  component: string;
  redirect?: string;
  hidden?: boolean;
  meta: { title: string; icon?: string; affix?: boolean; noCache?: boolean };
  children?: MenuNode[];
}
interface Authority {
  status: string;
  type: string;
  currentAuthority: string[];
  menu: MenuNode[];
  menuButton: string[];
  dataFields: Record<string, string[]>;
}
interface Page<T> {
  list: T[];
  pagination: { total: number; pageSize: number; current: number };
}
interface OnlineSession {
  sessionId: number;
  username: string;
  ip: string;
  userAgent: string;
  issuedAt: string;
  lastSeenAt: string | null;
  expiresAt: string;
  current: boolean;
}

const getSysUser = (token: string) => call<UserInfo>('GET', '/api/uaa/users/getSysUser', { token });
const authority = async (token: string, params: Record<string, string | number> = {}) =>
  (await call('POST', '/api/account/sysuserdetail/queryCurrentAuthority', { token, params })).body as unknown as Authority;
const paths = (nodes: MenuNode[]) => nodes.map((n) => n.path);
const find = (nodes: MenuNode[], name: string): MenuNode | undefined => {
  for (const n of nodes) {
    if (n.name === name) return n;
    const inner = find(n.children ?? [], name);
    if (inner) return inner;
  }
  return undefined;
};

let admin: string;

beforeAll(async () => {
  server = await startTestServer({});
  admin = await signIn('demo', 'admin');
});

afterAll(async () => {
  await server?.stop();
});

async function roleId(roleCode: string): Promise<number> {
  const res = await call<Page<{ id: number }>>('GET', '/api/admin/sysrole/querySysRole', { token: admin, params: { roleCode } });
  return res.body.data!.list[0]!.id;
}

async function menuRecord(menuCode: string): Promise<Record<string, unknown>> {
  const res = await call<Page<Record<string, unknown>>>('GET', '/api/admin/sysmenu/querySysMenu', { token: admin, params: { menuCode } });
  return res.body.data!.list[0]!;
}

describe('user info', () => {
  it('gives the platform fields and never the password', async () => {
    const res = await getSysUser(admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('success');
    expect(res.body.data).toMatchObject({
      username: 'admin',
      nickname: 'Administrator',
      roles: ['ROLE_ADMIN'],
      tenantCode: 'demo',
      tenantName: 'Demo Materials Co.',
      phone: '13800000001',
      email: 'admin@demo.example.com',
      address: 'No. 1 Demo Road',
      geographic: { province: '', city: '' },
    });
    expect(typeof res.body.data!.id).toBe('number');
    expect(Object.keys(res.body.data!)).not.toContain('password');
    const acme = await getSysUser(await signIn('acme', 'admin'));
    expect(acme.body.data).toMatchObject({
      username: 'admin',
      tenantCode: 'acme',
      tenantName: 'Acme Construction',
      nickname: 'Acme Administrator',
    });
    expect(acme.body.data!.id).not.toBe(res.body.data!.id);
  });

  it('needs a token', async () => {
    const res = await call('GET', '/api/uaa/users/getSysUser');
    expect(res.status).toBe(401);
    expect(res.body.status).toBe(50008);
  });
});

describe('queryCurrentAuthority', () => {
  it('gives the admin every enabled menu and every button', async () => {
    const a = await authority(admin, { username: 'admin' });
    expect(a).toMatchObject({ status: 'ok', type: 'account', currentAuthority: ['ROLE_ADMIN'] });
    expect(paths(a.menu)).toEqual(expect.arrayContaining(['/', '/admin', '/authority', '/tenant', '/permission', '/nested']));
    expect(paths(a.menu)[0]).toBe('/');
    const home = a.menu[0]!;
    expect(home).toMatchObject({ name: 'home', component: 'Layout', redirect: '/workbench', meta: { icon: 'dashboard', affix: true } });
    expect(home.children!.map((c) => c.name)).toEqual(expect.arrayContaining(['workbench', 'mynotification']));
    expect(find(a.menu, 'mynotification')!.hidden).toBe(true);
    const adminMenu = find(a.menu, 'admin')!;
    const adminChildren = adminMenu.children!.map((c) => c.name);
    expect(adminChildren).toEqual(expect.arrayContaining(['sysuser', 'sysmenu', 'onlinesysuser']));
    // siblings in the order of their sequence (the menu file's order)
    expect(adminChildren.indexOf('sysuser')).toBeLessThan(adminChildren.indexOf('onlinesysuser'));
    const sysuser = find(a.menu, 'sysuser')!;
    expect(sysuser.path).toBe('/sysuser');
    expect(sysuser.component).toEqual(expect.any(String));
    expect(sysuser.meta.title).toEqual(expect.any(String));
    expect(a.menuButton).toEqual(expect.arrayContaining(['sysuser:add', 'sysuser:delete', 'sysuser:removePrincipal']));
    expect(a.dataFields).toEqual({});
  });

  it('gives the visitor only the home page: the workbench and its own notifications, and no button', async () => {
    const visitor = await signIn('demo', 'visitor');
    // the username parameter does not change whose answer it is
    const v = await authority(visitor, { username: 'admin', userId: 1 });
    expect(v.currentAuthority).toEqual(['ROLE_VISITOR']);
    expect(paths(v.menu)).toEqual(['/']);
    expect(v.menu[0]!.children!.map((c) => c.path)).toEqual(['/workbench', '/mynotification']);
    expect(v.menuButton).toEqual([]);
    expect(v.dataFields).toEqual({});
  });

  it('gives the editor all but the permission demo, without the buttons it lacks', async () => {
    const e = await authority(await signIn('demo', 'editor'));
    expect(e.currentAuthority).toEqual(['ROLE_EDITOR']);
    expect(paths(e.menu)).toContain('/admin');
    expect(paths(e.menu)).not.toContain('/permission');
    expect(e.menuButton).toContain('sysuser:add');
    expect(e.menuButton).not.toContain('sysuser:delete');
    // every button but a delete action's
    expect(e.menuButton).toEqual(expect.arrayContaining(['sysparam:add', 'sysparam:update', 'sysparam:export', 'sysorg:update']));
    expect(e.menuButton).not.toContain('sysparam:delete');
    expect(e.menuButton).not.toContain('sysorg:delete');
    expect(e.dataFields).toEqual({ sysuser: ['address', 'profile'] });
  });

  it('gives per menu the fields data permissions hide, relation labels included', async () => {
    const editor = await signIn('demo', 'editor');
    const set = (data: { roleCode: string; dataFields: string }[]) =>
      call('POST', '/api/admin/sysmenu/authorizeMenuDataToRole', { token: admin, json: { menuCode: 'sysuser', data } });
    expect(
      (
        await set([
          { roleCode: 'ROLE_EDITOR', dataFields: 'address' },
          { roleCode: 'ROLE_VISITOR', dataFields: 'orgId,mobile' },
        ])
      ).status,
    ).toBe(200);
    expect((await authority(editor)).dataFields).toEqual({ sysuser: ['address'] });
    // the organisation's label with its id, the country code (x-partOf) with the mobile number
    expect((await authority(await signIn('demo', 'visitor'))).dataFields).toEqual({ sysuser: ['mobile', 'orgId', 'orgName', 'prefix'] });
    // a role narrowed away by a post hides nothing
    expect((await authority(admin, { postCode: 'engineer' })).dataFields).toEqual({});
    expect((await set([{ roleCode: 'ROLE_EDITOR', dataFields: 'address,profile' }])).status).toBe(200);
    expect((await authority(editor)).dataFields).toEqual({ sysuser: ['address', 'profile'] });
  });

  it('narrows the roles to a post with postCode, and accepts parentId', async () => {
    expect((await authority(admin, { postCode: 'manager' })).currentAuthority).toEqual(['ROLE_ADMIN']);
    const other = await authority(admin, { postCode: 'engineer' });
    expect(other.currentAuthority).toEqual([]);
    expect(other.menu).toEqual([]);
    expect(other.menuButton).toEqual([]);
    expect((await authority(await signIn('demo', 'editor'), { postCode: 'engineer', parentId: 2 })).currentAuthority).toEqual([
      'ROLE_EDITOR',
    ]);
  });

  it('includes the ancestors of a granted menu', async () => {
    const visitorRole = await roleId('ROLE_VISITOR');
    const before = (
      await call<number[]>('GET', '/api/admin/sysmenu/queryMenuIdByRoleId', { token: admin, params: { roleId: visitorRole } })
    ).body.data!;
    const sysorg = Number((await menuRecord('sysorg')).id);
    const grant = (menuId: number[]) =>
      call('POST', '/api/admin/sysmenu/authorizeMenuToRole', { token: admin, json: { roleId: visitorRole, menuId } });
    expect((await grant([...before, sysorg])).status).toBe(200);
    const v = await authority(await signIn('demo', 'visitor'));
    expect(paths(v.menu)).toEqual(['/', '/admin']);
    expect(find(v.menu, 'admin')!.children!.map((c) => c.name)).toEqual(['sysorg']);
    expect((await grant(before)).status).toBe(200);
  });

  it('leaves out a disabled menu and everything under it', async () => {
    const nested = await menuRecord('nested');
    const update = (menuStatus: number) =>
      call('PUT', '/api/admin/sysmenu/updateSysMenu', { token: admin, json: { ...nested, menuStatus } });
    expect((await update(0)).status).toBe(200);
    const a = await authority(admin);
    expect(paths(a.menu)).not.toContain('/nested');
    expect(find(a.menu, 'menu1')).toBeUndefined();
    expect((await update(1)).status).toBe(200);
    expect(paths((await authority(admin)).menu)).toContain('/nested');
  });
});

describe('own account', () => {
  it('registers the new session with the client agent, shown in the online list', async () => {
    const editor = await signIn('demo', 'editor');
    const res = await call('POST', '/api/admin/sysuser/registerNewSession', {
      token: editor,
      headers: { 'user-agent': 'session-test-agent/1.0' },
    });
    expect(res.body).toEqual({ status: 200, message: 'success' });
    const online = await call<Page<OnlineSession>>('GET', '/api/admin/sysuser/queryOnlineSysUser', { token: admin });
    const mine = online.body.data!.list.find((s) => s.userAgent === 'session-test-agent/1.0')!;
    expect(mine).toMatchObject({ username: 'editor', ip: expect.any(String) });
    expect(typeof mine.sessionId).toBe('number');
  });

  it('updates the own profile only, within the rules of users', async () => {
    const editor = await signIn('demo', 'editor');
    const res = await call<Record<string, unknown>>('PUT', '/api/account/sysuserdetail/updateSysUserDetail', {
      token: editor,
      json: {
        nickname: 'Chief editor',
        address: 'Room 2',
        profile: 'Edits things',
        provinceRegioncode: '110000',
        cityRegioncode: '110100',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      username: 'editor',
      nickname: 'Chief editor',
      address: 'Room 2',
      email: 'editor@demo.example.com',
    });
    expect(Object.keys(res.body.data!)).not.toContain('password');
    expect((await getSysUser(editor)).body.data).toMatchObject({
      nickname: 'Chief editor',
      profile: 'Edits things',
      geographic: { province: '110000', city: '110100' },
    });
    const dup = await call('PUT', '/api/account/sysuserdetail/updateSysUserDetail', { token: editor, json: { mobile: '13800000001' } });
    expect(dup.status).toBe(409);
    for (const json of [
      { username: 'boss' },
      { status: 0 },
      { password: 'Another@1' },
      { id: 1, nickname: 'x' },
      { email: 'not-an-email' },
    ]) {
      expect((await call('PUT', '/api/account/sysuserdetail/updateSysUserDetail', { token: editor, json })).status).toBe(400);
    }
    expect((await getSysUser(admin)).body.data!.nickname).toBe('Administrator');
  });

  it('changes the password with the old one, and ends the other sessions', async () => {
    const visitor = await signIn('demo', 'visitor');
    const elsewhere = await signIn('demo', 'visitor');
    const id = (await getSysUser(visitor)).body.data!.id;
    const put = (json: unknown) => call('PUT', '/api/account/sysuserdetail/updatePassword', { token: visitor, json });

    const wrong = await put({ password: 'not-it', newPassword: 'Visitor@2027', id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The old password is incorrect');
    expect((await put({ password: DEMO_PASSWORD, newPassword: 'Visitor@2027', id: id + 1000 })).status).toBe(403);
    expect((await put({ password: DEMO_PASSWORD, newPassword: 'short', id })).status).toBe(400);
    expect((await put({ password: DEMO_PASSWORD, newPassword: 'x'.repeat(32), id })).status).toBe(400);
    expect((await put({ password: DEMO_PASSWORD, id })).status).toBe(400);

    expect((await put({ password: DEMO_PASSWORD, newPassword: 'Visitor@2027', id })).body).toEqual({ status: 200, message: 'success' });
    expect((await getSysUser(visitor)).status).toBe(200);
    const ended = await getSysUser(elsewhere);
    expect(ended.status).toBe(401);
    expect(ended.body.status).toBe(50008);
    expect((await tokenAnswer('demo', 'visitor')).status).toBe(400);
    expect((await tokenAnswer('demo', 'visitor', 'Visitor@2027')).status).toBe(200);
  });
});

describe('ending sessions', () => {
  it('log out revokes only that token', async () => {
    const one = await signIn('demo', 'editor');
    const two = await signIn('demo', 'editor');
    expect((await call('POST', '/api/uaa/oauth/logout', { token: one })).body).toEqual({ status: 200, message: 'success' });
    const after = await getSysUser(one);
    expect(after.status).toBe(401);
    expect(after.body.status).toBe(50008);
    expect((await call('POST', '/api/uaa/oauth/logout', { token: one })).status).toBe(401);
    expect((await getSysUser(two)).status).toBe(200);
  });

  it('lists the live sessions of the tenant only, without their token ids', async () => {
    const editor = await signIn('demo', 'editor');
    const loggedOut = await signIn('demo', 'editor');
    await call('POST', '/api/uaa/oauth/logout', { token: loggedOut });
    await signIn('acme', 'admin');
    const res = await call<Page<OnlineSession>>('GET', '/api/admin/sysuser/queryOnlineSysUser', { token: admin });
    expect(res.status).toBe(200);
    const { list, pagination } = res.body.data!;
    expect(pagination.total).toBe(list.length);
    expect(new Set(list.map((s) => s.username))).toEqual(new Set(['admin', 'editor', 'visitor']));
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const text = JSON.stringify(res.body);
    for (const t of [admin, editor, loggedOut]) expect(text).not.toContain(jtiOf(t));
    expect(new Set(list.map((s) => s.sessionId)).size).toBe(list.length);
    // the visitor holds no grant of it
    expect(
      (await call('GET', '/api/admin/sysuser/queryOnlineSysUser', { token: await signIn('demo', 'visitor', 'Visitor@2027') })).status,
    ).toBe(403);
  });

  it('a forced sign-out ends every session of the user with 50012', async () => {
    const e1 = await signIn('demo', 'editor');
    const e2 = await signIn('demo', 'editor');
    const acmeAdmin = await signIn('acme', 'admin');
    const res = await call<{ removed: number }>('POST', '/api/admin/sysuser/removePrincipal', {
      token: admin,
      params: { username: 'editor' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data!.removed).toBeGreaterThanOrEqual(2);
    for (const t of [e1, e2]) {
      const r = await getSysUser(t);
      expect(r.status).toBe(401);
      expect(r.body.status).toBe(50012);
    }
    const online = await call<Page<OnlineSession>>('GET', '/api/admin/sysuser/queryOnlineSysUser', { token: admin });
    expect(online.body.data!.list.map((s) => s.username)).not.toContain('editor');
    // the other tenant's sessions are not touched, and the user may sign in again
    expect((await getSysUser(acmeAdmin)).status).toBe(200);
    expect((await getSysUser(await signIn('demo', 'editor'))).status).toBe(200);
  });

  it('refuses to end one’s own sessions this way', async () => {
    const res = await call('POST', '/api/admin/sysuser/removePrincipal', { token: admin, params: { username: 'admin' } });
    expect(res.status).toBe(400);
    expect((await getSysUser(admin)).status).toBe(200);
  });

  it('lets a caller sign out only users whose every role it holds (an administrator: everyone)', async () => {
    const editorRole = await roleId('ROLE_EDITOR');
    const url = (
      await call<Page<{ id: number; url: string }>>('GET', '/api/admin/sysurl/querySysUrl', {
        token: admin,
        params: { url: '/api/admin/sysuser/removePrincipal' },
      })
    ).body.data!.list.find((u) => u.url === '/api/admin/sysuser/removePrincipal')!;
    const roles = (await call<number[]>('GET', '/api/admin/sysurl/queryRoleIdByUrlId', { token: admin, params: { urlId: url.id } })).body
      .data!;
    expect(
      (
        await call('POST', '/api/admin/sysurl/authorizeRoleToUrl', {
          token: admin,
          json: { urlId: url.id, roleId: [...roles, editorRole] },
        })
      ).status,
    ).toBe(200);
    const buttons = (
      await call<string[]>('GET', '/api/admin/sysmenu/queryMenuButtonByRoleCode', { token: admin, params: { roleCode: 'ROLE_EDITOR' } })
    ).body.data!;
    const sysuserButtons = buttons.filter((b) => b.startsWith('sysuser:'));
    const granted = await call('POST', '/api/admin/sysmenu/authorizeMenuButtonToRole', {
      token: admin,
      json: { roleCode: 'ROLE_EDITOR', menuCode: 'sysuser', buttonCode: [...sysuserButtons, 'sysuser:removePrincipal'] },
    });
    expect(granted.status).toBe(200);

    const editor = await signIn('demo', 'editor');
    const refused = await call('POST', '/api/admin/sysuser/removePrincipal', { token: editor, params: { username: 'admin' } });
    expect(refused.status).toBe(403);
    expect((await getSysUser(admin)).status).toBe(200);
    const visitor = await signIn('demo', 'visitor', 'Visitor@2027');
    // the visitor holds ROLE_VISITOR, which the editor does not
    const notHeld = await call('POST', '/api/admin/sysuser/removePrincipal', { token: editor, params: { username: 'visitor' } });
    expect(notHeld.status).toBe(403);
    expect(notHeld.body.message).toContain('ROLE_VISITOR');
    expect((await getSysUser(visitor)).status).toBe(200);
    const editorId = (await getSysUser(editor)).body.data!.id;
    const both = await call('POST', '/api/admin/sysuser/authorizeRoleToUser', {
      token: admin,
      json: { userId: editorId, roleId: [editorRole, await roleId('ROLE_VISITOR')] },
    });
    expect(both.status).toBe(200);
    expect((await call('POST', '/api/admin/sysuser/removePrincipal', { token: editor, params: { username: 'visitor' } })).status).toBe(200);
    expect((await getSysUser(visitor)).body.status).toBe(50012);
    expect(
      (await call('POST', '/api/admin/sysuser/authorizeRoleToUser', { token: admin, json: { userId: editorId, roleId: [editorRole] } }))
        .status,
    ).toBe(200);
  });
});

describe('adding a user to another tenant', () => {
  it('copies the user with the same password, once', async () => {
    const editorId = (await getSysUser(await signIn('demo', 'editor'))).body.data!.id;
    // demo's admin proves to be acme's administrator too: the username and password of that account
    const res = await call<{ id: number; tenantCode: string }>('POST', '/api/admin/sysuser/addSysTenantUser', {
      token: admin,
      params: { tenantCode: 'acme', userId: editorId },
      json: { password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ tenantCode: 'acme', username: 'editor' });
    const tenants = await call<{ tenantCode: string }[]>('GET', '/api/admin/sysuser/queryTenantUser', { params: { userInfo: 'editor' } });
    expect(tenants.body.data!.map((t) => t.tenantCode)).toEqual(['acme', 'demo']);
    const inAcme = await getSysUser(await signIn('acme', 'editor'));
    expect(inAcme.body.data).toMatchObject({ username: 'editor', tenantCode: 'acme', nickname: 'Chief editor', roles: [] });

    const again = await call('POST', '/api/admin/sysuser/addSysTenantUser', {
      token: admin,
      params: { tenantCode: 'acme', userId: editorId },
      json: { password: DEMO_PASSWORD },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already exists/);
  });

  it('refuses an unknown tenant, the own tenant, an unknown user and a non-administrator', async () => {
    const visitorId = (await getSysUser(await signIn('demo', 'visitor', 'Visitor@2027'))).body.data!.id;
    const add = (token: string, tenantCode: string, userId: number) =>
      call('POST', '/api/admin/sysuser/addSysTenantUser', { token, params: { tenantCode, userId }, json: { password: DEMO_PASSWORD } });
    expect((await add(admin, 'nowhere', visitorId)).status).toBe(404);
    expect((await add(admin, 'demo', visitorId)).status).toBe(400);
    expect((await add(admin, 'acme', 999_999)).status).toBe(404);
    expect((await add(await signIn('demo', 'editor'), 'acme', visitorId)).status).toBe(403);
  });

  it('lets an administrator of another tenant add only to a tenant whose administrator account they prove to hold', async () => {
    const acmeAdmin = await signIn('acme', 'admin');
    const orgs = await call<Page<{ id: number }>>('GET', '/api/admin/sysorg/querySysOrg', { token: acmeAdmin });
    const created = await call<{ id: number }>('POST', '/api/admin/sysuser/addSysUser', {
      token: acmeAdmin,
      json: {
        username: 'acmeonly',
        nickname: 'Acme only',
        password: 'Acme@2026',
        email: 'only@acme.example.com',
        prefix: '+86',
        mobile: '13900000009',
        orgId: orgs.body.data!.list[0]!.id,
        status: 1,
      },
    });
    expect(created.status).toBe(200);
    const userId = created.body.data!.id;
    // acme is not the platform tenant; a same-named account in demo proves nothing without its password
    const byName = await call('POST', '/api/admin/sysuser/addSysTenantUser', {
      token: acmeAdmin,
      params: { tenantCode: 'demo', userId },
      json: { password: 'Not-the@password1' },
    });
    expect(byName.status).toBe(403);
    expect(byName.body.message).toContain('administrator');
    const res = await call('POST', '/api/admin/sysuser/addSysTenantUser', {
      token: acmeAdmin,
      params: { tenantCode: 'demo', userId },
      json: { password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect((await getSysUser(await signIn('demo', 'acmeonly', 'Acme@2026'))).body.data).toMatchObject({
      tenantCode: 'demo',
      nickname: 'Acme only',
    });
    // a tenant where acme's admin has no account
    expect(
      (await call('POST', '/api/admin/systenant/addSysTenant', { token: admin, json: { tenantCode: 'third', tenantName: 'Third Co.' } }))
        .status,
    ).toBe(200);
    const refused = await call('POST', '/api/admin/sysuser/addSysTenantUser', {
      token: acmeAdmin,
      params: { tenantCode: 'third', userId },
      json: { password: DEMO_PASSWORD },
    });
    expect(refused.status).toBe(403);
  });
});

describe('secrets', () => {
  it('no answer carried a password hash', () => {
    expect(seen.length).toBeGreaterThan(50);
    for (const text of seen) {
      expect(text).not.toContain('scrypt$');
      expect(text).not.toMatch(/"(password|clientSecret|client_secret)":/);
    }
  });
});
