/**
 * The server as a whole: the OpenAPI description and Swagger UI, unknown calls, the console's
 * files with the fallback to index.html, additive migration of a changed resource file, and
 * multi-row inserts (TenantData.insertRows), and the plan of the access query on SQLite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { loadRegistry } from '../../schemas/registry/loadRegistry.ts';
import { TenantData } from '../../server-mock/access/tenantData.ts';
import { MAX_BOUND_VALUES } from '../../server-mock/db/anyKysely.ts';
import { plannerStat } from '../../server-mock/db/dialect.ts';
import { client, createPgDatabase, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';

let server: TestServer;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'console-static-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  server = await startTestServer({ staticDir });
});

afterAll(async () => {
  await server?.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('OpenAPI', () => {
  it('describes every call, from the resource files', async () => {
    const res = await fetch(`${server.url}/api-docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { operationId?: string }>> };
    expect(doc.openapi).toMatch(/^3\./);
    const registry = loadRegistry('schemas');
    for (const call of registry.calls) {
      // the development mock calls are never part of the description (docs/mock-api.md)
      if (call.mock) {
        expect(doc.paths[call.url], call.url).toBeUndefined();
        continue;
      }
      expect(doc.paths[call.url], call.url).toBeDefined();
      expect(doc.paths[call.url]![call.method.toLowerCase()]?.operationId).toBe(call.name);
    }
  });

  it('serves Swagger UI', async () => {
    const res = await fetch(`${server.url}/api-docs/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger');
  });
});

describe('routing', () => {
  it('answers an unknown call with a 404 envelope', async () => {
    const res = await fetch(`${server.url}/api/admin/nothing/queryNothing`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as Envelope).status).toBe(404);
  });

  it('answers every path under /api that is no call with a 404 envelope, never the console', async () => {
    for (const [method, path] of [
      ['GET', '/api'],
      ['GET', '/api/'],
      ['GET', '/api/sysuser'],
      ['POST', '/api/nothing'],
      ['DELETE', '/api/admin/sysUser/list'],
    ]) {
      const res = await fetch(server.url + path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(((await res.json()) as Envelope).message, `${method} ${path}`).toBe(`No such call: ${method} ${path}`);
    }
    // a path that only starts like the API is a client route of the console
    const res = await fetch(`${server.url}/apis`);
    expect(await res.text()).toContain('<div id="root">');
  });

  it('serves the console and falls back to index.html for client routes', async () => {
    const asset = await fetch(`${server.url}/assets/app.js`);
    expect(await asset.text()).toBe('console.log(1)');
    for (const path of ['/', '/login', '/sysuser', '/example/edit/12']) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
  });
});

describe('planner statistics', () => {
  it('are fresh at start for every table that has rows on PostgreSQL, and written for every index on SQLite', async () => {
    const db = server.database.db;
    const seeded = ['sys_user', 'sys_role', 'sys_role_user', 'sys_url', 'sys_role_url', 'sys_role_menubutton', 'sys_menu'];
    if (server.database.dialect.name === 'sqlite') {
      // SQLite is told the statistics of large tables, not its measure of the seeded ones (docs/database.md)
      const indexes = await sql<{
        tbl: string;
        idx: string;
      }>`select tbl_name as tbl, name as idx from sqlite_master where type = 'index' and name not like 'sqlite_autoindex%'`.execute(db);
      const stats = await sql<{ tbl: string; idx: string; stat: string }>`select tbl, idx, stat from sqlite_stat1`.execute(db);
      expect(stats.rows.map((r) => `${r.tbl}.${r.idx}`).sort()).toEqual(indexes.rows.map((r) => `${r.tbl}.${r.idx}`).sort());
      const line = (idx: string) => stats.rows.find((r) => r.idx === idx)?.stat;
      expect(line('ix_sys_param_tenant_code_create_time_id')).toBe(plannerStat(['tenant_code', 'create_time', 'id'], false));
      expect(line('ux_sys_user_tenant_code_username')).toBe(plannerStat(['tenant_code', 'username'], true));
      expect(line('ix_sys_user_mobile')).toBe(plannerStat(['mobile'], false));
    } else {
      const rows = await sql<{ relname: string }>`select relname from pg_stat_user_tables where last_analyze is not null`.execute(db);
      expect(rows.rows.map((r) => r.relname)).toEqual(expect.arrayContaining(seeded));
    }
  });
});

describe('migration', () => {
  it('adds a new column to an existing table at start, keeps the rows and drops only its own indexes that no file asks for', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrate-'));
    const schemas = join(dir, 'schemas');
    cpSync('schemas', schemas, { recursive: true });
    const dataDir = join(dir, 'data');
    const pgDb = process.env.TEST_DATABASE_URL ? await createPgDatabase(process.env.TEST_DATABASE_URL) : undefined;
    const databaseUrl = pgDb?.url;
    const first = await startTestServer({ dataDir, schemasDir: schemas, databaseUrl });
    const admin = client(first.url, await signIn(first.url, 'demo', 'admin'));
    const add = await admin.post<Envelope<{ id: number }>>('/api/admin/sysparam/addSysParam', {
      paramName: 'Kept',
      paramKey: 'kept.key',
      paramValue: 'v',
    });
    expect(add.status).toBe(200);
    // an index of the server's naming that no resource file asks for (as earlier versions made
    // on tenant_code alone), and one that someone else made
    const { db, dialect } = first.database;
    await sql.raw('create index ix_sys_param_tenant_code on sys_param (tenant_code)').execute(db);
    await sql.raw('create index by_hand_param_value on sys_param (param_value)').execute(db);
    const before = await dialect.indexes(db, 'sys_param');
    await first.close();

    const file = join(schemas, 'resources', 'sys-param.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.record.properties.paramGroup = { type: 'string', maxLength: 50 };
    doc.labels = { fields: { paramGroup: 'resources.SysParam.fields.paramName' } };
    writeFileSync(file, JSON.stringify(doc));
    const second = await startTestServer({ dataDir, schemasDir: schemas, databaseUrl });
    try {
      expect(second.migration.addedColumns).toContain('sys_param.param_group');
      expect(second.seeded).toBe(false);
      expect(second.migration.droppedIndexes).toEqual(['ix_sys_param_tenant_code']);
      const after = await second.database.dialect.indexes(second.database.db, 'sys_param');
      expect(after.sort()).toEqual(before.filter((name) => name !== 'ix_sys_param_tenant_code').sort());
      expect(after).toContain('by_hand_param_value');
      expect(after).toContain('ix_sys_param_tenant_code_create_time_id');
      const admin2 = client(second.url, await signIn(second.url, 'demo', 'admin'));
      const list = await admin2.get<Envelope<PageData>>('/api/admin/sysparam/querySysParam', { paramKey: 'kept.key' });
      expect(list.body.data!.list[0]).toMatchObject({ paramName: 'Kept', paramValue: 'v', paramGroup: null });
      const upd = await admin2.put<Envelope<{ paramGroup: string }>>('/api/admin/sysparam/updateSysParam', {
        id: add.body.data!.id,
        paramGroup: 'limits',
      });
      expect(upd.body.data!.paramGroup).toBe('limits');
    } finally {
      await second.stop();
      await pgDb?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('TenantData.insertRows', () => {
  it('inserts more rows than one statement binds, all in the caller tenant', async () => {
    const { registry } = server.services;
    const { database } = server;
    const demo = new TenantData(database, registry, 'demo');
    const param = registry.byName.get('SysParam')!;
    const count = async (tenant: string) =>
      Number(
        (
          await sql<{ n: number }>`select count(*) as n from sys_param where tenant_code = ${tenant} and param_key like 'bulk.%'`.execute(
            database.db,
          )
        ).rows[0]!.n,
      );
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
    const last = (
      await demo
        .select(param)
        .selectAll()
        .where('param_key', '=', `bulk.${rows.length - 1}`)
        .execute()
    )[0] as Record<string, unknown>;
    expect(last).toMatchObject({ param_name: `Bulk ${rows.length - 1}`, param_value: String(rows.length - 1), tenant_code: 'demo' });
    await demo.insertRows(param, []);
    expect(await count('demo')).toBe(rows.length);
  });
});
