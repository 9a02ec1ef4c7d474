/** What a cell shows: the column's registered renderer, else its text (dictionary label, relation label, formatted date). */
import { createElement, type ReactNode } from 'react';
import type { ResourceMeta } from '../generated/resources.ts';
import { translator } from '../i18n/translator.ts';
import { cellText, type ColumnSpec, type Translate } from './columns.ts';
import { getRenderer, type ResourceRecord } from './extensions.ts';

/** Looks a key up in the current language; undefined when it has no message. */
export const translate: Translate = (key) => (translator.exists(key) ? translator.t(key) : undefined);

export function renderCell(resource: ResourceMeta, col: ColumnSpec, record: ResourceRecord): ReactNode {
  const renderer = getRenderer(col.render);
  if (renderer) return createElement(renderer, { value: record[col.field], record, field: col.field, resource });
  return cellText(col, record, translate);
}
