/**
 * The cells of the built-in field kinds (what a value shows as in the table and the detail view):
 * - `status`: a dictionary value as a tag, green for an enabled value (1, true, "1", "able"), red otherwise;
 * - choices (`select`, `radio`, `checkbox`) with a dictionary, and `tags`: the value (or a
 *   comma-separated list of values) as tags with the dictionary's labels;
 * - `icon`: a menu icon name with its icon;
 * - `flag`: a boolean as a tag with the field's label where it is true, nothing where it is not;
 * - `richText`: the sanitised HTML in the detail view, its plain text in the list.
 */
import { Space, Tag } from 'antd';
import { MenuIcon } from '../../layout/sidebar/menuIcon.tsx';
import { useTranslation } from '../../i18n/translator.ts';
import { RichTextView } from '../../richtext/RichTextView.tsx';
import { richTextToText } from '../../richtext/sanitize.ts';
import { dictKey } from '../columns.ts';
import type { CellProps } from './types.ts';

const ENABLED = new Set(['1', 'true', 'able', 'enabled', 'normal']);

function useDictLabel(props: CellProps): (value: unknown) => string {
  const { t } = useTranslation();
  const dict = props.field.dict;
  return (value) => (dict ? t(dictKey(dict, value), { defaultValue: String(value) }) : String(value));
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

export function StatusCell(props: CellProps) {
  const label = useDictLabel(props);
  if (isEmpty(props.value)) return null;
  const on = ENABLED.has(String(props.value).toLowerCase());
  return (
    <Tag color={on ? 'success' : 'error'} data-value={String(props.value)}>
      {label(props.value)}
    </Tag>
  );
}

/** A value, or a comma-separated list of values, as tags (dictionary labels where the field has a dictionary). */
export function TagsCell(props: CellProps) {
  const label = useDictLabel(props);
  if (isEmpty(props.value)) return null;
  const values = String(props.value)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return (
    <Space size={4} wrap={false}>
      {values.map((v) => (
        <Tag key={v} color="processing" data-value={v}>
          {label(v)}
        </Tag>
      ))}
    </Space>
  );
}

/** A field of choices: tags of its dictionary's labels, or the value's text when it has no dictionary. */
export function ChoiceCell(props: CellProps) {
  return props.field.dict ? <TagsCell {...props} /> : props.text;
}

export function FlagCell({ value, field }: CellProps) {
  const { t } = useTranslation();
  if (value !== true) return null;
  return <Tag color="processing">{t(field.label)}</Tag>;
}

export function IconCell({ value }: CellProps) {
  if (typeof value !== 'string' || !value) return null;
  return (
    <Space size={6}>
      <MenuIcon name={value} />
      <span>{value}</span>
    </Space>
  );
}

export function RichTextCell({ value, place }: CellProps) {
  if (place === 'detail') return <RichTextView html={value} />;
  return typeof value === 'string' ? richTextToText(value) : '';
}
