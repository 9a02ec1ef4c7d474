/**
 * The record form's error messages in the current language: Ajv errors of the form's schema
 * (one message per field, the first problem found, assigned to fields as the server does in
 * server-mock/calls/validation.ts), the confirm-input mismatch, and the field errors of the
 * server's 400/409 answers, whose English texts (the server's own wording) are matched and
 * translated; an unknown server text is shown as it came. Pure.
 */
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

export type FieldErrors = Readonly<Record<string, string>>;

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

/** Widgets whose value is picked rather than typed ("Please select" rather than "Please enter"). */
const CHOICE_WIDGETS = new Set(['select', 'radio', 'treeSelect', 'checkbox', 'switch', 'date', 'dateTime', 'upload']);

/**
 * The message of one Ajv error, translated; `label` is the field's translated label, `choice`
 * whether its widget picks the value.
 */
export function ajvMessage(t: Translate, e: AjvErrorLike, label: string, choice = false): string {
  const p = e.params;
  switch (e.keyword) {
    case 'required':
      return t(choice ? 'resourceForm.errors.requiredChoice' : 'resourceForm.errors.required', { label });
    case 'minLength':
      return Number(p.limit) === 1 ? t('resourceForm.errors.required', { label }) : t('resourceForm.errors.minLength', { label, limit: p.limit });
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
    default:
      return t('resourceForm.errors.invalid', { label });
  }
}

/** The label of a planned field in the current language (a confirm entry: "Confirm <label>"). */
export function fieldLabel(t: Translate, plan: FormPlan, name: string): string {
  const field = plan.byName.get(name);
  if (!field) return name;
  const label = t(field.label);
  return field.confirms ? t('resourceForm.confirmLabel', { label }) : label;
}

/**
 * Field errors of a validation: the first Ajv error of each field, then the mismatch of each
 * confirm input that has no error of its own (such as "required").
 */
export function formErrors(t: Translate, plan: FormPlan, ajvErrors: readonly AjvErrorLike[] | null | undefined, values: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of ajvErrors ?? []) {
    if (e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf') continue;
    const field = fieldOfError(e);
    if (field in out) continue;
    out[field] = ajvMessage(t, e, fieldLabel(t, plan, field), CHOICE_WIDGETS.has(plan.byName.get(field)?.widget ?? ''));
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

/** The server's field messages (server-mock/calls/validation.ts, crud/recordRules.ts) and their keys. */
const SERVER_MESSAGES: { pattern: RegExp; message: (t: Translate, label: string, m: RegExpExecArray) => string }[] = [
  { pattern: /^is required$|^must not be empty$/, message: (t, label) => t('resourceForm.errors.required', { label }) },
  { pattern: /^must be at least (\d+) characters$/, message: (t, label, m) => t('resourceForm.errors.minLength', { label, limit: m[1] }) },
  { pattern: /^must be at most (\d+) characters$/, message: (t, label, m) => t('resourceForm.errors.maxLength', { label, limit: m[1] }) },
  { pattern: /^must be at least (-?[\d.e+]+)$/, message: (t, label, m) => t('resourceForm.errors.minimum', { label, limit: m[1] }) },
  { pattern: /^must be at most (-?[\d.e+]+)$/, message: (t, label, m) => t('resourceForm.errors.maximum', { label, limit: m[1] }) },
  { pattern: /^has an invalid format$/, message: (t, label) => t('resourceForm.errors.pattern', { label }) },
  {
    pattern: /^must be a valid (.+)$/,
    message: (t, label, m) => {
      const key = FORMAT_KEYS[m[1]!];
      return key ? t(`resourceForm.errors.formats.${key}`, { label }) : t('resourceForm.errors.format', { label, format: m[1] });
    },
  },
  { pattern: /^must be one of /, message: (t, label) => t('resourceForm.errors.enum', { label }) },
  { pattern: /^must be (string|integer|number|boolean)\b/, message: (t, label, m) => t('resourceForm.errors.type', { label, type: typeName(t, m[1]) }) },
  { pattern: /^already exists$/, message: (t, label) => t('resourceForm.errors.duplicate', { label }) },
  { pattern: /^no \w+ with /, message: (t, label) => t('resourceForm.errors.reference', { label }) },
  { pattern: /^cannot be the record itself or one of its descendants$/, message: (t, label) => t('resourceForm.errors.cycle', { label }) },
  { pattern: /^is not a known field$/, message: (t, label) => t('resourceForm.errors.unknownField', { label }) },
];

/** A server field message in the current language. */
export function serverMessage(t: Translate, message: string, label: string): string {
  for (const { pattern, message: translate } of SERVER_MESSAGES) {
    const m = pattern.exec(message);
    if (m) return translate(t, label, m);
  }
  return message;
}

export interface ServerErrorSplit {
  /** Messages of the form's fields, translated. */
  byField: Record<string, string>;
  /** Errors naming no field the form lets the user change (shown above it), translated; a text not recognised is prefixed with the field's label. */
  other: { field: string; message: string }[];
}

/**
 * Splits the server's field errors into those of the form's editable fields and the rest. A
 * prefix shown inside its mobile widget keeps its own name (the widget shows both).
 * `labels` are the resource's label keys (`labels.fields`), for fields the form does not show.
 */
export function splitServerErrors(
  t: Translate,
  plan: FormPlan,
  errors: readonly { field: string; message: string }[] | undefined,
  labels: Readonly<Record<string, string>> = {},
): ServerErrorSplit {
  const byField: Record<string, string> = {};
  const other: { field: string; message: string }[] = [];
  for (const e of errors ?? []) {
    const field = plan.byName.get(e.field);
    if (field && !field.readOnly) {
      if (!(e.field in byField)) byField[e.field] = serverMessage(t, e.message, t(field.label));
      continue;
    }
    const key = field?.label ?? labels[e.field];
    const label = key ? t(key) : e.field;
    const message = serverMessage(t, e.message, label);
    other.push({ field: e.field, message: message === e.message ? `${label}: ${e.message}` : message });
  }
  return { byField, other };
}
