/**
 * "Restore" on a deleted tenant's row (sys-tenant.json, `showWhen: "deleted"`): asks, then
 * restores it (restoreSysTenant); its users can sign in again, and the list reloads. After the
 * grace period the server refuses, and the HTTP client shows why.
 */
import { useTranslation } from '../../i18n/translator.ts';
import { toastSuccess } from '../../feedback/feedback.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { runCall } from '../api.ts';
import ConfirmedCall from './ConfirmedCall.tsx';

export default function TenantRestore({ action, records, onClose }: ActionComponentProps) {
  const { t } = useTranslation();
  const record = records[0];
  const id = Number(record?.id);
  const name = String(record?.tenantName ?? record?.tenantCode ?? '');
  const run = async () => {
    await runCall(action.call ?? 'restoreSysTenant', { id });
    toastSuccess(t('resource.restored'));
  };
  return (
    <ConfirmedCall
      action={action}
      onClose={onClose}
      question={t('resource.restoreConfirm', { name })}
      ready={Number.isInteger(id) && id >= 1}
      run={run}
    />
  );
}
