/**
 * The grant calls of the permission pages through the real server: roles of users and users
 * of roles, menus, buttons, data fields and URLs of roles, the org-user and user-post trees.
 * Each has a happy path whose effect is read back (and, where it matters, felt by the access
 * layer), a refused bad input after which nothing changed, and tenant isolation: ids and codes
 * of the tenant acme are refused by demo and never shown to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDef } from '../../schemas/registry/types.ts';
import { client, signIn, startTestServer, type Envelope, type PageData, type Params, type TestServer } from './harness.ts';

type Client = ReturnType<typeof client>;
type Rec = Record<string, unknown>;

interface Ids {
  roles: Map<string, number>;
  users: Map<string, number>;
  menus: Map<string, number>;
}

let server: TestServer;
let admin: Client;
let acme: Client;
let editor: Client;
let demo: Ids;
let acmeIds: Ids;

async function idsOf(c: Client): Promise<Ids> {
  const list = async (path: string, key: string) => {
    const res = await c.get<Envelope<PageData>>(path, { pageSize: 10000 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return new Map(res.body.data!.list.map((r) => [String(r[key]), Number(r.id)]));
  };
  return {
    roles: await list('/api/admin/sysrole/querySysRole', 'roleCode'),
    users: await list('/api/admin/sysuser/querySysUser', 'username'),
    menus: await list('/api/admin/sysmenu/querySysMenu', 'menuCode'),
  };
}

async function urlId(c: Client, url: string): Promise<number> {
  const res = await c.get<Envelope<PageData>>('/api/admin/sysurl/querySysUrl', { url });
  expect(res.body.data!.list, url).toHaveLength(1);
  return Number(res.body.data!.list[0]!.id);
}

/** The call of a platform name (the resource files decide its URL). */
function callFor(name: string): CallDef {
  const call = server.services.registry.calls.find((c) => c.name === name);
  if (!call) throw new Error(`No call is named ${name}`);
  return call;
}

/** Invoke a call by name: query string for GET or query-only calls, JSON body otherwise. */
async function invoke<T = unknown>(c: Client, name: string, input: Rec) {
  const call = callFor(name);
  if (call.method === 'GET' || (!call.body && call.query)) return c.call<Envelope<T>>(call.method, call.url, { params: input as Params });
  return c.call<Envelope<T>>(call.method, call.url, { body: input });
}

async function ok<T>(c: Client, name: string, input: Rec): Promise<T> {
  const res = await invoke<T>(c, name, input);
  expect(res.status, `${name} ${JSON.stringify(input)}: ${JSON.stringify(res.body)}`).toBe(200);
  expect(res.body.message).toBe('success');
  return res.body.data as T;
}

async function refused(c: Client, name: string, input: Rec, status = 400): Promise<Envelope> {
  const res = await invoke(c, name, input);
  expect(res.status, `${name} ${JSON.stringify(input)}: ${JSON.stringify(res.body)}`).toBe(status);
  expect(res.body.status).toBe(status);
  return res.body;
}

const sorted = (xs: unknown[]) => [...xs].map(String).sort();
const role = (code: string) => demo.roles.get(code)!;
const user = (name: string) => demo.users.get(name)!;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
  acme = client(server.url, await signIn(server.url, 'acme', 'admin'));
  editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
  demo = await idsOf(admin);
  acmeIds = await idsOf(acme);
});

afterAll(async () => {
  await server?.stop();
});

