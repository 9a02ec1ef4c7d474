/**
 * Sign-in through the real server: the OAuth2 token call (password and mobile grants, app
 * clients, scopes), the lockout, the SMS code's rules, the public calls around sign-in, and
 * forged tokens. The server's clock is injected so that locks and codes expire without waiting.
 * Every answer is kept and checked at the end for password hashes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigner } from 'fast-jwt';
import { BROWSER_BASIC, DEMO_PASSWORD, startTestServer, type TestServer } from './harness.ts';

const TOKEN_SECRET = 'auth-test-secret';
const MINUTE = 60_000;

let server: TestServer;
let clock = Date.now();
const advance = (ms: number) => {
  clock += ms;
};

/** Every response body seen, for the final scan. */
const seen: string[] = [];

type Body = Record<string, unknown> & { status?: unknown; code?: unknown; message?: string; data?: unknown };
interface Answer {
  status: number;
  body: Body;
}

async function call(
  method: string,
  path: string,
  options: {
    token?: string;
    params?: Record<string, string | number>;
    json?: unknown;
    form?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const qs = options.params ? `?${new URLSearchParams(Object.entries(options.params).map(([k, v]) => [k, String(v)]))}` : '';
  const res = await fetch(`${server.url}${path}${qs}`, { method, headers, body });
  const text = await res.text();
  seen.push(text);
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Body };
}

/** The token call as the console makes it: parameters in the query string, a form content type. */
function tokenCall(params: Record<string, string>, basic: string | undefined = BROWSER_BASIC): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (basic !== undefined) headers.authorization = basic;
  return call('POST', '/api/uaa/oauth/token', { params: { scope: 'ui', client_id: 'browser', ...params }, headers });
}

const passwordGrant = (tenantCode: string, username: string, password = DEMO_PASSWORD, basic?: string) =>
  tokenCall({ grant_type: 'password', type: 'account', tenantCode, username, password }, basic);

const mobileGrant = (tenantCode: string, mobile: string, smsCaptcha: string) =>
  tokenCall({ grant_type: 'mobile', type: 'mobile', tenantCode, mobile, smsCaptcha });

async function signIn(tenantCode: string, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await passwordGrant(tenantCode, username, password);
  if (res.status !== 200) throw new Error(`sign-in of ${tenantCode}/${username}: ${res.status} ${res.body.message}`);
  return String(res.body.access_token);
}

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
const basicOf = (code: string, secret: string) => `Basic ${Buffer.from(`${code}:${secret}`).toString('base64')}`;
const requestCode = (mobile: string) => call('GET', '/api/account/captcha/getSmsCaptcha', { params: { mobile } });
const handleFail = (username: string, tenantCode: string) =>
  call('GET', '/api/admin/sysuser/handleFail', { params: { username, tenantCode } });
const handleSuccess = (username: string, tenantCode: string) =>
  call('GET', '/api/admin/sysuser/handleSuccess', { params: { username, tenantCode } });
const me = (token: string, headers?: Record<string, string>) => call('GET', '/api/uaa/users/getSysUser', { token, headers });

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(clock), tokenSecret: TOKEN_SECRET });
});

afterAll(async () => {
  await server?.stop();
});

