/**
 * Who may manage whom (server-mock/access/manageRules.ts), through the real server: a caller
 * may change, disable, delete, sign out or re-grant another user (their record, roles, posts,
 * sessions, tenants) only when every role of that user is a role the caller holds; the last
 * enabled administrator of a tenant stays; no caller hands out (or takes away) a role, menu,
 * button, URL or hidden field it does not hold, nor changes a menu or role it does not hold.
 *
 * The editor is given every button and URL of the calls tried here (users, roles, URLs, data
 * permissions), so that what refuses it is the rule and not a missing grant. Every refused
 * call is checked to change nothing: a snapshot of users, roles, posts and every grant is the
 * same before and after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { issueCaptcha } from '../../server-mock/auth/captcha.ts';
import { mailOutbox } from '../../server-mock/auth/mail.ts';
import {
  BROWSER_BASIC,
  client,
  DEMO_PASSWORD,
  signIn,
  startTestServer,
  type ApiResponse,
  type Envelope,
  type PageData,
  type TestServer,
} from './harness.ts';

type Client = ReturnType<typeof client>;

/** Each refused call reads the whole snapshot twice (some 40 calls): room for a loaded machine. */
const SLOW = 120_000;
type Rec = Record<string, unknown>;

let server: TestServer;
let clock = Date.parse('2026-03-01T08:00:00Z');
let admin: Client;
let acmeAdmin: Client;
let editor: Client;
const roles = new Map<string, number>();
const users = new Map<string, number>();
const menus = new Map<string, number>();
let orgId: number;

const ok = <T = unknown>(res: ApiResponse<Envelope<T>>): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as T;
};

async function page(c: Client, path: string, params: Record<string, string | number> = {}): Promise<Rec[]> {
  return ok<PageData>(await c.get<Envelope<PageData>>(path, { pageSize: 10000, ...params })).list;
}

async function urlIdOf(url: string): Promise<number> {
  const list = await page(admin, '/api/admin/sysurl/querySysUrl', { url });
  const row = list.find((u) => u.url === url);
  if (!row) throw new Error(`no URL ${url}`);
  return Number(row.id);
}

/** Everything these rules guard, read by the administrator. */
async function snapshot(): Promise<string> {
  const userList = await page(admin, '/api/admin/sysuser/querySysUser');
  const roleList = await page(admin, '/api/admin/sysrole/querySysRole');
  const out: Rec = {
    users: userList,
    roles: roleList,
    menus: await page(admin, '/api/admin/sysmenu/querySysMenu'),
    posts: await page(admin, '/api/admin/sysuserpost/querySysUserPost'),
  };
  for (const u of userList)
    out[`roles of ${String(u.username)}`] = ok(await admin.get<Envelope>('/api/admin/sysrole/queryRoleName', { userId: Number(u.id) }));
  for (const r of roleList) {
    out[`menus of ${String(r.roleCode)}`] = ok(
      await admin.get<Envelope>('/api/admin/sysmenu/queryMenuIdByRoleId', { roleId: Number(r.id) }),
    );
    out[`urls of ${String(r.roleCode)}`] = ok(await admin.get<Envelope>('/api/admin/sysurl/queryUrlIdByRoleId', { roleId: Number(r.id) }));
    out[`buttons of ${String(r.roleCode)}`] = ok(
      await admin.get<Envelope>('/api/admin/sysmenu/queryMenuButtonByRoleCode', { roleCode: String(r.roleCode) }),
    );
  }
  out.dataFields = ok(await admin.get<Envelope>('/api/admin/sysmenu/queryDataFieldByMenuCode', { menuCode: 'sysuser' }));
  out.acmeUsers = (await page(acmeAdmin, '/api/admin/sysuser/querySysUser')).map((u) => u.username);
  return JSON.stringify(out);
}

/** The call is refused with this status and a message matching `message`, and nothing changed. */
async function refused(run: () => Promise<ApiResponse<unknown>>, status: number, message: RegExp): Promise<Envelope> {
  const before = await snapshot();
  const res = (await run()) as ApiResponse<Envelope>;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.message).toMatch(message);
  expect(await snapshot()).toBe(before);
  return res.body;
}

