/**
 * Deleting a tenant (docs/security.md, "Deleting a tenant"): the platform tenant and the
 * caller's own are refused; a delete names the code of every tenant it deletes (`confirm`);
 * a deleted tenant's users cannot sign in and their sessions end; restore within the grace
 * period brings it back; after it the purge removes every row of the tenant and nothing of
 * the others. The server's clock is injected: the grace period passes without waiting.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequestAccess } from '../../server-mock/access/requestAccess.ts';
import type { Principal } from '../../server-mock/access/principal.ts';
import type { CallContext } from '../../server-mock/calls/context.ts';
import { ApiError } from '../../server-mock/http/apiError.ts';
import { tenantHandlers } from '../../server-mock/tenants/tenantDeletion.ts';
import { runTenantUpkeep } from '../../server-mock/tenants/tenantPurge.ts';
import {
  client,
  createPgDatabase,
  DEMO_PASSWORD,
  requestToken,
  signIn,
  startTestServer,
  type Envelope,
  type PageData,
  type TestServer,
} from './harness.ts';

const DAY = 86_400_000;
const BASE = '/api/admin/systenant';
let clock = Date.parse('2026-11-23T08:00:00Z');
const now = () => new Date(clock);

type Tenant = { id: number; tenantCode: string; deleted?: boolean | null; deleteTime?: string | null };

let server: TestServer;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer({ now });
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
});

afterAll(async () => {
  await server?.stop();
});

async function tenants(c = admin): Promise<Tenant[]> {
  const res = await c.get<Envelope<PageData<Tenant>>>(`${BASE}/querySysTenant`, { pageSize: 1000 });
  expect(res.status).toBe(200);
  return res.body.data!.list;
}

async function tenant(code: string, c = admin): Promise<Tenant | undefined> {
  return (await tenants(c)).find((t) => t.tenantCode === code);
}

async function addTenant(code: string): Promise<Tenant> {
  const res = await admin.post<Envelope<Tenant>>(`${BASE}/addSysTenant`, { tenantCode: code, tenantName: `Tenant ${code}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!;
}

const remove = (params: Record<string, string | number>, c = admin) => c.post<Envelope>(`${BASE}/deleteSysTenant`, undefined, params);
const restore = (id: number, c = admin) => c.post<Envelope<Tenant>>(`${BASE}/restoreSysTenant`, undefined, { id });

/** Every table of the database with a tenant_code column, read from the database itself. */
async function scopedTables(s: TestServer): Promise<string[]> {
  const tables = await s.database.db.introspection.getTables();
  const registryTenant = s.services.registry.byName.get('SysTenant')!.table;
  const names = tables.filter((t) => t.name !== registryTenant && t.columns.some((c) => c.name === 'tenant_code')).map((t) => t.name);
  // the purge's own list names the same tables
  expect([...s.services.system.tenantTables()].sort()).toEqual([...names].sort());
  return names;
}

/** Rows of every tenant-scoped table, per table, of one tenant. */
async function rowsOf(s: TestServer, tenantCode: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of await scopedTables(s)) {
    const row = (await s.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_code', '=', tenantCode)
      .executeTakeFirstOrThrow()) as { n: unknown };
    out[table] = Number(row.n);
  }
  return out;
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

