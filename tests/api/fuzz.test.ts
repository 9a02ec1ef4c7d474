/**
 * Schema-driven fuzzing (fast-check): for every entity resource, generated invalid add and
 * update bodies (wrong types, missing required fields, over-long strings, bad formats,
 * unknown fields, injection strings, huge numbers), junk query strings, junk export bodies,
 * and import files that are no spreadsheet or hold an invalid row. Always a 4xx with a
 * message, never a 5xx, and the table unchanged. Then every declared call of every resource
 * with a query or body schema gets inputs that break it: a 4xx with a message, nothing
 * changed. Last, every declared search field (each match) and every sorter gets hostile
 * text (quotes, `%`, `_`, backslashes, NUL, long and non-BMP text, SQL fragments) on records
 * holding such text (and a list-only page's search fields, sent to its call): the answer is
 * exactly the rows the test computes. FUZZ_RUNS sets the cases per property (`npm run bench
 * -- --only fuzz` runs thousands).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Ajv from 'ajv';
import ExcelJS from 'exceljs';
import { LOCALES, getMessage, loadLocales } from '../../schemas/registry/locales.ts';
import { loadRegistry } from '../../schemas/registry/loadRegistry.ts';
import type { CallVerb, JsonSchema, Resource } from '../../schemas/registry/types.ts';
import { callUrl, client, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';
import { freeReferences, validRecord } from './validRecord.ts';

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
    fc
      .tuple(
        fc
          .string({ minLength: 1, maxLength: 12 })
          .filter(
            (k) =>
              !(k in (r.record.properties ?? {})) &&
              !['id', 'tenantCode', 'createTime', 'updateTime'].includes(k) &&
              !Object.values(r.relations).some((x) => x.as === k),
          ),
        anyJunk,
      )
      .map(([k, v]) => ({
        kind: `unknown field ${k}`,
        apply: (b) => {
          b[k] = v;
        },
      })),
  ];
  if (props.length) {
    kinds.push(
      fc.constantFrom(...props).chain(([name, s]) =>
        wrongType(s).map((v) => ({
          kind: `wrong type ${name}`,
          apply: (b: Record<string, unknown>) => {
            b[name] = v;
          },
        })),
      ),
    );
  }
  const long = props.filter(([, s]) => typesOf(s).includes('string'));
  if (long.length) {
    kinds.push(
      fc.constantFrom(...long).map(([name, s]) => ({
        kind: `too long ${name}`,
        apply: (b: Record<string, unknown>) => {
          b[name] = 'x'.repeat((s.maxLength ?? 65535) + 1);
        },
      })),
    );
  }
  const numeric = props.filter(([, s]) => typesOf(s).some((t) => t === 'integer' || t === 'number'));
  if (numeric.length) {
    kinds.push(
      fc.constantFrom(...numeric).map(([name]) => ({
        kind: `huge ${name}`,
        apply: (b: Record<string, unknown>) => {
          b[name] = 1e300;
        },
      })),
    );
  }
  const formatted = props.filter(([, s]) => typeof s.format === 'string' || typeof s.pattern === 'string' || Array.isArray(s.enum));
  if (formatted.length) {
    kinds.push(
      fc.constantFrom(...formatted).map(([name]) => ({
        kind: `bad format ${name}`,
        apply: (b: Record<string, unknown>) => {
          b[name] = '!!not valid!! <script>';
        },
      })),
    );
  }
  if (required.length) {
    kinds.push(
      fc.constantFrom(...required).map((name) => ({
        kind: `missing ${name}`,
        apply: (b: Record<string, unknown>) => {
          delete b[name];
        },
      })),
    );
  }
  return fc.oneof(...kinds);
}

/** A body of arbitrary (often plausible) values, or a valid record, then one definite violation. */
function invalidBody(r: Resource, base?: Record<string, unknown>) {
  const props = Object.keys(r.record.properties ?? {});
  const junk = fc.record(Object.fromEntries(props.map((p) => [p, anyJunk])), { requiredKeys: [] });
  const start = base
    ? fc.oneof(
        junk,
        fc.constant(base).map((b) => validRecord(r, b)!),
      )
    : junk;
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
    fc
      .string({ minLength: 1, maxLength: 12 })
      .filter((k) => k.trim() !== '' && !known.has(k.trim().toLowerCase()) && !(k in Object.prototype))
      .map((k) => ({
        kind: `unknown column ${k}`,
        apply: (b) => {
          b[k] = 'x';
        },
      })),
  ];
  const required = r.record.required ?? [];
  if (required.length)
    kinds.push(
      fc.constantFrom(...required).map((name) => ({
        kind: `missing ${name}`,
        apply: (b: Record<string, unknown>) => {
          b[name] = null;
        },
      })),
    );
  const long = props.filter(([, s]) => typesOf(s).includes('string') && (s.maxLength ?? Infinity) < 30000);
  if (long.length)
    kinds.push(
      fc.constantFrom(...long).map(([name, s]) => ({
        kind: `too long ${name}`,
        apply: (b: Record<string, unknown>) => {
          b[name] = 'x'.repeat(s.maxLength! + 1);
        },
      })),
    );
  const formatted = props.filter(([, s]) => typeof s.format === 'string' || typeof s.pattern === 'string' || Array.isArray(s.enum));
  if (formatted.length)
    kinds.push(
      fc.constantFrom(...formatted).map(([name]) => ({
        kind: `bad format ${name}`,
        apply: (b: Record<string, unknown>) => {
          b[name] = '!!not valid!! <script>';
        },
      })),
    );
  const numeric = props.filter(([, s]) => typesOf(s).some((t) => t === 'integer' || t === 'number'));
  if (numeric.length)
    kinds.push(
      fc.constantFrom(...numeric).map(([name]) => ({
        kind: `huge ${name}`,
        apply: (b: Record<string, unknown>) => {
          b[name] = 1e300;
        },
      })),
    );
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
    fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({
      kind: 'a zip header then junk',
      file: async () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(bytes)]),
    })),
  );
  if (!base) return junkFile;
  const row = fc.constant(null).chain(() =>
    importViolation(r).map((v) => {
      const body = validRecord(r, base)!;
      v.apply(body);
      return { kind: v.kind, file: () => spreadsheet(body) };
    }),
  );
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
        counted(
          fc.dictionary(
            fc.string({ minLength: 1, maxLength: 10 }).filter((k) => !known.has(k) && !['currentPage', 'pageSize', 'sorter'].includes(k)),
            fc.oneof(fc.constantFrom(...INJECTIONS), fc.string()),
            { minKeys: 1, maxKeys: 3 },
          ),
        ),
        async (params) => {
          const res = await admin.get(urlOf(r, 'query'), params);
          expectClientError(res, `query with ${JSON.stringify(params)}`);
        },
      ),
      { numRuns: Math.ceil(RUNS / 2) },
    );
    await fc.assert(
      fc.asyncProperty(
        counted(
          fc.oneof(
            fc.string().filter((x) => !/^\s*[1-9]\d{0,15}(,[1-9]\d{0,15})*\s*$/.test(x)),
            fc.constantFrom('0', '-1', '1.5', '1,,2', '99999999999999999999', 'abc', ''),
          ),
        ),
        async (id) => {
          const res = await admin.post(urlOf(r, 'delete'), undefined, { id });
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
        },
      ),
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
        fc.dictionary(
          fc
            .string({ minLength: 1, maxLength: 10 })
            .filter((k) => !known.has(k) && !['currentPage', 'pageSize', 'sorter', 'isTemplate', 'columns'].includes(k)),
          anyJunk,
          { minKeys: 1, maxKeys: 3 },
        ),
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
    kinds.push(
      fc
        .tuple(
          fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !names.has(k) && !(k in Object.prototype) && /^[A-Za-z_][\w]*$/.test(k)),
          fc.constantFrom(...NO_NUL),
        )
        .map(([k, v]) => ({
          kind: `unknown ${part} ${k}`,
          field: k,
          apply: (b) => {
            b[k] = v;
          },
        })),
    );
  }
  const required = schema.required ?? [];
  if (required.length)
    kinds.push(
      fc.constantFrom(...required).map((n) => ({
        kind: `missing ${n}`,
        field: n,
        apply: (b: Record<string, unknown>) => {
          delete b[n];
        },
      })),
    );
  // A query string is text: only a value that is no number can be of the wrong type there.
  const typed = props.filter(([, s]) =>
    part === 'body' ? typesOf(s).length > 0 : typesOf(s).some((t) => t === 'integer' || t === 'number' || t === 'boolean'),
  );
  if (typed.length) {
    kinds.push(
      fc.constantFrom(...typed).chain(([n, s]) =>
        (part === 'body' ? wrongType(s).filter(noNul) : fc.constantFrom('abc', '1e99999x', '<script>')).map((v) => ({
          kind: `wrong type ${n}`,
          field: n,
          apply: (b: Record<string, unknown>) => {
            b[n] = v;
          },
        })),
      ),
    );
  }
  const long = props.filter(([, s]) => typesOf(s).includes('string') && typeof s.maxLength === 'number');
  if (long.length)
    kinds.push(
      fc.constantFrom(...long).map(([n, s]) => ({
        kind: `too long ${n}`,
        field: n,
        apply: (b: Record<string, unknown>) => {
          b[n] = 'x'.repeat(s.maxLength! + 1);
        },
      })),
    );
  const formatted = props.filter(
    ([, s]) => typesOf(s).includes('string') && (typeof s.format === 'string' || typeof s.pattern === 'string' || Array.isArray(s.enum)),
  );
  if (formatted.length)
    kinds.push(
      fc.constantFrom(...formatted).map(([n]) => ({
        kind: `bad format ${n}`,
        field: n,
        apply: (b: Record<string, unknown>) => {
          b[n] = '!!not valid!! <script>';
        },
      })),
    );
  const bounded = props.filter(([, s]) => typesOf(s).some((t) => t === 'integer' || t === 'number') && typeof s.maximum === 'number');
  if (bounded.length)
    kinds.push(
      fc.constantFrom(...bounded).map(([n]) => ({
        kind: `huge ${n}`,
        field: n,
        apply: (b: Record<string, unknown>) => {
          b[n] = part === 'body' ? 1e300 : '1e300';
        },
      })),
    );
  return kinds.length ? fc.oneof(...kinds) : undefined;
}

