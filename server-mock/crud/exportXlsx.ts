/** Spreadsheet exports (exceljs): a header row of translated labels, then one row per record. */
import ExcelJS from 'exceljs';
import type { Resource } from '../../schemas/registry/types.ts';
import { getMessage } from '../../schemas/registry/locales.ts';
import type { Row } from '../db/anyKysely.ts';
import { FileResult, type CallContext } from '../calls/context.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function label(ctx: CallContext, key: string, fallback: string): string {
  return getMessage(ctx.services.locales[ctx.locale], key) ?? fallback;
}

function cellValue(ctx: CallContext, r: Resource, field: string, record: Row): ExcelJS.CellValue {
  const rel = r.relations[field];
  const value = rel?.as && record[rel.as] !== null && record[rel.as] !== undefined ? record[rel.as] : record[field];
  if (value === null || value === undefined) return null;
  const f = r.fieldMap.get(field);
  if (f?.type === 'datetime' && typeof value === 'string') return new Date(value);
  if (typeof value === 'object') return JSON.stringify(value);
  if (f?.dict) return label(ctx, `dict.${f.dict}.${String(value)}`, String(value));
  return value as ExcelJS.CellValue;
}

export async function exportXlsx(ctx: CallContext, r: Resource, columns: string[], records: Row[]): Promise<FileResult> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'console';
  workbook.created = ctx.services.now();
  const title = label(ctx, r.labels.title, r.name);
  const sheet = workbook.addWorksheet(title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' ') || r.name);
  sheet.columns = columns.map((c) => {
    const f = r.fieldMap.get(c)!;
    return {
      header: label(ctx, f.label, c),
      key: c,
      width: f.type === 'datetime' ? 20 : 18,
      style: f.type === 'datetime' ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {},
    };
  });
  sheet.getRow(1).font = { bold: true };
  for (const rec of records) sheet.addRow(Object.fromEntries(columns.map((c) => [c, cellValue(ctx, r, c, rec)])));
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  const stamp = ctx.services.now().toISOString().slice(0, 10);
  return new FileResult(`${r.name}-${stamp}.xlsx`, XLSX_TYPE, buffer);
}
