/**
 * PDF exports (pdfkit): the resource title, then a table with a header row of translated
 * labels repeated at the top of every page, one row per record, and page numbers. The text is
 * set in Noto Sans SC (a TrueType font from the @expo-google-fonts/noto-sans-sc package, read
 * by the server only), which covers Latin, simplified and traditional Chinese; pdfkit embeds
 * the subset of glyphs used, with a ToUnicode map so the text can be searched and copied.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { FileResult } from '../calls/context.ts';
import { LANDSCAPE_COLUMNS, columnWidths, widestText, type ExportTable } from './exportRows.ts';

const PDF_TYPE = 'application/pdf';

const FONT_FILE = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';
const FONT = 'NotoSansSC';

let fontData: Buffer | undefined;

/** The CJK font file, read once. */
export function pdfFont(): Buffer {
  fontData ??= readFileSync(createRequire(import.meta.url).resolve(FONT_FILE));
  return fontData;
}

const MARGIN = 36;
const PAD = 3;
const TITLE_SIZE = 14;
/** A single cell shows at most this many characters (the rest is cut with an ellipsis). */
const MAX_CELL_TEXT = 2000;

export async function writePdf(table: ExportTable, filename: string, now: Date): Promise<FileResult> {
  const landscape = table.columns.length > LANDSCAPE_COLUMNS;
  const doc = new PDFDocument({
    size: 'A4',
    layout: landscape ? 'landscape' : 'portrait',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: table.title, Creator: 'console', Producer: 'console', CreationDate: now, ModDate: now },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.registerFont(FONT, pdfFont());
  doc.font(FONT);
  const fontSize = table.columns.length > 10 ? 7 : 8.5;
  const left = doc.page.margins.left;
  const top = doc.page.margins.top;
  const usable = doc.page.width - left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;
  doc.fontSize(fontSize);
  const natural = table.columns.map(
    (_, i) =>
      Math.max(
        widestText(table, i, (text) => doc.widthOfString(text)),
        fontSize * 2,
      ) +
      2 * PAD +
      1,
  );
  const widths = columnWidths(natural, usable);

  const textOf = (text: string) => (text.length > MAX_CELL_TEXT ? `${text.slice(0, MAX_CELL_TEXT)}…` : text);
  const heightOf = (texts: string[]) => {
    doc.fontSize(fontSize);
    let h = doc.currentLineHeight(true);
    texts.forEach((t, i) => {
      if (t) h = Math.max(h, doc.heightOfString(textOf(t), { width: widths[i]! - 2 * PAD }));
    });
    return h + 2 * PAD;
  };
  const drawRow = (y: number, texts: string[], height: number, header: boolean) => {
    let x = left;
    texts.forEach((t, i) => {
      const w = widths[i]!;
      if (header) doc.rect(x, y, w, height).fillColor('#f0f0f0').fill();
      doc.rect(x, y, w, height).lineWidth(0.5).strokeColor('#999999').stroke();
      if (t) {
        doc
          .fillColor('#000000')
          .fontSize(fontSize)
          .text(textOf(t), x + PAD, y + PAD, { width: w - 2 * PAD, height: height - 2 * PAD, ellipsis: true, lineBreak: true });
      }
      x += w;
    });
  };

  doc.fontSize(TITLE_SIZE).fillColor('#000000').text(table.title, left, top, { width: usable });
  const headerTexts = table.columns.map((c) => c.label);
  const headerHeight = heightOf(headerTexts);
  const tallest = bottom - top - headerHeight;
  let y = doc.y + 8;
  drawRow(y, headerTexts, headerHeight, true);
  y += headerHeight;
  for (const cells of table.rows) {
    const texts = cells.map((c) => c.text);
    const height = Math.min(heightOf(texts), tallest);
    if (y + height > bottom) {
      doc.addPage();
      y = top;
      drawRow(y, headerTexts, headerHeight, true);
      y += headerHeight;
    }
    drawRow(y, texts, height, false);
    y += height;
  }

  // Page numbers in the bottom margin (which must be lifted, or pdfkit starts a new page).
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .fontSize(7)
      .fillColor('#666666')
      .text(`${i - range.start + 1} / ${range.count}`, left, doc.page.height - margin + 12, {
        width: usable,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return new FileResult(filename, PDF_TYPE, await done);
}
