/**
 * Tenant isolation matrix, generated from the resource registry: for every standard call of
 * every tenant-scoped resource, an administrator of tenant acme tries to read, list, update,
 * delete and export (spreadsheet, Word, PDF) the rows of tenant demo, and to import a copy of
 * one naming demo's tenant and id. A new resource file is covered without writing a test.
 * Zero successes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { loadRegistry } from '../../schemas/registry/loadRegistry.ts';
import type { CallVerb, Resource } from '../../schemas/registry/types.ts';
import { callUrl, client, docxXml, pdfPages, readWorkbook, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';

const registry = loadRegistry('schemas');
const resources = registry.resources.filter((r) => r.kind === 'entity' && r.scope === 'tenant');

let server: TestServer;
let demo: ReturnType<typeof client>;
let acme: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  demo = client(server.url, await signIn(server.url, 'demo', 'admin'));
  acme = client(server.url, await signIn(server.url, 'acme', 'admin'));
});

afterAll(async () => {
  await server?.stop();
});

function url(r: Resource, verb: CallVerb): string {
  return callUrl(registry, r, verb)!;
}

async function demoRows(r: Resource): Promise<Record<string, unknown>[]> {
  const res = await demo.get<Envelope<PageData>>(url(r, 'query'), { pageSize: 10000 });
  expect(res.status).toBe(200);
  return res.body.data!.list;
}

/** A spreadsheet of one record: demo's row (its id and tenant too), secrets filled in. */
async function importFile(r: Resource, row: Record<string, unknown>): Promise<Buffer> {
  const record: Record<string, unknown> = { id: row.id, tenantCode: 'demo' };
  for (const name of Object.keys(r.record.properties ?? {})) record[name] = row[name] ?? null;
  for (const f of r.fields) if (f.secret) record[f.name] = 'Valid@12345';
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('import');
  sheet.addRow(Object.keys(record));
  sheet.addRow(Object.values(record).map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v) as ExcelJS.CellValue));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function ensureRow(r: Resource): Promise<Record<string, unknown> | undefined> {
  const rows = await demoRows(r);
  return rows[0];
}

describe.each(resources.map((r) => ({ name: r.name, r })))('$name: tenant acme against demo rows', ({ r }) => {
  it('cannot see, change, delete, export or import over them', async () => {
    const row = await ensureRow(r);
    if (!row) return; // nothing of demo's to attack: the list check below still runs for the other calls
    const id = Number(row.id);
    const before = await demoRows(r);

    const list = await acme.get<Envelope<PageData>>(url(r, 'query'), { pageSize: 10000 });
    expect(list.status).toBe(200);
    expect(list.body.data!.list.map((x) => x.id)).not.toContain(id);
    expect(JSON.stringify(list.body)).not.toContain('"tenantCode":"demo"');

    const byId = await acme.get<Envelope<PageData>>(url(r, 'query'), { id: String(id) });
    expect(byId.status).toBe(200);
    expect(byId.body.data!.list).toHaveLength(0);

    const upd = await acme.put<Envelope>(url(r, 'update'), { ...row, id });
    expect(upd.status).toBe(404);

    const del = await acme.post<Envelope>(url(r, 'delete'), undefined, { id });
    expect(del.status).toBe(404);

    const exp = await acme.post(url(r, 'export'), { id: String(id) });
    expect(exp.status).toBe(200);
    const wb = await readWorkbook(exp.body);
    expect(wb.worksheets[0]!.rowCount).toBe(1);

    const word = await acme.post(url(r, 'exportWord'), { id: String(id) });
    expect(word.status).toBe(200);
    const xml = await docxXml(word.body);
    expect(xml.match(/<w:tr[ >]/g)).toHaveLength(1); // the header row only

    const pdf = await acme.post(url(r, 'exportPdf'), { id: String(id) });
    expect(pdf.status).toBe(200);
    const nothing = await acme.post(url(r, 'exportPdf'), { id: '999999999' });
    expect((await pdfPages(pdf.body)).join('\n')).toBe((await pdfPages(nothing.body)).join('\n')); // the same as an export of no record

    const acmeBefore = (await acme.get<Envelope<PageData>>(url(r, 'query'), { pageSize: 10000 })).body.data!.list;
    const imp = await acme.postFile<Envelope<{ imported: number }>>(url(r, 'import'), await importFile(r, row));
    // a copy naming demo's records (references, ids) is refused, or lands in acme as a new row
    expect([200, 400], JSON.stringify(imp.body)).toContain(imp.status);
    const acmeAfter = (await acme.get<Envelope<PageData>>(url(r, 'query'), { pageSize: 10000 })).body.data!.list;
    if (imp.status === 200) {
      expect(acmeAfter).toHaveLength(acmeBefore.length + 1);
      const added = acmeAfter.find((x) => !acmeBefore.some((y) => y.id === x.id))!;
      expect(added.id).not.toBe(id);
      expect(added.tenantCode).toBe('acme');
    } else {
      expect(acmeAfter).toEqual(acmeBefore);
    }

    if (r.list.tree) {
      const tree = await acme.get<Envelope<Record<string, unknown>[]>>(url(r, 'tree'));
      expect(tree.status).toBe(200);
      expect(JSON.stringify(tree.body.data)).not.toContain('"tenantCode":"demo"');
    }

    expect(await demoRows(r)).toEqual(before);
  });
});

