/**
 * Conditional fields (`form.ui.<field>.visibleWhen`): a field shown only while another field
 * holds a value. The record form hides it and neither validates nor sends it while hidden;
 * `required` means required while shown, which the record schema says with one `if`/`then`
 * per such field, so the server and the form refuse the same records. No Node or browser API:
 * both sides import this module.
 */
import type { FieldUi } from '../../runtime/generated/fileTypes.ts';
import type { JsonSchema } from './types.ts';

/** Whether a field with these ui hints is shown for these values. */
export function isShown(ui: Pick<FieldUi, 'visibleWhen'> | undefined, values: Readonly<Record<string, unknown>>): boolean {
  const when = ui?.visibleWhen;
  if (!when) return true;
  const value = values[when.field];
  return value === when.equals || (value !== undefined && value !== null && String(value) === String(when.equals));
}

/**
 * The record schema with each required conditional field required only while shown: it leaves
 * the top-level `required` for an `allOf` entry `if <field> equals <value> then required`.
 */
export function withConditionalRequired(schema: JsonSchema, ui: Readonly<Record<string, Pick<FieldUi, 'visibleWhen'>>>): JsonSchema {
  const required = schema.required ?? [];
  const conditional = required.filter((name) => ui[name]?.visibleWhen);
  if (conditional.length === 0) return schema;
  const rules: JsonSchema[] = conditional.map((name) => {
    const when = ui[name]!.visibleWhen!;
    return { if: { properties: { [when.field]: { const: when.equals } }, required: [when.field] }, then: { required: [name] } };
  });
  const existing = Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [];
  return { ...schema, required: required.filter((name) => !conditional.includes(name)), allOf: [...existing, ...rules] };
}
