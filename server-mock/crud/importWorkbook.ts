/**
 * Reads the rows of an uploaded .xlsx without trusting it: an .xlsx is a zip archive, and a
 * small one can inflate to gigabytes (a zip bomb) or declare a cell in the sheet's last column
 * (XFD) so that a reader that fills rows out makes 16,384 cells of each.
 *
 * 1. The zip's central directory is read from the upload (at most MAX_IMPORT_BYTES): only the
 *    parts a sheet needs are taken (the workbook, its relationships, the styles for dates, the
 *    shared strings and the first worksheet); their declared sizes must fit MAX_IMPORT_INFLATED
 *    together before anything is inflated.
 * 2. Each part is inflated as a stream, counting the bytes that actually come out: past its
 *    declared size (declared sizes lie) or past the cap, inflating stops and the file is refused.
 * 3. The parts are handed to exceljs's streaming reader (stream.xlsx.WorkbookReader) as a new
 *    zip, in the order that lets it stream the sheet (never to a temporary file), fed in slices
 *    of IMPORT_SLICE_BYTES with a turn of the event loop between slices, so that other requests
 *    are answered while a file is read.
 * 4. Rows are handed on one at a time with their cells; a cell past MAX_IMPORT_COLUMNS, more
 *    than MAX_IMPORT_CELLS cells or more than `maxRows` rows stop the reading at once.
 */
import { createInflateRaw, crc32 } from 'node:zlib';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { badRequest, type ApiError } from '../http/apiError.ts';

/** Most bytes the parts read from one file may inflate to, all together. */
export const MAX_IMPORT_INFLATED = 64 * 1024 * 1024;
/** Most entries of the zip archive (an .xlsx has a dozen or so). */
const MAX_IMPORT_ENTRIES = 1000;
/** Last column read: a cell further right refuses the file (IV, as in the .xls format). */
const MAX_IMPORT_COLUMNS = 256;
/** Most cells (empty ones that the file lists included) read from one file. */
const MAX_IMPORT_CELLS = 1_000_000;
/** Bytes of the sheet's XML parsed between two turns of the event loop. */
const IMPORT_SLICE_BYTES = 64 * 1024;

export type CellPlain = string | number | boolean | Date | null;

export interface SheetRow {
  /** The spreadsheet's row number (from 1). */
  number: number;
  /** Column number (from 1) -> value, for the cells the row holds. */
  cells: Map<number, CellPlain>;
}

interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const notXlsx = (what: string) =>
  badRequest(`${what} is not an .xlsx spreadsheet`, [{ field: 'file', message: 'must be an .xlsx spreadsheet (use the export template)' }]);

const tooLarge = (what: string, detail: string): ApiError =>
  badRequest(
    `${what} unpacks to more than an import reads (${detail}): import at most ${MAX_IMPORT_INFLATED / 1024 / 1024} MB of spreadsheet data at once`,
    [{ field: 'file', message: `unpacks to more than ${MAX_IMPORT_INFLATED / 1024 / 1024} MB` }],
  );

