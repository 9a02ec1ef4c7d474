/** The parts the excel demo pages share (the zip demo too): the export options, saving a sheet, a hint, a download dialog's foot. */
import { useId, type ReactNode } from 'react';
import { Button, Input, Select, Space, Switch, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { saveBlob } from '../../../resource/download.ts';
import { useDemoTranslation } from '../demoMessages.ts';
import { loadExcelJs } from './loadExcelJs.ts';
import { BOOK_TYPES, toFile, type BookType, type SheetSpec } from './sheet.ts';

export interface ExportOptions {
  filename: string;
  autoWidth: boolean;
  bookType: BookType;
}

export const DEFAULT_OPTIONS: ExportOptions = { filename: '', autoWidth: true, bookType: 'xlsx' };

/** Writes the sheet and saves it as `<filename>.<bookType>` (the default name when empty). */
export async function saveSheet(spec: SheetSpec, options: ExportOptions, defaultName: string): Promise<string> {
  const name = `${options.filename.trim() || defaultName}.${options.bookType}`;
  saveBlob(await toFile(loadExcelJs, { ...spec, autoWidth: options.autoWidth }, options.bookType), name);
  return name;
}

export function ExportOptionsBar({
  value,
  onChange,
  bookTypes = BOOK_TYPES,
}: {
  value: ExportOptions;
  onChange: (v: ExportOptions) => void;
  /** The formats offered (a merged header needs xlsx). */
  bookTypes?: readonly BookType[];
}) {
  const { t } = useDemoTranslation();
  const nameId = useId();
  const widthId = useId();
  const typeId = useId();
  return (
    <Space wrap align="center" style={{ marginBottom: 16 }}>
      <label htmlFor={nameId}>{t('demo.excel.filename')}</label>
      <Input
        id={nameId}
        style={{ width: 220 }}
        placeholder={t('demo.excel.filenamePlaceholder')}
        value={value.filename}
        onChange={(e) => onChange({ ...value, filename: e.target.value })}
      />
      <label htmlFor={widthId}>{t('demo.excel.autoWidth')}</label>
      <Switch id={widthId} checked={value.autoWidth} onChange={(autoWidth) => onChange({ ...value, autoWidth })} />
      <label htmlFor={typeId}>{t('demo.excel.bookType')}</label>
      <Select
        id={typeId}
        style={{ width: 100 }}
        value={value.bookType}
        onChange={(bookType) => onChange({ ...value, bookType })}
        options={bookTypes.map((b) => ({ value: b, label: b }))}
      />
    </Space>
  );
}

export function Hint({ children }: { children: ReactNode }) {
  return <Typography.Paragraph type="secondary">{children}</Typography.Paragraph>;
}

/** The foot of a demo's download dialog: Cancel, and the primary button that saves the file. */
export function DownloadFooter({
  label,
  busy,
  disabled,
  onCancel,
  onSave,
}: {
  label: string;
  busy: boolean;
  disabled: boolean;
  onCancel: () => void;
  onSave: () => void;
}) {
  const { t } = useDemoTranslation();
  return (
    <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="primary" icon={<DownloadOutlined />} loading={busy} disabled={disabled} onClick={onSave}>
        {label}
      </Button>
    </Space>
  );
}