const mobileGrant = (mobile: string, smsCaptcha: string) => {
  const qs = new URLSearchParams({
    grant_type: 'mobile',
    type: 'mobile',
    tenantCode: 'demo',
    mobile,
    smsCaptcha,
    scope: 'ui',
    client_id: 'browser',
  });
  return fetch(`${server.url}/api/uaa/oauth/token?${qs}`, {
    method: 'POST',
    headers: { authorization: BROWSER_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
  });
};

const role = (code: string) => roles.get(code)!;
const user = (name: string) => users.get(name)!;

async function addUser(username: string, mobile: string, roleCodes: string[]): Promise<number> {
  const added = ok<Rec>(
    await admin.post<Envelope<Rec>>('/api/admin/sysuser/addSysUser', {
      username,
      nickname: username,
      password: 'Manage@2026x',
      email: `${username}@demo.example.com`,
      prefix: '+86',
      mobile,
      orgId,
      status: 1,
    }),
  );
  const id = Number(added.id);
  users.set(username, id);
  if (roleCodes.length)
    ok(await admin.post<Envelope>('/api/admin/sysuser/authorizeRoleToUser', { userId: id, roleId: roleCodes.map(role) }));
  return id;
}

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(clock) });
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
  acmeAdmin = client(server.url, await signIn(server.url, 'acme', 'admin'));
  for (const r of await page(admin, '/api/admin/sysrole/querySysRole')) roles.set(String(r.roleCode), Number(r.id));
  for (const u of await page(admin, '/api/admin/sysuser/querySysUser')) users.set(String(u.username), Number(u.id));
  for (const m of await page(admin, '/api/admin/sysmenu/querySysMenu')) menus.set(String(m.menuCode), Number(m.id));
  orgId = Number((await page(admin, '/api/admin/sysorg/querySysOrg'))[0]!.id);

  // The editor gets every button of these pages and every URL of their calls.
  for (const menuCode of ['sysuser', 'sysrole', 'sysurl', 'datapermission', 'sysmenu']) {
    const all = ok<{ value: string }[]>(
      await admin.get<Envelope<{ value: string }[]>>('/api/admin/sysmenu/queryMenuButtonCheckbox', { menuCode }),
    );
    ok(
      await admin.post<Envelope>('/api/admin/sysmenu/authorizeMenuButtonToRole', {
        roleCode: 'ROLE_EDITOR',
        menuCode,
        buttonCode: all.map((b) => b.value),
      }),
    );
  }
  const held = ok<number[]>(await admin.get<Envelope<number[]>>('/api/admin/sysurl/queryUrlIdByRoleId', { roleId: role('ROLE_EDITOR') }));
  const wanted = (await page(admin, '/api/admin/sysurl/querySysUrl'))
    .filter((u) => /\/(sysuser|sysrole|sysurl|sysmenu|sysuserpost)\//.test(String(u.url)))
    .map((u) => Number(u.id));
  ok(
    await admin.post<Envelope>('/api/admin/sysurl/authorizeUrlToRole', {
      roleId: role('ROLE_EDITOR'),
      urlId: [...new Set([...held, ...wanted])],
    }),
  );
  editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
  // clerk holds only ROLE_EDITOR: a user the editor may manage
  await addUser('clerk', '13900000101', ['ROLE_EDITOR']);
});

afterAll(async () => {
  await server?.stop();
});

