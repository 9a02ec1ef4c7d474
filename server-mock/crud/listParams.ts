/**
 * Reads list parameters (query string of a query call, body of an export call) against a
 * resource's list: which filters (exact for codes, contains for text, ranges for dates and
 * numbers, as the file's search declares), the sorter `field_ascend|descend`, and paging. The
 * access layer's list query (server-mock/access/listQuery.ts) runs them.
 */
import type { FieldDef, LinkDef, MatchMode, Resource } from '../../schemas/registry/types.ts';
import type { ListParams } from '../access/listQuery.ts';
import { badRequest } from '../http/apiError.ts';
import { filterableFields } from './crudSchemas.ts';

/** Parameters that are not filters. */
const CONTROL_PARAMS = new Set(['currentPage', 'pageSize', 'sorter', 'isTemplate', 'columns']);

function matchOf(resource: Resource, field: FieldDef): MatchMode | 'subtree' {
  if (resource.list.filterTree?.subtree && resource.list.filterTree.field === field.name) return 'subtree';
  const declared = [...resource.list.search.basic, ...resource.list.search.advanced].find((s) => s.field === field.name);
  if (declared) return declared.match;
  if (field.type === 'datetime' || field.type === 'date') return 'range';
  return 'exact';
}

/** The fields a list can filter and sort by, by name, once per resource (read on every list call). */
const filterableByResource = new WeakMap<Resource, Map<string, FieldDef>>();

function filterableByName(resource: Resource): Map<string, FieldDef> {
  let fields = filterableByResource.get(resource);
  if (!fields) filterableByResource.set(resource, (fields = new Map(filterableFields(resource).map((f) => [f.name, f]))));
  return fields;
}

/** The link a search field by a linked value (`link`) of this name filters on. */
function linkSearch(resource: Resource, name: string): LinkDef | undefined {
  const spec = [...resource.list.search.basic, ...resource.list.search.advanced].find((s) => s.field === name && s.link);
  return spec && resource.links[spec.link!];
}

export function parseListParams(resource: Resource, params: Record<string, unknown>): ListParams {
  const fields = filterableByName(resource);
  const currentPage = params.currentPage === undefined ? 1 : Number(params.currentPage);
  const pageSize = params.pageSize === undefined ? resource.list.pageSize : Number(params.pageSize);
  const sortText = typeof params.sorter === 'string' && params.sorter ? params.sorter : resource.list.defaultSort || 'id_descend';
  const m = /^(.+)_(ascend|descend)$/.exec(sortText);
  const sortField = m ? fields.get(m[1]!) : undefined;
  if (!m || !sortField) throw badRequest(`Cannot sort by "${sortText}"`, [{ field: 'sorter', message: 'is not a sortable field' }]);
  const filters: ListParams['filters'] = [];
  const linked: NonNullable<ListParams['linked']> = [];
  for (const [name, raw] of Object.entries(params)) {
    if (CONTROL_PARAMS.has(name) || raw === undefined || raw === null || raw === '') continue;
    const link = linkSearch(resource, name);
    if (link) {
      linked.push({ link, value: String(raw) });
      continue;
    }
    const field = fields.get(name);
    if (!field) throw badRequest(`Unknown filter "${name}"`, [{ field: name, message: 'is not a known field' }]);
    filters.push({ field, match: matchOf(resource, field), value: String(raw) });
  }
  return { currentPage, pageSize, sorter: { field: sortField, direction: m[2] === 'ascend' ? 'asc' : 'desc' }, filters, linked };
}
