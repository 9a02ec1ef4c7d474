/** /excel/export-excel: the mock articles, exported as xlsx or csv with a chosen name and widths. */
import { useState } from 'react';
import { Button, Card } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useDemoTranslation } from '../demoMessages.ts';
import { articleHeader, articleRow, useMockArticles } from './articles.ts';
import { ArticleTable, DEFAULT_OPTIONS, ExportOptionsBar, Hint, MockOffAlert, saveSheet } from './ExcelParts.tsx';

export default function ExportExcelPage() {
  const { t } = useDemoTranslation();
  const { articles, failed } = useMockArticles();
  const [options, setOptions] = useState(DEFAULT_OPTIONS);
  const [busy, setBusy] = useState(false);
  const exportAll = async () => {
    setBusy(true);
    try {
      await saveSheet({ header: [articleHeader(t)], rows: (articles ?? []).map(articleRow) }, options, t('demo.excel.defaultName'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="page-container">
      <Card title={t('demo.excel.export.title')}>
        <Hint>{t('demo.excel.export.hint')}</Hint>
        <MockOffAlert failed={failed} />
        <ExportOptionsBar value={options} onChange={setOptions}>
          <Button type="primary" icon={<DownloadOutlined />} loading={busy} disabled={!articles?.length} onClick={() => void exportAll()}>
            {t('demo.excel.export.button')}
          </Button>
        </ExportOptionsBar>
        <ArticleTable articles={articles} />
      </Card>
    </div>
  );
}
