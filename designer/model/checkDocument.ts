/**
 * Checks a designer document the way the registry checks a resource file (the meta-schema
 * schemas/resource.schema.json on the project's Ajv, the record schema compiled strictly, the
 * section checks of schemas/registry/normalise/), plus what only a document can get wrong
 * (a relation to a resource the registry does not have, a label missing in a language), and
 * builds the runtime metadata the console's record form renders. Each problem names its JSON
 * pointer in the document (`/resource/...` or `/messages/...`). Pure, no React.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import metaSchema from '../../schemas/resource.schema.json';
import { createAjv } from '../../schemas/registry/ajv.ts';
import { normalise } from '../../schemas/registry/normalise/index.ts';
import type { RegistryIssue } from '../../schemas/registry/normalise/context.ts';
import { resourceMeta } from '../../schemas/registry/resourceMeta.ts';
import type { ResourceFile, ResourceMeta } from '../../schemas/registry/types.ts';
import { LOCALES, type DesignDocument, type Locale } from './designDocument.ts';

export interface DocumentIssue {
  /** JSON pointer into the whole document ({resource, messages}). */
  pointer: string;
  message: string;
}

let validateMeta: ValidateFunction | undefined;
const schemaAjv = createAjv({ strict: true, strictRequired: false });

/** How many record schemas recordSchemaError remembers. */
const COMPILED_KEPT = 128;
const compiled = new Map<string, string | undefined>();

/**
 * Why a record schema does not compile strictly, or undefined. The answers are kept by the
 * schema's JSON, the latest COMPILED_KEPT: an undo or a redo goes back to records checked
 * before, and compiling one of 200 properties takes tens of milliseconds. The compiled schema
 * is not kept by Ajv (each edit would add one).
 */
function recordSchemaError(record: object): string | undefined {
  const key = JSON.stringify(record);
  if (compiled.has(key)) {
    const known = compiled.get(key);
    compiled.delete(key);
    compiled.set(key, known);
    return known;
  }
  let error: string | undefined;
  try {
    schemaAjv.compile(record);
  } catch (err) {
    error = (err as Error).message;
  } finally {
    schemaAjv.removeSchema(record);
  }
  compiled.set(key, error);
  if (compiled.size > COMPILED_KEPT) compiled.delete(compiled.keys().next().value!);
  return error;
}

function metaIssues(errors: ErrorObject[] | null | undefined): DocumentIssue[] {
  return (errors ?? []).map((e) => {
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'additionalProperties')
      message = `unknown property "${String((e.params as { additionalProperty: string }).additionalProperty)}"`;
    else if (e.keyword === 'enum') message = `must be one of ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}`;
    return { pointer: `/resource${e.instancePath}`, message };
  });
}

