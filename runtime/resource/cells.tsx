/**
 * What a cell shows: the column's registered renderer, else its text (dictionary label,
 * relation label, formatted date). A rich-text field (form widget `richText`) shows its
 * sanitised HTML in the detail view and its plain text in list cells and wherever only text
 * can show (print).
 */
import { createElement, type ReactNode } from 'react';
import type { ResourceMeta } from '../generated/resources.ts';
import { translator } from '../i18n/translator.ts';
import { isRichTextField } from '../richtext/richTextFields.ts';
import { RichTextView } from '../richtext/RichTextView.tsx';
import { richTextToText } from '../richtext/sanitize.ts';
import { cellText, type ColumnSpec, type Translate } from './columns.ts';
import { getRenderer, type ResourceRecord } from './extensions.ts';

/** Looks a key up in the current language; undefined when it has no message. */
export const translate: Translate = (key) => (translator.exists(key) ? translator.t(key) : undefined);

/** Where a cell shows: a list's table cell, or the detail view of one record. */
export type CellPlace = 'list' | 'detail';

/** The text of a cell where only text can show (print, list cells): rich text as its plain text. */
export function plainCellText(resource: Pick<ResourceMeta, 'form'>, col: ColumnSpec, record: ResourceRecord): string {
  const value = record[col.field];
  if (typeof value === 'string' && isRichTextField(resource, col.field)) return richTextToText(value);
  return cellText(col, record, translate);
}

export function renderCell(resource: ResourceMeta, col: ColumnSpec, record: ResourceRecord, place: CellPlace = 'list'): ReactNode {
  const renderer = getRenderer(col.render);
  if (renderer) return createElement(renderer, { value: record[col.field], record, field: col.field, resource });
  if (place === 'detail' && isRichTextField(resource, col.field)) return createElement(RichTextView, { html: record[col.field] });
  return plainCellText(resource, col, record);
}
