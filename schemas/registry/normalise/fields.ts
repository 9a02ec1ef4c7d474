/**
 * The record section: its fields with their rules (x-hash, x-auto, x-notBefore), their kinds
 * (x-kind, else inferred), their label keys, then the system fields every table has.
 *
 * A field's label key is `resources.<Name>.fields.<field>` unless `labels.fields` names
 * another (a system field's is `common.fields.<field>`); the locale check finds a key missing.
 */
import type { FieldDef, FieldType, JsonSchema } from '../types.ts';
import { inferFieldKind, kindMismatch } from '../fieldKinds.ts';
import { toSnakeCase } from '../naming.ts';
import { type Fields, type Section, fieldType } from './context.ts';

/** Values the server can set a field to (x-auto). */
const AUTO_VALUES = ['username', 'server'] as const;

const SYSTEM_LABELS: Record<string, string> = {
  id: 'common.fields.id',
  tenantCode: 'common.fields.tenantCode',
  createTime: 'common.fields.createTime',
  updateTime: 'common.fields.updateTime',
};

const SYSTEM_SCHEMAS: [string, FieldType, JsonSchema][] = [
  ['id', 'integer', { type: 'integer', readOnly: true }],
  ['tenantCode', 'string', { type: 'string', readOnly: true }],
  ['createTime', 'datetime', { type: 'string', format: 'date-time', readOnly: true }],
  ['updateTime', 'datetime', { type: 'string', format: 'date-time', readOnly: true }],
];

/** The record's own fields, then the system fields (none for a service resource). */
export function readFields(s: Section): Fields {
  checkRequired(s);
  const fields = recordFields(s);
  if (s.scope === 'tenant' && s.props.tenantCode) {
    s.issues.push({
      file: s.file,
      pointer: '/record/properties/tenantCode',
      message: 'tenantCode is a system field of tenant-scoped resources',
    });
  }
  for (const [name, schema] of Object.entries(s.props)) checkFieldRules(s, name, schema);
  if (s.doc.kind !== 'service') fields.push(...systemFields(s));
  const fieldMap = new Map(fields.map((f) => [f.name, f]));
  checkLabelFields(s, fieldMap);
  return { fields, fieldMap };
}

function checkRequired(s: Section): void {
  for (const [i, name] of (s.record.required ?? []).entries()) {
    if (!s.props[name])
      s.issues.push({ file: s.file, pointer: `/record/required/${i}`, message: `required field "${name}" is not a property` });
  }
}

/** The label key of a record field when the file names none. */
function defaultFieldLabel(resource: string, field: string): string {
  return `resources.${resource}.fields.${field}`;
}

function recordFields(s: Section): FieldDef[] {
  const labelFields = s.doc.labels?.fields ?? {};
  return Object.entries(s.props).map(([name, schema]) => ({
    name,
    column: toSnakeCase(name),
    type: fieldType(schema),
    kind: schema['x-kind'] ?? inferFieldKind(schema, fieldType(schema), s.doc.relations?.[name]),
    schema,
    required: s.required.has(name),
    system: false,
    secret: schema.writeOnly === true,
    hash: schema['x-hash'] === 'scrypt',
    dict: schema['x-dict'],
    label: labelFields[name] ?? defaultFieldLabel(s.doc.name, name),
    ...(schema['x-auto'] ? { auto: schema['x-auto'] } : {}),
    ...(schema['x-notBefore'] ? { notBefore: schema['x-notBefore'] } : {}),
    ...(schema['x-partOf'] ? { partOf: schema['x-partOf'] } : {}),
  }));
}

/** x-hash, x-auto, x-notBefore, x-partOf and x-kind of one record field. */
function checkFieldRules(s: Section, name: string, schema: JsonSchema): void {
  const { file, issues } = s;
  const kind = schema['x-kind'];
  const mismatch = kind && kindMismatch(kind, { type: fieldType(schema), schema, relation: s.doc.relations?.[name] });
  if (mismatch) issues.push({ file, pointer: `/record/properties/${name}/x-kind`, message: mismatch });
  if (schema['x-hash'] && schema.writeOnly !== true) {
    issues.push({ file, pointer: `/record/properties/${name}`, message: 'a hashed field (x-hash) must be writeOnly' });
  }
  const auto = schema['x-auto'];
  if (auto !== undefined) {
    if (!(AUTO_VALUES as readonly string[]).includes(auto)) {
      issues.push({ file, pointer: `/record/properties/${name}/x-auto`, message: `must be one of ${AUTO_VALUES.join(', ')}` });
    }
    if (auto === 'username' && fieldType(schema) !== 'string')
      issues.push({
        file,
        pointer: `/record/properties/${name}/x-auto`,
        message: 'a field the server sets to the username must be a string',
      });
    if (s.required.has(name))
      issues.push({ file, pointer: `/record/properties/${name}/x-auto`, message: 'a field the server sets cannot be required' });
  }
  const partOf = schema['x-partOf'];
  if (partOf !== undefined && (!s.props[partOf] || partOf === name))
    issues.push({ file, pointer: `/record/properties/${name}/x-partOf`, message: `"${partOf}" is not another field of the record` });
  const notBefore = schema['x-notBefore'];
  if (notBefore !== undefined) {
    const other = s.props[notBefore];
    // one kind of value: numbers with numbers, days and times with each other (compared by day when mixed)
    const kind = (x: JsonSchema) =>
      (({ datetime: 'time', date: 'time', integer: 'integer', number: 'number' }) as Partial<Record<FieldType, string>>)[fieldType(x)];
    if (!other || notBefore === name)
      issues.push({
        file,
        pointer: `/record/properties/${name}/x-notBefore`,
        message: `"${notBefore}" is not another field of the record`,
      });
    else if (!kind(schema) || kind(other) !== kind(schema)) {
      issues.push({
        file,
        pointer: `/record/properties/${name}/x-notBefore`,
        message: `"${name}" and "${notBefore}" must both be date or date-time fields, or both integer or both number fields`,
      });
    }
  }
}

function systemFields(s: Section): FieldDef[] {
  const labelFields = s.doc.labels?.fields ?? {};
  return SYSTEM_SCHEMAS.filter(([name]) => name !== 'tenantCode' || s.scope === 'tenant').map(([name, type, schema]) => ({
    name,
    column: toSnakeCase(name),
    type,
    kind: inferFieldKind(schema, type),
    schema,
    required: false,
    system: true,
    secret: false,
    hash: false,
    label: labelFields[name] ?? SYSTEM_LABELS[name]!,
  }));
}

function checkLabelFields(s: Section, fieldMap: ReadonlyMap<string, FieldDef>): void {
  for (const key of Object.keys(s.doc.labels?.fields ?? {})) {
    s.check(fieldMap.has(key), `/labels/fields/${key}`, `label for unknown field "${key}"`);
  }
}
