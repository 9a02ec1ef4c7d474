/**
 * /excel/export-selected-excel: the mock articles as the generic list of MockArticleSheet; the
 * rows checked go into the file of its toolbar's "Export selected" (ExportAction.tsx).
 */
import { Card } from 'antd';
import { useDemoTranslation } from '../demoMessages.ts';
import DemoResourceList from '../DemoResourceList.tsx';
import { Hint } from './ExcelParts.tsx';

export default function SelectExcelPage() {
  const { t } = useDemoTranslation();
  return (
    <div className="page-container">
      <Card title={t('demo.excel.selected.title')}>
        <Hint>{t('demo.excel.selected.hint')}</Hint>
        <DemoResourceList resource="MockArticleSheet" customActions={['exportSelected']} />
      </Card>
    </div>
  );
}
