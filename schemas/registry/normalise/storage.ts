/** The storage section: unique sets, indexes and lookups across tenants, of table columns. */
import type { Resource } from '../types.ts';
import type { Fields, Section } from './context.ts';

export function readStorage(s: Section, { fieldMap }: Fields): Resource['storage'] {
  const { doc, check } = s;
  const storage = { unique: doc.storage?.unique ?? [], index: doc.storage?.index ?? [], lookup: doc.storage?.lookup ?? [] };
  for (const kind of ['unique', 'index', 'lookup'] as const) {
    storage[kind].forEach((set, i) =>
      set.forEach((n, j) => {
        check(fieldMap.has(n) && !fieldMap.get(n)!.system, `/storage/${kind}/${i}/${j}`, `unknown record field "${n}"`);
        check(!fieldMap.get(n)?.link, `/storage/${kind}/${i}/${j}`, `"${n}" is kept in a link resource, not a column`);
      }),
    );
  }
  check(!(doc.kind === 'service' && doc.storage), '/storage', 'a service resource has no table');
  check(
    !storage.lookup.length || s.scope === 'tenant',
    '/storage/lookup',
    'a lookup across tenants is for a tenant-scoped resource (use index)',
  );
  return storage;
}
