/**
 * The values a field may take, for selects: the record schema's `enum`, else the values of its
 * dictionary (the keys of `dict.<type>` in the schema locale files, the same in every language).
 */
import type { ResourceMeta } from '../generated/resources.ts';
import schemaLabels from '../../schemas/locales/en.json';
import { fieldOf, fieldSchema } from './meta.ts';

const dictionaries = ((schemaLabels as { dict?: Record<string, Record<string, string>> }).dict ?? {}) as Record<
  string,
  Record<string, string>
>;

export function dictValues(type: string): string[] {
  return Object.keys(dictionaries[type] ?? {});
}

/** The choices of a field, or undefined when it is free input. */
export function fieldChoices(resource: Pick<ResourceMeta, 'fields' | 'record'>, field: string): (string | number)[] | undefined {
  const schema = fieldSchema(resource, field);
  if (Array.isArray(schema.enum)) return schema.enum.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
  const dict = fieldOf(resource, field)?.dict;
  if (!dict) return undefined;
  const values = dictValues(dict);
  if (values.length === 0) return undefined;
  const type = fieldOf(resource, field)?.type;
  return type === 'integer' || type === 'number' ? values.map(Number) : values;
}
