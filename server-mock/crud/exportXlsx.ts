/** Spreadsheet exports (exceljs): a header row of translated labels, then one row per record. */
import ExcelJS from 'exceljs';
import { FileResult, type Services } from '../calls/context.ts';
import type { FieldType } from '../../schemas/registry/types.ts';
import type { ExportTable } from './exportRows.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Text a spreadsheet program may take for a formula when the cell is edited, pasted or saved
 * as CSV: it starts with =, +, -, @, a tab or a carriage return (OWASP's CSV injection list),
 * a line feed (what a carriage return reads back as), or their full-width forms.
 */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The text as a spreadsheet cell shows it and no program evaluates: a leading apostrophe where it could start a formula. */
function inertText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell of an import as it was before `inertText` (the apostrophe an export put in front is dropped). */
export function withoutInertPrefix(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** Number formats of date cells: a time with its clock, a day without. */
export const CELL_FORMATS: Partial<Record<FieldType, string>> = { datetime: 'yyyy-mm-dd hh:mm:ss', date: 'yyyy-mm-dd' };

export async function writeXlsx(ctx: { services: Pick<Services, 'now'> }, table: ExportTable, filename: string): Promise<FileResult> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'console';
  workbook.created = ctx.services.now();
  const sheet = workbook.addWorksheet(
    table.title
      .slice(0, 31)
      .replace(/[\\/?*[\]:]/g, ' ')
      .trim() || 'Sheet1',
  );
  sheet.columns = table.columns.map((c) => ({
    header: inertText(c.label),
    key: c.field,
    width: c.type === 'datetime' ? 20 : c.type === 'date' ? 12 : 18,
    style: CELL_FORMATS[c.type] ? { numFmt: CELL_FORMATS[c.type] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const cells of table.rows) sheet.addRow(cells.map((cell) => (typeof cell.value === 'string' ? inertText(cell.value) : cell.value)));
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return new FileResult(filename, XLSX_TYPE, buffer);
}