describe('grant calls', () => {
  it('are declared with the platform names, the link calls served by the generic link handlers', () => {
    const handlers: Record<string, string> = {
      queryRoleName: 'link.ids',
      authorizeRoleToUser: 'link.replace',
      authorizeUserToRole: 'link.replace',
      queryMenuIdByRoleId: 'link.ids',
      authorizeMenuToRole: 'link.replace',
      queryMenuButtonCheckbox: 'grant.menuButtonCheckbox',
      queryCheckedMenuButton: 'link.ids',
      querySysMenuButtonTree: 'grant.menuButtonTree',
      queryMenuButtonByRoleCode: 'link.ids',
      authorizeMenuButtonToRole: 'link.replace',
      queryDataFieldByMenuCode: 'grant.dataFieldsOfMenu',
      deleteDataField: 'grant.deleteDataField',
      authorizeMenuDataToRole: 'grant.menuDataToRole',
      queryRoleIdByUrlId: 'link.ids',
      queryUrlIdByRoleId: 'link.ids',
      authorizeRoleToUrl: 'link.replace',
      authorizeUrlToRole: 'link.replace',
      queryOrgUserTree: 'grant.orgUserTree',
      querySysUserPostTree: 'grant.userPostTree',
    };
    for (const [name, handler] of Object.entries(handlers)) expect(callFor(name).handler, name).toBe(handler);
  });
});

describe('roles of users', () => {
  const rolesOf = async (userId: number, extra: Rec = {}) =>
    sorted((await ok<Rec[]>(admin, 'queryRoleName', { userId, ...extra })).map((r) => r.roleCode));

  it('lists the roles a user has, per post, and the others', async () => {
    const mine = await ok<Rec[]>(admin, 'queryRoleName', { userId: user('editor') });
    expect(mine).toEqual([{ id: role('ROLE_EDITOR'), roleCode: 'ROLE_EDITOR', roleName: expect.any(String) }]);
    expect(await rolesOf(user('editor'), { assign: '1' })).toEqual(['ROLE_EDITOR']);
    expect(await rolesOf(user('editor'), { assign: '0' })).toEqual(['ROLE_ADMIN', 'ROLE_VISITOR']);
    expect(await rolesOf(user('editor'), { postCode: 'engineer' })).toEqual(['ROLE_EDITOR']);
    expect(await rolesOf(user('editor'), { postCode: 'manager' })).toEqual([]);
  });

  it('refuses unknown users, posts and assign values, and users of another tenant', async () => {
    await refused(admin, 'queryRoleName', { userId: acmeIds.users.get('admin')! });
    await refused(admin, 'queryRoleName', { userId: 999999 });
    await refused(admin, 'queryRoleName', { userId: user('editor'), postCode: 'no-such-post' });
    await refused(admin, 'queryRoleName', { userId: user('editor'), assign: '2' });
    // acme sees its own roles only
    const acmeRoles = await ok<Rec[]>(acme, 'queryRoleName', { userId: acmeIds.users.get('admin')!, assign: '0' });
    for (const r of acmeRoles) expect([...acmeIds.roles.values()]).toContain(r.id);
  });

  it('replaces the roles of a user for a post, and the access layer follows at once', async () => {
    const visitor = client(server.url, await signIn(server.url, 'demo', 'visitor'));
    expect((await visitor.get('/api/admin/sysrole/querySysRole')).status).toBe(403);
    await ok(admin, 'authorizeRoleToUser', {
      userId: user('visitor'),
      roleId: [role('ROLE_VISITOR'), role('ROLE_EDITOR')],
      postCode: 'storekeeper',
    });
    expect(await rolesOf(user('visitor'))).toEqual(['ROLE_EDITOR', 'ROLE_VISITOR']);
    expect(await rolesOf(user('visitor'), { postCode: 'storekeeper' })).toEqual(['ROLE_EDITOR', 'ROLE_VISITOR']);
    expect(await rolesOf(user('visitor'), { postCode: 'engineer' })).toEqual(['ROLE_VISITOR']);
    expect((await visitor.get('/api/admin/sysrole/querySysRole')).status).toBe(200);

    // Without a post the whole set becomes what was sent; kept grants keep their post.
    await ok(admin, 'authorizeRoleToUser', { userId: user('visitor'), roleId: [role('ROLE_VISITOR')] });
    expect(await rolesOf(user('visitor'))).toEqual(['ROLE_VISITOR']);
    expect(await rolesOf(user('visitor'), { postCode: 'engineer' })).toEqual(['ROLE_VISITOR']);
    expect((await visitor.get('/api/admin/sysrole/querySysRole')).status).toBe(403);
  });

  it('refuses roles, users and posts that do not exist in the tenant, changing nothing', async () => {
    const before = await rolesOf(user('visitor'));
    const bad = await refused(admin, 'authorizeRoleToUser', {
      userId: user('visitor'),
      roleId: [role('ROLE_EDITOR'), acmeIds.roles.get('ROLE_ADMIN')!],
    });
    expect(bad.message).toContain(String(acmeIds.roles.get('ROLE_ADMIN')));
    expect(bad.errors?.map((e) => e.field)).toContain('roleId');
    await refused(admin, 'authorizeRoleToUser', { userId: acmeIds.users.get('admin')!, roleId: [role('ROLE_EDITOR')] });
    await refused(admin, 'authorizeRoleToUser', { userId: user('visitor'), roleId: [role('ROLE_EDITOR')], postCode: 'no-such-post' });
    await refused(admin, 'authorizeRoleToUser', { userId: user('visitor'), roleId: ['x'] });
    expect(await rolesOf(user('visitor'))).toEqual(before);
    // acme cannot touch demo's users either
    await refused(acme, 'authorizeRoleToUser', { userId: user('visitor'), roleId: [acmeIds.roles.get('ROLE_ADMIN')!] });
    expect(await rolesOf(user('visitor'))).toEqual(before);
  });

  it('replaces the users of a role', async () => {
    const usersOf = async (roleId: number) => sorted((await ok<{ checked: number[] }>(admin, 'queryOrgUserTree', { roleId })).checked);
    await ok(admin, 'authorizeUserToRole', { roleId: role('ROLE_EDITOR'), userId: [user('editor'), user('visitor')] });
    expect(await usersOf(role('ROLE_EDITOR'))).toEqual(sorted([user('editor'), user('visitor')]));
    expect(await rolesOf(user('visitor'))).toEqual(['ROLE_EDITOR', 'ROLE_VISITOR']);
    await ok(admin, 'authorizeUserToRole', { roleId: role('ROLE_EDITOR'), userId: [user('editor')] });
    expect(await usersOf(role('ROLE_EDITOR'))).toEqual([String(user('editor'))]);

    // refused: a user of acme, an acme role, the last administrator; nothing changes
    await refused(admin, 'authorizeUserToRole', { roleId: role('ROLE_EDITOR'), userId: [user('visitor'), acmeIds.users.get('admin')!] });
    await refused(admin, 'authorizeUserToRole', { roleId: acmeIds.roles.get('ROLE_EDITOR')!, userId: [user('visitor')] });
    expect(await usersOf(role('ROLE_EDITOR'))).toEqual([String(user('editor'))]);
    const last = await refused(admin, 'authorizeUserToRole', { roleId: role('ROLE_ADMIN'), userId: [] }, 409);
    expect(last.message).toContain('ROLE_ADMIN');
    expect(await usersOf(role('ROLE_ADMIN'))).toEqual([String(user('admin'))]);
    // an editor does not hold the assign-user button
    expect((await invoke(editor, 'authorizeUserToRole', { roleId: role('ROLE_EDITOR'), userId: [user('editor')] })).status).toBe(403);
  });
});

