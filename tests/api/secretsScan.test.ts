/**
 * No answer of any call carries a password hash, a client secret or the token key: every
 * GET call of the registry is called (required parameters filled in), as an administrator,
 * and every answer is scanned; so are the answers of every resource's add and update (records
 * whose secrets are set) and every export file (spreadsheet cells, Word text, PDF text as a
 * reader extracts it, the import template too), and the sign-in and account answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type ExcelJS from 'exceljs';
import { loadRegistry } from '../../schemas/registry/loadRegistry.ts';
import type { CallVerb, JsonSchema, Resource } from '../../schemas/registry/types.ts';
import {
  callUrl,
  client,
  docxXml,
  pdfPages,
  readWorkbook,
  requestToken,
  signIn,
  startTestServer,
  DEMO_PASSWORD,
  type Envelope,
  type PageData,
  type TestServer,
} from './harness.ts';
import { VALID_SECRET, validRecord } from './validRecord.ts';
import { createHash } from 'node:crypto';
import { issueCaptcha } from '../../server-mock/auth/captcha.ts';
import { mailOutbox } from '../../server-mock/auth/mail.ts';
import { normaliseResetCode } from '../../server-mock/access/resetTokens.ts';

const TOKEN_KEY = 'scan-token-key-which-must-never-leak';
const registry = loadRegistry('schemas');
let server: TestServer;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer({ tokenSecret: TOKEN_KEY });
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
});

afterAll(async () => {
  await server?.stop();
});

/** What a leak looks like in an answer's text: a stored hash, a secret field, the token key, a secret as it was set. */
function leaksIn(text: string, where: string): string[] {
  const leaks: string[] = [];
  if (/scrypt\$/.test(text)) leaks.push(`${where}: a scrypt hash`);
  if (/"(password|clientSecret)"\s*:/.test(text)) leaks.push(`${where}: a password or secret field`);
  if (text.includes(TOKEN_KEY)) leaks.push(`${where}: the token key`);
  if (text.includes(VALID_SECRET) || text.includes(DEMO_PASSWORD)) leaks.push(`${where}: a secret as it was set`);
  return leaks;
}

function jsonText(body: unknown): string {
  return Buffer.isBuffer(body) ? body.toString('latin1') : JSON.stringify(body);
}

function sampleParams(schema: JsonSchema | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of schema?.required ?? []) {
    const p = schema!.properties?.[name] ?? {};
    out[name] =
      p.type === 'integer'
        ? '1'
        : name === 'mobile'
          ? '13800000001'
          : name === 'dictType'
            ? 'user_status'
            : name === 'menuCode'
              ? 'sysuser'
              : name === 'roleCode'
                ? 'ROLE_EDITOR'
                : 'admin';
  }
  return out;
}

function urlOf(r: Resource, verb: CallVerb): string | undefined {
  return callUrl(registry, r, verb);
}

/** Every cell of every sheet, as text. */
function workbookText(wb: ExcelJS.Workbook): string {
  const cells: string[] = [];
  wb.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => cells.push(typeof cell.value === 'object' ? JSON.stringify(cell.value) : String(cell.value))),
    ),
  );
  return cells.join('\n');
}

/**
 * The GET calls whose answers are scanned: not the development mock calls (MOCK_API is off
 * here: docs/mock-api.md), not getSmsCaptcha (it sends a code; its answer has no data), not the
 * event streams (they stay open and carry no record data: the live channel's are in
 * tests/api/liveNotifications.test.ts).
 */
const scannedGets = registry.calls.filter((c) => c.method === 'GET' && !c.mock && c.name !== 'getSmsCaptcha' && c.result !== 'stream');

