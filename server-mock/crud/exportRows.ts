/**
 * The one step every export writer (spreadsheet, Word, PDF) starts from: the chosen columns
 * with their translated labels, and per record one cell per column holding the value as it is
 * shown (dictionary labels, relation labels, times as yyyy-mm-dd hh:mm:ss in UTC, days as
 * yyyy-mm-dd) and as a
 * typed value for the spreadsheet. Text that XML cannot hold (control characters, lone
 * surrogates) is cleaned here, so no writer produces a file that will not open.
 */
import type { FieldType, Resource } from '../../schemas/registry/types.ts';
import { getMessage } from '../../schemas/registry/locales.ts';
import type { Row } from '../db/anyKysely.ts';
import type { CallContext, Services } from '../calls/context.ts';

/** What the labels of an export are read with: the caller's language and the loaded messages. */
type ExportLabels = Pick<CallContext, 'locale'> & { services: Pick<Services, 'locales'> };

/** More columns than this turn a document's pages to landscape (Word and PDF alike). */
export const LANDSCAPE_COLUMNS = 6;

interface ExportColumn {
  field: string;
  label: string;
  type: FieldType;
}

interface ExportCell {
  /** The value as shown in a document. */
  text: string;
  /** The value for a spreadsheet cell (dates as Date, numbers as numbers). */
  value: string | number | boolean | Date | null;
}

export interface ExportTable {
  /** Translated title of the resource. */
  title: string;
  columns: ExportColumn[];
  rows: ExportCell[][];
}

/** The caller's translation of a message key, or the fallback. */
function label(ctx: ExportLabels, key: string, fallback: string): string {
  return getMessage(ctx.services.locales[ctx.locale], key) ?? fallback;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-mm-dd hh:mm:ss (UTC). */
export function formatDateTime(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** A day (`yyyy-mm-dd`) as the Date of its UTC midnight, what a spreadsheet date cell holds; undefined when not a day. */
export function dayDate(day: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!m) return undefined;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === m[0] ? d : undefined;
}

// Characters XML 1.0 cannot carry, and UTF-16 halves without their partner.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text safe for any of the writers' XML. */
function cleanText(text: string): string {
  return text.replace(NOT_XML, '').replace(LONE_SURROGATE, '\uFFFD');
}

const EMPTY: ExportCell = { text: '', value: null };

/** One cell of a record as the caller sees it. */
function exportCell(ctx: ExportLabels, r: Resource, field: string, record: Row): ExportCell {
  const rel = r.relations[field];
  const shown = rel?.as && record[rel.as] !== null && record[rel.as] !== undefined ? record[rel.as] : undefined;
  const value = shown ?? record[field];
  if (value === null || value === undefined) return EMPTY;
  const f = r.fieldMap.get(field);
  if (shown === undefined && f?.type === 'datetime' && typeof value === 'string') {
    const d = new Date(value);
    if (!Number.isNaN(d.getTime())) return { text: formatDateTime(d), value: d };
  }
  if (shown === undefined && f?.type === 'date' && typeof value === 'string') {
    const d = dayDate(value);
    if (d) return { text: value.slice(0, 10), value: d };
  }
  if (shown === undefined && f?.dict) {
    const text = cleanText(label(ctx, `dict.${f.dict}.${String(value)}`, String(value)));
    return { text, value: text };
  }
  if (typeof value === 'number') return { text: String(value), value };
  if (typeof value === 'boolean') return { text: String(value), value };
  // A many-valued relation: its labels (or values), one after another.
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    const text = cleanText(value.join(', '));
    return { text, value: text };
  }
  if (typeof value === 'object') {
    const text = cleanText(JSON.stringify(value));
    return { text, value: text };
  }
  const text = cleanText(String(value));
  return { text, value: text };
}

/** The export of `columns` of the records (records already stripped of hidden fields). */
export function exportTable(ctx: ExportLabels, r: Resource, columns: string[], records: Row[]): ExportTable {
  return {
    title: cleanText(label(ctx, r.labels.title, r.name)),
    columns: columns.map((c) => {
      const f = r.fieldMap.get(c)!;
      return { field: c, label: cleanText(label(ctx, f.label, c)), type: f.type };
    }),
    rows: records.map((rec) => columns.map((c) => exportCell(ctx, r, c, rec))),
  };
}

/**
 * Column widths that fill `usable`: a column whose widest text (header and a sample of rows,
 * first line only) fits in a fair share gets just that; the rest share what is left in
 * proportion to their widest text, and wrap.
 */
export function columnWidths(natural: number[], usable: number): number[] {
  const widths = natural.map(() => 0);
  let open = natural.map((_, i) => i);
  let remaining = usable;
  for (;;) {
    const share = remaining / Math.max(1, open.length);
    const fits = open.filter((i) => natural[i]! <= share);
    if (fits.length === 0 || open.length === 0) break;
    for (const i of fits) {
      widths[i] = natural[i]!;
      remaining -= natural[i]!;
    }
    open = open.filter((i) => natural[i]! > share);
  }
  const total = open.reduce((sum, i) => sum + natural[i]!, 0) || 1;
  for (const i of open) widths[i] = (remaining * natural[i]!) / total;
  // what is left when every column fits goes to the columns evenly
  if (open.length === 0 && remaining > 0) for (let i = 0; i < widths.length; i++) widths[i]! += remaining / widths.length;
  return widths;
}

/** Rows looked at to size the columns of a document. */
const WIDTH_SAMPLE = 200;

/** The widest first line of a column's texts (header and a sample of rows), by `measure`. */
export function widestText(table: ExportTable, index: number, measure: (text: string) => number): number {
  let widest = 0;
  for (const text of [table.columns[index]!.label, ...table.rows.slice(0, WIDTH_SAMPLE).map((cells) => cells[index]!.text)]) {
    if (text) widest = Math.max(widest, measure(text.split(/\r?\n/, 1)[0]!.slice(0, 200)));
  }
  return widest;
}

/** A file name for an export of the resource, stamped with the day. */
export function exportFileName(ctx: { services: Pick<Services, 'now'> }, r: Resource, extension: string): string {
  return `${r.name}-${ctx.services.now().toISOString().slice(0, 10)}.${extension}`;
}
