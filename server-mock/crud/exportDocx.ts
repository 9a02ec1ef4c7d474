/**
 * Word exports (docx): the resource title as a heading, then a table with a header row of
 * translated labels (repeated on every page) and one row per record. Wide tables (more than
 * LANDSCAPE_COLUMNS columns) are laid out on landscape pages.
 */
import {
  Document,
  HeadingLevel,
  Packer,
  PageOrientation,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { FileResult } from '../calls/context.ts';
import { LANDSCAPE_COLUMNS, columnWidths, widestText, type ExportTable } from './exportRows.ts';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A4 in twentieths of a point, and the page margin. */
const A4_WIDTH = 11906;
const A4_HEIGHT = 16838;
const MARGIN = 720;
/** Table text size in half-points (9 pt), smaller for many columns. */
const TEXT_SIZE = 18;
const SMALL_TEXT_SIZE = 14;
/** Default left plus right cell margin. */
const CELL_MARGINS = 230;

/** Estimated width of a text in twips at a size in half-points: wide (CJK) characters 1 em, others 0.55 em. */
function textWidth(text: string, size: number): number {
  let ems = 0;
  for (const ch of text) ems += ch.codePointAt(0)! >= 0x2e80 ? 1 : 0.55;
  return ems * size * 10;
}

/** A cell's paragraphs: one per line of the text. */
function cellParagraphs(text: string, options: { bold?: boolean; size: number }): Paragraph[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => new Paragraph({ children: [new TextRun({ text: line, bold: options.bold, size: options.size })] }));
}

export async function writeDocx(table: ExportTable, filename: string): Promise<FileResult> {
  const landscape = table.columns.length > LANDSCAPE_COLUMNS;
  const size = table.columns.length > 10 ? SMALL_TEXT_SIZE : TEXT_SIZE;
  const usable = (landscape ? A4_HEIGHT : A4_WIDTH) - 2 * MARGIN;
  const natural = table.columns.map(
    (_, i) =>
      Math.max(
        widestText(table, i, (text) => textWidth(text, size)),
        size * 20,
      ) + CELL_MARGINS,
  );
  const widths = columnWidths(natural, usable).map((w) => Math.floor(w));
  const header = new TableRow({
    tableHeader: true,
    cantSplit: true,
    children: table.columns.map(
      (c, i) =>
        new TableCell({
          width: { size: widths[i]!, type: WidthType.DXA },
          shading: { fill: 'F0F0F0', type: ShadingType.CLEAR, color: 'auto' },
          children: cellParagraphs(c.label, { bold: true, size }),
        }),
    ),
  });
  const rows = table.rows.map(
    (cells) =>
      new TableRow({
        cantSplit: true,
        children: cells.map(
          (cell, i) => new TableCell({ width: { size: widths[i]!, type: WidthType.DXA }, children: cellParagraphs(cell.text, { size }) }),
        ),
      }),
  );
  const doc = new Document({
    creator: 'console',
    title: table.title,
    sections: [
      {
        properties: {
          page: {
            size: { width: A4_WIDTH, height: A4_HEIGHT, orientation: landscape ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT },
            margin: { top: MARGIN, right: MARGIN, bottom: MARGIN, left: MARGIN },
          },
        },
        children: [
          new Paragraph({ text: table.title, heading: HeadingLevel.HEADING_1 }),
          new Table({
            width: { size: usable, type: WidthType.DXA },
            columnWidths: widths,
            layout: TableLayoutType.FIXED,
            rows: [header, ...rows],
          }),
        ],
      },
    ],
  });
  const buffer = await Packer.toBuffer(doc);
  return new FileResult(filename, DOCX_TYPE, buffer);
}
