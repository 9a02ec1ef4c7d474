/**
 * The saved forms' row actions (/generatorform), and the one way a form is published: "Publish"
 * makes the row's form a live resource as the form says (publishGeneratorForm: under its
 * publishParentMenu, granted to its publishRoles; the form generator's Publish saves the form
 * with the same fields and then makes the same call), "Unpublish" hides it again
 * (unpublishGeneratorForm); "Design" (an `open` action of generator-form.json) opens the form in
 * the form generator (/formdesign?id=). After a publish or
 * an unpublish the console's published resources and menu are fetched again
 * (publishedRefresh.ts), so the page appears or goes without a reload. docs/documents.md.
 */
import { useTranslation } from '../../i18n/translator.ts';
import { toastSuccess } from '../../feedback/feedback.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { runCall } from '../api.ts';
import { refreshPublished } from '../publishedRefresh.ts';
import ConfirmedCall from './ConfirmedCall.tsx';

/** Publishes a saved form as it is stored, then brings the console's published resources and menu up to date. */
export async function publishSavedForm(id: number): Promise<void> {
  await runCall('publishGeneratorForm', { id });
  await refreshPublished();
}

/** Unpublishes a saved form, then brings the console's published resources and menu up to date. */
export async function unpublishSavedForm(id: number): Promise<void> {
  await runCall('unpublishGeneratorForm', { id });
  await refreshPublished();
}

export function PublishForm({ action, records, onClose }: ActionComponentProps) {
  const { t } = useTranslation();
  const id = Number(records[0]?.id);
  const name = String(records[0]?.formName ?? '');
  const roles = String(records[0]?.publishRoles ?? '') || t('resources.GeneratorForm.messages.noRoles');
  const run = async () => {
    await publishSavedForm(id);
    toastSuccess(t('resources.GeneratorForm.messages.published', { name }));
  };
  return (
    <ConfirmedCall
      action={action}
      onClose={onClose}
      question={t('resources.GeneratorForm.messages.publishConfirm', { name, roles })}
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
    await unpublishSavedForm(id);
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
