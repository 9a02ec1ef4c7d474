/** The recorded client errors: message, info, url, stack; clearable. */
import { Button, Empty, Table, Tag } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from '../../i18n/translator.ts';
import { useSnapshot } from 'valtio';
import { clearErrorLog, errorLogState, type ErrorLogEntry } from '../../errorLog/errorLogState.ts';
import { formatDate } from '../../format/formatDate.ts';

export default function ErrorLogTable() {
  const { t } = useTranslation();
  const log = useSnapshot(errorLogState);
  const rows = log.logs.map((l, i) => ({ ...l, key: i })) as (ErrorLogEntry & { key: number })[];
  return (
    <div className="error-log-table">
      <div className="error-log-toolbar">
        <Button danger icon={<DeleteOutlined />} onClick={clearErrorLog} disabled={rows.length === 0}>
          {t('errorLog.clear')}
        </Button>
      </div>
      {rows.length === 0 ? (
        <Empty description={t('errorLog.empty')} />
      ) : (
        <Table
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            {
              title: t('errorLog.message'),
              key: 'message',
              render: (_v, row) => (
                <div>
                  <div>
                    <Tag color="red">{t('errorLog.msg')}</Tag>
                    <span>{row.message}</span>
                  </div>
                  <div>
                    <Tag color="orange">{t('errorLog.info')}</Tag>
                    <span>{row.info}</span>
                  </div>
                  <div>
                    <Tag color="blue">{t('errorLog.url')}</Tag>
                    <span>{row.url}</span>
                  </div>
                  <div className="error-log-time">{formatDate(row.time)}</div>
                </div>
              ),
            },
            {
              title: t('errorLog.stack'),
              dataIndex: 'stack',
              key: 'stack',
              render: (stack: string | undefined) => <pre className="error-log-stack">{stack}</pre>,
            },
          ]}
        />
      )}
    </div>
  );
}
