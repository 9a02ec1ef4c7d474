/**
 * /zip/download: the mock articles as the generic list of MockArticleZip; its toolbar's
 * "Export zip" (ZipAction.tsx) saves the rows shown as a tab-separated text file inside a zip.
 */
import { Card, Typography } from 'antd';
import { useDemoTranslation } from '../demoMessages.ts';
import DemoResourceList from '../DemoResourceList.tsx';

export default function ZipPage() {
  const { t } = useDemoTranslation();
  return (
    <div className="page-container">
      <Card title={t('demo.zip.title')}>
        <Typography.Paragraph>{t('demo.zip.hint')}</Typography.Paragraph>
        <DemoResourceList resource="MockArticleZip" customActions={['exportZip']} />
      </Card>
    </div>
  );
}