describe('menus of roles', () => {
  const menusOf = async (c: Client, roleId: number) => sorted(await ok<number[]>(c, 'queryMenuIdByRoleId', { roleId }));

  it('reads and replaces the menus of a role', async () => {
    const visitorMenus = await menusOf(admin, role('ROLE_VISITOR'));
    expect(visitorMenus.length).toBeGreaterThan(0);
    const adminMenus = await menusOf(admin, role('ROLE_ADMIN'));
    expect(adminMenus).toEqual(sorted([...demo.menus.values()]));
    const wanted = [demo.menus.get('sysrole')!, demo.menus.get('sysuser')!];
    await ok(admin, 'authorizeMenuToRole', { roleId: role('ROLE_VISITOR'), menuId: [...wanted, wanted[0]] });
    expect(await menusOf(admin, role('ROLE_VISITOR'))).toEqual(sorted(wanted));
    await ok(admin, 'authorizeMenuToRole', { roleId: role('ROLE_VISITOR'), menuId: visitorMenus.map(Number) });
    expect(await menusOf(admin, role('ROLE_VISITOR'))).toEqual(visitorMenus);
  });

  it('refuses menus and roles of another tenant, changing nothing', async () => {
    const before = await menusOf(admin, role('ROLE_VISITOR'));
    const bad = await refused(admin, 'authorizeMenuToRole', {
      roleId: role('ROLE_VISITOR'),
      menuId: [demo.menus.get('sysrole')!, acmeIds.menus.get('sysrole')!],
    });
    expect(bad.message).toContain(String(acmeIds.menus.get('sysrole')));
    await refused(admin, 'authorizeMenuToRole', { roleId: acmeIds.roles.get('ROLE_VISITOR')!, menuId: [demo.menus.get('sysrole')!] });
    await refused(admin, 'queryMenuIdByRoleId', { roleId: acmeIds.roles.get('ROLE_VISITOR')! });
    await refused(admin, 'authorizeMenuToRole', { roleId: role('ROLE_VISITOR'), menuId: 'nope' });
    expect(await menusOf(admin, role('ROLE_VISITOR'))).toEqual(before);
    expect(await menusOf(acme, acmeIds.roles.get('ROLE_VISITOR')!)).not.toContain(String(demo.menus.get('sysrole')));
  });
});

