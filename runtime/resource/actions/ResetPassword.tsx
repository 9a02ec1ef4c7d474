/**
 * "Reset password" on the users page: after a confirmation, gives the row's user a new
 * one-time password made by the server (resetSysUserPassword) and shows it this once, with a
 * copy button; the server keeps only its hash, so closing the dialog loses it.
 */
import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from '../../i18n/translator.ts';
import type { Envelope } from '../../http/envelope.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { runCall } from '../api.ts';
import ConfirmedCall from './ConfirmedCall.tsx';

export default function ResetPassword({ action, records, onClose }: ActionComponentProps) {
  const { t } = useTranslation();
  const username = String(records[0]?.username ?? '');
  const [password, setPassword] = useState<string | undefined>();

  if (password !== undefined) {
    return (
      <Space orientation="vertical" style={{ width: '100%' }} size="large">
        <Typography.Text strong>{t('resource.resetDone', { username })}</Typography.Text>
        <Typography.Text
          code
          copyable={{ text: password, tooltips: [t('resource.resetCopy'), t('resource.resetCopied')] }}
          data-testid="one-time-password"
        >
          {password}
        </Typography.Text>
        <Typography.Paragraph type="secondary">{t('resource.resetShownOnce')}</Typography.Paragraph>
        <div style={{ textAlign: 'right' }}>
          <Button type="primary" onClick={() => onClose(true)}>
            {t('resource.resetClose')}
          </Button>
        </div>
      </Space>
    );
  }

  const run = async () => {
    const answer = await runCall<Envelope<{ password?: string }>>(action.call ?? 'resetSysUserPassword', { username });
    setPassword(String(answer.data?.password ?? ''));
  };
  return (
    <ConfirmedCall
      action={action}
      onClose={onClose}
      question={t('resource.resetConfirm', { username })}
      ready={!!username}
      danger
      run={run}
      keepOpen
    />
  );
}
