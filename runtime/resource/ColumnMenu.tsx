/**
 * The column menu: a checkbox per column the user may see, buttons moving a column up or down,
 * and a reset to the resource's own layout (the choices are kept per user, columnPrefs.ts).
 * Escape closes it and gives the focus back to its button.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { Button, Checkbox, Popover, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from '../i18n/translator.ts';
import type { ColumnSpec } from './columns.ts';

export interface ColumnMenuProps {
  /** The columns in the user's order. */
  columns: readonly ColumnSpec[];
  hidden: ReadonlySet<string>;
  onChange(hidden: Set<string>): void;
  onMove?(field: string, step: -1 | 1): void;
  onReset?(): void;
}

export default function ColumnMenu({ columns, hidden, onChange, onMove, onReset }: ColumnMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };
  const toggle = (field: string, shown: boolean) => {
    const next = new Set(hidden);
    if (shown) next.delete(field);
    else next.add(field);
    onChange(next);
  };
  // The keys come from the checkboxes and buttons inside.
  const content = (
    <div onKeyDown={closeOnEscape}>
      <ul className="resource-column-menu" aria-label={t('resource.columns')}>
        {columns.map((c, i) => {
          const name = t(c.label);
          return (
            <li key={c.field} className="resource-column-item">
              <Checkbox checked={!hidden.has(c.field)} onChange={(e) => toggle(c.field, e.target.checked)}>
                {name}
              </Checkbox>
              {onMove && (
                <span className="resource-column-move">
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined aria-hidden />}
                    aria-label={t('resource.moveUp', { name })}
                    disabled={i === 0}
                    onClick={() => onMove(c.field, -1)}
                  />
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined aria-hidden />}
                    aria-label={t('resource.moveDown', { name })}
                    disabled={i === columns.length - 1}
                    onClick={() => onMove(c.field, 1)}
                  />
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {onReset && (
        <Button size="small" block onClick={onReset}>
          {t('resource.resetColumns')}
        </Button>
      )}
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
