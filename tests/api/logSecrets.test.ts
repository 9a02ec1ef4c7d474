/**
 * No secret reaches the server log. The platform's client sends sign-in and account
 * parameters in the query string, and the server logs every request's URL: the test runs a
 * server that logs everything to a buffer, makes the calls that carry secrets (password and
 * mobile sign-in, a wrong password, an SMS code, a password change, a password reset with its
 * captcha, the code it mails and the new password set with it, calls with a bearer token), and searches the
 * whole log for each secret. SMS and mail go to providers of the test (a deployment's gateway)
 * instead of the built-in ones, whose whole purpose is to write the code to the log.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_BASIC, client, DEMO_PASSWORD, requestToken, signIn, startTestServer, type Envelope, type TestServer } from './harness.ts';
import { issueCaptcha } from '../../server-mock/auth/captcha.ts';
import type { MailProvider } from '../../server-mock/auth/mail.ts';
import type { Services } from '../../server-mock/calls/context.ts';
import { REDACTED, redactUrl } from '../../server-mock/app/logging.ts';

let server: TestServer;
let log = '';
const texts = new Map<string, string>();

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString('utf8');
      done();
    },
  });
  server = await startTestServer({ logStream: stream, env: { LOG_LEVEL: 'debug' } });
  server.services.sms = { send: async (mobile: string, code: string) => void texts.set(mobile, code) } as Services['sms'];
  const mail: MailProvider = { send: async (email, text) => void texts.set(email, text) };
  (server.services as Services & { mail?: MailProvider }).mail = mail;
});
afterAll(async () => {
  await server?.stop();
});

const TOKEN = '/api/uaa/oauth/token';

function tokenCall(params: Record<string, string>): Promise<Response> {
  const qs = new URLSearchParams({ scope: 'ui', client_id: 'browser', ...params });
  return fetch(`${server.url}${TOKEN}?${qs}`, {
    method: 'POST',
    headers: { authorization: BROWSER_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
  });
}

describe('redactUrl', () => {
  it('replaces the values of secret parameters and keeps the others', () => {
    expect(redactUrl('/api/uaa/oauth/token?username=admin&password=Demo%402026&tenantCode=demo')).toBe(
      `/api/uaa/oauth/token?username=admin&password=${REDACTED}&tenantCode=demo`,
    );
    expect(redactUrl('/x?smsCaptcha=123456&mobile=1380&newPassword=a&charCaptcha=K&captchaKey=k&code=9&resetCode=8&access_token=t')).toBe(
      `/x?smsCaptcha=${REDACTED}&mobile=1380&newPassword=${REDACTED}&charCaptcha=${REDACTED}&captchaKey=${REDACTED}&code=${REDACTED}&resetCode=${REDACTED}&access_token=${REDACTED}`,
    );
    expect(redactUrl('/x?PassWord=1&pass%77ord=2')).toBe(`/x?PassWord=${REDACTED}&pass%77ord=${REDACTED}`);
    expect(redactUrl('/api/admin/sysuser/querySysUser?currentPage=1')).toBe('/api/admin/sysuser/querySysUser?currentPage=1');
  });
});

describe('the server log', () => {
  it('holds none of the secrets sent or mailed during sign-in, SMS, password change and reset', async () => {
    const secrets: string[] = [];
    // password sign-in, then a wrong password
    const adminToken = await signIn(server.url, 'demo', 'admin');
    secrets.push(DEMO_PASSWORD, encodeURIComponent(DEMO_PASSWORD), adminToken);
    const wrong = 'Wrong-Pass-7731';
    expect((await requestToken(server.url, 'demo', 'visitor', wrong)).status).toBe(400);
    secrets.push(wrong);

    // SMS code and the mobile grant
    const mobile = '13800000002';
    expect((await client(server.url).get('/api/account/captcha/getSmsCaptcha', { mobile })).status).toBe(200);
    const code = texts.get(mobile);
    expect(code).toMatch(/^\d{6}$/);
    secrets.push(code!);
    const mobileSignIn = await tokenCall({ grant_type: 'mobile', type: 'mobile', tenantCode: 'demo', mobile, smsCaptcha: code! });
    expect(mobileSignIn.status).toBe(200);
    const editorToken = String(((await mobileSignIn.json()) as { access_token: string }).access_token);
    secrets.push(editorToken);

    // a password change: with the parameters in the query string as the platform's client
    // sends them, then in a JSON body as the console sends them
    const me = await client(server.url, editorToken).get<Envelope<{ id: number }>>('/api/uaa/users/getSysUser');
    const changed = 'Changed-Pass-5519';
    const inQuery = await fetch(
      `${server.url}/api/account/sysuserdetail/updatePassword?${new URLSearchParams({ password: DEMO_PASSWORD, newPassword: changed, id: String(me.body.data!.id) })}`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${editorToken}` },
      },
    );
    expect(inQuery.status).toBe(200);
    secrets.push(changed);
    const changedAgain = 'Changed-Pass-6620';
    expect(
      (
        await client(server.url, editorToken).put('/api/account/sysuserdetail/updatePassword', {
          password: changed,
          newPassword: changedAgain,
          id: me.body.data!.id,
        })
      ).status,
    ).toBe(200);
    secrets.push(changedAgain);

    // a password reset: the captcha's answer and key, the code mailed and the new password set with it
    const answer = 'HEXU';
    const { key } = await issueCaptcha(server.services, answer);
    const email = 'editor@demo.example.com';
    const reset = await client(server.url).post('/api/account/sysuserdetail/retrievePassword', undefined, {
      tenantCode: 'demo',
      email,
      charCaptcha: answer,
      captchaKey: key,
    });
    expect(reset.status).toBe(200);
    secrets.push(answer, key);
    // the mail is sent without being awaited (its time tells nothing): wait for it to arrive
    for (let i = 0; i < 100 && !texts.has(email); i++) await new Promise((r) => setTimeout(r, 10));
    const resetCode = /is ([A-Z0-9-]{14}) \./.exec(texts.get(email) ?? '')?.[1];
    expect(resetCode).toBeTruthy();
    const renewed = 'Renewed-Pass-8842';
    const used = await client(server.url).post('/api/account/sysuserdetail/resetPassword', {
      tenantCode: 'demo',
      email,
      code: resetCode,
      newPassword: renewed,
    });
    expect(used.status).toBe(200);
    secrets.push(resetCode!, renewed);
    expect(await signIn(server.url, 'demo', 'editor', renewed)).toBeTruthy();

    // a failing call with a token, a 404 with a secret in its query
    expect((await client(server.url, adminToken).get('/api/admin/sysuser/querySysUser', { sorter: 'nope_ascend' })).status).toBe(400);
    expect((await fetch(`${server.url}/api/no/such?password=Missing-Pass-4410`)).status).toBe(404);
    secrets.push('Missing-Pass-4410');

    // no line of the log holds a secret; the requests are there, the secrets' places marked
    for (const secret of secrets) {
      const line = log.split('\n').find((l) => l.includes(secret));
      expect(line, `a log line holds the secret ${secret}`).toBeUndefined();
    }
    expect(log).toContain(`${TOKEN}?`);
    expect(log).toContain(`password=${REDACTED}`);
    expect(log).toContain(`smsCaptcha=${REDACTED}`);
    expect(log).toContain(`newPassword=${REDACTED}`);
    expect(log).toContain(`charCaptcha=${REDACTED}`);
  });
});