describe('account takeover by another user of the tenant', () => {
  it(
    'refuses the editor changing the administrator’s mobile, email or status, and the SMS sign-in stays the administrator’s',
    async () => {
      // the attacker's own phone, a number no user has
      const mine = '13900000999';
      await refused(
        () => editor.put('/api/admin/sysuser/updateSysUser', { id: user('admin'), mobile: mine }),
        403,
        /may not change the user "admin".*ROLE_ADMIN/,
      );
      await refused(
        () => editor.put('/api/admin/sysuser/updateSysUser', { id: user('admin'), email: 'attacker@evil.example.com' }),
        403,
        /may not change the user "admin"/,
      );
      await refused(
        () => editor.put('/api/admin/sysuser/updateSysUser', { id: user('admin'), status: 0 }),
        403,
        /may not disable the user "admin"/,
      );
      // the visitor holds ROLE_VISITOR, which the editor does not
      await refused(
        () => editor.put('/api/admin/sysuser/updateSysUser', { id: user('visitor'), nickname: 'Owned' }),
        403,
        /may not change the user "visitor".*ROLE_VISITOR/,
      );
      // no code reaches the attacker's phone, and the mobile grant finds nobody with it
      ok(await editor.get<Envelope>('/api/account/captcha/getSmsCaptcha', { mobile: mine }));
      expect(server.smsOutbox.last(mine)).toBeUndefined();
      expect((await mobileGrant(mine, '000000')).status).toBe(400);
      expect((await page(admin, '/api/admin/sysuser/querySysUser', { username: 'admin' }))[0]).toMatchObject({
        mobile: '13800000001',
        email: 'admin@demo.example.com',
        status: 1,
      });
    },
    SLOW,
  );

  it(
    'lets the editor change a user whose every role it holds',
    async () => {
      const changed = ok<Rec>(
        await editor.put<Envelope<Rec>>('/api/admin/sysuser/updateSysUser', { id: user('clerk'), mobile: '13900000102', status: 0 }),
      );
      expect(changed).toMatchObject({ mobile: '13900000102', status: 0 });
      ok(await editor.put<Envelope>('/api/admin/sysuser/updateSysUser', { id: user('clerk'), mobile: '13900000101', status: 1 }));
    },
    SLOW,
  );

  it(
    'refuses the editor deleting users with roles it does not hold',
    async () => {
      await refused(
        () => editor.post('/api/admin/sysuser/deleteSysUser', undefined, { id: user('admin') }),
        403,
        /may not delete the user "admin"/,
      );
      await refused(
        () => editor.post('/api/admin/sysuser/deleteSysUser', undefined, { id: `${user('clerk')},${user('visitor')}` }),
        403,
        /may not delete the user "visitor"/,
      );
    },
    SLOW,
  );

  it(
    'refuses the editor re-granting users or handing out roles it does not hold',
    async () => {
      await refused(
        () => editor.post('/api/admin/sysuser/authorizeRoleToUser', { userId: user('admin'), roleId: [role('ROLE_EDITOR')] }),
        403,
        /may not re-grant the user "admin"/,
      );
      await refused(
        () =>
          editor.post('/api/admin/sysuser/authorizeRoleToUser', {
            userId: user('clerk'),
            roleId: [role('ROLE_EDITOR'), role('ROLE_ADMIN')],
          }),
        403,
        /give or take the role "ROLE_ADMIN": you do not hold it/,
      );
      await refused(
        () =>
          editor.post('/api/admin/sysuser/authorizeRoleToUser', {
            userId: user('clerk'),
            roleId: [role('ROLE_EDITOR'), role('ROLE_VISITOR')],
          }),
        403,
        /"ROLE_VISITOR"/,
      );
      await refused(
        () => editor.post('/api/admin/sysrole/authorizeUserToRole', { roleId: role('ROLE_ADMIN'), userId: [user('admin'), user('clerk')] }),
        403,
        /"ROLE_ADMIN"/,
      );
      await refused(
        () =>
          editor.post('/api/admin/sysrole/authorizeUserToRole', {
            roleId: role('ROLE_EDITOR'),
            userId: [user('editor'), user('clerk'), user('visitor')],
          }),
        403,
        /may not re-grant the user "visitor"/,
      );
      // a role it holds, to and from users it may manage
      ok(await editor.post<Envelope>('/api/admin/sysrole/authorizeUserToRole', { roleId: role('ROLE_EDITOR'), userId: [user('editor')] }));
      ok(await editor.post<Envelope>('/api/admin/sysuser/authorizeRoleToUser', { userId: user('clerk'), roleId: [role('ROLE_EDITOR')] }));
    },
    SLOW,
  );

  it(
    'refuses the editor changing the posts of users it may not manage',
    async () => {
      const adminPost = (await page(admin, '/api/admin/sysuserpost/querySysUserPost', { userId: user('admin') }))[0]!;
      await refused(
        () =>
          editor.post('/api/admin/sysuserpost/addSysUserPost', { userId: user('admin'), postCode: 'storekeeper', postType: 'parttime' }),
        403,
        /may not change the posts of the user "admin"/,
      );
      await refused(
        () => editor.put('/api/admin/sysuserpost/updateSysUserPost', { id: adminPost.id, postDescription: 'moved' }),
        403,
        /"admin"/,
      );
      await refused(
        () => editor.put('/api/admin/sysuserpost/updateSysUserPost', { id: adminPost.id, userId: user('clerk') }),
        403,
        /"admin"/,
      );
      await refused(() => editor.post('/api/admin/sysuserpost/deleteSysUserPost', undefined, { id: Number(adminPost.id) }), 403, /"admin"/);
      const added = ok<Rec>(
        await editor.post<Envelope<Rec>>('/api/admin/sysuserpost/addSysUserPost', {
          userId: user('clerk'),
          postCode: 'storekeeper',
          postType: 'parttime',
        }),
      );
      // the user of a post assignment is locked on edit: naming another one changes nothing
      ok(await editor.put<Envelope>('/api/admin/sysuserpost/updateSysUserPost', { id: added.id, userId: user('admin') }));
      expect((await page(admin, '/api/admin/sysuserpost/querySysUserPost', { userId: user('admin') })).map((p) => p.id)).toEqual([
        adminPost.id,
      ]);
      ok(await editor.post<Envelope>('/api/admin/sysuserpost/deleteSysUserPost', undefined, { id: Number(added.id) }));
    },
    SLOW,
  );

  it(
    'refuses the editor signing out or copying to another tenant a user it may not manage',
    async () => {
      await refused(
        () => editor.post('/api/admin/sysuser/removePrincipal', undefined, { username: 'admin' }),
        403,
        /may not sign out the user "admin"/,
      );
      expect((await admin.get('/api/uaa/users/getSysUser')).status).toBe(200);
      await refused(
        () =>
          editor.call('POST', '/api/admin/sysuser/addSysTenantUser', {
            params: { tenantCode: 'acme', userId: user('admin') },
            body: { username: 'admin', password: DEMO_PASSWORD },
          }),
        403,
        /may not add to another tenant the user "admin"/,
      );
    },
    SLOW,
  );

  it(
    'an import of users cannot touch an existing user',
    async () => {
      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet('SysUser');
      sheet.addRow(['username', 'nickname', 'password', 'email', 'prefix', 'mobile', 'orgId', 'status']);
      sheet.addRow(['admin', 'Owned', 'Owned@2026x', 'attacker@evil.example.com', '+86', '13800000002', orgId, 0]);
      const file = Buffer.from(await wb.xlsx.writeBuffer());
      await refused(() => editor.postFile('/api/admin/sysuser/importSysUser', file), 400, /already exists/);
    },
    SLOW,
  );

  it(
    'an import of posts cannot give a post to a user the editor may not manage',
    async () => {
      const sheetOf = async (rows: unknown[][]) => {
        const wb = new ExcelJS.Workbook();
        const sheet = wb.addWorksheet('SysUserPost');
        sheet.addRow(['userId', 'postCode', 'postType']);
        for (const row of rows) sheet.addRow(row);
        return Buffer.from(await wb.xlsx.writeBuffer());
      };
      const file = await sheetOf([
        [user('clerk'), 'storekeeper', 'parttime'],
        [user('admin'), 'storekeeper', 'parttime'],
      ]);
      await refused(
        () => editor.postFile('/api/admin/sysuserpost/importSysUserPost', file),
        403,
        /may not change the posts of the user "admin"/,
      );
      const mine = await editor.postFile<Envelope<{ imported: number }>>(
        '/api/admin/sysuserpost/importSysUserPost',
        await sheetOf([[user('clerk'), 'storekeeper', 'parttime']]),
      );
      expect(mine.body.data).toEqual({ imported: 1 });
      const added = (await page(admin, '/api/admin/sysuserpost/querySysUserPost', { userId: user('clerk') })).find(
        (p) => p.postCode === 'storekeeper',
      )!;
      ok(await admin.post<Envelope>('/api/admin/sysuserpost/deleteSysUserPost', undefined, { id: Number(added.id) }));
    },
    SLOW,
  );
});

