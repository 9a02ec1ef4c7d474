/**
 * /i18n/index: the console's language, switched here as from the navbar's menu (the choice is
 * kept in the language cookie), and a table and a form whose texts follow it.
 */
import { useSnapshot } from 'valtio';
import { Card, DatePicker, Radio, Space, Table, Typography } from 'antd';
import { appState, setLanguage } from '../../../layout/appState.ts';
import type { Locale } from '../../../constants/spec.ts';
import { useDemoTranslation } from '../demoMessages.ts';

const LANGUAGES: { value: Locale; label: string }[] = [
  { value: 'zh', label: '简体中文' },
  { value: 'en', label: 'English' },
  { value: 'tw', label: '繁體中文' },
];

const ROWS = [
  { key: 1, date: '2016-05-03', name: 'Tom', city: 0 },
  { key: 2, date: '2016-05-02', name: 'Jerry', city: 1 },
  { key: 3, date: '2016-05-04', name: 'Spike', city: 2 },
];

export default function I18nPage() {
  const { t } = useDemoTranslation();
  const app = useSnapshot(appState);
  return (
    <div className="page-container">
      <Card title={t('demo.i18n.title')}>
        <Typography.Paragraph>{t('demo.i18n.hint')}</Typography.Paragraph>
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Radio.Group
            aria-label={t('demo.i18n.switch')}
            value={app.language}
            options={LANGUAGES}
            onChange={(e) => void setLanguage(e.target.value as Locale)}
            optionType="button"
          />
          <DatePicker aria-label={t('demo.i18n.date')} placeholder={t('demo.i18n.date')} />
          <Table
            size="small"
            pagination={false}
            aria-label={t('demo.i18n.table')}
            dataSource={ROWS}
            columns={[
              { title: t('demo.i18n.columns.date'), dataIndex: 'date' },
              { title: t('demo.i18n.columns.name'), dataIndex: 'name' },
              { title: t('demo.i18n.columns.city'), dataIndex: 'city', render: (c: number) => t(`demo.i18n.cities.${c}`) },
            ]}
          />
        </Space>
      </Card>
    </div>
  );
}