describe('buttons of roles', () => {
  const checked = async (roleCode: string, menuCode: string) =>
    sorted(await ok<string[]>(admin, 'queryCheckedMenuButton', { menuCode, roleCode }));

  it('lists the buttons of a menu and those a role holds', async () => {
    const options = await ok<Rec[]>(admin, 'queryMenuButtonCheckbox', { menuCode: 'sysrole' });
    expect(options).toContainEqual({ label: expect.any(String), value: 'sysrole:add' });
    expect(options.every((o) => String(o.value).startsWith('sysrole:'))).toBe(true);
    const editorHeld = await checked('ROLE_EDITOR', 'sysrole');
    expect(editorHeld).toContain('sysrole:query');
    expect(editorHeld).not.toContain('sysrole:delete');
    const all = await ok<string[]>(admin, 'queryMenuButtonByRoleCode', { roleCode: 'ROLE_EDITOR' });
    expect(all).toContain('sysrole:query');
    expect(all).toContain('sysuser:query');
    expect(all).not.toContain('sysrole:delete');
  });

  it("gives the menu tree with each menu's buttons", async () => {
    const tree = await ok<Rec[]>(admin, 'querySysMenuButtonTree', {});
    const find = (nodes: Rec[], code: string): Rec | undefined => {
      for (const n of nodes) {
        if (n.menuCode === code) return n;
        const hit = find((n.children as Rec[] | undefined) ?? [], code);
        if (hit) return hit;
      }
      return undefined;
    };
    const sysrole = find(tree, 'sysrole');
    expect(sysrole?.buttons).toContainEqual({ buttonCode: 'sysrole:add', buttonName: expect.any(String) });
    expect(tree.every((n) => Array.isArray(n.buttons))).toBe(true);
    expect(find(tree, 'sysuser')).toBeDefined();
  });

  it('replaces the buttons of one menu only, and the server enforces them', async () => {
    const original = await checked('ROLE_EDITOR', 'sysrole');
    const otherMenus = (await ok<string[]>(admin, 'queryMenuButtonByRoleCode', { roleCode: 'ROLE_EDITOR' })).filter(
      (c) => !c.startsWith('sysrole:'),
    );
    await ok(admin, 'authorizeMenuButtonToRole', { roleCode: 'ROLE_EDITOR', menuCode: 'sysrole', buttonCode: ['sysrole:add'] });
    expect(await checked('ROLE_EDITOR', 'sysrole')).toEqual(['sysrole:add']);
    const now = await ok<string[]>(admin, 'queryMenuButtonByRoleCode', { roleCode: 'ROLE_EDITOR' });
    expect(sorted(now)).toEqual(sorted([...otherMenus, 'sysrole:add']));
    expect((await editor.get('/api/admin/sysrole/querySysRole')).status).toBe(403);
    await ok(admin, 'authorizeMenuButtonToRole', { roleCode: 'ROLE_EDITOR', menuCode: 'sysrole', buttonCode: original });
    expect(await checked('ROLE_EDITOR', 'sysrole')).toEqual(original);
    expect((await editor.get('/api/admin/sysrole/querySysRole')).status).toBe(200);
  });

  it('refuses buttons of another menu, unknown roles and menus, changing nothing', async () => {
    const before = await checked('ROLE_EDITOR', 'sysrole');
    const bad = await refused(admin, 'authorizeMenuButtonToRole', {
      roleCode: 'ROLE_EDITOR',
      menuCode: 'sysrole',
      buttonCode: ['sysrole:query', 'sysuser:add'],
    });
    expect(bad.message).toContain('sysuser:add');
    await refused(admin, 'authorizeMenuButtonToRole', { roleCode: 'ROLE_NOBODY', menuCode: 'sysrole', buttonCode: [] });
    await refused(admin, 'authorizeMenuButtonToRole', { roleCode: 'ROLE_EDITOR', menuCode: 'nomenu', buttonCode: [] });
    await refused(admin, 'queryMenuButtonCheckbox', { menuCode: 'nomenu' });
    await refused(admin, 'queryCheckedMenuButton', { menuCode: 'sysrole', roleCode: 'ROLE_NOBODY' });
    await refused(admin, 'queryMenuButtonByRoleCode', { roleCode: 'ROLE_NOBODY' });
    expect(await checked('ROLE_EDITOR', 'sysrole')).toEqual(before);
  });

  it("keeps each tenant's button grants apart", async () => {
    const acmeRole = await acme.post<Envelope<Rec>>('/api/admin/sysrole/addSysRole', { roleCode: 'ROLE_ACME_ONLY', roleName: 'Acme only' });
    expect(acmeRole.status).toBe(200);
    await refused(admin, 'authorizeMenuButtonToRole', { roleCode: 'ROLE_ACME_ONLY', menuCode: 'sysrole', buttonCode: ['sysrole:query'] });
    await ok(acme, 'authorizeMenuButtonToRole', { roleCode: 'ROLE_EDITOR', menuCode: 'sysrole', buttonCode: [] });
    expect(await ok<string[]>(acme, 'queryCheckedMenuButton', { menuCode: 'sysrole', roleCode: 'ROLE_EDITOR' })).toEqual([]);
    expect(await checked('ROLE_EDITOR', 'sysrole')).toContain('sysrole:query');
  });
});

