/**
 * The import call: one .xlsx file (multipart/form-data, file field "file"), laid out like the
 * export template: row 1 holds the column headers (a field's label in any of the three
 * locales, or its name), every further non-empty row is a record. Each row is checked exactly
 * as the add call checks a body (record schema, references, unique sets, data permissions),
 * and the rows are written in one transaction: one bad row and nothing is written (400, with
 * `errors: [{field: "row <n>.<field>", message}]`, n the spreadsheet's row number).
 *
 * The file is read as a stream within limits (server-mock/crud/importWorkbook.ts: inflated
 * size, columns, cells, rows), and the import runs as a job (server-mock/crud/importJobs.ts):
 * `?async=1` answers at once with the job, otherwise the call answers when the job ends.
 *
 * Cells may hold what an export shows: a dictionary label for a dictionary field and a
 * relation's label (orgName) for a reference (orgId), as well as the stored values; system
 * columns (id, createTime, ...) are ignored, so an exported file can be imported again.
 */
import { extname } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FieldDef, Resource } from '../../schemas/registry/types.ts';
import { LOCALES, getMessage } from '../../schemas/registry/locales.ts';
import { inChunks, type Row } from '../db/anyKysely.ts';
import type { TenantData } from '../access/tenantData.ts';
import { ApiError, badRequest, type FieldError } from '../http/apiError.ts';
import { EnvelopeResult, withPrincipal, type CallContext, type CallHandler } from '../calls/context.ts';
import { compileBody, fieldErrors, ignoredWriteFields, recordSchema } from '../calls/validation.ts';
import { hashSecret } from '../auth/passwords.ts';
import { checkRecordPassword } from '../auth/recordPassword.ts';
import { assertReferences, assertUnique, assertUploads, setAutoFields } from './recordRules.ts';
import { writeLinkValues } from './linkValues.ts';
import { formatDateTime } from './exportRows.ts';
import { refuseHiddenFields } from './hiddenFields.ts';
import { withoutInertPrefix } from './exportXlsx.ts';
import { columnLetters, readImportSheet, type CellPlain, type SheetRow } from './importWorkbook.ts';
import { startImportJob, type ImportProgress } from './importJobs.ts';

/** Largest file accepted (the spec's upload limit). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** Most records one file may hold. */
const MAX_IMPORT_ROWS = 10_000;
/** Most row errors listed in one answer. */
const MAX_ERRORS = 100;
/** Secrets hashed at once (scrypt runs on the thread pool). */
const HASH_CONCURRENCY = 4;
/** Records checked and written between two turns of the event loop. */
const IMPORT_SLICE_ROWS = 50;

type Plain = CellPlain;

/** A turn of the event loop: requests that arrived meanwhile are answered. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const notXlsx = (what: string) =>
  badRequest(`${what} is not an .xlsx spreadsheet`, [{ field: 'file', message: 'must be an .xlsx spreadsheet (use the export template)' }]);

/** The one file of the request, within the size limit. Other fields are refused. */
async function readUpload(request: FastifyRequest): Promise<{ filename: string; buffer: Buffer }> {
  if (!request.isMultipart()) {
    throw badRequest('Send the spreadsheet as multipart/form-data, in the file field "file"', [{ field: 'file', message: 'is required' }]);
  }
  let upload: { filename: string; buffer: Buffer } | undefined;
  const unknown: string[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      if (part.fieldname === 'file' && !upload) upload = { filename: part.filename, buffer };
      else unknown.push(part.fieldname);
    } else {
      unknown.push(part.fieldname);
    }
  }
  if (unknown.length) {
    throw badRequest(
      `Unknown form field ${unknown.map((f) => `"${f}"`).join(', ')}: send only the file field "file"`,
      unknown.map((field) => ({ field, message: 'is not a known field' })),
    );
  }
  if (!upload) throw badRequest('No file: send the spreadsheet in the file field "file"', [{ field: 'file', message: 'is required' }]);
  return upload;
}

/** The file's name in messages; refuses a name that is not .xlsx. */
function fileWhat(filename: string): string {
  const what = filename ? `"${filename}"` : 'The file';
  const ext = extname(filename).toLowerCase();
  if (ext && ext !== '.xlsx') throw notXlsx(what);
  return what;
}

