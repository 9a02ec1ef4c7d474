// The generator end to end: deterministic output, drift detection, a new resource file
// becoming types and client functions that type-check, and clear errors for bad files.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { format } from 'prettier';
import { runGenerator } from '../../generators/runGenerator.ts';
import { GENERATED_HEADER } from '../../generators/tsSource.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SCHEMAS = join(ROOT, 'schemas');
const OUTPUTS = ['client.ts', 'fileTypes.ts', 'queryAndBody.ts', 'resources.ts', 'routes.ts', 'types.ts'];

let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'gen-test-'));
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** Run the CLI from the repository root, as npm run gen does. */
function cli(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'generators/cli.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function readOutput(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
}

/** A copy of schemas/ that a test may change. */
function copySchemas(name: string): string {
  const dir = join(work, name);
  cpSync(SCHEMAS, dir, { recursive: true });
  return dir;
}

function setMessage(messages: Record<string, unknown>, key: string, value: string): void {
  const parts = key.split('.');
  let node = messages;
  for (const part of parts.slice(0, -1)) {
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1)!] = value;
}

/** Add locale strings to the copied locale files (every locale gets the same text). */
function addMessages(schemasDir: string, messages: Record<string, string>): void {
  const dir = join(schemasDir, 'locales');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const doc = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
    for (const [key, text] of Object.entries(messages)) setMessage(doc, key, text);
    writeFileSync(join(dir, file), JSON.stringify(doc, null, 2));
  }
}

const SUPPLIER = {
  $schema: '../resource.schema.json',
  name: 'Supplier',
  service: 'material',
  path: 'supplier',
  kind: 'entity',
  labels: {
    title: 'resources.Supplier.title',
    fields: {
      supplierCode: 'resources.Supplier.fields.supplierCode',
      supplierName: 'resources.Supplier.fields.supplierName',
      rating: 'resources.Supplier.fields.rating',
      active: 'resources.Supplier.fields.active',
    },
  },
  record: {
    type: 'object',
    additionalProperties: false,
    required: ['supplierCode', 'supplierName'],
    properties: {
      supplierCode: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Z0-9_]+$' },
      supplierName: { type: 'string', minLength: 1, maxLength: 128 },
      rating: { type: 'integer', minimum: 1, maximum: 5 },
      active: { type: 'boolean' },
    },
  },
  list: { search: { basic: ['supplierCode', 'supplierName'], advanced: [{ field: 'createTime', match: 'range' }] } },
  actions: [
    { name: 'query', permission: 'supplier:query' },
    { name: 'add', permission: 'supplier:add' },
  ],
  storage: { unique: [['supplierCode']] },
};

const SUPPLIER_MESSAGES = {
  'resources.Supplier.title': 'Supplier',
  'resources.Supplier.fields.supplierCode': 'Code',
  'resources.Supplier.fields.supplierName': 'Name',
  'resources.Supplier.fields.rating': 'Rating',
  'resources.Supplier.fields.active': 'Active',
};

/** Type-check a generated directory on its own with the compiler API (strict, as tsconfig.json). */
function typeCheck(dir: string): string {
  const files = readdirSync(dir).map((f) => join(dir, f));
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    noUncheckedIndexedAccess: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  return ts.formatDiagnostics(ts.getPreEmitDiagnostics(program), {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => dir,
    getNewLine: () => '\n',
  });
}

