/**
 * /error-log/log: makes errors on purpose (an uncaught exception, an unhandled rejection, a
 * component that fails to draw) and shows the console's error log, where each one lands
 * (errorLog/errorLogState.ts, filled by errorLog/installErrorCapture.ts) with the bug in the navbar.
 */
import { Component, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { useSnapshot } from 'valtio';
import { settingsState } from '../../layout/settings/settingsState.ts';
import { recordError, shouldRecord } from '../../errorLog/installErrorCapture.ts';
import ErrorLogTable from '../errorLog/ErrorLogTable.tsx';
import { useDemoTranslation } from './demoMessages.ts';
import { REJECTED_MESSAGE, RENDER_MESSAGE, THROWN_MESSAGE } from './errorLogDemo.ts';

/** Keeps a failing child from taking the page down, and records what it threw. */
class Boundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: unknown): void {
    recordError(error, 'component');
  }
  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Broken(): ReactNode {
  throw new Error(RENDER_MESSAGE);
}

export default function ErrorLogDemoPage() {
  const { t } = useDemoTranslation();
  const settings = useSnapshot(settingsState);
  const [broken, setBroken] = useState(0);
  const recording = shouldRecord(settings.errorLog, import.meta.env.PROD);
  return (
    <div className="page-container">
      <Card title={t('demo.errorLog.title')}>
        <Typography.Paragraph>{t('demo.errorLog.hint')}</Typography.Paragraph>
        {!recording && (
          <Alert
            type="warning"
            showIcon
            title={t('demo.errorLog.notRecording', { setting: settings.errorLog })}
            style={{ marginBottom: 12 }}
          />
        )}
        <Space wrap>
          <Button
            danger
            onClick={() => {
              // thrown outside React's event handling, so that it reaches window.onerror
              setTimeout(() => {
                throw new Error(THROWN_MESSAGE);
              });
            }}
          >
            {t('demo.errorLog.throw')}
          </Button>
          <Button danger onClick={() => void Promise.reject(new Error(REJECTED_MESSAGE))}>
            {t('demo.errorLog.reject')}
          </Button>
          <Button danger onClick={() => setBroken((n) => n + 1)}>
            {t('demo.errorLog.breakComponent')}
          </Button>
        </Space>
        {broken > 0 && (
          <Boundary key={broken} fallback={<Alert type="error" showIcon title={t('demo.errorLog.broken')} style={{ marginTop: 12 }} />}>
            <Broken />
          </Boundary>
        )}
      </Card>
      <Card title={t('demo.errorLog.log')} style={{ marginTop: 16 }}>
        <ErrorLogTable />
      </Card>
    </div>
  );
}