function isEmpty(v: Plain): boolean {
  return v === null || (typeof v === 'string' && v.trim() === '');
}

const norm = (text: string) => text.trim().toLowerCase();

/** Header text -> field name: every field's name and its label in each locale. */
function headerNames(ctx: CallContext, r: Resource): Map<string, string> {
  const out = new Map<string, string>();
  const fields = [...r.fields.filter((f) => !f.system), ...r.fields.filter((f) => f.system)];
  for (const f of fields) if (!out.has(norm(f.name))) out.set(norm(f.name), f.name);
  for (const locale of LOCALES) {
    for (const f of fields) {
      const text = getMessage(ctx.services.locales[locale], f.label);
      if (text && !out.has(norm(text))) out.set(norm(text), f.name);
    }
  }
  for (const rel of Object.values(r.relations)) if (rel.as && !out.has(norm(rel.as))) out.set(norm(rel.as), rel.as);
  return out;
}

/** Dictionary label (any locale) or value -> value, per dictionary type. */
function dictValues(ctx: CallContext, type: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const locale of LOCALES) {
    const entries = (ctx.services.locales[locale].dict as Record<string, unknown> | undefined)?.[type];
    if (!entries || typeof entries !== 'object') continue;
    for (const [value, text] of Object.entries(entries as Record<string, unknown>)) {
      out.set(norm(value), value);
      if (typeof text === 'string' && !out.has(norm(text))) out.set(norm(text), value);
    }
  }
  return out;
}

const DATE_TEXT = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** A cell of a many-valued relation: a JSON array, or values or labels separated by commas (as an export shows them). */
function linkCell(value: unknown): unknown {
  if (typeof value === 'number') return [value];
  if (typeof value !== 'string') return value;
  if (value.startsWith('[')) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value
    .split(/[,，;；、]/)
    .map((x) => x.trim())
    .filter(Boolean);
}

/** A cell as the field's API value; what cannot be converted is left for the validator to report. */
function fieldValue(f: FieldDef, v: Plain, dict: Map<string, string> | undefined): unknown {
  if (isEmpty(v)) return undefined;
  let value: unknown = typeof v === 'string' && !f.secret ? withoutInertPrefix(v).trim() : v;
  if (f.link) return linkCell(value);
  if (dict && (typeof value === 'string' || typeof value === 'number')) value = dict.get(norm(String(value))) ?? value;
  switch (f.type) {
    case 'string':
      if (value instanceof Date) return formatDateTime(value).replace(/ 00:00:00$/, '');
      return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
    case 'integer':
    case 'number':
      if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
      return value;
    case 'boolean':
      if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
      if (typeof value === 'string') {
        if (/^(true|1|yes|y|是|✓)$/i.test(value)) return true;
        if (/^(false|0|no|n|否)$/i.test(value)) return false;
      }
      return value;
    case 'datetime': {
      if (value instanceof Date) return value.toISOString();
      if (typeof value !== 'string') return value;
      const m = DATE_TEXT.exec(value);
      if (m) {
        const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
        const t = Date.UTC(y, mo - 1, d, h, mi, s);
        return Number.isNaN(t) ? value : new Date(t).toISOString();
      }
      const t = Date.parse(value);
      return /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(t) ? new Date(t).toISOString() : value;
    }
    case 'date': {
      // a date cell (UTC midnight as exported, or a time: its UTC day), or the text yyyy-m-d
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? value : value.toISOString().slice(0, 10);
      if (typeof value !== 'string') return value;
      const m = DATE_TEXT.exec(value);
      if (m && m[4] === undefined) {
        const day = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
        // 2026-02-30 is no day: left as typed for the validator to report
        const t = Date.parse(day);
        return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === day ? day : value;
      }
      return value;
    }
    case 'json':
      if (typeof value === 'string') {
        try {
          return JSON.parse(value) as unknown;
        } catch {
          return value;
        }
      }
      return value;
  }
}

interface RecordRow {
  number: number;
  record: Row;
}

