/**
 * A record's write and the rows that follow it (its audit row, the hold of an undo) are written
 * together or not at all (TenantData.insertWith and deleteOneWith): on PostgreSQL by one
 * statement (a delete: a read, then one statement that deletes the row only if it is still the
 * version read), elsewhere in one transaction. Runs on SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantData, type Follower } from '../../server-mock/access/tenantData.ts';
import { recordRow } from '../../server-mock/seed/provisionTenant.ts';
import type { Row } from '../../server-mock/db/anyKysely.ts';
import { client, signIn, startTestServer, type ApiResponse, type Envelope, type PageData, type TestServer } from './harness.ts';

const PARAMS = '/api/admin/sysparam';
const AUDIT = '/api/admin/sysauditlog/querySysAuditLog';
const onPg = Boolean(process.env.TEST_DATABASE_URL);

let server: TestServer;
let admin: ReturnType<typeof client>;
let statements: string[] = [];

const ok = <T>(res: ApiResponse<Envelope<T>>): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as T;
};

/** The statements run since the last call that touch the parameters, their audit rows or holds. */
function writesSeen(): string[] {
  const seen = statements.filter((s) => /sys_param|sys_audit_log|sys_deleted_hold|^\s*(begin|commit)/i.test(s));
  statements = [];
  return seen;
}

async function auditRows(recordId: number): Promise<Row[]> {
  return ok<PageData>(await admin.get<Envelope<PageData>>(AUDIT, { resourceName: 'SysParam', recordId, pageSize: 100 })).list;
}

function tenantData(): TenantData {
  return new TenantData(server.database, server.services.registry, 'demo');
}

/** A follower row of the audit log for a test record. */
async function auditFollower(data: TenantData, note: string): Promise<Follower> {
  const audit = data.resource('SysAuditLog');
  const row = await recordRow(data, audit, { action: 'write', callUrl: `/test/${note}`, resourceName: 'SysParam' }, new Date());
  return { resource: audit, row, idColumns: ['record_id'] };
}

async function followersNamed(data: TenantData, note: string): Promise<number> {
  const audit = data.resource('SysAuditLog');
  const rows = (await data.select(audit).select('sys_audit_log.id').where('call_url', '=', `/test/${note}`).execute()) as Row[];
  return rows.length;
}

