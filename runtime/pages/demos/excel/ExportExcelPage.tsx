/**
 * /excel/export-excel: the mock articles as the generic list of MockArticleSheet; its toolbar's
 * "Export Excel" (ExportAction.tsx) saves the rows shown as xlsx or csv with a chosen name and widths.
 */
import { Card } from 'antd';
import { useDemoTranslation } from '../demoMessages.ts';
import DemoResourceList from '../DemoResourceList.tsx';
import { Hint } from './ExcelParts.tsx';

export default function ExportExcelPage() {
  const { t } = useDemoTranslation();
  return (
    <div className="page-container">
      <Card title={t('demo.excel.export.title')}>
        <Hint>{t('demo.excel.export.hint')}</Hint>
        <DemoResourceList resource="MockArticleSheet" customActions={['exportSheet']} />
      </Card>
    </div>
  );
}