interface RelationLabels {
  /** Value as text -> the value (as stored). */
  values: Map<string, unknown>;
  byLabel: Map<string, unknown[]>;
}

/** For each relation field: label of a record of the target -> its values (to accept exported labels). */
async function relationLabels(tx: TenantData, r: Resource, fields: string[], rows: RecordRow[]): Promise<Map<string, RelationLabels>> {
  const out = new Map<string, RelationLabels>();
  for (const field of fields) {
    const rel = r.relations[field];
    if (!rel) continue;
    const cells = rows.map((x) => x.record[field]).filter((v) => v !== undefined);
    const texts = [...new Set(cells.flatMap((v) => (Array.isArray(v) ? (v as unknown[]) : [v])).map((v) => String(v)))];
    const target = tx.resource(rel.resource);
    const vf = target.fieldMap.get(rel.valueField)!;
    const lf = target.fieldMap.get(rel.labelField)!;
    const values = new Map<string, unknown>();
    const byLabel = new Map<string, unknown[]>();
    for (const chunk of inChunks(texts)) {
      const typed = vf.type === 'integer' || vf.type === 'number' ? chunk.filter((t) => /^-?\d+(\.\d+)?$/.test(t)).map(Number) : chunk;
      const found = (await tx
        .select(target)
        .select([`${target.table}.${vf.column} as v`, `${target.table}.${lf.column} as l`])
        .where((eb) => {
          const conditions = [eb(`${target.table}.${lf.column}`, 'in', chunk)];
          if (typed.length)
            conditions.push(
              eb(
                `${target.table}.${vf.column}`,
                'in',
                typed.map((x) => tx.dialect.toDb(vf.type, x)),
              ),
            );
          return eb.or(conditions);
        })
        .execute()) as Row[];
      for (const row of found) {
        const v = tx.dialect.fromDb(vf.type, row.v);
        values.set(String(v), v);
        const l = String(tx.dialect.fromDb(lf.type, row.l));
        byLabel.set(l, [...(byLabel.get(l) ?? []), v]);
      }
    }
    out.set(field, { values, byLabel });
  }
  return out;
}

/** Run fn over items, at most `limit` at a time. */
async function inBatches<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += limit) await Promise.all(items.slice(i, i + limit).map(fn));
}

/**
 * A resource's own rules on the records an import adds, beyond what the add call's generic
 * checks ask (a job's time expression, its first firing), run inside the import's transaction:
 * - `check` gets each record once the generic checks passed, before it is written; it may fill
 *   in values (the schema's defaults) and refuses it by throwing an ApiError, whose field errors
 *   are reported under the record's row, as the generic ones are;
 * - `added` gets the ids of the records written, once every row passed, and the import's time.
 */
export interface ImportRules {
  check?(tx: TenantData, record: Row): Promise<void>;
  added?(tx: TenantData, ids: number[], at: Date): Promise<void>;
}

/** The import call of a resource whose add call has rules of its own (ImportRules). */
export const importCallWith =
  (rules: ImportRules): CallHandler =>
  (ctx) =>
    importFile(ctx, rules);

export const importCall: CallHandler = (ctx) => importFile(ctx, {});

async function importFile(ctx: CallContext, rules: ImportRules): Promise<unknown> {
  const upload = await readUpload(ctx.request);
  const what = fileWhat(upload.filename);
  const { job, outcome } = await startImportJob(ctx, upload, (progress, done) =>
    importRows(ctx, upload.buffer, what, rules, progress, done),
  );
  if (ctx.query.async === '1' || ctx.query.async === 'true') {
    return new EnvelopeResult(job, job.repeated ? repeatedMessage(job.createTime, job.status) : 'The import has started');
  }
  const result = await outcome;
  if (!result.ok) throw result.error;
  return job.repeated
    ? new EnvelopeResult({ imported: result.imported }, repeatedMessage(job.createTime, job.status))
    : { imported: result.imported };
}

function repeatedMessage(createTime: string, status: string): string {
  return status === 'done'
    ? `This file was imported already (${createTime}): nothing was imported again`
    : `This file is being imported already (since ${createTime}): nothing will be imported twice`;
}

