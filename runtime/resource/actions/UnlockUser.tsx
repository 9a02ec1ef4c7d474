/** "Unlock sign-in" on the users page: lifts the sign-in lock of the row's user (unlockSysUser), and the list reloads. */
import { useTranslation } from '../../i18n/translator.ts';
import { toastSuccess } from '../../feedback/feedback.ts';
import type { Envelope } from '../../http/envelope.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { runCall } from '../api.ts';
import ConfirmedCall from './ConfirmedCall.tsx';

export default function UnlockUser({ action, records, onClose }: ActionComponentProps) {
  const { t } = useTranslation();
  const username = String(records[0]?.username ?? '');
  const run = async () => {
    const answer = await runCall<Envelope<{ unlocked?: boolean }>>(action.call ?? 'unlockSysUser', { username });
    toastSuccess(t(answer.data?.unlocked ? 'resource.unlocked' : 'resource.notLocked', { username }));
  };
  return (
    <ConfirmedCall action={action} onClose={onClose} question={t('resource.unlockConfirm', { username })} ready={!!username} run={run} />
  );
}
