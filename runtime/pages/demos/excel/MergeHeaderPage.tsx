/**
 * /excel/export-merge-header: the mock articles as the generic list of MockArticleSheet; its
 * toolbar's "Export with merged header" (ExportAction.tsx) writes a two-row header whose cells
 * are merged: "Id" and "Date" span both rows, "Main information" spans title, author and readings.
 */
import { Card } from 'antd';
import { useDemoTranslation } from '../demoMessages.ts';
import DemoResourceList from '../DemoResourceList.tsx';
import { Hint } from './ExcelParts.tsx';

export default function MergeHeaderPage() {
  const { t } = useDemoTranslation();
  return (
    <div className="page-container">
      <Card title={t('demo.excel.merge.title')}>
        <Hint>{t('demo.excel.merge.hint')}</Hint>
        <DemoResourceList resource="MockArticleSheet" customActions={['exportMergedHeader']} />
      </Card>
    </div>
  );
}
