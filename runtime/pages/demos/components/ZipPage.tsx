/**
 * /zip/download: the mock articles as a tab-separated text file inside a zip (jszip), saved as
 * `<name>.zip` holding `<name>.txt`; the name is typed, else the default.
 */
import { useState } from 'react';
import { Button, Card, Input, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { saveBlob } from '../../../resource/download.ts';
import { useDemoTranslation } from '../demoMessages.ts';
import { articleHeader, articleRow, useMockArticles } from '../excel/articles.ts';
import { ArticleTable, MockOffAlert } from '../excel/ExcelParts.tsx';

export default function ZipPage() {
  const { t } = useDemoTranslation();
  const { articles, failed } = useMockArticles();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const { default: JSZip } = await import('jszip');
      const base = name.trim() || t('demo.zip.defaultName');
      const lines = [articleHeader(t), ...(articles ?? []).map(articleRow)].map((row) => row.map((c) => String(c ?? '')).join('\t'));
      const zip = new JSZip();
      zip.file(`${base}.txt`, `${lines.join('\n')}\n`);
      saveBlob(await zip.generateAsync({ type: 'blob', compression: 'DEFLATE' }), `${base}.zip`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="page-container">
      <Card title={t('demo.zip.title')}>
        <Typography.Paragraph>{t('demo.zip.hint')}</Typography.Paragraph>
        <MockOffAlert failed={failed} />
        <Space wrap style={{ marginBottom: 16 }}>
          <Input
            aria-label={t('demo.zip.filename')}
            placeholder={t('demo.zip.filename')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            style={{ width: 260 }}
          />
          <Button type="primary" icon={<DownloadOutlined />} loading={busy} disabled={!articles?.length} onClick={() => void save()}>
            {t('demo.zip.button')}
          </Button>
        </Space>
        <ArticleTable articles={articles} />
      </Card>
    </div>
  );
}
