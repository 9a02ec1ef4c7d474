/**
 * The real server (`server-mock/main.ts`) as a child process, for the tests that kill or
 * restart it or run two of them: started on a free port with the given environment (the
 * caller's TOKEN_SECRET, DATABASE_URL, PORT, HOST, DATA_DIR, STATIC_DIR, LOG_LEVEL and
 * SQLITE_SYNCHRONOUS left out: a test runs the defaults unless it names a value), resolved
 * once it prints the address it listens on.
 */
import { spawn, type ChildProcess } from 'node:child_process';

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
