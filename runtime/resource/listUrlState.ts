/**
 * A list's state in the address: `page` (from 1), `size` (the page size), `sort`
 * (`field_ascend` / `field_descend`), `q` (the applied search values as JSON) and `node` (the
 * value of the filter tree's chosen node, list.filterTree). Only what
 * differs from the resource's defaults is written, so an untouched list keeps a bare address.
 * Read back with the same checks the server makes: unknown search fields, sort fields the list
 * does not sort by and page sizes out of range are dropped. Pure, no React.
 */
import type { ResourceMeta } from '../generated/resources.ts';
import { MAX_PAGE_SIZE } from '../../schemas/registry/limits.ts';
import { parseSorter, sorterParam, type SearchValue, type SearchValues, type SortState } from './queryParams.ts';

export interface ListState {
  page: number;
  pageSize: number;
  sort: SortState | undefined;
  filters: SearchValues;
  /** The filter tree's chosen node (its value as text); undefined: none chosen. */
  node?: string;
}

/** Longest node value read from an address. */
const MAX_NODE_LENGTH = 200;

/** The query parameters this module owns (others in the address are left alone). */
const LIST_PARAMS = ['page', 'size', 'sort', 'q', 'node'] as const;

export function defaultListState(resource: Pick<ResourceMeta, 'list'>): ListState {
  return { page: 1, pageSize: resource.list.pageSize, sort: parseSorter(resource.list.defaultSort), filters: {} };
}

function isScalar(v: unknown): v is string | number | boolean | null {
  return v === null || ['string', 'number', 'boolean'].includes(typeof v);
}

function searchable(resource: Pick<ResourceMeta, 'list'>): Set<string> {
  const s = resource.list.search;
  return new Set([...(s?.basic ?? []), ...(s?.advanced ?? [])].map((f) => f.field));
}

/** The state an address asks for; what it does not say (or says wrongly) is the default's. */
export function readListState(resource: Pick<ResourceMeta, 'list'>, params: URLSearchParams): ListState {
  const state = defaultListState(resource);
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page >= 1) state.page = page;
  const size = Number(params.get('size'));
  if (Number.isInteger(size) && size >= 1 && size <= MAX_PAGE_SIZE) state.pageSize = size;
  const sortText = params.get('sort');
  if (sortText === '') state.sort = undefined;
  else if (sortText !== null) {
    const sort = parseSorter(sortText);
    if (sort && resource.list.columns.some((c) => c.field === sort.field && c.sortable)) state.sort = sort;
  }
  const q = params.get('q');
  if (q) {
    let raw: unknown;
    try {
      raw = JSON.parse(q);
    } catch {
      raw = undefined;
    }
    if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
      const fields = searchable(resource);
      const filters: Record<string, SearchValue> = {};
      for (const [field, value] of Object.entries(raw as Record<string, unknown>)) {
        if (!fields.has(field)) continue;
        if (isScalar(value)) filters[field] = value;
        else if (Array.isArray(value) && value.length === 2 && value.every(isScalar)) filters[field] = [value[0], value[1]];
      }
      state.filters = filters;
    }
  }
  const node = params.get('node');
  if (node && node.length <= MAX_NODE_LENGTH && resource.list.filterTree) state.node = node;
  return state;
}

/** Only the filled search values (empty ones say nothing). */
function filled(filters: SearchValues): Record<string, SearchValue> {
  const out: Record<string, SearchValue> = {};
  for (const [field, value] of Object.entries(filters)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value) && value.every((v) => v === undefined || v === null || v === '')) continue;
    out[field] = value;
  }
  return out;
}

/**
 * The address's query with this state written in (parameters of others kept). The sort is
 * written as an empty `sort=` when the user removed the default sort.
 */
export function writeListState(resource: Pick<ResourceMeta, 'list'>, state: ListState, params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(params);
  for (const name of LIST_PARAMS) out.delete(name);
  const base = defaultListState(resource);
  if (state.page !== 1) out.set('page', String(state.page));
  if (state.pageSize !== base.pageSize) out.set('size', String(state.pageSize));
  const sort = sorterParam(state.sort) ?? '';
  if (sort !== (sorterParam(base.sort) ?? '')) out.set('sort', sort);
  const filters = filled(state.filters);
  if (Object.keys(filters).length) out.set('q', JSON.stringify(filters));
  if (state.node !== undefined && state.node !== '') out.set('node', state.node);
  return out;
}

/** The address's parameters less the list's own (what selects a record on a record route). */
export function otherParams(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries([...params].filter(([name]) => !(LIST_PARAMS as readonly string[]).includes(name)));
}

/** True when the address says something about the list. */
export function hasListState(params: URLSearchParams): boolean {
  return LIST_PARAMS.some((name) => params.has(name));
}
