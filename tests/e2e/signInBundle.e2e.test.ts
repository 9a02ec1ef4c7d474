/**
 * The sign-in page stays small: it does not download the designer, Monaco, ECharts, the
 * rich-text editor or the template demo pages, and its bytes (gzip) are compared with a bare Ant Design sign-in form
 * built in the same run. Target, held by the test: at most 1.3 times the baseline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import { rmSync } from 'node:fs';
import { measurePage, buildBareSignIn } from './pageBytes.ts';
import { startE2E, type E2E } from './harness.ts';
import { serveDirectory } from '../../bench/fixturePages.ts';

const HEAVY = /monaco|echarts|tinymce|designer|bpmn|editor\.worker/i;
/** The template demo pages' chunks (named so by vite.config.ts). */
const DEMO = /\/assets\/demo-/;

let e2e: E2E;
let baselineDir: string;
let baseline: { server: Server; url: string };

beforeAll(async () => {
  e2e = await startE2E();
  baselineDir = await buildBareSignIn();
  baseline = await serveDirectory(baselineDir);
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
    expect(signIn.files.filter((f) => DEMO.test(f.url)).map((f) => f.url)).toEqual([]);
    const ratio = signIn.gzipBytes / bare.gzipBytes;
    console.log(
      `sign-in page: ${(signIn.gzipBytes / 1024).toFixed(1)} KiB gzip in ${signIn.files.length} files; ` +
        `bare antd form: ${(bare.gzipBytes / 1024).toFixed(1)} KiB; ratio ${ratio.toFixed(2)} (target 1.30)`,
    );
    expect(ratio).toBeLessThanOrEqual(1.3);
  });
});
