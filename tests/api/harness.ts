/**
 * Starts a real server for an API test file: a fresh SQLite directory, or a fresh database on
 * the PostgreSQL server named by TEST_DATABASE_URL (the second pass of `npm test`).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { startServer, type RunningServer, type StartOptions } from '../../server-mock/app/startServer.ts';
import type { CallVerb, Registry, Resource } from '../../schemas/registry/types.ts';

export const DEMO_PASSWORD = 'Demo@2026';
export const BROWSER_BASIC = 'Basic YnJvd3Nlcjo=';

export interface TestServer extends RunningServer {
  /** Stop the server and delete its data. */
  stop(): Promise<void>;
  databaseUrl?: string;
}

async function withAdmin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new empty PostgreSQL database on the TEST_DATABASE_URL server; returns its URL. */
export async function createPgDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`create database ${name}`));
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: () => withAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/**
 * The environment of a test server unless a test gives its own: per-address rate limits high
 * enough for a suite that signs in from one address (127.0.0.1) many times a minute. The
 * suites of the limits themselves pass `env: {}` (the defaults) or their own numbers.
 */
export const TEST_SERVER_ENV: NodeJS.ProcessEnv = { SIGN_IN_RATE_LIMIT: '100000', SMS_RATE_LIMIT: '100000', ACCOUNT_RATE_LIMIT: '100000' };