beforeAll(async () => {
  server = await startTestServer({ onStatement: (s) => statements.push(s) });
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('a write and its audit row, together', () => {
  it('an add writes its record and its audit row (its record id the new one); on PostgreSQL one statement', async () => {
    writesSeen();
    const added = ok<Row>(await admin.post(`${PARAMS}/addSysParam`, { paramName: 'Follow', paramKey: 'follow.one', paramValue: 'a' }));
    const writes = writesSeen();
    const id = Number(added.id);
    const [row, ...more] = await auditRows(id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ action: 'add', recordId: id, recordIds: String(id), username: 'admin' });
    expect(JSON.parse(String(row!.changes))).toMatchObject({ paramKey: { after: 'follow.one' } });
    if (onPg) expect(writes, writes.join('\n')).toHaveLength(1);
  });

  it('an add that clashes with a unique value writes nothing, no audit row either', async () => {
    const before = ok<PageData>(await admin.get<Envelope<PageData>>(AUDIT, { resourceName: 'SysParam', action: 'add' })).pagination.total;
    const res = await admin.post<Envelope>(`${PARAMS}/addSysParam`, { paramName: 'Again', paramKey: 'follow.one', paramValue: 'b' });
    expect(res.status).toBe(409);
    expect(ok<PageData>(await admin.get<Envelope<PageData>>(AUDIT, { resourceName: 'SysParam', action: 'add' })).pagination.total).toBe(
      before,
    );
  });

  it('a delete writes its audit row and its hold, and can be undone; on PostgreSQL a read and one statement', async () => {
    const added = ok<Row>(await admin.post(`${PARAMS}/addSysParam`, { paramName: 'Follow', paramKey: 'follow.two', paramValue: 'c' }));
    const id = Number(added.id);
    writesSeen();
    const held = ok<{ undo: string; until: string }>(await admin.post(`${PARAMS}/deleteSysParam`, undefined, { id }));
    const writes = writesSeen();
    expect(held.undo).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const rows = await auditRows(id);
    expect(rows.map((r) => r.action)).toEqual(['delete', 'add']);
    expect(JSON.parse(String(rows[0]!.changes))).toMatchObject({ paramKey: { before: 'follow.two' }, paramValue: { before: 'c' } });
    if (onPg)
      expect(
        writes.filter((s) => !/^\s*delete from "sys_deleted_hold"/i.test(s)),
        writes.join('\n'),
      ).toHaveLength(2);
    ok(await admin.post('/api/admin/sysdeletedhold/restoreDeleted', undefined, { token: held.undo }));
    const back = ok<PageData>(await admin.get<Envelope<PageData>>(`${PARAMS}/querySysParam`, { id })).list;
    expect(back).toMatchObject([{ id, paramKey: 'follow.two', paramValue: 'c' }]);
  });

  it('a delete of a record that is not there writes nothing and answers 404', async () => {
    const res = await admin.post<Envelope>(`${PARAMS}/deleteSysParam`, undefined, { id: 987654 });
    expect(res.status).toBe(404);
    expect(await auditRows(987654)).toEqual([]);
  });
});

describe('TenantData.insertWith and deleteOneWith', () => {
  it('insertWith writes no follower when the insert clashes', async () => {
    const data = tenantData();
    const r = data.resource('SysParam');
    const row = await recordRow(data, r, { paramName: 'Clash', paramKey: 'follow.clash', paramValue: 'x' }, new Date());
    const first = await data.insertWith(r, row, [await auditFollower(data, 'clash-1')]);
    expect(first).toBeDefined();
    expect(await data.insertWith(r, row, [await auditFollower(data, 'clash-2')])).toBeUndefined();
    expect(await followersNamed(data, 'clash-1')).toBe(1);
    expect(await followersNamed(data, 'clash-2')).toBe(0);
  });

  it('deleteOneWith of a missing id writes no follower', async () => {
    const data = tenantData();
    const deleted = await data.deleteOneWith(data.resource('SysParam'), 987655, async (_row, d) => [await auditFollower(d, 'missing')]);
    expect(deleted).toBeUndefined();
    expect(await followersNamed(data, 'missing')).toBe(0);
  });

  // on SQLite the delete and its followers run in one transaction that holds the write lock
  it.runIf(onPg)('deleteOneWith deletes nothing, and writes no follower, when the row changed after it was read (PostgreSQL)', async () => {
    const data = tenantData();
    const r = data.resource('SysParam');
    const stored = await data.insertWith(
      r,
      await recordRow(data, r, { paramName: 'Race', paramKey: 'follow.race', paramValue: 'v1' }, new Date()),
      [],
    );
    const id = Number(stored!.id);
    const deleted = await data.deleteOneWith(r, id, async (row, d) => {
      expect(row.param_value).toBe('v1');
      // another request changes the row between the read and the delete
      await tenantData().update(r).set({ param_value: 'v2' }).where('id', '=', id).execute();
      return [await auditFollower(d, 'race')];
    });
    expect(deleted).toBeUndefined();
    const now = (await data.rowsById(r, [id]))[0];
    expect(now?.param_value).toBe('v2');
    expect(await followersNamed(data, 'race')).toBe(0);
    // unchanged since the read: deleted, with its follower
    expect(await data.deleteOneWith(r, id, async (_row, d) => [await auditFollower(d, 'race-2')])).toMatchObject({ id });
    expect(await data.rowsById(r, [id])).toEqual([]);
    expect(await followersNamed(data, 'race-2')).toBe(1);
  });
});
