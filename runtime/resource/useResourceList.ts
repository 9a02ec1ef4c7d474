/**
 * The state of one resource's list, with no UI: the applied search filters, the sort, the page
 * and page size, the rows and their total, the checked rows, and the fetching of the rows
 * (the query call, a declared list.source call, or the tree call). ResourceList is a view over
 * it.
 *
 * Rules the view relies on:
 * - a new search, a new sort, a new page size or new fixed filters (a filter tree node, a
 *   master record) start again from the first page;
 * - every change of what is listed asks again; an answer to an older request is dropped (its
 *   AbortController is aborted when a newer request starts or the list unmounts), so a slow
 *   answer never overwrites a newer one;
 * - the checked rows are cleared whenever new rows arrive;
 * - a list waiting for a required filter (list.source.requires) asks for nothing and is empty;
 * - `initial` (a shared address, listUrlState.ts) sets the first page, page size, sort and
 *   search values; the view writes them back to the address as they change.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ResourceMeta } from '../generated/resources.ts';
import type { ResourceRecord } from './extensions.ts';
import { rowIdOf } from './meta.ts';
import { buildQueryParams, hasSearch, missingRequiredFilter, parseSorter, type SearchValues, type SortState } from './queryParams.ts';
import { queryList, queryTree, treeCallExists, type ListPage } from './api.ts';
import { MAX_PAGE_SIZE } from '../../schemas/registry/limits.ts';
import type { ListState } from './listUrlState.ts';

/** Where the rows come from; the default is the generated client (api.ts). */
export interface ListFetcher {
  /** One page (or every row) of the list call with these query parameters. */
  list(resource: ResourceMeta, params: Record<string, string | number>, signal: AbortSignal): Promise<ListPage>;
  /** The whole tree of a tree resource. */
  tree(resource: ResourceMeta, signal: AbortSignal): Promise<ResourceRecord[]>;
  /** True when the resource has a tree call. */
  hasTree(resource: ResourceMeta): boolean;
}

/**
 * The generated client's calls. They cannot be cut off on the wire (the generated client takes
 * no signal), so an aborted request runs to its end and its answer is dropped.
 */
const clientFetcher: ListFetcher = {
  list: (resource, params) => queryList(resource, params),
  tree: (resource) => queryTree(resource),
  hasTree: treeCallExists,
};

export interface ResourceListOptions {
  resource: ResourceMeta;
  /** Fields the user's data permission hides (never searched). */
  hidden: ReadonlySet<string>;
  /** Filters always sent (filter tree node, master record), not part of the search. */
  fixed?: Readonly<Record<string, string | number>>;
  /** False when the user may not query the list: nothing is asked. */
  enabled?: boolean;
  fetcher?: ListFetcher;
  /** The state to start from (an address's); default the resource's first page and sort. */
  initial?: ListState;
}

export interface ResourceListController {
  records: ResourceRecord[];
  /** Rows the server counts (every node of a tree). */
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  /** A page of the pagination; a new page size starts again from page 1. */
  changePage(page: number, pageSize?: number): void;
  sort: SortState | undefined;
  /** A new sort starts again from page 1. */
  changeSort(sort: SortState | undefined): void;
  /** The applied search values. */
  filters: SearchValues;
  /** Applies search values (asks again even when they are unchanged) from page 1. */
  search(values: SearchValues): void;
  /** Clears the search values, from page 1. */
  resetFilters(): void;
  /** The fixed filters, as a fresh object. */
  fixedFilters(): Record<string, string | number>;
  /** Row ids of the checked rows. */
  selected: ReadonlySet<string>;
  setSelected(ids: Set<string>): void;
  /** The checked rows (tree children included). */
  selectedRecords(): ResourceRecord[];
  /** Asks for the rows again. */
  refresh(): void;
  /** The rows are the resource's tree (no search, no fixed filter, a tree call). */
  treeMode: boolean;
  /** The list pages on the server. */
  paged: boolean;
  /** The server sorts (a flat list of the query call); otherwise the table sorts its rows. */
  serverSort: boolean;
  /** A required filter is missing: nothing is asked. */
  waiting: boolean;
}

function countTree(records: readonly ResourceRecord[]): number {
  let n = 0;
  for (const r of records) {
    n += 1;
    if (Array.isArray(r.children)) n += countTree(r.children as ResourceRecord[]);
  }
  return n;
}

function findRecords(
  records: readonly ResourceRecord[],
  ids: ReadonlySet<string>,
  resource: ResourceMeta,
  out: ResourceRecord[] = [],
): ResourceRecord[] {
  for (const r of records) {
    if (ids.has(rowIdOf(resource, r))) out.push(r);
    if (Array.isArray(r.children)) findRecords(r.children as ResourceRecord[], ids, resource, out);
  }
  return out;
}

