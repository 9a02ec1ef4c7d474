/**
 * A resource document: a resource file's JSON held as data (a designer's saved form) instead of
 * a file of schemas/resources/. It is checked exactly as a file is (the meta-schema, the record
 * schema compiled by the strict Ajv, the section readers, the cross-checks against the other
 * resources, the label keys) and, because a document is published at run time by a tenant,
 * against what only a file may do: declare calls or handlers (server code), span tenants,
 * store values in a link resource or read rows of another call. Every problem names its JSON
 * pointer in the document.
 */
import { readFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv';
import type { Registry, Resource, ResourceFile } from './types.ts';
import { LOCALES, type Locale, type Messages } from './locales.ts';
import { createAjv } from './ajv.ts';
import { ajvIssues, checkLabels, createSchemaAjv, crossCheck, metaSchemaPath } from './loadRegistry.ts';
import { CallDirectory } from './callRefs.ts';
import type { RegistryIssue } from './normalise/context.ts';
import { normalise } from './normalise/index.ts';

/** A document as the designer saves it: the resource, and its labels merged under each locale's root. */
export interface ResourceDocument {
  resource: ResourceFile;
  messages: Record<Locale, Messages>;
}

export interface DocumentIssue {
  /** JSON pointer into the document ({resource, messages}). */
  pointer: string;
  message: string;
}

export interface DocumentContext {
  /** The file resources (they win every clash). */
  registry: Registry;
  /** The tenant's other published documents. */
  others: readonly Resource[];
  /** The locale files (a label key may come from them or from the document's messages). */
  locales: Record<Locale, Messages>;
}

const validators = new Map<string, ValidateFunction>();

function metaValidator(schemasDir: string): ValidateFunction {
  let v = validators.get(schemasDir);
  if (!v) {
    v = createAjv().compile(JSON.parse(readFileSync(metaSchemaPath(schemasDir), 'utf8')) as object);
    validators.set(schemasDir, v);
  }
  return v;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `b` merged into `a` (objects key by key, anything else replaced); neither is changed. */
export function mergeMessages(a: Messages, b: Messages): Messages {
  const out: Messages = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isObject(v) && isObject(out[k]) ? mergeMessages(out[k] as Messages, v) : v;
  return out;
}

/** The text of a document (formContent) as a document, or the reason it is not one. */
export function parseDocument(text: string): { document?: unknown; issues: DocumentIssue[] } {
  try {
    return { document: JSON.parse(text) as unknown, issues: [] };
  } catch (err) {
    return { issues: [{ pointer: '', message: `not valid JSON: ${(err as Error).message}` }] };
  }
}

/**
 * Check a document as publishing does. Answers the normalised resource when there is no
 * issue. `file` names the document in the resource (`document:<name>`).
 */
export function checkDocument(
  schemasDir: string,
  value: unknown,
  ctx: DocumentContext,
): { resource?: Resource; messages?: Record<Locale, Messages>; issues: DocumentIssue[] } {
  const issues: DocumentIssue[] = [];
  if (!isObject(value)) return { issues: [{ pointer: '', message: 'must be an object {resource, messages}' }] };
  for (const key of Object.keys(value))
    if (key !== 'resource' && key !== 'messages') issues.push({ pointer: '', message: `unknown property "${key}"` });
  const messages = {} as Record<Locale, Messages>;
  if (value.messages !== undefined && !isObject(value.messages))
    issues.push({ pointer: '/messages', message: 'must be an object {en, zh, tw}' });
  const given = isObject(value.messages) ? value.messages : {};
  for (const key of Object.keys(given))
    if (!(LOCALES as readonly string[]).includes(key))
      issues.push({ pointer: `/messages/${key}`, message: `unknown locale "${key}": one of ${LOCALES.join(', ')}` });
  for (const locale of LOCALES) {
    const m = given[locale];
    if (m !== undefined && !isObject(m)) issues.push({ pointer: `/messages/${locale}`, message: 'must be an object of messages' });
    messages[locale] = isObject(m) ? m : {};
  }
  const doc = value.resource;
  const validate = metaValidator(schemasDir);
  if (!validate(doc)) {
    // a property name's error names the property (Ajv gives it beside the object's path)
    const errors = (validate.errors ?? []).map((e) => {
      const name = (e as { propertyName?: string }).propertyName;
      return name === undefined ? e : { ...e, message: `"${name}" ${e.message ?? 'is invalid'}` };
    });
    issues.push(...ajvIssues('', errors, '/resource').map(({ pointer, message }) => ({ pointer, message })));
    return { issues };
  }
  const rf = doc as ResourceFile;
  try {
    createSchemaAjv().compile(rf.record ?? {});
  } catch (err) {
    issues.push({ pointer: '/resource/record', message: `not a valid JSON Schema: ${(err as Error).message}` });
    return { issues };
  }
  const at = (pointer: string, message: string) => issues.push({ pointer: `/resource${pointer}`, message });
  // What only a file may do.
  if (rf.kind !== 'entity') at('/kind', 'a document is an entity resource ("kind": "entity")');
  if (rf.scope !== undefined && rf.scope !== 'tenant')
    at('/scope', 'a document belongs to its tenant: "scope" must be "tenant" or left out');
  if (rf.calls?.length) at('/calls', 'a document cannot declare calls: its calls are the standard ones');
  if (rf.handlers) at('/handlers', 'a document cannot name server handlers');
  if (rf.list?.source) at('/list/source', 'a document lists its own records: "list.source" is for files');
  if (rf.storage?.lookup?.length) at('/storage/lookup', 'a document cannot be looked up across tenants');
  for (const [key, rel] of Object.entries(rf.relations ?? {})) {
    if (rel.through)
      at(`/relations/${key}/through`, 'a document keeps its values in its own records: a relation "through" a link resource is for files');
  }
  (rf.actions ?? []).forEach((a, i) => {
    if (a.kind === 'custom') at(`/actions/${i}/kind`, 'a document has the standard actions only');
  });
  // Clashes: file resources always win; then the tenant's other documents.
  if (ctx.registry.byName.has(rf.name)) at('/name', `resource name "${rf.name}" is a resource of the console's files`);
  else if (ctx.others.some((o) => o.name === rf.name)) at('/name', `resource name "${rf.name}" is already published from another form`);
  const prefix = `${rf.service}/${rf.path}`;
  const fileAtPath = ctx.registry.resources.find((r) => `${r.service}/${r.path}` === prefix);
  const docAtPath = ctx.others.find((r) => `${r.service}/${r.path}` === prefix);
  if (fileAtPath) at('/path', `URL prefix /api/${prefix} is used by the resource ${fileAtPath.name} of the console's files`);
  else if (docAtPath) at('/path', `URL prefix /api/${prefix} is used by the published resource ${docAtPath.name}`);
  const menu = rf.menu ?? rf.path;
  const menuOwner = [...ctx.registry.resources, ...ctx.others].find((r) => r.menu === menu);
  if (menuOwner) at(rf.menu ? '/menu' : '/path', `menu code "${menu}" is the menu of ${menuOwner.name}`);
  if (issues.length) return { issues };

  const registryIssues: RegistryIssue[] = [];
  const resource = normalise(`document:${rf.name}`, { ...rf, menu }, registryIssues);
  const byName = new Map(ctx.registry.byName);
  for (const o of ctx.others) byName.set(o.name, o);
  byName.set(resource.name, resource);
  crossCheck(resource, byName, new CallDirectory([...ctx.registry.resources, ...ctx.others, resource]), new Set(), registryIssues);
  const merged = Object.fromEntries(LOCALES.map((l) => [l, mergeMessages(ctx.locales[l], messages[l])])) as Record<Locale, Messages>;
  checkLabels(resource, merged, registryIssues);
  for (const i of registryIssues) {
    // checkLabels names a label by its place in the normalised resource, not the file: point at the messages then
    const label = /^\/(labels|actions|form)\//.test(i.pointer) && i.message.startsWith('i18n key');
    issues.push(
      label
        ? { pointer: '/messages', message: i.message.replace(/ in schemas\/locales\/(\w+)\.json/, ' in messages.$1') }
        : { pointer: `/resource${i.pointer}`, message: i.message },
    );
  }
  if (issues.length) return { issues };
  return { resource, messages, issues };
}
