/**
 * Caches stay at their bounds whatever the clients vary. Many list calls, each with a page
 * size and sorter of its own (a compiled query shape and a statement each), leave every cache
 * of the server at or under its limit (entries counted, not memory), the list query's compiled
 * shapes filled exactly to SQL_TEMPLATE_SHAPES, and the answers still right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheSizes } from '../../server-mock/db/lruCache.ts';
import { SQL_TEMPLATE_SHAPES } from '../../server-mock/db/sqlTemplate.ts';
import { STATEMENT_CACHE_SIZE } from '../../server-mock/db/sqliteDriver.ts';
import { pageQuery } from '../../server-mock/access/listQuery.ts';
import { filterableFields } from '../../server-mock/crud/crudSchemas.ts';
import { callUrl, client, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';

let server: TestServer;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
});
afterAll(async () => {
  await server?.stop();
});

describe('cache bounds under list calls of many shapes', () => {
  it('keeps every cache at or under its limit and answers as before', async () => {
    const { registry } = server.services;
    const { database } = server;
    const users = registry.byName.get('SysUser')!;
    const url = callUrl(registry, users, 'query')!;
    const sorters = filterableFields(users).flatMap((f) => [`${f.name}_ascend`, `${f.name}_descend`]);
    const sizes = 250;
    const calls = Math.max(SQL_TEMPLATE_SHAPES, STATEMENT_CACHE_SIZE) + 20;
    expect(calls).toBeLessThan(sizes * sorters.length);

    const probe = { pageSize: 3, sorter: 'username_ascend' };
    const before = await admin.get<Envelope<PageData>>(url, probe);
    expect(before.status).toBe(200);
    for (let i = 0; i < calls; i++) {
      const res = await admin.get<Envelope<PageData>>(url, {
        pageSize: 4 + (i % sizes),
        sorter: sorters[Math.floor(i / sizes) % sorters.length]!,
      });
      expect(res.status).toBe(200);
    }

    // the list query's compiled shapes: filled to the bound, not past it
    expect(pageQuery.shapes(database.db)).toBe(SQL_TEMPLATE_SHAPES);
    const counted = cacheSizes();
    for (const c of counted) expect(c.size, `${c.name}: ${c.size} of ${c.limit}`).toBeLessThanOrEqual(c.limit);
    const named = (name: string) => counted.filter((c) => c.name === name);
    expect(named('SQL template shapes').some((c) => c.size === c.limit)).toBe(true);
    if (database.dialect.name === 'sqlite') expect(named('SQLite statements').some((c) => c.size === c.limit)).toBe(true);
    else expect(named('PostgreSQL statement names').length).toBeGreaterThan(0);

    // evicted shapes are compiled again and answer as before
    const after = await admin.get<Envelope<PageData>>(url, probe);
    expect(after.body.data).toEqual(before.body.data);
    const sorted = await admin.get<Envelope<PageData>>(url, { pageSize: 4, sorter: sorters[0] });
    expect(sorted.status).toBe(200);
    expect(sorted.body.data!.list.length).toBeGreaterThan(0);
  });
});
