/**
 * The sign-in page stays small: it does not download the designer, Monaco, ECharts or the
 * rich-text editor, and its bytes (gzip) are compared with a bare Ant Design sign-in form
 * built in the same run. Target: at most 1.3 times the baseline; the test guards 1.5.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { readFileSync, existsSync, statSync, rmSync } from 'node:fs';
import { extname, join } from 'node:path';
import { measurePage, buildBareSignIn } from './pageBytes.ts';
import { startE2E, type E2E } from './harness.ts';

const HEAVY = /monaco|echarts|tinymce|designer|bpmn|editor\.worker/i;
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' };

function serveStatic(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    let file = join(dir, decodeURIComponent((req.url ?? '/').split('?')[0]!));
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

let e2e: E2E;
let baselineDir: string;
let baseline: { server: Server; url: string };

beforeAll(async () => {
  e2e = await startE2E();
  baselineDir = await buildBareSignIn();
  baseline = await serveStatic(baselineDir);
});
afterAll(async () => {
  baseline?.server.close();
  if (baselineDir) rmSync(baselineDir, { recursive: true, force: true });
  await e2e?.close();
});

describe('sign-in page size', () => {
  it('downloads no heavy part and stays near a bare antd sign-in form', async () => {
    const signIn = await measurePage(e2e.browser, `${e2e.url}/login`);
    const bare = await measurePage(e2e.browser, `${baseline.url}/`);
    const heavy = signIn.files.filter((f) => HEAVY.test(f.url)).map((f) => f.url);
    expect(heavy).toEqual([]);
    const ratio = signIn.gzipBytes / bare.gzipBytes;
    console.log(
      `sign-in page: ${(signIn.gzipBytes / 1024).toFixed(1)} KiB gzip in ${signIn.files.length} files; ` +
        `bare antd form: ${(bare.gzipBytes / 1024).toFixed(1)} KiB; ratio ${ratio.toFixed(2)} (target 1.30)`,
    );
    expect(ratio).toBeLessThan(1.5);
  });
});
