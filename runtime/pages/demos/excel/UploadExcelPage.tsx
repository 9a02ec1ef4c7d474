/**
 * /excel/upload-excel: drop or choose an .xlsx file (1 MB at most); its first sheet is read in
 * the browser and shown as a table, the first row being the header.
 */
import { useState } from 'react';
import { Button, Card, Table, Upload } from 'antd';
import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { toastError, toastWarning } from '../../../feedback/feedback.ts';
import { useDemoTranslation } from '../demoMessages.ts';
import { readXlsx, type ReadSheet } from './sheet.ts';
import { loadExcelJs } from './loadExcelJs.ts';
import { Hint } from './ExcelParts.tsx';

export const MAX_UPLOAD_BYTES = 1024 * 1024;

export function isXlsx(name: string): boolean {
  return /\.xlsx$/i.test(name);
}

export default function UploadExcelPage() {
  const { t } = useDemoTranslation();
  const [sheet, setSheet] = useState<(ReadSheet & { name: string }) | undefined>();
  const [busy, setBusy] = useState(false);

  const read = async (file: File): Promise<void> => {
    if (!isXlsx(file.name)) {
      toastWarning(t('demo.excel.upload.notXlsx'));
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      toastWarning(t('demo.excel.upload.tooLarge'));
      return;
    }
    setBusy(true);
    try {
      setSheet({ ...(await readXlsx(await loadExcelJs(), await file.arrayBuffer())), name: file.name });
    } catch {
      toastError(t('demo.excel.upload.unreadable', { name: file.name }));
    } finally {
      setBusy(false);
    }
  };
  const props = {
    accept: '.xlsx',
    multiple: false,
    showUploadList: false,
    beforeUpload: (file: File) => {
      void read(file);
      return Upload.LIST_IGNORE;
    },
  };

  return (
    <div className="page-container">
      <Card title={t('demo.excel.upload.title')}>
        <Hint>{t('demo.excel.upload.hint')}</Hint>
        <Upload.Dragger {...props} disabled={busy} aria-label={t('demo.excel.upload.drop')}>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('demo.excel.upload.drop')}</p>
        </Upload.Dragger>
        <Upload {...props}>
          <Button icon={<UploadOutlined />} loading={busy} style={{ margin: '12px 0' }}>
            {t('demo.excel.upload.browse')}
          </Button>
        </Upload>
        {sheet && (
          <>
            <p data-testid="upload-summary">{t('demo.excel.upload.summary', { name: sheet.name, count: sheet.rows.length })}</p>
            <Table
              size="small"
              bordered
              rowKey={(_, i) => String(i)}
              aria-label={sheet.name}
              dataSource={sheet.rows}
              columns={sheet.header.map((h) => ({
                title: h,
                dataIndex: h,
                key: h,
                render: (v: unknown) => (v === null || v === undefined ? '' : String(v)),
              }))}
              pagination={false}
              scroll={{ x: true }}
            />
          </>
        )}
      </Card>
    </div>
  );
}
