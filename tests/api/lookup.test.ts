/**
 * The generic look-up calls through the real server: lookup.options, lookup.byField and
 * lookup.dict, as the system resources declare them (role options) and as a resource file
 * declares them with no server code (a Gadget resource added to a copy of schemas/). Each has
 * a happy path, a refused bad input, tenant isolation (acme's records never show in demo), and
 * the data permissions of the caller's roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, schemasWith, signIn, startTestServer, type Envelope, type Params, type TestServer } from './harness.ts';

type Client = ReturnType<typeof client>;
type Rec = Record<string, unknown>;

const BASE = '/api/material/gadget';

const gadget = {
  $schema: '../resource.schema.json',
  name: 'Gadget',
  service: 'material',
  path: 'gadget',
  kind: 'entity',
  menu: 'gadget',
  labels: {
    title: 'resources.Gadget.title',
    fields: Object.fromEntries(['gadgetCode', 'gadgetName', 'kind', 'size', 'active'].map((f) => [f, `resources.Gadget.fields.${f}`])),
  },
  record: {
    type: 'object',
    additionalProperties: false,
    required: ['gadgetCode', 'gadgetName'],
    properties: {
      gadgetCode: { type: 'string', pattern: '^[A-Z0-9-]+$', maxLength: 20 },
      gadgetName: { type: 'string', minLength: 1, maxLength: 100 },
      kind: { type: 'string', 'x-dict': 'gadget_kind' },
      size: { type: 'integer' },
      active: { type: 'boolean' },
    },
  },
  list: { search: { basic: ['gadgetName'] } },
  calls: [
    {
      name: 'queryGadgetOptions',
      method: 'GET',
      handler: 'lookup.options',
      options: { valueField: 'gadgetCode', labelField: 'gadgetName' },
    },
    {
      name: 'queryGadgetByKind',
      method: 'GET',
      handler: 'lookup.byField',
      options: { field: 'kind' },
      query: { type: 'object', properties: { kind: { type: 'string' } } },
    },
    {
      name: 'queryGadgetBySize',
      method: 'GET',
      handler: 'lookup.byField',
      options: { field: 'size' },
      query: { type: 'object', properties: { size: { type: 'string' } } },
    },
    { name: 'queryActiveGadgets', method: 'GET', handler: 'lookup.byField', options: { field: 'active', value: true } },
    { name: 'queryGadgetKind', method: 'GET', handler: 'lookup.dict', options: { dictType: 'gadget_kind' } },
    {
      name: 'queryGadgetDict',
      method: 'GET',
      handler: 'lookup.dict',
      query: { type: 'object', properties: { dictType: { type: 'string' } } },
    },
  ],
};

const labels: Record<string, { resource: Rec; dict: Rec }> = {
  en: {
    resource: { title: 'Gadgets', fields: { gadgetCode: 'Code', gadgetName: 'Name', kind: 'Kind', size: 'Size', active: 'Active' } },
    dict: { small: 'Small', big: 'Big' },
  },
  zh: {
    resource: { title: '小工具', fields: { gadgetCode: '编码', gadgetName: '名称', kind: '种类', size: '尺寸', active: '启用' } },
    dict: { small: '小', big: '大' },
  },
  tw: {
    resource: { title: '小工具', fields: { gadgetCode: '編碼', gadgetName: '名稱', kind: '種類', size: '尺寸', active: '啟用' } },
    dict: { small: '小', big: '大' },
  },
};

let schemas: ReturnType<typeof schemasWith> | undefined;
let server: TestServer;
let admin: Client;
let acme: Client;
let editor: Client;

/** The URL of a call served by a handler (resource files decide it). */
function urlFor(handler: string): { method: string; url: string } {
  const call = server.services.registry.calls.find((c) => c.handler === handler);
  if (!call) throw new Error(`No call is served by ${handler}`);
  return call;
}

async function get<T>(c: Client, path: string, params?: Params) {
  return c.get<Envelope<T>>(path, params);
}

async function data<T>(c: Client, path: string, params?: Params): Promise<T> {
  const res = await get<T>(c, path, params);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data as T;
}

