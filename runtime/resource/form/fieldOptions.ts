/**
 * Choices of enum and dictionary fields, and the country codes of the mobile widget. Pure.
 * A dictionary field's labels are `dict.<type>.<value>` in the locale files; its values are
 * the schema's `enum`, else the keys of `dict.<type>` (numbers for a numeric field).
 */
import type { PlannedField } from './formPlan.ts';

export interface Choice {
  value: string | number;
  label: string;
}

/** The translation key of a dictionary value's label. */
export function dictKey(dict: string, value: unknown): string {
  return `dict.${dict}.${String(value)}`;
}

/**
 * The choices of an enum or dictionary field. `dictValues` are the dictionary's values as
 * written in the locale files (`dict.<type>` keys); `labelOf` translates a key, or returns
 * undefined when no locale has it.
 */
export function fieldChoices(
  field: Pick<PlannedField, 'enum' | 'dict' | 'type'>,
  dictValues: readonly string[] | undefined,
  labelOf: (key: string) => string | undefined,
): Choice[] {
  const numeric = field.type === 'integer' || field.type === 'number';
  let values: unknown[];
  if (field.enum) values = [...field.enum];
  else if (field.dict && dictValues)
    values = dictValues.map((k) => (numeric ? Number(k) : k)).filter((v) => !(typeof v === 'number' && Number.isNaN(v)));
  else values = [];
  const out: Choice[] = [];
  for (const value of values) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const label = field.dict ? labelOf(dictKey(field.dict, value)) : undefined;
    out.push({ value, label: label ?? String(value) });
  }
  return out;
}

/** Country calling codes the mobile widget offers (any other stored code is added to them). */
export const MOBILE_PREFIXES: readonly string[] = [
  '+86',
  '+852',
  '+853',
  '+886',
  '+1',
  '+44',
  '+33',
  '+49',
  '+39',
  '+34',
  '+7',
  '+81',
  '+82',
  '+65',
  '+60',
  '+61',
  '+64',
  '+91',
  '+971',
];

export function prefixChoices(current: unknown): string[] {
  const value = typeof current === 'string' ? current : '';
  return value && !MOBILE_PREFIXES.includes(value) ? [value, ...MOBILE_PREFIXES] : [...MOBILE_PREFIXES];
}

/**
 * Whether a text field holds a comma-separated list of choices: its pattern is
 * `^(a|b|c)(,(a|b|c))*$` (the AppClient grant types). Such a field is a multiple select.
 */
export function isChoiceList(schema: { pattern?: unknown }): boolean {
  if (typeof schema.pattern !== 'string') return false;
  const m = /^\^\((.+)\)\(,\((.+)\)\)\*\$$/.exec(schema.pattern);
  return !!m && m[1] === m[2];
}

/** A comma-separated list value as its items, and back. */
export function splitList(value: unknown): string[] {
  return typeof value === 'string' && value ? value.split(',') : [];
}

export function joinList(items: readonly (string | number)[], order: readonly Choice[]): string | undefined {
  const rank = new Map(order.map((c, i) => [String(c.value), i]));
  const sorted = [...new Set(items.map(String))].sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
  return sorted.length ? sorted.join(',') : undefined;
}
