/** The header and rows of the articles the excel and zip demo pages export (the list's records). */
import type { TFunction } from '../../../i18n/translator.ts';
import type { ResourceRecord } from '../../../resource/extensions.ts';
import type { Cell } from './sheet.ts';

const ARTICLE_COLUMNS = ['id', 'title', 'author', 'pageviews', 'display_time'] as const;

/** The list fields the rows read, in the order of articleHeader's labels. */
const ARTICLE_FIELDS = ['id', 'title', 'author', 'pageviews', 'displayTime'] as const;

export function articleHeader(t: TFunction): string[] {
  return ARTICLE_COLUMNS.map((c) => t(`demo.excel.columns.${c}`));
}

function cellOf(value: unknown): Cell {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : '';
}

/** One listed article as the cells of articleHeader's columns. */
export function articleRow(record: ResourceRecord): Cell[] {
  return ARTICLE_FIELDS.map((field) => cellOf(record[field]));
}
