/**
 * The search form, the sort and the page as parameters of a resource's query call (see
 * server-mock/crud/listParams.ts): `currentPage` (from 1), `pageSize`, `sorter`
 * (`field_ascend` / `field_descend`) and one parameter per filled search field, matched as the
 * resource declares (exact, contains, or a range `from,to`). Pure, no React.
 */
import type { ResourceMeta, SearchFieldMeta } from '../generated/resources.ts';

type Scalar = string | number | boolean | null | undefined;
/** A search field's value: a scalar, or [from, to] for a range (dates as YYYY-MM-DD). */
export type SearchValue = Scalar | readonly [Scalar, Scalar];
export type SearchValues = Readonly<Record<string, SearchValue>>;

export interface SortState {
  field: string;
  order: 'ascend' | 'descend';
}

/** `createTime_descend` → {field: 'createTime', order: 'descend'}; undefined when malformed. */
export function parseSorter(text: string | undefined): SortState | undefined {
  const m = /^(.+)_(ascend|descend)$/.exec(text ?? '');
  return m ? { field: m[1]!, order: m[2] as SortState['order'] } : undefined;
}

export function sorterParam(sort: SortState | undefined): string | undefined {
  return sort ? `${sort.field}_${sort.order}` : undefined;
}

/** The search form's fields less those the user may not see. */
export function searchFields(
  resource: Pick<ResourceMeta, 'list'>,
  hidden: ReadonlySet<string> = new Set(),
): { basic: SearchFieldMeta[]; advanced: SearchFieldMeta[] } {
  const keep = (s: SearchFieldMeta) => !hidden.has(s.field);
  return { basic: resource.list.search.basic.filter(keep), advanced: resource.list.search.advanced.filter(keep) };
}

function scalarText(value: Scalar): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return String(value).trim();
}

/** One search value as the query parameter's text; '' when the field is left empty. */
export function searchParamValue(match: SearchFieldMeta['match'], value: SearchValue): string {
  if (Array.isArray(value)) {
    const [from, to] = value as readonly [Scalar, Scalar];
    const a = scalarText(from);
    const b = scalarText(to);
    if (!a && !b) return '';
    return match === 'range' ? `${a},${b}` : a || b;
  }
  return scalarText(value as Scalar);
}

/** The filters of the search form (hidden fields never sent). */
export function searchParams(
  resource: Pick<ResourceMeta, 'list'>,
  values: SearchValues,
  hidden: ReadonlySet<string> = new Set(),
): Record<string, string> {
  const { basic, advanced } = searchFields(resource, hidden);
  const out: Record<string, string> = {};
  for (const s of [...basic, ...advanced]) {
    const text = searchParamValue(s.match, values[s.field]);
    if (text) out[s.field] = text;
  }
  return out;
}

export interface ListRequest {
  values: SearchValues;
  sort?: SortState;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Filters the page sets itself (the filter tree's node, the master record's key); they win. */
  fixed?: Readonly<Record<string, string | number>>;
  hidden?: ReadonlySet<string>;
}

/**
 * The parameters of the list's call. A list from `list.source` sends the filters, and the page
 * and the sort only when the source is paged (a call answering every row at once is sorted on
 * the client; a page of rows can only be sorted by the call).
 */
export function buildQueryParams(resource: Pick<ResourceMeta, 'list'>, req: ListRequest): Record<string, string | number> {
  const source = resource.list.source;
  const out: Record<string, string | number> = {
    ...searchParams(resource, req.values, req.hidden),
    ...(req.fixed ?? {}),
    ...sourceParams(resource),
  };
  if (!source || source.paged) {
    const sorter = sorterParam(req.sort);
    if (sorter) out.sorter = sorter;
    out.currentPage = req.page;
    out.pageSize = req.pageSize;
  }
  return out;
}

/** The fixed parameters of a list.source call (a personal list's `type`), as query parameters. */
function sourceParams(resource: Pick<ResourceMeta, 'list'>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(resource.list.source?.params ?? {}))
    out[name] = typeof value === 'boolean' ? String(value) : value;
  return out;
}

/** True when the list waits for a filter it requires (list.source.requires) before asking for rows. */
export function missingRequiredFilter(resource: Pick<ResourceMeta, 'list'>, fixed: Readonly<Record<string, unknown>> | undefined): boolean {
  return (resource.list.source?.requires ?? []).some((field) => fixed?.[field] === undefined || fixed[field] === '');
}

/** The body of an export call: the same filters and sort, no paging, the columns to write. */
export function buildExportBody(
  resource: Pick<ResourceMeta, 'list'>,
  req: Omit<ListRequest, 'page' | 'pageSize'> & { columns: readonly string[] },
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...searchParams(resource, req.values, req.hidden), ...(req.fixed ?? {}) };
  const sorter = sorterParam(req.sort);
  if (sorter) out.sorter = sorter;
  out.columns = req.columns.filter((c) => !req.hidden?.has(c));
  return out;
}

/** True when any search field has a value (a tree resource then lists matches flat). */
export function hasSearch(resource: Pick<ResourceMeta, 'list'>, values: SearchValues, hidden?: ReadonlySet<string>): boolean {
  return Object.keys(searchParams(resource, values, hidden)).length > 0;
}