describe('data permissions', () => {
  const rows = async (c: Client, menuCode: string) => await ok<Rec[]>(c, 'queryDataFieldByMenuCode', { menuCode });

  it('lists, replaces and deletes the data permissions of a menu; the server strips the fields', async () => {
    const seeded = await rows(admin, 'sysuser');
    expect(seeded).toEqual([{ id: expect.any(Number), roleCode: 'ROLE_EDITOR', menuCode: 'sysuser', dataFields: 'address,profile' }]);

    // the visitor holds no add button: it may be kept from required fields; a mobile number's
    // country code (x-partOf) is hidden with it
    await ok(admin, 'authorizeMenuDataToRole', {
      menuCode: 'sysuser',
      data: [
        { roleCode: 'ROLE_EDITOR', dataFields: ' address , provinceRegioncode ' },
        { roleCode: 'ROLE_VISITOR', dataFields: 'email,mobile' },
      ],
    });
    const now = await rows(admin, 'sysuser');
    expect(now.map((r) => [r.roleCode, r.dataFields])).toEqual([
      ['ROLE_EDITOR', 'address,provinceRegioncode'],
      ['ROLE_VISITOR', 'email,mobile,prefix'],
    ]);
    const seen = await editor.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser');
    expect(seen.status).toBe(200);
    for (const u of seen.body.data!.list) {
      expect(u).not.toHaveProperty('address');
      expect(u).not.toHaveProperty('provinceRegioncode');
      expect(u).toHaveProperty('username');
      expect(u).toHaveProperty('mobile');
    }

    await ok(admin, 'deleteDataField', { menuCode: 'sysuser', roleCode: 'ROLE_VISITOR' });
    expect((await rows(admin, 'sysuser')).map((r) => r.roleCode)).toEqual(['ROLE_EDITOR']);
    await refused(admin, 'deleteDataField', { menuCode: 'sysuser', roleCode: 'ROLE_VISITOR' }, 404);
    await ok(admin, 'authorizeMenuDataToRole', { menuCode: 'sysuser', data: [{ roleCode: 'ROLE_EDITOR', dataFields: 'address,profile' }] });
  });

  it('refuses to hide a field the add form requires from a role that holds the add button, changing nothing', async () => {
    const before = await rows(admin, 'sysuser');
    const res = await refused(admin, 'authorizeMenuDataToRole', {
      menuCode: 'sysuser',
      data: [
        { roleCode: 'ROLE_VISITOR', dataFields: 'mobile' },
        { roleCode: 'ROLE_EDITOR', dataFields: 'address,mobile' },
      ],
    });
    expect(res.message).toContain('"mobile" is required to add SysUser records, and ROLE_EDITOR holds the add button (sysuser:add)');
    expect(res.errors).toEqual([{ field: 'data.1.dataFields', message: expect.stringContaining('"mobile"') }]);
    const admins = await refused(admin, 'authorizeMenuDataToRole', {
      menuCode: 'sysuser',
      data: [{ roleCode: 'ROLE_ADMIN', dataFields: 'email,nickname' }],
    });
    expect(admins.message).toContain('"nickname", "email" are required to add SysUser records, and ROLE_ADMIN holds the add button');
    expect(await rows(admin, 'sysuser')).toEqual(before);
  });

  it('refuses repeated roles, malformed or unknown fields and unknown roles, changing nothing', async () => {
    const before = await rows(admin, 'sysuser');
    const same = await refused(admin, 'authorizeMenuDataToRole', {
      menuCode: 'sysuser',
      data: [
        { roleCode: 'ROLE_EDITOR', dataFields: 'email' },
        { roleCode: 'ROLE_EDITOR', dataFields: 'mobile' },
      ],
    });
    expect(same.message).toBe('The role code cannot be the same');
    for (const dataFields of ['email;mobile', 'email mobile', 'email,,mobile', 'email,', 'email，mobile']) {
      const commas = await refused(admin, 'authorizeMenuDataToRole', {
        menuCode: 'sysuser',
        data: [{ roleCode: 'ROLE_EDITOR', dataFields }],
      });
      expect(commas.message, dataFields).toBe('Fields must be separated by commas');
    }
    const unknown = await refused(admin, 'authorizeMenuDataToRole', {
      menuCode: 'sysuser',
      data: [{ roleCode: 'ROLE_EDITOR', dataFields: 'email,salary' }],
    });
    expect(unknown.message).toContain('salary');
    await refused(admin, 'authorizeMenuDataToRole', { menuCode: 'sysuser', data: [{ roleCode: 'ROLE_EDITOR', dataFields: 'id' }] });
    await refused(admin, 'authorizeMenuDataToRole', { menuCode: 'sysuser', data: [{ roleCode: 'ROLE_EDITOR', dataFields: '' }] });
    await refused(admin, 'authorizeMenuDataToRole', { menuCode: 'sysuser', data: [{ roleCode: 'ROLE_NOBODY', dataFields: 'email' }] });
    await refused(admin, 'authorizeMenuDataToRole', { menuCode: 'nomenu', data: [] });
    await refused(admin, 'queryDataFieldByMenuCode', { menuCode: 'nomenu' });
    await refused(admin, 'deleteDataField', { menuCode: 'sysuser', roleCode: 'ROLE_NOBODY' });
    expect(await rows(admin, 'sysuser')).toEqual(before);
  });

  it("keeps each tenant's data permissions apart", async () => {
    const before = await rows(admin, 'sysuser');
    // ROLE_ACME_ONLY exists in acme only (added by the button test, or here)
    await acme.post('/api/admin/sysrole/addSysRole', { roleCode: 'ROLE_ACME_ONLY', roleName: 'Acme only' });
    await refused(admin, 'authorizeMenuDataToRole', { menuCode: 'sysuser', data: [{ roleCode: 'ROLE_ACME_ONLY', dataFields: 'email' }] });
    await ok(acme, 'authorizeMenuDataToRole', { menuCode: 'sysuser', data: [{ roleCode: 'ROLE_ACME_ONLY', dataFields: 'mobile' }] });
    expect((await rows(acme, 'sysuser')).map((r) => r.roleCode)).toEqual(['ROLE_ACME_ONLY']);
    expect(await rows(admin, 'sysuser')).toEqual(before);
  });
});

