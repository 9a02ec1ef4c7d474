/**
 * The notification bell (spec 2): a 336 px dropdown with notice and message tabs; the list
 * loads when the bell is clicked, and the badge shows its length.
 */
import { useState } from 'react';
import { Badge, Button, Dropdown, Empty, Spin, Tabs } from 'antd';
import { BellOutlined, MessageOutlined, NotificationOutlined } from '@ant-design/icons';
import { useTranslation } from '../../i18n/translator.ts';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { queryHeadNotification, type BellItem } from '../../api/notification.ts';
import { listOf, needsRelogin } from '../../http/envelope.ts';
import { ApiError } from '../../http/apiError.ts';
import { MY_NOTIFICATION_PATH, NOTIFICATION_DROPDOWN_WIDTH_PX } from '../../constants/spec.ts';
import { formatRelativeTime } from '../../format/timeAgo.ts';
import { appState } from '../appState.ts';
import { permissionState } from '../../permission/permissionState.ts';
import { matchRoute } from '../../permission/matchRoute.ts';
import type { AppRoute } from '../../permission/routeTypes.ts';

function isMessage(item: BellItem): boolean {
  return item.type === 'message';
}

export default function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const app = useSnapshot(appState);
  const permission = useSnapshot(permissionState);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [items, setItems] = useState<BellItem[]>([]);
  const [tab, setTab] = useState<'notice' | 'message'>('notice');
  const canSeeMore = !!matchRoute(permission.routes as readonly AppRoute[], MY_NOTIFICATION_PATH);

  const [failed, setFailed] = useState(false);
  const load = async () => {
    setLoading(true);
    setFailed(false);
    try {
      const answer = await queryHeadNotification();
      setItems(listOf(answer.data));
    } catch (err) {
      setItems([]);
      setFailed(true);
      // Signed out: the re-login confirm takes over; the panel must not cover it.
      if (err instanceof ApiError && needsRelogin(err.code)) setOpen(false);
    } finally {
      setLoading(false);
    }
  };

  const list = (kind: 'notice' | 'message') => {
    const shown = items.filter((i) => (kind === 'message' ? isMessage(i) : !isMessage(i)));
    if (!shown.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={failed ? t('bell.failed') : t('bell.empty')} />;
    return (
      <ul className="bell-list">
        {shown.map((item) => (
          <li key={item.id} className="bell-item">
            <span className="bell-item-icon" aria-hidden>
              {kind === 'message' ? <MessageOutlined /> : <NotificationOutlined />}
            </span>
            <div className="bell-item-body">
              <div className="bell-item-title">{item.title}</div>
              {item.description && <div className="bell-item-desc">{item.description}</div>}
              {item.datetime && <div className="bell-item-time">{formatRelativeTime(item.datetime, { locale: app.language })}</div>}
            </div>
          </li>
        ))}
      </ul>
    );
  };

  const counts = {
    notice: items.filter((i) => !isMessage(i)).length,
    message: items.filter(isMessage).length,
  };

  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void load();
      }}
      placement="bottomRight"
      popupRender={() => (
        <div className="bell-panel" style={{ width: NOTIFICATION_DROPDOWN_WIDTH_PX }} role="dialog" aria-label={t('bell.title')}>
          <Spin spinning={loading}>
            <Tabs
              centered
              activeKey={tab}
              onChange={(k) => setTab(k as 'notice' | 'message')}
              items={[
                { key: 'notice', label: `${t('bell.notice')}${counts.notice ? ` (${counts.notice})` : ''}`, children: list('notice') },
                { key: 'message', label: `${t('bell.message')}${counts.message ? ` (${counts.message})` : ''}`, children: list('message') },
              ]}
            />
          </Spin>
          {canSeeMore && (
            <div className="bell-footer">
              <Button
                type="link"
                onClick={() => {
                  setOpen(false);
                  navigate(MY_NOTIFICATION_PATH);
                }}
              >
                {t('bell.seeMore')}
              </Button>
            </div>
          )}
        </div>
      )}
    >
      <Button type="text" className="navbar-icon" aria-label={t('bell.title')} title={t('bell.title')} data-testid="notification-bell">
        <Badge count={items.length} size="small" offset={[4, -2]}>
          <BellOutlined className="navbar-icon-glyph" />
        </Badge>
      </Button>
    </Dropdown>
  );
}
