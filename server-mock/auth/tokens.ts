/**
 * Signed access tokens (JWT, HS256). A token names its session (jti), user, tenant and roles;
 * the session row decides whether it is still valid (logout and forced sign-out revoke it).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSigner, createVerifier } from 'fast-jwt';
import type { SystemStore } from '../access/systemStore.ts';
import { LruCache } from '../db/lruCache.ts';
import { TOKEN_EXPIRED, TOKEN_ILLEGAL, unauthorized } from '../http/apiError.ts';

export interface TokenClaims {
  /** session id */
  jti: string;
  /** user id */
  sub: number;
  username: string;
  tenantCode: string;
  roles: string[];
  clientCode: string;
  iat?: number;
  exp?: number;
}

/** How many verified tokens are remembered (the least recently used is dropped past it). */
export const VERIFIED_TOKENS = 1000;
/** The longest a verified token is remembered before its signature is checked again. */
const VERIFIED_FOR_MS = 10 * 60 * 1000;

export class TokenService {
  private readonly verifier: (token: string) => unknown;
  /**
   * Tokens whose signature and claims were checked, by their exact text, until their expiry:
   * a signed-in user's every request carries the same token. (fast-jwt's own cache keys its
   * entries by a SHA-256 of the token, which costs more than the lookup saves here.) Only the
   * signature check is skipped: whether the session is still live is read on every request.
   */
  private readonly verified = new LruCache<string, { claims: TokenClaims; until: number }>('verified tokens', VERIFIED_TOKENS);

  constructor(private readonly secret: string) {
    this.verifier = createVerifier({ key: secret, algorithms: ['HS256'] });
  }

  sign(claims: Omit<TokenClaims, 'iat' | 'exp'>, expiresInSeconds: number): string {
    const signer = createSigner({ key: this.secret, algorithm: 'HS256', expiresIn: expiresInSeconds * 1000 });
    return signer({ ...claims });
  }

  /** The claims of a valid token; 401 with 50014 when expired, 50008 for anything else wrong. */
  verify(token: string): TokenClaims {
    const now = Date.now();
    const known = this.verified.get(token);
    if (known && now < known.until) return known.claims;
    if (known) this.verified.delete(token);
    const claims = this.check(token);
    const until = typeof claims.exp === 'number' ? Math.min(claims.exp * 1000, now + VERIFIED_FOR_MS) : now + VERIFIED_FOR_MS;
    this.verified.set(token, { claims, until });
    return claims;
  }

  private check(token: string): TokenClaims {
    let payload: unknown;
    try {
      payload = this.verifier(token);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FAST_JWT_EXPIRED') throw unauthorized(TOKEN_EXPIRED, 'The token has expired, please sign in again');
      throw unauthorized(TOKEN_ILLEGAL, 'Illegal token, please sign in again');
    }
    const c = payload as Partial<TokenClaims>;
    if (
      typeof c.jti !== 'string' ||
      typeof c.sub !== 'number' ||
      typeof c.username !== 'string' ||
      typeof c.tenantCode !== 'string' ||
      !Array.isArray(c.roles)
    ) {
      throw unauthorized(TOKEN_ILLEGAL, 'Illegal token, please sign in again');
    }
    // shared by the requests that carry this token
    Object.freeze(c.roles);
    return Object.freeze(c) as TokenClaims;
  }
}

/** Random bytes drawn from the system a page at a time: a token is then a copy, not a call into the generator. */
const RANDOM_POOL_BYTES = 4096;
/** Bytes of a token: 144 bits, 24 base64url characters. */
const TOKEN_BYTES = 18;
let randomPool = Buffer.alloc(0);
let randomOffset = 0;

/** A random token of TOKEN_BYTES: session ids, undo tokens. */
export function randomToken(): string {
  if (randomOffset + TOKEN_BYTES > randomPool.length) {
    randomPool = randomBytes(RANDOM_POOL_BYTES);
    randomOffset = 0;
  }
  const end = randomOffset + TOKEN_BYTES;
  const token = randomPool.toString('base64url', randomOffset, end);
  // each byte is used once
  randomPool.fill(0, randomOffset, end);
  randomOffset = end;
  return token;
}

/**
 * The signing secret: TOKEN_SECRET when set; otherwise one generated on first start and kept
 * in DATA_DIR (SQLite) or in the database (PostgreSQL, so that every process shares it).
 */
export async function loadTokenSecret(system: SystemStore, dataDir: string, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  if (system.dialectName === 'sqlite') {
    const file = join(dataDir, 'token-secret');
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret + '\n', { mode: 0o600 });
    return secret;
  }
  const candidate = randomBytes(48).toString('base64url');
  await system.db
    .insertInto('sys_secret')
    .values({ name: 'token', value: candidate })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await system.db.selectFrom('sys_secret').select('value').where('name', '=', 'token').executeTakeFirstOrThrow();
  return String(row.value);
}
