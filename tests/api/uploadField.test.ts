/**
 * The `upload` field kind on the server (docs/resource-form.md#upload-fields): a published
 * document with an upload field takes the id of a file uploaded through the files API; every
 * write checks that the id names a file (not a folder) of the tenant that the writer owns or
 * was shared, and refuses anything else at the field with nothing stored; reads answer each
 * record's files under `_files`; a value kept unchanged stays valid whoever saves the record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';
import { CONTRACTS, FORMS, contractDocument, saveForm, type Client } from './documentFixture.ts';
import { PNG, multipart } from './filesFixtures.ts';

const FILE = '/api/file/file';

let server: TestServer;
let admin: Client;
let editor: Client;
let acme: Client;
const tokens: Record<string, string> = {};

interface StoredFile {
  id: number;
  fileName: string;
}

type Who = 'admin' | 'editor' | 'acme' | 'visitor';

async function upload(who: Who, fileName: string, type: string, body: Buffer): Promise<StoredFile> {
  const { body: data, contentType } = multipart([{ filename: fileName, type, body }]);
  const res = await fetch(`${server.url}${FILE}/uploadFile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': contentType },
    body: new Uint8Array(data),
  });
  const answer = (await res.json()) as Envelope<StoredFile[]>;
  expect(res.status, JSON.stringify(answer)).toBe(200);
  return answer.data![0]!;
}

async function contracts(api: Client): Promise<Record<string, unknown>[]> {
  const res = await api.get<Envelope<PageData>>(`${CONTRACTS}/queryContract`, { pageSize: 100 });
  expect(res.status).toBe(200);
  return res.body.data!.list;
}

beforeAll(async () => {
  server = await startTestServer();
  tokens.admin = await signIn(server.url, 'demo', 'admin');
  tokens.editor = await signIn(server.url, 'demo', 'editor');
  tokens.acme = await signIn(server.url, 'acme', 'admin');
  tokens.visitor = await signIn(server.url, 'demo', 'visitor');
  admin = client(server.url, tokens.admin);
  editor = client(server.url, tokens.editor);
  acme = client(server.url, tokens.acme);
  const doc = contractDocument((r) => {
    r.record.properties.attachment = { type: 'integer', minimum: 1, 'x-kind': 'upload' };
    r.list.columns.splice(2, 0, { field: 'attachment' });
  });
  for (const [locale, label] of [
    ['en', 'Attachment'],
    ['zh', '附件'],
    ['tw', '附件'],
  ] as const)
    (doc.messages[locale] as { resources: { Contract: { fields: Record<string, string> } } }).resources.Contract.fields.attachment = label;
  const id = await saveForm(admin, 'contracts with files', doc, { roleCodes: ['ROLE_EDITOR'] });
  const published = await admin.post<Envelope<{ fields: { name: string; kind: string }[] }>>(`${FORMS}/publishGeneratorForm`, { id });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  expect(published.body.data!.fields.find((f) => f.name === 'attachment')?.kind).toBe('upload');
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('an upload field', () => {
  it('holds a file the writer uploaded, and the records answer its name and type', async () => {
    const picture = await upload('admin', 'plan.png', 'image/png', PNG);
    const add = await admin.post<Envelope<Record<string, unknown>>>(`${CONTRACTS}/addContract`, {
      contractCode: 'C100',
      contractName: 'With a plan',
      attachment: picture.id,
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body.data).toMatchObject({
      attachment: picture.id,
      _files: { attachment: { id: picture.id, fileName: 'plan.png', contentType: 'image/png', fileSize: PNG.length } },
    });
    const row = (await contracts(editor)).find((c) => c.contractCode === 'C100')!;
    expect(row._files).toEqual({ attachment: { id: picture.id, fileName: 'plan.png', contentType: 'image/png', fileSize: PNG.length } });
    // the editor changes another field: the admin's file stays valid
    const edit = await editor.put<Envelope>(`${CONTRACTS}/updateContract`, { id: row.id, contractName: 'With the plan' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  });

  it('refuses an id that is no file of the writer, with nothing stored', async () => {
    const folder = await admin.post<Envelope<{ id: number }>>(`${FILE}/addFolder`, { fileName: 'plans' });
    expect(folder.status).toBe(200);
    const editorsOwn = await upload('editor', 'notes.txt', 'text/plain', Buffer.from('notes'));
    const acmeFile = await upload('acme', 'other.txt', 'text/plain', Buffer.from('other tenant'));
    const before = (await contracts(admin)).length;
    const cases: [string, unknown][] = [
      ['a folder', folder.body.data!.id],
      ['no file at all', 999_999],
      ["another tenant's file", acmeFile.id],
      ["another user's file not shared", editorsOwn.id],
    ];
    for (const [what, attachment] of cases) {
      const res = await admin.post<Envelope>(`${CONTRACTS}/addContract`, { contractCode: 'C200', contractName: what, attachment });
      expect(res.status, what).toBe(400);
      expect(res.body.errors, what).toEqual([expect.objectContaining({ field: 'attachment', keyword: 'upload' })]);
    }
    const text = await admin.post<Envelope>(`${CONTRACTS}/addContract`, { contractCode: 'C200', contractName: 'text', attachment: 'x' });
    expect(text.status).toBe(400);
    expect((await contracts(admin)).length).toBe(before);
    // an update to another user's file is refused too, the stored value kept
    const row = (await contracts(admin)).find((c) => c.contractCode === 'C100')!;
    const swap = await admin.put<Envelope>(`${CONTRACTS}/updateContract`, { id: row.id, attachment: editorsOwn.id });
    expect(swap.status).toBe(400);
    expect((await contracts(admin)).find((c) => c.id === row.id)!.attachment).toBe(row.attachment);
    // once shared with the admin, the editor's file can be chosen
    const me = await admin.get<Envelope<{ id: number }>>('/api/uaa/users/getSysUser');
    const share = await editor.post<Envelope>(`${FILE}/shareFile`, { id: editorsOwn.id, userId: [me.body.data!.id] });
    expect(share.status, JSON.stringify(share.body)).toBe(200);
    const shared = await admin.put<Envelope<Record<string, unknown>>>(`${CONTRACTS}/updateContract`, {
      id: row.id,
      attachment: editorsOwn.id,
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect(shared.body.data!._files).toMatchObject({ attachment: { fileName: 'notes.txt' } });
  });

  it("is no way into another tenant's files: acme's own publication sees only its files", async () => {
    const res = await acme.get<Envelope>(`${CONTRACTS}/queryContract`);
    expect(res.status).toBe(404);
  });

  it('a deleted file leaves the id and no _files entry', async () => {
    const gone = await upload('admin', 'gone.txt', 'text/plain', Buffer.from('soon gone'));
    const add = await admin.post<Envelope<{ id: number }>>(`${CONTRACTS}/addContract`, {
      contractCode: 'C300',
      contractName: 'Soon without file',
      attachment: gone.id,
    });
    expect(add.status).toBe(200);
    expect((await admin.post<Envelope>(`${FILE}/deleteFile?id=${gone.id}`)).status).toBe(200);
    const row = (await contracts(admin)).find((c) => c.contractCode === 'C300')!;
    expect(row.attachment).toBe(gone.id);
    expect(row._files).toEqual({});
  });
});

/** A record's file read through the record: the status and the bytes. */
async function recordFile(
  who: Who,
  kind: 'preview' | 'download',
  params: { resource: string; recordId: number; field: string },
): Promise<{ status: number; bytes: Buffer; type: string | null; disposition: string | null }> {
  const query = new URLSearchParams({ resource: params.resource, recordId: String(params.recordId), field: params.field });
  const res = await fetch(`${server.url}${FILE}/${kind}RecordFile?${query.toString()}`, {
    headers: { authorization: `Bearer ${tokens[who]}` },
  });
  return {
    status: res.status,
    bytes: Buffer.from(await res.arrayBuffer()),
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
  };
}

