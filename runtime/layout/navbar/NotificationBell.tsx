/**
 * The notification bell (spec 2, docs/notifications.md): the badge counts the unread
 * notifications, loaded with the layout, again whenever the live channel says the user's bell
 * changed (liveChannel.ts: a published notification, a new workflow task), and every
 * NOTIFICATION_POLL_MS as a fallback; the 336 px
 * dropdown (notice and message tabs) reloads the list when it opens. Opening an item shows the
 * notification in a dialog and marks it read (`readNotification`), and the count drops.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Button, Dropdown, Empty, Modal, Spin, Tabs, Typography } from 'antd';
import { BellOutlined, MessageOutlined, NotificationOutlined } from '@ant-design/icons';
import { useTranslation } from '../../i18n/translator.ts';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { queryHeadNotification, readNotification, type BellItem, type MyNotification } from '../../api/notification.ts';
import { listOf, needsRelogin } from '../../http/envelope.ts';
import { ApiError } from '../../http/apiError.ts';
import { MY_NOTIFICATION_PATH, NOTIFICATION_DROPDOWN_WIDTH_PX, NOTIFICATION_POLL_MS } from '../../constants/spec.ts';
import { formatRelativeTime } from '../../format/timeAgo.ts';
import { openLiveChannel } from './liveChannel.ts';
import { toastError } from '../../feedback/feedback.ts';
import { appState } from '../appState.ts';
import { permissionState } from '../../permission/permissionState.ts';
import { matchRoute } from '../../permission/matchRoute.ts';
import type { AppRoute } from '../../permission/routeTypes.ts';

const RichTextView = lazy(async () => ({ default: (await import('../../richtext/RichTextView.tsx')).RichTextView }));

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
  const [shown, setShown] = useState<MyNotification | undefined>();
  const canSeeMore = !!matchRoute(permission.routes as readonly AppRoute[], MY_NOTIFICATION_PATH);

  const [failed, setFailed] = useState(false);
  const stopped = useRef(false);
  const load = useCallback(async (visible: boolean) => {
    if (stopped.current) return;
    if (visible) setLoading(true);
    setFailed(false);
    try {
      const answer = await queryHeadNotification();
      setItems(listOf(answer.data));
    } catch (err) {
      setFailed(true);
      // Signed out: the re-login confirm takes over; the panel must not cover it, polling stops.
      if (err instanceof ApiError && needsRelogin(err.code)) {
        stopped.current = true;
        setItems([]);
        setOpen(false);
      }
    } finally {
      if (visible) setLoading(false);
    }
  }, []);

  // The count is there without a click: loaded when the live channel opens (and again after each
  // reconnection: what was missed), on each of its notices, and polled as a fallback.
  const [live, setLive] = useState(false);
  useEffect(() => {
    void load(false);
    const channel = openLiveChannel(() => void load(false), setLive);
    const timer = window.setInterval(() => void load(false), NOTIFICATION_POLL_MS);
    return () => {
      channel.close();
      window.clearInterval(timer);
    };
  }, [load]);

  const openItem = async (item: BellItem) => {
    setOpen(false);
    try {
      const answer = await readNotification(Number(item.id));
      if (answer.data) setShown(answer.data);
      setItems((list) => list.map((i) => (i.id === item.id ? { ...i, read: true } : i)));
    } catch {
      toastError(t('bell.openFailed'));
      void load(false);
    }
  };

  const list = (kind: 'notice' | 'message') => {
    const visible = items.filter((i) => (kind === 'message' ? isMessage(i) : !isMessage(i)));
    if (!visible.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={failed ? t('bell.failed') : t('bell.empty')} />;
    return (
      <ul className="bell-list">
        {visible.map((item) => (
          <li key={item.id} className={item.read ? 'bell-item' : 'bell-item bell-item-unread'} data-read={item.read ? 'true' : 'false'}>
            <button type="button" className="bell-item-open" onClick={() => void openItem(item)}>
              <span className="bell-item-icon" aria-hidden>
                {kind === 'message' ? <MessageOutlined /> : <NotificationOutlined />}
              </span>
              <span className="bell-item-body">
                <span className="bell-item-title">{item.title}</span>
                {item.description && <span className="bell-item-desc">{item.description}</span>}
                {item.datetime && <span className="bell-item-time">{formatRelativeTime(item.datetime, { locale: app.language })}</span>}
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  };

  const unread = items.filter((i) => !i.read);
  const counts = {
    notice: unread.filter((i) => !isMessage(i)).length,
    message: unread.filter(isMessage).length,
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) void load(true);
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
                  {
                    key: 'message',
                    label: `${t('bell.message')}${counts.message ? ` (${counts.message})` : ''}`,
                    children: list('message'),
                  },
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
        <Button
          type="text"
          className="navbar-icon"
          aria-label={unread.length ? `${t('bell.title')}, ${t('bell.unread', { n: unread.length })}` : t('bell.title')}
          title={t('bell.title')}
          data-testid="notification-bell"
          data-live={live ? 'open' : 'closed'}
        >
          <Badge count={unread.length} size="small" offset={[4, -2]}>
            <BellOutlined className="navbar-icon-glyph" />
          </Badge>
        </Button>
      </Dropdown>
      <Modal
        open={!!shown}
        title={shown?.title}
        onCancel={() => setShown(undefined)}
        footer={<Button onClick={() => setShown(undefined)}>{t('bell.close')}</Button>}
        destroyOnHidden
        wrapClassName="notification-dialog"
      >
        {shown && (
          <>
            <Typography.Paragraph type="secondary">
              {[shown.publisher, shown.createTime ? formatRelativeTime(String(shown.createTime), { locale: app.language }) : '']
                .filter(Boolean)
                .join(' · ')}
            </Typography.Paragraph>
            <Suspense fallback={<Spin />}>
              <RichTextView html={shown.content} />
            </Suspense>
          </>
        )}
      </Modal>
    </>
  );
}