export async function startTestServer(
  options: Omit<StartOptions, 'port' | 'dataDir' | 'databaseUrl'> & { dataDir?: string; databaseUrl?: string } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'console-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const pgDb = options.databaseUrl ? undefined : adminUrl ? await createPgDatabase(adminUrl) : undefined;
  const databaseUrl = options.databaseUrl ?? pgDb?.url;
  const server = await startServer({
    quiet: true,
    staticDir: join(dataDir, 'no-console'),
    ...options,
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    env: options.env ?? TEST_SERVER_ENV,
  });
  return Object.assign(server, {
    databaseUrl,
    stop: async () => {
      await server.close();
      if (pgDb) await pgDb.drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

/** What a test adds to a copy of `schemas/`: resource files, locale entries, menu entries. */
export interface SchemaAdditions {
  /** File name under `resources/` (for example `supplier.json`) to the resource document. */
  resources?: Record<string, unknown>;
  /** Per locale, top-level section (`resources`, `route`, `dict`, ...) to the entries merged into it. */
  messages?: Record<string, Record<string, Record<string, unknown>>>;
  /** Menu entries appended to the children of the top-level menu of code `parent`. */
  menu?: { parent: string; entry: Record<string, unknown> }[];
}

/**
 * A copy of `schemas/` in a temporary folder with `add` applied, for a server started with
 * `{ schemasDir }` as an implementer's project would be; `remove()` deletes it.
 */
export function schemasWith(add: SchemaAdditions): { schemasDir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
  const schemasDir = join(dir, 'schemas');
  cpSync('schemas', schemasDir, { recursive: true });
  const editJson = <T>(file: string, edit: (value: T) => void) => {
    const value = JSON.parse(readFileSync(file, 'utf8')) as T;
    edit(value);
    writeFileSync(file, JSON.stringify(value, null, 2));
  };
  for (const [name, doc] of Object.entries(add.resources ?? {}))
    writeFileSync(join(schemasDir, 'resources', name), JSON.stringify(doc, null, 2));
  for (const [locale, sections] of Object.entries(add.messages ?? {})) {
    editJson<Record<string, Record<string, unknown> | undefined>>(join(schemasDir, 'locales', `${locale}.json`), (messages) => {
      for (const [section, entries] of Object.entries(sections)) messages[section] = { ...messages[section], ...entries };
    });
  }
  if (add.menu?.length) {
    editJson<{ menus: { code: string; children?: unknown[] }[] }>(join(schemasDir, 'menu.json'), (menu) => {
      for (const { parent, entry } of add.menu!) {
        const top = menu.menus.find((m) => m.code === parent);
        if (!top) throw new Error(`schemasWith: no top-level menu "${parent}"`);
        (top.children ??= []).push(entry);
      }
    });
  }
  return { schemasDir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export type Params = Record<string, string | number | boolean | undefined>;

function withParams(url: string, params?: Params): string {
  if (!params) return url;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${url}?${s}` : url;
}

/** A small client for tests: JSON in, JSON (or bytes for files) out. */
export function client(base: string, token?: string, extraHeaders: Record<string, string> = {}) {
  async function call<T>(
    method: string,
    path: string,
    options: { params?: Params; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...extraHeaders, ...options.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const res = await fetch(base + withParams(path, options.params), { method, headers, body });
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
  /** POST a file as multipart/form-data (field "file" unless named), as the import calls take it. */
  async function postFile<T = Envelope>(path: string, file: Buffer, filename = 'import.xlsx', field = 'file'): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...extraHeaders };
    if (token) headers.authorization = `Bearer ${token}`;
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(file)]), filename);
    const res = await fetch(base + path, { method: 'POST', headers, body: form });
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
  return {
    postFile,
    get: <T = Envelope>(path: string, params?: Params) => call<T>('GET', path, { params }),
    post: <T = Envelope>(path: string, body?: unknown, params?: Params) => call<T>('POST', path, { body, params }),
    put: <T = Envelope>(path: string, body?: unknown) => call<T>('PUT', path, { body }),
    call,
  };
}

export interface Envelope<T = unknown> {
  status: number;
  code?: number;
  message: string;
  data?: T;
  /** Field errors: those of a record carry the validator's keyword and params. */
  errors?: { field: string; keyword?: string; params?: Record<string, unknown>; message: string }[];
}

export interface PageData<T = Record<string, unknown>> {
  list: T[];
  pagination: { total: number; pageSize: number; current: number };
}

/** The password grant's request, as the sign-in page sends it; the answer as it came. */
export function requestToken(base: string, tenantCode: string, username: string, password = DEMO_PASSWORD): Promise<Response> {
  const qs = new URLSearchParams({
    username,
    password,
    tenantCode,
    scope: 'ui',
    grant_type: 'password',
    client_id: 'browser',
    type: 'account',
  });
  return fetch(`${base}/api/uaa/oauth/token?${qs}`, {
    method: 'POST',
    headers: { authorization: BROWSER_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** Sign in with the password grant; returns the access token. */
export async function signIn(base: string, tenantCode: string, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await requestToken(base, tenantCode, username, password);
  const body = (await res.json()) as { access_token?: string; message?: string };
  if (!res.ok || !body.access_token) throw new Error(`sign-in of ${tenantCode}/${username} failed: ${res.status} ${body.message}`);
  return body.access_token;
}

/** The URL of a resource's standard call (its query, add, export...), if it has one. */
export function callUrl(registry: Registry, r: Resource, verb: CallVerb): string | undefined {
  return registry.calls.find((c) => c.resource === r.name && c.verb === verb)?.url;
}

/** Open a downloaded spreadsheet (a file answer of the test client). */
export async function readWorkbook(body: unknown): Promise<ExcelJS.Workbook> {
  if (!Buffer.isBuffer(body)) throw new Error(`expected a file, got ${JSON.stringify(body).slice(0, 200)}`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as Parameters<typeof wb.xlsx.load>[0]);
  return wb;
}

function fileBody(body: unknown): Buffer {
  if (!Buffer.isBuffer(body)) throw new Error(`expected a file, got ${JSON.stringify(body).slice(0, 200)}`);
  return body;
}

/** The document part (word/document.xml) of a downloaded Word file. */
export async function docxXml(body: unknown): Promise<string> {
  const zip = await JSZip.loadAsync(fileBody(body));
  const part = zip.file('word/document.xml');
  if (!part || !zip.file('[Content_Types].xml')) throw new Error(`not a Word document: ${Object.keys(zip.files).join(', ')}`);
  return part.async('string');
}

/** Text of every page of a downloaded PDF, as a PDF reader extracts it. */
export async function pdfPages(body: unknown): Promise<string[]> {
  // loaded on first use: pdf.js's legacy build replaces built-ins such as JSON.parse and
  // Array.prototype.push with slower polyfills, which the servers that benches start in their
  // own process (bench/*.ts import this harness) must not run on
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({
    data: new Uint8Array(fileBody(body)),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}
