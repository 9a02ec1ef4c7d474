/**
 * Per-address (IP) rate limits of the public sign-in and account calls (@fastify/rate-limit,
 * server-mock/auth/rateLimits.ts), on a server started with small limits so that a test needs
 * only a few calls: every call here comes from 127.0.0.1. The limits count calls within their
 * window; each test makes its calls in a row, well within the window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, requestToken, startTestServer, type Envelope, type TestServer } from './harness.ts';
import { configFromEnv } from '../../server-mock/config/config.ts';
import { issueCaptcha } from '../../server-mock/auth/captcha.ts';

const SIGN_IN = 6;
const SMS = 3;
const ACCOUNT = 4;

let server: TestServer;
const clock = Date.parse('2026-11-22T08:00:00Z');

beforeAll(async () => {
  server = await startTestServer({
    now: () => new Date(clock),
    env: { SIGN_IN_RATE_LIMIT: String(SIGN_IN), SMS_RATE_LIMIT: String(SMS), ACCOUNT_RATE_LIMIT: String(ACCOUNT) },
  });
});
afterAll(async () => {
  await server?.stop();
});

const api = () => client(server.url);
const locked = async (tenantCode: string, username: string) =>
  String((await api().get<Envelope<string>>('/api/admin/sysuser/handleSuccess', { username, tenantCode })).body.data ?? '') !== '';

describe('rate limits per address', () => {
  it('has defaults: 60 token calls a minute, 10 SMS codes an hour, 30 account calls a quarter of an hour', () => {
    const config = configFromEnv({});
    expect([config.signInRateLimit, config.smsRateLimit, config.accountRateLimit]).toEqual([60, 10, 30]);
    expect(() => configFromEnv({ SIGN_IN_RATE_LIMIT: '0' })).toThrow(/at least 1/);
  });

  it('keeps one address from locking more than one account a minute with wrong passwords', async () => {
    for (let i = 0; i < 5; i++) expect((await requestToken(server.url, 'demo', 'editor', 'wrong')).status).not.toBe(429);
    expect(await locked('demo', 'editor')).toBe(true);
    // the sixth call of the minute may still be tried; the seventh is refused before any password is looked at
    await requestToken(server.url, 'demo', 'visitor', 'wrong');
    const refused = await requestToken(server.url, 'demo', 'visitor', 'wrong');
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as Envelope;
    expect(body).toMatchObject({ status: 429, code: 429 });
    expect(body.message).toMatch(/Too many requests from this address/);
    for (let i = 0; i < 5; i++) expect((await requestToken(server.url, 'demo', 'visitor', 'wrong')).status).toBe(429);
    expect(await locked('demo', 'visitor')).toBe(false);
    // calls without a limit are not affected
    expect((await api().get('/api/admin/sysuser/handleFail', { username: 'visitor', tenantCode: 'demo' })).status).toBe(200);
  });

  it('limits the SMS codes one address may request, whatever the numbers', async () => {
    for (let i = 0; i < SMS; i++)
      expect((await api().get('/api/account/captcha/getSmsCaptcha', { mobile: `1370000000${i}` })).status).toBe(200);
    const refused = await api().get<Envelope>('/api/account/captcha/getSmsCaptcha', { mobile: '13700000009' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many requests from this address/);
  });

  it('limits the reset requests of one address, whatever the captcha', async () => {
    for (let i = 0; i < ACCOUNT; i++) {
      const key = (await issueCaptcha(server.services, 'KEYW')).key;
      const res = await api().post('/api/account/sysuserdetail/retrievePassword', undefined, {
        tenantCode: 'demo',
        email: `x${i}@demo.example.com`,
        charCaptcha: 'KEYW',
        captchaKey: key,
      });
      expect(res.status).toBe(200);
    }
    const key = (await issueCaptcha(server.services, 'KEYW')).key;
    const refused = await api().post('/api/account/sysuserdetail/retrievePassword', undefined, {
      tenantCode: 'demo',
      email: 'y@demo.example.com',
      charCaptcha: 'KEYW',
      captchaKey: key,
    });
    expect(refused.status).toBe(429);
    const reset = await api().post('/api/account/sysuserdetail/resetPassword', {
      tenantCode: 'demo',
      email: 'y@demo.example.com',
      code: 'AAAA',
      newPassword: 'Fresh#Start9',
    });
    // resetPassword shares nothing with retrievePassword's counter but has the same limit
    expect(reset.status).toBe(400);
  });
});
