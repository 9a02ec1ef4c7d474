/**
 * Adding a resource is adding a file: a copy of schemas/ gets a Supplier resource file, its
 * labels and a menu entry, the generator runs, the server starts on it, and the calls work. No
 * TypeScript is written for it. ROLE_EDITOR gets its page and every call and button but the
 * delete action's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { client, readWorkbook, schemasWith, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';

const supplier = {
  $schema: '../resource.schema.json',
  name: 'Supplier',
  service: 'material',
  path: 'supplier',
  kind: 'entity',
  menu: 'supplier',
  labels: {
    title: 'resources.Supplier.title',
    fields: {
      supplierCode: 'resources.Supplier.fields.supplierCode',
      supplierName: 'resources.Supplier.fields.supplierName',
      contactEmail: 'resources.Supplier.fields.contactEmail',
      rating: 'resources.Supplier.fields.rating',
    },
  },
  record: {
    type: 'object',
    additionalProperties: false,
    required: ['supplierCode', 'supplierName'],
    properties: {
      supplierCode: { type: 'string', pattern: '^[A-Z]{2}[0-9]{3}$' },
      supplierName: { type: 'string', minLength: 2, maxLength: 100 },
      contactEmail: { type: 'string', format: 'email' },
      rating: { type: 'integer', minimum: 1, maximum: 5 },
    },
  },
  list: {
    columns: [{ field: 'supplierCode', sortable: true }, { field: 'supplierName' }, { field: 'rating' }],
    search: { basic: ['supplierName'], advanced: [{ field: 'supplierCode', match: 'exact' }] },
  },
  actions: [
    { name: 'query', permission: 'supplier:query' },
    { name: 'add', permission: 'supplier:add' },
    { name: 'update', permission: 'supplier:update' },
    { name: 'delete', permission: 'supplier:delete' },
    { name: 'export', permission: 'supplier:export' },
  ],
  storage: { unique: [['supplierCode']] },
};

/** The menu entry of the page: a child of the system administration group. */
const menuEntry = {
  code: 'supplier',
  path: '/supplier',
  name: 'Supplier',
  component: 'resource',
  resource: 'Supplier',
  title: 'route.supplier',
  icon: 'table',
};

const labels: Record<string, Record<string, string>> = {
  en: { title: 'Suppliers', supplierCode: 'Code', supplierName: 'Name', contactEmail: 'Email', rating: 'Rating' },
  zh: { title: '供应商', supplierCode: '编码', supplierName: '名称', contactEmail: '邮箱', rating: '评级' },
  tw: { title: '供應商', supplierCode: '編碼', supplierName: '名稱', contactEmail: '郵箱', rating: '評級' },
};

let dir: string;
let schemas: ReturnType<typeof schemasWith> | undefined;
let server: TestServer;

beforeAll(async () => {
  schemas = schemasWith({
    resources: { 'supplier.json': supplier },
    messages: Object.fromEntries(
      Object.entries(labels).map(([locale, l]) => [
        locale,
        {
          route: { supplier: l.title },
          resources: {
            Supplier: {
              title: l.title,
              fields: { supplierCode: l.supplierCode, supplierName: l.supplierName, contactEmail: l.contactEmail, rating: l.rating },
            },
          },
        },
      ]),
    ),
    menu: [{ parent: 'admin', entry: menuEntry }],
  });
  // the generated files of the copy go beside it
  dir = dirname(schemas.schemasDir);
  server = await startTestServer({ schemasDir: schemas.schemasDir });
});

afterAll(async () => {
  await server?.stop();
  schemas?.remove();
});

