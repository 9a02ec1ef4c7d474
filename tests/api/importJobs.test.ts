/**
 * Imports that cannot stall the server and cannot be lost or doubled:
 * - import bombs, built here: a sheet with a cell in column XFD, a part that inflates to
 *   300 MB (declared honestly), the same part declaring 1 KB (a lying size header), a sheet of
 *   more cells than an import reads: each refused with a 400 that says why, while the heap
 *   and buffers of the process (the server runs in it) grow by far less than the bomb;
 * - an import runs as a job: `?async=1` answers at once, `queryImportJob` shows its progress
 *   and outcome, other calls are answered while it runs (an ordering test), the rows and the
 *   job's `done` land together;
 * - the same file again (same bytes, resource and tenant) is answered with the first job's
 *   outcome and imports nothing twice, also when both uploads arrive together and when the
 *   first request was given up by its client; a job is read only in its tenant, by callers who
 *   may import into its resource.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { client, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';
import { MAX_IMPORT_INFLATED } from '../../server-mock/crud/importWorkbook.ts';

type Client = ReturnType<typeof client>;
const PARAMS = '/api/admin/sysparam';
const JOB = '/api/admin/sysimportjob/queryImportJob';

interface Job {
  id: number;
  status: 'running' | 'done' | 'failed';
  total: number;
  read: number;
  processed: number;
  imported: number;
  message: string;
  errors: { field: string; message: string }[];
  repeated?: boolean;
}

let server: TestServer;
let admin: Client;
let editor: Client;
let acme: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'), { 'x-language': 'en' });
  editor = client(server.url, await signIn(server.url, 'demo', 'editor'), { 'x-language': 'en' });
  acme = client(server.url, await signIn(server.url, 'acme', 'admin'), { 'x-language': 'en' });
});

afterAll(async () => {
  await server?.stop();
});

/** A parameters spreadsheet: header, then `n` rows keyed `<prefix>.<i>`. */
async function paramsFile(prefix: string, n: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('import');
  sheet.addRow(['paramName', 'paramKey', 'paramValue']);
  for (let i = 0; i < n; i++) sheet.addRow([`${prefix} ${i}`, `${prefix.replace(/ /g, '')}.${i}`, String(i)]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function paramCount(c: Client, prefix: string): Promise<number> {
  const res = await c.get<Envelope<PageData>>(`${PARAMS}/querySysParam`, { paramName: prefix, pageSize: 10000 });
  expect(res.status).toBe(200);
  return res.body.data!.list.length;
}

async function job(c: Client, id: number): Promise<Job> {
  const res = await c.get<Envelope<Job>>(JOB, { id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!;
}

async function untilOver(c: Client, id: number): Promise<Job> {
  for (;;) {
    const j = await job(c, id);
    if (j.status !== 'running') return j;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A zip of raw-deflated parts, each with the size its headers declare. */
function zip(parts: { name: string; data: Buffer; size: number; crc: number }[]): Buffer {
  const out: Buffer[] = [];
  const dir: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.data.length, 18);
    local.writeUInt32LE(p.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(p.crc, 16);
    central.writeUInt32LE(p.data.length, 20);
    central.writeUInt32LE(p.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    out.push(local, name, p.data);
    dir.push(central, name);
    offset += 30 + name.length + p.data.length;
  }
  const size = dir.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, ...dir, end]);
}

const part = (name: string, text: string) => {
  const raw = Buffer.from(text);
  return { name, data: deflateRawSync(raw), size: raw.length, crc: crc32(raw) };
};

/** The parts of a workbook with one sheet, the sheet's part given. */
function workbookWith(sheet: { name: string; data: Buffer; size: number; crc: number }): Buffer {
  return zip([
    part(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    part(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    part(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="import" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    sheet,
  ]);
}

/** A sheet part that inflates to `mb` megabytes (XML whitespace after the opening tags), deflated as a stream. */
async function hugeSheet(mb: number): Promise<{ name: string; data: Buffer; size: number; crc: number }> {
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  );
  const fill = Buffer.alloc(1024 * 1024, 32);
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  let crc = crc32(head);
  deflate.write(head);
  for (let i = 0; i < mb; i++) {
    crc = crc32(fill, crc);
    if (!deflate.write(fill)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return { name: 'xl/worksheets/sheet1.xml', data: Buffer.concat(chunks), size: head.length + mb * fill.length, crc };
}

/** Heap and buffer memory of this process (the server's too), sampled while `fn` runs: the largest rise. */
async function memoryRise<T>(fn: () => Promise<T>): Promise<{ result: T; rise: number }> {
  const used = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const base = used();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, used())), 1);
  try {
    const result = await fn();
    peak = Math.max(peak, used());
    return { result, rise: peak - base };
  } finally {
    clearInterval(timer);
  }
}

const MB = 1024 * 1024;

describe('import bombs', () => {
  it('a header cell in column XFD: refused before any row is read, naming the column', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('import');
    sheet.addRow(['paramName', 'paramKey']);
    sheet.getCell('XFD1').value = 'paramValue';
    for (let i = 0; i < 1000; i++) sheet.addRow([`wide ${i}`, `wide.${i}`]);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    expect(file.length).toBeLessThan(64 * 1024);
    const { result: res, rise } = await memoryRise(() => admin.postFile<Envelope>(`${PARAMS}/importSysParam`, file));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toMatch(/column XFD/);
    expect(res.body.message).toMatch(/columns A to IV/);
    expect(rise).toBeLessThan(100 * MB);
    expect(await paramCount(admin, 'wide')).toBe(0);
  });

  it('a part that inflates to 300 MB: refused by the size it declares, before inflating', async () => {
    const sheet = await hugeSheet(300);
    const file = workbookWith(sheet);
    expect(file.length).toBeLessThan(MB);
    const { result: res, rise } = await memoryRise(() => admin.postFile<Envelope>(`${PARAMS}/importSysParam`, file));
    expect(rise).toBeLessThan(MAX_IMPORT_INFLATED);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toMatch(/unpacks to more than an import reads/);
    expect(res.body.message).toMatch(/declare 3\d\d MB/);
  });

  it('the same part declaring 1 KB (a lying size header): refused once the bytes inflated pass what it declared', async () => {
    const sheet = await hugeSheet(300);
    const file = workbookWith({ ...sheet, size: 1000 });
    const { result: res, rise } = await memoryRise(() => admin.postFile<Envelope>(`${PARAMS}/importSysParam`, file));
    expect(rise).toBeLessThan(MAX_IMPORT_INFLATED);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toMatch(/inflates past the size its header declares/);
  });

  it('more cells than an import reads (within the columns): refused with the cap in the message', async () => {
    const cols = Array.from({ length: 250 }, (_, i) => i + 1);
    const letters = (n: number): string =>
      n <= 26 ? String.fromCharCode(64 + n) : letters(Math.floor((n - 1) / 26)) + String.fromCharCode(65 + ((n - 1) % 26));
    const rows: string[] = [
      `<row r="1"><c r="A1" t="inlineStr"><is><t>paramName</t></is></c><c r="B1" t="inlineStr"><is><t>paramKey</t></is></c></row>`,
    ];
    for (let r = 2; r <= 4100; r++) rows.push(`<row r="${r}">${cols.map((c) => `<c r="${letters(c)}${r}"/>`).join('')}</row>`);
    const file = workbookWith(
      part(
        'xl/worksheets/sheet1.xml',
        `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join('')}</sheetData></worksheet>`,
      ),
    );
    const res = await admin.postFile<Envelope>(`${PARAMS}/importSysParam`, file);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toMatch(/more than 1000000 cells/);
  });

  it("a file of the right shape still imports (the bombs' own parts are sound)", async () => {
    const rows =
      '<row r="1"><c r="A1" t="inlineStr"><is><t>paramName</t></is></c><c r="B1" t="inlineStr"><is><t>paramKey</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>handmade one</t></is></c><c r="B2" t="inlineStr"><is><t>handmade.1</t></is></c></row>';
    const file = workbookWith(
      part(
        'xl/worksheets/sheet1.xml',
        `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
      ),
    );
    const res = await admin.postFile<Envelope<{ imported: number }>>(`${PARAMS}/importSysParam`, file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ imported: 1 });
    // and a workbook written by another zip writer (JSZip, parts in another order)
    const wb = await JSZip.loadAsync(await paramsFile('jszip', 2));
    const again = Buffer.from(await wb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
    expect((await admin.postFile<Envelope<{ imported: number }>>(`${PARAMS}/importSysParam`, again)).body.data).toEqual({ imported: 2 });
  });
});

describe('an import as a job', () => {
  it('answers at once with async=1; other calls are answered while it runs; its progress and outcome are there to read', async () => {
    const n = 3000;
    const file = await paramsFile('big', n);
    const start = await admin.postFile<Envelope<Job>>(`${PARAMS}/importSysParam?async=1`, file, 'big.xlsx');
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const first = start.body.data!;
    expect(first).toMatchObject({ status: 'running', imported: 0 });
    // a list call made now is answered before the import is over
    const list = await admin.get<Envelope<PageData>>(`${PARAMS}/querySysParam`, { pageSize: 1 });
    expect(list.status).toBe(200);
    const during = await job(admin, first.id);
    expect(during.status).toBe('running');
    // calls keep being answered while it reads the file and while it checks and writes the rows:
    // some answer lands between the first record checked and the last
    const seen: Job[] = [during];
    for (;;) {
      expect((await admin.get<Envelope<PageData>>(`${PARAMS}/querySysParam`, { pageSize: 1 })).status).toBe(200);
      const j = await job(admin, first.id);
      seen.push(j);
      if (j.status !== 'running') break;
    }
    expect(
      seen.some((j) => j.status === 'running' && j.processed > 0 && j.processed < n),
      JSON.stringify(seen.map((j) => [j.status, j.read, j.processed])),
    ).toBe(true);
    const over = seen.at(-1)!;
    expect(over, JSON.stringify(over)).toMatchObject({ status: 'done', total: n, imported: n, processed: n, errors: [] });
    // progress only moves forward
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.processed).toBeGreaterThanOrEqual(seen[i - 1]!.processed);
    }
    expect(await paramCount(admin, 'big')).toBe(n);
    // 3,000 rows checked and written one transaction each: on a loaded machine this takes longer than the default
  }, 120_000);

  it('a refused file: the job reads failed, with the rows and their messages, and nothing is written', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('import');
    sheet.addRows([
      ['paramName', 'paramKey'],
      ['bad one', 'bad.1'],
      ['', 'bad.2'],
      ['bad three', 'bad.3'],
    ]);
    const start = await admin.postFile<Envelope<Job>>(`${PARAMS}/importSysParam?async=1`, Buffer.from(await wb.xlsx.writeBuffer()));
    const over = await untilOver(admin, start.body.data!.id);
    expect(over.status).toBe('failed');
    expect(over.message).toMatch(/Nothing was imported/);
    expect(over.errors).toEqual([expect.objectContaining({ field: 'row 3.paramName' })]);
    expect(await paramCount(admin, 'bad')).toBe(0);
  });

  it('is read only in its tenant and by callers who may import into its resource (404 otherwise)', async () => {
    const start = await admin.postFile<Envelope<Job>>(`${PARAMS}/importSysParam?async=1`, await paramsFile('own', 2));
    const id = start.body.data!.id;
    await untilOver(admin, id);
    expect((await acme.get<Envelope>(JOB, { id })).status).toBe(404);
    // the editor may not import parameters in the demo data
    const held = await editor.get<Envelope<string[]>>('/api/admin/sysmenu/queryMenuButtonByRoleCode', { roleCode: 'ROLE_EDITOR' });
    const mayImport = held.status === 200 && (held.body.data ?? []).some((b) => b === 'sysparam:import' || b === 'sysparam:add');
    if (!mayImport) expect((await editor.get<Envelope>(JOB, { id })).status).toBe(404);
    expect((await admin.get<Envelope>(JOB, { id: 999999 })).status).toBe(404);
    expect((await admin.get<Envelope>(JOB, { id: 'x' })).status).toBe(400);
  });
});

describe('the same file again', () => {
  it("is answered with the first import's outcome and imports nothing twice", async () => {
    const file = await paramsFile('twice', 20);
    const first = await admin.postFile<Envelope<{ imported: number }>>(`${PARAMS}/importSysParam`, file);
    expect(first.body.data).toEqual({ imported: 20 });
    const again = await admin.postFile<Envelope<{ imported: number }>>(`${PARAMS}/importSysParam`, file, 'renamed.xlsx');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toEqual({ imported: 20 });
    expect(again.body.message).toMatch(/imported already/);
    const asJob = await admin.postFile<Envelope<Job>>(`${PARAMS}/importSysParam?async=1`, file);
    expect(asJob.body.data).toMatchObject({ status: 'done', imported: 20, repeated: true });
    expect(await paramCount(admin, 'twice')).toBe(20);
    // another tenant's upload of the same bytes is its own import
    expect((await acme.postFile<Envelope<{ imported: number }>>(`${PARAMS}/importSysParam`, file)).body.data).toEqual({ imported: 20 });
    expect(await paramCount(acme, 'twice')).toBe(20);
    expect(await paramCount(admin, 'twice')).toBe(20);
  });

  it('arriving twice at once is one job', async () => {
    const file = await paramsFile('together', 300);
    const [a, b] = await Promise.all([
      admin.postFile<Envelope<Job>>(`${PARAMS}/importSysParam?async=1`, file),
      admin.postFile<Envelope<Job>>(`${PARAMS}/importSysParam?async=1`, file),
    ]);
    expect(a.body.data!.id).toBe(b.body.data!.id);
    expect([a.body.data!.repeated, b.body.data!.repeated].filter(Boolean)).toHaveLength(1);
    expect(await untilOver(admin, a.body.data!.id)).toMatchObject({ status: 'done', imported: 300 });
    expect(await paramCount(admin, 'together')).toBe(300);
  });

  it("after the client gave up on the first request: the retry gets that import's outcome, every row once", async () => {
    const n = 500;
    const file = await paramsFile('given up', n);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'users.xlsx');
    const abort = new AbortController();
    const token = await signIn(server.url, 'demo', 'admin');
    const abandoned = fetch(`${server.url}${PARAMS}/importSysParam`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
      signal: abort.signal,
    }).catch((err: unknown) => err);
    // the retry, while the first may still be running (or over: either way the same job)
    const retry = await admin.postFile<Envelope<Job>>(`${PARAMS}/importSysParam?async=1`, file, 'users.xlsx');
    abort.abort();
    await abandoned;
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const over = await untilOver(admin, retry.body.data!.id);
    expect(over, JSON.stringify(over)).toMatchObject({ status: 'done', imported: n });
    expect(await paramCount(admin, 'given up')).toBe(n);
    // and once more, as the console would after its error
    const third = await admin.postFile<Envelope<Job>>(`${PARAMS}/importSysParam?async=1`, file, 'users.xlsx');
    expect(third.body.data).toMatchObject({ id: over.id, status: 'done', imported: n, repeated: true });
    expect(await paramCount(admin, 'given up')).toBe(n);
  });

  it('after a refusal runs again (a refused file wrote nothing)', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('import').addRows([
      ['paramName', 'paramKey'],
      ['again bad', 'again.bad'],
      ['', 'again.bad2'],
    ]);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const one = await admin.postFile<Envelope>(`${PARAMS}/importSysParam`, file);
    const two = await admin.postFile<Envelope>(`${PARAMS}/importSysParam`, file);
    expect([one.status, two.status]).toEqual([400, 400]);
    expect(two.body.message).toMatch(/Nothing was imported/);
  });
});
