/**
 * Server configuration from the environment. Every variable is documented in the README.
 */
import { resolve } from 'node:path';

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
}

export const DEFAULT_PORT = 8080;
export const DEFAULT_DEMO_PASSWORD = 'Demo@2026';
export const DEFAULT_PLATFORM_TENANT = 'demo';

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? DEFAULT_PORT : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const sync = (env.SQLITE_SYNCHRONOUS ?? 'FULL').toUpperCase();
  if (sync !== 'FULL' && sync !== 'NORMAL') throw new Error(`SQLITE_SYNCHRONOUS must be FULL or NORMAL, got "${env.SQLITE_SYNCHRONOUS}"`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    schemasDir: resolve(env.SCHEMAS_DIR || './schemas'),
    staticDir: resolve(env.STATIC_DIR || './dist'),
    tokenSecret: env.TOKEN_SECRET || undefined,
    demoPassword: env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    platformTenant: env.PLATFORM_TENANT || DEFAULT_PLATFORM_TENANT,
    sqliteSynchronous: sync,
    logLevel: env.LOG_LEVEL || 'info',
  };
}
