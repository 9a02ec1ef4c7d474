/** The list section: row key, columns, search, sort, tree and a list read from another call. */
import type { FieldDef, ListSource, MatchMode, Resource, SearchField } from '../types.ts';
import type { Fields, Section } from './context.ts';

export function readList(s: Section, { fields, fieldMap }: Fields): Resource['list'] {
  const { doc, check } = s;
  const list = doc.list ?? {};
  const has = (name: string) => fieldMap.has(name);
  const rowKey = list.rowKey ?? 'id';
  if (doc.kind !== 'service' || list.source) check(has(rowKey), '/list/rowKey', `unknown field "${rowKey}"`);
  const columns = list.columns ?? fields.filter((f) => !f.secret && !(f.system && f.name === 'tenantCode')).map((f) => ({ field: f.name }));
  columns.forEach((c, i) => {
    check(has(c.field), `/list/columns/${i}/field`, `unknown field "${c.field}"`);
    if (fieldMap.get(c.field)?.secret) check(false, `/list/columns/${i}/field`, `field "${c.field}" is writeOnly and cannot be a column`);
  });
  const search = {
    basic: readSearch(s, fieldMap, list.search?.basic, 'basic'),
    advanced: readSearch(s, fieldMap, list.search?.advanced, 'advanced'),
  };
  const defaultSort = list.defaultSort ?? (doc.kind === 'service' ? '' : 'createTime_descend');
  if (defaultSort) {
    const sortField = defaultSort.replace(/_(ascend|descend)$/, '');
    check(has(sortField), '/list/defaultSort', `unknown field "${sortField}"`);
  }
  if (list.tree) {
    for (const k of ['keyField', 'parentField', 'labelField'] as const) {
      check(has(list.tree[k]), `/list/tree/${k}`, `unknown field "${list.tree[k]}"`);
    }
    if (list.tree.sequenceField)
      check(has(list.tree.sequenceField), '/list/tree/sequenceField', `unknown field "${list.tree.sequenceField}"`);
    if (list.tree.titleField) check(has(list.tree.titleField), '/list/tree/titleField', `unknown field "${list.tree.titleField}"`);
  }
  check(list.mode !== 'tree' || !!list.tree, '/list/mode', 'tree mode needs list.tree');
  return {
    rowKey,
    mode: list.mode ?? 'flat',
    pageSize: list.pageSize ?? 10,
    defaultSort,
    columns,
    search,
    tree: list.tree,
    filterTree: list.filterTree,
    detail: list.detail,
    detailPanels: list.detailPanels,
    source: readSource(s),
  };
}

function readSearch(
  s: Section,
  fieldMap: ReadonlyMap<string, FieldDef>,
  entries: (string | Partial<SearchField>)[] | undefined,
  where: 'basic' | 'advanced',
): SearchField[] {
  return (entries ?? []).map((e, i) => {
    const fieldName = typeof e === 'string' ? e : (e.field ?? '');
    if (typeof e !== 'string' && e.link !== undefined) return readLinkSearch(s, fieldMap, e, `/list/search/${where}/${i}`);
    const f = fieldMap.get(fieldName);
    s.check(!!f, `/list/search/${where}/${i}`, `unknown field "${fieldName}"`);
    if (f?.secret) s.check(false, `/list/search/${where}/${i}`, `field "${fieldName}" is writeOnly and cannot be searched`);
    const match = (typeof e === 'string' ? undefined : e.match) ?? (f ? defaultMatch(f) : 'exact');
    return { field: fieldName, match };
  });
}

/** A search by a linked value (`link`): a filter of its own name, exact, on a link of the resource. */
function readLinkSearch(s: Section, fieldMap: ReadonlyMap<string, FieldDef>, e: Partial<SearchField>, pointer: string): SearchField {
  const field = e.field ?? '';
  const link = e.link ?? '';
  s.check(!fieldMap.has(field), `${pointer}/field`, `"${field}" is a record field: a search by a link has a name of its own`);
  s.check(!!s.doc.links?.[link], `${pointer}/link`, `no link "${link}" in links`);
  s.check(e.match === undefined || e.match === 'exact', `${pointer}/match`, 'a search by a link matches exactly');
  return { field, match: 'exact', link };
}

function defaultMatch(field: FieldDef): MatchMode {
  if (field.type === 'datetime' || field.type === 'date' || field.type === 'number') return 'range';
  if (field.type !== 'string') return 'exact';
  if (field.dict || field.schema.enum || /(Code|Id|Type|Key)$/.test(field.name)) return 'exact';
  return 'contains';
}

/** list.source: rows from another call, for link and service resources. */
function readSource(s: Section): ListSource | undefined {
  const { doc, check } = s;
  const list = doc.list ?? {};
  const source: ListSource | undefined = list.source && {
    call: list.source.call,
    paged: list.source.paged ?? false,
    requires: list.source.requires ?? [],
    params: list.source.params ?? {},
  };
  if (source) {
    check(
      doc.kind !== 'entity',
      '/list/source',
      'an entity lists its records with its own query call; list.source is for link and service resources',
    );
    check(list.mode !== 'tree', '/list/mode', 'a list from list.source is flat');
    source.requires.forEach((n, i) =>
      check(n === list.filterTree?.field, `/list/source/requires/${i}`, `"${n}" is not the filter tree's field (list.filterTree.field)`),
    );
  }
  return source;
}
