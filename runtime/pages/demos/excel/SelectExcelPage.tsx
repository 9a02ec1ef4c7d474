/** /excel/export-selected-excel: choose rows, export only them. */
import { useState } from 'react';
import { Button, Card } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { toastWarning } from '../../../feedback/feedback.ts';
import { useDemoTranslation } from '../demoMessages.ts';
import { articleHeader, articleRow, useMockArticles } from './articles.ts';
import { ArticleTable, DEFAULT_OPTIONS, ExportOptionsBar, Hint, MockOffAlert, saveSheet } from './ExcelParts.tsx';

export default function SelectExcelPage() {
  const { t } = useDemoTranslation();
  const { articles, failed } = useMockArticles();
  const [options, setOptions] = useState(DEFAULT_OPTIONS);
  const [selected, setSelected] = useState<number[]>([]);
  const exportSelected = async () => {
    const rows = (articles ?? []).filter((a) => selected.includes(a.id));
    if (rows.length === 0) {
      toastWarning(t('demo.excel.selected.none'));
      return;
    }
    await saveSheet({ header: [articleHeader(t)], rows: rows.map(articleRow) }, options, t('demo.excel.defaultName'));
    setSelected([]);
  };
  return (
    <div className="page-container">
      <Card title={t('demo.excel.selected.title')}>
        <Hint>{t('demo.excel.selected.hint')}</Hint>
        <MockOffAlert failed={failed} />
        <ExportOptionsBar value={options} onChange={setOptions}>
          <Button type="primary" icon={<DownloadOutlined />} onClick={() => void exportSelected()}>
            {t('demo.excel.selected.button', { count: selected.length })}
          </Button>
        </ExportOptionsBar>
        <ArticleTable
          articles={articles}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(Number)),
            getCheckboxProps: (a) => ({ 'aria-label': t('demo.excel.selected.select', { id: a.id }) }),
          }}
        />
      </Card>
    </div>
  );
}
