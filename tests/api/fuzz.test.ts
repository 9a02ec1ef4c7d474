/**
 * Schema-driven fuzzing (fast-check): for every entity resource, generated invalid add and
 * update bodies (wrong types, missing required fields, over-long strings, bad formats,
 * unknown fields, injection strings, huge numbers), junk query strings, junk export bodies,
 * and import files that are no spreadsheet or hold an invalid row. Always a 4xx with a
 * message, never a 5xx, and the table unchanged. FUZZ_RUNS sets the cases per call
 * (`npm run bench -- --only fuzz` runs thousands).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ExcelJS from 'exceljs';
import { LOCALES, getMessage, loadLocales } from '../../schemas/registry/locales.ts';
import { loadRegistry } from '../../schemas/registry/loadRegistry.ts';
import type { JsonSchema, Resource } from '../../schemas/registry/types.ts';
import { client, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';
import { validRecord } from './validRecord.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 70);
const registry = loadRegistry('schemas');
const resources = registry.resources.filter((r) => r.kind === 'entity');

let server: TestServer;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
});

afterAll(async () => {
  await server?.stop();
});

const INJECTIONS = [
  "'; drop table sys_user; --",
  '" or 1=1 --',
  '<script>alert(1)</script>',
  '{{constructor.constructor("return process")()}}',
  '../../../../etc/passwd',
  '\u0000',
  '%00',
  '\ud800',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓ 汉字',
  '__proto__',
];

const anyJunk = fc.oneof(
  fc.constantFrom(...INJECTIONS),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1e308, 2 ** 63, Number.MAX_SAFE_INTEGER + 2, -0),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);

function typesOf(s: JsonSchema): string[] {
  return Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
}

/** A value of the wrong type for the schema. */
function wrongType(s: JsonSchema) {
  const t = typesOf(s);
  const options = [];
  if (!t.includes('string')) options.push(fc.constantFrom(...INJECTIONS), fc.string({ minLength: 1, maxLength: 10 }));
  if (!t.includes('integer') && !t.includes('number')) options.push(fc.integer());
  if (!t.includes('boolean')) options.push(fc.boolean());
  if (!t.includes('array')) options.push(fc.array(fc.string(), { minLength: 1, maxLength: 2 }));
  if (!t.includes('object')) options.push(fc.constant({ nested: { deep: true } }));
  if (t.includes('integer') && !t.includes('number')) options.push(fc.constantFrom(1.5, -0.25));
  return fc.oneof(...options);
}

/** A definite violation of the resource's record schema. */
function violation(r: Resource): fc.Arbitrary<{ kind: string; apply: (body: Record<string, unknown>) => void }> {
  const props = Object.entries(r.record.properties ?? {});
  const required = r.record.required ?? [];
  const kinds: fc.Arbitrary<{ kind: string; apply: (body: Record<string, unknown>) => void }>[] = [
    fc.tuple(fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !(k in (r.record.properties ?? {})) && !['id', 'tenantCode', 'createTime', 'updateTime'].includes(k) && !Object.values(r.relations).some((x) => x.as === k)), anyJunk).map(([k, v]) => ({ kind: `unknown field ${k}`, apply: (b) => { b[k] = v; } })),
  ];
  if (props.length) {
    kinds.push(
      fc.constantFrom(...props).chain(([name, s]) => wrongType(s).map((v) => ({ kind: `wrong type ${name}`, apply: (b: Record<string, unknown>) => { b[name] = v; } }))),
    );
  }
  const long = props.filter(([, s]) => typesOf(s).includes('string'));
  if (long.length) {
    kinds.push(fc.constantFrom(...long).map(([name, s]) => ({ kind: `too long ${name}`, apply: (b: Record<string, unknown>) => { b[name] = 'x'.repeat((s.maxLength ?? 65535) + 1); } })));
  }
  const numeric = props.filter(([, s]) => typesOf(s).some((t) => t === 'integer' || t === 'number'));
  if (numeric.length) {
    kinds.push(fc.constantFrom(...numeric).map(([name]) => ({ kind: `huge ${name}`, apply: (b: Record<string, unknown>) => { b[name] = 1e300; } })));
  }
  const formatted = props.filter(([, s]) => typeof s.format === 'string' || typeof s.pattern === 'string' || Array.isArray(s.enum));
  if (formatted.length) {
    kinds.push(fc.constantFrom(...formatted).map(([name]) => ({ kind: `bad format ${name}`, apply: (b: Record<string, unknown>) => { b[name] = '!!not valid!! <script>'; } })));
  }
  if (required.length) {
    kinds.push(fc.constantFrom(...required).map((name) => ({ kind: `missing ${name}`, apply: (b: Record<string, unknown>) => { delete b[name]; } })));
  }
  return fc.oneof(...kinds);
}

