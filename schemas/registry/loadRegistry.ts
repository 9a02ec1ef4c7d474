/**
 * Reads, validates and normalises the resource files of a schemas directory.
 * The server, the generators and the tests all load resources through here, so a
 * mistake in a file is reported the same way everywhere: file, JSON pointer, message.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, basename } from 'node:path';
import type { Ajv, ErrorObject } from 'ajv';
import type {
  ActionDef,
  CallDef,
  CallResult,
  CallVerb,
  FieldDef,
  FieldType,
  HttpMethod,
  JsonSchema,
  ListSource,
  MatchMode,
  Registry,
  Resource,
  ResourceFile,
  SearchField,
} from './types.ts';
import { LOCALES, type Locale, hasMessage, loadLocales, missingSharedLabels } from './locales.ts';
import { toSnakeCase } from './naming.ts';
import { createAjv } from './ajv.ts';

export interface RegistryIssue {
  file: string;
  pointer: string;
  message: string;
}

export class RegistryError extends Error {
  readonly issues: RegistryIssue[];
  constructor(issues: RegistryIssue[]) {
    super(
      `Invalid resource files:\n` +
        issues.map((i) => `  ${i.file} at ${i.pointer || '/'}: ${i.message}`).join('\n'),
    );
    this.name = 'RegistryError';
    this.issues = issues;
  }
}

export const SYSTEM_FIELDS = ['id', 'tenantCode', 'createTime', 'updateTime'] as const;
export const STANDARD_ACTIONS = [
  'query',
  'add',
  'update',
  'delete',
  'export',
  'exportWord',
  'exportPdf',
  'import',
  'print',
  'view',
] as const;
/**
 * Standard calls of an entity resource and the action whose button permission guards each:
 * the resource's action of the call's own name when the file declares it, else `fallback`'s
 * (Word and PDF exports fall back to the export button, import to the add button).
 */
const STANDARD_CALLS: readonly { verb: Exclude<CallVerb, 'custom'>; method: HttpMethod; action: string; fallback?: string; result: CallResult; what?: string; urlVerb?: string }[] = [
  { verb: 'query', method: 'GET', action: 'query', result: 'envelope' },
  { verb: 'add', method: 'POST', action: 'add', result: 'envelope' },
  { verb: 'update', method: 'PUT', action: 'update', result: 'envelope' },
  { verb: 'delete', method: 'POST', action: 'delete', result: 'envelope' },
  { verb: 'export', method: 'POST', action: 'export', result: 'blob' },
  { verb: 'exportWord', method: 'POST', action: 'exportWord', fallback: 'export', result: 'blob', what: 'as a Word document' },
  // The platform spells this URL with PDF in capitals (exportPDFSysUser); the call keeps its name.
  { verb: 'exportPdf', method: 'POST', action: 'exportPdf', fallback: 'export', result: 'blob', what: 'as a PDF document', urlVerb: 'exportPDF' },
  { verb: 'import', method: 'POST', action: 'import', fallback: 'add', result: 'envelope', what: 'from a spreadsheet (multipart/form-data, file field "file")' },
];

const SYSTEM_LABELS: Record<string, string> = {
  id: 'common.fields.id',
  tenantCode: 'common.fields.tenantCode',
  createTime: 'common.fields.createTime',
  updateTime: 'common.fields.updateTime',
};

/** Values the server can set a field to (x-auto). */
export const AUTO_VALUES = ['username', 'server'] as const;

/** The project's Ajv (schemas/registry/ajv.ts), strict: a record schema with an unknown keyword is refused. */
export function createSchemaAjv(): Ajv {
  return createAjv({ strict: true, strictRequired: false });
}

function metaSchemaPath(schemasDir: string): string {
  return join(schemasDir, 'resource.schema.json');
}

function ajvIssues(file: string, errors: ErrorObject[] | null | undefined, base = ''): RegistryIssue[] {
  return (errors ?? []).map((e) => {
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'additionalProperties') {
      message = `unknown property "${String((e.params as { additionalProperty: string }).additionalProperty)}"`;
    } else if (e.keyword === 'enum') {
      message = `must be one of ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}`;
    }
    return { file, pointer: base + e.instancePath, message };
  });
}

