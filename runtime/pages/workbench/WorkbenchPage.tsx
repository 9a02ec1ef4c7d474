/**
 * The workbench (home, pinned tab): a greeting, the user's pending items, the latest
 * notifications ("see more" goes to /mynotification) and shortcuts to recent pages.
 */
import { useEffect, useState } from 'react';
import { Avatar, Button, Card, Col, Empty, Row, Skeleton, Tag } from 'antd';
import { ClockCircleOutlined, NotificationOutlined, RightOutlined, SolutionOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/translator.ts';
import { useSnapshot } from 'valtio';
import { queryMyNotification, type MyNotification } from '../../api/notification.ts';
import { queryPersonalTask, type PendingTask } from '../../api/workflow.ts';
import { MY_NOTIFICATION_PATH } from '../../constants/spec.ts';
import { formatRelativeTime } from '../../format/timeAgo.ts';
import { formatDate } from '../../format/formatDate.ts';
import { translateTitle } from '../../i18n/translateTitle.ts';
import { dictKey } from '../../resource/columns.ts';
import { appState } from '../../layout/appState.ts';
import { recentVisitsState } from '../../history/recentVisitsState.ts';
import { userState } from '../../auth/userState.ts';
import { DEFAULT_AVATAR } from '../../layout/navbar/defaultAvatar.ts';
import { MenuIcon } from '../../layout/sidebar/menuIcon.tsx';
import { greetingKey } from './greeting.ts';
import './workbench.css';

const LATEST = 5;

function useList<T>(load: () => Promise<T[]>): { items: T[]; loading: boolean } {
  const [state, setState] = useState<{ items: T[]; loading: boolean }>({ items: [], loading: true });
  useEffect(() => {
    let live = true;
    load()
      .then((items) => live && setState({ items, loading: false }))
      .catch(() => live && setState({ items: [], loading: false }));
    return () => {
      live = false;
    };
    // Loaded once per mount.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return state;
}

export default function WorkbenchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSnapshot(userState);
  const app = useSnapshot(appState);
  const recent = useSnapshot(recentVisitsState);
  const [hour] = useState(() => new Date().getHours());

  const tasks = useList<PendingTask>(async () => (await queryPersonalTask({ currentPage: 1, pageSize: LATEST })).data?.list ?? []);
  const notices = useList<MyNotification>(async () => (await queryMyNotification({ currentPage: 1, pageSize: LATEST })).data?.list ?? []);

  return (
    <div className="page-container workbench">
      <Card className="workbench-greeting" variant="borderless">
        <div className="workbench-greeting-body">
          <Avatar size={64} src={user.avatar || DEFAULT_AVATAR} alt="" />
          <div>
            <h2 className="workbench-hello">{t(greetingKey(hour), { name: user.nickname || user.name })}</h2>
            <div className="workbench-meta">
              <span>{user.tenantName || t('workbench.defaultTenant')}</span>
              {user.roles.map((r) => (
                <Tag key={r} color="blue">
                  {r}
                </Tag>
              ))}
            </div>
          </div>
        </div>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card
            title={
              <span>
                <SolutionOutlined /> {t('workbench.pending')}
              </span>
            }
            className="workbench-card"
          >
            {tasks.loading ? (
              <Skeleton active paragraph={{ rows: 3 }} />
            ) : tasks.items.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workbench.noPending')} />
            ) : (
              <ul className="workbench-list">
                {tasks.items.map((task) => (
                  <li key={task.id}>
                    <Button
                      type="link"
                      size="small"
                      className="workbench-list-title"
                      onClick={() => navigate(task.assignee ? `/mytaskdetails?id=${task.id}` : '/candidatetask')}
                    >
                      {task.name}
                    </Button>
                    {task.processName && <Tag>{task.processName}</Tag>}
                    <span className="workbench-list-time">{formatDate(task.createTime)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card
            title={
              <span>
                <NotificationOutlined /> {t('workbench.notifications')}
              </span>
            }
            extra={
              <Button type="link" size="small" onClick={() => navigate(MY_NOTIFICATION_PATH)}>
                {t('workbench.seeMore')} <RightOutlined />
              </Button>
            }
            className="workbench-card"
          >
            {notices.loading ? (
              <Skeleton active paragraph={{ rows: 3 }} />
            ) : notices.items.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workbench.noNotifications')} />
            ) : (
              <ul className="workbench-list">
                {notices.items.map((n) => (
                  <li key={n.id}>
                    <span className="workbench-list-title">{n.title}</span>
                    {n.type && <Tag color="geekblue">{t(dictKey('notification_type', n.type), { defaultValue: n.type })}</Tag>}
                    <span className="workbench-list-time">
                      {n.createTime ? formatRelativeTime(n.createTime, { locale: app.language }) : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </Col>
        <Col span={24}>
          <Card
            title={
              <span>
                <ClockCircleOutlined /> {t('workbench.shortcuts')}
              </span>
            }
            className="workbench-card"
          >
            {recent.list.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workbench.noShortcuts')} />
            ) : (
              <div className="workbench-shortcuts">
                {recent.list.map((v) => (
                  <button key={v.path} type="button" className="workbench-shortcut" onClick={() => navigate(v.fullPath)}>
                    <span className="workbench-shortcut-icon" aria-hidden>
                      <MenuIcon name={v.icon} />
                    </span>
                    <span>{translateTitle(v.title)}</span>
                  </button>
                ))}
              </div>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