describe('the last enabled administrator', () => {
  it(
    'cannot be disabled, deleted or stripped of ROLE_ADMIN, not even by itself',
    async () => {
      const last = /keep at least one enabled user with the role ROLE_ADMIN/;
      await refused(() => admin.put('/api/admin/sysuser/updateSysUser', { id: user('admin'), status: 0 }), 409, last);
      await refused(() => admin.post('/api/admin/sysuser/deleteSysUser', undefined, { id: user('admin') }), 409, last);
      await refused(
        () => admin.post('/api/admin/sysuser/authorizeRoleToUser', { userId: user('admin'), roleId: [role('ROLE_EDITOR')] }),
        409,
        last,
      );
      await refused(() => admin.post('/api/admin/sysrole/authorizeUserToRole', { roleId: role('ROLE_ADMIN'), userId: [] }), 409, last);
      await refused(() => admin.post('/api/admin/sysrole/deleteSysRole', undefined, { id: role('ROLE_ADMIN') }), 409, last);
    },
    SLOW,
  );

  it(
    'counts only enabled administrators',
    async () => {
      const deputy = await addUser('deputy', '13900000103', ['ROLE_ADMIN']);
      // two administrators: one may be disabled
      ok(await admin.put<Envelope>('/api/admin/sysuser/updateSysUser', { id: deputy, status: 0 }));
      await refused(
        () => admin.put('/api/admin/sysuser/updateSysUser', { id: user('admin'), status: 0 }),
        409,
        /enabled user with the role ROLE_ADMIN/,
      );
      ok(await admin.put<Envelope>('/api/admin/sysuser/updateSysUser', { id: deputy, status: 1 }));
      ok(await admin.post<Envelope>('/api/admin/sysuser/authorizeRoleToUser', { userId: deputy, roleId: [] }));
      ok(await admin.post<Envelope>('/api/admin/sysuser/deleteSysUser', undefined, { id: deputy }));
    },
    SLOW,
  );
});