describe('URLs of roles', () => {
  const QUERY_PARAM = '/api/admin/sysparam/querySysParam';

  it('grants URLs to roles from both sides, and the access layer follows', async () => {
    const url = await urlId(admin, QUERY_PARAM);
    const holders = sorted(await ok<number[]>(admin, 'queryRoleIdByUrlId', { urlId: url }));
    expect(holders).toContain(String(role('ROLE_ADMIN')));
    expect(holders).not.toContain(String(role('ROLE_VISITOR')));

    const visitor = client(server.url, await signIn(server.url, 'demo', 'visitor'));
    expect((await visitor.get(QUERY_PARAM)).status).toBe(403);
    await ok(admin, 'authorizeRoleToUrl', { urlId: url, roleId: [...holders.map(Number), role('ROLE_VISITOR')] });
    expect(sorted(await ok<number[]>(admin, 'queryRoleIdByUrlId', { urlId: url }))).toEqual(sorted([...holders, role('ROLE_VISITOR')]));
    expect(await ok<number[]>(admin, 'queryUrlIdByRoleId', { roleId: role('ROLE_VISITOR') })).toContain(url);
    // the call also needs its button
    await ok(admin, 'authorizeMenuButtonToRole', { roleCode: 'ROLE_VISITOR', menuCode: 'sysparam', buttonCode: ['sysparam:query'] });
    expect((await visitor.get(QUERY_PARAM)).status).toBe(200);

    await ok(admin, 'authorizeUrlToRole', { roleId: role('ROLE_VISITOR'), urlId: [] });
    expect(await ok<number[]>(admin, 'queryUrlIdByRoleId', { roleId: role('ROLE_VISITOR') })).toEqual([]);
    expect((await visitor.get(QUERY_PARAM)).status).toBe(403);
    await ok(admin, 'authorizeUrlToRole', { roleId: role('ROLE_VISITOR'), urlId: [url] });
    expect((await visitor.get(QUERY_PARAM)).status).toBe(200);
  });

  it('refuses URLs and roles of another tenant, changing nothing', async () => {
    const url = await urlId(admin, QUERY_PARAM);
    const acmeUrl = await urlId(acme, QUERY_PARAM);
    const before = sorted(await ok<number[]>(admin, 'queryRoleIdByUrlId', { urlId: url }));
    const beforeUrls = sorted(await ok<number[]>(admin, 'queryUrlIdByRoleId', { roleId: role('ROLE_VISITOR') }));
    await refused(admin, 'authorizeRoleToUrl', { urlId: url, roleId: [role('ROLE_ADMIN'), acmeIds.roles.get('ROLE_VISITOR')!] });
    await refused(admin, 'authorizeRoleToUrl', { urlId: acmeUrl, roleId: [role('ROLE_ADMIN')] });
    await refused(admin, 'authorizeUrlToRole', { roleId: role('ROLE_VISITOR'), urlId: [acmeUrl] });
    await refused(admin, 'authorizeUrlToRole', { roleId: acmeIds.roles.get('ROLE_VISITOR')!, urlId: [url] });
    await refused(admin, 'queryRoleIdByUrlId', { urlId: acmeUrl });
    await refused(admin, 'queryUrlIdByRoleId', { roleId: acmeIds.roles.get('ROLE_VISITOR')! });
    await refused(admin, 'authorizeUrlToRole', { roleId: role('ROLE_VISITOR'), urlId: [0] });
    expect(sorted(await ok<number[]>(admin, 'queryRoleIdByUrlId', { urlId: url }))).toEqual(before);
    expect(sorted(await ok<number[]>(admin, 'queryUrlIdByRoleId', { roleId: role('ROLE_VISITOR') }))).toEqual(beforeUrls);
    expect(await ok<number[]>(acme, 'queryRoleIdByUrlId', { urlId: acmeUrl })).not.toContain(role('ROLE_VISITOR'));
  });
});

