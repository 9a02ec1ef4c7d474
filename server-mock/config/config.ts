/**
 * Server configuration from the environment. Every variable is documented in the README.
 */
import { resolve } from 'node:path';
import { storageSettingsFromEnv, type StorageSettings } from '../files/storageConfig.ts';
import { DEFAULT_ACCOUNT_RATE_LIMIT, DEFAULT_SIGN_IN_RATE_LIMIT, DEFAULT_SMS_RATE_LIMIT } from '../auth/authLimits.ts';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  schemasDir: string;
  staticDir: string;
  tokenSecret?: string;
  demoPassword: string;
  platformTenant: string;
  sqliteSynchronous: 'FULL' | 'NORMAL';
  logLevel: string;
  /** Longest time (ms) to receive a whole request, its body included; 0: no limit. */
  requestTimeoutMs: number;
  /** Most open connections at once; the next one is closed at once. */
  maxConnections: number;
  /** Token and tenant look-up calls per minute from one address. */
  signInRateLimit: number;
  /** SMS codes requested per hour from one address. */
  smsRateLimit: number;
  /** Password-reset, captcha-check and registration calls per 15 minutes from one address. */
  accountRateLimit: number;
  /** Serve the development mock API (server-mock/mockApi/): MOCK_API=1, or `npm run dev`. */
  mockApi: boolean;
  /** Where uploaded files are stored (server-mock/files/storageConfig.ts). */
  storage: StorageSettings;
  /** The bearer token of /metrics (METRICS_TOKEN, at least 16 characters); none: the metrics are off. */
  metricsToken?: string;
}

const DEFAULT_PORT = 8080;
const DEFAULT_DEMO_PASSWORD = 'Demo@2026';
export const DEFAULT_PLATFORM_TENANT = 'demo';
/** Loopback: `npm start` is reachable from this machine only unless HOST says otherwise. */
export const DEFAULT_HOST = '127.0.0.1';
/** A request whose headers and body have not all arrived after this long is cut off (a slow body). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Open connections at once (browsers keep about six per origin open). */
export const DEFAULT_MAX_CONNECTIONS = 1024;

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer of at least ${min}, got "${text}"`);
  return n;
}

function metricsToken(env: NodeJS.ProcessEnv): string | undefined {
  const token = env.METRICS_TOKEN;
  if (token === undefined || token === '') return undefined;
  if (token.length < 16 || /\s/.test(token)) throw new Error('METRICS_TOKEN must be at least 16 characters without spaces');
  return token;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? DEFAULT_PORT : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const sync = (env.SQLITE_SYNCHRONOUS ?? 'FULL').toUpperCase();
  if (sync !== 'FULL' && sync !== 'NORMAL') throw new Error(`SQLITE_SYNCHRONOUS must be FULL or NORMAL, got "${env.SQLITE_SYNCHRONOUS}"`);
  return {
    port,
    host: env.HOST || DEFAULT_HOST,
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    schemasDir: resolve(env.SCHEMAS_DIR || './schemas'),
    staticDir: resolve(env.STATIC_DIR || './dist'),
    tokenSecret: env.TOKEN_SECRET || undefined,
    demoPassword: env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    platformTenant: env.PLATFORM_TENANT || DEFAULT_PLATFORM_TENANT,
    sqliteSynchronous: sync,
    logLevel: env.LOG_LEVEL || 'info',
    requestTimeoutMs: positiveInteger(env, 'REQUEST_TIMEOUT_MS', DEFAULT_REQUEST_TIMEOUT_MS, 0),
    maxConnections: positiveInteger(env, 'MAX_CONNECTIONS', DEFAULT_MAX_CONNECTIONS, 1),
    signInRateLimit: positiveInteger(env, 'SIGN_IN_RATE_LIMIT', DEFAULT_SIGN_IN_RATE_LIMIT, 1),
    smsRateLimit: positiveInteger(env, 'SMS_RATE_LIMIT', DEFAULT_SMS_RATE_LIMIT, 1),
    accountRateLimit: positiveInteger(env, 'ACCOUNT_RATE_LIMIT', DEFAULT_ACCOUNT_RATE_LIMIT, 1),
    mockApi: env.MOCK_API === '1',
    storage: storageSettingsFromEnv(env),
    metricsToken: metricsToken(env),
  };
}
