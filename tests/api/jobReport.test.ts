/**
 * The saved-report job processor (docs/jobs.md, processor `report`), on SQLite or, with
 * TEST_DATABASE_URL, on PostgreSQL: a report job run by runJob stores the resource's own
 * spreadsheet export of the searched records in the named user's netdisc, and its result
 * names the file, its size and its rows; parameters naming an unknown resource, a format the
 * resource does not export, a field it is not searched by, or no recipient are refused.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';

type Api = ReturnType<typeof client>;
type Rec = Record<string, unknown>;

const JOBS = '/api/job/jobinfo';
const INSTANCES = '/api/job/instance';
const FILE = '/api/file/file';
const WAIT = { timeout: 30_000, interval: 200 };

let server: TestServer;
let admin: Api;
let editor: Api;
let editorId: number;

async function addReport(params: Rec, extra: Rec = {}) {
  return admin.post<Envelope<Rec>>(`${JOBS}/addJobInfo`, {
    jobName: `Report ${JSON.stringify(params).length}`,
    executeType: 'STANDALONE',
    processorType: 'BUILT_IN',
    timeExpressionType: 'API',
    processorInfo: 'report',
    jobParams: JSON.stringify(params),
    ...extra,
  });
}

async function runToEnd(jobId: number): Promise<Rec> {
  const started = await admin.post<Envelope<Rec>>(`${JOBS}/runJob`, { id: jobId });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const id = Number(started.body.data!.id);
  const read = async () => (await admin.get<Envelope<PageData<Rec>>>(`${INSTANCES}/queryJobInstance`, { id })).body.data!.list[0]!;
  await expect.poll(async () => ['SUCCEEDED', 'FAILED'].includes(String((await read()).status)), WAIT).toBe(true);
  return read();
}

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
  editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
  const users = await admin.get<Envelope<PageData<Rec>>>('/api/admin/sysuser/querySysUser', { username: 'editor' });
  editorId = Number(users.body.data!.list.find((u) => u.username === 'editor')!.id);
  for (const [paramKey, paramName] of [
    ['report.alpha', 'Quarterly figure alpha'],
    ['report.beta', 'Quarterly figure beta'],
    ['report.other', 'Unrelated setting'],
  ]) {
    const res = await admin.post('/api/admin/sysparam/addSysParam', { paramKey, paramName, paramValue: `value of ${paramKey}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
});

afterAll(async () => {
  await server?.close();
});

describe('the report processor', { timeout: 60_000 }, () => {
  it("stores the spreadsheet export of the searched records in the named user's netdisc", async () => {
    const added = await addReport({
      resource: 'SysParam',
      format: 'xlsx',
      search: { paramName: 'Quarterly' },
      toUserIds: String(editorId),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const done = await runToEnd(Number(added.body.data!.id));
    expect(done.status, String(done.result)).toBe('SUCCEEDED');
    expect(String(done.result)).toMatch(/SysParam-\d{4}-\d{2}-\d{2}\.xlsx \(\d+ bytes, 2 rows\) for editor as file \d+/);

    const files = await editor.get<Envelope<PageData<Rec>>>(`${FILE}/queryFile`, { fileName: 'SysParam', pageSize: 100 });
    expect(files.status).toBe(200);
    const file = files.body.data!.list.find((f) => String(f.fileName).endsWith('.xlsx'))!;
    expect(file).toMatchObject({ ownerId: editorId, fileType: 'xlsx' });
    expect(String(done.result)).toContain(`${String(file.fileSize)} bytes`);
    // the admin's netdisc has no such file: it is the editor's
    const mine = await admin.get<Envelope<PageData<Rec>>>(`${FILE}/queryFile`, { fileName: 'SysParam', pageSize: 100 });
    expect(mine.body.data!.list).toEqual([]);

    const down = await editor.get<Buffer>(`${FILE}/downloadFile`, { id: Number(file.id) });
    expect(down.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(down.body as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const keyColumn = header.indexOf('Parameter key') + 1 || header.findIndex((h) => /key/i.test(h)) + 1;
    expect(keyColumn).toBeGreaterThan(0);
    const keys: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) keys.push(String(row.getCell(keyColumn).value));
    });
    expect(keys.sort()).toEqual(['report.alpha', 'report.beta']);
  });

  it('goes to the first alarm user when no user is named; fails when there is none or the user is unknown', async () => {
    const toAlarm = await addReport(
      { resource: 'SysParam', format: 'xlsx', search: { paramKey: 'report.other' } },
      { notifyUserIds: `${editorId}` },
    );
    expect(toAlarm.status, JSON.stringify(toAlarm.body)).toBe(200);
    const done = await runToEnd(Number(toAlarm.body.data!.id));
    expect(done.status, String(done.result)).toBe('SUCCEEDED');
    expect(String(done.result)).toMatch(/1 rows\) for editor/);

    const nobody = await addReport({ resource: 'SysParam', format: 'pdf' });
    expect(nobody.status, JSON.stringify(nobody.body)).toBe(200);
    const failed = await runToEnd(Number(nobody.body.data!.id));
    expect(failed.status).toBe('FAILED');
    expect(String(failed.result)).toContain('toUserIds');

    const unknown = await addReport({ resource: 'SysParam', format: 'xlsx', toUserIds: [999999] });
    expect(unknown.status, JSON.stringify(unknown.body)).toBe(200);
    const missing = await runToEnd(Number(unknown.body.data!.id));
    expect(missing.status).toBe('FAILED');
    expect(String(missing.result)).toContain('there is no user 999999 in the tenant');
  });

  it.each([
    [{ resource: 'NoSuchThing', format: 'xlsx' }, /resource: "NoSuchThing" is not a resource with an export/],
    [{ resource: 'SysParam', format: 'csv' }, /format: SysParam offers no csv export \(its exports: xlsx/],
    [{ resource: 'SysParam', format: 'xlsx', search: { paramValue: 'x' } }, /search: SysParam is not searched by "paramValue"/],
    [{ resource: 'SysParam', format: 'xlsx', toUserIds: 'one,two' }, /toUserIds is user ids/],
    [{ format: 'xlsx' }, /The report processor needs/],
  ])('refuses %j when the job is saved', async (params, message) => {
    const res = await addReport(params);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('jobParams');
    expect(res.body.errors?.[0]?.message).toMatch(message);
  });
});