/** A body of arbitrary (often plausible) values, or a valid record, then one definite violation. */
function invalidBody(r: Resource, base?: Record<string, unknown>) {
  const props = Object.keys(r.record.properties ?? {});
  const junk = fc.record(Object.fromEntries(props.map((p) => [p, anyJunk])), { requiredKeys: [] });
  const start = base ? fc.oneof(junk, fc.constant(base).map((b) => validRecord(r, b)!)) : junk;
  return start.chain((body) =>
    violation(r).map((v) => {
      const b: Record<string, unknown> = { ...body };
      v.apply(b);
      return { body: b, kind: v.kind };
    }),
  );
}

const locales = loadLocales('schemas');

/** Header texts the import takes for a resource: field names and labels (any locale), lower case. */
function headerTexts(r: Resource): Set<string> {
  const out = new Set<string>();
  for (const f of r.fields) {
    out.add(f.name.trim().toLowerCase());
    for (const l of LOCALES) out.add((getMessage(locales[l], f.label) ?? '').trim().toLowerCase());
  }
  for (const rel of Object.values(r.relations)) if (rel.as) out.add(rel.as.toLowerCase());
  return out;
}

/**
 * A definite violation that survives a spreadsheet cell (types do not: a cell of 5 in a text
 * column is the text "5"): an unknown column, a missing required value, an over-long text, a
 * bad format, a huge number.
 */
function importViolation(r: Resource): fc.Arbitrary<{ kind: string; apply: (body: Record<string, unknown>) => void }> {
  const props = Object.entries(r.record.properties ?? {});
  const known = headerTexts(r);
  const kinds: fc.Arbitrary<{ kind: string; apply: (body: Record<string, unknown>) => void }>[] = [
    fc.string({ minLength: 1, maxLength: 12 }).filter((k) => k.trim() !== '' && !known.has(k.trim().toLowerCase()) && !(k in Object.prototype)).map((k) => ({ kind: `unknown column ${k}`, apply: (b) => { b[k] = 'x'; } })),
  ];
  const required = r.record.required ?? [];
  if (required.length) kinds.push(fc.constantFrom(...required).map((name) => ({ kind: `missing ${name}`, apply: (b: Record<string, unknown>) => { b[name] = null; } })));
  const long = props.filter(([, s]) => typesOf(s).includes('string') && (s.maxLength ?? Infinity) < 30000);
  if (long.length) kinds.push(fc.constantFrom(...long).map(([name, s]) => ({ kind: `too long ${name}`, apply: (b: Record<string, unknown>) => { b[name] = 'x'.repeat(s.maxLength! + 1); } })));
  const formatted = props.filter(([, s]) => typeof s.format === 'string' || typeof s.pattern === 'string' || Array.isArray(s.enum));
  if (formatted.length) kinds.push(fc.constantFrom(...formatted).map(([name]) => ({ kind: `bad format ${name}`, apply: (b: Record<string, unknown>) => { b[name] = '!!not valid!! <script>'; } })));
  const numeric = props.filter(([, s]) => typesOf(s).some((t) => t === 'integer' || t === 'number'));
  if (numeric.length) kinds.push(fc.constantFrom(...numeric).map(([name]) => ({ kind: `huge ${name}`, apply: (b: Record<string, unknown>) => { b[name] = 1e300; } })));
  return fc.oneof(...kinds);
}

/** An .xlsx file of one record (the body's keys as the header row). */
async function spreadsheet(body: Record<string, unknown>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('import');
  sheet.addRow(Object.keys(body));
  sheet.addRow(Object.values(body).map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v) as ExcelJS.CellValue));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Import files that must be refused: bytes that are no .xlsx, or a valid record with one violation. */
