/**
 * The token service remembers verified tokens by their text until they expire: a remembered
 * token never outlives its expiry, and nothing about a token is remembered unless it verified.
 */
import { createSigner } from 'fast-jwt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService, VERIFIED_TOKENS } from '../../server-mock/auth/tokens.ts';
import { ApiError } from '../../server-mock/http/apiError.ts';

const SECRET = 'unit-test-secret';
const claims = { jti: 's1', sub: 7, username: 'editor', tenantCode: 'demo', roles: ['ROLE_EDITOR'], clientCode: 'browser' };

function statusOf(fn: () => unknown): number | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    return err instanceof ApiError ? err.status : -1;
  }
}

afterEach(() => vi.useRealTimers());

describe('TokenService.verify', () => {
  it('answers 50014 once a remembered token has expired', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') });
    const tokens = new TokenService(SECRET);
    const token = tokens.sign(claims, 60);
    expect(tokens.verify(token)).toMatchObject(claims);
    expect(tokens.verify(token)).toMatchObject(claims);
    vi.setSystemTime(new Date('2026-11-24T10:00:59Z'));
    expect(tokens.verify(token).jti).toBe('s1');
    vi.setSystemTime(new Date('2026-11-24T10:01:01Z'));
    expect(statusOf(() => tokens.verify(token))).toBe(50014);
  });

  it('never remembers a token that failed, and tells a remembered token from one a character away', () => {
    const tokens = new TokenService(SECRET);
    const good = tokens.sign(claims, 600);
    expect(tokens.verify(good).sub).toBe(7);
    const [header, , signature] = good.split('.');
    const edited = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 1 })).toString('base64url')}.${signature}`;
    expect(statusOf(() => tokens.verify(edited))).toBe(50008);
    expect(statusOf(() => tokens.verify(edited))).toBe(50008);
    expect(statusOf(() => tokens.verify(`${good}x`))).toBe(50008);
    const otherKey = createSigner({ key: 'another-key', expiresIn: 600_000 })({ ...claims });
    expect(statusOf(() => tokens.verify(otherKey))).toBe(50008);
    expect(tokens.verify(good).sub).toBe(7);
  });

  it('keeps at most VERIFIED_TOKENS tokens and verifies an evicted one again', () => {
    const tokens = new TokenService(SECRET);
    const first = tokens.sign(claims, 600);
    tokens.verify(first);
    for (let i = 0; i < VERIFIED_TOKENS; i++) tokens.verify(tokens.sign({ ...claims, jti: `s${i + 2}` }, 600));
    expect((tokens as unknown as { verified: Map<string, unknown> }).verified.size).toBe(VERIFIED_TOKENS);
    expect((tokens as unknown as { verified: Map<string, unknown> }).verified.has(first)).toBe(false);
    expect(tokens.verify(first).jti).toBe('s1');
  });

  it('keeps a token in use remembered while more than VERIFIED_TOKENS others come and go', () => {
    const tokens = new TokenService(SECRET);
    const busy = tokens.sign(claims, 600);
    tokens.verify(busy);
    const verified = (tokens as unknown as { verified: { size: number; has(k: string): boolean } }).verified;
    for (let i = 0; i < VERIFIED_TOKENS * 2; i++) {
      tokens.verify(tokens.sign({ ...claims, jti: `t${i}` }, 600));
      if (i % 100 !== 0) continue;
      // never dropped, so never checked again: used all along, it stays
      expect(verified.has(busy), `after ${i} other tokens`).toBe(true);
      expect(tokens.verify(busy).jti).toBe('s1');
    }
    expect(verified.size).toBe(VERIFIED_TOKENS);
    expect(verified.has(busy)).toBe(true);
  });

  it('hands out claims that a request cannot change for the next one', () => {
    const tokens = new TokenService(SECRET);
    const token = tokens.sign(claims, 600);
    const a = tokens.verify(token);
    expect(() => (a.roles as string[]).push('ROLE_ADMIN')).toThrow();
    expect(tokens.verify(token).roles).toEqual(['ROLE_EDITOR']);
  });
});