/**
 * Cross-tenant user injection: adding a user to another tenant (addSysTenantUser) takes being
 * an administrator of the target tenant by identity: the username and password of an enabled
 * ROLE_ADMIN account there. A same-named account (demo also has an `admin`), the caller's own
 * password, or a non-administrator's credentials add nothing. Self-contained (its own server).
 */
describe('cross-tenant user injection', () => {
  type Harness = typeof import('./harness.ts');
  let h: Harness;
  let srv: Awaited<ReturnType<Harness['startTestServer']>>;
  let demoAdmin: ReturnType<Harness['client']>;
  let acmeAdmin: ReturnType<Harness['client']>;
  const DEMO_ADMIN_PASSWORD = 'Demo-admin@2026x';

  beforeAll(async () => {
    h = await import('./harness.ts');
    srv = await h.startTestServer();
    demoAdmin = h.client(srv.url, await h.signIn(srv.url, 'demo', 'admin'));
    acmeAdmin = h.client(srv.url, await h.signIn(srv.url, 'acme', 'admin'));
    // demo's administrator no longer shares the demo password with acme's
    const me = (await demoAdmin.get<Envelope<{ id: number }>>('/api/uaa/users/getSysUser')).body.data!;
    const changed = await demoAdmin.put<Envelope>('/api/account/sysuserdetail/updatePassword', { password: h.DEMO_PASSWORD, newPassword: DEMO_ADMIN_PASSWORD, id: me.id });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    demoAdmin = h.client(srv.url, await h.signIn(srv.url, 'demo', 'admin', DEMO_ADMIN_PASSWORD));
  });

  afterAll(async () => {
    await srv?.stop();
  });

  const demoUsernames = async () => (await demoAdmin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { pageSize: 10000 })).body.data!.list.map((u) => String(u.username)).sort();

  it('refuses an acme administrator adding an acme user to demo unless demo’s administrator proves it', async () => {
    const orgs = (await acmeAdmin.get<Envelope<PageData>>('/api/admin/sysorg/querySysOrg')).body.data!.list;
    const created = await acmeAdmin.post<Envelope<{ id: number }>>('/api/admin/sysuser/addSysUser', {
      username: 'injected', nickname: 'Injected', password: 'Injected@2026x', email: 'injected@acme.example.com', prefix: '+86', mobile: '13900000201', orgId: Number(orgs[0]!.id), status: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const userId = created.body.data!.id;
    const before = await demoUsernames();
    const add = (body?: Record<string, unknown>) => acmeAdmin.call<Envelope>('POST', '/api/admin/sysuser/addSysTenantUser', { params: { tenantCode: 'demo', userId }, body });

    // the attack as it was: demo also has a user named admin
    expect((await add()).status).toBe(400);
    // acme's admin's own password, for the same-named demo account
    const byName = await add({ password: h.DEMO_PASSWORD });
    expect(byName.status).toBe(403);
    expect(byName.body.message).toMatch(/administrator account there/);
    // a demo account that is not an administrator, with its right password
    expect((await add({ username: 'editor', password: h.DEMO_PASSWORD })).status).toBe(403);
    expect(await demoUsernames()).toEqual(before);

    // demo's administrator, by its credentials: the target tenant's administrator adds
    const ok = await add({ username: 'admin', password: DEMO_ADMIN_PASSWORD });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await demoUsernames()).toEqual([...before, 'injected'].sort());
    const roles = await demoAdmin.get<Envelope<unknown[]>>('/api/admin/sysrole/queryRoleName', { userId: Number((ok.body.data as { id: number }).id) });
    expect(roles.body.data).toEqual([]);
  });
});
