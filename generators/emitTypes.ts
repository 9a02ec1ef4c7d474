/**
 * types.ts: the record, input and query types of every resource, the Params / Body
 * types of declared calls (json-schema-to-typescript over the resource files' JSON
 * Schemas), and the platform's shared wire types (Envelope, Page, TreeNode).
 */
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { CUSTOM_KEYWORDS } from '../schemas/registry/ajv.ts';
import { clientName } from '../schemas/registry/callRefs.ts';
import { RegistryError, type RegistryIssue } from '../schemas/registry/loadRegistry.ts';
import type { CallDef, FieldDef, JsonSchema, Registry, Resource } from '../schemas/registry/types.ts';
import { PRINT_WIDTH, generatedFile, isReservedWord, jsDoc, pascalCase, propertyKey, tsLiteral } from './tsSource.ts';

/**
 * Keywords removed before compiling: the registry's annotations (x-dict, x-hash) mean
 * nothing to TypeScript; a title would turn a nested object into a separately named
 * (and possibly colliding) interface; tsType could name a type no file declares.
 */
const IGNORED_KEYWORDS = new Set([...CUSTOM_KEYWORDS, 'title', '$id', '$schema', 'tsType']);

const COMPILE_OPTIONS = {
  bannerComment: '',
  additionalProperties: false,
  strictIndexSignatures: true,
  unknownAny: true,
  format: true,
  // Every Prettier option that affects layout, so no default or config file can change the output.
  style: {
    printWidth: PRINT_WIDTH,
    tabWidth: 2,
    useTabs: false,
    semi: true,
    singleQuote: true,
    bracketSpacing: true,
    trailingComma: 'all' as const,
    endOfLine: 'lf' as const,
  },
};

/** Names of the types generated for a resource and its calls. */
export const typeNames = {
  record: (r: Resource) => r.name,
  input: (r: Resource) => `${r.name}Input`,
  query: (r: Resource) => `${r.name}Query`,
  params: (c: CallDef) => `${pascalCase(clientName(c))}Params`,
  body: (c: CallDef) => `${pascalCase(clientName(c))}Body`,
};

/** Types shared by every resource, named by the platform's wire contract. */
const SHARED_TYPES = `/** The platform's response envelope. */
export interface Envelope<T> {
  /** 200 on success. */
  status: number;
  /** "success", or a human-readable reason. */
  message: string;
  data: T;
  /** The mock convention: some failures carry code instead of status. */
  code?: number;
}

export interface Pagination {
  total: number;
  pageSize: number;
  current: number;
}

/** data of a query call. */
export interface Page<T> {
  list: T[];
  pagination: Pagination;
}

/** A row of a tree call. */
export type TreeNode<T> = T & { children?: TreeNode<T>[] };

/** Paging and sorting parameters every query call takes. */
export interface PageQuery {
  /** 1-based. */
  currentPage?: number;
  pageSize?: number;
  /** field_ascend or field_descend, for example createTime_descend. */
  sorter?: string;
}`;

/** A schema ready for json-schema-to-typescript: ignored keywords gone, free-form objects open. */
function toCompileSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toCompileSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    // Property names are not keywords: a field named "title" stays.
    if (
      (key === 'properties' || key === 'patternProperties' || key === 'definitions') &&
      value &&
      typeof value === 'object' &&
      !Array.isArray(value)
    ) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, toCompileSchema(sub)]));
      continue;
    }
    if (IGNORED_KEYWORDS.has(key)) continue;
    // enum, const, default and examples hold data, not schemas.
    out[key] = ['enum', 'const', 'default', 'examples'].includes(key) ? value : toCompileSchema(value);
  }
  const isObject = out.type === 'object' || (Array.isArray(out.type) && out.type.includes('object'));
  if (isObject && out.properties === undefined && out.additionalProperties === undefined) out.additionalProperties = true;
  return out;
}

/** One exported interface with a doc comment: the given line, then the schema's own description. */
async function compileInterface(schema: JsonSchema, name: string, doc: string): Promise<string> {
  const { description, ...rest } = schema;
  const lines = [doc, ...(typeof description === 'string' ? [description] : [])];
  const code = (await compile(toCompileSchema(rest) as JSONSchema, name, COMPILE_OPTIONS)).trim();
  return `${jsDoc(lines)}\n${code}`;
}

