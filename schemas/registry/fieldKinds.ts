/**
 * Field kinds: what a record field is for the console. One kind gives the field its table cell,
 * its form input and its search input (the components are registered in the console,
 * runtime/resource/fieldKinds/). A resource file names a field's kind once, as `x-kind` of its
 * record property; without one the kind follows from the property's schema (inferFieldKind).
 * The names are the `fieldKind` enum of resource.schema.json, which a project extends with its
 * own kinds. Here: the inference, and which fields each built-in kind fits (the registry refuses
 * `"x-kind": "number"` on a text field). Pure: the registry's checker and the console read it.
 */
import type { FieldKind, RelationDef } from '../../runtime/generated/fileTypes.ts';
import type { FieldType, JsonSchema } from './types.ts';

export type { FieldKind };

/** Kinds whose input picks a value (a select, a switch, a picker) rather than takes typing: "Please select", not "Please enter". */
export const PICKING_KINDS: ReadonlySet<string> = new Set<FieldKind>([
  'select',
  'radio',
  'checkbox',
  'status',
  'switch',
  'flag',
  'date',
  'dateTime',
  'relation',
]);

function typesOf(schema: JsonSchema): string[] {
  const t = schema.type;
  return Array.isArray(t) ? t : typeof t === 'string' ? [t] : [];
}

/** Whether the field's values are a fixed set of choices (an enum or a dictionary). */
function hasChoices(schema: JsonSchema): boolean {
  return Array.isArray(schema.enum) || typeof schema['x-dict'] === 'string';
}

/** The kind of a field whose property names none. */
export function inferFieldKind(schema: JsonSchema, type: FieldType, relation?: Pick<RelationDef, 'through'>): FieldKind {
  if (relation) return relation.through ? 'relationMultiple' : 'relation';
  if (typesOf(schema).includes('boolean') || type === 'boolean') return 'switch';
  if (hasChoices(schema)) return 'select';
  if (type === 'datetime' || schema.format === 'date-time') return 'dateTime';
  if (type === 'date' || schema.format === 'date') return 'date';
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'json') return 'json';
  if (schema.writeOnly === true) return 'password';
  return 'text';
}

const TEXT_TYPES: readonly FieldType[] = ['string', 'date', 'datetime'];

/**
 * Why a built-in kind does not fit a field, or undefined when it does (a project's own kinds
 * fit any field: their components decide).
 */
export function kindMismatch(
  kind: FieldKind,
  field: { type: FieldType; schema: JsonSchema; relation?: Pick<RelationDef, 'through'> },
): string | undefined {
  const { type, schema, relation } = field;
  const typed = (types: readonly FieldType[], what: string) =>
    types.includes(type) ? undefined : `kind "${kind}" is for ${what} fields, not ${type}`;
  switch (kind) {
    case 'text':
    case 'textarea':
    case 'password':
    case 'mobile':
    case 'icon':
    case 'richText':
    case 'tags':
      return typed(TEXT_TYPES, 'text');
    case 'code':
      return typed([...TEXT_TYPES, 'json'], 'text or json');
    case 'json':
      return typed(['json'], 'object or array');
    case 'number':
      return typed(['integer', 'number'], 'integer or number');
    case 'switch':
    case 'flag':
      return typed(['boolean'], 'boolean');
    case 'date':
      return typed(['date', 'datetime'], 'date or date-time');
    case 'dateTime':
      return typed(['datetime'], 'date-time');
    case 'select':
    case 'radio':
    case 'status':
      return hasChoices(schema) ? undefined : `kind "${kind}" needs the field's choices: an enum or a dictionary (x-dict)`;
    case 'checkbox':
      return hasChoices(schema) || type === 'boolean'
        ? undefined
        : `kind "${kind}" is for boolean fields or fields with an enum or a dictionary (x-dict)`;
    case 'relation':
      return relation && !relation.through
        ? undefined
        : `kind "${kind}" needs a relation of the field (relations.<field>, without through)`;
    case 'upload':
      return typed(['integer'], 'integer (the id of a stored file)');
    case 'relationMultiple':
      return relation?.through ? undefined : `kind "${kind}" needs a many-valued relation of the field (relations.<field>.through)`;
    default:
      return undefined;
  }
}
