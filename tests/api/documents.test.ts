/**
 * Resource documents at run time: a form saved by the form generator is published as a live
 * resource (no restart, no table), served at its own URLs through the same access layer,
 * validation and exports as a file; granted to the roles the publisher chose; kept to its
 * tenant; bad documents refused at their JSON pointer with nothing stored; a changed schema
 * checked against the stored records; unpublish hides it and keeps the records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, readWorkbook, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';
import { VALID_SECRET, validRecord } from './validRecord.ts';
import { CONTRACTS, FORMS, contractDocument, publishContract, saveForm, type Client, type EditableDocument } from './documentFixture.ts';

let server: TestServer;
let admin: Client;
let editor: Client;
let visitor: Client;
let acme: Client;
let formId: number;

interface Authority {
  menu: { path: string; children?: Authority['menu'] }[];
  menuButton: string[];
}

function paths(menu: Authority['menu']): string[] {
  return menu.flatMap((m) => [m.path, ...paths(m.children ?? [])]);
}

async function publishedNames(api: Client): Promise<string[]> {
  const res = await api.get<Envelope<{ resources: { name: string }[]; messages: Record<string, unknown> }>>(
    `${FORMS}/queryPublishedResources`,
  );
  expect(res.status).toBe(200);
  return res.body.data!.resources.map((r) => r.name);
}

async function menuPaths(api: Client): Promise<string[]> {
  const res = await api.post<Authority>('/api/account/sysuserdetail/queryCurrentAuthority');
  return paths(res.body.menu);
}

async function formRecord(id: number): Promise<Record<string, unknown>> {
  const res = await admin.get<Envelope<PageData>>(`${FORMS}/queryGeneratorForm`, { pageSize: 100 });
  return res.body.data!.list.find((f) => f.id === id)!;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
  editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
  visitor = client(server.url, await signIn(server.url, 'demo', 'visitor'));
  acme = client(server.url, await signIn(server.url, 'acme', 'admin'));
  formId = await publishContract(admin, ['ROLE_EDITOR']);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('a published document', () => {
  it('is served at its own URLs with the same validation, relations and exports as a file', async () => {
    const bad = await editor.post<Envelope>(`${CONTRACTS}/addContract`, { contractCode: 'x', contractName: 'A', amount: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.map((e) => e.field).sort()).toEqual(['amount', 'contractCode', 'contractName']);
    const org = await admin.get<Envelope<PageData>>('/api/admin/sysorg/querySysOrg', { pageSize: 1 });
    const orgRow = org.body.data!.list[0]!;
    const add = await editor.post<Envelope<Record<string, unknown>>>(`${CONTRACTS}/addContract`, {
      contractCode: 'C001',
      contractName: 'Steel supply',
      amount: 1200.5,
      signed: true,
      signDate: '2026-03-01',
      orgId: orgRow.id,
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body.data).toMatchObject({
      contractCode: 'C001',
      contractName: 'Steel supply',
      amount: 1200.5,
      signed: true,
      signDate: '2026-03-01',
      orgId: orgRow.id,
      orgName: orgRow.orgName,
    });
    const dup = await editor.post<Envelope>(`${CONTRACTS}/addContract`, { contractCode: 'C001', contractName: 'Again' });
    expect(dup.status).toBe(409);
    const noOrg = await editor.post<Envelope>(`${CONTRACTS}/addContract`, { contractCode: 'C009', contractName: 'Nowhere', orgId: 999999 });
    expect(noOrg.status).toBe(400);
    const second = await editor.post<Envelope<{ id: number }>>(`${CONTRACTS}/addContract`, {
      contractCode: 'C002',
      contractName: 'Concrete',
      amount: 80,
    });
    expect(second.status).toBe(200);

    const found = await editor.get<Envelope<PageData>>(`${CONTRACTS}/queryContract`, { contractName: 'STEEL' });
    expect(found.body.data!.list.map((r) => r.contractCode)).toEqual(['C001']);
    const byAmount = await editor.get<Envelope<PageData>>(`${CONTRACTS}/queryContract`, { sorter: 'amount_ascend', amount: '50,2000' });
    expect(byAmount.body.data!.list.map((r) => r.contractCode)).toEqual(['C002', 'C001']);
    expect(byAmount.body.data!.pagination.total).toBe(2);
    const junk = await editor.get<Envelope>(`${CONTRACTS}/queryContract`, { sorter: 'nothing_ascend' });
    expect(junk.status).toBe(400);

    const upd = await editor.put<Envelope<Record<string, unknown>>>(`${CONTRACTS}/updateContract`, {
      id: second.body.data!.id,
      amount: 95,
      signed: false,
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.data).toMatchObject({ contractCode: 'C002', contractName: 'Concrete', amount: 95, signed: false });
    const badUpd = await editor.put<Envelope>(`${CONTRACTS}/updateContract`, { id: second.body.data!.id, amount: 'many' });
    expect(badUpd.status).toBe(400);

    const exp = await editor.post(`${CONTRACTS}/exportContract`, { sorter: 'contractCode_ascend' });
    expect(exp.status).toBe(200);
    const wb = await readWorkbook(exp.body);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Code');
    expect(sheet.getRow(2).getCell(1).value).toBe('C001');
    expect(sheet.getRow(3).getCell(1).value).toBe('C002');

    const del = await editor.post<Envelope>(`${CONTRACTS}/deleteContract`, undefined, { id: second.body.data!.id });
    expect(del.status).toBe(200);
    const after = await editor.get<Envelope<PageData>>(`${CONTRACTS}/queryContract`);
    expect(after.body.data!.list.map((r) => r.contractCode)).toEqual(['C001']);
  });

  it('is granted to the chosen roles only: menu, buttons, calls and metadata', async () => {
    expect(await menuPaths(editor)).toContain('/contract');
    const authority = await editor.post<Authority>('/api/account/sysuserdetail/queryCurrentAuthority');
    expect(authority.body.menuButton).toEqual(expect.arrayContaining(['contract:query', 'contract:add', 'contract:export']));
    expect(await publishedNames(editor)).toEqual(['Contract']);
    const meta = await editor.get<
      Envelope<{
        resources: { name: string; calls: { url: string }[] }[];
        messages: Record<string, { resources: Record<string, { title: string }> }>;
      }>
    >(`${FORMS}/queryPublishedResources`);
    expect(meta.body.data!.resources[0]!.calls.map((c) => c.url)).toContain(`${CONTRACTS}/queryContract`);
    expect(meta.body.data!.messages.zh!.resources.Contract!.title).toBe('合同');

    expect(await menuPaths(visitor)).not.toContain('/contract');
    expect(await publishedNames(visitor)).toEqual([]);
    for (const [method, path] of [
      ['GET', 'queryContract'],
      ['POST', 'addContract'],
      ['POST', 'exportContract'],
    ] as const) {
      const res = await visitor.call<Envelope>(
        method,
        `${CONTRACTS}/${path}`,
        method === 'POST' ? { body: { contractCode: 'C100', contractName: 'Visitor' } } : {},
      );
      expect(res.status, path).toBe(403);
    }
    const anonymous = await client(server.url).get(`${CONTRACTS}/queryContract`);
    expect(anonymous.status).toBe(404);
  });

  it('belongs to its tenant: another tenant has no such call and sees no metadata', async () => {
    for (const [method, path] of [
      ['GET', 'queryContract'],
      ['POST', 'addContract'],
      ['PUT', 'updateContract'],
      ['POST', 'deleteContract'],
      ['POST', 'exportContract'],
    ] as const) {
      const res = await acme.call<Envelope>(
        method,
        `${CONTRACTS}/${path}`,
        method === 'GET' ? {} : { body: { id: 1, contractCode: 'C500', contractName: 'Acme' } },
      );
      expect(res.status, path).toBe(404);
    }
    expect(await publishedNames(acme)).toEqual([]);
    expect(await menuPaths(acme)).not.toContain('/contract');
    // nor can it publish, unpublish or delete demo's form
    expect((await acme.post(`${FORMS}/publishGeneratorForm`, { id: formId })).status).toBe(404);
    expect((await acme.post(`${FORMS}/unpublishGeneratorForm`, { id: formId })).status).toBe(404);
    expect((await acme.post(`${FORMS}/deleteGeneratorForm`, undefined, { id: formId })).status).toBe(404);
    expect(await publishedNames(editor)).toEqual(['Contract']);
    // acme publishing its own Contract is another resource: demo's records stay demo's
    const acmeForm = await publishContract(acme, ['ROLE_ADMIN'], 'acme contracts');
    expect(acmeForm).toBeGreaterThan(0);
    const acmeList = await acme.get<Envelope<PageData>>(`${CONTRACTS}/queryContract`);
    expect(acmeList.status).toBe(200);
    expect(acmeList.body.data!.list).toEqual([]);
    const demoList = await admin.get<Envelope<PageData>>(`${CONTRACTS}/queryContract`);
    expect(demoList.body.data!.list.length).toBeGreaterThan(0);
    // acme's unique codes are its own
    expect((await acme.post<Envelope>(`${CONTRACTS}/addContract`, { contractCode: 'C001', contractName: 'Acme one' })).status).toBe(200);
  });
});

describe('the demo tenants', () => {
  it('start with a saved form whose document publishes cleanly', async () => {
    const forms = await admin.get<Envelope<PageData>>(`${FORMS}/queryGeneratorForm`, { formName: 'suppliers' });
    const seeded = forms.body.data!.list[0]!;
    expect(seeded).toMatchObject({ formName: 'suppliers', published: false });
    const check = await admin.post<Envelope<{ valid: boolean; errors: unknown[] }>>(`${FORMS}/validateGeneratorForm`, {
      formContent: seeded.formContent,
    });
    expect(check.body.data).toEqual({ valid: true, errors: [] });
    // a published form's own content is no clash when the form is named; unnamed, its name is taken
    const own = await admin.get<Envelope<PageData>>(`${FORMS}/queryGeneratorForm`, { formName: 'contracts' });
    const published = own.body.data!.list[0]!;
    const asItself = await admin.post<Envelope<{ valid: boolean }>>(`${FORMS}/validateGeneratorForm`, {
      formContent: published.formContent,
      id: published.id,
    });
    expect(asItself.body.data!.valid).toBe(true);
    const asAnother = await admin.post<Envelope<{ valid: boolean; errors: { field: string }[] }>>(`${FORMS}/validateGeneratorForm`, {
      formContent: published.formContent,
    });
    expect(asAnother.body.data!.errors.map((e) => e.field)).toContain('/resource/name');
  });
});

describe('bad documents', () => {
  async function refused(document: unknown, pointer: string, text: RegExp): Promise<void> {
    const before = await publishedNames(admin);
    const id = await saveForm(admin, `bad ${Math.random().toString(36).slice(2)}`, document);
    const res = await admin.post<Envelope>(`${FORMS}/publishGeneratorForm`, { id });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors!.map((e) => e.field)).toContain(pointer);
    expect(res.body.message).toMatch(text);
    // nothing stored half-way
    expect(await publishedNames(admin)).toEqual(before);
    expect((await formRecord(id)).published).toBe(false);
    const check = await admin.post<Envelope<{ valid: boolean; errors: { field: string }[] }>>(`${FORMS}/validateGeneratorForm`, {
      formContent: JSON.stringify(document),
    });
    expect(check.body.data!.valid).toBe(false);
    expect(check.body.data!.errors.map((e) => e.field)).toContain(pointer);
  }

  const renamed = (r: Record<string, unknown>) => {
    r.name = 'Agreement';
    r.path = 'agreement';
    r.menu = 'agreement';
  };

  it('refuses one that fails the meta-schema, at its pointer', () =>
    refused(
      contractDocument((r) => {
        renamed(r);
        r.kind = 'table';
      }),
      '/resource/kind',
      /kind/,
    ));

  it('refuses a field name that is not an identifier', () =>
    refused(
      contractDocument((r) => {
        renamed(r);
        r.record.properties['contract code'] = { type: 'string' };
      }),
      '/resource/record/properties',
      /contract code/,
    ));

  it('refuses the name or path of a file resource, and of another published document', async () => {
    await refused(
      contractDocument((r) => {
        r.name = 'SysUser';
        r.path = 'agreement';
        r.menu = 'agreement';
      }),
      '/resource/name',
      /SysUser/,
    );
    await refused(
      contractDocument((r) => {
        r.name = 'Agreement';
        r.service = 'admin';
        r.path = 'sysuser';
        r.menu = 'agreement';
      }),
      '/resource/path',
      /sysuser/,
    );
    await refused(contractDocument(), '/resource/name', /Contract/);
  });

  it('refuses a relation to a resource that is not there, and calls or handlers of its own', async () => {
    await refused(
      contractDocument((r) => {
        renamed(r);
        r.relations.orgId.resource = 'Nowhere';
      }),
      '/resource/relations/orgId/resource',
      /Nowhere/,
    );
    await refused(
      contractDocument((r) => {
        renamed(r);
        r.handlers = { delete: 'tenant.delete' };
      }),
      '/resource/handlers',
      /handlers/,
    );
  });

  it('refuses a relation to a resource the publisher cannot read', async () => {
    // a designer role: the saved forms' add and publish, nothing of the organisations
    const role = await admin.post<Envelope<{ id: number }>>('/api/admin/sysrole/addSysRole', {
      roleCode: 'ROLE_DESIGNER',
      roleName: 'Designer',
    });
    expect(role.status).toBe(200);
    const sample = (await admin.get<Envelope<PageData>>('/api/admin/sysuser/querySysUser', { username: 'admin' })).body.data!.list[0]!;
    const user = await admin.post<Envelope<{ id: number; username: string }>>('/api/admin/sysuser/addSysUser', {
      ...validRecord(server.services.registry.byName.get('SysUser')!, sample, '77'),
      mobile: '13700000077',
    });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    expect(
      (await admin.post('/api/admin/sysuser/authorizeRoleToUser', { userId: user.body.data!.id, roleId: [role.body.data!.id] })).status,
    ).toBe(200);
    const urls = await admin.get<Envelope<PageData>>('/api/admin/sysurl/querySysUrl', { pageSize: 1000 });
    const urlIds = urls.body
      .data!.list.filter((u) => [`${FORMS}/addGeneratorForm`, `${FORMS}/publishGeneratorForm`].includes(String(u.url)))
      .map((u) => Number(u.id));
    expect(urlIds).toHaveLength(2);
    expect((await admin.post('/api/admin/sysurl/authorizeUrlToRole', { roleId: role.body.data!.id, urlId: urlIds })).status).toBe(200);
    expect(
      (
        await admin.post('/api/admin/sysmenu/authorizeMenuButtonToRole', {
          roleCode: 'ROLE_DESIGNER',
          menuCode: 'generatorform',
          buttonCode: ['generatorform:add', 'generatorform:publish'],
        })
      ).status,
    ).toBe(200);
    const designer = client(server.url, await signIn(server.url, 'demo', user.body.data!.username, VALID_SECRET));
    const id = await saveForm(
      designer,
      'designer deals',
      contractDocument((r) => {
        r.name = 'Deal';
        r.path = 'deal';
        r.menu = 'deal';
      }),
      { roleCodes: ['ROLE_DESIGNER'] },
    );
    const res = await designer.post<Envelope>(`${FORMS}/publishGeneratorForm`, { id });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors).toContainEqual({
      field: '/resource/relations/orgId/resource',
      message: 'you cannot read the resource "SysOrg"',
    });
    expect(await publishedNames(admin)).not.toContain('Deal');
  });

  it('refuses text that is not JSON, and a 2 MB document', async () => {
    const id = await saveForm(admin, 'not json', { resource: {} });
    await admin.put(`${FORMS}/updateGeneratorForm`, { id, formContent: '{"resource": ' });
    const res = await admin.post<Envelope>(`${FORMS}/publishGeneratorForm`, { id });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not valid JSON/);
    const huge = JSON.stringify({ ...contractDocument(), padding: 'x'.repeat(2 * 1024 * 1024) });
    const big = await admin.post<Envelope>(`${FORMS}/addGeneratorForm`, { formName: 'huge', formDescription: 'huge', formContent: huge });
    expect([400, 413]).toContain(big.status);
    const check = await admin.post<Envelope>(`${FORMS}/validateGeneratorForm`, { formContent: huge });
    expect([400, 413]).toContain(check.status);
  });

  it('refuses a publish by a user without the publish button, and unknown roles', async () => {
    const id = await saveForm(admin, 'by editor', contractDocument(renamed), { roleCodes: ['ROLE_EDITOR'] });
    const byEditor = await editor.post<Envelope>(`${FORMS}/publishGeneratorForm`, { id });
    expect(byEditor.status).toBe(403);
    expect((await admin.put(`${FORMS}/updateGeneratorForm`, { id, publishRoles: 'ROLE_EDITOR,ROLE_NOBODY' })).status).toBe(200);
    const unknownRole = await admin.post<Envelope>(`${FORMS}/publishGeneratorForm`, { id });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.message).toMatch(/ROLE_NOBODY/);
    expect(unknownRole.body.errors!.map((e) => e.field)).toEqual(['publishRoles']);
    expect(await publishedNames(admin)).not.toContain('Agreement');
    expect((await formRecord(id)).published).toBe(false);
  });

  it('refuses to save publication settings that are not role codes or a menu of the tenant', async () => {
    const id = await saveForm(admin, 'settings', contractDocument(renamed));
    const notCodes = await admin.put<Envelope>(`${FORMS}/updateGeneratorForm`, { id, publishRoles: 'ROLE_EDITOR, editors' });
    expect(notCodes.status).toBe(400);
    expect(notCodes.body.errors!.map((e) => e.field)).toContain('publishRoles');
    const noMenu = await admin.put<Envelope>(`${FORMS}/updateGeneratorForm`, { id, publishParentMenu: 'nomenu' });
    expect(noMenu.status).toBe(400);
    expect(noMenu.body.errors!.map((e) => e.field)).toContain('publishParentMenu');
    const stored = await formRecord(id);
    expect(stored.publishRoles ?? null).toBeNull();
    expect(stored.publishParentMenu ?? null).toBeNull();
  });
});

describe('changing and unpublishing', () => {
  async function republish(change: (r: EditableDocument) => void): Promise<{ status: number; body: Envelope }> {
    await admin.put(`${FORMS}/updateGeneratorForm`, { id: formId, formContent: JSON.stringify(contractDocument(change)) });
    return admin.post<Envelope>(`${FORMS}/publishGeneratorForm`, { id: formId });
  }

  it('checks a new schema against the stored records like a migration', async () => {
    const removed = await republish((r) => {
      delete r.record.properties.amount;
      r.list.columns = r.list.columns.filter((c: { field: string }) => c.field !== 'amount');
      r.list.search.advanced = [{ field: 'contractCode', match: 'exact' }];
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(409);
    expect(removed.body.message).toMatch(/"amount".*cannot be removed/);
    const narrowed = await republish((r) => {
      r.record.properties.contractName.maxLength = 3;
    });
    expect(narrowed.status).toBe(409);
    expect(narrowed.body.errors!.map((e) => e.field)).toContain('/resource/record/properties/contractName');
    const retyped = await republish((r) => {
      r.record.properties.amount = { type: 'string' };
    });
    expect(retyped.status).toBe(409);
    // the refused changes changed nothing
    const still = await admin.post<Envelope>(`${CONTRACTS}/addContract`, {
      contractCode: 'C003',
      contractName: 'Still the old schema',
      amount: 1,
    });
    expect(still.status).toBe(200);
    const required = await republish((r) => {
      r.record.required.push('signDate');
    });
    expect(required.status).toBe(409);
    expect(required.body.message).toMatch(/1 stored record\(s\) have no value of "signDate"/);
    // a unique field set the stored records break
    const sameName = await admin.post<Envelope<{ id: number }>>(`${CONTRACTS}/addContract`, {
      contractCode: 'C005',
      contractName: 'Steel supply',
    });
    expect(sameName.status).toBe(200);
    const unique = await republish((r) => {
      r.storage.unique.push(['contractName']);
    });
    expect(unique.status, JSON.stringify(unique.body)).toBe(409);
    expect(unique.body.message).toMatch(/repeat values of a unique field set/);
    expect((await admin.post(`${CONTRACTS}/deleteContract`, undefined, { id: sameName.body.data!.id })).status).toBe(200);

    // a new optional field is served at once, the records kept
    const widened = await republish((r) => {
      r.record.properties.note = { type: 'string', maxLength: 200 };
      r.list.columns.push({ field: 'note' });
    });
    expect(widened.status, JSON.stringify(widened.body)).toBe(200);
    const withNote = await editor.post<Envelope<Record<string, unknown>>>(`${CONTRACTS}/addContract`, {
      contractCode: 'C004',
      contractName: 'With a note',
      note: 'new field',
    });
    expect(withNote.status, JSON.stringify(withNote.body)).toBe(200);
    expect(withNote.body.data!.note).toBe('new field');
    const list = await editor.get<Envelope<PageData>>(`${CONTRACTS}/queryContract`, { pageSize: 50 });
    expect(list.body.data!.list.map((r) => r.contractCode).sort()).toEqual(['C001', 'C003', 'C004']);
  });

  it('hides the calls and the menu on unpublish and keeps the records; a published form is not deleted', async () => {
    const del = await admin.post<Envelope>(`${FORMS}/deleteGeneratorForm`, undefined, { id: formId });
    expect(del.status).toBe(409);
    expect(del.body.message).toMatch(/unpublish it first/);
    const zh = await admin.call<Envelope>('POST', `${FORMS}/deleteGeneratorForm`, { params: { id: formId }, headers: { lang: 'zh' } });
    expect(zh.body.message).toMatch(/请先取消发布/);

    const off = await admin.post<Envelope>(`${FORMS}/unpublishGeneratorForm`, { id: formId });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await editor.get(`${CONTRACTS}/queryContract`)).status).toBe(404);
    expect(await menuPaths(editor)).not.toContain('/contract');
    expect(await publishedNames(editor)).toEqual([]);
    expect((await formRecord(formId)).published).toBe(false);
    const again = await admin.post<Envelope>(`${FORMS}/unpublishGeneratorForm`, { id: formId });
    expect(again.status).toBe(409);

    const on = await admin.post<Envelope>(`${FORMS}/publishGeneratorForm`, { id: formId });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const kept = await editor.get<Envelope<PageData>>(`${CONTRACTS}/queryContract`, { pageSize: 50 });
    expect(kept.body.data!.list.map((r) => r.contractCode).sort()).toEqual(['C001', 'C003', 'C004']);
    expect(await menuPaths(editor)).toContain('/contract');

    await admin.post(`${FORMS}/unpublishGeneratorForm`, { id: formId });
    const gone = await admin.post<Envelope>(`${FORMS}/deleteGeneratorForm`, undefined, { id: formId });
    expect(gone.status).toBe(200);
    // a new form published under the name takes the records over, checked against them as a migration is
    const withoutNote = await saveForm(admin, 'contracts again', contractDocument(), { roleCodes: ['ROLE_EDITOR'] });
    const refusedAdoption = await admin.post<Envelope>(`${FORMS}/publishGeneratorForm`, { id: withoutNote });
    expect(refusedAdoption.status).toBe(409);
    expect(refusedAdoption.body.message).toMatch(/"note": the field cannot be removed/);
    const withNote = await saveForm(
      admin,
      'contracts with notes',
      contractDocument((r) => {
        r.record.properties.note = { type: 'string', maxLength: 200 };
      }),
      { roleCodes: ['ROLE_EDITOR'] },
    );
    const adoption = await admin.post<Envelope>(`${FORMS}/publishGeneratorForm`, { id: withNote });
    expect(adoption.status, JSON.stringify(adoption.body)).toBe(200);
    const adopted = await editor.get<Envelope<PageData>>(`${CONTRACTS}/queryContract`, { pageSize: 50 });
    expect(adopted.body.data!.list.map((r) => r.contractCode).sort()).toEqual(['C001', 'C003', 'C004']);
  });
});

describe('a form published under a parent menu, with a conditional field', () => {
  it("goes under the form's parent menu; the add call requires a field shown only while another holds a value only then", async () => {
    const id = await saveForm(
      admin,
      'permits',
      contractDocument((r) => {
        r.name = 'Permit';
        r.path = 'permit';
        r.menu = 'permit';
        r.record.required.push('signDate');
        r.form = { ui: { signDate: { visibleWhen: { field: 'amount', equals: 3 } } } };
      }),
      { parentMenuCode: 'admin' },
    );
    const published = await admin.post<Envelope>(`${FORMS}/publishGeneratorForm`, { id });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const menu = (await admin.post<Authority>('/api/account/sysuserdetail/queryCurrentAuthority')).body.menu;
    expect(paths(menu.find((m) => m.path === '/admin')?.children ?? [])).toContain('/permit');
    const PERMITS = '/api/material/permit';
    const hidden = await admin.post<Envelope>(`${PERMITS}/addPermit`, { contractCode: 'C100', contractName: 'No date', amount: 4 });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    const shown = await admin.post<Envelope>(`${PERMITS}/addPermit`, { contractCode: 'C101', contractName: 'Needs a date', amount: 3 });
    expect(shown.status).toBe(400);
    expect(shown.body.errors!.map((e) => e.field)).toEqual(['signDate']);
    const given = await admin.post<Envelope>(`${PERMITS}/addPermit`, {
      contractCode: 'C101',
      contractName: 'Needs a date',
      amount: 3,
      signDate: '2026-01-05',
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect((await admin.post(`${FORMS}/unpublishGeneratorForm`, { id })).status).toBe(200);
  });
});
