/**
 * The generator in-process: load the registry and the menu of a schemas directory,
 * emit every output file, then write them or (check) report the drift.
 */
import { loadMenu } from '../schemas/registry/loadMenu.ts';
import { loadRegistry } from '../schemas/registry/loadRegistry.ts';
import type { Registry } from '../schemas/registry/types.ts';
import type { MenuRoute } from '../runtime/generated/fileTypes.ts';
import { emitClient, emitQueryAndBody } from './emitClient.ts';
import { emitFileTypes } from './emitFileTypes.ts';
import { emitResources } from './emitResources.ts';
import { emitRoutes } from './emitRoutes.ts';
import { emitTypes } from './emitTypes.ts';
import { format } from 'prettier';
import { applyOutput, diffOutput, type Drift } from './writeOutput.ts';
import { PRINT_WIDTH } from './tsSource.ts';

export interface GeneratorOptions {
  schemasDir: string;
  outDir: string;
  /** Write nothing; report what would change. */
  check?: boolean;
}

export interface GeneratorResult {
  /** Files (relative to outDir) written or deleted, or in check mode the files that drifted. */
  changed: string[];
  drift: Drift[];
  /** Extra files in outDir that are not generated output and were left alone. */
  kept: string[];
}

/** The registry with resources in name order, so output never depends on file names. */
function inNameOrder(registry: Registry): Registry {
  const resources = [...registry.resources].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { ...registry, resources, calls: resources.flatMap((r) => r.calls) };
}

/** Every output file for outDir, by path relative to it. */
async function generateFiles(registry: Registry, menu: MenuRoute[], schemasDir: string, outDir: string): Promise<Map<string, string>> {
  const ordered = inNameOrder(registry);
  const files: [string, string][] = [
    ['client.ts', emitClient(ordered)],
    ['queryAndBody.ts', emitQueryAndBody(ordered)],
    ['fileTypes.ts', await emitFileTypes(schemasDir)],
    ['resources.ts', emitResources(ordered, outDir)],
    ['routes.ts', emitRoutes(menu)],
    ['types.ts', await emitTypes(ordered)],
  ];
  // One formatter for every file, so the output is the same whichever printer produced a part.
  const formatted = await Promise.all(
    files.map(
      async ([name, text]) =>
        [name, await format(text, { parser: 'typescript', printWidth: PRINT_WIDTH, singleQuote: true, trailingComma: 'all' })] as [
          string,
          string,
        ],
    ),
  );
  return new Map(formatted);
}

/** Throws RegistryError (file, JSON pointer, message per issue) when the schemas are wrong. */
export async function runGenerator(options: GeneratorOptions): Promise<GeneratorResult> {
  const registry = loadRegistry(options.schemasDir);
  const menu = loadMenu(options.schemasDir, registry);
  const files = await generateFiles(registry, menu, options.schemasDir, options.outDir);
  const drift = diffOutput(options.outDir, files);
  if (options.check) return { changed: drift.map((d) => d.file), drift, kept: [] };
  const { kept } = applyOutput(options.outDir, files, drift);
  return { changed: drift.filter((d) => !kept.includes(d.file)).map((d) => d.file), drift, kept };
}
