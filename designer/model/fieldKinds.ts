/**
 * The field kinds of the form generator's palette: what each adds to the document (its record
 * schema, its field kind, its relation) and how a field of the document is recognised as one
 * (so a field written in the JSON view shows in the palette's terms). Pure data, no React.
 */
import type { PropertySchema, RelationDef } from '../../runtime/generated/fileTypes.ts';
import {
  DESIGNER_CHOICE_LIST_LENGTH,
  DESIGNER_RICH_TEXT_LENGTH,
  DESIGNER_TEXT_LENGTH,
  DESIGNER_TEXTAREA_LENGTH,
} from '../../schemas/registry/documentLimits.ts';

export const FIELD_KINDS = [
  'text',
  'textarea',
  'number',
  'switch',
  'select',
  'radio',
  'checkbox',
  'date',
  'dateRange',
  'dictionary',
  'relation',
  'richText',
  'upload',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** What one palette entry puts into the document for a field (a date range puts two); the schema names its field kind (`x-kind`) where the type alone does not. */
export interface KindTemplate {
  schema: PropertySchema;
  relation?: Omit<RelationDef, 'as'>;
}

/** The dictionary a new dictionary or checkbox field starts with (any type of sys_dict works). */
const DEFAULT_DICT = 'sex';
/** The choices a new select or radio field starts with. */
const DEFAULT_OPTIONS = ['a', 'b', 'c'];
/** The resource a new relation starts pointing at. */
const DEFAULT_RELATION: Omit<RelationDef, 'as'> = { resource: 'SysRole', valueField: 'roleCode', labelField: 'roleName' };

export function kindTemplate(kind: Exclude<FieldKind, 'dateRange'>): KindTemplate {
  switch (kind) {
    case 'text':
      return { schema: { type: 'string', maxLength: DESIGNER_TEXT_LENGTH } };
    case 'textarea':
      return { schema: { type: 'string', maxLength: DESIGNER_TEXTAREA_LENGTH, 'x-kind': 'textarea' } };
    case 'number':
      return { schema: { type: 'number' } };
    case 'switch':
      return { schema: { type: 'boolean' } };
    case 'select':
      return { schema: { type: 'string', enum: [...DEFAULT_OPTIONS] } };
    case 'radio':
      return { schema: { type: 'string', enum: [...DEFAULT_OPTIONS], 'x-kind': 'radio' } };
    case 'checkbox':
      return { schema: { type: 'string', maxLength: DESIGNER_CHOICE_LIST_LENGTH, 'x-dict': DEFAULT_DICT, 'x-kind': 'checkbox' } };
    case 'date':
      return { schema: { type: 'string', format: 'date' } };
    case 'dictionary':
      return { schema: { type: 'string', maxLength: DESIGNER_TEXT_LENGTH, 'x-dict': DEFAULT_DICT } };
    case 'relation':
      return { schema: { type: 'string', maxLength: DESIGNER_TEXT_LENGTH }, relation: { ...DEFAULT_RELATION } };
    case 'richText':
      return { schema: { type: 'string', maxLength: DESIGNER_RICH_TEXT_LENGTH, 'x-kind': 'richText' } };
    case 'upload':
      // the id of a stored file of the tenant (the files API), checked by the server on every write
      return { schema: { type: 'integer', minimum: 1, 'x-kind': 'upload' } };
  }
}

/** The palette kind of a field of the document, from its schema (its `x-kind` first) and relation. */
export function kindOf(schema: PropertySchema, relation: RelationDef | undefined): Exclude<FieldKind, 'dateRange'> {
  if (relation) return 'relation';
  const named = schema['x-kind'];
  if (named === 'textarea' || named === 'richText' || named === 'radio' || named === 'checkbox' || named === 'upload') return named;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'boolean') return 'switch';
  if (type === 'number' || type === 'integer') return 'number';
  if (typeof schema['x-dict'] === 'string') return 'dictionary';
  if (Array.isArray(schema.enum)) return 'select';
  if (schema.format === 'date') return 'date';
  return 'text';
}

/** Which properties the panel offers for a kind. */
export function kindOffers(kind: FieldKind): {
  length: boolean;
  pattern: boolean;
  range: boolean;
  options: boolean;
  dict: boolean;
  relation: boolean;
} {
  const text = kind === 'text' || kind === 'textarea' || kind === 'richText';
  return {
    length: text,
    pattern: kind === 'text',
    range: kind === 'number',
    options: kind === 'select' || kind === 'radio',
    dict: kind === 'dictionary' || kind === 'checkbox',
    relation: kind === 'relation',
  };
}
