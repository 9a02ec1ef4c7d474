/**
 * A Vite plugin that turns named imports from a package's index into imports of the files
 * that define them: `import { Button, Form } from 'antd'` becomes
 * `import Button from 'antd/es/button'; import Form from 'antd/es/form'`. The bundle is the
 * same; what changes is the module graph the chunking sees, which then holds no package
 * index that reaches every component (see startupChunk.ts).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Plugin } from 'vite';

/** Export name → module path (relative to the package root) of `export { default as X } from './x'` lines. */
function defaultReExports(indexFile: string, packageRoot: string): Map<string, string> {
  const names = new Map<string, string>();
  const source = readFileSync(indexFile, 'utf8');
  for (const m of source.matchAll(/^export \{ default as (\w+) \} from ["'](\.[^"']+)["'];$/gm)) {
    names.set(m[1]!, relative(packageRoot, join(dirname(indexFile), m[2]!)).replace(/\\/g, '/'));
  }
  return names;
}

export function deepImports(root: string, packages: { name: string; index: string }[]): Plugin {
  const maps = new Map<string, Map<string, string>>();
  for (const p of packages) {
    const packageRoot = join(root, 'node_modules', p.name);
    maps.set(p.name, defaultReExports(join(packageRoot, p.index), packageRoot));
  }
  const pattern = new RegExp(
    `import\\s*\\{([^}]*)\\}\\s*from\\s*["'](${packages.map((p) => p.name.replace(/[/@]/g, '\\$&')).join('|')})["'];?`,
    'g',
  );
  return {
    name: 'console-deep-imports',
    apply: 'build',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id.split('?')[0]!)) return null;
      let changed = false;
      const out = code.replace(pattern, (statement, list: string, pkg: string) => {
        const map = maps.get(pkg)!;
        const kept: string[] = [];
        const deep: string[] = [];
        for (const raw of list.split(',')) {
          const part = raw.trim();
          if (!part) continue;
          const [name, local = name] = part.split(/\s+as\s+/).map((s) => s.trim()) as [string, string?];
          const file = map.get(name);
          if (file) deep.push(`import ${local} from '${pkg}/${file}';`);
          else kept.push(part);
        }
        if (!deep.length) return statement;
        changed = true;
        return [...(kept.length ? [`import { ${kept.join(', ')} } from '${pkg}';`] : []), ...deep].join('\n');
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}
