/**
 * npm run gen [-- --check] [--schemas <dir>] [--out <dir>]
 *
 * Writes the generated TypeScript (types, client, routes, resources) from schemas/.
 * --check writes nothing and exits 1 when the output on disk differs (drift).
 * A mistake in a resource file is printed as file, JSON pointer and message; exit 1.
 */
import { relative, resolve } from 'node:path';
import { runGenerator } from './runGenerator.ts';

const USAGE = `Usage: npm run gen -- [--check] [--schemas <dir>] [--out <dir>]
  --check          write nothing; exit 1 listing the files that differ, are missing or extra
  --schemas <dir>  schemas directory (default: schemas)
  --out <dir>      output directory (default: runtime/generated)`;

interface CliArgs {
  check: boolean;
  schemasDir: string;
  outDir: string;
}

class UsageError extends Error {}

function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = { check: false, schemasDir: 'schemas', outDir: 'runtime/generated' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (!v) throw new UsageError(`${flag} needs a directory`);
      return v;
    };
    if (flag === '--check') args.check = true;
    else if (flag === '--schemas') args.schemasDir = value();
    else if (flag === '--out') args.outDir = value();
    else if (flag === '--help' || flag === '-h') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else throw new UsageError(`unknown argument "${arg}"`);
  }
  return args;
}

/** Errors caused by the input (bad schemas, missing files) print as a message, not a stack. */
function isInputError(err: unknown): err is Error {
  if (!(err instanceof Error)) return false;
  const issues = (err as { issues?: unknown }).issues;
  const code = (err as { code?: unknown }).code;
  return err.name === 'RegistryError' || Array.isArray(issues) || code === 'ENOENT' || err instanceof SyntaxError;
}

async function main(): Promise<number> {
  let args: CliArgs;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`gen: ${err.message}\n${USAGE}\n`);
    return 2;
  }
  const outDir = resolve(args.outDir);
  const shownOut = relative(process.cwd(), outDir) || '.';
  const started = performance.now();
  try {
    const result = await runGenerator({ schemasDir: resolve(args.schemasDir), outDir, check: args.check });
    const ms = Math.round(performance.now() - started);
    if (args.check) {
      if (result.drift.length === 0) {
        process.stdout.write(`gen --check: ${shownOut} is up to date (${ms} ms)\n`);
        return 0;
      }
      const lines = result.drift.map((d) => `  ${d.kind.padEnd(8)} ${shownOut}/${d.file}`);
      process.stderr.write(`gen --check: generated files differ from schemas/ (run npm run gen):\n${lines.join('\n')}\n`);
      return 1;
    }
    const written = result.changed.length ? `updated ${result.changed.join(', ')}` : 'no changes';
    process.stdout.write(`gen: ${shownOut}: ${written} (${ms} ms)\n`);
    for (const file of result.kept) {
      process.stderr.write(`gen: warning: ${shownOut}/${file} is not generated output; left in place\n`);
    }
    return 0;
  } catch (err) {
    if (isInputError(err)) {
      process.stderr.write(`gen: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`gen: unexpected failure\n${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  },
);
