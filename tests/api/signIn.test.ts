/**
 * Sign-in and session through the real server: both grants, the SMS code's rules, lockout,
 * tenant look-up, user info, the authority menu, password change, log out, forced sign-out,
 * and forged tokens. The clock is injected so that expiry and locks are tested without waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigner } from 'fast-jwt';
import { BROWSER_BASIC, DEMO_PASSWORD, client, signIn, startTestServer, type Envelope, type TestServer } from './harness.ts';

let server: TestServer;
let clock = Date.parse('2026-11-22T08:00:00Z');
const now = () => new Date(clock);
const advance = (ms: number) => {
  clock += ms;
};

beforeAll(async () => {
  server = await startTestServer({ now, tokenSecret: 'test-secret-for-sign-in' });
});

afterAll(async () => {
  await server?.stop();
});

async function token(params: Record<string, string>, basic = BROWSER_BASIC): Promise<{ status: number; body: Record<string, unknown> }> {
  const qs = new URLSearchParams({ scope: 'ui', client_id: 'browser', ...params });
  const res = await fetch(`${server.url}/api/uaa/oauth/token?${qs}`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const password = (tenantCode: string, username: string, pw = DEMO_PASSWORD) =>
  token({ grant_type: 'password', type: 'account', tenantCode, username, password: pw });

describe('password grant', () => {
  it('answers a plain OAuth2 object', async () => {
    const res = await password('demo', 'admin');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'bearer', scope: 'ui', expires_in: 7200 });
    expect(typeof res.body.access_token).toBe('string');
    expect(typeof res.body.refresh_token).toBe('string');
  });

  it('accepts the email or mobile as the login name', async () => {
    expect((await password('demo', 'editor@demo.example.com')).status).toBe(200);
    expect((await password('demo', '13800000003')).status).toBe(200);
  });

  it('refuses a wrong password, an unknown tenant and a bad client', async () => {
    const wrong = await password('demo', 'visitor', 'nope');
    expect(wrong.status).toBe(400);
    expect(String(wrong.body.message)).toMatch(/Wrong username or password/);
    expect((await password('nowhere', 'admin')).status).toBe(400);
    const badClient = await token({ grant_type: 'password', tenantCode: 'demo', username: 'admin', password: DEMO_PASSWORD }, 'Basic ' + Buffer.from('browser:wrong').toString('base64'));
    expect(badClient.status).toBe(401);
    const noClient = await token({ grant_type: 'password', tenantCode: 'demo', username: 'admin', password: DEMO_PASSWORD }, '');
    expect(noClient.status).toBe(401);
  });

  it('does not trim the password', async () => {
    expect((await password('demo', 'admin', ` ${DEMO_PASSWORD}`)).status).toBe(400);
  });
});

describe('lockout', () => {
  it('locks after 5 failures within 15 minutes, for 15 minutes', async () => {
    const api = client(server.url);
    for (let i = 1; i <= 4; i++) {
      expect((await password('acme', 'admin', 'bad')).status).toBe(400);
      const fail = await api.get<Envelope<string>>('/api/admin/sysuser/handleFail', { username: 'admin', tenantCode: 'acme' });
      expect(fail.body.data).toContain(`${5 - i} attempt`);
      advance(60_000);
    }
    const fifth = await password('acme', 'admin', 'bad');
    expect(String(fifth.body.message)).toMatch(/locked for 15 minutes/);
    const right = await password('acme', 'admin');
    expect(right.status).toBe(423);
    expect(String(right.body.message)).toMatch(/locked/);
    const check = await api.get<Envelope<string>>('/api/admin/sysuser/handleSuccess', { username: 'admin', tenantCode: 'acme' });
    expect(check.body.data).toMatch(/locked/);
    // the other tenant's admin is another account
    expect((await password('demo', 'admin')).status).toBe(200);
    advance(15 * 60_000 + 1000);
    expect((await password('acme', 'admin')).status).toBe(200);
    const after = await api.get<Envelope<string>>('/api/admin/sysuser/handleSuccess', { username: 'admin', tenantCode: 'acme' });
    expect(after.body.data).toBe('');
  });

  it('does not lock for failures spread over more than 15 minutes', async () => {
    for (let i = 0; i < 5; i++) {
      await password('demo', 'editor', 'bad');
      advance(4 * 60_000);
    }
    expect((await password('demo', 'editor')).status).toBe(200);
  });
});

describe('mobile grant and SMS code', () => {
  it('signs in with the code the phone received', async () => {
    advance(120_000);
    const api = client(server.url);
    expect((await api.get('/api/account/captcha/getSmsCaptcha', { mobile: '13800000002' })).status).toBe(200);
    const code = server.smsOutbox.last('13800000002');
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await token({ grant_type: 'mobile', type: 'mobile', tenantCode: 'demo', mobile: '13800000002', smsCaptcha: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    const ok = await token({ grant_type: 'mobile', type: 'mobile', tenantCode: ' demo ', mobile: ' 13800000002 ', smsCaptcha: code! });
    expect(ok.status).toBe(200);
    const reused = await token({ grant_type: 'mobile', type: 'mobile', tenantCode: 'demo', mobile: '13800000002', smsCaptcha: code! });
    expect(reused.status).toBe(400);
  });

  it('sends at most one code a minute per number', async () => {
    advance(120_000);
    const api = client(server.url);
    expect((await api.get('/api/account/captcha/getSmsCaptcha', { mobile: '13800000003' })).status).toBe(200);
    const again = await api.get<Envelope>('/api/account/captcha/getSmsCaptcha', { mobile: '13800000003' });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/try again/);
    advance(61_000);
    expect((await api.get('/api/account/captcha/getSmsCaptcha', { mobile: '13800000003' })).status).toBe(200);
  });

  it('expires codes after 5 minutes', async () => {
    advance(120_000);
    await client(server.url).get('/api/account/captcha/getSmsCaptcha', { mobile: '13800000001' });
    const code = server.smsOutbox.last('13800000001')!;
    advance(5 * 60_000 + 1000);
    const res = await token({ grant_type: 'mobile', type: 'mobile', tenantCode: 'demo', mobile: '13800000001', smsCaptcha: code });
    expect(res.status).toBe(400);
    expect(String(res.body.message)).toMatch(/expired/);
  });

  it('refuses a malformed number', async () => {
    expect((await client(server.url).get('/api/account/captcha/getSmsCaptcha', { mobile: 'abc' })).status).toBe(400);
  });
});

describe('tenant look-up', () => {
  it('lists the tenants of a username, email or mobile', async () => {
    const api = client(server.url);
    const both = await api.get<Envelope<{ tenantCode: string }[]>>('/api/admin/sysuser/queryTenantUser', { userInfo: 'admin' });
    expect(both.body.data!.map((t) => t.tenantCode)).toEqual(['acme', 'demo']);
    const byEmail = await api.get<Envelope<{ tenantCode: string; tenantName: string }[]>>('/api/admin/sysuser/queryTenantUser', { userInfo: 'editor@demo.example.com' });
    expect(byEmail.body.data).toEqual([{ tenantCode: 'demo', tenantName: 'Demo Materials Co.' }]);
    const none = await api.get<Envelope>('/api/admin/sysuser/queryTenantUser', { userInfo: 'nobody' });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('There is no corresponding tenant for this user');
  });
});

describe('session calls', () => {
  it('gives user info without the password', async () => {
    const api = client(server.url, await signIn(server.url, 'demo', 'admin'));
    const res = await api.get<Envelope<Record<string, unknown>>>('/api/uaa/users/getSysUser');
    expect(res.body.data).toMatchObject({ username: 'admin', roles: ['ROLE_ADMIN'], tenantCode: 'demo', tenantName: 'Demo Materials Co.', phone: '13800000001' });
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/);
    expect((await api.post('/api/admin/sysuser/registerNewSession')).status).toBe(200);
  });

  it('gives the admin the whole menu and the visitor only the home page', async () => {
    type Authority = { status: string; currentAuthority: string[]; menu: { path: string; children?: { path: string }[] }[]; menuButton: string[] };
    const admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
    const a = await admin.post<Authority>('/api/account/sysuserdetail/queryCurrentAuthority', undefined, { username: 'admin' });
    expect(a.body.status).toBe('ok');
    expect(a.body.currentAuthority).toEqual(['ROLE_ADMIN']);
    expect(a.body.menu.map((m) => m.path)).toEqual(expect.arrayContaining(['/', '/admin', '/authority', '/permission']));
    expect(a.body.menuButton).toContain('sysuser:delete');

    const visitor = client(server.url, await signIn(server.url, 'demo', 'visitor'));
    const v = await visitor.post<Authority>('/api/account/sysuserdetail/queryCurrentAuthority', undefined, { username: 'visitor' });
    expect(v.body.menu.map((m) => m.path)).toEqual(['/']);
    expect(v.body.menu[0]!.children!.map((c) => c.path)).toContain('/workbench');
    expect(v.body.menuButton).toEqual([]);

    const editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
    const e = await editor.post<Authority>('/api/account/sysuserdetail/queryCurrentAuthority', undefined, { username: 'editor' });
    expect(e.body.menu.map((m) => m.path)).not.toContain('/permission');
    expect(e.body.menu.map((m) => m.path)).toContain('/admin');
    expect(e.body.menuButton).toContain('sysuser:add');
    expect(e.body.menuButton).not.toContain('sysuser:delete');
  });

  it('changes the password only with the old one', async () => {
    const api = client(server.url, await signIn(server.url, 'demo', 'visitor'));
    const me = await api.get<Envelope<{ id: number }>>('/api/uaa/users/getSysUser');
    const id = me.body.data!.id;
    const wrong = await api.put<Envelope>('/api/account/sysuserdetail/updatePassword', { password: 'not-it', newPassword: 'New@2026x', id });
    expect(wrong.status).toBe(400);
    const other = await api.put<Envelope>('/api/account/sysuserdetail/updatePassword', { password: DEMO_PASSWORD, newPassword: 'New@2026x', id: id + 1000 });
    expect(other.status).toBe(403);
    const tooLong = await api.put<Envelope>('/api/account/sysuserdetail/updatePassword', { password: DEMO_PASSWORD, newPassword: 'x'.repeat(32), id });
    expect(tooLong.status).toBe(400);
    const ok = await api.put<Envelope>('/api/account/sysuserdetail/updatePassword', { password: DEMO_PASSWORD, newPassword: 'New@2026x', id });
    expect(ok.body).toEqual({ status: 200, message: 'success' });
    expect((await password('demo', 'visitor')).status).toBe(400);
    expect((await password('demo', 'visitor', 'New@2026x')).status).toBe(200);
  });

  it('updates the own profile', async () => {
    const api = client(server.url, await signIn(server.url, 'demo', 'editor'));
    const res = await api.put<Envelope<Record<string, unknown>>>('/api/account/sysuserdetail/updateSysUserDetail', { nickname: 'Chief editor', address: 'Room 2' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ nickname: 'Chief editor', address: 'Room 2', username: 'editor' });
    const dup = await api.put<Envelope>('/api/account/sysuserdetail/updateSysUserDetail', { email: 'admin@demo.example.com' });
    expect(dup.status).toBe(409);
    const bad = await api.put<Envelope>('/api/account/sysuserdetail/updateSysUserDetail', { username: 'boss' });
    expect(bad.status).toBe(400);
  });
});

describe('ending sessions', () => {
  it('log out revokes the token', async () => {
    const api = client(server.url, await signIn(server.url, 'demo', 'admin'));
    expect((await api.get('/api/uaa/users/getSysUser')).status).toBe(200);
    expect((await api.post('/api/uaa/oauth/logout')).status).toBe(200);
    const after = await api.get<Envelope>('/api/uaa/users/getSysUser');
    expect(after.status).toBe(401);
    expect(after.body.status).toBe(50008);
  });

  it('a forced sign-out answers 50012, and the online list shows sessions without their token ids', async () => {
    const admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
    const editorToken = await signIn(server.url, 'demo', 'editor');
    const editor = client(server.url, editorToken);
    const online = await admin.get<Envelope<{ list: Record<string, unknown>[] }>>('/api/admin/sysuser/queryOnlineSysUser');
    expect(online.body.data!.list.map((s) => s.username)).toContain('editor');
    const jti = JSON.parse(Buffer.from(editorToken.split('.')[1]!, 'base64url').toString()).jti as string;
    expect(JSON.stringify(online.body)).not.toContain(jti);
    expect((await admin.post('/api/admin/sysuser/removePrincipal', undefined, { username: 'editor' })).status).toBe(200);
    const res = await editor.get<Envelope>('/api/uaa/users/getSysUser');
    expect(res.status).toBe(401);
    expect(res.body.status).toBe(50012);
    expect((await admin.post('/api/admin/sysuser/removePrincipal', undefined, { username: 'admin' })).status).toBe(400);
  });
});

describe('forged tokens', () => {
  async function claims(): Promise<Record<string, unknown>> {
    const t = await signIn(server.url, 'demo', 'visitor', 'New@2026x');
    return JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  }
  const call = (t: string) => client(server.url, t).get<Envelope>('/api/uaa/users/getSysUser');

  it('refuses an unsigned token', async () => {
    const c = await claims();
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(c)).toString('base64url')}.`;
    const res = await call(none);
    expect(res.status).toBe(401);
    expect(res.body.status).toBe(50008);
  });

  it('refuses a token signed with another key', async () => {
    const { iat: _i, exp: _e, ...c } = await claims();
    const res = await call(createSigner({ key: 'another-key' })(c));
    expect(res.body.status).toBe(50008);
  });

  it('refuses an edited payload', async () => {
    const t = await signIn(server.url, 'demo', 'visitor', 'New@2026x');
    const [h, p, s] = t.split('.');
    const c = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    c.roles = ['ROLE_ADMIN'];
    c.sub = 1;
    const res = await call(`${h}.${Buffer.from(JSON.stringify(c)).toString('base64url')}.${s}`);
    expect(res.body.status).toBe(50008);
  });

  it('answers 50014 to an expired token', async () => {
    const t = await signIn(server.url, 'demo', 'visitor', 'New@2026x');
    const { iat: _i, exp: _e, ...c } = JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const expired = createSigner({ key: 'test-secret-for-sign-in', expiresIn: 1000, clockTimestamp: Date.now() - 3_600_000 })(c);
    const res = await call(expired);
    expect(res.status).toBe(401);
    expect(res.body.status).toBe(50014);
  });

  it('ignores a RoleCode header naming a role the user does not have', async () => {
    const visitor = client(server.url, await signIn(server.url, 'demo', 'visitor', 'New@2026x'), { rolecode: 'ROLE_ADMIN' });
    expect((await visitor.get('/api/admin/sysrole/querySysRole')).status).toBe(403);
    const me = await visitor.get<Envelope<{ roles: string[] }>>('/api/uaa/users/getSysUser');
    expect(me.body.data!.roles).toEqual(['ROLE_VISITOR']);
  });
});
