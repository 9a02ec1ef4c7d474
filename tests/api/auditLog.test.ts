/**
 * The audit log (server-mock/audit/), through the real server: each kind of write leaves a row
 * (add, update, delete, import, a grant change, sign-in, sign-out, forced sign-out, lockout,
 * unlock, password change and reset, publish) with who, when, the call, the record, the
 * client's address and the fields changed, secrets masked; a refused write leaves none; the
 * rows are the tenant's own; no call changes or deletes them; retention purges old ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { loadRegistry } from '../../schemas/registry/loadRegistry.ts';
import { purgeAuditLog } from '../../server-mock/audit/auditTrail.ts';
import { publishContract } from './documentFixture.ts';
import {
  client,
  readWorkbook,
  requestToken,
  signIn,
  startTestServer,
  type ApiResponse,
  type Envelope,
  type PageData,
  type TestServer,
} from './harness.ts';

type Client = ReturnType<typeof client>;
type Rec = Record<string, unknown>;

const AUDIT = '/api/admin/sysauditlog/querySysAuditLog';
const PARAMS = '/api/admin/sysparam';
const USERS = '/api/admin/sysuser';

let server: TestServer;
let clock = Date.parse('2026-05-01T08:00:00Z');
let admin: Client;
let acme: Client;

const ok = <T = unknown>(res: ApiResponse<Envelope<T>>): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as T;
};

async function rows(c: Client, params: Record<string, string | number> = {}): Promise<Rec[]> {
  return ok<PageData>(await c.get<Envelope<PageData>>(AUDIT, { pageSize: 1000, ...params })).list;
}

const changes = (row: Rec) => JSON.parse(String(row.changes ?? '{}')) as Record<string, { before?: unknown; after?: unknown }>;

async function idOf(c: Client, path: string, params: Record<string, string>): Promise<number> {
  const list = ok<PageData>(await c.get<Envelope<PageData>>(path, { pageSize: 100, ...params })).list;
  expect(list.length, JSON.stringify(params)).toBeGreaterThan(0);
  return Number(list[0]!.id);
}

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(clock) });
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
  acme = client(server.url, await signIn(server.url, 'acme', 'admin'));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('a row for each kind of write', () => {
  it('add, update and delete: who, when, call, record, address and the fields changed', async () => {
    clock += 60_000;
    const added = ok<Rec>(await admin.post(`${PARAMS}/addSysParam`, { paramName: 'Audit one', paramKey: 'audit.one', paramValue: 'a' }));
    const id = Number(added.id);
    ok(await admin.put(`${PARAMS}/updateSysParam`, { id, paramName: 'Audit one', paramKey: 'audit.one', paramValue: 'b' }));
    ok(await admin.post(`${PARAMS}/deleteSysParam`, undefined, { id }));
    const mine = await rows(admin, { resourceName: 'SysParam', recordId: id });
    expect(mine.map((r) => r.action)).toEqual(['delete', 'update', 'add']);
    const [del, upd, add] = mine as [Rec, Rec, Rec];
    expect(add).toMatchObject({ username: 'admin', callUrl: `${PARAMS}/addSysParam`, recordId: id, clientIp: '127.0.0.1' });
    expect(Date.parse(String(add.createTime))).toBe(clock);
    expect(changes(add)).toMatchObject({ paramName: { after: 'Audit one' }, paramKey: { after: 'audit.one' }, paramValue: { after: 'a' } });
    expect(changes(upd)).toEqual({ paramValue: { before: 'a', after: 'b' } });
    expect(changes(del)).toMatchObject({ paramValue: { before: 'b' }, paramKey: { before: 'audit.one' } });
    expect(Number(upd.userId)).toBeGreaterThan(0);
  });

  it('a password is never stored: masked in the diff of an added user and of its reset', async () => {
    const orgId = await idOf(admin, '/api/admin/sysorg/querySysOrg', {});
    const secret = 'Audit#Secret2026';
    const user = ok<Rec>(
      await admin.post(`${USERS}/addSysUser`, {
        username: 'audited',
        password: secret,
        nickname: 'Audited',
        orgId,
        status: 1,
        email: 'audited@demo.example.com',
        mobile: '13900001111',
        prefix: '+86',
      }),
    );
    const reset = ok<{ password: string }>(await admin.post(`${USERS}/resetSysUserPassword`, undefined, { username: 'audited' }));
    const all = await rows(admin, { resourceName: 'SysUser' });
    const add = all.find((r) => r.action === 'add' && r.recordId === user.id)!;
    expect(changes(add).password).toEqual({ after: '[masked]' });
    expect(changes(add).username).toEqual({ after: 'audited' });
    expect(all.find((r) => r.action === 'passwordReset')).toMatchObject({ callUrl: `${USERS}/resetSysUserPassword` });
    const text = JSON.stringify(await rows(admin));
    expect(text).not.toContain(secret);
    if (reset.password) expect(text).not.toContain(reset.password);
  });

  it('import, grant change, unlock, forced sign-out, sign-in, own password change, sign-out', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('import');
    sheet.addRow(['paramName', 'paramKey', 'paramValue']);
    sheet.addRow(['Imported', 'audit.imported', '1']);
    const imported = await admin.postFile<Envelope<{ imported: number }>>(
      `${PARAMS}/importSysParam`,
      Buffer.from(await wb.xlsx.writeBuffer()),
    );
    expect(imported.body.data).toEqual({ imported: 1 });

    const roleId = await idOf(admin, '/api/admin/sysrole/querySysRole', { roleCode: 'ROLE_VISITOR' });
    const userId = await idOf(admin, `${USERS}/querySysUser`, { username: 'visitor' });
    ok(await admin.post('/api/admin/sysrole/authorizeUserToRole', { roleId, userId: [userId] }));
    ok(await admin.post(`${USERS}/unlockSysUser`, undefined, { username: 'visitor' }));

    const visitorToken = await signIn(server.url, 'demo', 'visitor');
    ok(await admin.post(`${USERS}/removePrincipal`, undefined, { username: 'visitor' }));

    const editorToken = await signIn(server.url, 'demo', 'editor');
    const editor = client(server.url, editorToken);
    const me = ok<{ id: number }>(await editor.get('/api/uaa/users/getSysUser'));
    ok(
      await editor.put('/api/account/sysuserdetail/updatePassword', { id: me.id, password: 'Demo@2026', newPassword: 'Editor#Audit2026' }),
    );
    const again = client(server.url, await signIn(server.url, 'demo', 'editor', 'Editor#Audit2026'));
    ok(await again.post('/api/uaa/oauth/logout'));

    const all = await rows(admin);
    const byAction = (action: string) => all.filter((r) => r.action === action);
    expect(byAction('import')[0]).toMatchObject({ resourceName: 'SysParam', callUrl: `${PARAMS}/importSysParam` });
    const grant = byAction('grant')[0]!;
    expect(grant).toMatchObject({ callUrl: '/api/admin/sysrole/authorizeUserToRole', recordIds: `userId=${userId} roleId=${roleId}` });
    expect(changes(grant)).toMatchObject({ roleId: { after: roleId }, userId: { after: [userId] } });
    expect(byAction('unlock')[0]).toMatchObject({ username: 'admin' });
    expect(changes(byAction('forcedSignOut')[0]!)).toMatchObject({ username: { after: 'visitor' }, removed: { after: 1 } });
    const signIns = byAction('signIn').map((r) => r.username);
    expect(signIns).toEqual(expect.arrayContaining(['admin', 'visitor', 'editor']));
    for (const row of byAction('signIn')) expect(changes(row).password).toEqual({ after: '[masked]' });
    const change = byAction('passwordChange')[0]!;
    expect(change).toMatchObject({ username: 'editor', userId: me.id });
    expect(changes(change)).toMatchObject({ password: { after: '[masked]' }, newPassword: { after: '[masked]' } });
    expect(byAction('signOut')[0]).toMatchObject({ username: 'editor', callUrl: '/api/uaa/oauth/logout' });
    expect(JSON.stringify(all)).not.toContain('Editor#Audit2026');
    expect(visitorToken).toBeTruthy();
  });

  it('a lockout leaves a row although the sign-in fails', async () => {
    for (let i = 0; i < 5; i++) expect((await requestToken(server.url, 'demo', 'visitor', `Wrong#${i}pass`)).ok).toBe(false);
    const lock = (await rows(admin, { action: 'lockout' }))[0]!;
    expect(lock).toMatchObject({ username: 'visitor', callUrl: '/api/uaa/oauth/token' });
    expect(JSON.stringify(lock)).not.toContain('Wrong#');
    ok(await admin.post(`${USERS}/unlockSysUser`, undefined, { username: 'visitor' }));
  });

  it('publishing a document', async () => {
    await publishContract(admin, ['ROLE_ADMIN']);
    const publish = (await rows(admin, { action: 'publish' }))[0]!;
    expect(publish).toMatchObject({ username: 'admin', callUrl: '/api/generator/generatorform/publishGeneratorForm' });
  });
});

describe('no row for what was not written', () => {
  it('a refused add, update or delete leaves none, and reads leave none', async () => {
    const before = (await rows(admin)).length;
    expect((await admin.post(`${PARAMS}/addSysParam`, { paramName: 'Bad', paramKey: '1 not a key' })).status).toBe(400);
    ok(await admin.post(`${PARAMS}/addSysParam`, { paramName: 'Twice', paramKey: 'audit.twice' }));
    expect((await admin.post(`${PARAMS}/addSysParam`, { paramName: 'Twice', paramKey: 'audit.twice' })).status).toBe(409);
    expect((await admin.put(`${PARAMS}/updateSysParam`, { id: 999999, paramName: 'x', paramKey: 'x' })).status).toBe(404);
    expect((await admin.post(`${PARAMS}/deleteSysParam`, undefined, { id: '999998,999999' })).status).toBe(404);
    const editor = client(server.url, await signIn(server.url, 'demo', 'editor', 'Editor#Audit2026'));
    expect((await editor.post(`${USERS}/removePrincipal`, undefined, { username: 'admin' })).status).toBe(403);
    ok(await admin.get(`${PARAMS}/querySysParam`));
    expect((await admin.post(`${PARAMS}/exportSysParam`, {})).status).toBe(200);
    const after = await rows(admin);
    // one add and the editor's sign-in
    expect(after.length - before).toBe(2);
    expect(after.filter((r) => String(r.changes).includes('audit.twice'))).toHaveLength(1);
    expect(after.filter((r) => String(r.changes).includes('Bad'))).toHaveLength(0);
  });
});

describe('the rows are the tenant own, read only', () => {
  it("acme sees none of demo's rows, by any filter", async () => {
    const demoRows = await rows(admin);
    expect(demoRows.length).toBeGreaterThan(5);
    const acmeRows = await rows(acme);
    expect(acmeRows.every((r) => !demoRows.some((d) => d.id === r.id))).toBe(true);
    expect(await rows(acme, { id: Number(demoRows[0]!.id) })).toEqual([]);
    expect(await rows(acme, { username: 'editor' })).toEqual([]);
    const sheet = await acme.post(`/api/admin/sysauditlog/exportSysAuditLog`, {});
    expect(sheet.status).toBe(200);
    const wb = await readWorkbook(sheet.body);
    expect(JSON.stringify(wb.worksheets[0]!.getSheetValues())).not.toContain('audit.one');
  });

  it('no call changes or deletes a row: the resource has a query and an export only', async () => {
    const r = loadRegistry('schemas').byName.get('SysAuditLog')!;
    expect(r.calls.map((c) => c.name).sort()).toEqual(['exportSysAuditLog', 'querySysAuditLog']);
    const id = Number((await rows(admin))[0]!.id);
    for (const verb of ['add', 'update', 'delete', 'import']) {
      const res = await admin.post(`/api/admin/sysauditlog/${verb}SysAuditLog`, { id }, { id });
      expect(res.status, verb).toBe(404);
    }
    expect(await rows(admin, { id })).toHaveLength(1);
    expect((await client(server.url, await signIn(server.url, 'demo', 'visitor')).get(AUDIT)).status).toBe(403);
  });

  it('the export is a spreadsheet of the matching rows', async () => {
    const res = await admin.post('/api/admin/sysauditlog/exportSysAuditLog', { action: 'signOut' });
    expect(res.status).toBe(200);
    const wb = await readWorkbook(res.body);
    const values = JSON.stringify(wb.worksheets[0]!.getSheetValues());
    expect(values).toContain('/api/uaa/oauth/logout');
    expect(values).not.toContain('addSysParam');
  });
});

describe('retention', () => {
  it("rows older than the tenant's audit.retentionDays are purged by housekeeping, the others stay", async () => {
    ok(await admin.post(`${PARAMS}/addSysParam`, { paramName: 'Audit retention', paramKey: 'audit.retentionDays', paramValue: '2' }));
    const before = await rows(admin);
    const acmeBefore = (await rows(acme)).length;
    clock += 2 * 86400_000 + 1000;
    // the sessions ran out meanwhile: signing in again leaves a fresh row in each tenant
    admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
    acme = client(server.url, await signIn(server.url, 'acme', 'admin'));
    ok(await admin.post(`${PARAMS}/addSysParam`, { paramName: 'Audit fresh', paramKey: 'audit.fresh' }));
    // the demo tenant's housekeeping job (server-mock/jobs/) may purge first, as the clock moved on
    await purgeAuditLog(server.services.system.tenant('demo'), new Date(clock));
    expect(await purgeAuditLog(server.services.system.tenant('demo'), new Date(clock))).toBe(0);
    expect(before.length).toBeGreaterThan(1);
    const after = await rows(admin);
    expect(after.map((r) => r.action)).toEqual(['add', 'signIn']);
    expect(changes(after[0]!)).toMatchObject({ paramKey: { after: 'audit.fresh' } });
    // acme has no such parameter: its rows keep the default of 180 days
    await purgeAuditLog(server.services.system.tenant('acme'), new Date(clock));
    expect((await rows(acme)).length).toBe(acmeBefore + 1);
  });
});
