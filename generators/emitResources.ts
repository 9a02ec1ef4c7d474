/**
 * resources.ts: the normalised registry as plain data for the browser runtime (the
 * generic list, search, form, detail and actions read it), with defaults applied.
 */
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallDef, CallMeta, FieldDef, FieldMeta, Registry, Resource, ResourceMeta } from '../schemas/registry/types.ts';
import { generatedFile, quote, tsLiteral } from './tsSource.ts';

/** The metadata types the runtime imports from resources.ts, defined with the registry's types. */
const META_TYPES = ['ActionMeta', 'CallMeta', 'ColumnMeta', 'FieldKind', 'FieldMeta', 'FieldUiMeta', 'FormMeta', 'JsonSchemaMeta as JsonSchema', 'LinkMeta', 'ListMeta', 'RelationMeta', 'ResourceMeta', 'SearchFieldMeta'];

/** schemas/registry/types.ts, where the metadata types are defined. */
const REGISTRY_TYPES = fileURLToPath(new URL('../schemas/registry/types.ts', import.meta.url));

function fieldMeta(f: FieldDef): FieldMeta {
  return { name: f.name, type: f.type, required: f.required, system: f.system, secret: f.secret, dict: f.dict, label: f.label, kind: f.kind };
}

function callMeta(c: CallDef): CallMeta {
  return { name: c.name, method: c.method, url: c.url, verb: c.verb, auth: c.auth, permission: c.permission, result: c.result };
}

/** One resource as JSON-serialisable data (Maps dropped, undefined members omitted). */
export function resourceMeta(r: Resource): ResourceMeta {
  return {
    name: r.name,
    service: r.service,
    path: r.path,
    kind: r.kind,
    scope: r.scope,
    menu: r.menu,
    labels: r.labels,
    record: r.record,
    fields: r.fields.map(fieldMeta),
    list: r.list,
    form: r.form,
    actions: r.actions,
    relations: r.relations,
    links: r.links,
    calls: r.calls.map(callMeta),
  };
}

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