describe('tenants that cannot be deleted', () => {
  it('refuses the platform tenant, alone or with others, with or without its code, and changes nothing', async () => {
    const demo = (await tenant('demo'))!;
    const acme = (await tenant('acme'))!;
    const attempts: Record<string, string | number>[] = [
      { id: demo.id, confirm: 'demo' },
      { id: demo.id },
      { id: `${acme.id},${demo.id}`, confirm: 'acme,demo' },
    ];
    for (const params of attempts) {
      const res = await remove(params);
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.message).toMatch(/"demo" is the platform tenant/);
    }
    expect(await tenant('demo')).toMatchObject({ deleted: false, deleteTime: null });
    expect(await tenant('acme')).toMatchObject({ deleted: false, deleteTime: null });
    await signIn(server.url, 'demo', 'admin');
    // the caller's session is untouched
    expect((await admin.get(`${BASE}/querySysTenant`)).status).toBe(200);
  });

  it("refuses the caller's own tenant (where it is not the platform tenant)", async () => {
    // Only callers of the platform tenant reach this call, so their own tenant is the platform
    // tenant; the handler is run directly with another platform tenant to hold the own-tenant rule.
    const acme = (await tenant('acme'))!;
    const { services } = server;
    const principal: Principal = {
      userId: 1,
      username: 'admin',
      tenantCode: 'acme',
      sessionId: 'x',
      clientCode: 'browser',
      roles: ['ROLE_ADMIN'],
      allRoles: ['ROLE_ADMIN'],
      isAdmin: true,
    };
    const data = services.system.tenant('acme');
    const ctx: CallContext = {
      request: {} as FastifyRequest,
      reply: {} as FastifyReply,
      call: services.registry.calls.find((c) => c.name === 'deleteSysTenant')!,
      resource: services.registry.byName.get('SysTenant')!,
      services: { ...services, config: { ...services.config, platformTenant: 'elsewhere' } },
      access: new RequestAccess(principal, data),
      principal,
      data,
      system: services.system,
      query: { id: String(acme.id), confirm: 'acme' },
      body: undefined,
      locale: 'en',
    };
    const refused = await tenantHandlers['tenant.delete']!(ctx).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).httpStatus).toBe(403);
    expect((refused as ApiError).message).toMatch(/"acme" is your own tenant/);
    expect(await tenant('acme')).toMatchObject({ deleted: false, deleteTime: null });
  });
});

