/**
 * What every section checker of a resource file shares: the file, its document, where the
 * issues go, and the record read once (its properties and required names).
 */
import type { FieldDef, FieldType, JsonSchema, ResourceFile, ResourceScope } from '../types.ts';

export interface RegistryIssue {
  file: string;
  pointer: string;
  message: string;
}

export interface Section {
  file: string;
  doc: ResourceFile;
  issues: RegistryIssue[];
  /** Records an issue at `pointer` unless `ok`. */
  check: (ok: boolean, pointer: string, message: string) => void;
  scope: ResourceScope;
  record: JsonSchema;
  props: Record<string, JsonSchema>;
  required: ReadonlySet<string>;
}

export function sectionOf(file: string, doc: ResourceFile, issues: RegistryIssue[]): Section {
  const record: JsonSchema = doc.record ?? { type: 'object', properties: {} };
  return {
    file,
    doc,
    issues,
    check: (ok, pointer, message) => {
      if (!ok) issues.push({ file, pointer, message });
    },
    scope: doc.scope ?? 'tenant',
    record,
    props: record.properties ?? {},
    required: new Set(record.required ?? []),
  };
}

/** The resource's fields once read: in order, and by name. */
export interface Fields {
  fields: FieldDef[];
  fieldMap: Map<string, FieldDef>;
}

export function fieldType(schema: JsonSchema): FieldType {
  const t = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (t === 'string') return schema.format === 'date-time' ? 'datetime' : schema.format === 'date' ? 'date' : 'string';
  if (t === 'integer') return 'integer';
  if (t === 'number') return 'number';
  if (t === 'boolean') return 'boolean';
  return 'json';
}
