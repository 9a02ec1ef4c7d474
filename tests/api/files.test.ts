/**
 * The file API (/api/file/file, docs/files.md) on both storages: the folder under DATA_DIR and
 * an S3-compatible store (s3rver, started here on a free port); on SQLite, and on PostgreSQL in
 * the PostgreSQL pass (TEST_DATABASE_URL). Uploads are streamed and checked (10MB, not empty,
 * type required and agreeing with the content, clean names); every bad input is refused with a
 * message and leaves no object, no row and no temporary file; files stay with their tenant
 * and owner unless shared with a user of the same tenant; objects without rows are cleaned up.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signIn, startTestServer, TEST_SERVER_ENV, type Envelope, type PageData, type TestServer } from './harness.ts';
import { HTML_PAGE, PNG, multipart, pdfBytes, type Part } from './filesFixtures.ts';
import { storageOf, uploadTempDir } from '../../server-mock/files/storageConfig.ts';
import { cleanFileStorage } from '../../server-mock/files/fileCleanup.ts';
import type { FolderStorage } from '../../server-mock/files/folderStorage.ts';
import { MAX_FILE_BYTES } from '../../schemas/registry/fileLimits.ts';
import type { FileRecord } from '../../server-mock/files/fileHandlers.ts';

const FILE = '/api/file/file';
const BUCKET = 'netdisc';

type Client = ReturnType<typeof client>;

async function userId(api: Client): Promise<number> {
  const res = await api.get<Envelope<{ id: number }>>('/api/uaa/users/getSysUser');
  return res.body.data!.id;
}

describe.each(['folder', 's3'] as const)('the file API on the %s storage', (kind) => {
  let server: TestServer;
  let s3: S3rver | undefined;
  let s3Dir: string | undefined;
  let admin: Client;
  let adminToken: string;
  let editor: Client;
  let visitor: Client;
  let acme: Client;
  let acmeToken: string;
  let editorId: number;
  let pdf: Buffer;

  /** Send parts as an upload of `token`'s user; the answer as JSON. */
  async function upload(token: string, parts: Part[], parentId?: number) {
    const { body, contentType } = multipart(parts);
    const url = `${server.url}${FILE}/uploadFile${parentId ? `?parentId=${parentId}` : ''}`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body: new Uint8Array(body),
    });
    return { status: res.status, body: (await res.json()) as Envelope<FileRecord[]> };
  }

  async function objectKeys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const o of storageOf(server.config).list()) keys.push(o.key);
    return keys.sort();
  }

  async function rowsOf(api: Client): Promise<FileRecord[]> {
    const res = await api.get<Envelope<PageData<FileRecord>>>(`${FILE}/queryFile`, { fileName: '.', pageSize: 1000 });
    const folders = await api.get<Envelope<{ id: number }[]>>(`${FILE}/queryFileFolder`);
    return [...res.body.data!.list, ...folders.body.data!.map((f) => f as unknown as FileRecord)];
  }

  function tempFiles(): string[] {
    try {
      return readdirSync(uploadTempDir(server.config));
    } catch {
      return [];
    }
  }

  /** The state an refused request must leave untouched: objects, rows, temporary files. */
  async function snapshot() {
    return { objects: await objectKeys(), rows: (await rowsOf(admin)).map((r) => r.id).sort(), temp: tempFiles() };
  }

  beforeAll(async () => {
    let env: NodeJS.ProcessEnv = TEST_SERVER_ENV;
    if (kind === 's3') {
      s3Dir = mkdtempSync(join(tmpdir(), 's3rver-'));
      s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
      const address = await s3.run();
      env = {
        ...TEST_SERVER_ENV,
        S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      };
    }
    server = await startTestServer({ env });
    expect(storageOf(server.config).kind).toBe(kind);
    adminToken = await signIn(server.url, 'demo', 'admin');
    admin = client(server.url, adminToken);
    editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
    visitor = client(server.url, await signIn(server.url, 'demo', 'visitor'));
    acmeToken = await signIn(server.url, 'acme', 'admin');
    acme = client(server.url, acmeToken);
    editorId = await userId(editor);
    pdf = await pdfBytes();
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await s3?.close();
    if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
  });

  it('uploads several files in one request, lists, downloads under the original name and previews them', async () => {
    const text = Buffer.from('第一行\nsecond line\n');
    const res = await upload(adminToken, [
      { filename: '图片.png', type: 'image/png', body: PNG },
      { filename: 'report.pdf', type: 'application/pdf', body: pdf },
      { filename: '说明 notes.txt', type: 'text/plain', body: text },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [png, doc, txt] = res.body.data!;
    expect(png).toMatchObject({
      fileName: '图片.png',
      folder: false,
      fileSize: PNG.length,
      contentType: 'image/png',
      fileType: 'png',
      sizeKb: 1,
    });
    expect(doc).toMatchObject({ fileName: 'report.pdf', contentType: 'application/pdf', fileSize: pdf.length });
    expect(txt).toMatchObject({ fileName: '说明 notes.txt', contentType: 'text/plain', fileSize: text.length });
    expect(await objectKeys()).toHaveLength(3);

    const list = await admin.get<Envelope<PageData<FileRecord>>>(`${FILE}/queryFile`);
    expect(list.body.data!.list.map((f) => f.fileName).sort()).toEqual(['report.pdf', '图片.png', '说明 notes.txt'].sort());
    expect(JSON.stringify(list.body)).not.toContain('objectKey');

    const down = await admin.get<Buffer>(`${FILE}/downloadFile`, { id: png!.id });
    expect(down.status).toBe(200);
    expect(Buffer.compare(down.body, PNG)).toBe(0);
    const disposition = down.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment;/);
    // RFC 5987: the UTF-8 name, percent-encoded, beside an ASCII fallback
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('图片.png')}`);
    expect(down.headers.get('content-security-policy')).toContain('sandbox');

    const view = await admin.get<Buffer>(`${FILE}/previewFile`, { id: txt!.id });
    expect(view.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(view.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(view.body.toString('utf8')).toBe(text.toString('utf8'));
    const image = await admin.get<Buffer>(`${FILE}/previewFile`, { id: png!.id });
    expect(image.headers.get('content-type')).toBe('image/png');
    const pdfView = await admin.get<Buffer>(`${FILE}/previewFile`, { id: doc!.id });
    expect(pdfView.headers.get('content-type')).toBe('application/pdf');
    expect(pdfView.body.subarray(0, 5).toString()).toBe('%PDF-');

    const found = await admin.get<Envelope<PageData<FileRecord>>>(`${FILE}/queryFile`, { fileName: 'REPORT' });
    expect(found.body.data!.list.map((f) => f.fileName)).toEqual(['report.pdf']);
  });

  it('makes, renames, moves and deletes folders with their contents (rows and objects)', async () => {
    const a = await admin.post<Envelope<FileRecord>>(`${FILE}/addFolder`, { fileName: '项目 A' });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const b = await admin.post<Envelope<FileRecord>>(`${FILE}/addFolder`, { fileName: 'inner', parentId: a.body.data!.id });
    expect(b.body.data).toMatchObject({ folder: true, parentId: a.body.data!.id });
    const up = await upload(adminToken, [{ filename: 'plan.txt', type: 'text/plain', body: Buffer.from('plan') }], b.body.data!.id);
    expect(up.status).toBe(200);
    const loose = await upload(adminToken, [{ filename: 'loose.txt', type: 'text/plain', body: Buffer.from('loose') }]);
    const looseId = loose.body.data![0]!.id;

    const moved = await admin.post(`${FILE}/moveFile`, { id: [looseId], parentId: a.body.data!.id });
    expect(moved.status).toBe(200);
    const inA = await admin.get<Envelope<PageData<FileRecord>>>(`${FILE}/queryFile`, { parentId: a.body.data!.id });
    // folders first
    expect(inA.body.data!.list.map((f) => f.fileName)).toEqual(['inner', 'loose.txt']);

    const intoItself = await admin.post<Envelope>(`${FILE}/moveFile`, { id: [a.body.data!.id], parentId: b.body.data!.id });
    expect(intoItself.status).toBe(400);
    expect(intoItself.body.message).toContain('cannot be moved into itself');

    const renamed = await admin.put<Envelope<FileRecord>>(`${FILE}/updateFile`, { id: b.body.data!.id, fileName: '内部' });
    expect(renamed.body.data!.fileName).toBe('内部');
    const badName = await admin.put<Envelope>(`${FILE}/updateFile`, { id: b.body.data!.id, fileName: '../up' });
    expect(badName.status).toBe(400);

    const before = await objectKeys();
    const del = await admin.post(`${FILE}/deleteFile`, undefined, { id: a.body.data!.id });
    expect(del.status).toBe(200);
    const after = await objectKeys();
    expect(before.length - after.length).toBe(2);
    const gone = await admin.get<Envelope>(`${FILE}/downloadFile`, { id: up.body.data![0]!.id });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('The file could not be found');
    const folderGone = await admin.get<Envelope>(`${FILE}/queryFile`, { parentId: b.body.data!.id });
    expect(folderGone.status).toBe(404);
  });

  describe('bad uploads are refused with a message and store nothing', () => {
    const cases: [string, () => Part[], RegExp][] = [
      [
        '10 MB + 1 byte',
        () => [{ filename: 'big.txt', type: 'text/plain', body: Buffer.alloc(MAX_FILE_BYTES + 1, 'a') }],
        /smaller than 10MB/,
      ],
      ['an empty file', () => [{ filename: 'empty.txt', type: 'text/plain', body: Buffer.alloc(0) }], /the file is empty/],
      ['a .png whose bytes are an HTML page', () => [{ filename: 'photo.png', type: 'image/png', body: HTML_PAGE }], /not a \.png file/],
      [
        'a PDF declared and named as a PNG',
        () => [{ filename: 'photo.png', type: 'image/png', body: pdf }],
        /content is a pdf file, not \.png/,
      ],
      ['a name with ../', () => [{ filename: '../../etc/passwd.txt', type: 'text/plain', body: Buffer.from('x') }], /may not contain "\/"/],
      ['a name with \\', () => [{ filename: '..\\win.txt', type: 'text/plain', body: Buffer.from('x') }], /may not contain "\/" or "\\"/],
      ['a name with \\0', () => [{ filename: 'a\u0000b.txt', type: 'text/plain', body: Buffer.from('x') }], /control characters/],
      ['a name of ..', () => [{ filename: '..', type: 'text/plain', body: Buffer.from('x') }], /may not contain "\.\."/],
      [
        'a 1,000-character name',
        () => [{ filename: `${'长'.repeat(996)}.txt`, type: 'text/plain', body: Buffer.from('x') }],
        /at most 255 characters/,
      ],
      [
        'no declared type',
        () => [{ filename: 'a.txt', type: 'application/octet-stream', body: Buffer.from('x') }],
        /file type is required/,
      ],
      ['no extension', () => [{ filename: 'README', type: 'text/plain', body: Buffer.from('x') }], /file type is required/],
      [
        'a type that does not match the extension',
        () => [{ filename: 'a.txt', type: 'image/png', body: Buffer.from('x') }],
        /does not match the extension/,
      ],
      [
        'binary bytes as text',
        () => [{ filename: 'a.txt', type: 'text/plain', body: Buffer.from([0, 1, 2, 3, 0xff]) }],
        /not a \.txt file/,
      ],
      [
        'a good file beside a bad one',
        () => [
          { filename: 'good.txt', type: 'text/plain', body: Buffer.from('fine') },
          { filename: 'bad.png', type: 'image/png', body: HTML_PAGE },
        ],
        /bad\.png/,
      ],
      ['a form field that is not a file', () => [{ field: 'parentId', body: Buffer.from('1') }], /Unknown form field/],
    ];
    it.each(cases)('%s', async (_label, parts, message) => {
      const before = await snapshot();
      const res = await upload(adminToken, parts());
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.message).toMatch(message);
      expect(await snapshot()).toEqual(before);
    });

    it('exactly 10 MB is accepted', async () => {
      const res = await upload(adminToken, [{ filename: 'ten.txt', type: 'text/plain', body: Buffer.alloc(MAX_FILE_BYTES, 'b') }]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data![0]!.fileSize).toBe(MAX_FILE_BYTES);
      await admin.post(`${FILE}/deleteFile`, undefined, { id: res.body.data![0]!.id });
    });

    it('an upload cut off half-way', async () => {
      const before = await snapshot();
      const { body, contentType } = multipart([{ filename: 'cut.txt', type: 'text/plain', body: Buffer.alloc(2 * 1024 * 1024, 'c') }]);
      const url = new URL(`${server.url}${FILE}/uploadFile`);
      await new Promise<void>((resolve) => {
        const req = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            headers: { authorization: `Bearer ${adminToken}`, 'content-type': contentType, 'content-length': body.length },
          },
          () => resolve(),
        );
        req.on('error', () => resolve());
        req.write(body.subarray(0, body.length / 2), () => setTimeout(() => req.destroy(), 200));
      });
      // the server notices the closed connection and removes the partial temporary file (which
      // a busy server may create only after the client went)
      await expect.poll(() => snapshot(), { timeout: 20_000, interval: 100 }).toEqual(before);
    });

    it('into a folder that is not the caller’s', async () => {
      const folder = await acme.post<Envelope<FileRecord>>(`${FILE}/addFolder`, { fileName: 'acme only' });
      const res = await upload(adminToken, [{ filename: 'x.txt', type: 'text/plain', body: Buffer.from('x') }], folder.body.data!.id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('The folder could not be found');
    });

    it('over the tenant’s quota (tenant parameter file.quotaMb)', async () => {
      const param = await acme.post<Envelope<{ id: number }>>('/api/admin/sysparam/addSysParam', {
        paramName: 'Netdisc quota',
        paramKey: 'file.quotaMb',
        paramValue: '1',
      });
      expect(param.status, JSON.stringify(param.body)).toBe(200);
      const first = await upload(acmeToken, [{ filename: 'a.txt', type: 'text/plain', body: Buffer.alloc(700 * 1024, 'a') }]);
      expect(first.status).toBe(200);
      const keys = await objectKeys();
      const second = await upload(acmeToken, [{ filename: 'b.txt', type: 'text/plain', body: Buffer.alloc(700 * 1024, 'b') }]);
      expect(second.status).toBe(413);
      expect(second.body.message).toMatch(/storage quota of 1 MB would be exceeded/);
      expect(await objectKeys()).toEqual(keys);
      const usage = await acme.get<Envelope<{ used: number; quota: number }>>(`${FILE}/queryFileUsage`);
      expect(usage.body.data).toEqual({ used: 700 * 1024, quota: 1024 * 1024 });
    });
  });

  describe('tenancy, ownership and sharing', () => {
    let fileId: number;
    beforeAll(async () => {
      const res = await upload(adminToken, [{ filename: '共享 清单.txt', type: 'text/plain', body: Buffer.from('shared list') }]);
      fileId = res.body.data![0]!.id;
    });

    it('another tenant’s file id is "The file could not be found" for every call', async () => {
      for (const res of [
        await acme.get<Envelope>(`${FILE}/downloadFile`, { id: fileId }),
        await acme.get<Envelope>(`${FILE}/previewFile`, { id: fileId }),
        await acme.put<Envelope>(`${FILE}/updateFile`, { id: fileId, fileName: 'stolen.txt' }),
        await acme.post<Envelope>(`${FILE}/moveFile`, { id: [fileId], parentId: null }),
        await acme.post<Envelope>(`${FILE}/deleteFile`, undefined, { id: fileId }),
        await acme.post<Envelope>(`${FILE}/shareFile`, { id: fileId, userId: [] }),
        await acme.get<Envelope>(`${FILE}/querySharedUser`, { id: fileId }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('The file could not be found');
      }
      const still = await admin.get<Buffer>(`${FILE}/downloadFile`, { id: fileId });
      expect(still.body.toString()).toBe('shared list');
    });

    it('another user’s file is not the caller’s until it is shared; then it can be downloaded, not changed', async () => {
      expect((await editor.get<Envelope>(`${FILE}/downloadFile`, { id: fileId })).status).toBe(404);
      const candidates = await admin.get<Envelope<{ userId: number[]; users: { id: number; username: string }[] }>>(
        `${FILE}/querySharedUser`,
        {
          id: fileId,
        },
      );
      expect(candidates.body.data!.userId).toEqual([]);
      expect(candidates.body.data!.users.map((u) => u.username)).toContain('editor');
      const share = await admin.post<Envelope>(`${FILE}/shareFile`, { id: fileId, userId: [editorId] });
      expect(share.status, JSON.stringify(share.body)).toBe(200);
      const mine = await editor.get<Envelope<PageData<FileRecord>>>(`${FILE}/querySharedFile`);
      expect(mine.body.data!.list.map((f) => f.fileName)).toEqual(['共享 清单.txt']);
      const down = await editor.get<Buffer>(`${FILE}/downloadFile`, { id: fileId });
      expect(down.body.toString()).toBe('shared list');
      expect((await editor.put<Envelope>(`${FILE}/updateFile`, { id: fileId, fileName: 'mine.txt' })).status).toBe(404);
      expect((await editor.post<Envelope>(`${FILE}/deleteFile`, undefined, { id: fileId })).status).toBe(404);
      // the editor's own netdisc does not list it
      const own = await editor.get<Envelope<PageData<FileRecord>>>(`${FILE}/queryFile`);
      expect(own.body.data!.list.map((f) => f.id)).not.toContain(fileId);
    });

    it('a share to a user of another tenant is refused and changes nothing', async () => {
      const acmeAdminId = await userId(acme);
      const before = await admin.get<Envelope<{ userId: number[] }>>(`${FILE}/querySharedUser`, { id: fileId });
      const res = await admin.post<Envelope>(`${FILE}/shareFile`, { id: fileId, userId: [editorId, acmeAdminId] });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/No such user in this tenant/);
      const after = await admin.get<Envelope<{ userId: number[] }>>(`${FILE}/querySharedUser`, { id: fileId });
      expect(after.body.data!.userId).toEqual(before.body.data!.userId);
      const acmeShared = await acme.get<Envelope<PageData<FileRecord>>>(`${FILE}/querySharedFile`);
      expect(acmeShared.body.data!.list).toEqual([]);
    });

    it('a visitor is not granted the netdisc calls', async () => {
      const res = await visitor.get<Envelope>(`${FILE}/queryFile`);
      expect(res.status).toBe(403);
    });

    it('other calls refuse multipart bodies', async () => {
      const { body, contentType } = multipart([{ filename: 'a.txt', type: 'text/plain', body: Buffer.from('x') }]);
      const res = await fetch(`${server.url}${FILE}/addFolder`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': contentType },
        body: new Uint8Array(body),
      });
      expect(res.status).toBe(415);
    });
  });

  it.runIf(kind === 'folder')('syncs each object before its row is written; a failed sync stores nothing', async () => {
    const storage = storageOf(server.config) as FolderStorage;
    const sync = storage.sync;
    try {
      // a 5 MB file: synced in the background while it arrives, then once more before its row
      const rowsBefore = (await rowsOf(admin)).length;
      const syncs: { folder: boolean; rows: number }[] = [];
      storage.sync = async (handle, folder) => {
        await sync(handle, folder);
        syncs.push({ folder, rows: (await rowsOf(admin)).length });
      };
      const res = await upload(adminToken, [{ filename: 'synced.txt', type: 'text/plain', body: Buffer.alloc(5 * 1024 * 1024, 's') }]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(syncs.filter((s) => !s.folder).length).toBeGreaterThanOrEqual(2);
      expect(syncs.at(-1)!.folder).toBe(true);
      expect(syncs.every((s) => s.rows === rowsBefore)).toBe(true);
      expect((await rowsOf(admin)).length).toBe(rowsBefore + 1);

      // a sync that fails, in the background (5 MB) or before the row (a few bytes): an error, and nothing stored
      storage.sync = async (handle, folder) => {
        if (!folder) throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
        await sync(handle, folder);
      };
      for (const body of [Buffer.alloc(5 * 1024 * 1024, 'f'), Buffer.from('small')]) {
        const before = await snapshot();
        const failed = await upload(adminToken, [{ filename: 'failed.txt', type: 'text/plain', body }]);
        expect(failed.status, JSON.stringify(failed.body)).toBe(500);
        expect(await snapshot()).toEqual(before);
      }
    } finally {
      storage.sync = sync;
    }
  });

  it('the clean-up removes objects without a row (a crash between object and row) and keeps the others', async () => {
    const storage = storageOf(server.config);
    const kept = await objectKeys();
    expect(kept.length).toBeGreaterThan(0);
    const orphanSource = join(mkdtempSync(join(tmpdir(), 'orphan-')), 'orphan');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(orphanSource, 'left by a crash');
    await storage.put('demo/00000000-0000-4000-8000-000000000000', orphanSource, 15, 'text/plain');
    expect(await objectKeys()).toHaveLength(kept.length + 1);
    // a young orphan may be an upload whose row is on its way: left alone
    expect((await cleanFileStorage(server.services)).removed).toEqual([]);
    const later = { ...server.services, now: () => new Date(Date.now() + 2 * 60 * 60_000) };
    const report = await cleanFileStorage(later);
    expect(report.removed).toEqual(['demo/00000000-0000-4000-8000-000000000000']);
    expect(await objectKeys()).toEqual(kept);
  });
});
