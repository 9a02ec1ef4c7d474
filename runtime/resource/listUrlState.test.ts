/** The list's state in the address: written only where it differs from the defaults, read back with the list's own checks. */
import { describe, expect, it } from 'vitest';
import { fixtureRegistry } from './testing/fixtureRegistry.ts';
import { defaultListState, hasListState, otherParams, readListState, writeListState } from './listUrlState.ts';

const gadget = fixtureRegistry.Gadget!;
const read = (search: string) => readListState(gadget, new URLSearchParams(search));
const write = (state: Parameters<typeof writeListState>[1], search = '') =>
  writeListState(gadget, state, new URLSearchParams(search)).toString();

describe('listUrlState', () => {
  it('writes nothing for the defaults and keeps the parameters of others', () => {
    expect(write(defaultListState(gadget))).toBe('');
    expect(write(defaultListState(gadget), 'tab=2&page=4')).toBe('tab=2');
  });

  it('writes page, size, sort and the filled search values, and reads them back', () => {
    const state = { page: 3, pageSize: 50, sort: { field: 'name', order: 'ascend' as const }, filters: { name: 'ab', status: '' } };
    const text = write(state);
    const params = new URLSearchParams(text);
    expect(params.get('page')).toBe('3');
    expect(params.get('size')).toBe('50');
    expect(params.get('sort')).toBe('name_ascend');
    expect(JSON.parse(params.get('q')!)).toEqual({ name: 'ab' });
    expect(read(text)).toEqual({ ...state, filters: { name: 'ab' } });
    expect(hasListState(params)).toBe(true);
    expect(hasListState(new URLSearchParams('tab=1'))).toBe(false);
  });

  it('writes a removed default sort as an empty sort and reads it as none', () => {
    const text = write({ ...defaultListState(gadget), sort: undefined });
    expect(text).toBe('sort=');
    expect(read(text).sort).toBeUndefined();
  });

  it('keeps ranges as pairs', () => {
    const text = write({ ...defaultListState(gadget), filters: { status: ['1', '2'] } });
    expect(read(text).filters).toEqual({ status: ['1', '2'] });
  });

  it('leaves out what the list does not offer or what is malformed', () => {
    expect(read('page=0&size=-1&sort=createTime_sideways')).toEqual(defaultListState(gadget));
    expect(read('page=2.5&size=100000').page).toBe(1);
    expect(read('size=100000').pageSize).toBe(10);
    // Only sortable columns sort; unknown fields and nested values are not search values.
    expect(read('sort=secret_ascend').sort).toEqual(defaultListState(gadget).sort);
    expect(read(`q=${encodeURIComponent(JSON.stringify({ secret: 'x', name: { $ne: 1 }, status: ['1', '2', '3'] }))}`).filters).toEqual({});
    expect(read('q=not-json').filters).toEqual({});
    expect(read('q=[1]').filters).toEqual({});
  });

  it('keeps the filter tree node of a list that has a filter tree, and only of one', () => {
    const filtered = { ...gadget, list: { ...gadget.list, filterTree: { resource: 'Region', field: 'regionId' } } };
    const text = writeListState(filtered, { ...defaultListState(filtered), page: 2, node: '12' }, new URLSearchParams()).toString();
    expect(text).toBe('page=2&node=12');
    expect(readListState(filtered, new URLSearchParams(text))).toMatchObject({ page: 2, node: '12' });
    expect(readListState(filtered, new URLSearchParams(`node=${'x'.repeat(201)}`)).node).toBeUndefined();
    expect(read('node=12').node).toBeUndefined();
    expect(writeListState(filtered, { ...defaultListState(filtered), node: undefined }, new URLSearchParams('node=3')).toString()).toBe('');
  });

  it('leaves the parameters of a record route apart from those of the list', () => {
    expect(otherParams(new URLSearchParams('id=7&page=2&q=%7B%7D&sort=&size=20&node=4'))).toEqual({ id: '7' });
  });
});
