/** The column visibility menu: a checkbox per column the user may see; Escape closes it and gives the focus back to its button. */
import { useRef, useState, type KeyboardEvent } from 'react';
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
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };
  const shown = columns.filter((c) => !hidden.has(c.field)).map((c) => c.field);
  // The keys come from the checkboxes inside.
  const content = (
    <div onKeyDown={closeOnEscape}>
      <Checkbox.Group
        className="resource-column-menu"
        value={shown}
        aria-label={t('resource.columns')}
        options={columns.map((c) => ({ value: c.field, label: t(c.label) }))}
        onChange={(values) => onChange(new Set(columns.map((c) => c.field).filter((f) => !values.includes(f))))}
      />
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" title={t('resource.columns')} open={open} onOpenChange={setOpen}>
      <Tooltip title={t('resource.columns')}>
        <Button
          ref={button}
          icon={<SettingOutlined aria-hidden />}
          aria-label={t('resource.columns')}
          aria-expanded={open}
          onKeyDown={closeOnEscape}
        />
      </Tooltip>
    </Popover>
  );
}
