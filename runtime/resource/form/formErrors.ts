/**
 * The record form's error messages in the current language: Ajv errors of the form's schema
 * (one message per field, the first problem found, assigned to fields as the server does in
 * server-mock/calls/validation.ts), the confirm-input mismatch, and the field errors of the
 * server's 400/409 answers, translated by their keyword and params (the same keywords: the
 * server validates with the same Ajv, schemas/registry/ajv.ts) with the fields' labels. Pure.
 */
import { PICKING_KINDS } from '../../../schemas/registry/fieldKinds.ts';
import type { FormPlan } from './formPlan.ts';
import { isEmptyValue } from './formValues.ts';

/** The translator's t (runtime/i18n/translator.ts), narrowed to what these functions use. */
export type Translate = (key: string, values?: { defaultValue?: string; [name: string]: unknown }) => string;

/** An Ajv error as the validator reports it (ajv's ErrorObject, the parts used here). */
export interface AjvErrorLike {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** The field an Ajv error belongs to, as the server assigns it. */
export function fieldOfError(e: AjvErrorLike): string {
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (e.keyword === 'required') {
    const missing = String(e.params.missingProperty);
    return path ? `${path}.${missing}` : missing;
  }
  if (e.keyword === 'additionalProperties') {
    const extra = String(e.params.additionalProperty);
    return path ? `${path}.${extra}` : extra;
  }
  return path || '';
}

const FORMAT_KEYS: Record<string, string> = {
  email: 'email',
  'idn-email': 'email',
  uri: 'uri',
  'uri-reference': 'uri',
  url: 'uri',
  'date-time': 'dateTime',
  date: 'date',
  time: 'time',
  ipv4: 'ip',
  ipv6: 'ip',
  hostname: 'hostname',
};

function typeName(t: Translate, type: unknown): string {
  const first = String(type).split(',')[0]!;
  return ['string', 'integer', 'number', 'boolean', 'object', 'array'].includes(first) ? t(`resourceForm.types.${first}`) : first;
}

/** How a message names fields: `choice` whether the field's input picks its value (PICKING_KINDS); `labelOf` the label of another field (x-notBefore). */
export interface MessageOptions {
  choice?: boolean;
  labelOf?: (field: string) => string;
}

/**
 * The message of one error, translated from its keyword and params (Ajv's keywords, the
 * resource files' x-notBefore, and the server's own rules: unique, reference, cycle and the
 * password policy);
 * `label` is the field's translated label. An unknown keyword reads "<label> is not valid".
 */
export function ajvMessage(t: Translate, e: Pick<AjvErrorLike, 'keyword' | 'params'>, label: string, options: MessageOptions = {}): string {
  const p = e.params;
  switch (e.keyword) {
    case 'required':
      return t(options.choice ? 'resourceForm.errors.requiredChoice' : 'resourceForm.errors.required', { label });
    case 'minLength':
      return Number(p.limit) === 1
        ? t('resourceForm.errors.required', { label })
        : t('resourceForm.errors.minLength', { label, limit: p.limit });
    case 'maxLength':
      return t('resourceForm.errors.maxLength', { label, limit: p.limit });
    case 'minimum':
      return t('resourceForm.errors.minimum', { label, limit: p.limit });
    case 'maximum':
      return t('resourceForm.errors.maximum', { label, limit: p.limit });
    case 'exclusiveMinimum':
      return t('resourceForm.errors.exclusiveMinimum', { label, limit: p.limit });
    case 'exclusiveMaximum':
      return t('resourceForm.errors.exclusiveMaximum', { label, limit: p.limit });
    case 'minItems':
      return Number(p.limit) === 1
        ? t('resourceForm.errors.requiredChoice', { label })
        : t('resourceForm.errors.minItems', { label, limit: p.limit });
    case 'maxItems':
      return t('resourceForm.errors.maxItems', { label, limit: p.limit });
    case 'pattern':
      return t('resourceForm.errors.pattern', { label });
    case 'format': {
      const key = FORMAT_KEYS[String(p.format)];
      return key ? t(`resourceForm.errors.formats.${key}`, { label }) : t('resourceForm.errors.format', { label, format: p.format });
    }
    case 'enum':
    case 'const':
      return t('resourceForm.errors.enum', { label });
    case 'type':
      return t('resourceForm.errors.type', { label, type: typeName(t, p.type) });
    case 'additionalProperties':
      return t('resourceForm.errors.unknownField', { label });
    case 'x-notBefore': {
      const other = String(p.otherField);
      return t('resourceForm.errors.notBefore', { label, other: options.labelOf ? options.labelOf(other) : other });
    }
    case 'unique':
      return t('resourceForm.errors.duplicate', { label });
    case 'reference':
      return t('resourceForm.errors.reference', { label });
    case 'cycle':
      return t('resourceForm.errors.cycle', { label });
    case 'passwordPolicy':
      return ['length', 'repeated', 'username', 'common'].includes(String(p.rule))
        ? t(`resourceForm.errors.password.${String(p.rule)}`, { label, min: p.min, max: p.max })
        : t('resourceForm.errors.invalid', { label });
    default:
      return t('resourceForm.errors.invalid', { label });
  }
}

function isChoice(plan: FormPlan, field: string): boolean {
  return PICKING_KINDS.has(plan.byName.get(field)?.kind ?? '');
}

/** The label of a planned field in the current language (a confirm entry: "Confirm <label>"). */
function fieldLabel(t: Translate, plan: FormPlan, name: string): string {
  const field = plan.byName.get(name);
  if (!field) return name;
  const label = t(field.label);
  return field.confirms ? t('resourceForm.confirmLabel', { label }) : label;
}

/**
 * Field errors of a validation: the first Ajv error of each field, then the mismatch of each
 * confirm input that has no error of its own (such as "required").
 */
export function formErrors(
  t: Translate,
  plan: FormPlan,
  ajvErrors: readonly AjvErrorLike[] | null | undefined,
  values: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of ajvErrors ?? []) {
    if (e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf') continue;
    const field = fieldOfError(e);
    if (field in out) continue;
    const patternMessage = e.keyword === 'pattern' ? plan.byName.get(field)?.ui.patternMessage : undefined;
    out[field] = patternMessage
      ? t(patternMessage, { label: fieldLabel(t, plan, field) })
      : ajvMessage(t, e, fieldLabel(t, plan, field), { choice: isChoice(plan, field), labelOf: (name) => fieldLabel(t, plan, name) });
  }
  for (const f of plan.fields) {
    if (!f.confirms || f.name in out) continue;
    const repeated = values[f.name];
    const original = values[f.confirms];
    if (isEmptyValue(repeated) && isEmptyValue(original)) continue;
    if (repeated !== original) out[f.name] = t('resourceForm.errors.confirmMismatch', { label: t(plan.byName.get(f.confirms)!.label) });
  }
  return out;
}

/**
 * A field error of the server's 400/409 answer: `{field, keyword, params, message}`; the
 * keyword and params are the validator's (server-mock/calls/validation.ts) or a storage
 * rule's (unique, reference, cycle); `message` is the server's English text.
 */
export interface ServerFieldError {
  field: string;
  keyword?: string;
  params?: Readonly<Record<string, unknown>>;
  message: string;
}

/**
 * A server field error in the current language, from its keyword and params; an error without
 * a keyword (a rule the server words itself, such as the password policy) is shown as it came.
 */
export function serverMessage(t: Translate, e: ServerFieldError, label: string, options: MessageOptions = {}): string {
  if (!e.keyword) return e.message;
  return ajvMessage(t, { keyword: e.keyword, params: e.params ?? {} }, label, options);
}

export interface ServerErrorSplit {
  /** Messages of the form's fields, translated. */
  byField: Record<string, string>;
  /** Errors naming no field the form lets the user change (shown above it), translated; a text not recognised is prefixed with the field's label. */
  other: { field: string; message: string }[];
}

/**
 * Splits the server's field errors into those of the form's editable fields and the rest,
 * each translated by its keyword with the fields' labels. A prefix shown inside its mobile
 * widget keeps its own name (the widget shows both). `labels` are the resource's label keys
 * (`labels.fields`), for fields the form does not show.
 */
export function splitServerErrors(
  t: Translate,
  plan: FormPlan,
  errors: readonly ServerFieldError[] | undefined,
  labels: Readonly<Record<string, string>> = {},
): ServerErrorSplit {
  const labelOf = (name: string): string => {
    const key = plan.byName.get(name)?.label ?? labels[name];
    return key ? t(key) : name;
  };
  const byField: Record<string, string> = {};
  const other: { field: string; message: string }[] = [];
  for (const e of errors ?? []) {
    const field = plan.byName.get(e.field);
    const options: MessageOptions = { choice: isChoice(plan, e.field), labelOf };
    if (field && !field.readOnly) {
      if (!(e.field in byField)) byField[e.field] = serverMessage(t, e, fieldLabel(t, plan, e.field), options);
      continue;
    }
    const label = labelOf(e.field);
    other.push({ field: e.field, message: e.keyword ? serverMessage(t, e, label, options) : `${label}: ${e.message}` });
  }
  return { byField, other };
}