describe('ROLE_ADMIN manages everyone of its tenant', () => {
  it(
    'changes any user, and a changed mobile cancels the codes sent before',
    async () => {
      ok(await admin.get<Envelope>('/api/account/captcha/getSmsCaptcha', { mobile: '13800000003' }));
      const code = server.smsOutbox.last('13800000003')!;
      ok(await admin.put<Envelope>('/api/admin/sysuser/updateSysUser', { id: user('visitor'), mobile: '13900000104' }));
      ok(await admin.put<Envelope>('/api/admin/sysuser/updateSysUser', { id: user('visitor'), mobile: '13800000003' }));
      const res = await mobileGrant('13800000003', code);
      expect(res.status).toBe(400);
      clock += 61_000;
      ok(await admin.get<Envelope>('/api/account/captcha/getSmsCaptcha', { mobile: '13800000003' }));
      expect((await mobileGrant('13800000003', server.smsOutbox.last('13800000003')!)).status).toBe(200);
    },
    SLOW,
  );

  it(
    'a changed email cancels the user’s pending codes and password-reset codes too',
    async () => {
      clock += 61_000;
      ok(await admin.get<Envelope>('/api/account/captcha/getSmsCaptcha', { mobile: '13900000101' }));
      const code = server.smsOutbox.last('13900000101')!;
      // a password reset mailed to the old address
      const { key } = await issueCaptcha(server.services, 'KXRT');
      ok(
        await client(server.url).post<Envelope>('/api/account/sysuserdetail/retrievePassword', undefined, {
          tenantCode: 'demo',
          email: 'clerk@demo.example.com',
          charCaptcha: 'KXRT',
          captchaKey: key,
        }),
      );
      let mail: string | undefined;
      for (let i = 0; i < 100 && !mail; i++) {
        mail = mailOutbox(server.services).last('clerk@demo.example.com');
        if (!mail) await new Promise((r) => setTimeout(r, 10));
      }
      const resetCode = /is ([A-Z0-9-]{14}) \./.exec(mail ?? '')?.[1];
      expect(resetCode).toBeTruthy();
      ok(await admin.put<Envelope>('/api/admin/sysuser/updateSysUser', { id: user('clerk'), email: 'clerk.new@demo.example.com' }));
      expect((await mobileGrant('13900000101', code)).status).toBe(400);
      const reset = { tenantCode: 'demo', email: 'clerk@demo.example.com', code: resetCode, newPassword: 'Taken#Over77' };
      expect((await client(server.url).post<Envelope>('/api/account/sysuserdetail/resetPassword', reset)).status).toBe(400);
      expect(
        (
          await client(server.url).post<Envelope>('/api/account/sysuserdetail/resetPassword', {
            ...reset,
            email: 'clerk.new@demo.example.com',
          })
        ).status,
      ).toBe(400);
    },
    SLOW,
  );
});

