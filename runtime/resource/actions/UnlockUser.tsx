/** "Unlock sign-in" on the users page: lifts the sign-in lock of the row's user (unlockSysUser), and the list reloads. */
import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from '../../i18n/translator.ts';
import { toastSuccess } from '../../feedback/feedback.ts';
import type { Envelope } from '../../http/envelope.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { runCall } from '../api.ts';

export default function UnlockUser({ action, records, onClose }: ActionComponentProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const username = String(records[0]?.username ?? '');

  const run = async () => {
    setBusy(true);
    try {
      const answer = await runCall<Envelope<{ unlocked?: boolean }>>(action.call ?? 'unlockSysUser', { username });
      toastSuccess(t(answer.data?.unlocked ? 'resource.unlocked' : 'resource.notLocked', { username }));
      onClose(true);
    } catch {
      setBusy(false); // Shown by the HTTP client.
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <Typography.Paragraph>{t('resource.unlockConfirm', { username })}</Typography.Paragraph>
      <div style={{ textAlign: 'right' }}>
        <Space>
          <Button onClick={() => onClose(false)}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} disabled={!username} onClick={() => void run()}>
            {t(action.label ?? action.name)}
          </Button>
        </Space>
      </div>
    </Space>
  );
}
