/**
 * Schema-driven fuzzing (fast-check): for every entity resource, generated invalid add and
 * update bodies (wrong types, missing required fields, over-long strings, bad formats,
 * unknown fields, injection strings, huge numbers), junk query strings, junk export bodies,
 * and import files that are no spreadsheet or hold an invalid row. Always a 4xx with a
 * message, never a 5xx, and the table unchanged. Then every declared call of every resource
 * with a query or body schema gets inputs that break it: a 4xx with a message, nothing
 * changed. FUZZ_RUNS sets the cases per property (`npm run bench -- --only fuzz` runs
 * thousands).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ExcelJS from 'exceljs';
import { LOCALES, getMessage, loadLocales } from '../../schemas/registry/locales.ts';
import { loadRegistry } from '../../schemas/registry/loadRegistry.ts';
import type { CallVerb, JsonSchema, Resource } from '../../schemas/registry/types.ts';
import { callUrl, client, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';
import { validRecord } from './validRecord.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 70);
const registry = loadRegistry('schemas');
const resources = registry.resources.filter((r) => r.kind === 'entity');
/** Cases generated in this run (printed at the end; bench/fuzz.ts reads it). */
let cases = 0;
const counted = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  arb.map((v) => {
    cases += 1;
    return v;
  });

let server: TestServer;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
});