describe('grants a caller does not hold', () => {
  it(
    'refuses menus, buttons and URLs the editor does not hold, and roles it does not hold',
    async () => {
      const editorMenus = ok<number[]>(
        await admin.get<Envelope<number[]>>('/api/admin/sysmenu/queryMenuIdByRoleId', { roleId: role('ROLE_EDITOR') }),
      );
      expect(editorMenus).not.toContain(menus.get('permission'));
      await refused(
        () =>
          editor.post('/api/admin/sysmenu/authorizeMenuToRole', {
            roleId: role('ROLE_EDITOR'),
            menuId: [...editorMenus, menus.get('permission')!],
          }),
        403,
        /menus you do not hold: "permission"/,
      );
      const visitorMenus = ok<number[]>(
        await admin.get<Envelope<number[]>>('/api/admin/sysmenu/queryMenuIdByRoleId', { roleId: role('ROLE_VISITOR') }),
      );
      await refused(
        () =>
          editor.post('/api/admin/sysmenu/authorizeMenuToRole', {
            roleId: role('ROLE_VISITOR'),
            menuId: [...visitorMenus, menus.get('sysuser')!],
          }),
        403,
        /"ROLE_VISITOR"/,
      );
      await refused(
        () =>
          editor.post('/api/admin/sysmenu/authorizeMenuButtonToRole', {
            roleCode: 'ROLE_EDITOR',
            menuCode: 'systenant',
            buttonCode: ['systenant:delete'],
          }),
        403,
        /buttons you do not hold: "systenant:delete"/,
      );
      await refused(
        () => editor.post('/api/admin/sysmenu/authorizeMenuButtonToRole', { roleCode: 'ROLE_ADMIN', menuCode: 'sysuser', buttonCode: [] }),
        403,
        /"ROLE_ADMIN"/,
      );
      const tenantDelete = await urlIdOf('/api/admin/systenant/deleteSysTenant');
      const editorUrls = ok<number[]>(
        await admin.get<Envelope<number[]>>('/api/admin/sysurl/queryUrlIdByRoleId', { roleId: role('ROLE_EDITOR') }),
      );
      await refused(
        () => editor.post('/api/admin/sysurl/authorizeUrlToRole', { roleId: role('ROLE_EDITOR'), urlId: [...editorUrls, tenantDelete] }),
        403,
        /URLs you do not hold: "\/api\/admin\/systenant\/deleteSysTenant"/,
      );
      await refused(
        () =>
          editor.post('/api/admin/sysurl/authorizeRoleToUrl', { urlId: tenantDelete, roleId: [role('ROLE_ADMIN'), role('ROLE_EDITOR')] }),
        403,
        /deleteSysTenant/,
      );
      const userQuery = await urlIdOf('/api/admin/sysuser/querySysUser');
      const holders = ok<number[]>(await admin.get<Envelope<number[]>>('/api/admin/sysurl/queryRoleIdByUrlId', { urlId: userQuery }));
      await refused(
        () => editor.post('/api/admin/sysurl/authorizeRoleToUrl', { urlId: userQuery, roleId: [...holders, role('ROLE_VISITOR')] }),
        403,
        /"ROLE_VISITOR"/,
      );
    },
    SLOW,
  );

  it(
    'refuses data permissions that reveal what the editor does not see, or change roles it does not hold',
    async () => {
      await refused(
        () => editor.post('/api/admin/sysmenu/authorizeMenuDataToRole', { menuCode: 'sysuser', data: [] }),
        403,
        /reveal fields hidden from you.*"address", "profile"/,
      );
      await refused(
        () => editor.post('/api/admin/sysmenu/deleteDataField', { menuCode: 'sysuser', roleCode: 'ROLE_EDITOR' }),
        403,
        /reveal/,
      );
      await refused(
        () =>
          editor.post('/api/admin/sysmenu/authorizeMenuDataToRole', {
            menuCode: 'sysuser',
            data: [
              { roleCode: 'ROLE_EDITOR', dataFields: 'address,profile' },
              { roleCode: 'ROLE_VISITOR', dataFields: 'email' },
            ],
          }),
        403,
        /"ROLE_VISITOR"/,
      );
      // hiding more from a role it holds is allowed; taking it back is not
      ok(
        await editor.post<Envelope>('/api/admin/sysmenu/authorizeMenuDataToRole', {
          menuCode: 'sysuser',
          data: [{ roleCode: 'ROLE_EDITOR', dataFields: 'address,profile,avatar' }],
        }),
      );
      await refused(
        () =>
          editor.post('/api/admin/sysmenu/authorizeMenuDataToRole', {
            menuCode: 'sysuser',
            data: [{ roleCode: 'ROLE_EDITOR', dataFields: 'address,profile' }],
          }),
        403,
        /"avatar"/,
      );
      ok(
        await admin.post<Envelope>('/api/admin/sysmenu/authorizeMenuDataToRole', {
          menuCode: 'sysuser',
          data: [{ roleCode: 'ROLE_EDITOR', dataFields: 'address,profile' }],
        }),
      );
    },
    SLOW,
  );
});