/** Label fields that list answers add for relations (relation.as), typed like the target's label. */
function relationLabels(r: Resource, registry: Registry): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [field, rel] of Object.entries(r.relations)) {
    if (!rel.as) continue;
    const label = registry.byName.get(rel.resource)?.fieldMap.get(rel.labelField)?.schema ?? { type: 'string' };
    out[rel.as] = rel.through
      ? { type: ['array', 'null'], items: label, description: `Labels of ${field} (${rel.resource}.${rel.labelField}), in list answers.` }
      : { ...label, description: `Label of ${field} (${rel.resource}.${rel.labelField}), in list answers.` };
  }
  return out;
}

/**
 * The record as the server returns it: system fields added, writeOnly fields optional,
 * relation labels added as optional fields.
 */
function recordSchema(r: Resource, registry: Registry): JsonSchema {
  const props = { ...r.record.properties, ...relationLabels(r, registry) };
  // A many-valued relation without values is answered as null.
  for (const f of r.fields) if (f.link) props[f.name] = { ...f.schema, type: ['array', 'null'] };
  const secret = new Set(r.fields.filter((f) => f.secret).map((f) => f.name));
  const system = Object.fromEntries(r.fields.filter((f) => f.system).map((f) => [f.name, f.schema]));
  const { id, ...otherSystem } = system;
  // A service resource's rows (list.source) are the call's answer: no id of their own.
  const withId = r.kind !== 'service';
  const required = (r.record.required ?? []).filter((n) => !secret.has(n));
  // A stored record's value it does not have is answered as null (a NULL column, a relation
  // without a label); a service resource's rows are whatever its call answers.
  if (withId) {
    // The server always sets an x-auto field (a `server` one only when it has a default).
    const alwaysSet = new Set(
      r.fields.filter((f) => f.auto === 'username' || (f.auto === 'server' && f.schema.default !== undefined)).map((f) => f.name),
    );
    for (const [name, schema] of Object.entries(props)) {
      if (!required.includes(name) && !secret.has(name) && !alwaysSet.has(name)) props[name] = nullable(schema);
    }
  }
  return {
    type: 'object',
    additionalProperties: false,
    required: [...(withId ? ['id'] : []), ...required],
    properties: { ...(withId ? { id: id ?? { type: 'integer' } } : {}), ...props, ...otherSystem },
  };
}

/** The schema that also allows null. */
function nullable(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  if (Array.isArray(out.enum)) {
    if (!out.enum.includes(null)) out.enum = [...out.enum, null];
  } else if (out.const !== undefined) {
    out.enum = [out.const, null];
    delete out.const;
  } else if (out.type === undefined) {
    const { description, ...rest } = out;
    return { ...(description === undefined ? {} : { description }), anyOf: [rest, { type: 'null' }] };
  }
  if (typeof out.type === 'string' && out.type !== 'null') out.type = [out.type, 'null'];
  else if (Array.isArray(out.type) && !out.type.includes('null')) out.type = [...out.type, 'null'];
  return out;
}

/** The body of an add call: the record's own fields, required as declared. */
function inputSchema(r: Resource): JsonSchema {
  return { ...r.record, type: 'object', additionalProperties: false };
}

/** The TypeScript type of a filter value. */
function filterType(field: FieldDef, range: boolean): string {
  if (range || field.type === 'datetime' || field.type === 'date' || field.type === 'json') return 'string';
  if (Array.isArray(field.schema.enum) && field.schema.enum.length > 0) {
    return field.schema.enum.map((v) => tsLiteral(v)).join(' | ');
  }
  if (field.type === 'integer' || field.type === 'number') return 'number';
  if (field.type === 'boolean') return 'boolean';
  return 'string';
}