/** Plausible values for a schema's parameters (junk of any type), before the violation. */
function callInput(schema: JsonSchema | undefined, part: Part): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.keys(schema?.properties ?? {});
  const value = (
    part === 'query' ? fc.oneof(fc.constantFrom(...NO_NUL), fc.string({ maxLength: 20 }), fc.integer().map(String)) : anyJunk
  ).filter(noNul);
  return fc.record(Object.fromEntries(props.map((p) => [p, value])), { requiredKeys: [] });
}

/** Every record of every tenant-scoped entity the admin can list, as ids and update times. */
async function everything(): Promise<string> {
  const out: string[] = [];
  for (const r of resources) out.push(`${r.name}:${await fingerprint(r)}`);
  return out.join('\n');
}

// the development mock calls are not served here (MOCK_API is off): docs/mock-api.md
const declared = registry.calls.filter((c) => c.verb === 'custom' && (c.query || c.body) && !c.mock);

describe('declared calls', () => {
  let before: string;
  beforeAll(async () => {
    before = await everything();
  });

  it.each(declared.map((c) => ({ name: `${c.resource}.${c.name}`, c })))(
    '$name refuses inputs that break its parameters',
    async ({ c }) => {
      const parts = (['query', 'body'] as const).filter((p) => c[p]);
      const broken = parts
        .map((part) => ({ part, violation: callViolation(c[part]!, part) }))
        .filter((x): x is { part: Part; violation: fc.Arbitrary<CallViolation> } => !!x.violation);
      expect(broken.length, `${c.name} declares parameters that some input breaks`).toBeGreaterThan(0);
      await fc.assert(
        fc.asyncProperty(
          counted(
            fc
              .constantFrom(...broken)
              .chain(({ part, violation }) =>
                fc.tuple(fc.constant(part), callInput(c.query, 'query'), callInput(c.body, 'body'), violation),
              ),
          ),
          async ([part, query, body, v]) => {
            v.apply(part === 'query' ? query : body);
            const params = Object.fromEntries(Object.entries(query).map(([k, x]) => [k, String(x)]));
            const res = await admin.call<Envelope & { errors?: { field: string }[] }>(c.method, c.url, {
              params,
              body: c.method === 'GET' ? undefined : c.body ? body : undefined,
            });
            const what = `${c.name} with ${v.kind} (${JSON.stringify(part === 'query' ? params : body).slice(0, 200)})`;
            expectClientError(res, what);
            // Refused for the violation itself: a 400 naming the parameter (whatever else the junk got wrong).
            const named = (res.body.errors ?? []).map((e) => e.field);
            expect(res.status, what).toBe(400);
            expect(
              named.some((f) => f === v.field || f.startsWith(`${v.field}.`)),
              `${what}: the 400 names ${v.field} (it names ${named.join(', ')})`,
            ).toBe(true);
          },
        ),
        { numRuns: Math.max(10, Math.ceil(RUNS / 2)) },
      );
    },
  );

  it('changed no record of any resource', async () => {
    expect(await everything()).toBe(before);
  });
});

