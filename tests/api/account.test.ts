/**
 * Self-service accounts through the real server: the character captcha (image, key, check,
 * single use, expiry), password reset by a mailed single-use code (then sign-in with the new
 * password, every old session ended), and self-registration where the tenant allows it, with
 * a captcha (then sign-in; duplicates 409; bad input 400; unknown tenant).
 * Answers are known to the test by issuing keys for a chosen text with the server's own
 * services, as a person reads the image.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signIn, startTestServer, type Envelope, type TestServer } from './harness.ts';
import { issueCaptcha, CHAR_CAPTCHA_TTL_MS } from '../../server-mock/auth/captcha.ts';
import { mailOutbox } from '../../server-mock/auth/mail.ts';

let server: TestServer;
let clock = Date.parse('2026-11-22T08:00:00Z');
const now = () => new Date(clock);

beforeAll(async () => {
  server = await startTestServer({ now });
});
afterAll(async () => {
  await server?.stop();
});

const api = () => client(server.url);
const CAPTCHA = '/api/account/captcha/getCharCaptcha';
const COMPARE = '/api/account/sysuserdetail/compareCaptcha';
const RETRIEVE = '/api/account/sysuserdetail/retrievePassword';
const REGISTER = '/api/admin/sysuser/registerAccountInitial';

async function known(text = 'K7WA'): Promise<{ key: string; text: string }> {
  return { key: (await issueCaptcha(server.services, text)).key, text };
}

describe('character captcha', () => {
  it('gives an SVG image of strokes and a key, without a token', async () => {
    const res = await api().get<Envelope<{ key: string; image: string; expiresAt: string }>>(CAPTCHA);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { key, image, expiresAt } = res.body.data!;
    expect(key).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}$/);
    expect(image.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(image.split(',')[1]!, 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg [^>]*width="120" height="40"/);
    expect(svg).not.toContain('<text');
    expect(Date.parse(expiresAt) - clock).toBe(CHAR_CAPTCHA_TTL_MS);
    const other = await api().get<Envelope<{ key: string }>>(CAPTCHA);
    expect(other.body.data!.key).not.toBe(key);
  });

  it('compares case-insensitively and keeps a right answer for the call it protects', async () => {
    const { key } = await known('K7WA');
    expect((await api().post(COMPARE, undefined, { charCaptcha: 'k7wa', captchaKey: key })).status).toBe(200);
    expect((await api().post(COMPARE, undefined, { charCaptcha: ' K7WA ', captchaKey: key })).status).toBe(200);
  });

  it('spends the key on a wrong answer, so every answer cannot be tried', async () => {
    const { key } = await known('K7WA');
    const wrong = await api().post(COMPARE, undefined, { charCaptcha: 'K7WB', captchaKey: key });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The characters do not match the image');
    expect(wrong.body.errors?.[0]?.field).toBe('charCaptcha');
    const right = await api().post(COMPARE, undefined, { charCaptcha: 'K7WA', captchaKey: key });
    expect(right.status).toBe(400);
    expect(right.body.message).toMatch(/expired or were used/);
  });

  it('refuses forged, expired and missing keys', async () => {
    const { key } = await known('K7WA');
    const [exp, nonce] = key.split('.');
    const forged = `${(Number.parseInt(exp!, 36) + 60_000).toString(36)}.${nonce}.${key.split('.')[2]}`;
    expect((await api().post(COMPARE, undefined, { charCaptcha: 'K7WA', captchaKey: forged })).status).toBe(400);
    expect((await api().post(COMPARE, undefined, { charCaptcha: 'K7WA', captchaKey: 'nonsense' })).status).toBe(400);
    expect((await api().post(COMPARE, undefined, { charCaptcha: 'K7WA' })).status).toBe(400);
    expect((await api().post(COMPARE, undefined, { charCaptcha: 'K7WA', captchaKey: key, extra: 1 })).status).toBe(400);
    const late = await known('K7WA');
    clock += CHAR_CAPTCHA_TTL_MS + 1;
    const expired = await api().post(COMPARE, undefined, { charCaptcha: 'K7WA', captchaKey: late.key });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toMatch(/expired/);
  });
});

describe('password reset', () => {
  const RESET = '/api/account/sysuserdetail/resetPassword';
  const codeIn = (mail: string | undefined) => /is ([A-Z0-9-]{14}) \./.exec(mail ?? '')?.[1];

  it('mails a single-use code and changes nothing until it is used; the captcha is spent', async () => {
    const { key, text } = await known('HEXU');
    const email = 'editor@demo.example.com';
    const res = await api().post(RETRIEVE, undefined, { tenantCode: 'demo', email, charCaptcha: text.toLowerCase(), captchaKey: key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200, message: 'success' });
    const mail = mailOutbox(server.services).last(email);
    expect(mail).toMatch(/reset code for user editor of tenant demo/);
    const code = codeIn(mail)!;
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    // the password is as it was: nothing happened to the account yet
    expect(await signIn(server.url, 'demo', 'editor')).toBeTruthy();
    const again = await api().post(RETRIEVE, undefined, { tenantCode: 'demo', email, charCaptcha: text, captchaKey: key });
    expect(again.status).toBe(400);
  });

  it('sets the new password with the code once, and ends every session of the user', async () => {
    clock += 2 * 60_000;
    const email = 'visitor@demo.example.com';
    const session = await signIn(server.url, 'demo', 'visitor');
    expect((await client(server.url, session).get('/api/uaa/users/getSysUser')).status).toBe(200);
    const { key, text } = await known('MNPR');
    await api().post(RETRIEVE, undefined, { tenantCode: 'demo', email, charCaptcha: text, captchaKey: key });
    const code = codeIn(mailOutbox(server.services).last(email))!;
    const done = await api().post(RESET, { tenantCode: 'demo', email, code: code.toLowerCase(), newPassword: 'Fresh#Start9' });
    expect(done.status).toBe(200);
    expect((await client(server.url, session).get('/api/uaa/users/getSysUser')).status).toBe(401);
    await expect(signIn(server.url, 'demo', 'visitor')).rejects.toThrow();
    expect(await signIn(server.url, 'demo', 'visitor', 'Fresh#Start9')).toBeTruthy();
    const twice = await api().post(RESET, { tenantCode: 'demo', email, code, newPassword: 'Other#Start9' });
    expect(twice.status).toBe(400);
    expect(twice.body.errors?.[0]?.field).toBe('code');
    expect(await signIn(server.url, 'demo', 'visitor', 'Fresh#Start9')).toBeTruthy();
  });

  it('voids a code after it expires, after a newer one is sent, and after 5 wrong tries', async () => {
    const email = 'admin@acme.example.com';
    const request = async (text: string) => {
      clock += 2 * 60_000;
      const { key } = await known(text);
      await api().post(RETRIEVE, undefined, { tenantCode: 'acme', email, charCaptcha: text, captchaKey: key });
      return codeIn(mailOutbox(server.services).last(email))!;
    };
    const reset = (code: string) => api().post(RESET, { tenantCode: 'acme', email, code, newPassword: 'Fresh#Start9' });
    const expired = await request('AAAA');
    clock += 30 * 60_000 + 1;
    expect((await reset(expired)).status).toBe(400);
    const older = await request('CCCC');
    const newer = await request('EEEE');
    expect((await reset(older)).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await reset('WRON-GWRO-NGXX')).status).toBe(400);
    expect((await reset(newer)).status).toBe(400);
    expect(await signIn(server.url, 'acme', 'admin')).toBeTruthy();
  });

  it('mails at most one code a minute per account, answering alike', async () => {
    clock += 2 * 60_000;
    const email = 'admin@demo.example.com';
    const first = await known('FFFF');
    await api().post(RETRIEVE, undefined, { tenantCode: 'demo', email, charCaptcha: 'FFFF', captchaKey: first.key });
    const mailed = mailOutbox(server.services).last(email);
    const second = await known('HHHH');
    const res = await api().post(RETRIEVE, undefined, { tenantCode: 'demo', email, charCaptcha: 'HHHH', captchaKey: second.key });
    expect(res.body).toEqual({ status: 200, message: 'success' });
    expect(mailOutbox(server.services).last(email)).toBe(mailed);
  });

  it('answers the same when no user of the tenant has the email, and mails nothing', async () => {
    const { key, text } = await known('ACME');
    const res = await api().post(RETRIEVE, undefined, {
      tenantCode: 'acme',
      email: 'editor@demo.example.com',
      charCaptcha: text,
      captchaKey: key,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200, message: 'success' });
    const none = await known('ACME');
    const nobody = await api().post(RETRIEVE, undefined, {
      tenantCode: 'demo',
      email: 'nobody@demo.example.com',
      charCaptcha: text,
      captchaKey: none.key,
    });
    expect(nobody.body).toEqual({ status: 200, message: 'success' });
    expect(mailOutbox(server.services).last('nobody@demo.example.com')).toBeUndefined();
    const reset = await api().post(RESET, {
      tenantCode: 'demo',
      email: 'nobody@demo.example.com',
      code: 'AAAA-BBBB-CCCC',
      newPassword: 'Fresh#Start9',
    });
    const wrong = await api().post(RESET, {
      tenantCode: 'demo',
      email: 'editor@demo.example.com',
      code: 'AAAA-BBBB-CCCC',
      newPassword: 'Fresh#Start9',
    });
    expect(reset.status).toBe(400);
    expect(reset.body).toEqual(wrong.body);
  });

  it('needs a right captcha and a valid email', async () => {
    const { key } = await known('TRAP');
    const wrong = await api().post(RETRIEVE, undefined, {
      tenantCode: 'demo',
      email: 'admin@demo.example.com',
      charCaptcha: 'PART',
      captchaKey: key,
    });
    expect(wrong.status).toBe(400);
    const fresh = await known('TRAP');
    const bad = await api().post(RETRIEVE, undefined, {
      tenantCode: 'demo',
      email: 'not-an-email',
      charCaptcha: 'TRAP',
      captchaKey: fresh.key,
    });
    expect(bad.status).toBe(400);
    expect(await signIn(server.url, 'demo', 'admin')).toBeTruthy();
  });
});

describe('register', () => {
  const base = {
    tenantCode: 'demo',
    username: 'newcomer',
    password: 'Secret@123',
    email: 'newcomer@demo.example.com',
    prefix: '+86',
    mobile: '13900000009',
    nickname: 'Newcomer',
  };
  /** The form with a fresh right captcha. */
  const withCaptcha = async (body: Record<string, unknown>) => ({ ...body, charCaptcha: 'RNVW', captchaKey: (await known('RNVW')).key });
  const register = async (body: Record<string, unknown>) =>
    api().post<Envelope<{ id: number; username: string }>>(REGISTER, await withCaptcha(body));
  const form = base;

  it('refuses registration in a tenant that has not turned it on (the default)', async () => {
    const res = await register(form);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/does not accept registrations/);
    expect(res.body.errors?.[0]?.field).toBe('tenantCode');
    await expect(signIn(server.url, 'demo', 'newcomer', 'Secret@123')).rejects.toThrow();
    for (const tenantCode of ['demo', 'acme']) {
      const admin = client(server.url, await signIn(server.url, tenantCode, 'admin'));
      const added = await admin.post('/api/admin/sysparam/addSysParam', {
        paramName: 'Self-registration',
        paramKey: 'account.selfRegistration',
        paramValue: 'true',
      });
      expect(added.status).toBe(200);
    }
  });

  it('needs a right captcha, and spends it', async () => {
    const wrong = await api().post(REGISTER, { ...form, charCaptcha: 'XXXX', captchaKey: (await known('RNVW')).key });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.[0]?.field).toBe('charCaptcha');
    expect((await api().post(REGISTER, form)).status).toBe(400);
    const once = await withCaptcha({ ...form, username: 'twice1', email: 'twice1@x.example.com', mobile: '13900000031' });
    expect((await api().post(REGISTER, once)).status).toBe(200);
    expect((await api().post(REGISTER, { ...once, username: 'twice2', email: 'twice2@x.example.com', mobile: '13900000032' })).status).toBe(
      400,
    );
  });

  it('creates an enabled visitor under the top organisation who can sign in', async () => {
    const res = await register(form);
    expect(res.status).toBe(200);
    expect(res.body.data?.username).toBe('newcomer');
    const token = await signIn(server.url, 'demo', 'newcomer', 'Secret@123');
    const me = await client(server.url, token).get<Envelope<{ roles: string[]; nickname: string; orgId: number; email: string }>>(
      '/api/uaa/users/getSysUser',
    );
    expect(me.body.data?.roles).toEqual(['ROLE_VISITOR']);
    expect(me.body.data?.nickname).toBe('Newcomer');
    const admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
    const orgs = await admin.get<Envelope<{ list: { id: number; orgParent: number }[] }>>('/api/admin/sysorg/querySysOrg', {
      currentPage: 1,
      pageSize: 10000,
    });
    const top = orgs.body.data!.list.filter((o) => Number(o.orgParent) === 0).map((o) => o.id);
    expect(top).toContain(me.body.data?.orgId);
    const users = await admin.get<Envelope<{ list: { username: string; status: number }[] }>>('/api/admin/sysuser/querySysUser', {
      username: 'newcomer',
      currentPage: 1,
      pageSize: 10,
    });
    expect(users.body.data?.list.find((u) => u.username === 'newcomer')?.status).toBe(1);
  });

  it('refuses duplicates with 409 (username, email, mobile), in the tenant only', async () => {
    for (const clash of [
      {},
      { username: 'other1', email: 'other1@x.example.com' },
      { username: 'other2', mobile: '13900000010' },
      { email: 'x2@x.example.com', mobile: '13900000011' },
    ]) {
      const res = await register({ ...form, ...clash });
      expect(res.status, JSON.stringify(clash)).toBe(409);
    }
    const elsewhere = await register({ ...form, tenantCode: 'acme' });
    expect(elsewhere.status).toBe(200);
  });

  it('refuses bad input with 400 and unknown tenants', async () => {
    const cases: Record<string, unknown>[] = [
      { ...form, username: 'ab' },
      { ...form, username: 'has space' },
      { ...form, password: '12345' },
      { ...form, password: 'x'.repeat(32) },
      { ...form, email: 'nope' },
      { ...form, mobile: '12ab' },
      { ...form, prefix: '86' },
      { ...form, tenantCode: '' },
      { ...form, status: 0 },
      { tenantCode: 'demo', username: 'lonely' },
    ];
    for (const body of cases) {
      const res = await register({
        ...body,
        username: body.username ?? 'someone',
        email: body.email ?? 'someone@x.example.com',
        mobile: body.mobile ?? '13900000099',
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await register({ ...form, tenantCode: 'no-such-tenant', username: 'someone' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/Unknown tenant/);
  });
});
