/** The error-log page (/error-log/log): the same list as the navbar dialog. */
import { Card } from 'antd';
import { useTranslation } from '../../i18n/translator.ts';
import ErrorLogTable from './ErrorLogTable.tsx';

export default function ErrorLogPage() {
  const { t } = useTranslation();
  return (
    <div className="page-container">
      <Card title={t('errorLog.title')}>
        <ErrorLogTable />
      </Card>
    </div>
  );
}
