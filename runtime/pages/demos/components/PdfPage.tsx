/** /pdf/index: opens the printable article (/pdf/download) in a new tab, where the browser's print dialog saves it as PDF. */
import { Button, Card, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useDemoTranslation } from '../demoMessages.ts';

export default function PdfPage() {
  const { t } = useDemoTranslation();
  return (
    <div className="page-container">
      <Card title={t('demo.pdf.title')}>
        <Typography.Paragraph>{t('demo.pdf.hint')}</Typography.Paragraph>
        <Button type="primary" icon={<FilePdfOutlined />} onClick={() => window.open('/pdf/download', '_blank', 'noopener')}>
          {t('demo.pdf.open')}
        </Button>
      </Card>
    </div>
  );
}