async function hideFields(menuCode: string, fields: string | null) {
  const call = urlFor('grant.menuDataToRole');
  const res = await admin.call<Envelope>(call.method, call.url, {
    body: { menuCode, data: fields ? [{ roleCode: 'ROLE_EDITOR', dataFields: fields }] : [] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  schemas = schemasWith({
    resources: { 'gadget.json': gadget },
    messages: Object.fromEntries(
      Object.entries(labels).map(([locale, l]) => [locale, { resources: { Gadget: l.resource }, dict: { gadget_kind: l.dict } }]),
    ),
  });
  server = await startTestServer({ schemasDir: schemas.schemasDir });
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
  acme = client(server.url, await signIn(server.url, 'acme', 'admin'));
  editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
  const gadgets = [
    { gadgetCode: 'G-1', gadgetName: 'beta', kind: 'small', size: 3, active: true },
    { gadgetCode: 'G-2', gadgetName: 'Alpha', kind: 'big', size: 10, active: false },
    { gadgetCode: 'G-3', gadgetName: 'gamma 10', kind: 'big', size: 10, active: true },
    { gadgetCode: 'G-4', gadgetName: 'gamma 9', kind: 'small', size: 2, active: true },
  ];
  for (const g of gadgets) expect((await admin.post(`${BASE}/addGadget`, g)).status).toBe(200);
  expect(
    (await acme.post(`${BASE}/addGadget`, { gadgetCode: 'A-1', gadgetName: 'aaa acme', kind: 'big', size: 10, active: true })).status,
  ).toBe(200);
  // a menu for the gadget screen, so that data permissions can be set on it
  const menu = await admin.post<Envelope>('/api/admin/sysmenu/addSysMenu', {
    menuCode: 'gadget',
    menuName: 'Gadgets',
    menuPath: '/gadget',
    menuParent: '0',
    menuStatus: 1,
    menuHidden: 0,
    menuSequence: 999,
  });
  expect(menu.status, JSON.stringify(menu.body)).toBe(200);
});

afterAll(async () => {
  await server?.stop();
  schemas?.remove();
});

describe('lookup.options', () => {
  it('gives the roles as options sorted by label, and each tenant its own', async () => {
    const added = await acme.post<Envelope>('/api/admin/sysrole/addSysRole', { roleCode: 'ROLE_ACME_QA', roleName: 'Aardvark checks' });
    expect(added.status).toBe(200);
    const roles = await data<Rec[]>(admin, '/api/admin/sysrole/queryRoleNameCheckbox');
    expect(roles.map((o) => o.label)).toEqual(['Administrator', 'Editor', 'Visitor']);
    expect(roles.every((o) => typeof o.value === 'number')).toBe(true);
    const codes = await data<Rec[]>(admin, '/api/admin/sysrole/queryRoleCode');
    expect(codes).toEqual([
      { label: 'Administrator', value: 'ROLE_ADMIN' },
      { label: 'Editor', value: 'ROLE_EDITOR' },
      { label: 'Visitor', value: 'ROLE_VISITOR' },
    ]);
    const acmeCodes = await data<Rec[]>(acme, '/api/admin/sysrole/queryRoleCode');
    expect(acmeCodes[0]).toEqual({ label: 'Aardvark checks', value: 'ROLE_ACME_QA' });
  });

  it("gives a declared resource's records as {label, value} in label order", async () => {
    expect(await data<Rec[]>(admin, `${BASE}/queryGadgetOptions`)).toEqual([
      { label: 'Alpha', value: 'G-2' },
      { label: 'beta', value: 'G-1' },
      { label: 'gamma 9', value: 'G-4' },
      { label: 'gamma 10', value: 'G-3' },
    ]);
    expect(await data<Rec[]>(acme, `${BASE}/queryGadgetOptions`)).toEqual([{ label: 'aaa acme', value: 'A-1' }]);
  });

  it('refuses unknown parameters', async () => {
    const res = await get(admin, `${BASE}/queryGadgetOptions`, { tenantCode: 'acme' });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(400);
  });

  it("follows the caller's data permissions", async () => {
    await hideFields('gadget', 'gadgetName');
    const options = await data<Rec[]>(editor, `${BASE}/queryGadgetOptions`);
    expect(options.map((o) => o.label)).toEqual(['G-1', 'G-2', 'G-3', 'G-4']);
    expect(options.every((o) => o.label === o.value)).toBe(true);
    await hideFields('gadget', 'gadgetCode');
    expect((await get(editor, `${BASE}/queryGadgetOptions`)).status).toBe(403);
    await hideFields('gadget', null);
    expect((await data<Rec[]>(editor, `${BASE}/queryGadgetOptions`))[0]).toEqual({ label: 'Alpha', value: 'G-2' });
  });
});

describe('lookup.byField', () => {
  const codes = (records: Rec[]) => records.map((r) => r.gadgetCode);

  it('gives the records whose field equals the query parameter, as list records', async () => {
    const big = await data<Rec[]>(admin, `${BASE}/queryGadgetByKind`, { kind: 'big' });
    expect(codes(big)).toEqual(['G-2', 'G-3']);
    expect(big[0]).toMatchObject({ id: expect.any(Number), gadgetCode: 'G-2', gadgetName: 'Alpha', kind: 'big', size: 10, active: false });
    expect(codes(await data<Rec[]>(admin, `${BASE}/queryGadgetBySize`, { size: '10' }))).toEqual(['G-2', 'G-3']);
    expect(await data<Rec[]>(admin, `${BASE}/queryGadgetByKind`, { kind: 'none' })).toEqual([]);
  });

  it('gives the records of a fixed value', async () => {
    expect(codes(await data<Rec[]>(admin, `${BASE}/queryActiveGadgets`))).toEqual(['G-1', 'G-3', 'G-4']);
  });

  it('refuses a missing or malformed value', async () => {
    const missing = await get(admin, `${BASE}/queryGadgetByKind`);
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.map((e) => e.field)).toEqual(['kind']);
    const malformed = await get(admin, `${BASE}/queryGadgetBySize`, { size: 'ten' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors?.map((e) => e.field)).toEqual(['size']);
    expect((await get(admin, `${BASE}/queryActiveGadgets`, { active: 'false' })).status).toBe(400);
  });

  it('shows each tenant its own records', async () => {
    expect(codes(await data<Rec[]>(acme, `${BASE}/queryGadgetByKind`, { kind: 'big' }))).toEqual(['A-1']);
    expect(codes(await data<Rec[]>(acme, `${BASE}/queryActiveGadgets`))).toEqual(['A-1']);
  });

  it('strips fields hidden from the caller, and will not match on them', async () => {
    await hideFields('gadget', 'size');
    const big = await data<Rec[]>(editor, `${BASE}/queryGadgetByKind`, { kind: 'big' });
    expect(codes(big)).toEqual(['G-2', 'G-3']);
    for (const g of big) expect(g).not.toHaveProperty('size');
    expect((await get(editor, `${BASE}/queryGadgetBySize`, { size: '10' })).status).toBe(403);
    await hideFields('gadget', null);
    expect(codes(await data<Rec[]>(editor, `${BASE}/queryGadgetBySize`, { size: '10' }))).toEqual(['G-2', 'G-3']);
  });
});

describe('lookup.dict', () => {
  it("gives the entries of a dictionary type in sequence order, in the caller's language", async () => {
    expect(await data<Rec[]>(admin, `${BASE}/queryGadgetKind`)).toEqual([
      { label: 'Small', value: 'small' },
      { label: 'Big', value: 'big' },
    ]);
    const seeded = await data<Rec[]>(admin, `${BASE}/queryGadgetKind`);
    const added = await admin.post<Envelope>('/api/admin/sysdict/addSysDict', {
      dictType: 'gadget_kind',
      dictName: 'Medium',
      dictValue: 'medium',
      dictParent: 0,
      dictSequence: 15,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await data<Rec[]>(admin, `${BASE}/queryGadgetKind`)).map((o) => o.value)).toEqual(['small', 'medium', 'big']);
    expect(seeded).toHaveLength(2);
    const zh = client(server.url, await signIn(server.url, 'demo', 'admin'), { 'x-language': 'zh' });
    expect((await data<Rec[]>(zh, `${BASE}/queryGadgetKind`)).map((o) => o.label)).toEqual(['小', 'Medium', '大']);
    expect(await data<Rec[]>(admin, `${BASE}/queryGadgetDict`, { dictType: 'gadget_kind' })).toEqual(
      await data<Rec[]>(admin, `${BASE}/queryGadgetKind`),
    );
  });

  it('keeps a name the tenant changed', async () => {
    const rows = await data<{ list: Rec[] }>(admin, '/api/admin/sysdict/querySysDict', { dictType: 'gadget_kind', pageSize: 100 });
    const big = rows.list.find((r) => r.dictValue === 'big')!;
    expect((await admin.put<Envelope>('/api/admin/sysdict/updateSysDict', { id: big.id, dictName: 'Large' })).status).toBe(200);
    const zh = client(server.url, await signIn(server.url, 'demo', 'admin'), { 'x-language': 'zh' });
    expect((await data<Rec[]>(zh, `${BASE}/queryGadgetKind`)).map((o) => o.label)).toEqual(['小', 'Medium', 'Large']);
  });

  it('refuses a missing dictionary type', async () => {
    const res = await get(admin, `${BASE}/queryGadgetDict`);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toEqual(['dictType']);
    expect(await data<Rec[]>(admin, `${BASE}/queryGadgetDict`, { dictType: 'no_such_type' })).toEqual([]);
  });

  it('shows each tenant its own entries', async () => {
    expect(
      (
        await acme.post('/api/admin/sysdict/addSysDict', {
          dictType: 'gadget_kind',
          dictName: 'Huge',
          dictValue: 'huge',
          dictParent: 0,
          dictSequence: 30,
        })
      ).status,
    ).toBe(200);
    expect((await data<Rec[]>(acme, `${BASE}/queryGadgetKind`)).map((o) => o.value)).toEqual(['small', 'big', 'huge']);
    expect((await data<Rec[]>(admin, `${BASE}/queryGadgetKind`)).map((o) => o.value)).toEqual(['small', 'medium', 'big']);
  });
});
