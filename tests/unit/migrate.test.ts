/** Which indexes the resource files give a table (server-mock/db/migrate.ts). */
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../schemas/registry/loadRegistry.ts';
import { tablesOf, withoutPrefixes } from '../../server-mock/db/migrate.ts';

describe('indexes', () => {
  it('leave out an index that leads another index or a unique set, and duplicates', () => {
    expect(withoutPrefixes([['t'], ['t', 'a', 'id'], ['t', 'b'], ['t', 'b']], [['t', 'c']])).toEqual([
      ['t', 'a', 'id'],
      ['t', 'b'],
    ]);
    expect(withoutPrefixes([['t', 'c']], [['t', 'c']])).toEqual([]);
    expect(withoutPrefixes([['t'], ['u']], [])).toEqual([['t'], ['u']]);
    // a longer index does not make a shorter one redundant unless it starts with it
    expect(
      withoutPrefixes(
        [
          ['t', 'b'],
          ['b', 't', 'x'],
        ],
        [],
      ),
    ).toEqual([
      ['t', 'b'],
      ['b', 't', 'x'],
    ]);
  });

  it('give every tenant table its list order index and no tenant-only index beside it', () => {
    const tables = tablesOf(loadRegistry('schemas'));
    const param = tables.find((t) => t.name === 'sys_param')!;
    expect(param.unique).toEqual([['tenant_code', 'param_key']]);
    expect(param.index).toEqual([['tenant_code', 'create_time', 'id']]);
    // looked up across tenants by the sign-in page: without the tenant
    const user = tables.find((t) => t.name === 'sys_user')!;
    expect(user.index).toEqual(expect.arrayContaining([['username'], ['email'], ['mobile'], ['tenant_code', 'org_id']]));
    for (const table of tables) {
      const all = [...table.unique, ...table.index];
      for (const index of table.index) {
        const led = all.some((other) => other !== index && other.length > index.length && index.every((c, i) => other[i] === c));
        expect(led, `${table.name}: ${index.join(', ')}`).toBe(false);
      }
    }
  });
});