function hasMessage(tree: unknown, path: readonly string[]): boolean {
  let node = tree;
  for (const part of path) {
    if (typeof node !== 'object' || node === null) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' && node !== '';
}

export interface CheckedDocument {
  issues: DocumentIssue[];
  /** The runtime metadata (only when there is no issue). */
  meta?: ResourceMeta;
}

/** The shape a document must have before it is read any further. */
export function documentShapeIssues(value: unknown): DocumentIssue[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [{ pointer: '', message: 'must be an object with "resource" and "messages"' }];
  const v = value as Record<string, unknown>;
  const issues: DocumentIssue[] = [];
  if (typeof v.resource !== 'object' || v.resource === null || Array.isArray(v.resource))
    issues.push({ pointer: '/resource', message: 'must be a resource document (an object)' });
  if (typeof v.messages !== 'object' || v.messages === null || Array.isArray(v.messages))
    issues.push({ pointer: '/messages', message: 'must be an object of messages by language' });
  for (const key of Object.keys(v))
    if (key !== 'resource' && key !== 'messages') issues.push({ pointer: `/${key}`, message: `unknown property "${key}"` });
  return issues;
}

/** The checks of a document's resource (all but its labels), with what the label checks and the record form need. */
interface CheckedResource {
  issues: DocumentIssue[];
  /** The runtime metadata (when the resource has no issue). */
  meta?: ResourceMeta;
  /** The label keys the resource names, each with its place in the document (when the meta-schema and the record schema passed). */
  labels?: LabelKey[];
}

interface LabelKey {
  pointer: string;
  key: string;
  path: string[];
}

function labelKeys(resource: ReturnType<typeof normalise>): LabelKey[] {
  const keys: [string, string][] = [['/resource/labels/title', resource.labels.title]];
  for (const f of resource.fields) if (!f.system) keys.push([`/resource/labels/fields/${f.name}`, f.label]);
  for (const [field, ui] of Object.entries(resource.form.ui))
    if (ui.patternMessage) keys.push([`/resource/form/ui/${field}/patternMessage`, ui.patternMessage]);
  return keys.map(([pointer, key]) => ({ pointer, key, path: key.split('.') }));
}

/** Per label key of `labels`: whether a language's messages lack its text. */
function missingLabels(messages: unknown, labels: readonly LabelKey[]): boolean[] {
  return labels.map((l) => !hasMessage(messages, l.path));
}

function checkResource(file: ResourceFile, known: Readonly<Record<string, ResourceMeta>>): CheckedResource {
  validateMeta ??= createAjv().compile(metaSchema);
  if (!validateMeta(file)) return { issues: metaIssues(validateMeta.errors) };
  const issues: DocumentIssue[] = [];
  const schemaError = file.record && recordSchemaError(file.record);
  if (schemaError !== undefined) return { issues: [{ pointer: '/resource/record', message: `not a valid JSON Schema: ${schemaError}` }] };
  const clash = Object.values(known).find((r) => r.name === file.name);
  if (clash) issues.push({ pointer: '/resource/name', message: `resource name "${file.name}" is used by a resource of the console` });
  const pathClash = Object.values(known).find((r) => r.service === file.service && r.path === file.path);
  if (pathClash)
    issues.push({
      pointer: '/resource/path',
      message: `URL prefix /api/${file.service}/${file.path} is used by resource ${pathClash.name}`,
    });
  const registryIssues: RegistryIssue[] = [];
  // a document's menu code defaults to its path, as publishing gives it (server-mock/documents/tenantDocuments.ts)
  const resource = normalise('document', { ...file, menu: file.menu ?? file.path }, registryIssues);
  issues.push(...registryIssues.map((i) => ({ pointer: `/resource${i.pointer}`, message: i.message })));
  for (const [key, rel] of Object.entries(resource.relations)) {
    const target = rel.resource === resource.name ? resourceMeta(resource) : known[rel.resource];
    if (!target) {
      issues.push({ pointer: `/resource/relations/${key}/resource`, message: `unknown resource "${rel.resource}"` });
      continue;
    }
    const fields = new Set(target.fields.map((f) => f.name));
    if (!fields.has(rel.valueField))
      issues.push({
        pointer: `/resource/relations/${key}/valueField`,
        message: `resource ${target.name} has no field "${rel.valueField}"`,
      });
    if (!fields.has(rel.labelField))
      issues.push({
        pointer: `/resource/relations/${key}/labelField`,
        message: `resource ${target.name} has no field "${rel.labelField}"`,
      });
  }
  return { issues, meta: issues.length ? undefined : resourceMeta(resource), labels: labelKeys(resource) };
}

/** The resource's checks, then a label the resource names that has no text in a language (`missing`: missingLabels of a language). */
function withLabels(
  doc: DesignDocument,
  checked: CheckedResource,
  missing = (locale: Locale, labels: readonly LabelKey[]) => missingLabels(doc.messages[locale], labels),
): CheckedDocument {
  const { labels } = checked;
  if (!labels) return { issues: checked.issues };
  const issues = [...checked.issues];
  const lacking = LOCALES.map((l) => missing(l, labels));
  labels.forEach(({ pointer, key }, i) => {
    LOCALES.forEach((locale, l) => {
      if (lacking[l]![i]) issues.push({ pointer, message: `no ${locale} text for "${key}" in /messages/${locale}` });
    });
  });
  return issues.length ? { issues } : { issues, meta: checked.meta };
}

/**
 * Checks `doc` against the meta-schema and the registry's rules; `known` is the registry the
 * console has (relations may point only at its resources).
 */
export function checkDocument(doc: DesignDocument, known: Readonly<Record<string, ResourceMeta>>): CheckedDocument {
  const shape = documentShapeIssues(doc);
  if (shape.length) return { issues: shape };
  return withLabels(doc, checkResource(doc.resource as ResourceFile, known));
}

/**
 * checkDocument for a document edited step by step: while `doc.resource` and `known` are the
 * objects of the last call (an edit of the messages only: a label, a title), the resource's checks
 * are not run again and the metadata is the same object, so the record form drawing it is not
 * started again; only the labels are checked.
 */
export function documentChecker(): (doc: DesignDocument, known: Readonly<Record<string, ResourceMeta>>) => CheckedDocument {
  let last: { file: unknown; known: unknown; checked: CheckedResource } | undefined;
  // A language's missing labels, while its messages are the same object (a label edit changes one language's).
  const lacking = new Map<Locale, { messages: unknown; labels: readonly LabelKey[]; missing: boolean[] }>();
  const missing = (doc: DesignDocument) => (locale: Locale, labels: readonly LabelKey[]) => {
    const messages = doc.messages[locale];
    let known = lacking.get(locale);
    if (known?.messages !== messages || known.labels !== labels) {
      known = { messages, labels, missing: missingLabels(messages, labels) };
      lacking.set(locale, known);
    }
    return known.missing;
  };
  return (doc, known) => {
    const shape = documentShapeIssues(doc);
    if (shape.length) return { issues: shape };
    if (last?.file !== doc.resource || last.known !== known)
      last = { file: doc.resource, known, checked: checkResource(doc.resource as ResourceFile, known) };
    return withLabels(doc, last.checked, missing(doc));
  };
}

/**
 * The registry a document is checked against, without the resource the form itself published
 * (`name`, when the form is published): its own publication is no clash with the form, as the
 * server's publish sees it. A file resource of that name stays (a file always wins).
 */
export function withoutOwnPublication(
  known: Readonly<Record<string, ResourceMeta>>,
  published: Readonly<Record<string, ResourceMeta>>,
  name: string | undefined,
): Readonly<Record<string, ResourceMeta>> {
  if (name === undefined || known[name] === undefined || known[name] !== published[name]) return known;
  const { [name]: _own, ...others } = known;
  return others;
}
