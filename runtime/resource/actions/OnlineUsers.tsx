/**
 * The tenant's live sessions (queryOnlineSysUser): the users page's "online users" action, and
 * the /onlinesysuser page (OnlineUsersPage.tsx). Holders of the users page's force sign-out
 * button end a user's sessions from a row (removePrincipal, after a confirm).
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Popconfirm, Space, Table, Tag } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useSnapshot } from 'valtio';
import { userState } from '../../stores/user.ts';
import { toastSuccess } from '../../feedback/feedback.ts';
import { useTranslation } from '../../i18n/translator.ts';
import { formatDate } from '../../format/formatDate.ts';
import type { Envelope } from '../../http/envelope.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { runCall } from '../api.ts';

interface OnlineSession {
  sessionId: number;
  username: string;
  ip?: string | null;
  userAgent?: string | null;
  clientCode?: string | null;
  issuedAt?: string | null;
  lastSeenAt?: string | null;
  current?: boolean;
}

export default function OnlineUsers({ resource, action, onClose, page }: ActionComponentProps & { page?: boolean }) {
  const { t } = useTranslation();
  const { menuButton } = useSnapshot(userState);
  const [sessions, setSessions] = useState<OnlineSession[]>();
  const [version, setVersion] = useState(0);
  const signOut = resource.actions.find((a) => a.name === 'removePrincipal');
  const mayForce = !!signOut && menuButton.includes(signOut.permission);

  useEffect(() => {
    let cancelled = false;
    runCall<Envelope<{ list?: OnlineSession[] } | OnlineSession[]>>(action.call ?? 'queryOnlineSysUser', {})
      .then((answer) => {
        if (cancelled) return;
        const data = answer.data;
        setSessions(Array.isArray(data) ? data : (data?.list ?? []));
      })
      .catch(() => !cancelled && setSessions([]));
    return () => {
      cancelled = true;
    };
  }, [action.call, version]);

  const forceSignOut = useCallback(
    async (username: string) => {
      try {
        const answer = await runCall<Envelope<{ removed?: number }>>(signOut?.call ?? 'removePrincipal', { username });
        toastSuccess(t('resource.signedOut', { username, count: answer.data?.removed ?? 0 }));
        setVersion((v) => v + 1);
      } catch {
        // Shown by the HTTP client.
      }
    },
    [signOut, t],
  );

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {page && (
        <Button icon={<ReloadOutlined aria-hidden />} onClick={() => setVersion((v) => v + 1)}>
          {t('resource.refresh')}
        </Button>
      )}
      <Table<OnlineSession>
        size="small"
        loading={sessions === undefined}
        dataSource={sessions ?? []}
        rowKey="sessionId"
        pagination={false}
        scroll={page ? undefined : { y: 360 }}
        columns={[
          {
            key: 'username',
            title: t('resource.online.username'),
            render: (_, s) => (
              <Space size={4}>
                {s.username}
                {s.current && <Tag color="processing">{t('resource.online.current')}</Tag>}
              </Space>
            ),
          },
          { key: 'ip', dataIndex: 'ip', title: t('resource.online.ip') },
          { key: 'client', dataIndex: 'clientCode', title: t('resource.online.client') },
          { key: 'issuedAt', title: t('resource.online.issuedAt'), render: (_, s) => formatDate(s.issuedAt) },
          { key: 'lastSeenAt', title: t('resource.online.lastSeenAt'), render: (_, s) => formatDate(s.lastSeenAt) },
          ...(mayForce && signOut
            ? [
                {
                  key: 'operations',
                  title: t('resource.operations'),
                  render: (_: unknown, s: OnlineSession) =>
                    s.current ? null : (
                      <Popconfirm title={t('resource.signOutConfirm', { username: s.username })} onConfirm={() => forceSignOut(s.username)}>
                        <Button size="small" danger aria-label={`${t(signOut.label ?? signOut.name)} ${s.username}`}>
                          {t(signOut.label ?? signOut.name)}
                        </Button>
                      </Popconfirm>
                    ),
                },
              ]
            : []),
        ]}
      />
      {!page && (
        <div style={{ textAlign: 'right' }}>
          <Button onClick={() => onClose(false)}>{t('common.close')}</Button>
        </div>
      )}
    </Space>
  );
}