/** The entries of the zip's central directory; refuses what is not a plain zip. */
function centralDirectory(buf: Buffer, what: string): ZipEntry[] {
  // End of central directory: 22 bytes and a comment of at most 65,535 bytes.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw notXlsx(what);
  const count = buf.readUInt16LE(eocd + 10);
  const size = buf.readUInt32LE(eocd + 12);
  const offset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) throw notXlsx(what); // ZIP64: no spreadsheet within the upload limit needs it
  if (count > MAX_IMPORT_ENTRIES)
    throw badRequest(`${what} holds ${count} parts; an .xlsx spreadsheet has far fewer`, [
      { field: 'file', message: `holds more than ${MAX_IMPORT_ENTRIES} parts` },
    ]);
  if (offset + size > eocd) throw notXlsx(what);
  const entries: ZipEntry[] = [];
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== 0x02014b50) throw notXlsx(what);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    entries.push({
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      name: buf.toString('utf8', p + 46, p + 46 + nameLength),
      localOffset: buf.readUInt32LE(p + 42),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The compressed bytes of an entry (found through its local header). */
function entryData(buf: Buffer, e: ZipEntry, what: string): Buffer {
  const at = e.localOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== 0x04034b50) throw notXlsx(what);
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  if (start + e.compressedSize > buf.length) throw notXlsx(what);
  return buf.subarray(start, start + e.compressedSize);
}

/** Counts what is inflated from one file, against MAX_IMPORT_INFLATED. */
class InflateBudget {
  used = 0;
  constructor(readonly what: string) {}
  take(n: number, entry: ZipEntry): void {
    this.used += n;
    if (this.used > MAX_IMPORT_INFLATED) throw tooLarge(this.what, `${entry.name} and the parts before it`);
  }
}

/** An entry inflated, its bytes counted as they come; refused past its declared size or the budget. */
function inflateEntry(buf: Buffer, e: ZipEntry, budget: InflateBudget): Promise<Buffer[]> {
  const data = entryData(buf, e, budget.what);
  if (e.flags & 0x1)
    return Promise.reject(
      badRequest(`${budget.what} is encrypted: save it without a password`, [{ field: 'file', message: 'is encrypted' }]),
    );
  if (e.method === 0) {
    if (data.length !== e.size) return Promise.reject(notXlsx(budget.what));
    budget.take(data.length, e);
    return Promise.resolve([data]);
  }
  if (e.method !== 8) return Promise.reject(notXlsx(budget.what));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let got = 0;
    let done = false;
    const inflater = createInflateRaw();
    const fail = (err: unknown) => {
      if (done) return;
      done = true;
      inflater.destroy();
      reject(err);
    };
    inflater.on('data', (chunk: Buffer) => {
      if (done) return;
      got += chunk.length;
      if (got > e.size) return fail(tooLarge(budget.what, `${e.name} inflates past the size its header declares`));
      try {
        budget.take(chunk.length, e);
      } catch (err) {
        return fail(err);
      }
      chunks.push(chunk);
    });
    inflater.on('error', () => fail(notXlsx(budget.what)));
    inflater.on('end', () => {
      if (done) return;
      done = true;
      if (got !== e.size) reject(notXlsx(budget.what));
      else resolve(chunks);
    });
    inflater.end(data);
  });
}

/** The path (in the zip) of the workbook's first sheet. */
function firstSheetPath(workbookXml: string, relsXml: string, names: Set<string>): string | undefined {
  const attrs = (tag: string) => Object.fromEntries([...tag.matchAll(/([\w:]+)\s*=\s*"([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  const sheet = /<(?:\w+:)?sheet\b[^>]*>/.exec(workbookXml)?.[0];
  const rid = sheet ? Object.entries(attrs(sheet)).find(([k]) => /(^|:)id$/.test(k) && k !== 'sheetId')?.[1] : undefined;
  if (rid) {
    for (const rel of relsXml.match(/<(?:\w+:)?Relationship\b[^>]*>/g) ?? []) {
      const a = attrs(rel);
      if (a.Id !== rid || !a.Target) continue;
      const target = a.Target.startsWith('/') ? a.Target.slice(1) : `xl/${a.Target}`;
      if (names.has(target)) return target;
    }
  }
  // No readable pointer: the lowest-numbered sheet.
  return [...names]
    .filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))
    .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]))[0];
}