describe('secrets', () => {
  it('appear in no answer of any GET call', async () => {
    const leaks: string[] = [];
    let scanned = 0;
    for (const call of scannedGets) {
      const params = call.verb === 'query' ? { pageSize: '10000' } : sampleParams(call.query);
      const res = await admin.get(call.url, params);
      scanned++;
      leaks.push(...leaksIn(jsonText(res.body), call.url));
    }
    expect(scanned).toBeGreaterThan(30);
    expect(leaks).toEqual([]);
  });

  it('appear in no answer of an add or an update, though the records carry secrets', async () => {
    const leaks: string[] = [];
    const written: string[] = [];
    for (const r of registry.resources) {
      const query = urlOf(r, 'query');
      const add = urlOf(r, 'add');
      if (!query || !add) continue;
      const row = (await admin.get<Envelope<PageData>>(query, { pageSize: 1 })).body.data?.list[0];
      const record = validRecord(r, row, '91');
      if (!record) continue;
      const created = await admin.post<Envelope<Record<string, unknown>>>(add, record);
      // a unique set that ends with a reference (a user's post) is not made new by a suffix
      if (created.status === 400 && /Invalid reference/.test(created.body.message ?? '')) continue;
      expect(created.status, `${add}: ${JSON.stringify(created.body)}`).toBe(200);
      leaks.push(...leaksIn(jsonText(created.body), add));
      const update = urlOf(r, 'update');
      if (update) {
        const res = await admin.put(update, { ...validRecord(r, created.body.data, '92'), id: created.body.data!.id });
        expect(res.status, `${update}: ${JSON.stringify(res.body)}`).toBe(200);
        leaks.push(...leaksIn(jsonText(res.body), update));
      }
      written.push(r.name);
    }
    // the resources with secrets are among those written
    expect(written).toEqual(expect.arrayContaining(['SysUser', 'AppClient']));
    expect(written.length).toBeGreaterThan(10);
    expect(leaks).toEqual([]);
  });

  it('appear in no export file: spreadsheet, template, Word or PDF', async () => {
    const leaks: string[] = [];
    let files = 0;
    for (const r of registry.resources) {
      const sheet = urlOf(r, 'export');
      if (sheet) {
        for (const body of [{}, { isTemplate: 1 }]) {
          const res = await admin.post(sheet, body);
          expect(res.status, sheet).toBe(200);
          leaks.push(...leaksIn(workbookText(await readWorkbook(res.body)), `${sheet} ${JSON.stringify(body)}`));
          files++;
        }
      }
      const word = urlOf(r, 'exportWord');
      if (word) {
        const res = await admin.post(word, {});
        expect(res.status, word).toBe(200);
        leaks.push(...leaksIn(await docxXml(res.body), word));
        files++;
      }
      const pdf = urlOf(r, 'exportPdf');
      if (pdf) {
        const res = await admin.post(pdf, {});
        expect(res.status, pdf).toBe(200);
        leaks.push(...leaksIn((await pdfPages(res.body)).join('\n'), pdf));
        files++;
      }
    }
    expect(files).toBeGreaterThan(40);
    expect(leaks).toEqual([]);
  });

  it('a password reset code, or its stored hash, appears in no answer', async () => {
    const email = 'admin@demo.example.com';
    const pub = client(server.url);
    const answers: [string, unknown][] = [];
    const asked = await pub.post('/api/account/sysuserdetail/retrievePassword', undefined, {
      tenantCode: 'demo',
      email,
      charCaptcha: 'HEXU',
      captchaKey: (await issueCaptcha(server.services, 'HEXU')).key,
    });
    expect(asked.status).toBe(200);
    answers.push(['retrievePassword', asked.body]);
    const code = /is ([A-Z0-9-]{14}) \./.exec(mailOutbox(server.services).last(email) ?? '')![1]!;
    const forms = [code, normaliseResetCode(code), createHash('sha256').update(normaliseResetCode(code)).digest('hex')];
    answers.push([
      'resetPassword (wrong code)',
      (
        await pub.post('/api/account/sysuserdetail/resetPassword', {
          tenantCode: 'demo',
          email,
          code: 'AAAA-BBBB-CCCC',
          newPassword: 'Fresh#Start9',
        })
      ).body,
    ]);
    for (const call of scannedGets) {
      const params = call.verb === 'query' ? { pageSize: '10000' } : sampleParams(call.query);
      answers.push([call.url, (await admin.get(call.url, params)).body]);
    }
    const leaks = answers.flatMap(([where, body]) => forms.filter((f) => jsonText(body).includes(f)).map(() => where));
    expect(answers.length).toBeGreaterThan(30);
    expect(leaks).toEqual([]);
  });

  it('appear in no answer of sign-in or of the signed-in account calls', async () => {
    const leaks: string[] = [];
    const signedIn = await requestToken(server.url, 'demo', 'admin');
    expect(signedIn.status).toBe(200);
    leaks.push(...leaksIn(await signedIn.text(), 'sign-in'));
    // the calls a signed-in user makes with no input (a task's or a process's calls name one;
    // a call taking its input in the query string or the body, as the task actions do, checks
    // what it requires in its handler, since either may carry it)
    const calls = registry.calls.filter(
      (c) =>
        c.auth === 'session' &&
        c.method === 'POST' &&
        c.name !== 'logout' &&
        !(c.query && c.body) &&
        !c.query?.required?.length &&
        !c.body?.required?.length,
    );
    expect(calls.map((c) => c.name)).toContain('queryCurrentAuthority');
    for (const call of calls) {
      const res = await admin.post(call.url, {});
      expect(res.status, `${call.url}: ${JSON.stringify(res.body)}`).toBe(200);
      leaks.push(...leaksIn(jsonText(res.body), call.url));
    }
    expect(leaks).toEqual([]);
  });
});
