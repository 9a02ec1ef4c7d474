/** The parts the excel and zip demo pages share: the export options, the articles table, saving a file. */
import { cloneElement, isValidElement, useId, type ReactNode } from 'react';
import { Alert, Input, Select, Space, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { saveBlob } from '../../../resource/download.ts';
import { useDemoTranslation } from '../demoMessages.ts';
import type { MockArticle } from './articles.ts';
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

export function MockOffAlert({ failed }: { failed: boolean }) {
  const { t } = useDemoTranslation();
  return failed ? <Alert type="warning" showIcon title={t('demo.mockOff')} style={{ marginBottom: 16 }} /> : null;
}

/** The articles table of the zip page: id, title, author, readings, date. */
export function ArticleTable({ articles }: { articles: MockArticle[] | undefined }) {
  const { t } = useDemoTranslation();
  const columns: ColumnsType<MockArticle> = [
    { title: t('demo.excel.columns.id'), dataIndex: 'id', width: 80 },
    { title: t('demo.excel.columns.title'), dataIndex: 'title' },
    { title: t('demo.excel.columns.author'), dataIndex: 'author', width: 140 },
    { title: t('demo.excel.columns.pageviews'), dataIndex: 'pageviews', width: 110 },
    { title: t('demo.excel.columns.display_time'), dataIndex: 'display_time', width: 200 },
  ];
  return (
    <Table<MockArticle>
      rowKey="id"
      size="small"
      bordered
      loading={articles === undefined}
      dataSource={articles ?? []}
      columns={columns}
      aria-label={t('demo.excel.tableLabel')}
      pagination={{
        pageSize: 10,
        itemRender: (_, type, element) =>
          (type === 'prev' || type === 'next') && isValidElement<{ 'aria-label'?: string }>(element)
            ? cloneElement(element, { 'aria-label': t(type === 'prev' ? 'resource.prevPage' : 'resource.nextPage') })
            : element,
      }}
    />
  );
}

export function Hint({ children }: { children: ReactNode }) {
  return <Typography.Paragraph type="secondary">{children}</Typography.Paragraph>;
}