describe('the org-user tree', () => {
  interface Node extends Rec {
    key: string;
    children?: Node[];
  }
  const leaves = (nodes: Node[]): Node[] => nodes.flatMap((n) => (n.isLeaf ? [n] : leaves(n.children ?? [])));

  it("lists every org with its users as leaves, and the role's users as checked", async () => {
    const { tree, checked } = await ok<{ tree: Node[]; checked: number[] }>(admin, 'queryOrgUserTree', {});
    expect(checked).toEqual([]);
    expect(tree[0]!.key).toMatch(/^org-\d+$/);
    const users = leaves(tree);
    expect(sorted(users.map((u) => u.title))).toEqual(sorted([...demo.users.keys()]));
    expect(users).toContainEqual({ key: `user-${user('editor')}`, title: 'editor', userId: user('editor'), isLeaf: true });

    const forEditors = await ok<{ tree: Node[]; checked: number[] }>(admin, 'queryOrgUserTree', { roleId: role('ROLE_EDITOR') });
    expect(forEditors.checked).toEqual([user('editor')]);
    const only = await ok<{ tree: Node[]; checked: number[] }>(admin, 'queryOrgUserTree', { roleId: role('ROLE_EDITOR'), assign: '1' });
    expect(leaves(only.tree).map((u) => u.userId)).toEqual([user('editor')]);
    const others = await ok<{ tree: Node[]; checked: number[] }>(admin, 'queryOrgUserTree', { roleId: role('ROLE_EDITOR'), assign: '0' });
    expect(leaves(others.tree).map((u) => u.userId)).not.toContain(user('editor'));
    expect(others.checked).toEqual([]);
  });

  it('shows each tenant its own users and refuses roles of another tenant', async () => {
    const acmeTree = await ok<{ tree: Node[] }>(acme, 'queryOrgUserTree', {});
    expect(leaves(acmeTree.tree).map((u) => u.userId)).toEqual([acmeIds.users.get('admin')]);
    await refused(admin, 'queryOrgUserTree', { roleId: acmeIds.roles.get('ROLE_EDITOR')! });
    await refused(admin, 'queryOrgUserTree', { assign: '1' });
  });
});

describe('the user-post tree', () => {
  interface Node extends Rec {
    children?: Node[];
  }
  const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

  it('marks the posts of a user, with the main post', async () => {
    const res = await ok<{ tree: Node[]; checked: string[]; main: string | null }>(admin, 'querySysUserPostTree', {
      userId: user('admin'),
    });
    expect(res.checked).toEqual(['manager']);
    expect(res.main).toBe('manager');
    const nodes = flat(res.tree);
    expect(nodes.find((n) => n.postCode === 'manager')).toMatchObject({ checked: true, postType: 'main' });
    expect(nodes.find((n) => n.postCode === 'engineer')).toMatchObject({ checked: false, postType: null });
    expect(res.tree.map((n) => n.postCode)).toEqual(['manager']);
  });

  it('refuses users of another tenant and malformed ids', async () => {
    await refused(admin, 'querySysUserPostTree', { userId: acmeIds.users.get('admin')! });
    await refused(admin, 'querySysUserPostTree', { userId: 'abc' });
    const acmeView = await ok<{ checked: string[] }>(acme, 'querySysUserPostTree', { userId: acmeIds.users.get('admin')! });
    expect(acmeView.checked).toEqual(['manager']);
  });
});
