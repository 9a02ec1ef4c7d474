/**
 * Exports that open and imports that hold: the spreadsheet, Word and PDF exports of a list
 * (labels in the caller's language, Chinese included, data-permission fields left out), and
 * the import of a filled-in template (every row checked as add checks it, all or nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { createRequire } from 'node:module';
import { getMessage, loadLocales, type Locale } from '../../schemas/registry/locales.ts';
import { loadRegistry } from '../../schemas/registry/loadRegistry.ts';
import { pdfFont } from '../../server-mock/crud/exportPdf.ts';
import {
  client,
  docxXml,
  pdfPages,
  readWorkbook,
  signIn,
  startTestServer,
  type Envelope,
  type PageData,
  type TestServer,
} from './harness.ts';

type Rec = Record<string, unknown>;
type Client = ReturnType<typeof client>;

/** fontkit (what pdfkit lays text out with) ships no types: the one function used here. */
const fontkit = createRequire(import.meta.url)('fontkit') as { create(data: Buffer): { hasGlyphForCodePoint(codePoint: number): boolean } };

const registry = loadRegistry('schemas');
const locales = loadLocales('schemas');
const USERS = '/api/admin/sysuser';
const PARAMS = '/api/admin/sysparam';

let server: TestServer;
let adminZh: Client;
let adminEn: Client;
let editor: Client;
let acme: Client;
let orgId: number;

/** A resource's field label in a locale. */
function fieldLabel(resource: string, field: string, locale: Locale): string {
  const r = registry.byName.get(resource)!;
  return getMessage(locales[locale], r.fieldMap.get(field)!.label)!;
}

function visibleColumns(resource: string): string[] {
  return registry.byName
    .get(resource)!
    .list.columns.filter((c) => !c.hidden)
    .map((c) => c.field);
}

