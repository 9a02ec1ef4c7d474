/**
 * A refused record answers structured field errors, `{field, keyword, params, message}` (the
 * validator's keyword and params, as Fastify's validation errors carry them), inside the
 * unchanged platform envelope whose `message` still names the fields in English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';

let server: TestServer;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
});

afterAll(async () => {
  await server?.stop();
});

type Rec = Record<string, unknown>;

describe('field errors of a refused record', () => {
  it('carry the keyword and params of each broken schema rule, and the envelope keeps its message', async () => {
    const res = await admin.post<Envelope>('/api/admin/sysrole/addSysRole', { roleCode: 'lower case', roleName: 'x'.repeat(65), extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, code: 400 });
    expect(res.body.message).toMatch(/^Invalid request: /);
    expect(res.body.message).toContain('roleCode has an invalid format');
    expect(res.body.message).toContain('roleName must be at most 64 characters');
    const byField = Object.fromEntries(res.body.errors!.map((e) => [e.field, e]));
    expect(byField.roleCode).toEqual({
      field: 'roleCode',
      keyword: 'pattern',
      params: { pattern: '^[A-Z][A-Z0-9_]*$' },
      message: 'has an invalid format',
    });
    expect(byField.roleName).toEqual({
      field: 'roleName',
      keyword: 'maxLength',
      params: { limit: 64 },
      message: 'must be at most 64 characters',
    });
    expect(byField.extra).toEqual({
      field: 'extra',
      keyword: 'additionalProperties',
      params: { additionalProperty: 'extra' },
      message: 'is not a known field',
    });

    const missing = await admin.post<Envelope>('/api/admin/sysrole/addSysRole', { roleCode: 'ROLE_FIELD_ERRORS' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      { field: 'roleName', keyword: 'required', params: { missingProperty: 'roleName' }, message: 'is required' },
    ]);
    expect(missing.body.message).toContain('roleName is required');
  });

  it('carry "unique" with the unique set on a clash (409)', async () => {
    const first = await admin.post<Envelope>('/api/admin/sysrole/addSysRole', { roleCode: 'ROLE_TWICE', roleName: 'Twice' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await admin.post<Envelope>('/api/admin/sysrole/addSysRole', { roleCode: 'ROLE_TWICE', roleName: 'Twice again' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A record with roleCode "ROLE_TWICE" already exists');
    expect(again.body.errors).toEqual([
      { field: 'roleCode', keyword: 'unique', params: { fields: ['roleCode'] }, message: 'already exists' },
    ]);
  });

  it('carry "passwordPolicy" with the rule a password of a record breaks', async () => {
    const orgId = (await admin.get<Envelope<PageData<Rec>>>('/api/admin/sysorg/querySysOrg', { pageSize: 1 })).body.data!.list[0]!.id;
    const user = {
      username: 'weak.password',
      nickname: 'x',
      email: 'weak.password@demo.example.com',
      prefix: '+86',
      mobile: '13900000092',
      orgId,
      status: 1,
    };
    const common = await admin.post<Envelope>('/api/admin/sysuser/addSysUser', { ...user, password: 'Password123' });
    expect(common.status).toBe(400);
    expect(common.body.message).toBe('The password is too common; choose another');
    expect(common.body.errors).toEqual([
      { field: 'password', keyword: 'passwordPolicy', params: { rule: 'common' }, message: 'The password is too common; choose another' },
    ]);
    const named = await admin.post<Envelope>('/api/admin/sysuser/addSysUser', { ...user, password: 'Weak.Password' });
    expect(named.body.errors).toEqual([
      { field: 'password', keyword: 'passwordPolicy', params: { rule: 'username' }, message: 'The password cannot be the username' },
    ]);
  });

  it('carry "reference" with the missing value, and "cycle" for a tree parent below the record', async () => {
    const res = await admin.post<Envelope>('/api/admin/sysuser/addSysUser', {
      username: 'field.errors',
      nickname: 'x',
      password: 'Field@2026',
      email: 'field.errors@demo.example.com',
      prefix: '+86',
      mobile: '13900000091',
      orgId: 999999,
      status: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('orgId no SysOrg with id 999999');
    expect(res.body.errors).toEqual([
      {
        field: 'orgId',
        keyword: 'reference',
        params: { resource: 'SysOrg', valueField: 'id', values: [999999] },
        message: 'no SysOrg with id 999999',
      },
    ]);

    const orgs = (await admin.get<Envelope<PageData<Rec>>>('/api/admin/sysorg/querySysOrg', { pageSize: 100 })).body.data!.list;
    const child = orgs.find((o) => orgs.some((p) => p.id === o.orgParent))!;
    const parent = orgs.find((p) => p.id === child.orgParent)!;
    const loop = await admin.put<Envelope>('/api/admin/sysorg/updateSysOrg', { id: parent.id, orgParent: child.id });
    expect(loop.status).toBe(400);
    expect(loop.body.message).toBe('orgParent cannot be the record itself or one of its descendants');
    expect(loop.body.errors).toEqual([
      { field: 'orgParent', keyword: 'cycle', params: {}, message: 'cannot be the record itself or one of its descendants' },
    ]);
  });
});