function fieldType(schema: JsonSchema): FieldType {
  const t = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (t === 'string') return schema.format === 'date-time' ? 'datetime' : schema.format === 'date' ? 'date' : 'string';
  if (t === 'integer') return 'integer';
  if (t === 'number') return 'number';
  if (t === 'boolean') return 'boolean';
  return 'json';
}

function defaultMatch(field: FieldDef): MatchMode {
  if (field.type === 'datetime' || field.type === 'date' || field.type === 'number') return 'range';
  if (field.type !== 'string') return 'exact';
  if (field.dict || field.schema.enum || /(Code|Id|Type|Key)$/.test(field.name)) return 'exact';
  return 'contains';
}

function pascalToLower(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

export interface LoadOptions {
  /** Check label keys against the locale files (default true). */
  checkLocales?: boolean;
}

/** Load every resource file of `schemasDir/resources`. Throws RegistryError listing every mistake. */
export function loadRegistry(schemasDir: string, options: LoadOptions = {}): Registry {
  const issues: RegistryIssue[] = [];
  const resourcesDir = join(schemasDir, 'resources');
  const metaAjv = createAjv();
  const meta = JSON.parse(readFileSync(metaSchemaPath(schemasDir), 'utf8')) as object;
  const validateMeta = metaAjv.compile(meta);
  const schemaAjv = createSchemaAjv();

  const files = readdirSync(resourcesDir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const parsed: { file: string; doc: ResourceFile }[] = [];
  for (const f of files) {
    const file = join('resources', f);
    let doc: unknown;
    try {
      doc = JSON.parse(readFileSync(join(resourcesDir, f), 'utf8'));
    } catch (err) {
      issues.push({ file, pointer: '', message: `not valid JSON: ${(err as Error).message}` });
      continue;
    }
    if (!validateMeta(doc)) {
      issues.push(...ajvIssues(file, validateMeta.errors));
      continue;
    }
    const rf = doc as ResourceFile;
    if (rf.record) {
      try {
        schemaAjv.compile(rf.record);
      } catch (err) {
        issues.push({ file, pointer: '/record', message: `not a valid JSON Schema: ${(err as Error).message}` });
        continue;
      }
    }
    parsed.push({ file, doc: rf });
  }

  const resources: Resource[] = parsed.map(({ file, doc }) => normalise(file, doc, issues));
  const byName = new Map<string, Resource>();
  const byPath = new Map<string, Resource>();
  for (const r of resources) {
    if (byName.has(r.name)) {
      issues.push({ file: r.file, pointer: '/name', message: `resource name "${r.name}" is also used by ${byName.get(r.name)!.file}` });
    }
    byName.set(r.name, r);
    const key = `${r.service}/${r.path}`;
    if (byPath.has(key)) {
      issues.push({ file: r.file, pointer: '/path', message: `URL prefix /api/${key} is also used by ${byPath.get(key)!.file}` });
    }
    byPath.set(key, r);
  }
  const tables = new Map<string, Resource>();
  for (const r of resources) {
    if (r.kind === 'service') continue;
    if (tables.has(r.table)) {
      issues.push({ file: r.file, pointer: '/table', message: `table "${r.table}" is also used by ${tables.get(r.table)!.file}` });
    }
    tables.set(r.table, r);
  }
  const allCallNames = new Set(resources.flatMap((r) => r.calls.map((c) => c.name)));
  for (const r of resources) crossCheck(r, byName, allCallNames, issues);

  if (options.checkLocales !== false) {
    const locales = loadLocales(schemasDir);
    for (const r of resources) checkLabels(r, locales, issues);
    for (const { locale, key, from } of missingSharedLabels(locales)) {
      issues.push({ file: `locales/${locale}.json`, pointer: `/${key.split('.').map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`, message: `i18n key "${key}" is in schemas/locales/${from}.json but missing here` });
    }
  }

  const calls: CallDef[] = [];
  const callByUrl = new Map<string, CallDef>();
  for (const r of resources) {
    for (const c of r.calls) {
      const prior = callByUrl.get(c.url);
      if (prior) {
        issues.push({ file: r.file, pointer: '/calls', message: `call ${c.url} is also declared by resource ${prior.resource}` });
        continue;
      }
      callByUrl.set(c.url, c);
      calls.push(c);
    }
  }

  if (issues.length) throw new RegistryError(issues);
  return { resources, byName, calls, callByUrl };
}

function normalise(file: string, doc: ResourceFile, issues: RegistryIssue[]): Resource {
  const scope = doc.scope ?? 'tenant';
  const record: JsonSchema = doc.record ?? { type: 'object', properties: {} };
  const props = record.properties ?? {};
  const required = new Set(record.required ?? []);
  for (const [i, name] of (record.required ?? []).entries()) {
    if (!props[name]) issues.push({ file, pointer: `/record/required/${i}`, message: `required field "${name}" is not a property` });
  }
  const labelFields = doc.labels.fields ?? {};
  const fields: FieldDef[] = Object.entries(props).map(([name, schema]) => ({
    name,
    column: toSnakeCase(name),
    type: fieldType(schema),
    schema,
    required: required.has(name),
    system: false,
    secret: schema.writeOnly === true,
    hash: schema['x-hash'] === 'scrypt',
    dict: schema['x-dict'],
    label: labelFields[name] ?? '',
    ...(schema['x-auto'] ? { auto: schema['x-auto'] } : {}),
    ...(schema['x-notBefore'] ? { notBefore: schema['x-notBefore'] } : {}),
  }));
  if (scope === 'tenant' && props.tenantCode) {
    issues.push({ file, pointer: '/record/properties/tenantCode', message: 'tenantCode is a system field of tenant-scoped resources' });
  }
  for (const [name, schema] of Object.entries(props)) {
    if (schema['x-hash'] && schema.writeOnly !== true) {
      issues.push({ file, pointer: `/record/properties/${name}`, message: 'a hashed field (x-hash) must be writeOnly' });
    }
    if (!labelFields[name]) {
      issues.push({ file, pointer: `/labels/fields`, message: `field "${name}" has no label key` });
    }
    const auto = schema['x-auto'];
    if (auto !== undefined) {
      if (!(AUTO_VALUES as readonly string[]).includes(auto)) {
        issues.push({ file, pointer: `/record/properties/${name}/x-auto`, message: `must be one of ${AUTO_VALUES.join(', ')}` });
      }
      if (auto === 'username' && fieldType(schema) !== 'string') issues.push({ file, pointer: `/record/properties/${name}/x-auto`, message: 'a field the server sets to the username must be a string' });
      if (required.has(name)) issues.push({ file, pointer: `/record/properties/${name}/x-auto`, message: 'a field the server sets cannot be required' });
    }
    const notBefore = schema['x-notBefore'];
    if (notBefore !== undefined) {
      const other = props[notBefore];
      // one kind of value: numbers with numbers, days and times with each other (compared by day when mixed)
      const kind = (s: JsonSchema) => ({ datetime: 'time', date: 'time', integer: 'integer', number: 'number' } as Partial<Record<FieldType, string>>)[fieldType(s)];
      if (!other || notBefore === name) issues.push({ file, pointer: `/record/properties/${name}/x-notBefore`, message: `"${notBefore}" is not another field of the record` });
      else if (!kind(schema) || kind(other) !== kind(schema)) {
        issues.push({ file, pointer: `/record/properties/${name}/x-notBefore`, message: `"${name}" and "${notBefore}" must both be date or date-time fields, or both integer or both number fields` });
      }
    }
  }
  if (doc.kind !== 'service') {
    const sys: [string, FieldType, JsonSchema][] = [
      ['id', 'integer', { type: 'integer', readOnly: true }],
      ['tenantCode', 'string', { type: 'string', readOnly: true }],
      ['createTime', 'datetime', { type: 'string', format: 'date-time', readOnly: true }],
      ['updateTime', 'datetime', { type: 'string', format: 'date-time', readOnly: true }],
    ];
    for (const [name, type, schema] of sys) {
      if (name === 'tenantCode' && scope !== 'tenant') continue;
      fields.push({
        name,
        column: toSnakeCase(name),
        type,
        schema,
        required: false,
        system: true,
        secret: false,
        hash: false,
        label: labelFields[name] ?? SYSTEM_LABELS[name]!,
      });
    }
  }
  const fieldMap = new Map(fields.map((f) => [f.name, f]));
  const has = (name: string) => fieldMap.has(name);
  const recordField = (name: string) => !!props[name];
  const check = (ok: boolean, pointer: string, message: string) => {
    if (!ok) issues.push({ file, pointer, message });
  };

  for (const key of Object.keys(labelFields)) {
    check(has(key), `/labels/fields/${key}`, `label for unknown field "${key}"`);
  }

  // list
  const list = doc.list ?? {};
  const rowKey = list.rowKey ?? 'id';
  if (doc.kind !== 'service' || list.source) check(has(rowKey), '/list/rowKey', `unknown field "${rowKey}"`);
  const columns = list.columns ?? fields.filter((f) => !f.secret && !(f.system && f.name === 'tenantCode')).map((f) => ({ field: f.name }));
  columns.forEach((c, i) => {
    check(has(c.field), `/list/columns/${i}/field`, `unknown field "${c.field}"`);
    const f = fieldMap.get(c.field);
    if (f?.secret) check(false, `/list/columns/${i}/field`, `field "${c.field}" is writeOnly and cannot be a column`);
  });
  const normSearch = (entries: (string | Partial<SearchField>)[] | undefined, where: string): SearchField[] =>
    (entries ?? []).map((e, i) => {
      const fieldName = typeof e === 'string' ? e : (e.field ?? '');
      const f = fieldMap.get(fieldName);
      check(!!f, `/list/search/${where}/${i}`, `unknown field "${fieldName}"`);
      if (f?.secret) check(false, `/list/search/${where}/${i}`, `field "${fieldName}" is writeOnly and cannot be searched`);
      const match = (typeof e === 'string' ? undefined : e.match) ?? (f ? defaultMatch(f) : 'exact');
      return { field: fieldName, match };
    });
  const search = { basic: normSearch(list.search?.basic, 'basic'), advanced: normSearch(list.search?.advanced, 'advanced') };
  const defaultSort = list.defaultSort ?? (doc.kind === 'service' ? '' : 'createTime_descend');
  if (defaultSort) {
    const sortField = defaultSort.replace(/_(ascend|descend)$/, '');
    check(has(sortField), '/list/defaultSort', `unknown field "${sortField}"`);
  }
  if (list.tree) {
    for (const k of ['keyField', 'parentField', 'labelField'] as const) {
      check(has(list.tree[k]), `/list/tree/${k}`, `unknown field "${list.tree[k]}"`);
    }
    if (list.tree.sequenceField) check(has(list.tree.sequenceField), '/list/tree/sequenceField', `unknown field "${list.tree.sequenceField}"`);
    if (list.tree.titleField) check(has(list.tree.titleField), '/list/tree/titleField', `unknown field "${list.tree.titleField}"`);
  }
  check(list.mode !== 'tree' || !!list.tree, '/list/mode', 'tree mode needs list.tree');
  const source: ListSource | undefined = list.source && { call: list.source.call, paged: list.source.paged ?? false, requires: list.source.requires ?? [] };
  if (source) {
    check(doc.kind !== 'entity', '/list/source', 'an entity lists its records with its own query call; list.source is for link and service resources');
    check(list.mode !== 'tree', '/list/mode', 'a list from list.source is flat');
    source.requires.forEach((n, i) => check(n === list.filterTree?.field, `/list/source/requires/${i}`, `"${n}" is not the filter tree's field (list.filterTree.field)`));
  }

  // form
  const form = doc.form ?? {};
  const order = form.order ?? fields.filter((f) => !f.system).map((f) => f.name);
  const create = form.create ?? order;
  const edit = form.edit ?? order.filter((n) => !fieldMap.get(n)?.secret);
  const readOnlyOnEdit = form.readOnlyOnEdit ?? [];
  for (const [key, names] of Object.entries({ order, create, edit, readOnlyOnEdit })) {
    names.forEach((n, i) => check(recordField(n), `/form/${key}/${i}`, `unknown record field "${n}"`));
  }
  for (const key of Object.keys(form.ui ?? {})) check(recordField(key), `/form/ui/${key}`, `unknown record field "${key}"`);

  // actions
  const declaredCalls = doc.calls ?? [];
  const actions: ActionDef[] = (doc.actions ?? []).map((a, i) => {
    const kind = a.kind ?? 'standard';
    if (kind === 'standard') {
      check((STANDARD_ACTIONS as readonly string[]).includes(a.name), `/actions/${i}/name`, `"${a.name}" is not a standard action (${STANDARD_ACTIONS.join(', ')}); use kind "custom"`);
    }
    // A call of another resource is checked once the registry is loaded (crossCheck).
    if (a.hideWhen) check(fieldMap.get(a.hideWhen)?.type === 'boolean', `/actions/${i}/hideWhen`, `"${a.hideWhen}" is not a boolean field`);
    if (a.showWhen) check(fieldMap.get(a.showWhen)?.type === 'boolean', `/actions/${i}/showWhen`, `"${a.showWhen}" is not a boolean field`);
    if (a.typeToConfirm !== undefined) {
      const f = fieldMap.get(a.typeToConfirm);
      const alone = (doc.storage?.unique ?? []).some((set) => set.length === 1 && set[0] === a.typeToConfirm);
      check(kind === 'standard' && a.name === 'delete', `/actions/${i}/typeToConfirm`, 'only the delete action asks for a value to be typed');
      check(!!f && !f.system && f.type === 'string' && f.required && !f.secret && alone, `/actions/${i}/typeToConfirm`, `"${a.typeToConfirm}" is not a required string field unique on its own (storage.unique)`);
    }
    return { ...a, kind };
  });
  const seenActions = new Set<string>();
  actions.forEach((a, i) => {
    check(!seenActions.has(a.name), `/actions/${i}/name`, `duplicate action "${a.name}"`);
    seenActions.add(a.name);
  });

  // calls
  const calls: CallDef[] = [];
  const urlOf = (name: string) => `/api/${doc.service}/${doc.path}/${name}`;
  const actionPermission = (name: string) => actions.find((a) => a.name === name)?.permission;
  if (doc.kind === 'entity') {
    for (const sc of STANDARD_CALLS) {
      const name = `${sc.verb}${doc.name}`;
      calls.push({
        resource: doc.name,
        name,
        verb: sc.verb,
        method: sc.method,
        url: urlOf(`${sc.urlVerb ?? sc.verb}${doc.name}`),
        handler: doc.handlers?.[sc.verb] ?? `crud.${sc.verb}`,
        auth: 'grant',
        permission: actionPermission(sc.action) ?? (sc.fallback ? actionPermission(sc.fallback) : undefined),
        description: `${sc.verb} ${doc.name}${sc.what ? ` ${sc.what}` : ''}`,
        result: sc.result,
        options: {},
      });
    }
    if (list.tree) {
      const name = `query${doc.name}Tree`;
      calls.push({
        resource: doc.name,
        name,
        verb: 'tree',
        method: 'GET',
        url: urlOf(name),
        handler: doc.handlers?.tree ?? 'crud.tree',
        auth: 'grant',
        permission: actionPermission('query'),
        description: `tree of ${doc.name}`,
        result: 'envelope',
        options: {},
      });
    }
  }
  for (const verb of Object.keys(doc.handlers ?? {})) {
    check(calls.some((c) => c.verb === verb), `/handlers/${verb}`, `the resource has no standard ${verb} call`);
  }
  const standardNames = new Set(calls.map((c) => c.name));
  declaredCalls.forEach((c, i) => {
    check(!standardNames.has(c.name), `/calls/${i}/name`, `"${c.name}" is a standard call of this resource`);
    calls.push({
      resource: doc.name,
      name: c.name,
      verb: 'custom',
      method: c.method,
      url: urlOf(c.name),
      handler: c.handler,
      auth: c.auth ?? 'grant',
      permission: c.permission,
      description: c.description ?? c.name,
      // The meta-schema checked their shape and createSchemaAjv() compiles them as JSON Schemas.
      query: c.query as JsonSchema | undefined,
      body: c.body as JsonSchema | undefined,
      result: c.result ?? 'envelope',
      options: c.options ?? {},
    });
  });
  const seenCalls = new Set<string>();
  declaredCalls.forEach((c, i) => {
    check(!seenCalls.has(c.name), `/calls/${i}/name`, `duplicate call "${c.name}"`);
    seenCalls.add(c.name);
  });

  // relations and storage
  const relations = doc.relations ?? {};
  for (const key of Object.keys(relations)) check(recordField(key), `/relations/${key}`, `unknown record field "${key}"`);
  // A many-valued relation: an array field whose values live in a link resource's rows.
  for (const [key, rel] of Object.entries(relations)) {
    const f = fieldMap.get(key);
    if (!rel.through || !f || f.system) continue;
    f.link = rel.through;
    const pointer = `/relations/${key}/through`;
    check(doc.kind === 'entity', pointer, 'only an entity keeps relation values in a link resource');
    check(f.schema.type === 'array' && typeof f.schema.items === 'object', `/record/properties/${key}`, 'a relation kept in a link resource is an array of values (type "array" with "items")');
    check(!required.has(key), `/record/required`, `"${key}" is kept in a link resource and cannot be required (no values is an empty array)`);
    columns.forEach((c, i) => check(c.field !== key || !('sortable' in c && c.sortable), `/list/columns/${i}/sortable`, `"${key}" is kept in a link resource and cannot be sorted by`));
    for (const where of ['basic', 'advanced'] as const) search[where].forEach((s, i) => check(s.field !== key, `/list/search/${where}/${i}`, `"${key}" is kept in a link resource and cannot be searched`));
    check(list.filterTree?.field !== key, '/list/filterTree/field', `"${key}" is kept in a link resource and cannot be filtered by`);
  }
  for (const [key, rel] of Object.entries(relations)) {
    if (!rel.through) check(fieldMap.get(key)?.schema.type !== 'array', `/relations/${key}`, `"${key}" is an array: give the relation "through" (the link resource that keeps its values)`);
  }
  const storage = { unique: doc.storage?.unique ?? [], index: doc.storage?.index ?? [], lookup: doc.storage?.lookup ?? [] };
  for (const kind of ['unique', 'index', 'lookup'] as const) {
    storage[kind].forEach((set, i) =>
      set.forEach((n, j) => {
        check(has(n) && !fieldMap.get(n)!.system, `/storage/${kind}/${i}/${j}`, `unknown record field "${n}"`);
        check(!fieldMap.get(n)?.link, `/storage/${kind}/${i}/${j}`, `"${n}" is kept in a link resource, not a column`);
      }),
    );
  }
  check(!(doc.kind === 'service' && doc.storage), '/storage', 'a service resource has no table');
  check(!storage.lookup.length || scope === 'tenant', '/storage/lookup', 'a lookup across tenants is for a tenant-scoped resource (use index)');

  return {
    file,
    name: doc.name,
    service: doc.service,
    path: doc.path,
    kind: doc.kind,
    scope,
    table: doc.table ?? toSnakeCase(pascalToLower(doc.name)),
    menu: doc.menu,
    labels: { title: doc.labels.title, fields: Object.fromEntries(fields.map((f) => [f.name, f.label])) },
    record,
    fields,
    fieldMap,
    list: {
      rowKey,
      mode: list.mode ?? 'flat',
      pageSize: list.pageSize ?? 10,
      defaultSort,
      columns,
      search,
      tree: list.tree,
      filterTree: list.filterTree,
      detail: list.detail,
      source,
    },
    form: { order, create, edit, readOnlyOnEdit, ui: form.ui ?? {} },
    actions,
    calls,
    relations,
    storage,
  };
}

function crossCheck(r: Resource, byName: Map<string, Resource>, callNames: ReadonlySet<string>, issues: RegistryIssue[]): void {
  const check = (ok: boolean, pointer: string, message: string) => {
    if (!ok) issues.push({ file: r.file, pointer, message });
  };
  const ownCalls = new Set(r.calls.map((c) => c.name));
  r.actions.forEach((a, i) => {
    if (a.call) check(ownCalls.has(a.call) || callNames.has(a.call), `/actions/${i}/call`, `no call named "${a.call}" in calls of this or another resource`);
  });
  if (r.list.source) check(callNames.has(r.list.source.call), '/list/source/call', `no call named "${r.list.source.call}" in any resource`);
  for (const [key, rel] of Object.entries(r.relations)) {
    const target = byName.get(rel.resource);
    check(!!target, `/relations/${key}/resource`, `unknown resource "${rel.resource}"`);
    if (!target) continue;
    check(target.fieldMap.has(rel.valueField), `/relations/${key}/valueField`, `resource ${target.name} has no field "${rel.valueField}"`);
    check(target.fieldMap.has(rel.labelField), `/relations/${key}/labelField`, `resource ${target.name} has no field "${rel.labelField}"`);
    if (rel.as) check(!r.fieldMap.has(rel.as), `/relations/${key}/as`, `"${rel.as}" is already a field`);
    if (rel.through) {
      const pointer = `/relations/${key}/through`;
      const link = byName.get(rel.through.resource);
      check(link?.kind === 'link', `${pointer}/resource`, `"${rel.through.resource}" is not a link resource`);
      if (!link || link.kind !== 'link') continue;
      check(link.scope === r.scope, `${pointer}/resource`, `link resource ${link.name} is ${link.scope}-scoped, ${r.name} is ${r.scope}-scoped`);
      const recordKey = link.fieldMap.get(rel.through.recordKey);
      const valueKey = link.fieldMap.get(rel.through.valueKey);
      check(recordKey?.type === 'integer', `${pointer}/recordKey`, `resource ${link.name} has no integer field "${rel.through.recordKey}" (it holds the record's id)`);
      check(!!valueKey && valueKey.type === target.fieldMap.get(rel.valueField)?.type, `${pointer}/valueKey`, `resource ${link.name} has no field "${rel.through.valueKey}" of the type of ${target.name}.${rel.valueField}`);
    }
  }
  if (r.list.filterTree) {
    const target = byName.get(r.list.filterTree.resource);
    check(!!target?.list.tree, '/list/filterTree/resource', `"${r.list.filterTree.resource}" is not a tree resource`);
    check(r.fieldMap.has(r.list.filterTree.field), '/list/filterTree/field', `unknown field "${r.list.filterTree.field}"`);
    const valueField = r.list.filterTree.valueField;
    if (valueField !== undefined && target) check(target.fieldMap.has(valueField), '/list/filterTree/valueField', `resource ${target.name} has no field "${valueField}"`);
  }
  if (r.list.detail) {
    const target = byName.get(r.list.detail.resource);
    check(!!target, '/list/detail/resource', `unknown resource "${r.list.detail.resource}"`);
    if (target) check(target.fieldMap.has(r.list.detail.foreignKey), '/list/detail/foreignKey', `resource ${target.name} has no field "${r.list.detail.foreignKey}"`);
    const masterKey = r.list.detail.masterKey;
    if (masterKey !== undefined) check(r.fieldMap.has(masterKey), '/list/detail/masterKey', `resource ${r.name} has no field "${masterKey}"`);
  }
}

function checkLabels(r: Resource, locales: Record<Locale, Record<string, unknown>>, issues: RegistryIssue[]): void {
  const keys: [string, string][] = [['/labels/title', r.labels.title]];
  for (const f of r.fields) if (f.label) keys.push([`/labels/fields/${f.name}`, f.label]);
  for (const a of r.actions) if (a.label) keys.push([`/actions/${a.name}/label`, a.label]);
  for (const [field, ui] of Object.entries(r.form.ui)) {
    if (ui.placeholder) keys.push([`/form/ui/${field}/placeholder`, ui.placeholder]);
    if (ui.help) keys.push([`/form/ui/${field}/help`, ui.help]);
  }
  for (const [pointer, key] of keys) {
    for (const locale of LOCALES) {
      if (!hasMessage(locales[locale], key)) {
        issues.push({ file: r.file, pointer, message: `i18n key "${key}" is missing in schemas/locales/${locale}.json` });
      }
    }
  }
}

/** Load the registry and report like a compiler: used by the generator and the server start-up. */
export function resourceFileNames(schemasDir: string): string[] {
  const dir = join(schemasDir, 'resources');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => basename(f)) : [];
}
