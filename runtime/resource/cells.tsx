/**
 * What a cell shows: the cell of the field's kind (runtime/resource/fieldKinds), else its text
 * (dictionary label, relation label, formatted date). Rich text shows its sanitised HTML in the
 * detail view and its plain text in list cells and wherever only text can show (print).
 */
import { createElement, type ReactNode } from 'react';
import type { ResourceMeta } from '../generated/resources.ts';
import { translator } from '../i18n/translator.ts';
import { isRichTextField } from '../richtext/richTextFields.ts';
import { richTextToText } from '../richtext/sanitize.ts';
import { cellText, type ColumnSpec, type Translate } from './columns.ts';
import type { ResourceRecord } from './extensions.ts';
import { fieldKindOf } from './fieldKinds/registry.ts';
import type { CellPlace } from './fieldKinds/types.ts';
import { fieldOf } from './meta.ts';

export type { CellPlace };

/** Looks a key up in the current language; undefined when it has no message. */
export const translate: Translate = (key) => (translator.exists(key) ? translator.t(key) : undefined);

/** The text of a cell where only text can show (print, list cells): rich text as its plain text. */
export function plainCellText(resource: Pick<ResourceMeta, 'fields'>, col: ColumnSpec, record: ResourceRecord): string {
  const value = record[col.field];
  if (typeof value === 'string' && isRichTextField(resource, col.field)) return richTextToText(value);
  return cellText(col, record, translate);
}

/** Whether a column's cells show their text as it is (so the text can also be the cell's tooltip). */
export function showsText(resource: ResourceMeta, col: ColumnSpec): boolean {
  const field = fieldOf(resource, col.field);
  return !field || !fieldKindOf(resource, field).cell;
}

export function renderCell(resource: ResourceMeta, col: ColumnSpec, record: ResourceRecord, place: CellPlace = 'list'): ReactNode {
  const field = fieldOf(resource, col.field);
  const text = cellText(col, record, translate);
  const cell = field && fieldKindOf(resource, field).cell;
  if (!field || !cell) return text;
  return createElement(cell, { value: record[col.field], record, field, resource, place, text });
}