// ---------------------------------------------------------------------------------------------
// Search fields and sorters with hostile text. Every resource's declared search fields (basic
// and advanced, each with its match: exact, contains, range) and every sorter get quotes, `%`,
// `_`, backslashes, NUL, long and non-BMP text and SQL fragments, on records that were added
// holding such text too; the answer must be the rows the test computes from the records it
// read: exact is equal, contains a substring ignoring ASCII case (`%`, `_` and `\` are
// literal), a range `from,to`. A value the match cannot take is a 400; never a 5xx.

/** Characters of hostile text: SQL and LIKE syntax, ASCII letters in both cases, letters outside the BMP and without case. */
const HOSTILE_CHARS = [
  "'",
  '"',
  '%',
  '_',
  '\\',
  ';',
  '-',
  '*',
  '/',
  '(',
  ')',
  '[',
  ']',
  '^',
  '$',
  '.',
  '|',
  ',',
  '+',
  '?',
  '&',
  '=',
  ' ',
  'a',
  'A',
  'e',
  'E',
  'z',
  'Z',
  '0',
  '9',
  '汉',
  '字',
  '😀',
  '𝔘',
  '\u{10FFFD}',
  '\u00a0',
];
const SQL_FRAGMENTS = [
  "' or '1'='1",
  "%' or 1=1 --",
  "'; drop table sys_user; --",
  "\\'",
  '\\%',
  '\\_',
  '%%',
  '__',
  '%_%',
  "' escape '\\",
  '" or ""="',
  "') or ('a'='a",
  '/* */',
  '\\\\',
  '%\\',
  "'||'",
  'select * from sys_user',
];

