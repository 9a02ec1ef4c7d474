/** Spreadsheet exports (exceljs): a header row of translated labels, then one row per record. */
import ExcelJS from 'exceljs';
import { FileResult, type CallContext } from '../calls/context.ts';
import type { ExportTable } from './exportRows.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function writeXlsx(ctx: CallContext, table: ExportTable, filename: string): Promise<FileResult> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'console';
  workbook.created = ctx.services.now();
  const sheet = workbook.addWorksheet(table.title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' ').trim() || 'Sheet1');
  sheet.columns = table.columns.map((c) => ({
    header: c.label,
    key: c.field,
    width: c.type === 'datetime' ? 20 : 18,
    style: c.type === 'datetime' ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const cells of table.rows) sheet.addRow(cells.map((cell) => cell.value));
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return new FileResult(filename, XLSX_TYPE, buffer);
}