function invalidImport(r: Resource, base: Record<string, unknown> | undefined) {
  const junkFile = fc.oneof(
    fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({ kind: 'random bytes', file: async () => Buffer.from(bytes) })),
    fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({ kind: 'a zip header then junk', file: async () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(bytes)]) })),
  );
  if (!base) return junkFile;
  const row = fc.constant(null).chain(() => importViolation(r).map((v) => {
    const body = validRecord(r, base)!;
    v.apply(body);
    return { kind: v.kind, file: () => spreadsheet(body) };
  }));
  return fc.oneof(junkFile, row, row);
}

function urlOf(r: Resource, verb: string): string {
  return registry.calls.find((c) => c.resource === r.name && c.verb === verb)!.url;
}

async function fingerprint(r: Resource): Promise<string> {
  const res = await admin.get<Envelope<PageData>>(urlOf(r, 'query'), { pageSize: 10000 });
  expect(res.status).toBe(200);
  return JSON.stringify(res.body.data!.list.map((x) => [x.id, x.updateTime]));
}

function expectClientError(res: { status: number; body: unknown }, what: string): void {
  const body = res.body as Envelope;
  if (res.status < 400 || res.status >= 500 || typeof body.message !== 'string' || !body.message) {
    throw new Error(`${what}: expected a 4xx with a message, got ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
}

describe.each(resources.map((r) => ({ name: r.name, r })))('$name', ({ r }) => {
  it(`refuses ${RUNS} invalid add bodies, junk query strings, invalid updates, junk exports and imports`, async () => {
    const before = await fingerprint(r);
    const sample = (await admin.get<Envelope<PageData>>(urlOf(r, 'query'), { pageSize: 1 })).body.data!.list[0];
    await fc.assert(
      fc.asyncProperty(invalidBody(r, sample), async ({ body, kind }) => {
        const res = await admin.post(urlOf(r, 'add'), body);
        expectClientError(res, `add with ${kind}`);
      }),
      { numRuns: RUNS },
    );
    const existing = await admin.get<Envelope<PageData>>(urlOf(r, 'query'), { pageSize: 1 });
    const id = existing.body.data!.list[0]?.id;
    if (id !== undefined) {
      await fc.assert(
        fc.asyncProperty(invalidBody(r, sample), async ({ body, kind }) => {
          delete body.id;
          // a missing required field is not a violation on update (the stored value is kept)
          if (kind.startsWith('missing')) return;
          const res = await admin.put(urlOf(r, 'update'), { ...body, id });
          expectClientError(res, `update with ${kind}`);
        }),
        { numRuns: Math.ceil(RUNS / 2) },
      );
    }
    const known = new Set(r.fields.map((f) => f.name));
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }).filter((k) => !known.has(k) && !['currentPage', 'pageSize', 'sorter'].includes(k)), fc.oneof(fc.constantFrom(...INJECTIONS), fc.string()), { minKeys: 1, maxKeys: 3 }),
        async (params) => {
          const res = await admin.get(urlOf(r, 'query'), params);
          expectClientError(res, `query with ${JSON.stringify(params)}`);
        },
      ),
      { numRuns: Math.ceil(RUNS / 2) },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string().filter((x) => !/^\s*[1-9]\d{0,15}(,[1-9]\d{0,15})*\s*$/.test(x)), fc.constantFrom('0', '-1', '1.5', '1,,2', '99999999999999999999', 'abc', '')), async (id) => {
        const res = await admin.post(urlOf(r, 'delete'), undefined, { id });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: Math.ceil(RUNS / 4) },
    );
    await fc.assert(
      fc.asyncProperty(invalidImport(r, sample), async ({ kind, file }) => {
        const res = await admin.postFile(urlOf(r, 'import'), await file());
        expectClientError(res, `import of ${kind}`);
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('export', 'exportWord', 'exportPdf'),
        fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }).filter((k) => !known.has(k) && !['currentPage', 'pageSize', 'sorter', 'isTemplate', 'columns'].includes(k)), anyJunk, { minKeys: 1, maxKeys: 3 }),
        async (verb, body) => {
          const res = await admin.post(urlOf(r, verb), body);
          expectClientError(res, `${verb} with ${JSON.stringify(body)}`);
        },
      ),
      { numRuns: Math.ceil(RUNS / 4) },
    );
    expect(await fingerprint(r)).toBe(before);
  });
});
