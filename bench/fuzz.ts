/**
 * The long fuzz run of `npm run bench` (`--only fuzz`): the schema-driven fuzz suite
 * (tests/api/fuzz.test.ts) with FUZZ_RUNS cases per property (default 1000, `--fuzz-runs`),
 * against the same server as `npm test` runs it with 70. Prints the cases tried, the time,
 * and whether every case was refused as it must be (a 4xx with a message, tables unchanged).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { performance } from 'node:perf_hooks';

const root = join(import.meta.dirname, '..');

export async function benchFuzz(options: { runs: number }): Promise<void> {
  console.log(`\nSchema-driven fuzzing, FUZZ_RUNS=${options.runs} (npm test runs 70)`);
  const started = performance.now();
  const output: string[] = [];
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(root, 'node_modules/vitest/vitest.mjs'), 'run', 'tests/api/fuzz.test.ts', '--reporter=verbose'],
      {
        cwd: root,
        env: { ...process.env, FUZZ_RUNS: String(options.runs), CI: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('error', reject);
    child.on('exit', (status) => resolve(status ?? 1));
  });
  const seconds = (performance.now() - started) / 1000;
  const text = stripVTControlCharacters(output.join(''));
  const tests = /Tests\s+(.+)$/m.exec(text)?.[1]?.trim() ?? 'no summary';
  const cases = /(\d+) generated cases/.exec(text)?.[1] ?? '?';
  console.log(`  ${tests}; ${cases} generated cases; ${seconds.toFixed(0)} s`);
  if (code !== 0) {
    console.log(
      text
        .split('\n')
        .filter((l) => /FAIL|Error|expected/.test(l))
        .slice(0, 20)
        .join('\n'),
    );
    console.log('  fuzzing FAILED: some generated input was not refused cleanly');
    process.exitCode = 1;
  } else console.log('  every generated input was refused with a 4xx and a message; no table changed');
}
