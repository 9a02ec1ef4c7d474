/**
 * Column renderers every resource file may name in `list.columns[].render`:
 * - `statusTag`: a dictionary value as a tag, green for an enabled value (1, true, "1", "able"), red otherwise;
 * - `dictTag`: a dictionary value (or a comma-separated list of them) as tags;
 * - `icon`: a menu icon name with its icon;
 * - `flagTag`: a boolean field as a tag with the field's label where it is true, nothing where it is not.
 * An extension module (registerResourcePages.ts): it loads with the first resource page.
 */
import { Space, Tag } from 'antd';
import { MenuIcon } from '../layout/sidebar/menuIcon.tsx';
import { useTranslation } from '../i18n/translator.ts';
import { dictKey } from './columns.ts';
import { registerRenderer, type CellRendererProps } from './extensions.ts';
import { fieldOf } from './meta.ts';

const ENABLED = new Set(['1', 'true', 'able', 'enabled', 'normal']);

function useDictLabel(props: CellRendererProps): (value: unknown) => string {
  const { t } = useTranslation();
  const dict = fieldOf(props.resource, props.field)?.dict;
  return (value) => (dict ? t(dictKey(dict, value), { defaultValue: String(value) }) : String(value));
}

function StatusTag(props: CellRendererProps) {
  const label = useDictLabel(props);
  if (props.value === null || props.value === undefined || props.value === '') return null;
  const on = ENABLED.has(String(props.value).toLowerCase());
  return (
    <Tag color={on ? 'success' : 'error'} data-value={String(props.value)}>
      {label(props.value)}
    </Tag>
  );
}

function DictTag(props: CellRendererProps) {
  const label = useDictLabel(props);
  if (props.value === null || props.value === undefined || props.value === '') return null;
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

function FlagTag({ value, resource, field }: CellRendererProps) {
  const { t } = useTranslation();
  if (value !== true) return null;
  const label = fieldOf(resource, field)?.label;
  return <Tag color="processing">{label ? t(label) : field}</Tag>;
}

function IconCell({ value }: CellRendererProps) {
  if (typeof value !== 'string' || !value) return null;
  return (
    <Space size={6}>
      <MenuIcon name={value} />
      <span>{value}</span>
    </Space>
  );
}

registerRenderer('statusTag', StatusTag);
registerRenderer('dictTag', DictTag);
registerRenderer('icon', IconCell);
registerRenderer('flagTag', FlagTag);