describe('the typed code', () => {
  it('is required, and must name every tenant deleted and nothing else', async () => {
    const one = await addTenant('typed-one');
    const two = await addTenant('typed-two');
    const cases: Record<string, string | number>[] = [
      { id: one.id }, // the platform's URL shape without the code
      { id: one.id, confirm: '' },
      { id: one.id, confirm: 'typed-tw' },
      { id: one.id, confirm: 'Typed-One' },
      { id: one.id, confirm: 'typed-two' },
      { id: one.id, confirm: 'typed-one,typed-two' },
      { id: `${one.id},${two.id}`, confirm: 'typed-one' },
    ];
    for (const params of cases) {
      const res = await remove(params);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toEqual(['confirm']);
    }
    expect(await tenant('typed-one')).toMatchObject({ deleted: false });
    expect(await tenant('typed-two')).toMatchObject({ deleted: false });
    // several at once, in any order, spaces around the commas
    const res = await remove({ id: `${one.id},${two.id}`, confirm: ' typed-two , typed-one ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await tenant('typed-one')).toMatchObject({ deleted: true });
    expect(await tenant('typed-two')).toMatchObject({ deleted: true });
  });

  it('is not accepted by resources that do not ask for it', async () => {
    const res = await admin.post<Envelope>('/api/admin/sysrole/deleteSysRole', undefined, { id: 999999, confirm: 'x' });
    expect(res.status).toBe(400);
  });

  it('cannot be set or cleared through add, update or import', async () => {
    const created = await admin.post<Envelope<Tenant>>(`${BASE}/addSysTenant`, {
      tenantCode: 'preset',
      tenantName: 'Preset',
      deleted: true,
      deleteTime: '2020-01-01T00:00:00.000Z',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ deleted: false, deleteTime: null });
    const updated = await admin.put<Envelope<Tenant>>(`${BASE}/updateSysTenant`, {
      id: created.body.data!.id,
      deleted: true,
      deleteTime: '2020-01-01T00:00:00.000Z',
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ deleted: false, deleteTime: null });
  });
});

describe('a deleted tenant', () => {
  it('cannot be signed in to and serves nothing, until it is restored', async () => {
    const acmeAdmin = client(server.url, await signIn(server.url, 'acme', 'admin'));
    expect((await acmeAdmin.get('/api/admin/sysuser/querySysUser')).status).toBe(200);
    const acme = (await tenant('acme'))!;

    const res = await remove({ id: acme.id, confirm: 'acme' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await tenant('acme')).toMatchObject({ deleted: true, deleteTime: now().toISOString() });
    // the tenants page lists it, and can filter by it
    const listed = await admin.get<Envelope<PageData<Tenant>>>(`${BASE}/querySysTenant`, { deleted: 'true' });
    expect(listed.body.data!.list.map((t) => t.tenantCode)).toContain('acme');
    expect(listed.body.data!.list.map((t) => t.tenantCode)).not.toContain('demo');

    // its session ended, its users cannot sign in, the sign-in page does not offer it
    const ended = await acmeAdmin.get('/api/admin/sysuser/querySysUser');
    expect(ended.status).toBe(401);
    expect(ended.body.message).toMatch(/tenant has been deleted/);
    const token = await requestToken(server.url, 'acme', 'admin');
    expect(token.status).toBe(400);
    expect(((await token.json()) as Envelope).message).toMatch(/Unknown tenant "acme"/);
    const choices = await client(server.url).get<Envelope<{ tenantCode: string }[]>>('/api/admin/sysuser/queryTenantUser', {
      userInfo: 'admin@acme.example.com',
    });
    expect(choices.status).toBe(200);
    expect(choices.body.data).toEqual([]);
    const both = await client(server.url).get<Envelope<{ tenantCode: string }[]>>('/api/admin/sysuser/queryTenantUser', {
      userInfo: 'admin',
    });
    expect(both.body.data!.map((t) => t.tenantCode)).toEqual(['demo']);
    // nobody adds users into it
    const editor = (await admin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { username: 'editor' })).body.data!.list[0]!;
    expect(
      (
        await admin.post(
          '/api/admin/sysuser/addSysTenantUser',
          { password: DEMO_PASSWORD },
          { tenantCode: 'acme', userId: Number(editor.id) },
        )
      ).status,
    ).toBe(404);
    // nor registers into it
    const joiner = {
      tenantCode: 'acme',
      username: 'joiner',
      password: 'Secret@123',
      email: 'joiner@acme.example.com',
      prefix: '+86',
      mobile: '13900000071',
      nickname: 'Joiner',
    };
    expect((await client(server.url).post('/api/admin/sysuser/registerAccountInitial', joiner)).status).toBe(400);
    const joined = await server.database.db
      .selectFrom('sys_user')
      .select('id')
      .where('tenant_code', '=', 'acme')
      .where('username', '=', 'joiner')
      .execute();
    expect(joined).toEqual([]);
    // deleting it again is refused
    expect((await remove({ id: acme.id, confirm: 'acme' })).status).toBe(409);

    const restored = await restore(acme.id);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.data).toMatchObject({ tenantCode: 'acme', deleted: false, deleteTime: null });
    expect((await restore(acme.id)).status).toBe(409);
    const again = client(server.url, await signIn(server.url, 'acme', 'admin'));
    expect((await again.get('/api/admin/sysuser/querySysUser')).status).toBe(200);
    // the session from before the delete stays ended
    expect((await acmeAdmin.get('/api/admin/sysuser/querySysUser')).status).toBe(401);
  });

  it('is restored and deleted only by holders of the buttons', async () => {
    const editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
    const t = await addTenant('by-editor');
    expect((await remove({ id: t.id, confirm: 'by-editor' }, editor)).status).toBe(403);
    expect((await remove({ id: t.id, confirm: 'by-editor' })).status).toBe(200);
    expect((await restore(t.id, editor)).status).toBe(403);
    expect(await tenant('by-editor')).toMatchObject({ deleted: true });
  });
});

describe('the purge after the grace period', () => {
  it('removes every tenant-scoped row of the tenant and nothing of the others', async () => {
    const acme = (await tenant('acme'))!;
    // rows in the server's own tables too: a session and a failed sign-in
    await signIn(server.url, 'acme', 'admin');
    expect((await requestToken(server.url, 'acme', 'admin', 'wrong-password')).status).toBe(400);
    const acmeBefore = await rowsOf(server, 'acme');
    const demoBefore = await rowsOf(server, 'demo');
    for (const table of [
      'sys_user',
      'sys_role',
      'sys_role_user',
      'sys_menu',
      'sys_url',
      'sys_role_url',
      'sys_param',
      'sys_session',
      'sys_login_failure',
    ]) {
      expect(acmeBefore[table], table).toBeGreaterThan(0);
    }
    expect((await remove({ id: acme.id, confirm: 'acme' })).status).toBe(200);

    // the default grace period is 30 days
    clock += 30 * DAY - 60_000;
    expect((await runTenantUpkeep(server.services)).purged).not.toContain('acme');
    expect(await rowsOf(server, 'acme')).toEqual(acmeBefore);
    clock += 2 * 60_000;
    expect((await restore(acme.id)).status).toBe(409);
    const report = await runTenantUpkeep(server.services);
    expect(report.purged).toContain('acme');
    expect(report.purged).not.toContain('demo');

    const after = await rowsOf(server, 'acme');
    expect(total(after), JSON.stringify(after)).toBe(0);
    // the platform administrator's tenant keeps its rows, and the audit row of the delete call
    const demoAfter = await rowsOf(server, 'demo');
    expect({ ...demoAfter, sys_audit_log: 0 }).toEqual({ ...demoBefore, sys_audit_log: 0 });
    expect(demoAfter.sys_audit_log).toBe(demoBefore.sys_audit_log! + 1);
    expect(await tenant('acme')).toBeUndefined();
    expect((await restore(acme.id)).status).toBe(404);
    expect((await requestToken(server.url, 'acme', 'admin')).status).toBe(400);
    // the platform tenant and its administrator are as they were
    expect((await admin.get(`${BASE}/querySysTenant`)).status).toBe(200);
    // 30 days on, the scheduler's housekeeping may end the sessions that expired meanwhile: a new one
    admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
  });

  it("follows the platform tenant's parameter tenant.deleteGraceDays", async () => {
    const param = await admin.post<Envelope<{ id: number }>>('/api/admin/sysparam/addSysParam', {
      paramName: 'Days a deleted tenant can be restored',
      paramKey: 'tenant.deleteGraceDays',
      paramValue: '2',
    });
    expect(param.status, JSON.stringify(param.body)).toBe(200);
    const t = await addTenant('short-grace');
    expect((await remove({ id: t.id, confirm: 'short-grace' })).status).toBe(200);
    clock += DAY;
    expect((await runTenantUpkeep(server.services)).purged).not.toContain('short-grace');
    clock += DAY;
    expect((await runTenantUpkeep(server.services)).purged).toContain('short-grace');
    // a value that is not a number of days falls back to 30
    expect((await admin.put('/api/admin/sysparam/updateSysParam', { id: param.body.data!.id, paramValue: 'soon' })).status).toBe(200);
    const u = await addTenant('bad-grace');
    expect((await remove({ id: u.id, confirm: 'bad-grace' })).status).toBe(200);
    clock += 29 * DAY;
    expect((await runTenantUpkeep(server.services)).purged).not.toContain('bad-grace');
    clock += DAY;
    expect((await runTenantUpkeep(server.services)).purged).toContain('bad-grace');
  });
});

describe('the purge at start', () => {
  it('runs when the server starts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'console-test-'));
    const pg = process.env.TEST_DATABASE_URL ? await createPgDatabase(process.env.TEST_DATABASE_URL) : undefined;
    let t = Date.parse('2026-11-23T08:00:00Z');
    const first = await startTestServer({ now: () => new Date(t), dataDir, databaseUrl: pg?.url });
    let second: TestServer | undefined;
    try {
      const c = client(first.url, await signIn(first.url, 'demo', 'admin'));
      const acme = (await tenant('acme', c))!;
      expect((await remove({ id: acme.id, confirm: 'acme' }, c)).status).toBe(200);
      await first.close();
      t += 31 * DAY;
      second = await startTestServer({ now: () => new Date(t), dataDir, databaseUrl: pg?.url });
      expect(total(await rowsOf(second, 'acme'))).toBe(0);
      expect(total(await rowsOf(second, 'demo'))).toBeGreaterThan(0);
      const c2 = client(second.url, await signIn(second.url, 'demo', 'admin'));
      expect(await tenant('acme', c2)).toBeUndefined();
    } finally {
      await second?.close();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
