// @vitest-environment happy-dom
/**
 * useResourceList against a fixture registry and a fake fetcher whose answers the test sends
 * when it chooses: paging, sorting, filters, selection, fixed filters, the tree, and that an
 * older request's late answer never overwrites a newer one.
 */
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { ResourceRecord } from './extensions.ts';
import type { ListPage } from './api.ts';
import { RegistryProvider, useRegistry } from './registryContext.tsx';
import { fixtureRegistry } from './testing/fixtureRegistry.ts';
import { useResourceList, type ListFetcher, type ResourceListOptions } from './useResourceList.ts';
import { MAX_PAGE_SIZE } from '../../schemas/registry/limits.ts';

interface Request {
  kind: 'list' | 'tree';
  resource: string;
  params?: Record<string, string | number>;
  signal: AbortSignal;
  answer(page: ListPage | ResourceRecord[]): Promise<void>;
  fail(): Promise<void>;
}

/** A fetcher that records every request and answers only when the test says so. */
function fakeFetcher() {
  const requests: Request[] = [];
  const ask = (kind: Request['kind'], resource: string, signal: AbortSignal, params?: Record<string, string | number>) =>
    new Promise<never>((resolve, reject) => {
      const settle = async (fn: () => void) => {
        await act(async () => {
          fn();
          await Promise.resolve();
        });
      };
      requests.push({
        kind,
        resource,
        params,
        signal,
        answer: (page) => settle(() => (resolve as (v: unknown) => void)(page)),
        fail: () => settle(() => reject(new Error('refused'))),
      });
    });
  const fetcher: ListFetcher = {
    list: (resource, params, signal) => ask('list', resource.name, signal, params),
    tree: (resource, signal) => ask('tree', resource.name, signal),
    hasTree: (resource) => resource.list.mode === 'tree',
  };
  const last = () => {
    const r = requests.at(-1);
    if (!r) throw new Error('no request was made');
    return r;
  };
  return { fetcher, requests, last };
}

const wrapper = ({ children }: { children?: ReactNode }) => <RegistryProvider registry={fixtureRegistry}>{children}</RegistryProvider>;

type Props = Omit<ResourceListOptions, 'resource'> & { name: string };

function renderList(fetcher: ListFetcher, initial: Partial<Props> = {}) {
  return renderHook(
    ({ name, ...options }: Props) => {
      const resource = useRegistry()[name];
      if (!resource) throw new Error(`no fixture ${name}`);
      return useResourceList({ resource, ...options, fetcher });
    },
    { wrapper, initialProps: { name: 'Gadget', hidden: new Set<string>(), ...initial } },
  );
}

const rows = (...ids: number[]) => ids.map((id) => ({ id, name: `gadget ${id}` }));

