/**
 * "Publish" and "Unpublish" on the saved forms' page (/generatorform): the row's form published
 * as a live resource (publishGeneratorForm, granted to no role beyond the administrators: the
 * permission pages grant it, the form generator's publish dialog chooses roles), or hidden again
 * (unpublishGeneratorForm); the list reloads. docs/documents.md.
 */
import { useTranslation } from '../../i18n/translator.ts';
import { toastSuccess } from '../../feedback/feedback.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { runCall } from '../api.ts';
import ConfirmedCall from './ConfirmedCall.tsx';

export function PublishForm({ action, records, onClose }: ActionComponentProps) {
  const { t } = useTranslation();
  const id = Number(records[0]?.id);
  const name = String(records[0]?.formName ?? '');
  const run = async () => {
    await runCall(action.call ?? 'publishGeneratorForm', { id, roleCodes: [] });
    toastSuccess(t('resources.GeneratorForm.messages.published', { name }));
  };
  return (
    <ConfirmedCall
      action={action}
      onClose={onClose}
      question={t('resources.GeneratorForm.messages.publishConfirm', { name })}
      ready={id > 0}
      run={run}
    />
  );
}

export function UnpublishForm({ action, records, onClose }: ActionComponentProps) {
  const { t } = useTranslation();
  const id = Number(records[0]?.id);
  const name = String(records[0]?.formName ?? '');
  const run = async () => {
    await runCall(action.call ?? 'unpublishGeneratorForm', { id });
    toastSuccess(t('resources.GeneratorForm.messages.unpublished', { name }));
  };
  return (
    <ConfirmedCall
      action={action}
      onClose={onClose}
      question={t('resources.GeneratorForm.messages.unpublishConfirm', { name })}
      ready={id > 0}
      danger
      run={run}
    />
  );
}