const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.array(fc.constantFrom(...HOSTILE_CHARS), { minLength: 1, maxLength: 12 }).map((cs) => cs.join('')),
  fc.constantFrom(...SQL_FRAGMENTS),
  fc
    .tuple(fc.constantFrom(...SQL_FRAGMENTS), fc.array(fc.constantFrom(...HOSTILE_CHARS), { maxLength: 4 }))
    .map(([s, cs]) => s + cs.join('')),
);

/** Code points of a text (a string's length counts UTF-16 units). */
const codePoints = (s: string) => Array.from(s).length;

/** Compare by code point, as SQLite's and PostgreSQL's C collation order text. */
function compareCodePoints(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d) return d;
  }
  return x.length - y.length;
}

const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
/** A text with some of its ASCII letters' case flipped. */
const flipCase = (s: string, mask: number) =>
  Array.from(s)
    .map((c, i) => ((mask >> (i % 30)) & 1 && /[a-z]/i.test(c) ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c))
    .join('');

/** A string field that takes free text: hostile values can be stored in it. */
function freeText(r: Resource, name: string): boolean {
  const f = r.fieldMap.get(name);
  if (!f || f.type !== 'string' || f.system || f.secret || f.dict || f.link) return false;
  const s = f.schema;
  if (s.pattern || s.format || s.enum || s['x-dict'] || s['x-auto']) return false;
  if (r.relations[name] || (r.list.tree && [r.list.tree.keyField, r.list.tree.parentField].includes(name))) return false;
  return (s.maxLength ?? 255) >= 8;
}

/** A value for a field holding hostile text: within its length, made unique by a suffix. */
function storable(r: Resource, name: string, text: string, suffix: string): string {
  const max = r.fieldMap.get(name)!.schema.maxLength ?? 255;
  return (
    Array.from(text)
      .slice(0, max - suffix.length)
      .join('') + suffix
  );
}

