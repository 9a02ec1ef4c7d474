/** The column visibility menu: a checkbox per column the user may see. */
import { Button, Checkbox, Popover, Tooltip } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from '../i18n/translator.ts';
import type { ColumnSpec } from './columns.ts';

export interface ColumnMenuProps {
  columns: readonly ColumnSpec[];
  hidden: ReadonlySet<string>;
  onChange(hidden: Set<string>): void;
}

export default function ColumnMenu({ columns, hidden, onChange }: ColumnMenuProps) {
  const { t } = useTranslation();
  const shown = columns.filter((c) => !hidden.has(c.field)).map((c) => c.field);
  const content = (
    <Checkbox.Group
      className="resource-column-menu"
      value={shown}
      aria-label={t('resource.columns')}
      options={columns.map((c) => ({ value: c.field, label: t(c.label) }))}
      onChange={(values) => onChange(new Set(columns.map((c) => c.field).filter((f) => !values.includes(f))))}
    />
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" title={t('resource.columns')}>
      <Tooltip title={t('resource.columns')}>
        <Button icon={<SettingOutlined aria-hidden />} aria-label={t('resource.columns')} />
      </Tooltip>
    </Popover>
  );
}