/** A zip of stored (not compressed) entries, as a list of buffers. */
function storedZip(parts: { name: string; chunks: Buffer[] }[]): Buffer[] {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const size = part.chunks.reduce((n, c) => n + c.length, 0);
    const crc = part.chunks.reduce((c, chunk) => crc32(chunk, c), 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(size, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(size, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    out.push(local, name, ...part.chunks);
    central.push(dir, name);
    offset += 30 + name.length + size;
  }
  const centralSize = central.reduce((n, c) => n + c.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return [...out, ...central, end];
}

/** A stream of the buffers in slices of IMPORT_SLICE_BYTES, each after a turn of the event loop. */
function slicedStream(buffers: Buffer[]): Readable {
  let i = 0;
  let at = 0;
  return new Readable({
    read() {
      setImmediate(() => {
        while (i < buffers.length && at >= buffers[i]!.length) {
          i++;
          at = 0;
        }
        if (i >= buffers.length) {
          this.push(null);
          return;
        }
        const b = buffers[i]!;
        const slice = b.subarray(at, at + IMPORT_SLICE_BYTES);
        at += slice.length;
        this.push(slice);
      });
    },
  });
}

/** A cell's value without formulas, rich text or hyperlinks. */
function plainValue(v: ExcelJS.CellValue): CellPlain {
  if (v === null || v === undefined) return null;
  if (v instanceof Date || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if ('richText' in v) return v.richText.map((t) => t.text ?? '').join('');
  if ('formula' in v || 'sharedFormula' in v) return plainValue((v as ExcelJS.CellFormulaValue).result ?? null);
  if ('hyperlink' in v) return plainValue((v as { text: ExcelJS.CellValue }).text);
  if ('error' in v) return v.error;
  return null;
}

/** A column's letters (1 -> A, 27 -> AA). */
export function columnLetters(col: number): string {
  let s = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/**
 * The rows of the first worksheet of an uploaded .xlsx, one at a time, within the limits
 * above; `what` names the file in messages. Refusals are 400s.
 */
export async function* readImportSheet(buf: Buffer, what: string, maxRows: number): AsyncGenerator<SheetRow> {
  // an .xlsx file is a zip archive: "PK\x03\x04"
  if (buf.length < 4 || buf.readUInt32LE(0) !== 0x04034b50) throw notXlsx(what);
  const entries = centralDirectory(buf, what);
  const byName = new Map(entries.map((e) => [e.name, e]));
  const budget = new InflateBudget(what);
  const small = async (name: string): Promise<Buffer[] | undefined> => {
    const e = byName.get(name);
    return e ? inflateEntry(buf, e, budget) : undefined;
  };
  const workbook = await small('xl/workbook.xml');
  if (!workbook) throw notXlsx(what);
  const rels = (await small('xl/_rels/workbook.xml.rels')) ?? [
    Buffer.from('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>'),
  ];
  const sheetPath = firstSheetPath(Buffer.concat(workbook).toString('utf8'), Buffer.concat(rels).toString('utf8'), new Set(byName.keys()));
  const sheet = sheetPath ? byName.get(sheetPath) : undefined;
  if (!sheet) throw notXlsx(what);
  const rest = [byName.get('xl/styles.xml'), byName.get('xl/sharedStrings.xml'), sheet].filter((e): e is ZipEntry => !!e);
  // What the headers declare, before inflating any of it.
  const declared = budget.used + rest.reduce((n, e) => n + e.size, 0);
  if (declared > MAX_IMPORT_INFLATED) throw tooLarge(what, `its parts declare ${Math.ceil(declared / 1024 / 1024)} MB`);

  const styles = await small('xl/styles.xml');
  const shared = (await small('xl/sharedStrings.xml')) ?? [
    Buffer.from('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>'),
  ];
  const sheetData = await inflateEntry(buf, sheet, budget);
  // The order lets the reader stream the sheet: relationships, workbook, styles, strings, sheet.
  const sheetName = /^xl\/worksheets\/sheet\d+\.xml$/.test(sheet.name) ? sheet.name : 'xl/worksheets/sheet1.xml';
  const zip = storedZip([
    { name: 'xl/_rels/workbook.xml.rels', chunks: rels },
    { name: 'xl/workbook.xml', chunks: workbook },
    ...(styles ? [{ name: 'xl/styles.xml', chunks: styles }] : []),
    { name: 'xl/sharedStrings.xml', chunks: shared },
    { name: sheetName, chunks: sheetData },
  ]);

  const input = slicedStream(zip);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let cells = 0;
  let rows = 0;
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        // cellCount: the row's last listed column, empty cells and gaps included
        const width = row.cellCount;
        cells += width;
        if (width > MAX_IMPORT_COLUMNS) {
          throw badRequest(
            `${what} has a cell in column ${columnLetters(width)} (row ${row.number}); an import reads columns A to ${columnLetters(MAX_IMPORT_COLUMNS)} only: delete what lies to the right of the template's columns`,
            [{ field: `row ${row.number}.${columnLetters(width)}`, message: `is past column ${columnLetters(MAX_IMPORT_COLUMNS)}` }],
          );
        }
        if (cells > MAX_IMPORT_CELLS) {
          throw badRequest(`${what} holds more than ${MAX_IMPORT_CELLS} cells; an import reads at most that many`, [
            { field: 'file', message: `holds more than ${MAX_IMPORT_CELLS} cells` },
          ]);
        }
        const out = new Map<number, CellPlain>();
        row.eachCell((cell, col) => {
          out.set(col, plainValue(cell.value));
        });
        if (out.size === 0) continue;
        rows++;
        if (rows > maxRows + 1) {
          throw badRequest(`The file holds more than ${maxRows} records; at most ${maxRows} can be imported at once`, [
            { field: 'file', message: `holds more than ${maxRows} records` },
          ]);
        }
        yield { number: row.number, cells: out };
      }
      break; // the first sheet only
    }
  } catch (err) {
    if (err && typeof err === 'object' && 'httpStatus' in err) throw err;
    throw notXlsx(what);
  } finally {
    input.destroy();
  }
}