describe('password grant', () => {
  it.each([
    ['admin', ['ROLE_ADMIN']],
    ['editor', ['ROLE_EDITOR']],
    ['visitor', ['ROLE_VISITOR']],
  ])('signs in %s with a plain OAuth2 answer and a token naming user, tenant and roles', async (username, roles) => {
    const res = await passwordGrant('demo', username);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type']);
    expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: 7200, scope: 'ui' });
    const claims = claimsOf(String(res.body.access_token));
    expect(claims).toMatchObject({ username, tenantCode: 'demo', roles, clientCode: 'browser' });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(7200);
    expect((await me(String(res.body.access_token))).status).toBe(200);
  });

  it('reads the parameters from a form body too', async () => {
    // (grant_type stays in the query string: the call's query schema requires it there)
    const res = await call('POST', '/api/uaa/oauth/token', {
      headers: { authorization: BROWSER_BASIC },
      params: { grant_type: 'password' },
      form: { tenantCode: 'acme', username: 'admin', password: DEMO_PASSWORD, scope: 'ui' },
    });
    expect(res.status).toBe(200);
    expect(claimsOf(String(res.body.access_token)).tenantCode).toBe('acme');
  });

  it('takes the email or the mobile as the login name, and trims it but not the password', async () => {
    expect((await passwordGrant('demo', 'editor@demo.example.com')).status).toBe(200);
    expect(claimsOf(String((await passwordGrant('demo', ' 13800000003 ')).body.access_token)).username).toBe('visitor');
    const padded = await passwordGrant('demo', 'visitor', `${DEMO_PASSWORD} `);
    expect(padded.status).toBe(400);
  });

  it('answers a wrong password and an unknown name alike', async () => {
    const wrong = await passwordGrant('demo', 'editor', 'not-the-password');
    const unknown = await passwordGrant('demo', 'no-such-user', 'not-the-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ status: 400, code: 400 });
    expect(wrong.body.message).toMatch(/^Wrong username or password/);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body.message).toBe(wrong.body.message);
    // a success clears the failures
    expect((await passwordGrant('demo', 'editor')).status).toBe(200);
    expect((await handleFail('editor', 'demo')).body.data).toBe('Wrong username or password');
  });

  it('refuses an unknown tenant, a missing grant type and a grant it does not offer', async () => {
    const tenant = await passwordGrant('nowhere', 'admin');
    expect(tenant.status).toBe(400);
    expect(tenant.body.message).toMatch(/Unknown tenant/);
    expect((await tokenCall({ tenantCode: 'demo', username: 'admin', password: DEMO_PASSWORD })).status).toBe(400);
    const refresh = await tokenCall({ grant_type: 'client_credentials', tenantCode: 'demo' });
    expect(refresh.status).toBe(400);
    expect(refresh.body.message).toMatch(/grant/);
  });

  it('refuses a scope the client does not have', async () => {
    const res = await tokenCall({ grant_type: 'password', tenantCode: 'demo', username: 'admin', password: DEMO_PASSWORD, scope: 'admin' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/scope/);
  });
});

describe('app clients', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await signIn('demo', 'admin');
    const added = await call('POST', '/api/uaa/appclient/addAppClient', {
      token: adminToken,
      json: {
        clientCode: 'cli',
        clientSecret: 'Cli-secret-1',
        authType: 'password',
        authScope: 'ui',
        tokenSeconds: 600,
        refreshSeconds: 600,
        fallbackUrl: 'http://localhost:8080/',
        clientDescription: 'A command-line client',
      },
    });
    expect(added.status).toBe(200);
  });

  it('needs a Basic header naming a client of the tenant with its secret', async () => {
    expect((await passwordGrant('demo', 'admin', DEMO_PASSWORD, undefined)).status).toBe(200);
    expect((await passwordGrant('demo', 'admin', DEMO_PASSWORD, '')).status).toBe(401);
    expect((await passwordGrant('demo', 'admin', DEMO_PASSWORD, 'Bearer x')).status).toBe(401);
    expect((await passwordGrant('demo', 'admin', DEMO_PASSWORD, basicOf('nobody', ''))).status).toBe(401);
    expect((await passwordGrant('demo', 'admin', DEMO_PASSWORD, basicOf('browser', 'something'))).status).toBe(401);
    expect((await passwordGrant('demo', 'admin', DEMO_PASSWORD, basicOf('cli', 'wrong'))).status).toBe(401);
    // an empty secret only for a client whose secret is empty
    expect((await passwordGrant('demo', 'admin', DEMO_PASSWORD, basicOf('cli', ''))).status).toBe(401);
    // the client belongs to demo, not to acme
    expect((await passwordGrant('acme', 'admin', DEMO_PASSWORD, basicOf('cli', 'Cli-secret-1'))).status).toBe(401);
  });

  it("gives the client's token lifetime and refuses the grants it does not allow", async () => {
    const res = await passwordGrant('demo', 'admin', DEMO_PASSWORD, basicOf('cli', 'Cli-secret-1'));
    expect(res.status).toBe(200);
    expect(res.body.expires_in).toBe(600);
    const claims = claimsOf(String(res.body.access_token));
    expect(Number(claims.exp) - Number(claims.iat)).toBe(600);
    expect(claims.clientCode).toBe('cli');
    const mobile = await tokenCall(
      { grant_type: 'mobile', tenantCode: 'demo', mobile: '13800000001', smsCaptcha: '123456' },
      basicOf('cli', 'Cli-secret-1'),
    );
    expect(mobile.status).toBe(400);
    expect(mobile.body.message).toMatch(/mobile grant/);
  });
});

