/**
 * `format: date` fields: a supplier resource file (a unique code, an enum, a relation, a
 * contract start and end as days) added to a copy of schemas/. Days travel as yyyy-mm-dd, are
 * stored as days (text in SQLite, a date column in PostgreSQL), ordered by x-notBefore, found by
 * range, exported as date cells and as yyyy-mm-dd text, and imported from date cells or text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import pg from 'pg';
import {
  client,
  docxXml,
  schemasWith,
  pdfPages,
  readWorkbook,
  signIn,
  startTestServer,
  type Envelope,
  type PageData,
  type TestServer,
} from './harness.ts';

const BASE = '/api/material/contractsupplier';

const supplier = {
  $schema: '../resource.schema.json',
  name: 'ContractSupplier',
  service: 'material',
  path: 'contractsupplier',
  kind: 'entity',
  menu: 'contractsupplier',
  labels: {
    title: 'resources.ContractSupplier.title',
    fields: {
      supplierCode: 'resources.ContractSupplier.fields.supplierCode',
      supplierName: 'resources.ContractSupplier.fields.supplierName',
      grade: 'resources.ContractSupplier.fields.grade',
      orgId: 'resources.ContractSupplier.fields.orgId',
      contractStart: 'resources.ContractSupplier.fields.contractStart',
      contractEnd: 'resources.ContractSupplier.fields.contractEnd',
      reviewedAt: 'resources.ContractSupplier.fields.reviewedAt',
    },
  },
  record: {
    type: 'object',
    additionalProperties: false,
    required: ['supplierCode', 'supplierName', 'contractStart'],
    properties: {
      supplierCode: { type: 'string', pattern: '^[A-Z]{2}[0-9]{3}$' },
      supplierName: { type: 'string', minLength: 2, maxLength: 100 },
      grade: { type: 'string', enum: ['A', 'B', 'C'] },
      orgId: { type: 'integer', minimum: 1 },
      contractStart: { type: 'string', format: 'date' },
      contractEnd: { type: 'string', format: 'date', 'x-notBefore': 'contractStart' },
      // a time checked against a day: not before the start's day
      reviewedAt: { type: 'string', format: 'date-time', 'x-notBefore': 'contractStart' },
    },
  },
  list: {
    columns: [
      { field: 'supplierCode', sortable: true },
      { field: 'supplierName' },
      { field: 'grade' },
      { field: 'orgId' },
      { field: 'contractStart', sortable: true },
      { field: 'contractEnd' },
    ],
    search: { basic: ['supplierName', 'contractStart'], advanced: ['contractEnd'] },
    defaultSort: 'contractStart_ascend',
  },
  actions: [
    { name: 'query', permission: 'contractsupplier:query' },
    { name: 'add', permission: 'contractsupplier:add' },
    { name: 'update', permission: 'contractsupplier:update' },
    // editors may delete these records too (without it, they are not granted a delete)
    { name: 'delete', permission: 'contractsupplier:delete', grantEditor: true },
    { name: 'export', permission: 'contractsupplier:export' },
    { name: 'import', permission: 'contractsupplier:import' },
  ],
  calls: [
    {
      name: 'queryContractSupplierByStart',
      method: 'GET',
      handler: 'lookup.byField',
      options: { field: 'contractStart' },
      query: { type: 'object', properties: { contractStart: { type: 'string' } } },
    },
  ],
  relations: { orgId: { resource: 'SysOrg', valueField: 'id', labelField: 'orgName', as: 'orgName' } },
  storage: { unique: [['supplierCode']] },
};

const labels: Record<string, Record<string, string>> = {
  en: {
    title: 'Contract suppliers',
    supplierCode: 'Code',
    supplierName: 'Name',
    grade: 'Grade',
    orgId: 'Department',
    contractStart: 'Contract start',
    contractEnd: 'Contract end',
    reviewedAt: 'Reviewed',
  },
  zh: {
    title: '合同供应商',
    supplierCode: '编码',
    supplierName: '名称',
    grade: '等级',
    orgId: '部门',
    contractStart: '合同开始',
    contractEnd: '合同结束',
    reviewedAt: '审核时间',
  },
  tw: {
    title: '合同供應商',
    supplierCode: '編碼',
    supplierName: '名稱',
    grade: '等級',
    orgId: '部門',
    contractStart: '合同開始',
    contractEnd: '合同結束',
    reviewedAt: '審核時間',
  },
};

interface Supplier {
  id: number;
  supplierCode: string;
  contractStart: string;
  contractEnd: string | null;
  orgName?: string;
}

let schemas: ReturnType<typeof schemasWith> | undefined;
let server: TestServer;
let admin: ReturnType<typeof client>;
let orgId: number;

beforeAll(async () => {
  schemas = schemasWith({
    resources: { 'contract-supplier.json': supplier },
    messages: Object.fromEntries(
      Object.entries(labels).map(([locale, { title, ...fields }]) => [
        locale,
        { resources: { ContractSupplier: { title, fields } }, route: { contractsupplier: title } },
      ]),
    ),
    menu: [
      {
        parent: 'admin',
        entry: {
          code: 'contractsupplier',
          path: '/contractsupplier',
          name: 'ContractSupplier',
          component: 'resource',
          resource: 'ContractSupplier',
          title: 'route.contractsupplier',
        },
      },
    ],
  });
  server = await startTestServer({ schemasDir: schemas.schemasDir });
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'), { 'X-Language': 'en' });
  const orgs = await admin.get<Envelope<PageData<{ id: number; orgName: string }>>>('/api/admin/sysorg/querySysOrg', {
    orgName: 'Supply Department',
  });
  orgId = orgs.body.data!.list[0]!.id;
});

afterAll(async () => {
  await server?.stop();
  schemas?.remove();
});

const add = (body: Record<string, unknown>) => admin.post<Envelope<Supplier>>(`${BASE}/addContractSupplier`, body);
const list = async (params: Record<string, string>) =>
  (await admin.get<Envelope<PageData<Supplier>>>(`${BASE}/queryContractSupplier`, params)).body;
const codes = async (params: Record<string, string>) => (await list(params)).data!.list.map((r) => r.supplierCode);

describe('format: date fields', () => {
  it('are added, stored and answered as yyyy-mm-dd, and a malformed or impossible day is refused', async () => {
    const res = await add({
      supplierCode: 'DA001',
      supplierName: 'Steel Works',
      grade: 'A',
      orgId,
      contractStart: '2026-04-10',
      contractEnd: '2026-12-31',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ contractStart: '2026-04-10', contractEnd: '2026-12-31', orgName: 'Supply Department' });
    const read = await list({ supplierCode: 'DA001' });
    expect(read.data!.list[0]).toMatchObject({ contractStart: '2026-04-10', contractEnd: '2026-12-31' });
    for (const contractStart of ['2026-04-10 00:00:00', '2026-04-10T00:00:00.000Z', '2026-02-30', '10/04/2026']) {
      const bad = await add({ supplierCode: 'DA009', supplierName: 'Bad Day', contractStart });
      expect(bad.status, contractStart).toBe(400);
      expect(
        bad.body.errors!.map((e) => e.field),
        contractStart,
      ).toEqual(['contractStart']);
    }
    if (server.databaseUrl) {
      // PostgreSQL keeps a day in a date column
      const c = new pg.Client({ connectionString: server.databaseUrl });
      await c.connect();
      try {
        const cols = await c.query<{ data_type: string }>(
          `select data_type from information_schema.columns where table_name = 'contract_supplier' and column_name = 'contract_start'`,
        );
        expect(cols.rows[0]!.data_type).toBe('date');
      } finally {
        await c.end();
      }
    }
  });

  it('answer 400 with the x-notBefore error when the end is before the start, on add and update', async () => {
    const bad = await add({ supplierCode: 'DB001', supplierName: 'Late Start', contractStart: '2026-05-02', contractEnd: '2026-05-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      {
        field: 'contractEnd',
        keyword: 'x-notBefore',
        params: { otherField: 'contractStart' },
        message: expect.stringMatching(/before/) as unknown,
      },
    ]);
    const same = await add({ supplierCode: 'DB002', supplierName: 'One Day', contractStart: '2026-05-02', contractEnd: '2026-05-02' });
    expect(same.status).toBe(200);
    const upd = await admin.put<Envelope>(`${BASE}/updateContractSupplier`, { id: same.body.data!.id, contractEnd: '2026-04-30' });
    expect(upd.status).toBe(400);
    expect(upd.body.errors!.map((e) => e.field)).toEqual(['contractEnd']);
    const later = await admin.put<Envelope<Supplier>>(`${BASE}/updateContractSupplier`, {
      id: same.body.data!.id,
      contractEnd: '2027-01-15',
    });
    expect(later.status).toBe(200);
    expect(later.body.data!.contractEnd).toBe('2027-01-15');
  });

  it('order a date-time against a day by the day', async () => {
    const sameDay = await add({
      supplierCode: 'DC001',
      supplierName: 'Reviewed',
      contractStart: '2026-06-01',
      reviewedAt: '2026-06-01T00:00:00.000Z',
    });
    expect(sameDay.status, JSON.stringify(sameDay.body)).toBe(200);
    const before = await add({
      supplierCode: 'DC002',
      supplierName: 'Too Early',
      contractStart: '2026-06-01',
      reviewedAt: '2026-05-31T23:59:59.000Z',
    });
    expect(before.status).toBe(400);
    expect(before.body.errors!.map((e) => e.field)).toEqual(['reviewedAt']);
  });

  it('are found by range (a to-day included), sorted as days, and a bad day in a filter is refused', async () => {
    await add({ supplierCode: 'DD001', supplierName: 'Range One', contractStart: '2030-01-31' });
    await add({ supplierCode: 'DD002', supplierName: 'Range Two', contractStart: '2030-02-01' });
    await add({ supplierCode: 'DD003', supplierName: 'Range Three', contractStart: '2030-02-15', contractEnd: '2030-03-01' });
    expect(await codes({ contractStart: '2030-02-01,2030-02-15' })).toEqual(['DD002', 'DD003']);
    expect(await codes({ contractStart: '2030-01-01,2030-01-31' })).toEqual(['DD001']);
    expect(await codes({ contractStart: '2030-02-02,' })).toEqual(['DD003']);
    expect(await codes({ contractStart: '2030-01-31', sorter: 'contractStart_descend' })).toEqual(['DD001']);
    expect(await codes({ contractStart: '2030-01-01,2030-12-31', sorter: 'contractStart_descend' })).toEqual(['DD003', 'DD002', 'DD001']);
    expect(await codes({ contractEnd: ',2030-03-01', supplierName: 'Range' })).toEqual(['DD003']);
    const bad = await admin.get<Envelope>(`${BASE}/queryContractSupplier`, { contractStart: '2030-13-01,' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.map((e) => e.field)).toEqual(['contractStart']);
  });

  it('are exported as date cells with a date format, and as yyyy-mm-dd in Word and PDF', async () => {
    const body = { supplierName: 'Steel Works', columns: ['supplierCode', 'contractStart', 'contractEnd', 'reviewedAt'] };
    const xlsx = await admin.post(`${BASE}/exportContractSupplier`, body);
    const sheet = (await readWorkbook(xlsx.body)).worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Code', 'Contract start', 'Contract end', 'Reviewed']);
    const start = sheet.getRow(2).getCell(2);
    expect(start.type).toBe(ExcelJS.ValueType.Date);
    expect((start.value as Date).toISOString()).toBe('2026-04-10T00:00:00.000Z');
    expect(start.numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getRow(2).getCell(4).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    const word = await docxXml((await admin.post(`${BASE}/exportWordContractSupplier`, body)).body);
    expect(word).toContain('>2026-04-10<');
    expect(word).toContain('>2026-12-31<');
    expect(word).not.toContain('2026-04-10 00:00:00');
    const pdf = (await pdfPages((await admin.post(`${BASE}/exportPDFContractSupplier`, body)).body)).join(' ');
    expect(pdf).toContain('2026-04-10');
    expect(pdf).not.toContain('2026-04-10 00:00:00');
  });

  it('are imported from date cells and from yyyy-m-d text, and an export imports back', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Sheet1');
    sheet.addRow(['Code', 'Name', 'Grade', 'Department', 'Contract start', 'Contract end']);
    sheet.addRow(['DE001', 'Date Cells', 'B', 'Supply Department', new Date(Date.UTC(2026, 6, 1)), new Date(Date.UTC(2026, 11, 31))]);
    sheet.addRow(['DE002', 'Date Text', 'C', orgId, '2026-7-2', '2026-08-01']);
    sheet.getColumn(5).numFmt = 'yyyy-mm-dd';
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await admin.postFile<Envelope<{ imported: number }>>(`${BASE}/importContractSupplier`, file, 'suppliers.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data!.imported).toBe(2);
    const rows = (await list({ supplierName: 'Date ' })).data!.list;
    expect(rows.map((r) => [r.supplierCode, r.contractStart, r.contractEnd, r.orgName])).toEqual([
      ['DE001', '2026-07-01', '2026-12-31', 'Supply Department'],
      ['DE002', '2026-07-02', '2026-08-01', 'Supply Department'],
    ]);

    // what an export wrote (date cells) imports back, once the codes are changed
    const exported = await readWorkbook(
      (
        await admin.post(`${BASE}/exportContractSupplier`, {
          supplierName: 'Date ',
          columns: ['supplierCode', 'supplierName', 'contractStart', 'contractEnd'],
        })
      ).body,
    );
    const back = exported.worksheets[0]!;
    back.getRow(2).getCell(1).value = 'DF001';
    back.getRow(3).getCell(1).value = 'DF002';
    const again = await admin.postFile<Envelope<{ imported: number }>>(
      `${BASE}/importContractSupplier`,
      Buffer.from(await exported.xlsx.writeBuffer()),
      'again.xlsx',
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await list({ supplierCode: 'DF001' })).data!.list[0]).toMatchObject({ contractStart: '2026-07-01', contractEnd: '2026-12-31' });
  });

  it('refuse an import row whose end is before its start or whose day does not exist, naming the row', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Sheet1');
    sheet.addRow(['Code', 'Name', 'Contract start', 'Contract end']);
    sheet.addRow(['DG001', 'Good Row', '2026-09-01', '2026-09-30']);
    sheet.addRow(['DG002', 'Ends Early', '2026-09-01', '2026-08-31']);
    sheet.addRow(['DG003', 'No Such Day', '2026-02-30', '']);
    const res = await admin.postFile<Envelope>(`${BASE}/importContractSupplier`, Buffer.from(await wb.xlsx.writeBuffer()), 'bad.xlsx');
    expect(res.status).toBe(400);
    expect(res.body.errors!.map((e) => e.field)).toEqual(['row 3.contractEnd', 'row 4.contractStart']);
    expect(await codes({ supplierCode: 'DG001' })).toEqual([]);
  });

  it('are deleted by an editor when the delete action grants editors (grantEditor)', async () => {
    const editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
    const added = await editor.post<Envelope<Supplier>>(`${BASE}/addContractSupplier`, {
      supplierCode: 'DH001',
      supplierName: 'Short Lived',
      contractStart: '2026-10-01',
    });
    expect(added.status).toBe(200);
    expect(added.body.data!.contractStart).toBe('2026-10-01');
    expect((await editor.post(`${BASE}/deleteContractSupplier`, undefined, { id: added.body.data!.id })).status).toBe(200);
    expect(await codes({ supplierCode: 'DH001' })).toEqual([]);
  });

  it('are looked up by a day (lookup.byField)', async () => {
    await add({ supplierCode: 'DI001', supplierName: 'Looked Up', contractStart: '2031-03-03' });
    const found = await admin.get<Envelope<Supplier[]>>(`${BASE}/queryContractSupplierByStart`, { contractStart: '2031-03-03' });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data!.map((r) => r.supplierCode)).toEqual(['DI001']);
    const bad = await admin.get<Envelope>(`${BASE}/queryContractSupplierByStart`, { contractStart: '2031-03-03T00:00:00Z' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.map((e) => e.field)).toEqual(['contractStart']);
  });
});
