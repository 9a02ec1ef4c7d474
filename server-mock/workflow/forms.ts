/**
 * Start and task forms. A start event or user task names its form with `activiti:formKey`
 * (a start event without one takes the model's `usedForm`). The key names either a JSON Schema
 * of the model (`formSchemas.<key>`, copied into the process definition when it is deployed)
 * or a resource document the tenant has published (the form generator's): its record schema.
 * The variables sent with a start or a task's completion are checked against that schema
 * before anything is stored; a refusal is a 400 naming each field.
 */
import type { ValidateFunction } from 'ajv';
import type { JsonSchema, Resource } from '../../schemas/registry/types.ts';
import type { Locale, Messages } from '../../schemas/registry/locales.ts';
import type { TenantData } from '../access/tenantData.ts';
import type { Services } from '../calls/context.ts';
import { bodyAjv, fieldErrors, recordSchema } from '../calls/validation.ts';
import { LruCache } from '../db/lruCache.ts';
import { badRequest, conflict } from '../http/apiError.ts';
import { tenantDocuments } from '../documents/tenantDocuments.ts';
import type { ParsedProcess } from './bpmnModel.ts';

/** A form as the console shows it: its key and JSON Schema (a document's fields titled in the caller's language). */
export interface ProcessForm {
  formKey: string;
  schema: JsonSchema;
  /** The document's order of fields, where the form is a document. */
  order?: string[];
}

const compiled = new LruCache<string, ValidateFunction>('workflow form schemas', 200);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The model's form schemas, each compiled once; a schema that does not compile is refused naming its key. */
export function checkFormSchemas(value: unknown): Record<string, JsonSchema> {
  if (value === undefined || value === null) return {};
  if (!isObject(value))
    throw badRequest('The form schemas must be an object of JSON Schemas', [{ field: 'formSchemas', message: 'is not an object' }]);
  for (const [key, schema] of Object.entries(value)) {
    const problem = !isObject(schema)
      ? 'is not a JSON Schema object'
      : schema.type !== 'object'
        ? 'must be of "type": "object"'
        : compileError(schema);
    if (problem) throw badRequest(`The form schema "${key}" ${problem}`, [{ field: `formSchemas.${key}`, message: problem }]);
  }
  return value as Record<string, JsonSchema>;
}

function compileError(schema: Record<string, unknown>): string | undefined {
  try {
    validatorOf(schema as JsonSchema);
    return undefined;
  } catch (err) {
    return `is not a valid JSON Schema: ${(err as Error).message}`;
  }
}

function validatorOf(schema: JsonSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  let fn = compiled.get(key);
  if (!fn) {
    fn = bodyAjv.compile(schema);
    compiled.set(key, fn);
  }
  return fn;
}

/** The start form's key: the start event's formKey, else the model's used form. */
export function startFormKey(process: ParsedProcess, usedForm: unknown): string | null {
  const start = [...process.elements.values()].find((e) => e.type === 'bpmn:StartEvent' && e.formKey);
  return start?.formKey ?? (typeof usedForm === 'string' && usedForm.trim() ? usedForm.trim() : null);
}

async function documentForm(services: Services, data: TenantData, formKey: string): Promise<Resource | undefined> {
  return (await tenantDocuments(services, data)).live.find((r) => r.name === formKey);
}

/** Every form a model names must be one of its schemas or a published document: refused naming the element otherwise. */
export async function checkFormKeys(
  services: Services,
  data: TenantData,
  process: ParsedProcess,
  schemas: Record<string, JsonSchema>,
  usedForm: unknown,
): Promise<void> {
  const named: { key: string; element: string }[] = [];
  for (const el of process.elements.values()) if (el.formKey) named.push({ key: el.formKey, element: el.id });
  const start = startFormKey(process, usedForm);
  if (start && !named.some((n) => n.key === start)) named.push({ key: start, element: 'usedForm' });
  for (const { key, element } of named) {
    if (schemas[key] || (await documentForm(services, data, key))) continue;
    const message = `names the form "${key}", which is neither a form schema of the model nor a published form`;
    throw badRequest(`${element === 'usedForm' ? 'The used form' : `Element "${element}"`} ${message}`, [{ field: element, message }]);
  }
}

function lookup(messages: Messages, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) node = isObject(node) ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The form a key names, for a definition (its stored schemas); undefined without a key. */
export async function resolveForm(
  services: Services,
  data: TenantData,
  schemas: unknown,
  formKey: string | null | undefined,
  locale: Locale,
): Promise<ProcessForm | undefined> {
  if (!formKey) return undefined;
  const own = isObject(schemas) ? schemas[formKey] : undefined;
  if (isObject(own)) return { formKey, schema: own as JsonSchema };
  const docs = await tenantDocuments(services, data);
  const doc = docs.live.find((r) => r.name === formKey);
  if (!doc) throw conflict(`The form "${formKey}" is not published any more: publish it again to go on`);
  const base = recordSchema(doc, { requireSecrets: true });
  const properties: Record<string, JsonSchema> = {};
  for (const [name, prop] of Object.entries(base.properties ?? {})) {
    const label = doc.labels.fields[name];
    const title = label ? lookup(docs.locales[locale], label) : undefined;
    properties[name] = title ? { ...prop, title } : prop;
  }
  return { formKey, schema: { ...base, properties }, order: doc.form.order };
}

/** Check variables against a form: 400 naming each field that does not fit, nothing stored. */
export function assertFitsForm(form: ProcessForm | undefined, variables: Record<string, unknown>): void {
  if (!form) return;
  const validate = validatorOf(form.schema);
  if (validate(variables)) return;
  const errors = fieldErrors(validate.errors);
  const summary = errors
    .slice(0, 5)
    .map((e) => `${e.field} ${e.message}`)
    .join('; ');
  throw badRequest(`The form "${form.formKey}" is not filled in correctly: ${summary}`, errors);
}