describe('lockout', () => {
  it('locks after 5 failures within 15 minutes, for 15 minutes, whatever the login name', async () => {
    for (let i = 1; i <= 4; i++) {
      const res = await passwordGrant('acme', 'admin', `bad-${i}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(`${5 - i} attempt`);
      // handleFail reports and records nothing: asking twice changes nothing
      expect((await handleFail('admin', 'acme')).body.data).toContain(`${5 - i} attempt`);
      expect((await handleFail('admin', 'acme')).body.data).toContain(`${5 - i} attempt`);
      expect((await handleSuccess('admin', 'acme')).body.data).toBe('');
      advance(2 * MINUTE);
    }
    const fifth = await passwordGrant('acme', 'admin', 'bad-5');
    expect(fifth.body.message).toBe('The account is locked for 15 minutes after 5 failed sign-ins; try again in 15 minutes');

    // even the right password, by username, email or mobile
    for (const login of ['admin', 'admin@acme.example.com', '13800000001']) {
      const right = await passwordGrant('acme', login);
      expect(right.status).toBe(423);
      expect(right.body.message).toMatch(/locked/);
      expect(right.body.access_token).toBeUndefined();
    }
    expect((await handleSuccess('admin', 'acme')).body.data).toMatch(/^The account is locked/);
    expect((await handleSuccess('admin@acme.example.com', 'acme')).body.data).toMatch(/^The account is locked/);
    expect((await handleFail('admin', 'acme')).body.data).toMatch(/^The account is locked/);

    // the lock is per account: demo's admin is another one
    expect((await passwordGrant('demo', 'admin')).status).toBe(200);

    advance(10 * MINUTE);
    expect((await passwordGrant('acme', 'admin')).body.message).toMatch(/try again in 5 minutes$/);
    advance(5 * MINUTE + 1000);
    expect((await handleSuccess('admin', 'acme')).body.data).toBe('');
    expect((await passwordGrant('acme', 'admin')).status).toBe(200);
    // the success cleared the failures
    expect((await passwordGrant('acme', 'admin', 'bad-again')).body.message).toContain('4 attempts left');
    expect((await passwordGrant('acme', 'admin')).status).toBe(200);
  });

  it('does not lock for failures spread over more than 15 minutes', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await passwordGrant('demo', 'visitor', 'bad')).status).toBe(400);
      advance(4 * MINUTE);
    }
    expect((await passwordGrant('demo', 'visitor')).status).toBe(200);
  });

  it('locks an unknown name like a known one', async () => {
    for (let i = 0; i < 5; i++) await passwordGrant('demo', 'ghost', 'bad');
    const res = await passwordGrant('demo', 'ghost', 'bad');
    expect(res.status).toBe(423);
    expect(res.body.message).toMatch(/^The account is locked/);
    advance(16 * MINUTE);
  });
});

describe('SMS code and mobile grant', () => {
  it('sends a 6-digit code the mobile grant accepts once', async () => {
    expect((await requestCode('13800000002')).body).toEqual({ status: 200, message: 'success' });
    const code = server.smsOutbox.last('13800000002')!;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await mobileGrant('demo', '13800000002', code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The SMS code is wrong or has expired');
    const ok = await mobileGrant(' demo ', ' 13800000002 ', ` ${code} `);
    expect(ok.status).toBe(200);
    expect(claimsOf(String(ok.body.access_token))).toMatchObject({ username: 'editor', tenantCode: 'demo', roles: ['ROLE_EDITOR'] });
    expect((await mobileGrant('demo', '13800000002', code)).status).toBe(400);
  });

  it("signs in to the tenant asked for: one number, two tenants' admins", async () => {
    advance(2 * MINUTE);
    await requestCode('13800000001');
    const res = await mobileGrant('acme', '13800000001', server.smsOutbox.last('13800000001')!);
    expect(res.status).toBe(200);
    expect(claimsOf(String(res.body.access_token))).toMatchObject({ username: 'admin', tenantCode: 'acme' });
  });

  it('sends at most one code a minute per number', async () => {
    advance(2 * MINUTE);
    expect((await requestCode('13800000003')).status).toBe(200);
    advance(20_000);
    const again = await requestCode('13800000003');
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ status: 429, code: 429 });
    expect(again.body.message).toMatch(/try again in 40 seconds/);
    advance(40_000);
    expect((await requestCode('13800000003')).status).toBe(200);
  });

  it('expires a code after 5 minutes', async () => {
    advance(2 * MINUTE);
    await requestCode('13800000003');
    const code = server.smsOutbox.last('13800000003')!;
    advance(5 * MINUTE + 1000);
    const res = await mobileGrant('demo', '13800000003', code);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/expired/);
  });

  it('counts wrong codes per number across codes: 5 within 15 minutes void the live code, and a new code gives no new tries', async () => {
    advance(2 * MINUTE);
    await requestCode('13800000003');
    const first = server.smsOutbox.last('13800000003')!;
    const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 3; i++) expect((await mobileGrant('demo', '13800000003', wrongFor(first))).status).toBe(400);
    advance(MINUTE);
    await requestCode('13800000003');
    const second = server.smsOutbox.last('13800000003')!;
    for (let i = 0; i < 2; i++) expect((await mobileGrant('demo', '13800000003', wrongFor(second))).status).toBe(400);
    const right = await mobileGrant('demo', '13800000003', second);
    expect(right.status).toBe(400);
    expect(right.body.message).toMatch(/too many wrong codes/);
    // the count of wrong codes is not readable through the sign-in checks
    expect((await handleFail('sms:13800000003', '')).body.data).toBe('Wrong username or password');
    // a code sent within the window does not help either
    advance(MINUTE);
    await requestCode('13800000003');
    expect((await mobileGrant('demo', '13800000003', server.smsOutbox.last('13800000003')!)).status).toBe(400);
    advance(15 * MINUTE);
    await requestCode('13800000003');
    expect((await mobileGrant('demo', '13800000003', server.smsOutbox.last('13800000003')!)).status).toBe(200);
  });

  it('keeps one live code per number: a newer code voids the older one', async () => {
    advance(2 * MINUTE);
    await requestCode('13800000003');
    const older = server.smsOutbox.last('13800000003')!;
    advance(MINUTE);
    await requestCode('13800000003');
    const newer = server.smsOutbox.last('13800000003')!;
    if (newer !== older) {
      const res = await mobileGrant('demo', '13800000003', older);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The SMS code is wrong or has expired');
    }
    expect((await mobileGrant('demo', '13800000003', newer)).status).toBe(200);
  });

  it('answers a number of no user like any other, and sends it nothing', async () => {
    const first = await requestCode('19900000000');
    expect(first.body).toEqual({ status: 200, message: 'success' });
    expect(server.smsOutbox.last('19900000000')).toBeUndefined();
    expect((await requestCode('19900000000')).status).toBe(429);
  });

  it('refuses a malformed number', async () => {
    expect((await requestCode('abc')).status).toBe(400);
    expect((await call('GET', '/api/account/captcha/getSmsCaptcha')).status).toBe(400);
  });

  it('lets the right SMS code sign in a locked account, and lifts the lock', async () => {
    advance(2 * MINUTE);
    for (let i = 0; i < 5; i++) await passwordGrant('demo', 'editor', 'bad');
    expect((await passwordGrant('demo', 'editor')).status).toBe(423);
    await requestCode('13800000002');
    const res = await mobileGrant('demo', '13800000002', server.smsOutbox.last('13800000002')!);
    expect(res.status).toBe(200);
    // the console's lock check after a mobile sign-in (with the mobile) finds no lock
    expect((await handleSuccess('13800000002', 'demo')).body.data).toBe('');
    expect((await passwordGrant('demo', 'editor')).status).toBe(200);
  });
});

describe('tenant look-up', () => {
  it('lists the tenants of a username, an email or a mobile', async () => {
    const tenants = async (userInfo: string) =>
      (await call('GET', '/api/admin/sysuser/queryTenantUser', { params: { userInfo } })).body.data;
    expect(await tenants('admin')).toEqual([
      { tenantCode: 'acme', tenantName: 'Acme Construction' },
      { tenantCode: 'demo', tenantName: 'Demo Materials Co.' },
    ]);
    expect(await tenants('13800000001')).toHaveLength(2);
    expect(await tenants('visitor@demo.example.com')).toEqual([{ tenantCode: 'demo', tenantName: 'Demo Materials Co.' }]);
  });

  it('answers a name of no user with the same status and shape, an empty list', async () => {
    const known = await call('GET', '/api/admin/sysuser/queryTenantUser', { params: { userInfo: 'editor' } });
    const none = await call('GET', '/api/admin/sysuser/queryTenantUser', { params: { userInfo: 'nobody' } });
    expect(none.status).toBe(known.status);
    expect(none.body).toEqual({ status: 200, message: 'success', data: [] });
    expect(Object.keys(none.body).sort()).toEqual(Object.keys(known.body).sort());
  });
});

describe('tokens', () => {
  const payloadOf = async () => {
    const { iat: _iat, exp: _exp, ...rest } = claimsOf(await signIn('demo', 'visitor'));
    return rest;
  };
  const expect401 = async (token: string | undefined, status: number) => {
    const res = await call('GET', '/api/uaa/users/getSysUser', { token });
    expect(res.status).toBe(401);
    expect(res.body.status).toBe(status);
    expect(res.body.code).toBe(status);
  };

  it('refuses a missing or malformed token with 50008', async () => {
    await expect401(undefined, 50008);
    await expect401('not-a-token', 50008);
    const res = await call('GET', '/api/uaa/users/getSysUser', { headers: { authorization: 'Basic YnJvd3Nlcjo=' } });
    expect(res.body.status).toBe(50008);
  });

  it('refuses an unsigned token (alg none)', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ ...(await payloadOf()), exp: Math.floor(Date.now() / 1000) + 600 })).toString('base64url');
    await expect401(`${header}.${body}.`, 50008);
  });

  it('refuses a token signed with another key', async () => {
    await expect401(createSigner({ key: 'another-key', expiresIn: 600_000 })(await payloadOf()), 50008);
  });

  it('refuses an edited payload', async () => {
    const token = await signIn('demo', 'visitor');
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    claims.roles = ['ROLE_ADMIN'];
    claims.username = 'admin';
    await expect401(`${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`, 50008);
  });

  it('answers 50014 to an expired token', async () => {
    const expired = createSigner({ key: TOKEN_SECRET, expiresIn: 1000, clockTimestamp: Date.now() - 60 * MINUTE })(await payloadOf());
    await expect401(expired, 50014);
  });

  it('refuses a well-signed token whose session does not exist', async () => {
    const forged = createSigner({ key: TOKEN_SECRET, expiresIn: 600_000 })({ ...(await payloadOf()), jti: 'no-such-session' });
    await expect401(forged, 50008);
  });

  it('lets a RoleCode header narrow the roles, never widen them', async () => {
    const visitor = await signIn('demo', 'visitor');
    expect((await call('GET', '/api/admin/sysrole/querySysRole', { token: visitor, headers: { rolecode: 'ROLE_ADMIN' } })).status).toBe(
      403,
    );
    expect((await me(visitor, { rolecode: 'ROLE_ADMIN' })).body.data).toMatchObject({ roles: ['ROLE_VISITOR'] });
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
