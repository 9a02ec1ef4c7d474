/**
 * Pages built for a measurement: a fixture folder (index.html + its modules) built with the
 * project's Vite and React plugin in production mode into a temporary directory, and a static
 * server for it on a free local port. Used by the benchmarks and by the end-to-end tests that
 * measure the same pages.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' };

/** Builds `root` (production mode) into a new temporary directory named after `prefix`; returns it. */
export async function buildFixturePage(root: string, prefix: string): Promise<string> {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const outDir = mkdtempSync(join(tmpdir(), prefix));
  // Vitest sets NODE_ENV=test, which makes the React plugin emit development JSX; the pages are production builds.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: false,
      logLevel: 'silent',
      mode: 'production',
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      root,
      plugins: [react()],
      build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 10000 },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

/** Serves a directory (unknown paths get its index.html) on a free local port. */
export function serveDirectory(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    let file = join(dir, decodeURIComponent((req.url ?? '/').split('?')[0]!));
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })),
  );
}
