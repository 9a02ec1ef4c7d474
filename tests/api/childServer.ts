/**
 * The real server (`server-mock/main.ts`) as a child process, for the tests that kill or
 * restart it or run two of them: started on a free port with the given environment (the
 * caller's TOKEN_SECRET, DATABASE_URL, PORT, HOST, DATA_DIR, STATIC_DIR, LOG_LEVEL and
 * SQLITE_SYNCHRONOUS left out: a test runs the defaults unless it names a value), resolved
 * once it prints the address it listens on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createPgDatabase } from './harness.ts';

export interface ChildServer {
  url: string;
  process: ChildProcess;
  exited: Promise<void>;
}

export function startChild(env: Record<string, string>): Promise<ChildServer> {
  const base = { ...process.env };
  for (const name of ['TOKEN_SECRET', 'DATABASE_URL', 'PORT', 'HOST', 'DATA_DIR', 'STATIC_DIR', 'LOG_LEVEL', 'SQLITE_SYNCHRONOUS'])
    delete base[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server-mock/main.ts'], {
    env: { ...base, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Console and API:\s+(http:\/\/\S+?)\/?\s/.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        resolve({ url: m[1]!, process: child, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}) before listening:\n${out}`)));
  });
}

/** Ends the child with `signal` (unless it already exited) and waits for its exit. */
export async function endChild(child: ChildServer, signal: NodeJS.Signals): Promise<void> {
  if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill(signal);
  await child.exited;
}

/**
 * Child servers of one test file on one database: a temporary directory (each server's DATA_DIR
 * under it, one STATIC_DIR), a database of their own on PostgreSQL when TEST_DATABASE_URL is set
 * (else SQLite files in the data directories), and every server started killed, the database
 * dropped and the directory removed after the file's tests (vitest hooks, registered by the call).
 */
export interface ChildServers {
  /** The temporary directory. */
  readonly dir: string;
  /** The database every server shares on PostgreSQL; undefined on SQLite. */
  readonly databaseUrl: string | undefined;
  /** The environment of a server whose data directory is `<dir>/<name>`. */
  env(name: string): Record<string, string>;
  /** Starts a server with env(name), ended after the file's tests. */
  start(name: string): Promise<ChildServer>;
}

export function childServers(prefix: string): ChildServers {
  let dir = '';
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  const children: ChildServer[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    mkdirSync(join(dir, 'static'));
    if (process.env.TEST_DATABASE_URL) {
      const db = await createPgDatabase(process.env.TEST_DATABASE_URL);
      databaseUrl = db.url;
      dropDb = db.drop;
    }
  });
  afterAll(async () => {
    for (const c of children) await endChild(c, 'SIGKILL');
    if (dropDb) await dropDb();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const servers: ChildServers = {
    get dir() {
      return dir;
    },
    get databaseUrl() {
      return databaseUrl;
    },
    env(name) {
      const env: Record<string, string> = { DATA_DIR: join(dir, name), STATIC_DIR: join(dir, 'static') };
      if (databaseUrl) env.DATABASE_URL = databaseUrl;
      return env;
    },
    async start(name) {
      const child = await startChild(servers.env(name));
      children.push(child);
      return child;
    },
  };
  return servers;
}