describe("a record's file, read through the record", () => {
  let recordId: number;
  let fileId: number;
  const at = () => ({ resource: 'Contract', recordId, field: 'attachment' });

  beforeAll(async () => {
    const picture = await upload('admin', 'site.png', 'image/png', PNG);
    fileId = picture.id;
    const add = await admin.post<Envelope<{ id: number }>>(`${CONTRACTS}/addContract`, {
      contractCode: 'C400',
      contractName: 'With a site plan',
      attachment: fileId,
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    recordId = add.body.data!.id;
  });

  it('is previewed and downloaded by another user who may read the record, though the file is not shared with them', async () => {
    // the netdisc's own calls still serve the file to its owner only
    expect((await editor.get(`${FILE}/previewFile`, { id: fileId })).status).toBe(404);
    const preview = await recordFile('editor', 'preview', at());
    expect(preview.status, preview.bytes.toString()).toBe(200);
    expect(preview.type).toBe('image/png');
    expect(preview.bytes.equals(PNG)).toBe(true);
    const download = await recordFile('editor', 'download', at());
    expect(download.status).toBe(200);
    expect(download.disposition).toMatch(/^attachment; filename="site\.png"/);
    expect(download.bytes.equals(PNG)).toBe(true);
    // and by the uploader
    expect((await recordFile('admin', 'preview', at())).status).toBe(200);
  });

  it('is refused to a role that may not read the records, and to a reader the field is hidden from', async () => {
    for (const kind of ['preview', 'download'] as const) {
      const res = await recordFile('visitor', kind, at());
      expect(res.status, kind).toBe(403);
      expect(res.bytes.toString()).not.toContain('PNG');
    }
    const hide = await admin.post('/api/admin/sysmenu/authorizeMenuDataToRole', {
      menuCode: 'contract',
      data: [{ roleCode: 'ROLE_EDITOR', dataFields: 'attachment' }],
    });
    expect(hide.status, JSON.stringify(hide.body)).toBe(200);
    try {
      expect((await recordFile('editor', 'preview', at())).status).toBe(403);
      expect((await recordFile('editor', 'download', at())).status).toBe(403);
    } finally {
      const show = await admin.post('/api/admin/sysmenu/authorizeMenuDataToRole', {
        menuCode: 'contract',
        data: [],
      });
      expect(show.status, JSON.stringify(show.body)).toBe(200);
    }
    expect((await recordFile('editor', 'preview', at())).status).toBe(200);
  });

  it("is never read across tenants, even through the tenant's own publication of the same resource", async () => {
    // acme has no such resource
    expect((await recordFile('acme', 'preview', at())).status).toBe(400);
    // acme publishes its own Contract: the demo tenant's record is not one of its records
    const doc = contractDocument((r) => {
      r.record.properties.attachment = { type: 'integer', minimum: 1, 'x-kind': 'upload' };
    });
    for (const locale of ['en', 'zh', 'tw'] as const)
      (doc.messages[locale] as { resources: { Contract: { fields: Record<string, string> } } }).resources.Contract.fields.attachment =
        'File';
    const id = await saveForm(acme, 'acme contracts with files', doc, { roleCodes: ['ROLE_EDITOR'] });
    const published = await acme.post<Envelope>(`${FORMS}/publishGeneratorForm`, { id });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    for (const kind of ['preview', 'download'] as const) {
      const res = await recordFile('acme', kind, at());
      expect(res.status, kind).toBe(404);
      expect(res.bytes.equals(PNG)).toBe(false);
    }
  });

  it('names an upload field of a served resource only', async () => {
    expect((await recordFile('editor', 'preview', { ...at(), field: 'contractName' })).status).toBe(400);
    expect((await recordFile('editor', 'preview', { ...at(), resource: 'Nothing' })).status).toBe(400);
    expect((await recordFile('editor', 'preview', { ...at(), recordId: 999_999 })).status).toBe(404);
  });

  it('is no longer read through the record once the field holds another file, or the record is deleted', async () => {
    const detach = await admin.put<Envelope>(`${CONTRACTS}/updateContract`, { id: recordId, attachment: null });
    expect(detach.status, JSON.stringify(detach.body)).toBe(200);
    expect((await recordFile('editor', 'preview', at())).status).toBe(404);
    expect((await recordFile('editor', 'download', at())).status).toBe(404);
    // the owner keeps the file in the netdisc
    expect((await admin.get(`${FILE}/previewFile`, { id: fileId })).status).toBe(200);

    const attach = await admin.put<Envelope>(`${CONTRACTS}/updateContract`, { id: recordId, attachment: fileId });
    expect(attach.status, JSON.stringify(attach.body)).toBe(200);
    expect((await recordFile('editor', 'preview', at())).status).toBe(200);
    const removed = await admin.post<Envelope>(`${CONTRACTS}/deleteContract`, undefined, { id: String(recordId) });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await recordFile('editor', 'preview', at())).status).toBe(404);
    expect((await recordFile('admin', 'download', at())).status).toBe(404);
  });
});
