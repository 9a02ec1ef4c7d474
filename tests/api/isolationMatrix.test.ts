/**
 * Tenant isolation matrix, generated from the resource registry. The file first adds a record
 * of every tenant-scoped resource in each tenant, through the API (valid records as
 * validRecord builds them), so that no check is left without a row. Then, for every standard
 * call of every tenant-scoped resource, an administrator of tenant acme tries to read, list,
 * update, delete and export (spreadsheet, Word, PDF) demo's record, and to import a copy of it
 * naming demo's tenant and id; and every declared call that takes a record id, a code or a
 * username is made by acme's administrator with demo's ids, codes and usernames. A new
 * resource file is covered without writing a test. Zero successes, and demo unchanged.
 * A resource published from a document (Contract, tests/api/documentFixture.ts) is published
 * in both tenants first and covered as the files are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { loadRegistry } from '../../schemas/registry/loadRegistry.ts';
import type { CallDef, CallVerb, JsonSchema, Registry, Resource, ResourceFile } from '../../schemas/registry/types.ts';
import { publishedResource } from '../../server-mock/documents/tenantDocuments.ts';
import { CONTRACTS, contractDocument, publishContract } from './documentFixture.ts';
import {
  callUrl,
  client,
  docxXml,
  pdfPages,
  readWorkbook,
  signIn,
  startTestServer,
  type ApiResponse,
  type Envelope,
  type PageData,
  type TestServer,
} from './harness.ts';
import { VALID_SECRET, freeReferences, validRecord } from './validRecord.ts';

const files = loadRegistry('schemas');
/** The published document's resource, as the server serves it. */
const contract = publishedResource(contractDocument().resource as unknown as ResourceFile, 0, 1);
const registry: Registry = {
  resources: [...files.resources, contract],
  byName: new Map([...files.byName, [contract.name, contract]]),
  calls: [...files.calls, ...contract.calls],
  callByUrl: new Map([...files.callByUrl, ...contract.calls.map((c) => [c.url, c] as const)]),
};
const resources = registry.resources.filter((r) => r.kind === 'entity' && r.scope === 'tenant');

type Api = ReturnType<typeof client>;

let server: TestServer;
let demo: Api;
let acme: Api;
/** The record this file added, per tenant and resource. */
const created: Record<'demo' | 'acme', Map<string, Record<string, unknown>>> = { demo: new Map(), acme: new Map() };