/** The text of each <w:tc> of each <w:tr> of the first table. */
function docxTable(xml: string): string[][] {
  const table = /<w:tbl>[\s\S]*?<\/w:tbl>/.exec(xml)?.[0] ?? '';
  return [...table.matchAll(/<w:tr[ >][\s\S]*?<\/w:tr>/g)].map((tr) =>
    [...tr[0].matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map((tc) =>
      [...tc[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''),
    ),
  );
}

/** An .xlsx file: a header row, then the rows (null leaves a cell empty, undefined too). */
async function workbook(header: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('import');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row as ExcelJS.CellValue[]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function users(c: Client, params: Record<string, string> = {}): Promise<Rec[]> {
  const res = await c.get<Envelope<PageData>>(`${USERS}/querySysUser`, { pageSize: 10000, ...params });
  expect(res.status).toBe(200);
  return res.body.data!.list;
}

async function count(c: Client, base: string, name: string): Promise<number> {
  const res = await c.get<Envelope<PageData>>(`${base}/query${name}`, { pageSize: 10000 });
  return res.body.data!.list.length;
}

beforeAll(async () => {
  server = await startTestServer();
  const adminToken = await signIn(server.url, 'demo', 'admin');
  adminZh = client(server.url, adminToken, { 'x-language': 'zh' });
  adminEn = client(server.url, adminToken, { 'x-language': 'en' });
  editor = client(server.url, await signIn(server.url, 'demo', 'editor'), { 'x-language': 'zh' });
  acme = client(server.url, await signIn(server.url, 'acme', 'admin'), { 'x-language': 'en' });
  const orgs = await adminEn.get<Envelope<PageData>>('/api/admin/sysorg/querySysOrg', { orgName: 'Information Department' });
  orgId = Number(orgs.body.data!.list[0]!.id);
});

afterAll(async () => {
  await server?.stop();
});

describe('the spreadsheet export', () => {
  it("opens, with a header row of the visible columns in the caller's language and the records as shown", async () => {
    const res = await adminZh.post(`${USERS}/exportSysUser`, { username: 'admin' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toMatch(/SysUser-\d{4}-\d{2}-\d{2}\.xlsx/);
    const sheet = (await readWorkbook(res.body)).worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(visibleColumns('SysUser').map((f) => fieldLabel('SysUser', f, 'zh')));
    expect(header.join('')).toMatch(/[\u4e00-\u9fff]/);
    expect(sheet.rowCount).toBe(2);
    const row = Object.fromEntries(visibleColumns('SysUser').map((f, i) => [f, sheet.getRow(2).getCell(i + 1).value]));
    expect(row).toMatchObject({ username: 'admin', email: 'admin@demo.example.com', orgId: 'Information Department', status: '正常' });
    expect(row.createTime).toBeInstanceOf(Date);
    expect(sheet.getRow(2).getCell(visibleColumns('SysUser').indexOf('createTime') + 1).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
  });

  it("gives an empty template of the create form, labelled in the caller's language", async () => {
    const res = await adminEn.post(`${USERS}/exportSysUser`, { isTemplate: 1 });
    const sheet = (await readWorkbook(res.body)).worksheets[0]!;
    expect(sheet.rowCount).toBe(1);
    const create = registry.byName.get('SysUser')!.form.create;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(create.map((f) => fieldLabel('SysUser', f, 'en')));
  });
});

describe('the Word export', () => {
  it("is a docx whose table has the header labels and the records' values", async () => {
    const res = await adminZh.post(`${USERS}/exportWordSysUser`, {});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers.get('content-disposition')).toMatch(/SysUser-\d{4}-\d{2}-\d{2}\.docx/);
    const xml = await docxXml(res.body);
    expect(xml).toContain('<w:tbl>');
    expect(xml).toContain(getMessage(locales.zh, 'resources.SysUser.title'));
    const [header, ...rows] = docxTable(xml);
    expect(header).toEqual(visibleColumns('SysUser').map((f) => fieldLabel('SysUser', f, 'zh')));
    const admin = rows.find((r) => r[0] === 'admin');
    expect(admin).toEqual(expect.arrayContaining(['admin@demo.example.com', 'Information Department', '正常']));
    expect(admin!.find((v) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v))).toBeDefined();
    expect(rows).toHaveLength((await users(adminEn)).length);
    // seven columns: landscape; the header row repeats on every page
    expect(xml).toMatch(/<w:pgSz [^>]*w:orient="landscape"/);
    expect(xml).toMatch(/<w:tblHeader\/>|<w:tblHeader w:val="(true|1|on)"\/>/);
  });

  it('keeps a narrow table on portrait pages and applies the filters', async () => {
    const res = await adminEn.post(`${PARAMS}/exportWordSysParam`, { paramKey: 'list.pageSize' });
    const xml = await docxXml(res.body);
    expect(xml).not.toMatch(/w:orient="landscape"/);
    const [header, ...rows] = docxTable(xml);
    expect(header).toEqual(visibleColumns('SysParam').map((f) => fieldLabel('SysParam', f, 'en')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(expect.arrayContaining(['Default page size', 'list.pageSize', '10']));
  });

  it('refuses what the spreadsheet export refuses, and a template request', async () => {
    expect((await adminEn.post(`${USERS}/exportWordSysUser`, { columns: ['password'] })).status).toBe(400);
    expect((await adminEn.post(`${USERS}/exportWordSysUser`, { nope: 1 })).status).toBe(400);
    expect((await adminEn.post(`${USERS}/exportPDFSysUser`, { isTemplate: 1 })).status).toBe(400);
  });
});

describe('the PDF export', () => {
  it('is a PDF embedding the CJK font, whose text reads back in Chinese', async () => {
    const res = await adminZh.post(`${USERS}/exportPDFSysUser`, {});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const body = res.body as unknown as Buffer;
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = body.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC-Regular/);
    expect(raw).toContain('/FontFile2');
    expect(raw).toContain('/ToUnicode');
    const text = (await pdfPages(body)).join('\n');
    const labels = visibleColumns('SysUser').map((f) => fieldLabel('SysUser', f, 'zh'));
    for (const l of [getMessage(locales.zh, 'resources.SysUser.title')!, ...labels]) expect(text).toContain(l);
    expect(text).toContain('正常');
    expect(text).toContain('admin@demo.example.com');
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  });

  it('has a glyph for every character of the Chinese labels (no boxes)', () => {
    const font = fontkit.create(pdfFont());
    const missing = new Set<string>();
    for (const locale of ['zh', 'tw'] as const) {
      for (const ch of JSON.stringify(locales[locale])) if (!font.hasGlyphForCodePoint(ch.codePointAt(0)!)) missing.add(ch);
    }
    expect([...missing]).toEqual([]);
  });

  it('reads back in traditional Chinese for tw', async () => {
    const tw = client(server.url, await signIn(server.url, 'demo', 'admin'), { 'x-language': 'zh-TW' });
    const text = (await pdfPages((await tw.post(`${USERS}/exportPDFSysUser`, {})).body)).join('\n');
    for (const f of visibleColumns('SysUser')) expect(text).toContain(fieldLabel('SysUser', f, 'tw'));
  });

  it('breaks a long list over pages, repeating the header row on each', async () => {
    const total = await count(adminEn, '/api/admin/sysurl', 'SysUrl');
    const pages = await pdfPages((await adminZh.post('/api/admin/sysurl/exportPDFSysUrl', {})).body);
    expect(pages.length).toBeGreaterThan(1);
    const header = visibleColumns('SysUrl').map((f) => fieldLabel('SysUrl', f, 'zh'));
    pages.forEach((page, i) => {
      for (const l of header) expect(page, `page ${i + 1}`).toContain(l);
      expect(page).toContain(`${i + 1} / ${pages.length}`);
    });
    // one creation time per row
    expect(pages.join('\n').match(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/g)).toHaveLength(total);
  });
});

describe('text XML cannot hold', () => {
  it('is cleaned out of every export, so each still opens', async () => {
    const add = await adminEn.post<Envelope<Rec>>(`${PARAMS}/addSysParam`, {
      paramName: 'Bell\u0007 tab\t\u000bvertical',
      paramKey: 'odd.text',
      paramValue: 'form\u000cfeed',
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const xml = await docxXml((await adminEn.post(`${PARAMS}/exportWordSysParam`, { paramKey: 'odd.text' })).body);
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(docxTable(xml)[1]).toEqual(expect.arrayContaining(['Bell tab\tvertical', 'formfeed']));
    const sheet = (await readWorkbook((await adminEn.post(`${PARAMS}/exportSysParam`, { paramKey: 'odd.text' })).body)).worksheets[0]!;
    expect(sheet.getRow(2).getCell(1).value).toBe('Bell tab\tvertical');
    const text = (await pdfPages((await adminEn.post(`${PARAMS}/exportPDFSysParam`, { paramKey: 'odd.text' })).body)).join(' ');
    expect(text).toContain('odd.text');
  });
});

describe('large lists', () => {
  it('import thousands of rows at once; Word and PDF refuse more than 5,000 records, the spreadsheet does not', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => [`Bulk ${i}`, `bulk.${i}`, String(i)]);
    const res = await acme.postFile<Envelope<{ imported: number }>>(
      `${PARAMS}/importSysParam`,
      await workbook(['paramName', 'paramKey', 'paramValue'], rows),
    );
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.data).toEqual({ imported: 5000 });
    for (const verb of ['exportWord', 'exportPDF']) {
      const big = await acme.post<Envelope>(`${PARAMS}/${verb}SysParam`, {});
      expect(big.status, verb).toBe(400);
      expect(big.body.message).toMatch(/More than 5000 records/);
      expect((await acme.post(`${PARAMS}/${verb}SysParam`, { paramName: 'Bulk 1' })).status).toBe(200);
    }
    const sheet = (await readWorkbook((await acme.post(`${PARAMS}/exportSysParam`, {})).body)).worksheets[0]!;
    expect(sheet.rowCount).toBeGreaterThan(5001);
    // 5,000 rows imported and exported three times: on a loaded machine this takes longer than the default
  }, 120_000);
});

describe('data permissions in exports', () => {
  const columns = ['username', 'address', 'profile'];

  it("leave the editor's hidden fields out of all three exports", async () => {
    const hiddenLabels = ['address', 'profile'].map((f) => fieldLabel('SysUser', f, 'zh'));
    // the administrator sees them
    const full = await readWorkbook((await adminZh.post(`${USERS}/exportSysUser`, { columns })).body);
    expect((full.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(columns.map((f) => fieldLabel('SysUser', f, 'zh')));
    expect(JSON.stringify(full.worksheets[0]!.getSheetValues())).toContain('No. 1 Demo Road');

    for (const body of [{ columns }, {}]) {
      const xlsx = await readWorkbook((await editor.post(`${USERS}/exportSysUser`, body)).body);
      const header = (xlsx.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
      for (const l of hiddenLabels) expect(header).not.toContain(l);
      expect(header).toContain(fieldLabel('SysUser', 'username', 'zh'));
      expect(JSON.stringify(xlsx.worksheets[0]!.getSheetValues())).not.toMatch(/Demo Road|of the demo company/);

      const xml = await docxXml((await editor.post(`${USERS}/exportWordSysUser`, body)).body);
      for (const l of hiddenLabels) expect(docxTable(xml)[0]).not.toContain(l);
      expect(xml).not.toMatch(/Demo Road|of the demo company/);

      const text = (await pdfPages((await editor.post(`${USERS}/exportPDFSysUser`, body)).body)).join('\n');
      expect(text).toContain(fieldLabel('SysUser', 'username', 'zh'));
      for (const l of hiddenLabels) expect(text).not.toContain(l);
      expect(text).not.toMatch(/Demo Road|of the demo company/);
    }
    const template = await readWorkbook((await editor.post(`${USERS}/exportSysUser`, { isTemplate: 1 })).body);
    for (const l of hiddenLabels) expect((template.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).not.toContain(l);
  });
});

describe('spreadsheet formulas in exports', () => {
  const hostile = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-3+4', '@SUM(A1:A2)', '\tcmd', '\r=1+1', '\uFF1D1+1'];

  it('are written as text with a leading apostrophe, no cell a formula, and come back as typed on import', async () => {
    for (const [i, text] of [...hostile, 'plain - text'].entries()) {
      const add = await adminEn.post<Envelope<Rec>>(`${PARAMS}/addSysParam`, {
        paramName: text,
        paramKey: `formula.${i}`,
        paramValue: text,
      });
      expect(add.status, JSON.stringify(add.body)).toBe(200);
    }
    const res = await adminEn.post(`${PARAMS}/exportSysParam`, { columns: ['paramName', 'paramKey', 'paramValue'] });
    expect(res.status).toBe(200);
    // the sheet's own XML: no formula element anywhere
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(res.body as unknown as Buffer);
    expect(await zip.file('xl/worksheets/sheet1.xml')!.async('string')).not.toMatch(/<f[ >]/);
    const sheet = (await readWorkbook(res.body)).worksheets[0]!;
    const byKey = new Map<string, unknown[]>();
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula));
      byKey.set(String(row.getCell(2).value), [row.getCell(1).value, row.getCell(3).value]);
    });
    // (XML reads a carriage return back as a line feed)
    for (const [i, text] of hostile.entries())
      expect(byKey.get(`formula.${i}`)).toEqual([`'${text}`, `'${text}`].map((t) => t.replace(/\r/g, '\n')));
    expect(byKey.get(`formula.${hostile.length}`)).toEqual(['plain - text', 'plain - text']);

    // the export imported again: the apostrophe is dropped, the text is what was typed
    sheet.eachRow((row, n) => {
      if (n > 1) row.getCell(2).value = `again.${String(row.getCell(2).value)}`;
    });
    const again = await adminEn.postFile<Envelope<{ imported: number }>>(
      `${PARAMS}/importSysParam`,
      Buffer.from(await sheet.workbook.xlsx.writeBuffer()),
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const list = (await adminEn.get<Envelope<PageData>>(`${PARAMS}/querySysParam`, { pageSize: 10000 })).body.data!.list;
    for (const [i, text] of hostile.entries()) {
      const p = list.find((x) => x.paramKey === `again.formula.${i}`)!;
      expect([p.paramName, p.paramValue]).toEqual([text.trim(), text.trim()]);
    }
  });
});

describe('import', () => {
  it('round-trips the template: fill it in, import it, the rows are there', async () => {
    const template = await readWorkbook((await adminZh.post(`${USERS}/exportSysUser`, { isTemplate: 1 })).body);
    const header = (template.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map(String);
    const fields = registry.byName.get('SysUser')!.form.create;
    const fill = (u: Rec) => fields.map((f) => u[f] ?? null);
    const file = await workbook(header, [
      fill({
        username: 'imp.one',
        password: 'Import@2026',
        nickname: '导入一',
        email: 'imp.one@demo.example.com',
        prefix: '+86',
        mobile: '13911110001',
        orgId: 'Information Department',
        status: '正常',
        address: 'Road 1',
      }),
      [],
      fill({
        username: 'imp.two',
        password: 'Import@2026',
        nickname: 'Import two',
        email: 'imp.two@demo.example.com',
        prefix: '+86',
        mobile: 13911110002,
        orgId,
        status: 0,
      }),
    ]);
    const res = await adminZh.postFile<Envelope<{ imported: number }>>(`${USERS}/importSysUser`, file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ imported: 2 });
    const one = (await users(adminEn, { username: 'imp.one' }))[0]!;
    expect(one).toMatchObject({ nickname: '导入一', orgId, status: 1, address: 'Road 1', tenantCode: 'demo' });
    const two = (await users(adminEn, { username: 'imp.two' }))[0]!;
    expect(two).toMatchObject({ mobile: '13911110002', orgId, status: 0 });
    expect(JSON.stringify([one, two])).not.toMatch(/Import@2026|scrypt/);
    // the password was hashed as add hashes it: the imported user can sign in
    expect(await signIn(server.url, 'demo', 'imp.one', 'Import@2026')).toEqual(expect.any(String));
  });

  it('matches headers in any locale or by field name, and takes an export back (system columns ignored)', async () => {
    const header = [
      fieldLabel('SysParam', 'paramName', 'tw'),
      'paramKey',
      fieldLabel('SysParam', 'paramValue', 'en'),
      'id',
      fieldLabel('SysParam', 'createTime', 'zh'),
    ];
    const file = await workbook(header, [['Import A', 'import.a', '1', 999999, new Date()]]);
    const res = await adminEn.postFile<Envelope<{ imported: number }>>(`${PARAMS}/importSysParam`, file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const exported = await adminZh.post(`${PARAMS}/exportSysParam`, { paramKey: 'import.a' });
    const sheet = (await readWorkbook(exported.body)).worksheets[0]!;
    sheet.getCell('B2').value = 'import.b';
    const again = await adminEn.postFile<Envelope<{ imported: number }>>(
      `${PARAMS}/importSysParam`,
      Buffer.from(await sheet.workbook.xlsx.writeBuffer()),
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const list = await adminEn.get<Envelope<PageData>>(`${PARAMS}/querySysParam`, { paramName: 'Import A' });
    expect(list.body.data!.list.map((p) => p.paramKey).sort()).toEqual(['import.a', 'import.b']);
    expect(list.body.data!.list.every((p) => p.id !== 999999)).toBe(true);
  });

  it('reports bad rows by spreadsheet row number and imports nothing', async () => {
    const before = await count(adminEn, USERS, 'SysUser');
    const header = ['username', 'password', 'nickname', 'email', 'prefix', 'mobile', 'orgId', 'status'];
    const ok = (n: number) => [`bad.ok${n}`, 'Import@2026', 'OK', `ok${n}@demo.example.com`, '+86', `1391111100${n}`, orgId, 1];
    const file = await workbook(header, [
      ok(1), // row 2: fine
      ['bad.mail', 'Import@2026', 'Bad', 'not-an-email', '+86', '13911112001', orgId, 1], // row 3
      [], // row 4: empty, skipped
      ['admin', 'Import@2026', 'Dup', 'dup@demo.example.com', '+86', '13911112002', orgId, 1], // row 5: username taken
      ['bad.org', 'Import@2026', 'Org', 'org@demo.example.com', '+86', '13911112003', 'No Such Department', 'nonsense'], // row 6
      ok(1), // row 7: repeats row 2
    ]);
    const res = await adminEn.postFile<Envelope>(`${USERS}/importSysUser`, file);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Nothing was imported/);
    const fields = res.body.errors!.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['row 3.email', 'row 5.username', 'row 6.status', 'row 7.username']));
    expect(fields.some((f) => f.startsWith('row 2') || f.startsWith('row 4'))).toBe(false);
    expect(res.body.errors!.find((e) => e.field === 'row 5.username')!.message).toBe('already exists');
    expect(await count(adminEn, USERS, 'SysUser')).toBe(before);
    expect(await users(adminEn, { username: 'bad.ok1' })).toEqual([]);

    const org = await adminEn.postFile<Envelope>(
      `${USERS}/importSysUser`,
      await workbook(header, [['bad.org', 'Import@2026', 'Org', 'org@demo.example.com', '+86', '13911112003', 'No Such Department', 1]]),
    );
    expect(org.status).toBe(400);
    expect(org.body.errors).toEqual([{ field: 'row 2.orgId', message: expect.stringContaining('must be integer') }]);
    const missing = await adminEn.postFile<Envelope>(
      `${USERS}/importSysUser`,
      await workbook(header, [['no.pass', null, 'Nick', 'np@demo.example.com', '+86', '13911112004', orgId, 1]]),
    );
    expect(missing.body.errors).toEqual([{ field: 'row 2.password', message: 'is required' }]);
    // an imported password meets the same policy as one set in the form (auth/passwordPolicy.ts)
    const weak = await adminEn.postFile<Envelope>(
      `${USERS}/importSysUser`,
      await workbook(header, [
        ['weak.pass', 'weak.pass', 'Nick', 'wp@demo.example.com', '+86', '13911112005', orgId, 1],
        ['common.pass', '123456', 'Nick', 'cp@demo.example.com', '+86', '13911112006', orgId, 1],
      ]),
    );
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual([
      { field: 'row 2.password', message: expect.stringMatching(/cannot be the username/) },
      { field: 'row 3.password', message: expect.stringMatching(/too common/) },
    ]);
    expect(await count(adminEn, USERS, 'SysUser')).toBe(before);
  });

  it('refuses an unknown or repeated header column, and values under no header', async () => {
    const unknown = await adminEn.postFile<Envelope>(`${PARAMS}/importSysParam`, await workbook(['paramName', 'salary'], [['x', 1]]));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'row 1.salary', message: 'is not a field of SysParam' }]);
    const twice = await adminEn.postFile<Envelope>(
      `${PARAMS}/importSysParam`,
      await workbook(['paramName', 'paramKey', fieldLabel('SysParam', 'paramKey', 'zh')], [['x', 'y', 'z']]),
    );
    expect(twice.status).toBe(400);
    expect(twice.body.errors![0]!.message).toMatch(/repeats/);
    const stray = await adminEn.postFile<Envelope>(
      `${PARAMS}/importSysParam`,
      await workbook(['paramName', 'paramKey', null as unknown as string], [['x', 'stray.key', 'value']]),
    );
    expect(stray.status).toBe(400);
    expect(stray.body.errors).toEqual([{ field: 'row 2.C', message: 'has a value but its column has no header' }]);
    const none = await adminEn.postFile<Envelope>(`${PARAMS}/importSysParam`, await workbook(['paramName', 'paramKey'], [[], []]));
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([{ field: 'file', message: 'holds no records' }]);
  });

  it('refuses what is not an .xlsx file, with a 400 and nothing imported', async () => {
    const before = await count(adminEn, PARAMS, 'SysParam');
    const csv = await adminEn.postFile<Envelope>(`${PARAMS}/importSysParam`, Buffer.from('paramName,paramKey\nx,y\n'), 'params.csv');
    expect(csv.status).toBe(400);
    expect(csv.body.errors).toEqual([{ field: 'file', message: expect.stringContaining('.xlsx') }]);
    expect(
      (await adminEn.postFile<Envelope>(`${PARAMS}/importSysParam`, Buffer.from('paramName,paramKey\nx,y\n'), 'params.xlsx')).status,
    ).toBe(400);
    const docx = await adminEn.post(`${PARAMS}/exportWordSysParam`, {});
    expect((await adminEn.postFile<Envelope>(`${PARAMS}/importSysParam`, docx.body as unknown as Buffer, 'params.xlsx')).status).toBe(400);
    const good = await workbook(['paramName', 'paramKey'], [['x', 'y.z']]);
    expect((await adminEn.postFile<Envelope>(`${PARAMS}/importSysParam`, good.subarray(0, good.length / 2))).status).toBe(400);
    expect((await adminEn.postFile<Envelope>(`${PARAMS}/importSysParam`, good, 'params.xlsx', 'upload')).status).toBe(400);
    const json = await adminEn.post<Envelope>(`${PARAMS}/importSysParam`, { paramName: 'x' });
    expect(json.status).toBe(400);
    expect(json.body.message).toMatch(/multipart\/form-data/);
    expect((await adminEn.call<Envelope>('POST', `${PARAMS}/importSysParam`, { params: { x: 1 } })).status).toBe(400);
    expect(await count(adminEn, PARAMS, 'SysParam')).toBe(before);
  });

  it('refuses a file over 10 MB', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x50);
    const res = await adminEn.postFile<Envelope>(`${PARAMS}/importSysParam`, big);
    expect(res.status).toBe(413);
    expect(res.body.message).toBeTruthy();
  });

  it('refuses multipart bodies on the other calls', async () => {
    const res = await adminEn.postFile<Envelope>(`${PARAMS}/addSysParam`, await workbook(['paramName'], [['x']]));
    expect(res.status).toBe(415);
  });

  it("writes into the caller's tenant only, whatever the file says", async () => {
    const demoBefore = await count(adminEn, PARAMS, 'SysParam');
    const file = await workbook(['paramName', 'paramKey', 'tenantCode'], [['From acme', 'acme.only', 'demo']]);
    const res = await acme.postFile<Envelope<{ imported: number }>>(`${PARAMS}/importSysParam`, file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = await acme.get<Envelope<PageData>>(`${PARAMS}/querySysParam`, { paramKey: 'acme.only' });
    expect(mine.body.data!.list).toMatchObject([{ tenantCode: 'acme' }]);
    expect(await count(adminEn, PARAMS, 'SysParam')).toBe(demoBefore);
    expect((await adminEn.get<Envelope<PageData>>(`${PARAMS}/querySysParam`, { paramKey: 'acme.only' })).body.data!.list).toEqual([]);
    // a reference to a record of demo names nothing in acme
    const header = ['username', 'password', 'nickname', 'email', 'prefix', 'mobile', 'orgId', 'status'];
    const ref = await acme.postFile<Envelope>(
      `${USERS}/importSysUser`,
      await workbook(header, [['acme.imp', 'Import@2026', 'A', 'a@acme.example.com', '+86', '13911113001', orgId, 1]]),
    );
    expect(ref.status).toBe(400);
    expect(ref.body.errors).toEqual([{ field: 'row 2.orgId', message: expect.stringContaining('no SysOrg') }]);
  });

  describe('for an editor', () => {
    const header = ['username', 'password', 'nickname', 'email', 'prefix', 'mobile', 'orgId', 'status'];

    it('imports without the hidden fields, and is refused a file carrying one (403, nothing imported)', async () => {
      const ok = await editor.postFile<Envelope<{ imported: number }>>(
        `${USERS}/importSysUser`,
        await workbook(header, [['ed.imp', 'Import@2026', 'E', 'ed.imp@demo.example.com', '+86', '13911114001', orgId, 1]]),
      );
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const before = await count(adminEn, USERS, 'SysUser');
      const hidden = await editor.postFile<Envelope>(
        `${USERS}/importSysUser`,
        await workbook(
          [...header, fieldLabel('SysUser', 'address', 'zh')],
          [['ed.imp2', 'Import@2026', 'E', 'ed.imp2@demo.example.com', '+86', '13911114002', orgId, 1, 'Road']],
        ),
      );
      expect(hidden.status).toBe(403);
      expect(hidden.body.message).toContain('"address"');
      expect(await count(adminEn, USERS, 'SysUser')).toBe(before);
    });

    it('without the import button gets 403', async () => {
      const held = await adminEn.get<Envelope<string[]>>('/api/admin/sysmenu/queryCheckedMenuButton', {
        menuCode: 'sysuser',
        roleCode: 'ROLE_EDITOR',
      });
      expect(held.body.data).toContain('sysuser:import');
      const without = held.body.data!.filter((c) => c !== 'sysuser:import');
      const set = await adminEn.post<Envelope>('/api/admin/sysmenu/authorizeMenuButtonToRole', {
        roleCode: 'ROLE_EDITOR',
        menuCode: 'sysuser',
        buttonCode: without,
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const before = await count(adminEn, USERS, 'SysUser');
      const res = await editor.postFile<Envelope>(
        `${USERS}/importSysUser`,
        await workbook(header, [['ed.imp3', 'Import@2026', 'E', 'ed.imp3@demo.example.com', '+86', '13911114003', orgId, 1]]),
      );
      expect(res.status).toBe(403);
      expect(res.body.message).toContain('sysuser:import');
      expect(await count(adminEn, USERS, 'SysUser')).toBe(before);
      await adminEn.post('/api/admin/sysmenu/authorizeMenuButtonToRole', {
        roleCode: 'ROLE_EDITOR',
        menuCode: 'sysuser',
        buttonCode: held.body.data,
      });
    });

    it('is refused imports of resources whose add button it lacks', async () => {
      const res = await editor.postFile<Envelope>('/api/uaa/appclient/importAppClient', await workbook(['clientCode'], [['x']]));
      expect(res.status).toBe(403);
    });
  });
});

describe('the browser build', () => {
  it('never imports the document writers or the font', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (
          /\.(ts|tsx)$/.test(name) &&
          /from '(docx|pdfkit|@expo-google-fonts\/[^']+|[./]*server-mock\/[^']+)'/.test(readFileSync(path, 'utf8'))
        )
          offenders.push(path);
      }
    };
    walk('runtime');
    expect(offenders).toEqual([]);
  });
});
