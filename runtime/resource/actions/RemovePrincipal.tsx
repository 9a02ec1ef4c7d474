/** "Force sign-out" on the users and online users pages: ends every session of the row's user (removePrincipal), and the list reloads. */
import { useTranslation } from '../../i18n/translator.ts';
import { toastSuccess } from '../../feedback/feedback.ts';
import type { Envelope } from '../../http/envelope.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { runCall } from '../api.ts';
import ConfirmedCall from './ConfirmedCall.tsx';

export default function RemovePrincipal({ action, records, onClose }: ActionComponentProps) {
  const { t } = useTranslation();
  const username = String(records[0]?.username ?? '');
  const run = async () => {
    const answer = await runCall<Envelope<{ removed?: number }>>(action.call ?? 'removePrincipal', { username });
    toastSuccess(t('resource.signedOut', { username, n: answer.data?.removed ?? 0 }));
  };
  return (
    <ConfirmedCall
      action={action}
      onClose={onClose}
      question={t('resource.signOutConfirm', { username })}
      ready={!!username}
      danger
      run={run}
    />
  );
}
