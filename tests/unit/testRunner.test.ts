/**
 * `npm test` (tests/run.ts) when PostgreSQL or Chromium is missing: the run fails, outside CI
 * as in CI, unless `--skip-missing` (or TEST_SKIP_MISSING=1) is given outside CI; then the pass
 * is skipped with a banner and the closing line says so. The runner is started on one pass
 * whose dependency is missing (an unreachable PostgreSQL, a Chromium path that does not
 * exist), so no suite runs.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
/** Nothing listens on port 1 of loopback: the connection is refused at once. */
const NO_PG = 'postgres://postgres@127.0.0.1:1/test';
const NO_CHROMIUM = join(root, 'no-such-chromium');

function runner(args: string[], env: Record<string, string | undefined>): { status: number | null; output: string } {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['CI', 'TEST_SKIP_MISSING', 'TEST_DATABASE_URL', 'CHROMIUM_PATH']) delete base[name];
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'tests/run.ts', ...args], {
    cwd: root,
    env: { ...base, TEST_DATABASE_URL: NO_PG, CHROMIUM_PATH: NO_CHROMIUM, ...env },
    encoding: 'utf8',
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('npm test with PostgreSQL or Chromium missing', () => {
  for (const [pass, what] of [
    ['pg', `PostgreSQL is not reachable at ${NO_PG}`],
    ['e2e', `Chromium is not installed at ${NO_CHROMIUM}`],
  ] as const) {
    it(`fails outside CI when ${pass} cannot run, and names the flag that skips it`, () => {
      const r = runner([pass], {});
      expect(r.status, r.output).toBe(1);
      expect(r.output).toContain(`FAILED: ${what}`);
      expect(r.output).toContain('npm test -- --skip-missing');
      expect(r.output).toMatch(/0 passed, 1 failed\n/);
    });

    it(`skips ${pass} loudly with --skip-missing outside CI, and the closing line says so`, () => {
      for (const r of [runner([pass, '--skip-missing'], {}), runner([pass], { TEST_SKIP_MISSING: '1' })]) {
        expect(r.status, r.output).toBe(0);
        expect(r.output).toContain('!!! SKIPPED:');
        expect(r.output).toContain(what);
        expect(r.output).toContain('0 passed, 0 failed, 1 pass SKIPPED');
        expect(r.output).toContain('!!! NOT TESTED (skipped with --skip-missing):');
      }
    });

    it(`fails in CI when ${pass} cannot run, even with --skip-missing`, () => {
      const r = runner([pass, '--skip-missing'], { CI: 'true' });
      expect(r.status, r.output).toBe(1);
      expect(r.output).toContain(`FAILED: ${what}`);
      expect(r.output).toContain('ignored in CI');
    });
  }

  it('refuses an argument it does not know instead of running nothing', () => {
    const r = runner(['--skip-mising'], {});
    expect(r.status).toBe(2);
    expect(r.output).toContain('unknown argument --skip-mising');
  });
});
