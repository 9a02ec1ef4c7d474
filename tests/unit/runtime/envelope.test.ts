import { describe, it, expect } from 'vitest';
import { envelopeCode, envelopeMessage, isFailure, listOf, needsRelogin } from '../../../runtime/http/envelope.ts';
import { readAccessToken } from '../../../runtime/pages/authRedirect/authRedirectTarget.ts';
import { greetingKey } from '../../../runtime/pages/workbench/greeting.ts';

describe('envelope rules', () => {
  it('treats status 200 and plain objects as success, any other numeric code as failure', () => {
    expect(isFailure({ status: 200, message: 'success', data: 1 })).toBe(false);
    expect(isFailure({ access_token: 'x', token_type: 'bearer' })).toBe(false);
    expect(isFailure({ status: 'ok', menu: [] })).toBe(false);
    expect(isFailure({ status: 400, message: 'bad' })).toBe(true);
    expect(isFailure({ code: 60204, message: 'Account and password are incorrect.' })).toBe(true);
    expect(isFailure({ code: 200, status: 200 })).toBe(false);
  });
  it('reads code and status alike', () => {
    expect(envelopeCode({ code: 50014 })).toBe(50014);
    expect(envelopeCode({ status: '50008' })).toBe(50008);
    expect(envelopeCode({ status: 'ok' })).toBeUndefined();
    expect(envelopeMessage({ status: 500, message: '' })).toBeUndefined();
    expect(envelopeMessage({ status: 500, message: 'Boom' })).toBe('Boom');
  });
  it('asks to log in again for 50008, 50012 and 50014 only', () => {
    expect([50008, 50012, 50014].every(needsRelogin)).toBe(true);
    expect(needsRelogin(401)).toBe(false);
    expect(needsRelogin(undefined)).toBe(false);
  });
  it('reads lists from pages and arrays', () => {
    expect(listOf([1, 2])).toEqual([1, 2]);
    expect(listOf({ list: [3], pagination: { total: 1, pageSize: 10, current: 1 } })).toEqual([3]);
    expect(listOf(undefined)).toEqual([]);
  });
});

describe('page helpers', () => {
  it('reads a third-party access token from the hash or the query', () => {
    expect(readAccessToken('', '#access_token=abc&x=1')).toBe('abc');
    expect(readAccessToken('?access_token=q', '')).toBe('q');
    expect(readAccessToken('?x=1', '')).toBeUndefined();
  });
  it('greets by the hour', () => {
    expect(greetingKey(8)).toBe('workbench.morning');
    expect(greetingKey(13)).toBe('workbench.afternoon');
    expect(greetingKey(20)).toBe('workbench.evening');
  });
});

describe('generated-client transport', async () => {
  const { toAxiosConfig, SILENT_HEADER } = await import('../../../runtime/http/registerTransport.ts');
  it('turns the silent header into the silent option and never sends it', () => {
    const config = toAxiosConfig({ method: 'GET', url: '/api/x', headers: { [SILENT_HEADER]: '1', A: 'b' } });
    expect(config.silent).toBe(true);
    expect(config.headers).toEqual({ A: 'b' });
    expect(toAxiosConfig({ method: 'GET', url: '/api/x' }).silent).toBe(false);
  });
  it('keeps an empty form body so the form content type is sent', () => {
    const config = toAxiosConfig({
      method: 'POST',
      url: '/api/uaa/oauth/token',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(config.data).toBe('');
    expect(toAxiosConfig({ method: 'POST', url: '/api/y', data: { a: 1 } }).data).toEqual({ a: 1 });
  });
});
