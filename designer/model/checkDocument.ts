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
import { LOCALES, type DesignDocument } from './designDocument.ts';

export interface DocumentIssue {
  /** JSON pointer into the whole document ({resource, messages}). */
  pointer: string;
  message: string;
}

let validateMeta: ValidateFunction | undefined;
const schemaAjv = createAjv({ strict: true, strictRequired: false });

function metaIssues(errors: ErrorObject[] | null | undefined): DocumentIssue[] {
  return (errors ?? []).map((e) => {
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'additionalProperties')
      message = `unknown property "${String((e.params as { additionalProperty: string }).additionalProperty)}"`;
    else if (e.keyword === 'enum') message = `must be one of ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}`;
    return { pointer: `/resource${e.instancePath}`, message };
  });
}

function hasMessage(tree: unknown, key: string): boolean {
  let node = tree;
  for (const part of key.split('.')) {
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

/**
 * Checks `doc` against the meta-schema and the registry's rules; `known` is the registry the
 * console has (relations may point only at its resources).
 */
export function checkDocument(doc: DesignDocument, known: Readonly<Record<string, ResourceMeta>>): CheckedDocument {
  const shape = documentShapeIssues(doc);
  if (shape.length) return { issues: shape };
  validateMeta ??= createAjv().compile(metaSchema);
  if (!validateMeta(doc.resource)) return { issues: metaIssues(validateMeta.errors) };
  const file = doc.resource as ResourceFile;
  const issues: DocumentIssue[] = [];
  if (file.record) {
    try {
      schemaAjv.compile(file.record);
    } catch (err) {
      return { issues: [{ pointer: '/resource/record', message: `not a valid JSON Schema: ${(err as Error).message}` }] };
    }
  }
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
  const keys: [string, string][] = [['/resource/labels/title', resource.labels.title]];
  for (const f of resource.fields) if (!f.system) keys.push([`/resource/labels/fields/${f.name}`, f.label]);
  for (const [field, ui] of Object.entries(resource.form.ui))
    if (ui.patternMessage) keys.push([`/resource/form/ui/${field}/patternMessage`, ui.patternMessage]);
  for (const [pointer, key] of keys) {
    for (const locale of LOCALES) {
      if (!hasMessage(doc.messages[locale], key))
        issues.push({ pointer, message: `no ${locale} text for "${key}" in /messages/${locale}` });
    }
  }
  if (issues.length) return { issues };
  return { issues, meta: resourceMeta(resource) };
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