type Expected = { rows: Record<string, unknown>[] } | { refused: true };

const DAY = 86_400_000;

/** The rows a filter must answer (or that it must be refused), computed from every row. */
/**
 * Each record's values of a link (by id), read by the link.ids call that names the link, as a
 * search by that link (list.search with `link`) compares them.
 */
async function linkedValuesOf(r: Resource, linkName: string, all: Record<string, unknown>[]): Promise<Map<number, string[]>> {
  const link = r.links[linkName]!;
  const call = registry.calls.find((c) => c.handler === 'link.ids' && c.options.link === `${r.name}.${linkName}`);
  if (!call) throw new Error(`no link.ids call names ${r.name}.${linkName}`);
  const out = new Map<number, string[]>();
  for (const row of all) {
    const res = await admin.get<Envelope<unknown[]>>(call.url, { [link.through.recordKey]: Number(row[link.recordField ?? 'id']) });
    expect(res.status, `${call.name}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
    const values = (res.body.data ?? []).map((v) =>
      String(typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[link.valueField] : v),
    );
    out.set(Number(row.id), values);
  }
  return out;
}

/** The rows a search by a linked value keeps: those linked to it; a value not of the link's type is refused. */
function expectedLinked(
  r: Resource,
  linkName: string,
  needle: string,
  all: Record<string, unknown>[],
  linked: Map<number, string[]>,
): Expected {
  const link = r.links[linkName]!;
  const type = registry.byName.get(link.through.resource)!.fieldMap.get(link.through.valueKey)!.type;
  if (needle.includes('\u0000') || codePoints(needle) > 1000) return { refused: true };
  if (needle === '') return { rows: all };
  if (type === 'integer') {
    if (!/^-?\d{1,15}$/.test(needle)) return { refused: true };
    return { rows: all.filter((row) => linked.get(Number(row.id))!.includes(String(Number(needle)))) };
  }
  return { rows: all.filter((row) => linked.get(Number(row.id))!.includes(needle)) };
}

function expectedRows(
  r: Resource,
  field: string,
  match: string,
  needle: string,
  all: Record<string, unknown>[],
  param: JsonSchema = { maxLength: 1000 },
): Expected {
  const f = r.fieldMap.get(field)!;
  if (needle.includes('\u0000') || codePoints(needle) > (param.maxLength ?? Infinity)) return { refused: true };
  if (param.enum && !param.enum.includes(needle)) return { refused: true };
  if (needle === '') return { rows: all };
  const value = (row: Record<string, unknown>) => row[field];
  if (match === 'contains' && f.type === 'string') {
    const n = asciiLower(needle);
    return { rows: all.filter((row) => typeof value(row) === 'string' && asciiLower(value(row) as string).includes(n)) };
  }
  if (match === 'range' && ['datetime', 'integer', 'number'].includes(f.type)) {
    const parts = needle.split(',');
    if (parts.length > 2) return { refused: true };
    const [from, to] = [parts[0]!.trim(), (parts.length === 2 ? parts[1]! : parts[0]!).trim()];
    const scalar = (t: string) =>
      f.type === 'datetime'
        ? /^\d{4}-\d{2}-\d{2}/.test(t)
          ? Date.parse(t)
          : NaN
        : f.type === 'integer'
          ? /^-?\d{1,15}$/.test(t)
            ? Number(t)
            : NaN
          : Number(t);
    const lo = from ? scalar(from) : -Infinity;
    let hi = to ? scalar(to) : Infinity;
    if (Number.isNaN(lo) || Number.isNaN(hi)) return { refused: true };
    const before = to && f.type === 'datetime' && /^\d{4}-\d{2}-\d{2}$/.test(to);
    if (before) hi += DAY;
    const num = (v: unknown) => (f.type === 'datetime' ? Date.parse(String(v)) : Number(v));
    return {
      rows: all.filter(
        (row) =>
          value(row) !== null &&
          value(row) !== undefined &&
          num(value(row)) >= lo &&
          (before ? num(value(row)) < hi : num(value(row)) <= hi),
      ),
    };
  }
  if (f.type === 'integer') {
    if (!/^-?\d{1,15}$/.test(needle)) return { refused: true };
    return { rows: all.filter((row) => value(row) === Number(needle)) };
  }
  if (f.type === 'number') {
    const n = Number(needle);
    if (needle.trim() === '' || !Number.isFinite(n)) return { refused: true };
    return { rows: all.filter((row) => value(row) === n) };
  }
  if (f.type === 'boolean') {
    if (!/^(1|true|0|false)$/i.test(needle)) return { refused: true };
    return { rows: all.filter((row) => value(row) === /^(1|true)$/i.test(needle)) };
  }
  if (f.type === 'datetime') {
    if (!/^\d{4}-\d{2}-\d{2}/.test(needle) || Number.isNaN(Date.parse(needle))) return { refused: true };
    return { rows: all.filter((row) => value(row) !== null && Date.parse(String(value(row))) === Date.parse(needle)) };
  }
  return { rows: all.filter((row) => value(row) === needle) };
}

/** Needles for a search field: hostile text, the stored values and parts of them (ASCII case flipped), long, over-long and NUL-carrying text, and ranges. */
function needles(
  r: Resource,
  field: string,
  match: string,
  all: Record<string, unknown>[],
  linked?: Map<number, string[]>,
): fc.Arbitrary<string> {
  const f = r.fieldMap.get(field) ?? { type: 'integer' };
  const stored = [
    ...new Set(
      linked
        ? [...linked.values()].flat()
        : all
            .map((row) => row[field])
            .filter((v) => v !== null && v !== undefined)
            .map(String),
    ),
  ];
  const options: fc.Arbitrary<string>[] = [
    hostileText,
    hostileText
      .map((s) => s.repeat(Math.ceil(1000 / s.length)).slice(0, 1000))
      .map((s) => (codePoints(s) > 1000 ? Array.from(s).slice(0, 1000).join('') : s)),
    fc.constant('x'.repeat(1001)),
    hostileText.map((s) => `${s}\u0000${s}`),
    fc.constantFrom('', ' ', ',', '0', '-1', '1e3', 'true'),
  ];
  if (stored.length) {
    const value = fc.constantFrom(...stored);
    options.push(
      value,
      value,
      value.chain((v) =>
        fc.tuple(fc.nat(codePoints(v)), fc.nat(codePoints(v)), fc.nat()).map(([a, b, mask]) =>
          flipCase(
            Array.from(v)
              .slice(Math.min(a, b), Math.max(a, b) + 1)
              .join(''),
            mask,
          ),
        ),
      ),
    );
    if (match === 'range')
      options.push(
        fc.tuple(fc.option(value), fc.option(value)).map(([a, b]) => `${a ?? ''},${b ?? ''}`),
        value.map((v) => (f.type === 'datetime' ? `${v.slice(0, 10)},${v.slice(0, 10)}` : `${v},${v}`)),
      );
  }
  return fc.oneof(...options);
}

/** Is the list in the sorter's order (ties by id in the same direction)? Rows with no value are left out of the comparison: the two databases put them at different ends. */
function orderProblem(r: Resource, rows: Record<string, unknown>[], field: string, direction: 'ascend' | 'descend'): string | undefined {
  const f = r.fieldMap.get(field)!;
  const sign = direction === 'ascend' ? 1 : -1;
  const cmp = (a: unknown, b: unknown): number => {
    if (f.type === 'string') return compareCodePoints(String(a), String(b));
    if (f.type === 'datetime') return Date.parse(String(a)) - Date.parse(String(b));
    return Number(a) - Number(b);
  };
  const present = rows.filter((row) => row[field] !== null && row[field] !== undefined);
  for (let i = 1; i < present.length; i++) {
    const [a, b] = [present[i - 1]!, present[i]!];
    const d = cmp(a[field], b[field]) * sign || (Number(a.id) - Number(b.id)) * sign;
    if (d > 0) return `${JSON.stringify(a[field])} (id ${String(a.id)}) before ${JSON.stringify(b[field])} (id ${String(b.id)})`;
  }
  return undefined;
}

/** Values of a field of every record of a resource, as the admin lists them. */
async function valuesOf(resource: string, field: string): Promise<unknown[]> {
  const res = await admin.get<Envelope<PageData>>(urlOf(registry.byName.get(resource)!, 'query'), { pageSize: 10000 });
  return res.body.data!.list.map((x) => x[field]);
}

const searched = registry.resources.filter((r) => r.kind === 'entity' && [...r.list.search.basic, ...r.list.search.advanced].length > 0);
/** Records added per resource with hostile text in every free-text field (platform tenants are costly to add: fewer). */
const SEEDED = 4;

describe.each(searched.map((r) => ({ name: r.name, r })))('$name search fields and sorters', ({ r }) => {
  it(`answer exactly the expected rows for ${RUNS} hostile searches and sorters, never a 5xx`, async () => {
    const sample = (await admin.get<Envelope<PageData>>(urlOf(r, 'query'), { pageSize: 1 })).body.data!.list[0];
    expect(sample, `${r.name} has a record to start from`).toBeDefined();
    const text = Object.keys(r.record.properties ?? {}).filter((name) => freeText(r, name));
    let seeded = 0;
    const taken = (await admin.get<Envelope<PageData>>(urlOf(r, 'query'), { pageSize: 10000 })).body.data!.list;
    for (const [i, values] of fc
      .sample(fc.array(hostileText, { minLength: text.length, maxLength: text.length }), r.scope === 'platform' ? 1 : SEEDED)
      .entries()) {
      const record = validRecord(r, sample, String(700 + i))!;
      expect(await freeReferences(r, record, taken, valuesOf), `a free combination of ${r.name}'s references`).toBe(true);
      text.forEach((name, j) => (record[name] = storable(r, name, values[j]!, `#${i}`)));
      let res = await admin.post<Envelope>(urlOf(r, 'add'), record);
      // a field a record rule refuses hostile text in (a path must start with "/") keeps its valid value
      for (const e of res.status === 400 ? (res.body.errors ?? []) : [])
        if (e.field in record && sample![e.field] !== undefined) record[e.field] = validRecord(r, sample, String(700 + i))![e.field];
      if (res.status === 400) res = await admin.post<Envelope>(urlOf(r, 'add'), record);
      expect(res.status, `add of ${JSON.stringify(record)}: ${JSON.stringify(res.body)}`).toBe(200);
      seeded += 1;
      taken.push(record);
    }
    expect(seeded).toBeGreaterThan(0);
    const all = (await admin.get<Envelope<PageData>>(urlOf(r, 'query'), { pageSize: 10000 })).body.data!.list;
    const fields = [...r.list.search.basic, ...r.list.search.advanced];
    const linked = new Map<string, Map<number, string[]>>();
    for (const s of fields) if (s.link) linked.set(s.field, await linkedValuesOf(r, s.link, all));
    const sorters = [...new Set([...r.list.columns.filter((c) => c.sortable).map((c) => c.field), 'id'])];
    const ids = (rows: Record<string, unknown>[]) => rows.map((x) => Number(x.id)).sort((a, b) => a - b);
    await fc.assert(
      fc.asyncProperty(
        counted(
          fc
            .constantFrom(...fields)
            .chain((s) =>
              fc.tuple(
                fc.constant(s),
                needles(r, s.field, s.match, all, linked.get(s.field)),
                fc.constantFrom(...sorters),
                fc.constantFrom('ascend', 'descend') as fc.Arbitrary<'ascend' | 'descend'>,
              ),
            ),
        ),
        async ([s, needle, sortField, direction]) => {
          const res = await admin.get<Envelope<PageData>>(urlOf(r, 'query'), {
            [s.field]: needle,
            sorter: `${sortField}_${direction}`,
            pageSize: 10000,
          });
          const what = `${s.field} (${s.match}) = ${JSON.stringify(needle).slice(0, 120)}, sorter ${sortField}_${direction}`;
          const expected = s.link
            ? expectedLinked(r, s.link, needle, all, linked.get(s.field)!)
            : expectedRows(r, s.field, s.match, needle, all);
          if ('refused' in expected) {
            expect(res.status, `${what}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(400);
            return;
          }
          expect(res.status, `${what}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
          const rows = res.body.data!.list;
          expect(ids(rows), what).toEqual(ids(expected.rows));
          expect(res.body.data!.pagination.total, what).toBe(expected.rows.length);
          const problem = orderProblem(r, rows, sortField, direction);
          expect(problem, what).toBeUndefined();
        },
      ),
      { numRuns: RUNS },
    );
  });
});