/** Filters a query call accepts: search fields, the filter-tree field and detail foreign keys. */
function queryFilters(r: Resource, registry: Registry): { field: FieldDef; doc: string; range: boolean }[] {
  const filters = new Map<string, { field: FieldDef; doc: string; range: boolean }>();
  const add = (name: string, doc: string, range = false, field = r.fieldMap.get(name)) => {
    if (field && !field.secret && !filters.has(name)) filters.set(name, { field, doc, range });
  };
  for (const s of [...r.list.search.basic, ...r.list.search.advanced]) {
    const link = s.link ? r.links[s.link] : undefined;
    if (link) {
      const valueKey = registry.byName.get(link.through.resource)?.fieldMap.get(link.through.valueKey);
      add(
        s.field,
        `exact: the records linked to this ${link.resource}.${link.valueField} (links.${s.link})`,
        false,
        valueKey && { ...valueKey, name: s.field },
      );
    } else add(s.field, s.match === 'range' ? 'range: from,to' : s.match, s.match === 'range');
  }
  if (r.list.filterTree) {
    const { field, resource, subtree } = r.list.filterTree;
    add(
      field,
      subtree ? `a node of the ${resource} tree: its records and those of every node under it` : `exact: a node of the ${resource} tree`,
    );
  }
  for (const other of registry.resources) {
    if (other.list.detail?.resource === r.name) add(other.list.detail.foreignKey, `exact: the ${other.name} row shown above`);
  }
  return [...filters.values()];
}

function queryInterface(r: Resource, registry: Registry): string {
  const lines = [jsDoc([`Parameters of query${r.name} and export${r.name}: paging, sorting and filters.`])];
  const filters = queryFilters(r, registry);
  if (filters.length === 0) return `${lines[0]}\nexport type ${typeNames.query(r)} = PageQuery;`;
  lines.push(`export interface ${typeNames.query(r)} extends PageQuery {`);
  for (const { field, doc, range } of filters) {
    lines.push(jsDoc([doc], '  '), `  ${propertyKey(field.name)}?: ${filterType(field, range)};`);
  }
  lines.push('}');
  return lines.join('\n');
}

interface TypeOrigin {
  file: string;
  pointer: string;
}

/** Generate types.ts. Throws RegistryError when two generated types would share a name. */
export async function emitTypes(registry: Registry): Promise<string> {
  const blocks: string[] = [SHARED_TYPES];
  const origins = new Map<string, TypeOrigin>(
    ['Envelope', 'Pagination', 'Page', 'TreeNode', 'PageQuery'].map((n) => [n, { file: '(shared types)', pointer: '' }]),
  );
  const issues: RegistryIssue[] = [];
  const claim = (name: string, origin: TypeOrigin) => {
    const prior = origins.get(name);
    if (prior) {
      issues.push({
        ...origin,
        message: `generated type name "${name}" is also produced by ${prior.file}${prior.pointer ? ` at ${prior.pointer}` : ''}`,
      });
    } else if (isReservedWord(name)) {
      issues.push({ ...origin, message: `"${name}" cannot name a TypeScript type` });
    }
    origins.set(name, origin);
  };

  for (const r of registry.resources) {
    const parts: string[] = [`// ${r.name} (${r.file})`];
    if (r.kind !== 'service' || r.list.source) {
      claim(typeNames.record(r), { file: r.file, pointer: '/name' });
      parts.push(await compileInterface(recordSchema(r, registry), typeNames.record(r), `A ${r.name} record as the server returns it.`));
    }
    if (r.kind === 'entity') {
      claim(typeNames.input(r), { file: r.file, pointer: '/name' });
      parts.push(await compileInterface(inputSchema(r), typeNames.input(r), `Body of add${r.name}: the record without its system fields.`));
      claim(typeNames.query(r), { file: r.file, pointer: '/name' });
      parts.push(queryInterface(r, registry));
    }
    const declared = r.calls.filter((c) => c.verb === 'custom');
    for (const [i, c] of declared.entries()) {
      if (c.query) {
        claim(typeNames.params(c), { file: r.file, pointer: `/calls/${i}/query` });
        parts.push(await compileInterface(c.query, typeNames.params(c), `Query parameters of ${c.name}.`));
      }
      if (c.body) {
        claim(typeNames.body(c), { file: r.file, pointer: `/calls/${i}/body` });
        parts.push(await compileInterface(c.body, typeNames.body(c), `Body of ${c.name}.`));
      }
    }
    if (parts.length > 1) blocks.push(joinDeclarations(parts));
  }
  if (issues.length) throw new RegistryError(issues);
  return generatedFile(blocks.join('\n\n'));
}

/** A comment sticks to what follows it; declarations are a blank line apart. */
function joinDeclarations(parts: string[]): string {
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i++) {
    const prev = parts[i - 1]!;
    out += (prev.startsWith('//') ? '\n' : '\n\n') + parts[i]!;
  }
  return out;
}
