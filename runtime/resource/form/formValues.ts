/**
 * The record form's values: what it starts from, what it validates and what it sends. Pure.
 *
 * Sent are the plan's sent fields only: never a hidden (data-permission), system, locked or
 * confirm field, nor a conditional field while it is hidden (visibleWhen). An empty value (undefined, null, '') is left out; on edit, a field the
 * stored record had a value for and the user emptied is sent as null, the server's "no
 * value", so that clearing a field clears it (leaving it out would keep the stored value).
 */
import type { ResourceRecord } from '../extensions.ts';
import type { FormPlan } from './formPlan.ts';
import { isShown } from '../../../schemas/registry/visibleWhen.ts';

/** The country code a new record's mobile number starts with. */
export const DEFAULT_MOBILE_PREFIX = '+86';

export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * The form data a form starts with: the planned fields of `initial` that hold a value, and the
 * schema's default for a field without one. The form library fills those defaults itself when it
 * renders (a record stored without them, through the API, on edit too): starting from them, the
 * form it renders is the one it starts from, and an untouched form has nothing to discard.
 */
export function initialFormData(plan: FormPlan, initial: Readonly<ResourceRecord> | undefined): ResourceRecord {
  const out: ResourceRecord = {};
  for (const field of plan.fields) {
    if (field.confirms) continue;
    const value = initial?.[field.name];
    if (!isEmptyValue(value)) out[field.name] = value;
    else if (field.schema.default !== undefined) out[field.name] = field.schema.default;
  }
  if (plan.mode === 'create') {
    for (const field of plan.fields) {
      if (field.shownIn && isEmptyValue(out[field.name])) out[field.name] = DEFAULT_MOBILE_PREFIX;
    }
  }
  return out;
}

/** The record part onSubmit (and onChange) receive. */
export function valuesToSend(plan: FormPlan, formData: Readonly<ResourceRecord>, initial?: Readonly<ResourceRecord>): ResourceRecord {
  const out: ResourceRecord = {};
  for (const name of plan.sent) {
    if (!isShown(plan.byName.get(name)?.ui, formData)) continue;
    const value = formData[name];
    if (!isEmptyValue(value)) out[name] = value;
    else if (plan.mode === 'edit' && initial && !isEmptyValue(initial[name])) out[name] = null;
  }
  return out;
}

/** What the client validates: the non-empty sent values and the confirm inputs. */
export function valuesToValidate(plan: FormPlan, formData: Readonly<ResourceRecord>): ResourceRecord {
  const out: ResourceRecord = {};
  for (const field of plan.fields) {
    if (!field.sent && !field.confirms) continue;
    if (!isShown(field.ui, formData)) continue;
    const value = formData[field.name];
    if (!isEmptyValue(value)) out[field.name] = value;
  }
  return out;
}

/**
 * Whether two field values are the same: equal values, or lists and objects with the same
 * contents (the form library rebuilds a list of objects when it renders it: no change by the user).
 * Keys holding undefined count as absent.
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const list = b as unknown[];
    return a.length === list.length && a.every((item, i) => sameValue(item, list[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);
  const kx = keys(x);
  return kx.length === keys(y).length && kx.every((k) => sameValue(x[k], y[k]));
}

/** Names of the fields whose values differ between two form data objects. */
export function changedFields(before: Readonly<ResourceRecord>, after: Readonly<ResourceRecord>): string[] {
  const out: string[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!sameValue(before[key], after[key])) out.push(key);
  }
  return out;
}