export function useResourceList({
  resource,
  hidden,
  fixed,
  enabled = true,
  fetcher = clientFetcher,
  initial,
}: ResourceListOptions): ResourceListController {
  const fixedKey = JSON.stringify(fixed ?? {});
  const hiddenKey = [...hidden].sort().join(',');

  const [filters, setFilters] = useState<SearchValues>(() => initial?.filters ?? {});
  const [sort, setSort] = useState<SortState | undefined>(() => (initial ? initial.sort : parseSorter(resource.list.defaultSort)));
  const [page, setPage] = useState(initial?.page ?? 1);
  const [pageSize, setPageSize] = useState(initial?.pageSize ?? resource.list.pageSize);
  const [round, setRound] = useState(0);
  const [records, setRecords] = useState<ResourceRecord[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());

  // New fixed filters (another master record or filter node) start again from the first page,
  // before anything is asked for the old page.
  const [pagedFixedKey, setPagedFixedKey] = useState(fixedKey);
  if (pagedFixedKey !== fixedKey) {
    setPagedFixedKey(fixedKey);
    setPage(1);
  }

  const searching = hasSearch(resource, filters, hidden);
  const fixedCount = Object.keys(JSON.parse(fixedKey) as object).length;
  const treeMode = resource.list.mode === 'tree' && !!resource.list.tree && fetcher.hasTree(resource) && !searching && fixedCount === 0;
  const source = resource.list.source;
  const paged = resource.list.mode !== 'tree' && (!source || source.paged);
  const serverSort = !treeMode && paged;
  const waiting = missingRequiredFilter(resource, fixed);
  /** The sort is the server's for paged flat lists (the query call, a paged source); other rows sort in the table. */
  const requestSort = serverSort ? sort : undefined;

  useEffect(() => {
    if (!enabled) return undefined;
    if (waiting) {
      setRecords([]);
      setTotal(0);
      setLoading(false);
      setSelected(new Set());
      return undefined;
    }
    const controller = new AbortController();
    const { signal } = controller;
    setLoading(true);
    const run = async (): Promise<ListPage> => {
      if (treeMode) {
        const tree = await fetcher.tree(resource, signal);
        return { list: tree, total: countTree(tree) };
      }
      const params = buildQueryParams(resource, {
        values: filters,
        sort: requestSort,
        page: paged ? page : 1,
        pageSize: paged ? pageSize : MAX_PAGE_SIZE,
        fixed: JSON.parse(fixedKey) as Record<string, string | number>,
        hidden: new Set(hiddenKey ? hiddenKey.split(',') : []),
      });
      return fetcher.list(resource, params, signal);
    };
    run()
      .then(
        (answer) => {
          if (signal.aborted) return;
          // A page past the end (a shared address after deletes): the last page instead.
          const last = Math.max(1, Math.ceil(answer.total / pageSize));
          if (paged && !treeMode && answer.list.length === 0 && page > last) {
            setPage(last);
            return;
          }
          setRecords(answer.list);
          setTotal(answer.total);
        },
        () => {
          if (signal.aborted) return;
          setRecords([]);
          setTotal(0);
        },
      )
      .finally(() => {
        if (signal.aborted) return;
        setLoading(false);
        setSelected(new Set());
      });
    return () => controller.abort();
  }, [resource, fetcher, enabled, waiting, treeMode, paged, filters, requestSort, page, pageSize, fixedKey, hiddenKey, round]);

  const refresh = useCallback(() => setRound((r) => r + 1), []);
  const changePage = useCallback(
    (nextPage: number, nextSize?: number) => {
      if (nextSize !== undefined && nextSize !== pageSize) {
        setPageSize(nextSize);
        setPage(1);
      } else setPage(nextPage);
    },
    [pageSize],
  );
  const changeSort = useCallback((next: SortState | undefined) => {
    setSort(next);
    setPage(1);
  }, []);
  const search = useCallback(
    (values: SearchValues) => {
      setFilters(values);
      setPage(1);
      refresh();
    },
    [refresh],
  );
  const resetFilters = useCallback(() => {
    setFilters({});
    setPage(1);
  }, []);
  const fixedFilters = useCallback(() => JSON.parse(fixedKey) as Record<string, string | number>, [fixedKey]);
  const selectedRecords = useCallback(() => findRecords(records, selected, resource), [records, selected, resource]);

  return useMemo(
    () => ({
      records,
      total,
      loading,
      page,
      pageSize,
      changePage,
      sort,
      changeSort,
      filters,
      search,
      resetFilters,
      fixedFilters,
      selected,
      setSelected,
      selectedRecords,
      refresh,
      treeMode,
      paged,
      serverSort,
      waiting,
    }),
    [
      records,
      total,
      loading,
      page,
      pageSize,
      changePage,
      sort,
      changeSort,
      filters,
      search,
      resetFilters,
      fixedFilters,
      selected,
      selectedRecords,
      refresh,
      treeMode,
      paged,
      serverSort,
      waiting,
    ],
  );
}
