/**
 * The table's columns and the detail view's fields from a resource's metadata, and the text a
 * cell shows: dictionary labels (dict.<type>.<value>), relation labels (RelationMeta.as) and
 * dates in the spec's format. Pure, no React.
 */
import type { FieldMeta, ResourceMeta } from '../generated/resources.ts';
import { formatDate, formatDay } from '../format/formatDate.ts';

export interface ColumnSpec {
  field: string;
  /** i18n key of the header. */
  label: string;
  type: FieldMeta['type'];
  sortable: boolean;
  width?: number;
  dict?: string;
  /** The record property holding the relation's label (shown instead of the raw value). */
  labelField?: string;
  /** Hidden until the user shows it in the column menu. */
  defaultHidden: boolean;
  /** Declared for phones (list.columns[].phone): kept below 992 px. */
  phone: boolean;
}

function specOf(resource: Pick<ResourceMeta, 'relations'>, f: FieldMeta, extra: Partial<ColumnSpec> = {}): ColumnSpec {
  return {
    field: f.name,
    label: f.label,
    type: f.type,
    sortable: false,
    dict: f.dict,
    labelField: resource.relations[f.name]?.as,
    defaultHidden: false,
    phone: false,
    ...extra,
  };
}

/** The list's columns less secret fields and those the user's data permission hides. */
export function buildColumns(
  resource: Pick<ResourceMeta, 'fields' | 'list' | 'relations'>,
  hidden: ReadonlySet<string> = new Set(),
): ColumnSpec[] {
  const byName = new Map(resource.fields.map((f) => [f.name, f]));
  const out: ColumnSpec[] = [];
  for (const c of resource.list.columns) {
    const f = byName.get(c.field);
    if (!f || f.secret || hidden.has(c.field)) continue;
    out.push(specOf(resource, f, { sortable: !!c.sortable, width: c.width, defaultHidden: !!c.hidden, phone: !!c.phone }));
  }
  return out;
}

/** The detail view's fields: every readable field the user may see (the tenant code of a tenant resource left out). */
export function detailFields(
  resource: Pick<ResourceMeta, 'fields' | 'list' | 'relations' | 'scope'>,
  hidden: ReadonlySet<string> = new Set(),
): ColumnSpec[] {
  return resource.fields
    .filter((f) => !f.secret && !hidden.has(f.name) && !(f.name === 'tenantCode' && f.system && resource.scope === 'tenant'))
    .map((f) => specOf(resource, f));
}

/** The columns a phone or narrow window keeps: those declared `phone`, else the first two. */
export function phoneColumns(columns: readonly ColumnSpec[]): Set<string> {
  const declared = columns.filter((c) => c.phone);
  return new Set((declared.length ? declared : columns.slice(0, 2)).map((c) => c.field));
}

/** Whether a detail row would show nothing: no value (null, "", an empty list). */
function isEmptyValue(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * The rows a record's detail shows: the detail fields less the record's internal key (the
 * server-made `id`), a relation whose label the record does not carry (its raw key means nothing
 * to a reader), and fields the record leaves empty.
 */
export function detailRows(
  resource: Pick<ResourceMeta, 'fields' | 'list' | 'relations' | 'scope'>,
  record: Readonly<Record<string, unknown>>,
  hidden: ReadonlySet<string> = new Set(),
): ColumnSpec[] {
  const internal = new Set(resource.fields.filter((f) => f.system && f.name === 'id').map((f) => f.name));
  return detailFields(resource, hidden).filter((c) => {
    if (internal.has(c.field)) return false;
    if (c.labelField) return !isEmptyValue(record[c.labelField]);
    return !isEmptyValue(record[c.field]);
  });
}

/** The columns' initial visibility state: `false` for those hidden by default. */
export function initialVisibility(columns: readonly ColumnSpec[]): Record<string, boolean> {
  return Object.fromEntries(columns.filter((c) => c.defaultHidden).map((c) => [c.field, false]));
}

export function dictKey(type: string, value: unknown): string {
  return `dict.${type}.${String(value)}`;
}

/** The value a cell shows before formatting: the relation's label when the answer carries it. */
export function displayValue(col: Pick<ColumnSpec, 'field' | 'labelField'>, record: Readonly<Record<string, unknown>>): unknown {
  if (col.labelField) {
    const label = record[col.labelField];
    if (label !== null && label !== undefined && label !== '') return label;
  }
  return record[col.field];
}

/** Looks a key up; undefined when the key is not translated. */
export type Translate = (key: string) => string | undefined;

/** A dictionary value's label; a comma-separated value is labelled item by item. */
export function dictLabel(type: string, value: unknown, translate: Translate): string {
  const whole = translate(dictKey(type, value));
  if (whole !== undefined) return whole;
  const text = String(value);
  if (!text.includes(',')) return text;
  return text
    .split(',')
    .map((v) => translate(dictKey(type, v.trim())) ?? v.trim())
    .join(', ');
}

/** The text of a cell (print, detail, plain cells). */
export function cellText(
  col: Pick<ColumnSpec, 'field' | 'labelField' | 'dict' | 'type'>,
  record: Readonly<Record<string, unknown>>,
  translate: Translate,
): string {
  const value = displayValue(col, record);
  if (value === null || value === undefined || value === '') return '';
  const usesLabel = col.labelField !== undefined && value === record[col.labelField];
  if (col.dict && !usesLabel) return dictLabel(col.dict, value, translate);
  if (col.type === 'datetime' && !usesLabel) return formatDate(value as string | number);
  if (col.type === 'date' && !usesLabel) return formatDay(value as string | number);
  if (typeof value === 'boolean') return translate(value ? 'resource.yes' : 'resource.no') ?? String(value);
  // A many-valued relation: its labels (or values), one after another.
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
