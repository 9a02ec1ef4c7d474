/**
 * resources.ts: the normalised registry as plain data for the browser runtime (the
 * generic list, search, form, detail and actions read it), with defaults applied.
 */
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Registry } from '../schemas/registry/types.ts';
import { resourceMeta } from '../schemas/registry/resourceMeta.ts';
import { generatedFile, quote, tsLiteral } from './tsSource.ts';

/** The metadata types the runtime imports from resources.ts, defined with the registry's types. */
const META_TYPES = [
  'ActionMeta',
  'CallMeta',
  'ColumnMeta',
  'FieldKind',
  'FieldMeta',
  'FieldUiMeta',
  'FormMeta',
  'JsonSchemaMeta as JsonSchema',
  'LinkMeta',
  'ListMeta',
  'RelationMeta',
  'ResourceMeta',
  'SearchFieldMeta',
];

/** schemas/registry/types.ts, where the metadata types are defined. */
const REGISTRY_TYPES = fileURLToPath(new URL('../schemas/registry/types.ts', import.meta.url));

/** Generate resources.ts into outDir, importing the metadata types from the registry's. */
export function emitResources(registry: Registry, outDir: string): string {
  const data = Object.fromEntries(registry.resources.map((r) => [r.name, resourceMeta(r)]));
  const from = quote(relative(resolve(outDir), REGISTRY_TYPES).split('\\').join('/'));
  const imports = `import type { ResourceMeta } from ${from};\n\nexport type { ${META_TYPES.join(', ')} } from ${from};`;
  const decl = 'export const resources: Record<string, ResourceMeta> = ';
  // A JSON round trip proves the data serialisable and drops what JSON would drop.
  const literal = tsLiteral(JSON.parse(JSON.stringify(data)), '', decl.length);
  return generatedFile(`${imports}\n\n${decl}${literal};`);
}
