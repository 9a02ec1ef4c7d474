/**
 * The monitoring pages (menu component `iframe`: /elk, /sentinel, /nacos, /swagger, /druid,
 * /grafana; docs/monitoring.md): the tool whose URL the tenant parameter `monitor.<code>.url`
 * gives, framed inside the layout, or, when none is set, a message naming the parameter with a
 * link to the parameters page. /swagger frames the server's own API description. The frame is
 * sandboxed (scripts, forms and pop-ups of the tool's own origin; no top navigation) and sends
 * no referrer; a tool that refuses to be framed stays blank, so the page always offers it in a
 * new tab as well.
 */
import { useEffect, useState } from 'react';
import { useLocation, Link } from 'react-router-dom';
import { Alert, Button, Result, Spin, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { platform, SILENT } from '../../api/platform.ts';
import type { QueryMonitorUrlParams } from '../../generated/types.ts';
import { useMonitorTranslation } from './monitorMessages.ts';

interface Target {
  code: string;
  url: string | null;
  param: string | null;
  problem: 'unset' | 'invalid' | null;
}

/** What the framed tool may do: run its scripts, use its own origin's storage, send its forms, open pop-ups; not navigate the console. */
const SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads';

export default function MonitorFrame() {
  const { t } = useMonitorTranslation();
  const code = useLocation().pathname.replace(/^\/+|\/+$/g, '');
  const [target, setTarget] = useState<Target>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setTarget(undefined);
    setFailed(false);
    void (async () => {
      try {
        const answer = await (await platform()).queryMonitorUrl({ code } as QueryMonitorUrlParams, SILENT);
        if (current) setTarget(answer.data as Target);
      } catch {
        if (current) setFailed(true);
      }
    })();
    return () => {
      current = false;
    };
  }, [code]);

  if (failed) return <Result status="warning" title={t('monitor.failed')} />;
  if (!target) return <Spin className="monitor-loading" />;
  if (!target.url) {
    return (
      <Result
        status="info"
        data-testid="monitor-unset"
        title={t(target.problem === 'invalid' ? 'monitor.invalid' : 'monitor.unset')}
        subTitle={t('monitor.unsetHint', { param: target.param ?? '' })}
        extra={
          <Link to="/sysparam">
            <Button type="primary">{t('monitor.toParams')}</Button>
          </Link>
        }
      />
    );
  }
  return (
    <div className="monitor-page">
      <Alert
        type="info"
        showIcon
        className="monitor-bar"
        message={
          <span>
            {t('monitor.framed')}{' '}
            <Typography.Link href={target.url} target="_blank" rel="noopener noreferrer">
              {t('monitor.openNewTab')} <ExportOutlined />
            </Typography.Link>
          </span>
        }
      />
      <iframe
        className="monitor-frame"
        data-testid="monitor-frame"
        title={code}
        src={target.url}
        sandbox={SANDBOX}
        referrerPolicy="no-referrer"
        style={{ width: '100%', height: 'calc(100vh - 220px)', minHeight: 480, border: 0 }}
      />
    </div>
  );
}
