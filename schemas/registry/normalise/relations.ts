/**
 * The relations section: each relation names a record field; a many-valued one (`through`)
 * keeps an array field's values in a link resource's rows, so that field is no column.
 * The target resources are checked once the registry is loaded (crossCheck).
 */
import type { Resource } from '../types.ts';
import type { Fields, Section } from './context.ts';

export function readRelations(s: Section, { fieldMap }: Fields, list: Resource['list']): Resource['relations'] {
  const { doc, check } = s;
  const relations = doc.relations ?? {};
  for (const key of Object.keys(relations)) check(!!s.props[key], `/relations/${key}`, `unknown record field "${key}"`);
  for (const [key, rel] of Object.entries(relations)) {
    const f = fieldMap.get(key);
    if (!rel.through || !f || f.system) continue;
    f.link = rel.through;
    const pointer = `/relations/${key}/through`;
    check(doc.kind === 'entity', pointer, 'only an entity keeps relation values in a link resource');
    check(
      f.schema.type === 'array' && typeof f.schema.items === 'object',
      `/record/properties/${key}`,
      'a relation kept in a link resource is an array of values (type "array" with "items")',
    );
    check(
      !s.required.has(key),
      `/record/required`,
      `"${key}" is kept in a link resource and cannot be required (no values is an empty array)`,
    );
    list.columns.forEach((c, i) =>
      check(
        c.field !== key || !('sortable' in c && c.sortable),
        `/list/columns/${i}/sortable`,
        `"${key}" is kept in a link resource and cannot be sorted by`,
      ),
    );
    for (const where of ['basic', 'advanced'] as const)
      list.search[where].forEach((x, i) =>
        check(x.field !== key, `/list/search/${where}/${i}`, `"${key}" is kept in a link resource and cannot be searched`),
      );
    check(list.filterTree?.field !== key, '/list/filterTree/field', `"${key}" is kept in a link resource and cannot be filtered by`);
  }
  for (const [key, rel] of Object.entries(relations)) {
    if (!rel.through)
      check(
        fieldMap.get(key)?.schema.type !== 'array',
        `/relations/${key}`,
        `"${key}" is an array: give the relation "through" (the link resource that keeps its values)`,
      );
  }
  return relations;
}
