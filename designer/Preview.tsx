/**
 * The live preview: the console's own record form (runtime/resource/form/ResourceForm.tsx)
 * drawing the document's metadata, under a registry provider that holds the console's
 * resources plus the document, so the document renders as a file resource would (its
 * relations, dictionaries and validation included). The document's messages are added to the
 * translator, under the document's own resource name (which no console resource may have).
 */
import { useEffect, useMemo } from 'react';
import { Alert, Button } from 'antd';
import ResourceForm from '../runtime/resource/form/ResourceForm.tsx';
import { RegistryProvider, type Registry } from '../runtime/resource/registryContext.tsx';
import type { ResourceMeta } from '../runtime/generated/resources.ts';
import { translator, type TFunction } from '../runtime/i18n/translator.ts';
import { toastSuccess } from '../runtime/feedback/feedback.ts';
import { LOCALES, type DesignDocument } from './model/designDocument.ts';

const NO_HIDDEN: ReadonlySet<string> = new Set();
const PREVIEW_FORM_ID = 'designer-preview-form';

export function Preview({
  doc,
  meta,
  stale,
  known,
  t,
}: {
  doc: DesignDocument;
  meta: ResourceMeta | undefined;
  stale: boolean;
  known: Registry;
  t: TFunction;
}) {
  const registry = useMemo<Registry>(() => (meta ? { ...known, [meta.name]: meta } : known), [known, meta]);
  const messages = doc.messages;
  useEffect(() => {
    for (const l of LOCALES) translator.addMessages(l, messages[l] ?? {}, true);
  }, [messages]);
  return (
    <div className="designer-preview" data-testid="designer-preview">
      <div className="designer-panel-title">{t('designer.preview')}</div>
      {stale && <Alert type="warning" showIcon title={t('designer.previewProblems')} />}
      {meta && (
        <RegistryProvider registry={registry}>
          <ResourceForm
            resource={meta}
            mode="create"
            hiddenFields={NO_HIDDEN}
            id={PREVIEW_FORM_ID}
            onSubmit={() => toastSuccess(t('designer.previewValid'))}
          />
          <Button htmlType="submit" form={PREVIEW_FORM_ID} type="primary">
            {t('designer.previewCheck')}
          </Button>
        </RegistryProvider>
      )}
    </div>
  );
}