afterAll(async () => {
  await server?.stop();
  console.log(`${cases} generated cases`);
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

function urlOf(r: Resource, verb: CallVerb): string {
  return callUrl(registry, r, verb)!;
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
      fc.asyncProperty(counted(invalidBody(r, sample)), async ({ body, kind }) => {
        const res = await admin.post(urlOf(r, 'add'), body);
        expectClientError(res, `add with ${kind}`);
      }),
      { numRuns: RUNS },
    );
    const existing = await admin.get<Envelope<PageData>>(urlOf(r, 'query'), { pageSize: 1 });
    const id = existing.body.data!.list[0]?.id;
    if (id !== undefined) {
      await fc.assert(
        fc.asyncProperty(counted(invalidBody(r, sample)), async ({ body, kind }) => {
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
        counted(fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }).filter((k) => !known.has(k) && !['currentPage', 'pageSize', 'sorter'].includes(k)), fc.oneof(fc.constantFrom(...INJECTIONS), fc.string()), { minKeys: 1, maxKeys: 3 })),
        async (params) => {
          const res = await admin.get(urlOf(r, 'query'), params);
          expectClientError(res, `query with ${JSON.stringify(params)}`);
        },
      ),
      { numRuns: Math.ceil(RUNS / 2) },
    );
    await fc.assert(
      fc.asyncProperty(counted(fc.oneof(fc.string().filter((x) => !/^\s*[1-9]\d{0,15}(,[1-9]\d{0,15})*\s*$/.test(x)), fc.constantFrom('0', '-1', '1.5', '1,,2', '99999999999999999999', 'abc', ''))), async (id) => {
        const res = await admin.post(urlOf(r, 'delete'), undefined, { id });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: Math.ceil(RUNS / 4) },
    );
    await fc.assert(
      fc.asyncProperty(counted(invalidImport(r, sample)), async ({ kind, file }) => {
        const res = await admin.postFile(urlOf(r, 'import'), await file());
        expectClientError(res, `import of ${kind}`);
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
    await fc.assert(
      fc.asyncProperty(
        counted(fc.constantFrom('export', 'exportWord', 'exportPdf')),
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

// ---------------------------------------------------------------------------------------------
// The declared calls (resource files' `calls`): every call with a query or body schema gets
// inputs that break it (a missing required parameter, an unknown one where none is allowed, a
// wrong type, an over-long text, a bad format, pattern or choice, a huge number): always a 400
// naming the broken parameter, with a message, and no record of any resource changes.

type Part = 'query' | 'body';

/** Junk without NUL characters: the server refuses any request carrying one before validating (tested above), and these cases are about validation. */
const NO_NUL = INJECTIONS.filter((x) => !x.includes('\u0000'));
const noNul = (x: unknown) => !JSON.stringify(x).includes('\\u0000');

interface CallViolation {
  kind: string;
  /** The parameter the violation is about: the 400 must name it. */
  field: string;
  apply: (input: Record<string, unknown>) => void;
}

/** A definite violation of a call's parameter schema, or none when the schema allows anything. */
function callViolation(schema: JsonSchema, part: Part): fc.Arbitrary<CallViolation> | undefined {
  const props = Object.entries(schema.properties ?? {});
  const names = new Set(props.map(([n]) => n));
  const kinds: fc.Arbitrary<CallViolation>[] = [];
  if (schema.additionalProperties === false) {
    kinds.push(fc.tuple(fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !names.has(k) && !(k in Object.prototype) && /^[A-Za-z_][\w]*$/.test(k)), fc.constantFrom(...NO_NUL)).map(([k, v]) => ({ kind: `unknown ${part} ${k}`, field: k, apply: (b) => { b[k] = v; } })));
  }
  const required = schema.required ?? [];
  if (required.length) kinds.push(fc.constantFrom(...required).map((n) => ({ kind: `missing ${n}`, field: n, apply: (b: Record<string, unknown>) => { delete b[n]; } })));
  // A query string is text: only a value that is no number can be of the wrong type there.
  const typed = props.filter(([, s]) => (part === 'body' ? typesOf(s).length > 0 : typesOf(s).some((t) => t === 'integer' || t === 'number' || t === 'boolean')));
  if (typed.length) {
    kinds.push(
      fc.constantFrom(...typed).chain(([n, s]) =>
        (part === 'body' ? wrongType(s).filter(noNul) : fc.constantFrom('abc', '1e99999x', '<script>')).map((v) => ({ kind: `wrong type ${n}`, field: n, apply: (b: Record<string, unknown>) => { b[n] = v; } })),
      ),
    );
  }
  const long = props.filter(([, s]) => typesOf(s).includes('string') && typeof s.maxLength === 'number');
  if (long.length) kinds.push(fc.constantFrom(...long).map(([n, s]) => ({ kind: `too long ${n}`, field: n, apply: (b: Record<string, unknown>) => { b[n] = 'x'.repeat(s.maxLength! + 1); } })));
  const formatted = props.filter(([, s]) => typesOf(s).includes('string') && (typeof s.format === 'string' || typeof s.pattern === 'string' || Array.isArray(s.enum)));
  if (formatted.length) kinds.push(fc.constantFrom(...formatted).map(([n]) => ({ kind: `bad format ${n}`, field: n, apply: (b: Record<string, unknown>) => { b[n] = '!!not valid!! <script>'; } })));
  const bounded = props.filter(([, s]) => typesOf(s).some((t) => t === 'integer' || t === 'number') && typeof s.maximum === 'number');
  if (bounded.length) kinds.push(fc.constantFrom(...bounded).map(([n]) => ({ kind: `huge ${n}`, field: n, apply: (b: Record<string, unknown>) => { b[n] = part === 'body' ? 1e300 : '1e300'; } })));
  return kinds.length ? fc.oneof(...kinds) : undefined;
}

/** Plausible values for a schema's parameters (junk of any type), before the violation. */
function callInput(schema: JsonSchema | undefined, part: Part): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.keys(schema?.properties ?? {});
  const value = (part === 'query' ? fc.oneof(fc.constantFrom(...NO_NUL), fc.string({ maxLength: 20 }), fc.integer().map(String)) : anyJunk).filter(noNul);
  return fc.record(Object.fromEntries(props.map((p) => [p, value])), { requiredKeys: [] });
}

/** Every record of every tenant-scoped entity the admin can list, as ids and update times. */
async function everything(): Promise<string> {
  const out: string[] = [];
  for (const r of resources) out.push(`${r.name}:${await fingerprint(r)}`);
  return out.join('\n');
}

const declared = registry.calls.filter((c) => c.verb === 'custom' && (c.query || c.body));

describe('declared calls', () => {
  let before: string;
  beforeAll(async () => {
    before = await everything();
  });

  it.each(declared.map((c) => ({ name: `${c.resource}.${c.name}`, c })))('$name refuses inputs that break its parameters', async ({ c }) => {
    const parts = (['query', 'body'] as const).filter((p) => c[p]);
    const broken = parts
      .map((part) => ({ part, violation: callViolation(c[part]!, part) }))
      .filter((x): x is { part: Part; violation: fc.Arbitrary<CallViolation> } => !!x.violation);
    expect(broken.length, `${c.name} declares parameters that some input breaks`).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(
        counted(fc.constantFrom(...broken).chain(({ part, violation }) => fc.tuple(fc.constant(part), callInput(c.query, 'query'), callInput(c.body, 'body'), violation))),
        async ([part, query, body, v]) => {
          v.apply(part === 'query' ? query : body);
          const params = Object.fromEntries(Object.entries(query).map(([k, x]) => [k, String(x)]));
          const res = await admin.call<Envelope & { errors?: { field: string }[] }>(c.method, c.url, { params, body: c.method === 'GET' ? undefined : c.body ? body : undefined });
          const what = `${c.name} with ${v.kind} (${JSON.stringify(part === 'query' ? params : body).slice(0, 200)})`;
          expectClientError(res, what);
          // Refused for the violation itself: a 400 naming the parameter (whatever else the junk got wrong).
          const named = (res.body.errors ?? []).map((e) => e.field);
          expect(res.status, what).toBe(400);
          expect(named.some((f) => f === v.field || f.startsWith(`${v.field}.`)), `${what}: the 400 names ${v.field} (it names ${named.join(', ')})`).toBe(true);
        },
      ),
      { numRuns: Math.max(10, Math.ceil(RUNS / 2)) },
    );
  });

  it('changed no record of any resource', async () => {
    expect(await everything()).toBe(before);
  });
});
