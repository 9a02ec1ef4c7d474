/**
 * TenantData.insertRows: many rows in as few statements as the bound-value limit allows, each
 * in the caller's tenant, on SQLite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { TenantData } from '../../server-mock/access/tenantData.ts';
import { MAX_BOUND_VALUES } from '../../server-mock/db/anyKysely.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('TenantData.insertRows', () => {
  it('inserts more rows than one statement binds, all in the caller tenant', async () => {
    const { database, registry } = server.services;
    const demo = new TenantData(database, registry, 'demo');
    const param = registry.byName.get('SysParam')!;
    const count = async (tenant: string) =>
      Number((await sql<{ n: number }>`select count(*) as n from sys_param where tenant_code = ${tenant} and param_key like 'bulk.%'`.execute(database.db)).rows[0]!.n);
    const columns = 5;
    const rows = Array.from({ length: Math.ceil((MAX_BOUND_VALUES / (columns + 1)) * 2.5) }, (_, i) => ({
      param_name: `Bulk ${i}`,
      param_key: `bulk.${i}`,
      param_value: String(i),
      create_time: '2026-11-24T10:00:00.000Z',
      update_time: '2026-11-24T10:00:00.000Z',
    }));
    await demo.insertRows(param, rows);
    expect(await count('demo')).toBe(rows.length);
    expect(await count('acme')).toBe(0);
    const last = (await demo.select(param).selectAll().where('param_key', '=', `bulk.${rows.length - 1}`).execute())[0] as Record<string, unknown>;
    expect(last).toMatchObject({ param_name: `Bulk ${rows.length - 1}`, param_value: String(rows.length - 1), tenant_code: 'demo' });
    await demo.insertRows(param, []);
    expect(await count('demo')).toBe(rows.length);
  });
});
