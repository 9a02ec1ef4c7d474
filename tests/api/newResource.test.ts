/**
 * Adding a resource is adding a file: a copy of schemas/ gets a Supplier resource file and
 * its labels, the generator runs, the server starts on it, and the calls work. No TypeScript
 * is written for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { client, readWorkbook, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';

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

const labels: Record<string, Record<string, string>> = {
  en: { title: 'Suppliers', supplierCode: 'Code', supplierName: 'Name', contactEmail: 'Email', rating: 'Rating' },
  zh: { title: '供应商', supplierCode: '编码', supplierName: '名称', contactEmail: '邮箱', rating: '评级' },
  tw: { title: '供應商', supplierCode: '編碼', supplierName: '名稱', contactEmail: '郵箱', rating: '評級' },
};

let dir: string;
let server: TestServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'new-resource-'));
  cpSync('schemas', join(dir, 'schemas'), { recursive: true });
  writeFileSync(join(dir, 'schemas/resources/supplier.json'), JSON.stringify(supplier, null, 2));
  for (const locale of ['en', 'zh', 'tw']) {
    const file = join(dir, `schemas/locales/${locale}.json`);
    const messages = JSON.parse(readFileSync(file, 'utf8')) as { resources: Record<string, unknown> };
    const l = labels[locale]!;
    messages.resources.Supplier = {
      title: l.title,
      fields: { supplierCode: l.supplierCode, supplierName: l.supplierName, contactEmail: l.contactEmail, rating: l.rating },
    };
    writeFileSync(file, JSON.stringify(messages, null, 2));
  }
  server = await startTestServer({ schemasDir: join(dir, 'schemas') });
});

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a new resource file', () => {
  it('generates its types and client functions', () => {
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
  }, 120_000);

  it('gets working, validated calls', async () => {
    const admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
    const bad = await admin.post<Envelope>('/api/material/supplier/addSupplier', { supplierCode: 'x', supplierName: 'A', rating: 9 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.map((e) => e.field).sort()).toEqual(['rating', 'supplierCode', 'supplierName']);
    const add = await admin.post<Envelope<{ id: number }>>('/api/material/supplier/addSupplier', { supplierCode: 'ST001', supplierName: 'Steel Works', contactEmail: 'sales@steel.example.com', rating: 4 });
    expect(add.status).toBe(200);
    const dup = await admin.post<Envelope>('/api/material/supplier/addSupplier', { supplierCode: 'ST001', supplierName: 'Other' });
    expect(dup.status).toBe(409);
    const list = await admin.get<Envelope<PageData>>('/api/material/supplier/querySupplier', { supplierName: 'steel' });
    expect(list.body.data!.list).toHaveLength(1);
    // add answers the stored record, as the list shows it.
    expect(add.body.data).toEqual(list.body.data!.list[0]);
    const upd = await admin.put<Envelope<{ rating: number }>>('/api/material/supplier/updateSupplier', { id: add.body.data!.id, rating: 5 });
    expect(upd.body.data!.rating).toBe(5);
    expect(upd.body.data).toMatchObject({ id: add.body.data!.id, supplierCode: 'ST001', contactEmail: 'sales@steel.example.com' });
    // Optional values the record lacks come back as null.
    const bare = await admin.post<Envelope<Record<string, unknown>>>('/api/material/supplier/addSupplier', { supplierCode: 'BR003', supplierName: 'Bare' });
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
});
