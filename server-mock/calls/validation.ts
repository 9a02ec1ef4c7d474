/**
 * Request validation with the resource files' JSON Schemas (the project's Ajv,
 * schemas/registry/ajv.ts, shared with Fastify's validator compiler and with the console's
 * record form): query strings are coerced from text, bodies are not. A refused value answers
 * 400 with one field error per field, `{field, keyword, params, message}`: the validator's
 * keyword and params (Fastify's structured validation errors), and an English message.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from '../../schemas/registry/ajv.ts';
import { harden } from '../../schemas/registry/limits.ts';
import { withConditionalRequired } from '../../schemas/registry/visibleWhen.ts';
import type { JsonSchema, Resource } from '../../schemas/registry/types.ts';
import { badRequest, type FieldError } from '../http/apiError.ts';

export const queryAjv = createAjv({ coerceTypes: 'array', removeAdditional: false, useDefaults: false });
export const bodyAjv = createAjv({ coerceTypes: false, removeAdditional: false, useDefaults: false });

const IGNORED_ON_WRITE = ['id', 'tenantCode', 'createTime', 'updateTime'];

/** Names accepted in a write body but ignored: system fields and relation label fields. */
export function ignoredWriteFields(resource: Resource): string[] {
  const labels = Object.values(resource.relations)
    .map((r) => r.as)
    .filter((x): x is string => !!x);
  return [...IGNORED_ON_WRITE.filter((f) => !(f in (resource.record.properties ?? {}))), ...labels];
}

/** The schema also accepting null ("no value"; the stored record is validated without it). */
function nullable(schema: JsonSchema): JsonSchema {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0 || types.includes('null')) return schema;
  const out: JsonSchema = { ...schema, type: [...types, 'null'] };
  if (Array.isArray(schema.enum)) out.enum = [...schema.enum, null];
  return out;
}

/** Body schema of the add call: the record (a conditional field required only while shown), plus the ignored names. */
export function addBodySchema(resource: Resource): JsonSchema {
  const props: Record<string, JsonSchema> = {};
  for (const [k, v] of Object.entries(resource.record.properties ?? {})) props[k] = nullable(v);
  for (const f of ignoredWriteFields(resource)) props[f] = {};
  const body: JsonSchema = { type: 'object', additionalProperties: false, properties: props, required: resource.record.required ?? [] };
  return harden(withConditionalRequired(body, resource.form.ui));
}

/** Body schema of the update call: every field optional, id required. The merged record is validated afterwards. */
export function updateBodySchema(resource: Resource): JsonSchema {
  const props: Record<string, JsonSchema> = {};
  for (const [k, v] of Object.entries(resource.record.properties ?? {})) props[k] = nullable(v);
  for (const f of ignoredWriteFields(resource)) props[f] = {};
  props.id = { type: 'integer', minimum: 1 };
  return harden({ type: 'object', additionalProperties: false, properties: props, required: ['id'] });
}

const recordSchemas = new WeakMap<Resource, Map<boolean, JsonSchema>>();

/**
 * Schema of a full stored record (secrets required on add, not on update). One object per
 * resource and variant, so its compiled validator is cached too.
 */
export function recordSchema(resource: Resource, options: { requireSecrets: boolean }): JsonSchema {
  let variants = recordSchemas.get(resource);
  if (!variants) recordSchemas.set(resource, (variants = new Map()));
  let schema = variants.get(options.requireSecrets);
  if (!schema) {
    const secrets = new Set(resource.fields.filter((f) => f.secret).map((f) => f.name));
    const required = (resource.record.required ?? []).filter((n) => options.requireSecrets || !secrets.has(n));
    schema = harden(withConditionalRequired({ ...resource.record, required }, resource.form.ui));
    variants.set(options.requireSecrets, schema);
  }
  return schema;
}

const cache = new WeakMap<object, ValidateFunction>();

export function compileBody(schema: JsonSchema): ValidateFunction {
  let fn = cache.get(schema);
  if (!fn) {
    fn = bodyAjv.compile(schema);
    cache.set(schema, fn);
  }
  return fn;
}

function fieldOf(e: ErrorObject): string {
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (e.keyword === 'required') {
    const missing = (e.params as { missingProperty: string }).missingProperty;
    return path ? `${path}.${missing}` : missing;
  }
  if (e.keyword === 'additionalProperties') {
    const extra = (e.params as { additionalProperty: string }).additionalProperty;
    return path ? `${path}.${extra}` : extra;
  }
  return path || '(body)';
}

function messageOf(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known field';
    case 'type':
      return `must be ${String(p.type).replace(',', ' or ')}`;
    case 'minLength':
      return Number(p.limit) === 1 ? 'must not be empty' : `must be at least ${String(p.limit)} characters`;
    case 'maxLength':
      return `must be at most ${String(p.limit)} characters`;
    case 'minimum':
      return `must be at least ${String(p.limit)}`;
    case 'maximum':
      return `must be at most ${String(p.limit)}`;
    case 'pattern':
      return 'has an invalid format';
    case 'format':
      return `must be a valid ${String(p.format)}`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'maxItems':
      return `must have at most ${String(p.limit)} items`;
    case 'minItems':
      return `must have at least ${String(p.limit)} items`;
    default:
      return e.message ?? 'is invalid';
  }
}

/** One error per field (the first problem found for it): its keyword, params and message. */
export function fieldErrors(errors: ErrorObject[] | null | undefined): FieldError[] {
  const seen = new Map<string, FieldError>();
  for (const e of errors ?? []) {
    if (e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf') continue;
    const field = fieldOf(e);
    if (!seen.has(field)) seen.set(field, { field, keyword: e.keyword, params: { ...e.params }, message: messageOf(e) });
  }
  return [...seen.values()];
}

export function validationError(errors: FieldError[]): Error {
  const summary = errors
    .slice(0, 5)
    .map((e) => `${e.field} ${e.message}`)
    .join('; ');
  return badRequest(`Invalid request: ${summary}${errors.length > 5 ? '; ...' : ''}`, errors);
}

/** Validate a value, throwing a 400 ApiError listing the fields. */
export function assertValid(schema: JsonSchema, value: unknown): void {
  const fn = compileBody(schema);
  if (!fn(value)) throw validationError(fieldErrors(fn.errors));
}