const queryAjv = new Ajv({ coerceTypes: true, strict: false });

/**
 * A query-string value of a typed parameter of a declared call (not a string), as the server
 * coerces it, or refused when its schema does not take it; undefined for a text parameter.
 */
function fromQuery(param: JsonSchema, text: string): { value: unknown } | { refused: true } | undefined {
  if (param.type === 'string' || param.type === undefined) return undefined;
  const data = { v: text as unknown };
  return queryAjv.validate({ type: 'object', properties: { v: param } }, data) ? { value: data.v } : { refused: true };
}

// The same for a list-only page whose rows are a declared call's (the caller's own
// notifications): its search fields go to the call, checked against the call's unfiltered answer.
const sourced = registry.resources.filter(
  (r) =>
    r.list.source &&
    !registry.calls.find((c) => c.name === r.list.source!.call)?.mock &&
    [...r.list.search.basic, ...r.list.search.advanced].length > 0,
);

describe.each(sourced.map((r) => ({ name: r.name, r })))('$name search fields, sent to its list call', ({ r }) => {
  it(`answer exactly the expected rows for ${RUNS} hostile searches, never a 5xx`, async (ctx) => {
    const call = registry.calls.find((c) => c.name === r.list.source!.call)!;
    const size = r.list.source!.paged ? { pageSize: 10000 } : {};
    const answer = (res: { body: Envelope<unknown> }) => {
      const data = res.body.data as PageData | Record<string, unknown>[];
      return Array.isArray(data) ? data : data.list;
    };
    // a list a running process changes (the demo job run that the first start fires) is read
    // until two reads half a second apart agree, so that the needles come from settled rows
    let first = answer(await admin.get<Envelope<unknown>>(call.url, size));
    for (let wait = 0; wait < 60; wait += 1) {
      await new Promise((done) => setTimeout(done, 500));
      const again = answer(await admin.get<Envelope<unknown>>(call.url, size));
      if (JSON.stringify(again) === JSON.stringify(first)) break;
      first = again;
    }
    // the personal task and job run lists are made by running processes and jobs, which this suite does not run
    if (first.length === 0) ctx.skip(`${call.name} answers the administrator no rows to search`);
    const fields = [...r.list.search.basic, ...r.list.search.advanced];
    for (const s of fields) expect(call.query?.properties?.[s.field], `${call.name} takes ${s.field}`).toBeDefined();
    const ids = (rows: Record<string, unknown>[]) => rows.map((x) => Number(x.id)).sort((a, b) => a - b);
    await fc.assert(
      fc.asyncProperty(
        counted(fc.constantFrom(...fields).chain((s) => fc.tuple(fc.constant(s), needles(r, s.field, s.match, first)))),
        async ([s, needle]) => {
          // rows a running process changes (a job run the scheduler finishes) are read again
          // around the search, until no change falls between the two reads
          let res: Awaited<ReturnType<typeof admin.get<Envelope<unknown>>>>;
          let all: Record<string, unknown>[] = first;
          for (let attempt = 0; ; attempt += 1) {
            res = await admin.get<Envelope<unknown>>(call.url, { ...size, [s.field]: needle });
            const after = answer(await admin.get<Envelope<unknown>>(call.url, size));
            if (JSON.stringify(after) === JSON.stringify(all)) break;
            expect(attempt, `${call.name}: its rows kept changing under the search`).toBeLessThan(20);
            all = after;
          }
          const what = `${call.name} ${s.field} (${s.match}) = ${JSON.stringify(needle).slice(0, 120)}`;
          const param = call.query!.properties![s.field]!;
          // a parameter the call declares typed (an id, a flag) takes what its schema takes from a
          // query string, as that type, and keeps the rows holding that value
          const typed = fromQuery(param, needle);
          const expected: Expected = !typed
            ? expectedRows(r, s.field, s.match, needle, all, param)
            : 'refused' in typed
              ? typed
              : { rows: all.filter((row) => row[s.field] === typed.value) };
          if ('refused' in expected) {
            expect(res.status, `${what}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(400);
            return;
          }
          // a typed id naming no record: the call may say so (404) instead of answering no rows
          if (typed && 'value' in typed && expected.rows.length === 0 && res.status === 404) return;
          expect(res.status, `${what}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
          expect(ids(answer(res)), what).toEqual(ids(expected.rows));
        },
      ),
      { numRuns: RUNS },
    );
  });
});
