/**
 * `npm test`: every test layer in order, then one closing line "N passed, N failed".
 *   1. npm run check (type check, lint, generated code up to date)
 *   2. unit and API tests on a temporary SQLite database
 *   3. the API tests again on PostgreSQL (TEST_DATABASE_URL, default the local server)
 *   4. the console build and the end-to-end tests in Chromium
 * A missing PostgreSQL or Chromium fails the run: a pass that could not run proves nothing.
 * Outside CI, `npm test -- --skip-missing` (or TEST_SKIP_MISSING=1) skips such a pass instead,
 * with a banner at the start of the pass and again under the closing line; in CI (CI=true)
 * the flag is refused and a missing PostgreSQL or Chromium stays a failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import pg from 'pg';

const CI = process.env.CI === 'true' || process.env.CI === '1';
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SKIP_FLAG = '--skip-missing';
const STEPS = ['check', 'unit', 'pg', 'e2e'];
const argv = process.argv.slice(2);
const skipAsked = argv.includes(SKIP_FLAG) || ['1', 'true'].includes(process.env.TEST_SKIP_MISSING ?? '');
const only = argv.filter((a) => a !== SKIP_FLAG);
const unknown = only.filter((a) => !STEPS.includes(a));
if (unknown.length) {
  console.error(`npm test: unknown argument ${unknown.join(' ')} (passes: ${STEPS.join(', ')}; flag: ${SKIP_FLAG})`);
  process.exit(2);
}
if (skipAsked && CI)
  console.error(`\n!!! ${SKIP_FLAG} (TEST_SKIP_MISSING) is ignored in CI: a missing PostgreSQL or Chromium fails the run`);
/** Outside CI, and asked to: a pass whose PostgreSQL or Chromium is missing is skipped instead of failing. */
const skipMissing = skipAsked && !CI;
const out = mkdtempSync(join(tmpdir(), 'console-test-run-'));

let passed = 0;
let failed = 0;
const problems: string[] = [];
/** Each failed test, named, with the first line of its failure: printed again under the closing line. */
const failures: string[] = [];
/** Passes skipped because what they need is missing (only with --skip-missing outside CI). */
const skipped: string[] = [];

const banner = (lines: string[]) => {
  const bar = '!'.repeat(78);
  console.error(['', bar, ...lines.map((l) => `!!! ${l}`), bar].join('\n'));
};

/** A pass cannot run because `what` is missing: a failure, unless skipping was asked for outside CI. */
function missing(pass: string, what: string): void {
  if (skipMissing) {
    skipped.push(`${pass}: ${what}`);
    banner([`SKIPPED: ${pass}`, what, `(${SKIP_FLAG}: this run proves nothing about ${pass})`]);
  } else {
    problems.push(`${what}: ${pass} cannot run${CI ? '' : ` (\`npm test -- ${SKIP_FLAG}\` skips it)`}`);
  }
}

function run(title: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${title}\n$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) problems.push(`${title} failed (exit ${r.status ?? r.signal})`);
  return r.status === 0;
}

function vitest(title: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const file = join(out, `${title.replace(/\W+/g, '-')}.json`);
  run(title, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args], env);
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    for (const f of report.testResults ?? []) {
      const name = relative(process.cwd(), f.name);
      const tests = (f.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of tests) failures.push(`${title}: ${name} > ${t.fullName}\n      ${firstLine(t.failureMessages?.[0])}`);
      // a file that failed outside its tests (an import error, an unhandled rejection)
      if (f.status === 'failed' && !tests.length) failures.push(`${title}: ${name}\n      ${firstLine(f.message)}`);
    }
  } else {
    problems.push(`${title}: no test report`);
  }
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

// eslint-disable-next-line no-control-regex -- the escape character of terminal colour codes
const COLOUR_CODES = /\x1b\[[0-9;]*m/g;

/**
 * The first non-empty line of a failure, without colour codes, cut to one screen line. A
 * property that failed (fast-check) adds its counterexample and the error it got, cut too:
 * its first line alone says nothing of the cause.
 */
function firstLine(text: string | undefined): string {
  const lines = (text ?? '')
    .replace(COLOUR_CODES, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const line = (lines[0] ?? '(no message)').slice(0, 300);
  if (!line.startsWith('Property failed')) return line;
  const more = [lines.find((l) => l.startsWith('Counterexample:')), lines.find((l) => /^Got\b|Error:/.test(l))];
  return [line, ...more.filter((l): l is string => !!l).map((l) => `\n      ${l.slice(0, 400)}`)].join('');
}

async function pgReachable(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

const want = (step: string) => only.length === 0 || only.includes(step);

if (want('check')) run('check: types, lint, generated code', 'npm', ['run', '-s', 'check']);
// on SQLite whatever the environment names (CI exports TEST_DATABASE_URL for the next pass)
if (want('unit')) vitest('unit and API tests (SQLite)', [], { TEST_DATABASE_URL: undefined });
if (want('pg')) {
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_PG;
  if (await pgReachable(url)) {
    vitest('API tests (PostgreSQL)', ['tests/api'], { TEST_DATABASE_URL: url });
  } else {
    missing('the PostgreSQL pass', `PostgreSQL is not reachable at ${url}`);
  }
}
if (want('e2e') && existsSync('tests/e2e/vitest.e2e.config.ts')) {
  if (existsSync(CHROMIUM)) {
    if (run('console build', 'npx', ['vite', 'build', '--logLevel', 'warn'])) {
      vitest('end-to-end tests (Chromium)', ['--config', 'tests/e2e/vitest.e2e.config.ts'], { CHROMIUM_PATH: CHROMIUM });
    }
  } else {
    missing('the end-to-end pass', `Chromium is not installed at ${CHROMIUM}`);
  }
}

if (failures.length) console.error(`\nFailed tests:\n${failures.map((f) => `  - ${f}`).join('\n')}\n`);
for (const p of problems) console.error(`FAILED: ${p}`);
if (problems.length && failed === 0) failed = problems.length;
console.log(
  `\n${passed} passed, ${failed} failed${skipped.length ? `, ${skipped.length} pass${skipped.length > 1 ? 'es' : ''} SKIPPED` : ''}`,
);
if (skipped.length) banner(['NOT TESTED (skipped with ' + SKIP_FLAG + '):', ...skipped]);
process.exit(problems.length || failed ? 1 : 0);