async function listAll(api: Api, r: Resource): Promise<Record<string, unknown>[]> {
  const res = await api.get<Envelope<PageData>>(url(r, 'query'), { pageSize: 10000 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!.list;
}

let count = 0;

/** The resources, each after the ones its records reference. */
function referencedFirst(list: Resource[]): Resource[] {
  const out: Resource[] = [];
  const visit = (r: Resource) => {
    if (out.includes(r)) return;
    for (const rel of Object.values(r.relations)) {
      const target = list.find((x) => x.name === rel.resource);
      if (target && target !== r && !out.includes(target)) visit(target);
    }
    out.push(r);
  };
  list.forEach(visit);
  return out;
}

/**
 * Add a valid record of the resource in the caller's tenant, built from one of its records;
 * its references to another resource point at that resource's record in `added` (a button of
 * the added menu, a user of the added organisation), so that the records hang together.
 */
async function addRecord(
  api: Api,
  tenant: 'demo' | 'acme',
  r: Resource,
  added: Map<string, Record<string, unknown>> = created[tenant],
): Promise<Record<string, unknown>> {
  const rows = await listAll(api, r);
  expect(rows[0], `tenant ${tenant} has a record of ${r.name} to build a new one from`).toBeDefined();
  const record = validRecord(r, rows[0], String(++count))!;
  const linked = Object.entries(r.relations).filter(([, rel]) => rel.resource !== r.name && !rel.through && added.has(rel.resource));
  for (const [field, rel] of linked) record[field] = added.get(rel.resource)![rel.valueField];
  const valuesOf = async (resource: string, field: string) => (await listAll(api, registry.byName.get(resource)!)).map((x) => x[field]);
  if (!r.storage.unique.every((set) => set.some((field) => linked.some(([name]) => name === field))))
    expect(await freeReferences(r, record, rows, valuesOf)).toBe(true);
  const res = await api.post<Envelope<Record<string, unknown>>>(url(r, 'add'), record);
  expect(res.status, `${tenant} adds ${JSON.stringify(record)}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data!;
}

beforeAll(async () => {
  server = await startTestServer();
  demo = client(server.url, await signIn(server.url, 'demo', 'admin'));
  acme = client(server.url, await signIn(server.url, 'acme', 'admin'));
  // each tenant publishes the document (its saved form is the record GeneratorForm's are built from) and adds a record of it
  for (const api of [demo, acme]) {
    await publishContract(api, ['ROLE_EDITOR']);
    const seed = await api.post<Envelope>(`${CONTRACTS}/addContract`, { contractCode: 'C000', contractName: 'First contract', amount: 10 });
    expect(seed.status, JSON.stringify(seed.body)).toBe(200);
  }
  for (const r of referencedFirst(resources)) {
    created.demo.set(r.name, await addRecord(demo, 'demo', r));
    created.acme.set(r.name, await addRecord(acme, 'acme', r));
  }
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

describe.each(resources.map((r) => ({ name: r.name, r })))('$name: tenant acme against demo rows', ({ r }) => {
  it('cannot see, change, delete, export or import over them', async () => {
    /** Checks made: each call below counts once, so that none is skipped unnoticed. */
    let checks = 0;
    const row = (await demoRows(r)).find((x) => x.id === created.demo.get(r.name)!.id)!;
    expect(row, `the record of ${r.name} added in demo`).toBeDefined();
    const id = Number(row.id);
    const before = await demoRows(r);

    const list = await acme.get<Envelope<PageData>>(url(r, 'query'), { pageSize: 10000 });
    expect(list.status).toBe(200);
    expect(list.body.data!.list.map((x) => x.id)).not.toContain(id);
    expect(JSON.stringify(list.body)).not.toContain('"tenantCode":"demo"');
    expect(list.body.data!.list.length, 'acme lists its own records').toBeGreaterThan(0);
    checks += 1;

    const byId = await acme.get<Envelope<PageData>>(url(r, 'query'), { id: String(id) });
    expect(byId.status).toBe(200);
    expect(byId.body.data!.list).toHaveLength(0);
    checks += 1;

    const upd = await acme.put<Envelope>(url(r, 'update'), { ...row, id });
    expect(upd.status).toBe(404);
    checks += 1;

    const del = await acme.post<Envelope>(url(r, 'delete'), undefined, { id });
    expect(del.status).toBe(404);
    checks += 1;

    const exp = await acme.post(url(r, 'export'), { id: String(id) });
    expect(exp.status).toBe(200);
    const wb = await readWorkbook(exp.body);
    expect(wb.worksheets[0]!.rowCount).toBe(1);
    checks += 1;

    const word = await acme.post(url(r, 'exportWord'), { id: String(id) });
    expect(word.status).toBe(200);
    const xml = await docxXml(word.body);
    expect(xml.match(/<w:tr[ >]/g)).toHaveLength(1); // the header row only
    checks += 1;

    const pdf = await acme.post(url(r, 'exportPdf'), { id: String(id) });
    expect(pdf.status).toBe(200);
    const nothing = await acme.post(url(r, 'exportPdf'), { id: '999999999' });
    expect((await pdfPages(pdf.body)).join('\n')).toBe((await pdfPages(nothing.body)).join('\n')); // the same as an export of no record
    checks += 1;

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
    checks += 1;

    if (r.list.tree) {
      const tree = await acme.get<Envelope<Record<string, unknown>[]>>(url(r, 'tree'));
      expect(tree.status).toBe(200);
      expect(JSON.stringify(tree.body.data)).not.toContain('"tenantCode":"demo"');
      checks += 1;
    }

    expect(await demoRows(r)).toEqual(before);
    checks += 1;
    expect(checks).toBe(r.list.tree ? 10 : 9);
  });
});

// ---------------------------------------------------------------------------------------------
// Declared calls (the `calls` of every resource file, granted by URL) that take a record id
// (`roleId`, `userId`...), a code (`menuCode`, `roleCode`...) or a username: tenant acme's
// administrator makes each with the ids, codes and usernames of records added in demo for it
// (new ones: the imports above copy demo's records into acme, codes included, and a code acme
// holds too is acme's own). Demo's administrator first makes the writes with the same values (so that demo's
// records hold grants to read) and must see something in every read; acme gets no success
// (a write answered 2xx, or a read answering something) and demo's answers do not change; demo
// then makes the deletes, which shows that what acme aimed at was there.

/** The record a parameter names: `xxxId` the id of resource `Xxx` or `SysXxx`, else the resource whose unique key it is (`roleCode`, `username`). */
function referenced(name: string): { resource: Resource; field: string } | undefined {
  const id = /^(.+)Id$/.exec(name);
  const entities = registry.resources.filter((r) => r.kind === 'entity');
  const resource = id
    ? entities.find((r) => [id[1]!.toLowerCase(), `sys${id[1]!.toLowerCase()}`].includes(r.name.toLowerCase()))
    : entities.find((r) => r.storage.unique.some((set) => set.length === 1 && set[0] === name));
  return resource && { resource, field: id ? 'id' : name };
}

function typesOf(s: JsonSchema): string[] {
  return Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
}

/** Values of the parameters that name no record, where a call needs one. */
const PLAIN: Record<string, unknown> = { dataFields: 'address', assign: '1' };

/** Demo's value of a parameter: a record's id, code or username; the tenant's own code for a platform resource's key. */
function demoValue(name: string): unknown {
  const ref = referenced(name);
  if (!ref) return PLAIN[name];
  if (ref.resource.scope === 'platform') return 'demo';
  return aimedAt.get(ref.resource.name)![ref.field];
}

/** Input of a call's part from its schema: every parameter naming a record, and the required ones. */
function input(schema: JsonSchema | undefined, part: 'query' | 'body'): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  const out: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(schema.properties ?? {})) {
    const required = (schema.required ?? []).includes(name);
    let value: unknown;
    if (typesOf(s).includes('array') && s.items?.properties) value = [input(s.items, 'body')];
    else value = demoValue(name);
    if (value === undefined || (!required && !referenced(name))) continue;
    if (typesOf(s).includes('array') && !Array.isArray(value)) value = [value];
    out[name] = part === 'query' ? (Array.isArray(value) ? value.join(',') : String(value)) : value;
  }
  return out;
}

function takesRecord(c: CallDef): boolean {
  return [c.query, c.body].some((s) => Object.keys(s?.properties ?? {}).some((name) => referenced(name)));
}

const aimed = registry.calls.filter((c) => c.verb === 'custom' && c.auth === 'grant' && takesRecord(c));
/** Calls that delete, or end the sessions of, what they aim at (a password reset ends the user's sessions): made last. */
const destructive = (c: CallDef) => /^(delete|remove)/.test(c.name) || c.name === 'resetSysUserPassword';
/**
 * Calls demo cannot make on its own records: adding a user to a tenant names another tenant (a
 * describe block of its own); sharing a file names a file of the caller's netdisc, which no
 * record of this matrix is (tests/api/files.test.ts holds its isolation and refuses a share to
 * another tenant's user); the workers of an app are there once a worker process registered by
 * the worker protocol (tests/api/jobWorkers.test.ts holds their isolation); the process
 * modeler's save names a model and carries its BPMN XML, which no parameter here does
 * (tests/api/workflow.test.ts holds its isolation).
 */
const NO_PROOF = new Set(['addSysTenantUser', 'shareFile', 'queryJobWorker', 'persistProcess']);

function make(api: Api, c: CallDef): Promise<ApiResponse<Envelope>> {
  const query = input(c.query, 'query') as Record<string, string> | undefined;
  return api.call<Envelope>(c.method, c.url, { params: query, body: c.method === 'GET' ? undefined : (input(c.body, 'body') ?? {}) });
}

/** An answer that carries something: not empty, no empty list or page. */
function carries(data: unknown): boolean {
  if (data === undefined || data === null || data === '') return false;
  if (Array.isArray(data)) return data.length > 0;
  if (typeof data === 'object') {
    const list = (data as { list?: unknown }).list;
    return Array.isArray(list) ? list.length > 0 : Object.keys(data).length > 0;
  }
  return true;
}

/** An answer that reports it touched nothing (`{removed: 0}`). */
function touchedNothing(data: unknown): boolean {
  return (
    !!data &&
    typeof data === 'object' &&
    !Array.isArray(data) &&
    Object.values(data).length > 0 &&
    Object.values(data).every((v) => v === 0)
  );
}

/** Demo's answers to every read aimed at its records, and its records. */
async function demoState(): Promise<string> {
  const parts: string[] = [];
  for (const c of aimed.filter((x) => x.method === 'GET')) parts.push(`${c.name}:${JSON.stringify((await make(demo, c)).body)}`);
  for (const r of resources) parts.push(`${r.name}:${JSON.stringify((await demoRows(r)).map((x) => [x.id, x.updateTime]))}`);
  return parts.join('\n');
}

/** Demo's records the declared calls name, added for them. */
const aimedAt = new Map<string, Record<string, unknown>>();

describe('declared calls aimed at demo records', () => {
  beforeAll(async () => {
    for (const r of referencedFirst(resources)) aimedAt.set(r.name, await addRecord(demo, 'demo', r, aimedAt));
  });

  it('every call that takes a record id, a code or a username is in the matrix', () => {
    for (const name of [
      'authorizeUrlToRole',
      'queryUrlIdByRoleId',
      'authorizeMenuButtonToRole',
      'queryCheckedMenuButton',
      'authorizeRoleToUser',
      'removePrincipal',
      'deleteDataField',
    ]) {
      expect(aimed.map((c) => c.name)).toContain(name);
    }
  });

  it("acme's administrator gets zero successes and demo changes nothing", async () => {
    // the codes and usernames are demo's alone
    for (const c of aimed) {
      for (const name of Object.keys({ ...c.query?.properties, ...c.body?.properties })) {
        const ref = referenced(name);
        if (!ref || ref.field === 'id' || ref.resource.scope === 'platform') continue;
        expect(
          (await listAll(acme, ref.resource)).map((x) => x[ref.field]),
          `${c.name}: acme has no ${name} ${String(demoValue(name))}`,
        ).not.toContain(demoValue(name));
      }
    }
    const proofs: string[] = [];
    // the added user signs in: a session of demo's for removePrincipal to aim at
    const user = aimedAt.get('SysUser')!;
    const session = client(server.url, await signIn(server.url, 'demo', String(user.username), VALID_SECRET));
    for (const c of aimed.filter((x) => x.method !== 'GET' && !destructive(x) && !NO_PROOF.has(x.name))) {
      const res = await make(demo, c);
      if (res.status !== 200) proofs.push(`demo ${c.name}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    for (const c of aimed.filter((x) => x.method === 'GET' && !NO_PROOF.has(x.name))) {
      const res = await make(demo, c);
      if (res.status !== 200 || !carries(res.body.data))
        proofs.push(`demo ${c.name}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    expect(proofs, 'demo makes each call on its own records').toEqual([]);

    const before = await demoState();
    const successes: string[] = [];
    let tried = 0;
    for (const c of aimed) {
      const res = await make(acme, c);
      tried += 1;
      // a file (a declared export: the audit log's) carries something when it has a row under its header
      const file = c.result === 'blob' && Buffer.isBuffer(res.body);
      const carried = file
        ? (await readWorkbook(res.body)).worksheets[0]!.rowCount > 1
        : c.method === 'GET'
          ? carries(res.body.data)
          : !touchedNothing(res.body.data);
      if (res.status >= 200 && res.status < 300 && carried)
        successes.push(`${c.name}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      expect(res.status, `${c.name}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
    }
    expect(successes).toEqual([]);
    expect(tried).toBe(aimed.length);
    expect(await demoState()).toBe(before);
    expect((await session.get('/api/uaa/users/getSysUser')).status, "demo's session is still on").toBe(200);

    for (const c of aimed.filter((x) => destructive(x) && !NO_PROOF.has(x.name))) {
      const res = await make(demo, c);
      if (res.status !== 200 || touchedNothing(res.body.data))
        proofs.push(`demo ${c.name}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    expect(proofs, 'demo makes each delete on its own records').toEqual([]);
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
    const changed = await demoAdmin.put<Envelope>('/api/account/sysuserdetail/updatePassword', {
      password: h.DEMO_PASSWORD,
      newPassword: DEMO_ADMIN_PASSWORD,
      id: me.id,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    demoAdmin = h.client(srv.url, await h.signIn(srv.url, 'demo', 'admin', DEMO_ADMIN_PASSWORD));
  });

  afterAll(async () => {
    await srv?.stop();
  });

  const demoUsernames = async () =>
    (await demoAdmin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { pageSize: 10000 })).body
      .data!.list.map((u) => String(u.username))
      .sort();

  it('refuses an acme administrator adding an acme user to demo unless demo’s administrator proves it', async () => {
    const orgs = (await acmeAdmin.get<Envelope<PageData>>('/api/admin/sysorg/querySysOrg')).body.data!.list;
    const created = await acmeAdmin.post<Envelope<{ id: number }>>('/api/admin/sysuser/addSysUser', {
      username: 'injected',
      nickname: 'Injected',
      password: 'Injected@2026x',
      email: 'injected@acme.example.com',
      prefix: '+86',
      mobile: '13900000201',
      orgId: Number(orgs[0]!.id),
      status: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const userId = created.body.data!.id;
    const before = await demoUsernames();
    const add = (body?: Record<string, unknown>) =>
      acmeAdmin.call<Envelope>('POST', '/api/admin/sysuser/addSysTenantUser', { params: { tenantCode: 'demo', userId }, body });

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
    const roles = await demoAdmin.get<Envelope<unknown[]>>('/api/admin/sysrole/queryRoleName', {
      userId: Number((ok.body.data as { id: number }).id),
    });
    expect(roles.body.data).toEqual([]);
  });
});