describe('the console’s own shape', () => {
  it(
    'refuses the editor disabling, hiding or deleting a menu it does not hold',
    async () => {
      const permission = menus.get('permission')!;
      await refused(
        () => editor.put('/api/admin/sysmenu/updateSysMenu', { id: permission, menuStatus: 0 }),
        403,
        /menus you do not hold: "permission"/,
      );
      await refused(() => editor.put('/api/admin/sysmenu/updateSysMenu', { id: permission, menuHidden: 1 }), 403, /"permission"/);
      await refused(() => editor.post('/api/admin/sysmenu/deleteSysMenu', undefined, { id: permission }), 403, /"permission"/);
      // a menu it holds
      ok(await editor.put<Envelope>('/api/admin/sysmenu/updateSysMenu', { id: menus.get('sysparam')!, menuHidden: 1 }));
      ok(await editor.put<Envelope>('/api/admin/sysmenu/updateSysMenu', { id: menus.get('sysparam')!, menuHidden: 0 }));
    },
    SLOW,
  );

  it(
    'refuses the editor renaming or deleting a role it does not hold',
    async () => {
      await refused(
        () => editor.put('/api/admin/sysrole/updateSysRole', { id: role('ROLE_ADMIN'), roleName: 'Nobody' }),
        403,
        /change the role "ROLE_ADMIN": you do not hold it/,
      );
      await refused(
        () => editor.post('/api/admin/sysrole/deleteSysRole', undefined, { id: role('ROLE_VISITOR') }),
        403,
        /delete the role "ROLE_VISITOR"/,
      );
      const own = ok<Rec>(
        await editor.put<Envelope<Rec>>('/api/admin/sysrole/updateSysRole', {
          id: role('ROLE_EDITOR'),
          roleDescription: 'Edited by the editor',
        }),
      );
      expect(own.roleDescription).toBe('Edited by the editor');
    },
    SLOW,
  );
});
