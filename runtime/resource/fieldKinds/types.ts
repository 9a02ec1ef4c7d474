/**
 * What a field kind is in the console: the three components one registration gives a field,
 * its table cell, its record-form input and its search-form input. See registry.ts.
 */
import type { ComponentType, ReactNode } from 'react';
import type { Widget } from '@rjsf/utils';
import type { FieldMeta, ResourceMeta, SearchFieldMeta } from '../../generated/resources.ts';
import type { ResourceRecord } from '../extensions.ts';

/** Where a cell shows: a list's table cell, or the detail view of one record. */
export type CellPlace = 'list' | 'detail';

export interface CellProps {
  /** The field's value in the record (the raw value; `text` has it as the list shows text). */
  value: unknown;
  record: ResourceRecord;
  field: FieldMeta;
  resource: ResourceMeta;
  place: CellPlace;
  /** The value as text: dictionary labels, the relation's label, dates formatted, '' for none. */
  text: string;
}

export interface SearchInputProps {
  /**
   * Given by the search form (an Ant Design Form.Item): the input's id, which the field's label
   * points at, its value and the change handler. A value is a string or number, a `[from, to]`
   * pair for a range match (Day.js dates are sent as `YYYY-MM-DD`), or undefined for none.
   */
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  field: FieldMeta;
  resource: ResourceMeta;
  /** How the server matches the value: exact, contains or range (`list.search`). */
  match: SearchFieldMeta['match'];
  /** The field's label in the current language (for the accessible names of several inputs). */
  label: string;
}

export interface FieldKindDefinition {
  /** The record form's input: an rjsf widget (WidgetProps of @rjsf/utils, see docs/resource-form.md). */
  input: Widget;
  /** The table cell and the detail view's value; without one, the value's text. */
  cell?: (props: CellProps) => ReactNode;
  /** The search form's input; without one, the search input for the field's type (fieldSearchInput). */
  search?: ComponentType<SearchInputProps>;
}