describe('a new resource file', () => {
  it('generates its types and client functions', { timeout: 120_000 }, () => {
    const out = join(dir, 'generated');
    const r = spawnSync('npx', ['tsx', 'generators/cli.ts', '--schemas', join(dir, 'schemas'), '--out', out], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const types = readFileSync(join(out, 'types.ts'), 'utf8');
    const clientTs = readFileSync(join(out, 'client.ts'), 'utf8');
    expect(types).toMatch(/export interface Supplier\b/);
    expect(types).toMatch(/supplierCode: string/);
    // The server answers null for a value the record lacks, and add and update answer the record (below).
    expect(types).toMatch(/export interface Supplier \{[^}]*rating\?: number \| null;/);
    expect(clientTs).toMatch(/function addSupplier\([^)]*\): Promise<Envelope<Supplier>>/);
    expect(clientTs).toMatch(/function updateSupplier\([^)]*\): Promise<Envelope<Supplier>>/);
    for (const fn of ['querySupplier', 'addSupplier', 'updateSupplier', 'deleteSupplier', 'exportSupplier']) {
      expect(clientTs).toContain(`export async function ${fn}(`);
    }
    expect(clientTs).toContain('/api/material/supplier/querySupplier');
    // The generator is a child process that formats every file: slow on a busy machine.
  });

  it('gets working, validated calls', async () => {
    const admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
    const bad = await admin.post<Envelope>('/api/material/supplier/addSupplier', { supplierCode: 'x', supplierName: 'A', rating: 9 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.map((e) => e.field).sort()).toEqual(['rating', 'supplierCode', 'supplierName']);
    const add = await admin.post<Envelope<{ id: number }>>('/api/material/supplier/addSupplier', {
      supplierCode: 'ST001',
      supplierName: 'Steel Works',
      contactEmail: 'sales@steel.example.com',
      rating: 4,
    });
    expect(add.status).toBe(200);
    const dup = await admin.post<Envelope>('/api/material/supplier/addSupplier', { supplierCode: 'ST001', supplierName: 'Other' });
    expect(dup.status).toBe(409);
    const list = await admin.get<Envelope<PageData>>('/api/material/supplier/querySupplier', { supplierName: 'steel' });
    expect(list.body.data!.list).toHaveLength(1);
    // add answers the stored record, as the list shows it.
    expect(add.body.data).toEqual(list.body.data!.list[0]);
    const upd = await admin.put<Envelope<{ rating: number }>>('/api/material/supplier/updateSupplier', {
      id: add.body.data!.id,
      rating: 5,
    });
    expect(upd.body.data!.rating).toBe(5);
    expect(upd.body.data).toMatchObject({ id: add.body.data!.id, supplierCode: 'ST001', contactEmail: 'sales@steel.example.com' });
    // Optional values the record lacks come back as null.
    const bare = await admin.post<Envelope<Record<string, unknown>>>('/api/material/supplier/addSupplier', {
      supplierCode: 'BR003',
      supplierName: 'Bare',
    });
    expect(bare.body.data).toMatchObject({ supplierCode: 'BR003', contactEmail: null, rating: null });
    await admin.post('/api/material/supplier/deleteSupplier', undefined, { id: bare.body.data!.id as number });
    const exp = await admin.post('/api/material/supplier/exportSupplier', {});
    const wb = await readWorkbook(exp.body);
    expect(wb.worksheets[0]!.getRow(1).getCell(1).value).toBe('Code');
    expect(wb.worksheets[0]!.getRow(2).getCell(1).value).toBe('ST001');
    const del = await admin.post<Envelope>('/api/material/supplier/deleteSupplier', undefined, { id: add.body.data!.id });
    expect(del.status).toBe(200);
  });

  it('is isolated per tenant and needs a URL grant', async () => {
    const acme = client(server.url, await signIn(server.url, 'acme', 'admin'));
    const visitor = client(server.url, await signIn(server.url, 'demo', 'visitor'));
    const admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
    await admin.post('/api/material/supplier/addSupplier', { supplierCode: 'CC002', supplierName: 'Concrete Co' });
    const seen = await acme.get<Envelope<PageData>>('/api/material/supplier/querySupplier');
    expect(seen.body.data!.list).toHaveLength(0);
    expect((await visitor.get('/api/material/supplier/querySupplier')).status).toBe(403);
    const urls = await admin.get<Envelope<PageData>>('/api/admin/sysurl/querySysUrl', { url: '/api/material/supplier/querySupplier' });
    expect(urls.body.data!.list).toHaveLength(1);
  });

  it('gives ROLE_EDITOR its page and every call and button but the delete action', async () => {
    const admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
    const editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
    const held = await admin.get<Envelope<string[]>>('/api/admin/sysmenu/queryCheckedMenuButton', {
      menuCode: 'supplier',
      roleCode: 'ROLE_EDITOR',
    });
    expect([...held.body.data!].sort()).toEqual(['supplier:add', 'supplier:export', 'supplier:query', 'supplier:update']);
    const all = await admin.get<Envelope<string[]>>('/api/admin/sysmenu/queryCheckedMenuButton', {
      menuCode: 'supplier',
      roleCode: 'ROLE_ADMIN',
    });
    expect(all.body.data).toContain('supplier:delete');

    const add = await editor.post<Envelope<{ id: number }>>('/api/material/supplier/addSupplier', {
      supplierCode: 'ED003',
      supplierName: 'Editor Co',
    });
    expect(add.status).toBe(200);
    expect((await editor.put('/api/material/supplier/updateSupplier', { id: add.body.data!.id, rating: 3 })).status).toBe(200);
    expect((await editor.get('/api/material/supplier/querySupplier')).status).toBe(200);
    expect((await editor.post('/api/material/supplier/exportSupplier', {})).status).toBe(200);
    const del = await editor.post<Envelope>('/api/material/supplier/deleteSupplier', undefined, { id: add.body.data!.id });
    expect(del.status).toBe(403);
    expect(
      (await admin.get<Envelope<PageData>>('/api/material/supplier/querySupplier', { supplierCode: 'ED003' })).body.data!.list,
    ).toHaveLength(1);

    // the page is in the editor's menu, titled from route.supplier
    type Node = { name: string; path: string; meta?: { title?: string }; children?: Node[] };
    const authority = await editor.post<{ menu: Node[] }>('/api/account/sysuserdetail/queryCurrentAuthority', undefined, {
      username: 'editor',
    });
    const adminGroup = authority.body.menu.find((n) => n.name === 'admin')!;
    expect(adminGroup.children!.find((n) => n.name === 'supplier')).toMatchObject({ path: '/supplier', meta: { title: 'route.supplier' } });
  });
});
