/**
 * Compares generated files with the output directory and writes them, or (check
 * mode) only reports the drift: files that differ, are missing, or should not be there.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATED_HEADER } from './tsSource.ts';

type DriftKind = 'changed' | 'missing' | 'extra';

export interface Drift {
  /** Path relative to the output directory. */
  file: string;
  kind: DriftKind;
}

/** Files of a directory, recursively, relative to it; dot files (.gitignore) are not output. */
function listFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith('.')) continue;
    const rel = prefix ? `${prefix}/${name}` : name;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listFiles(full, rel));
    else out.push(rel);
  }
  return out;
}

/** How the directory differs from the files that should be in it. */
export function diffOutput(outDir: string, files: Map<string, string>): Drift[] {
  const drift: Drift[] = [];
  for (const [file, content] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const path = join(outDir, file);
    if (!existsSync(path)) drift.push({ file, kind: 'missing' });
    else if (readFileSync(path, 'utf8') !== content) drift.push({ file, kind: 'changed' });
  }
  for (const file of listFiles(outDir)) {
    if (!files.has(file)) drift.push({ file, kind: 'extra' });
  }
  return drift;
}

function isGenerated(path: string): boolean {
  return readFileSync(path, 'utf8').startsWith(GENERATED_HEADER);
}

/**
 * Bring the directory in line: write what differs or is missing, delete extra files
 * that carry the generated header. Other extra files are left alone and returned.
 */
export function applyOutput(outDir: string, files: Map<string, string>, drift: Drift[]): { kept: string[] } {
  const kept: string[] = [];
  for (const d of drift) {
    const path = join(outDir, d.file);
    if (d.kind === 'extra') {
      if (isGenerated(path)) rmSync(path);
      else kept.push(d.file);
      continue;
    }
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, files.get(d.file)!);
  }
  return { kept };
}