describe('generator', () => {
  it('gives identical output on every run, each file with the header', async () => {
    const a = join(work, 'out-a');
    const b = join(work, 'out-b');
    const first = await runGenerator({ schemasDir: SCHEMAS, outDir: a });
    expect(first.changed.sort()).toEqual(OUTPUTS);
    await runGenerator({ schemasDir: SCHEMAS, outDir: b });
    const again = await runGenerator({ schemasDir: SCHEMAS, outDir: a });
    expect(again.changed).toEqual([]);
    const outA = readOutput(a);
    expect(outA).toEqual(readOutput(b));
    expect(Object.keys(outA).sort()).toEqual(OUTPUTS);
    for (const text of Object.values(outA)) {
      expect(text.startsWith(`${GENERATED_HEADER}\n`)).toBe(true);
      expect(text).not.toMatch(/\r/);
    }
    expect(typeCheck(a)).toBe('');
    // Formatted as Prettier would (json-schema-to-typescript formats its part with it).
    for (const [file, text] of Object.entries(outA)) {
      const pretty = await format(text, { parser: 'typescript', printWidth: 100, singleQuote: true, trailingComma: 'all' });
      expect(pretty, file).toBe(text);
    }
  }, 180_000);

  it('--check passes on fresh output and names each drifted file', async () => {
    const out = join(work, 'out-check');
    await runGenerator({ schemasDir: SCHEMAS, outDir: out });
    const fresh = cli('--check', '--out', out);
    expect(fresh.code, fresh.stderr).toBe(0);

    writeFileSync(join(out, 'types.ts'), `${readFileSync(join(out, 'types.ts'), 'utf8')}\n// edited\n`);
    unlinkSync(join(out, 'routes.ts'));
    writeFileSync(join(out, 'stale.ts'), `${GENERATED_HEADER}\n`);
    const drifted = cli('--check', '--out', out);
    expect(drifted.code).toBe(1);
    expect(drifted.stderr).toMatch(/changed\s+\S*types\.ts/);
    expect(drifted.stderr).toMatch(/missing\s+\S*routes\.ts/);
    expect(drifted.stderr).toMatch(/extra\s+\S*stale\.ts/);
    expect(drifted.stderr).not.toMatch(/client\.ts/);

    // --check wrote nothing; a real run repairs everything, stale generated files included.
    expect(readdirSync(out).sort()).toEqual(['client.ts', 'fileTypes.ts', 'queryAndBody.ts', 'resources.ts', 'stale.ts', 'types.ts']);
    const repair = await runGenerator({ schemasDir: SCHEMAS, outDir: out });
    expect(repair.changed.sort()).toEqual(['routes.ts', 'stale.ts', 'types.ts']);
    expect(readdirSync(out).sort()).toEqual(OUTPUTS);
    expect((await runGenerator({ schemasDir: SCHEMAS, outDir: out, check: true })).changed).toEqual([]);
  }, 180_000);

  it('--check names fileTypes.ts when a meta-schema changed, and the file types follow it', async () => {
    const out = join(work, 'out-meta');
    await runGenerator({ schemasDir: SCHEMAS, outDir: out });
    const schemas = copySchemas('schemas-meta');
    const metaPath = join(schemas, 'resource.schema.json');
    const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as { properties: Record<string, unknown> };
    meta.properties.owner = { description: 'Who looks after the resource.', type: 'string' };
    writeFileSync(metaPath, JSON.stringify(meta, null, 2));
    const check = cli('--check', '--schemas', schemas, '--out', out);
    expect(check.code).toBe(1);
    expect(check.stderr).toMatch(/changed\s+\S*fileTypes\.ts/);
    expect(check.stderr.split('\n').filter((l) => /^\s+(changed|missing|extra)\s/.test(l))).toHaveLength(1);
    await runGenerator({ schemasDir: schemas, outDir: out });
    const fileTypes = readFileSync(join(out, 'fileTypes.ts'), 'utf8');
    const resourceFile = fileTypes.slice(fileTypes.indexOf('export interface ResourceFile {'));
    expect(resourceFile.slice(0, resourceFile.indexOf('\n}\n'))).toMatch(/\n {2}owner\?: string;/);
  }, 60_000);

  it('turns a new resource file into types and client functions that type-check', () => {
    const schemas = copySchemas('schemas-supplier');
    writeFileSync(join(schemas, 'resources', 'supplier.json'), JSON.stringify(SUPPLIER, null, 2));
    addMessages(schemas, SUPPLIER_MESSAGES);
    const out = join(work, 'out-supplier');
    const run = cli('--schemas', schemas, '--out', out);
    expect(run.code, run.stderr).toBe(0);

    const types = readFileSync(join(out, 'types.ts'), 'utf8');
    // Optional fields the record lacks are answered as null; required and system fields never are.
    expect(types).toMatch(
      /export interface Supplier \{[^}]*\bid: number;[^}]*supplierCode: string;[^}]*rating\?: number \| null;[^}]*active\?: boolean \| null;[^}]*tenantCode\?: string;/,
    );
    expect(types).toMatch(/export interface SupplierInput \{[^}]*rating\?: number;/);
    expect(types).toMatch(/export interface SupplierInput \{/);
    expect(types).toMatch(/export interface SupplierQuery extends PageQuery \{[^}]*supplierName\?: string;[^}]*createTime\?: string;/);

    const client = readFileSync(join(out, 'client.ts'), 'utf8');
    for (const verb of ['query', 'add', 'update', 'delete', 'export', 'exportWord', 'exportPdf', 'import']) {
      expect(client).toMatch(new RegExp(`export async function ${verb}Supplier\\(`));
    }
    expect(client).toContain("url: '/api/material/supplier/querySupplier'");
    expect(client).toContain("params: { id: [ids].flat().join(',') }");
    // add and update answer the stored record.
    expect(client).toMatch(
      /export async function addSupplier\(\s*data: SupplierInput,\s*options\?: CallOptions,?\s*\): Promise<Envelope<Supplier>>/,
    );
    expect(client).toMatch(
      /export async function updateSupplier\(\s*data: Partial<SupplierInput> & \{ id: number \},\s*options\?: CallOptions,?\s*\): Promise<Envelope<Supplier>>/,
    );
    expect(client).not.toMatch(/from 'axios'/);

    const resources = readFileSync(join(out, 'resources.ts'), 'utf8');
    expect(resources).toMatch(/ {2}Supplier: \{\n {4}name: 'Supplier',\n {4}service: 'material',/);

    expect(typeCheck(out)).toBe('');
  }, 60_000);

  it('the generated client sends the platform conventions through the transport', async () => {
    const out = join(work, 'out-client');
    await runGenerator({ schemasDir: SCHEMAS, outDir: out });
    const client = (await import(join(out, 'client.ts'))) as Record<string, (...args: unknown[]) => Promise<unknown>> & {
      setTransport(t: { request(config: unknown): Promise<unknown> }): void;
    };
    const sent: unknown[] = [];
    client.setTransport({ request: async (config) => (sent.push(config), { status: 200, message: 'success' }) });
    await client.querySysRole!({ currentPage: 2, roleCode: 'ROLE_X' });
    await client.deleteSysRole!([3, 4]);
    await client.updateSysRole!({ id: 3, roleName: 'x' }, { headers: { RoleCode: 'ROLE_ADMIN' } });
    await client.exportSysRole!({ isTemplate: 1 });
    await client.exportPdfSysRole!({ roleCode: 'ROLE_X', columns: ['roleCode'] });
    const file = new Blob(['xlsx']);
    await client.importSysRole!(file);
    const form = (sent.at(-1) as { data: FormData }).data;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['file']);
    expect(await (form.get('file') as Blob).text()).toBe('xlsx');
    expect(sent).toEqual([
      { method: 'GET', url: '/api/admin/sysrole/querySysRole', params: { currentPage: 2, roleCode: 'ROLE_X' } },
      { method: 'POST', url: '/api/admin/sysrole/deleteSysRole', params: { id: '3,4' } },
      { method: 'PUT', url: '/api/admin/sysrole/updateSysRole', data: { id: 3, roleName: 'x' }, headers: { RoleCode: 'ROLE_ADMIN' } },
      { method: 'POST', url: '/api/admin/sysrole/exportSysRole', data: { isTemplate: 1 }, responseType: 'blob' },
      {
        method: 'POST',
        url: '/api/admin/sysrole/exportPDFSysRole',
        data: { roleCode: 'ROLE_X', columns: ['roleCode'] },
        responseType: 'blob',
      },
      { method: 'POST', url: '/api/admin/sysrole/importSysRole', data: form },
    ]);
  });

  it('reports a broken resource file with its name and JSON pointer, exit 1, no stack', () => {
    const schemas = copySchemas('schemas-broken');
    writeFileSync(
      join(schemas, 'resources', 'broken.json'),
      JSON.stringify({ ...SUPPLIER, name: 'Broken', path: 'broken', kind: 'entiy' }, null, 2),
    );
    const out = join(work, 'out-broken');
    const run = cli('--schemas', schemas, '--out', out);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('resources/broken.json at /kind');
    expect(run.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
    expect(() => readdirSync(out)).toThrow();
  });

  it('rejects two calls of different resources with the same name, naming both files', () => {
    const schemas = copySchemas('schemas-clash');
    const clash = { ...SUPPLIER, calls: [{ name: 'querySysRole', method: 'GET', handler: 'lookup.options' }] };
    writeFileSync(join(schemas, 'resources', 'supplier.json'), JSON.stringify(clash, null, 2));
    addMessages(schemas, SUPPLIER_MESSAGES);
    const run = cli('--schemas', schemas, '--out', join(work, 'out-clash'));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/querySysRole/);
    expect(run.stderr).toContain('resources/supplier.json');
    expect(run.stderr).toContain('resources/sys-role.json');
  });

  it('rejects unknown arguments with the usage', () => {
    const run = cli('--bogus');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Usage: npm run gen');
  });
});