/** Read, check and write the rows of the file; `done` is called in the transaction that writes them. */
async function importRows(
  ctx: CallContext,
  buffer: Buffer,
  what: string,
  rules: ImportRules,
  progress: ImportProgress,
  done: (tx: TenantData, imported: number) => Promise<void>,
): Promise<number> {
  const sheet = readImportSheet(buffer, what, MAX_IMPORT_ROWS);
  try {
    return await importSheet(ctx, sheet, rules, progress, done);
  } finally {
    await sheet.return(undefined);
  }
}

async function importSheet(
  ctx: CallContext,
  sheet: AsyncGenerator<SheetRow>,
  rules: ImportRules,
  progress: ImportProgress,
  done: (tx: TenantData, imported: number) => Promise<void>,
): Promise<number> {
  const { data, principal } = withPrincipal(ctx);
  const r = ctx.resource;

  // Row 1: which field each column holds.
  const first = await sheet.next();
  if (first.done || first.value.number !== 1)
    throw badRequest(`The first row must name the columns (the labels of the export template)`, [
      { field: 'row 1', message: 'has no known column' },
    ]);
  progress.read = 1;
  const names = headerNames(ctx, r);
  const ignored = new Set(ignoredWriteFields(r));
  const recordFields = new Set(Object.keys(r.record.properties ?? {}));
  const columns = new Map<number, FieldDef>();
  const headerErrors: FieldError[] = [];
  const seen = new Map<string, number>();
  const headed = new Set<number>();
  for (const [col, raw] of first.value.cells) {
    if (isEmpty(raw)) continue;
    headed.add(col);
    const text = String(raw instanceof Date ? formatDateTime(raw) : raw).trim();
    const name = names.get(norm(text));
    if (!name) {
      headerErrors.push({ field: `row 1.${text}`, message: `is not a field of ${r.name}` });
      continue;
    }
    if (ignored.has(name) || !recordFields.has(name)) continue;
    if (seen.has(name)) {
      headerErrors.push({ field: `row 1.${text}`, message: `repeats the column of ${name}` });
      continue;
    }
    seen.set(name, col);
    columns.set(col, r.fieldMap.get(name)!);
  }
  if (headerErrors.length)
    throw badRequest(
      `The header row does not match ${r.name}: ${headerErrors.map((e) => `"${e.field.slice(6)}" ${e.message}`).join('; ')}`,
      headerErrors,
    );
  if (columns.size === 0)
    throw badRequest(`The first row must name the columns (the labels of the export template)`, [
      { field: 'row 1', message: 'has no known column' },
    ]);
  await refuseHiddenFields(ctx, r, [...seen.keys()]);

  // Rows 2..: records (empty rows skipped); only the declared columns are kept.
  const dicts = new Map<string, Map<string, string>>();
  for (const f of columns.values()) if (f.dict) dicts.set(f.name, dictValues(ctx, f.dict));
  const rows: RecordRow[] = [];
  const errors: FieldError[] = [];
  for await (const { number, cells } of sheet) {
    progress.read++;
    const record: Row = {};
    let filled = false;
    for (const [col, raw] of cells) {
      if (isEmpty(raw)) continue;
      const f = columns.get(col);
      if (!f) {
        if (!headed.has(col) && errors.length < MAX_ERRORS)
          errors.push({ field: `row ${number}.${columnLetters(col)}`, message: 'has a value but its column has no header' });
        continue;
      }
      const value = fieldValue(f, raw, dicts.get(f.name));
      if (value === undefined) continue;
      record[f.name] = value;
      filled = true;
    }
    if (filled) rows.push({ number, record });
  }
  if (errors.length) throw importError(errors.slice(0, MAX_ERRORS));
  if (rows.length === 0)
    throw badRequest('The file holds no records: fill in the rows under the header row', [{ field: 'file', message: 'holds no records' }]);
  if (rows.length > MAX_IMPORT_ROWS)
    throw badRequest(`The file holds ${rows.length} records; at most ${MAX_IMPORT_ROWS} can be imported at once`, [
      { field: 'file', message: `holds more than ${MAX_IMPORT_ROWS} records` },
    ]);
  progress.total = rows.length;

  const validate = compileBody(recordSchema(r, { requireSecrets: true }));
  const secrets = r.fields.filter((f) => f.hash && seen.has(f.name));
  return data.transaction(async (tx) => {
    const labels = await relationLabels(tx, r, [...seen.keys()], rows);
    const toHash: { id: number; record: Row }[] = [];
    const written: number[] = [];
    const at = ctx.services.now();
    const now = tx.dialect.toDb('datetime', at.toISOString());
    for (const { number, record } of rows) {
      if (errors.length >= MAX_ERRORS) break;
      // bounded slices: other requests are answered between them
      if (progress.processed > 0 && progress.processed % IMPORT_SLICE_ROWS === 0) await nextTurn();
      progress.processed++;
      const rowErrors: FieldError[] = [];
      for (const [field, found] of labels) {
        const v = record[field];
        if (Array.isArray(v)) {
          // A many-valued relation: each value or label of the cell.
          const resolved: unknown[] = [];
          for (const item of v as unknown[]) {
            const matches = found.values.has(String(item)) ? [found.values.get(String(item))] : (found.byLabel.get(String(item)) ?? []);
            if (matches.length === 1) resolved.push(matches[0]);
            else
              rowErrors.push({
                field,
                message: matches.length
                  ? `"${String(item)}" names several ${r.relations[field]!.resource} records; use the value`
                  : `no ${r.relations[field]!.resource} named "${String(item)}"`,
              });
          }
          record[field] = resolved;
          continue;
        }
        if (v === undefined || found.values.has(String(v))) continue;
        const matches = found.byLabel.get(String(v));
        if (matches?.length === 1) record[field] = matches[0];
        else if (matches && matches.length > 1)
          rowErrors.push({ field, message: `"${String(v)}" names several ${r.relations[field]!.resource} records; use the value` });
      }
      if (!rowErrors.length && !validate(record)) rowErrors.push(...fieldErrors(validate.errors));
      if (!rowErrors.length) {
        try {
          setAutoFields(r, record, principal);
          // a password imported meets the policy of every password set (auth/passwordPolicy.ts)
          await checkRecordPassword(tx, r, record);
          await assertReferences(tx, r, record);
          await assertUploads(tx, r, record, principal.userId);
          await assertUnique(tx, r, record);
          await rules.check?.(tx, record);
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          rowErrors.push(...(err.errors?.length ? err.errors : [{ field: '(row)', message: err.message }]));
        }
      }
      if (rowErrors.length) {
        errors.push(...rowErrors.map((e) => ({ field: `row ${number}.${e.field}`, message: e.message })));
        continue;
      }
      // Secrets are hashed only once every row has passed (hashing is slow); until then the
      // row is written without them, inside the transaction that nothing outside sees.
      const plain = Object.fromEntries(Object.entries(record).filter(([k]) => !secrets.some((f) => f.name === k)));
      const row = tx.toRow(r, plain);
      row.create_time = now;
      row.update_time = now;
      const id = await tx.insert(r, row);
      written.push(id);
      await writeLinkValues(tx, r, id, record, at);
      if (secrets.length) toHash.push({ id, record });
    }
    if (errors.length) throw importError(errors.slice(0, MAX_ERRORS));
    await inBatches(toHash, HASH_CONCURRENCY, async ({ id, record }) => {
      const hashed: Row = {};
      for (const f of secrets) if (typeof record[f.name] === 'string') hashed[f.name] = await hashSecret(record[f.name] as string);
      if (Object.keys(hashed).length) await tx.update(r).set(tx.toRow(r, hashed)).where('id', '=', id).execute();
    });
    await rules.added?.(tx, written, at);
    await done(tx, rows.length);
    return rows.length;
  });
}

function importError(errors: FieldError[]): ApiError {
  const rowsWithErrors = new Set(errors.map((e) => e.field.split('.')[0]));
  return badRequest(
    `Nothing was imported: ${rowsWithErrors.size === 1 ? '1 row has' : `${rowsWithErrors.size} rows have`} errors (${errors
      .slice(0, 3)
      .map((e) => `${e.field} ${e.message}`)
      .join('; ')}${errors.length > 3 ? '; ...' : ''})`,
    errors,
  );
}
