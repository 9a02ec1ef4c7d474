/**
 * /excel/export-merge-header: a two-row header whose cells are merged: "Id" and "Date" span
 * both rows, "Main information" spans title, author and readings.
 */
import { useState } from 'react';
import { Button, Card } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import { useDemoTranslation } from '../demoMessages.ts';
import { articleRow, useMockArticles, type MockArticle } from './articles.ts';
import { ArticleTable, DEFAULT_OPTIONS, ExportOptionsBar, Hint, MockOffAlert, saveSheet } from './ExcelParts.tsx';
import type { TFunction } from '../../../i18n/translator.ts';

/** The merged ranges of the two header rows. */
export const MERGES = ['A1:A2', 'B1:D1', 'E1:E2'];

export function mergedHeader(t: TFunction): string[][] {
  const c = (k: string) => t(`demo.excel.columns.${k}`);
  return [
    [c('id'), t('demo.excel.merge.main'), '', '', c('display_time')],
    ['', c('title'), c('author'), c('pageviews'), ''],
  ];
}

export default function MergeHeaderPage() {
  const { t } = useDemoTranslation();
  const { articles, failed } = useMockArticles();
  const [options, setOptions] = useState(DEFAULT_OPTIONS);
  const columns: ColumnsType<MockArticle> = [
    { title: t('demo.excel.columns.id'), dataIndex: 'id', width: 80 },
    {
      title: t('demo.excel.merge.main'),
      children: [
        { title: t('demo.excel.columns.title'), dataIndex: 'title' },
        { title: t('demo.excel.columns.author'), dataIndex: 'author', width: 140 },
        { title: t('demo.excel.columns.pageviews'), dataIndex: 'pageviews', width: 110 },
      ],
    },
    { title: t('demo.excel.columns.display_time'), dataIndex: 'display_time', width: 200 },
  ];
  return (
    <div className="page-container">
      <Card title={t('demo.excel.merge.title')}>
        <Hint>{t('demo.excel.merge.hint')}</Hint>
        <MockOffAlert failed={failed} />
        <ExportOptionsBar value={options} onChange={setOptions} bookTypes={['xlsx']}>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            disabled={!articles?.length}
            onClick={() =>
              void saveSheet(
                { header: mergedHeader(t), merges: MERGES, rows: (articles ?? []).map(articleRow) },
                options,
                t('demo.excel.defaultName'),
              )
            }
          >
            {t('demo.excel.export.button')}
          </Button>
        </ExportOptionsBar>
        <ArticleTable articles={articles} columns={columns} />
      </Card>
    </div>
  );
}
