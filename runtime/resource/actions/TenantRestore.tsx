/**
 * "Restore" on a deleted tenant's row (sys-tenant.json, `showWhen: "deleted"`): asks, then
 * restores it (restoreSysTenant); its users can sign in again, and the list reloads. After the
 * grace period the server refuses, and the HTTP client shows why.
 */
import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from '../../i18n/translator.ts';
import { toastSuccess } from '../../feedback/feedback.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { runCall } from '../api.ts';

export default function TenantRestore({ action, records, onClose }: ActionComponentProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const record = records[0];
  const id = Number(record?.id);
  const name = String(record?.tenantName ?? record?.tenantCode ?? '');

  const run = async () => {
    setBusy(true);
    try {
      await runCall(action.call ?? 'restoreSysTenant', { id });
      toastSuccess(t('resource.restored'));
      onClose(true);
    } catch {
      setBusy(false); // Shown by the HTTP client.
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <Typography.Paragraph>{t('resource.restoreConfirm', { name })}</Typography.Paragraph>
      <div style={{ textAlign: 'right' }}>
        <Space>
          <Button onClick={() => onClose(false)}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} disabled={!Number.isInteger(id) || id < 1} onClick={() => void run()}>
            {t(action.label ?? action.name)}
          </Button>
        </Space>
      </div>
    </Space>
  );
}
