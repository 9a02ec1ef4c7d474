/**
 * The import-cycle rule of eslint.config.js (`import-x/no-cycle`): two modules that import each
 * other's values fail `npm run check`; a cycle through imports of types only, which the compiler
 * erases, does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

let root: string;
let eslint: ESLint;

beforeAll(async () => {
  // The rule reads the imported modules from disk, so the files are real; they live outside the
  // tree, linted with the project's configuration.
  root = await mkdtemp(path.join(tmpdir(), 'cycle-lint-'));
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.resolve('eslint.config.js') });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function write(files: Record<string, string>): Promise<string[]> {
  for (const [name, code] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), code);
  }
  return Object.keys(files).map((name) => path.join(root, name));
}

async function cycleErrors(files: string[]): Promise<string[]> {
  const results = await eslint.lintFiles(files);
  return results.flatMap((r) =>
    r.messages.filter((m) => m.ruleId === 'import-x/no-cycle').map((m) => `${path.relative(root, r.filePath)}: ${m.message}`),
  );
}

describe('the import-cycle rule', () => {
  it('refuses two modules that import each other', async () => {
    const files = await write({
      'server-mock/ring/left.ts': "import { right } from './right.ts';\nexport const left = (): number => right() + 1;\n",
      'server-mock/ring/right.ts': "import { left } from './left.ts';\nexport const right = (): number => (left.length > 0 ? 1 : 0);\n",
    });
    const errors = await cycleErrors(files);
    expect(errors).toEqual(['server-mock/ring/left.ts: Dependency cycle detected', 'server-mock/ring/right.ts: Dependency cycle detected']);
  });

  it('refuses a longer ring in the console, and names the way back', async () => {
    const files = await write({
      'runtime/ring/a.tsx': "import { b } from './b.ts';\nexport const a = (): string => b();\n",
      'runtime/ring/b.ts': "import { c } from './c.ts';\nexport const b = (): string => c();\n",
      'runtime/ring/c.ts': "import { a } from './a.tsx';\nexport const c = (): string => typeof a;\n",
    });
    const errors = await cycleErrors(files);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toBe('runtime/ring/a.tsx: Dependency cycle via "./c.ts:1"');
  });

  it('lets a cycle through imports of types only pass', async () => {
    const files = await write({
      'schemas/ring/shape.ts':
        "import type { Size } from './size.ts';\nexport interface Shape { size: Size }\nexport const shape = (s: Size): Shape => ({ size: s });\n",
      'schemas/ring/size.ts':
        "import { type Shape } from './shape.ts';\nexport type Size = number;\nexport const area = (s: Shape): number => s.size * s.size;\n",
    });
    expect(await cycleErrors(files)).toEqual([]);
  });
});