describe('useResourceList', () => {
  it('asks for the first page with the default sort and shows the answer', async () => {
    const fake = fakeFetcher();
    const { result } = renderList(fake.fetcher);
    expect(fake.requests).toHaveLength(1);
    expect(fake.last().params).toEqual({ sorter: 'createTime_descend', currentPage: 1, pageSize: 10 });
    expect(result.current.loading).toBe(true);
    await fake.last().answer({ list: rows(1, 2), total: 12 });
    expect(result.current.loading).toBe(false);
    expect(result.current.records.map((r) => r.id)).toEqual([1, 2]);
    expect(result.current.total).toBe(12);
  });

  it('pages, and a new page size starts again from page 1', async () => {
    const fake = fakeFetcher();
    const { result } = renderList(fake.fetcher);
    await fake.last().answer({ list: rows(1), total: 30 });
    act(() => result.current.changePage(3));
    expect(result.current.page).toBe(3);
    expect(fake.last().params).toMatchObject({ currentPage: 3, pageSize: 10 });
    act(() => result.current.changePage(3, 20));
    expect(result.current.page).toBe(1);
    expect(result.current.pageSize).toBe(20);
    expect(fake.last().params).toMatchObject({ currentPage: 1, pageSize: 20 });
  });

  it('sends a new sort to the server from page 1', async () => {
    const fake = fakeFetcher();
    const { result } = renderList(fake.fetcher);
    act(() => result.current.changePage(2));
    act(() => result.current.changeSort({ field: 'name', order: 'ascend' }));
    expect(result.current.page).toBe(1);
    expect(fake.last().params).toEqual({ sorter: 'name_ascend', currentPage: 1, pageSize: 10 });
    act(() => result.current.changeSort(undefined));
    expect(fake.last().params).toEqual({ currentPage: 1, pageSize: 10 });
  });

  it('a search starts again from page 1, asks even with unchanged values, and a reset clears it', async () => {
    const fake = fakeFetcher();
    const { result } = renderList(fake.fetcher);
    act(() => result.current.changePage(4));
    act(() => result.current.search({ name: ' ab ', status: '' }));
    expect(result.current.page).toBe(1);
    expect(fake.last().params).toMatchObject({ name: 'ab', currentPage: 1 });
    expect(fake.last().params).not.toHaveProperty('status');
    const before = fake.requests.length;
    act(() => result.current.search({ name: ' ab ', status: '' }));
    expect(fake.requests.length).toBe(before + 1);
    act(() => result.current.changePage(2));
    act(() => result.current.resetFilters());
    expect(result.current.page).toBe(1);
    expect(result.current.filters).toEqual({});
    expect(fake.last().params).not.toHaveProperty('name');
  });

  it('never sends a hidden field as a filter', () => {
    const fake = fakeFetcher();
    const { result } = renderList(fake.fetcher, { hidden: new Set(['name']) });
    act(() => result.current.search({ name: 'ab', status: '1' }));
    expect(fake.last().params).toMatchObject({ status: '1' });
    expect(fake.last().params).not.toHaveProperty('name');
  });

  it('keeps the checked rows until new rows arrive', async () => {
    const fake = fakeFetcher();
    const { result } = renderList(fake.fetcher);
    await fake.last().answer({ list: rows(1, 2, 3), total: 3 });
    act(() => result.current.setSelected(new Set(['2', '3'])));
    expect(result.current.selected).toEqual(new Set(['2', '3']));
    expect(result.current.selectedRecords().map((r) => r.id)).toEqual([2, 3]);
    act(() => result.current.refresh());
    expect(result.current.selected.size).toBe(2);
    await fake.last().answer({ list: rows(2, 3), total: 2 });
    expect(result.current.selected.size).toBe(0);
  });

  it('drops the late answer of an older request', async () => {
    const fake = fakeFetcher();
    const { result } = renderList(fake.fetcher);
    const first = fake.last();
    act(() => result.current.changePage(2));
    const second = fake.last();
    expect(first.signal.aborted).toBe(true);
    expect(second.signal.aborted).toBe(false);
    await second.answer({ list: rows(11, 12), total: 20 });
    await first.answer({ list: rows(1, 2), total: 20 });
    expect(result.current.records.map((r) => r.id)).toEqual([11, 12]);
    expect(result.current.loading).toBe(false);
  });

  it('stays loading while only an older request has answered', async () => {
    const fake = fakeFetcher();
    const { result } = renderList(fake.fetcher);
    const first = fake.last();
    act(() => result.current.changePage(2));
    await first.answer({ list: rows(1), total: 20 });
    expect(result.current.loading).toBe(true);
    expect(result.current.records).toEqual([]);
  });

  it('aborts the request in flight when it unmounts', async () => {
    const fake = fakeFetcher();
    const { unmount } = renderList(fake.fetcher);
    const pending = fake.last();
    unmount();
    expect(pending.signal.aborted).toBe(true);
    await pending.answer({ list: rows(1), total: 1 });
  });

  it('shows an empty list when the call fails', async () => {
    const fake = fakeFetcher();
    const { result } = renderList(fake.fetcher);
    await fake.last().answer({ list: rows(1), total: 1 });
    act(() => result.current.refresh());
    await fake.last().fail();
    expect(result.current.records).toEqual([]);
    expect(result.current.total).toBe(0);
    expect(result.current.loading).toBe(false);
  });

  it('sends the fixed filters, and new ones start again from page 1 without asking for the old page', async () => {
    const fake = fakeFetcher();
    const { result, rerender } = renderList(fake.fetcher, { fixed: { groupId: 1 } });
    expect(fake.last().params).toMatchObject({ groupId: 1 });
    act(() => result.current.changePage(3));
    const asked = fake.requests.length;
    rerender({ name: 'Gadget', hidden: new Set(), fixed: { groupId: 2 } });
    expect(result.current.page).toBe(1);
    expect(fake.requests.length).toBe(asked + 1);
    expect(fake.last().params).toMatchObject({ groupId: 2, currentPage: 1 });
    expect(result.current.fixedFilters()).toEqual({ groupId: 2 });
  });

  it('asks for nothing when disabled', () => {
    const fake = fakeFetcher();
    renderList(fake.fetcher, { enabled: false });
    expect(fake.requests).toHaveLength(0);
  });

  it('lists a tree resource from its tree call, counting every node, and flat while searching', async () => {
    const fake = fakeFetcher();
    const { result } = renderList(fake.fetcher, { name: 'Region' });
    expect(result.current.treeMode).toBe(true);
    expect(result.current.paged).toBe(false);
    expect(result.current.serverSort).toBe(false);
    expect(fake.last().kind).toBe('tree');
    await fake.last().answer([{ id: 1, children: [{ id: 2 }, { id: 3, children: [{ id: 4 }] }] }]);
    expect(result.current.total).toBe(4);
    act(() => result.current.setSelected(new Set(['4'])));
    expect(result.current.selectedRecords()).toEqual([{ id: 4 }]);
    act(() => result.current.search({ name: 'north' }));
    expect(result.current.treeMode).toBe(false);
    expect(fake.last()).toMatchObject({ kind: 'list', params: { name: 'north', currentPage: 1, pageSize: MAX_PAGE_SIZE } });
  });

  it('waits for a required filter, then asks for every row without paging or sorter', async () => {
    const fake = fakeFetcher();
    const { result, rerender } = renderList(fake.fetcher, { name: 'GadgetPart' });
    expect(result.current.waiting).toBe(true);
    expect(fake.requests).toHaveLength(0);
    rerender({ name: 'GadgetPart', hidden: new Set(), fixed: { gadgetId: 7 } });
    expect(result.current.waiting).toBe(false);
    expect(fake.last().params).toEqual({ gadgetId: 7 });
    await fake.last().answer({ list: rows(1), total: 1 });
    expect(result.current.records).toHaveLength(1);
  });

  it('starts from a given state (a shared address) and goes to the last page when the page is past the end', async () => {
    const fake = fakeFetcher();
    const { result } = renderList(fake.fetcher, {
      initial: { page: 5, pageSize: 20, sort: { field: 'name', order: 'ascend' }, filters: { name: 'ab' } },
    });
    expect(fake.last().params).toEqual({ name: 'ab', sorter: 'name_ascend', currentPage: 5, pageSize: 20 });
    expect(result.current.filters).toEqual({ name: 'ab' });
    // 45 rows make 3 pages of 20: an empty page 5 gives way to page 3.
    await fake.last().answer({ list: [], total: 45 });
    expect(result.current.page).toBe(3);
    expect(fake.last().params).toMatchObject({ currentPage: 3, pageSize: 20 });
    await fake.last().answer({ list: rows(41, 42), total: 45 });
    expect(result.current.records).toHaveLength(2);
  });

  it('keeps an empty first page empty, and a sort the state removed stays removed', async () => {
    const fake = fakeFetcher();
    const { result } = renderList(fake.fetcher, { initial: { page: 1, pageSize: 10, sort: undefined, filters: {} } });
    expect(fake.last().params).toEqual({ currentPage: 1, pageSize: 10 });
    await fake.last().answer({ list: [], total: 0 });
    expect(result.current.page).toBe(1);
    expect(fake.requests).toHaveLength(1);
  });
});
