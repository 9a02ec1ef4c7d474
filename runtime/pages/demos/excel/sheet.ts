/**
 * Spreadsheets of the excel demo pages, written and read with exceljs (in the browser the
 * module loadExcelJs.ts gives, in tests the package itself): header rows (merged cells allowed), data rows, column widths that fit
 * the content; a CSV of the same rows; the rows of an uploaded workbook's first sheet.
 */
import type { ExcelJs } from './loadExcelJs.ts';

export type Cell = string | number | boolean | null | undefined;
export type BookType = 'xlsx' | 'csv';
export const BOOK_TYPES: readonly BookType[] = ['xlsx', 'csv'];

export interface SheetSpec {
  /** One or more header rows. */
  header: Cell[][];
  rows: Cell[][];
  /** Ranges to merge, e.g. "B1:D1" (xlsx only). */
  merges?: string[];
  /** Columns as wide as their longest text (xlsx only). */
  autoWidth?: boolean;
}

const MIN_WIDTH = 8;
const MAX_WIDTH = 60;

/** Text width in characters, counting a CJK character as two. */
function textWidth(value: Cell): number {
  const text = value === null || value === undefined ? '' : String(value);
  let width = 0;
  for (const ch of text) width += ch.charCodeAt(0) > 0x2e80 ? 2 : 1;
  return width;
}

/** Each column's width: its longest cell, bounded. */
export function columnWidths(rows: readonly Cell[][]): number[] {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? MIN_WIDTH, Math.min(MAX_WIDTH, textWidth(cell) + 2))));
  return widths;
}

function csvCell(value: Cell): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV (RFC 4180, CRLF), with a byte-order mark so that spreadsheet programs read UTF-8. */
export function toCsv(spec: Pick<SheetSpec, 'header' | 'rows'>): string {
  return `\uFEFF${[...spec.header, ...spec.rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function toXlsx(excel: ExcelJs, spec: SheetSpec, sheetName = 'Sheet1'): Promise<Blob> {
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRows([...spec.header, ...spec.rows]);
  for (const range of spec.merges ?? []) sheet.mergeCells(range);
  spec.header.forEach((_, i) => (sheet.getRow(i + 1).font = { bold: true }));
  if (spec.autoWidth) columnWidths([...spec.header, ...spec.rows]).forEach((w, i) => (sheet.getColumn(i + 1).width = w));
  return new Blob([await workbook.xlsx.writeBuffer()], { type: XLSX_TYPE });
}

export async function toFile(excel: () => Promise<ExcelJs>, spec: SheetSpec, bookType: BookType): Promise<Blob> {
  return bookType === 'csv' ? new Blob([toCsv(spec)], { type: 'text/csv;charset=utf-8' }) : toXlsx(await excel(), spec);
}

export interface ReadSheet {
  header: string[];
  rows: Record<string, Cell>[];
}

function plain(value: unknown): Cell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  const v = value as { text?: unknown; result?: unknown; richText?: { text: string }[] };
  if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
  if (v.result !== undefined) return plain(v.result);
  if (typeof v.text === 'string') return v.text;
  return String(value);
}

/** The first sheet of a workbook: its first row is the header, the others its rows. */
export async function readXlsx(excel: ExcelJs, buffer: ArrayBuffer): Promise<ReadSheet> {
  const workbook = new excel.Workbook();
  await workbook.xlsx.load(buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return { header: [], rows: [] };
  const header: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    const name = String(plain(cell.value) ?? '') || `#${col}`;
    // a name seen before (a merged cell repeats its master's value) gets its column number
    header[col - 1] = header.includes(name) ? `${name} (${col})` : name;
  });
  const rows: Record<string, Cell>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const record: Record<string, Cell> = {};
    header.forEach((name, i) => (record[name] = plain(row.getCell(i + 1).value)));
    rows.push(record);
  });
  return { header, rows };
}
