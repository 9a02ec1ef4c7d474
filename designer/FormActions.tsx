/**
 * The designer's toolbar: new, undo and redo (with the step they take back), save and publish
 * (the saved form's own record form: name, description, roles and parent menu), unpublish,
 * export as a resource file and its locale entries, import of a resource file.
 */
import { lazy, memo, Suspense, useId, useMemo, useRef, useState } from 'react';
import { Button, Modal, Space, Spin, Tooltip, Typography } from 'antd';
import { RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { saveBlob } from '../runtime/resource/download.ts';
import { toastError, toastSuccess } from '../runtime/feedback/feedback.ts';
import { translator, type TFunction } from '../runtime/i18n/translator.ts';
import { newDocument, LOCALES, type DesignDocument, type Locale } from './model/designDocument.ts';
import { exportFiles, importFiles, ImportError } from './model/resourceFile.ts';
import { useRegistry } from '../runtime/resource/registryContext.tsx';
import { fieldErrorsOf } from '../runtime/resource/api.ts';
import type { ResourceRecord } from '../runtime/resource/extensions.ts';
import type { ServerFieldError } from '../runtime/resource/form/formErrors.ts';
import { publishSavedForm, unpublishSavedForm } from '../runtime/resource/actions/GeneratorFormPublish.tsx';
import { saveGeneratorForm } from './api.ts';
import type { Designer, StoredForm } from './useDesigner.ts';

const ResourceForm = lazy(() => import('../runtime/resource/form/ResourceForm.tsx'));

/** The saved forms' resource (schemas/resources/generator-form.json). */
const FORM_RESOURCE = 'GeneratorForm';
/** Its fields the designer's dialogs do not show: the document is the designer's, the publication state the server's. */
const DESIGNER_HIDDEN: ReadonlySet<string> = new Set(['formContent', 'published', 'publishedName']);

interface ActionsProps {
  /** The designer as it is when a button is used. */
  designer: { readonly current: Designer };
  /** The steps undo and redo take back (the buttons' labels), and the stored form: what the toolbar shows. */
  undoLabel: string | undefined;
  redoLabel: string | undefined;
  form: StoredForm;
  /** Whether the document passes every check (save and publish need it). */
  valid: boolean;
  t: TFunction;
}

/**
 * Save and Publish: the saved form's own record form (resource GeneratorForm through the
 * console's generic record form: its fields, rules and messages are those of
 * schemas/resources/generator-form.json), the document itself being `formContent`. Publish saves
 * first, then publishes the stored form as the saved forms' row action does (publishSavedForm).
 */
function SavedFormDialog({
  designer: current,
  form,
  purpose,
  onClose,
  t,
}: {
  designer: { readonly current: Designer };
  form: StoredForm;
  purpose: 'save' | 'publish';
  onClose: () => void;
  t: TFunction;
}) {
  const resource = useRegistry()[FORM_RESOURCE];
  const formId = `designer-saved-form-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<ServerFieldError[]>();
  const mode = form.id === undefined ? 'create' : 'edit';
  const resourceName = current.current.doc.resource.name;
  const initial = useMemo<ResourceRecord>(
    () => ({
      ...(form.id === undefined ? {} : { id: form.id }),
      formName: form.formName || resourceName,
      formDescription: form.formDescription,
      publishRoles: form.publishRoles,
      publishParentMenu: form.publishParentMenu,
    }),
    [form, resourceName],
  );
  if (!resource) return null;

  const submit = async (values: ResourceRecord) => {
    setBusy(true);
    setServerErrors(undefined);
    const designer = current.current;
    try {
      const saved = await saveGeneratorForm(form.id, { ...values, formContent: JSON.stringify(designer.doc) });
      const stored: StoredForm = {
        id: saved.id,
        formName: saved.formName,
        formDescription: saved.formDescription,
        publishRoles: saved.publishRoles ?? undefined,
        publishParentMenu: saved.publishParentMenu ?? undefined,
        published: saved.published ?? form.published,
      };
      designer.setForm(stored);
      if (purpose === 'publish' && stored.id !== undefined) {
        await publishSavedForm(stored.id);
        designer.setForm({ ...stored, published: true });
        toastSuccess(t('designer.published'));
      } else toastSuccess(t('designer.saved'));
      onClose();
    } catch (err) {
      // Field errors show on their fields; the HTTP client has shown the server's message.
      const errors = fieldErrorsOf(err);
      if (errors?.length) setServerErrors(errors);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t(purpose === 'publish' ? 'designer.publishTitle' : 'designer.save')}
      width={640}
      onCancel={onClose}
      okText={t(purpose === 'publish' ? 'designer.publish' : 'designer.save')}
      okButtonProps={{ htmlType: 'submit', form: formId, loading: busy }}
      destroyOnHidden
      maskClosable={false}
    >
      {purpose === 'publish' && <Typography.Paragraph type="secondary">{t('designer.publishHint')}</Typography.Paragraph>}
      <Suspense fallback={<Spin />}>
        <ResourceForm
          id={formId}
          resource={resource}
          mode={mode}
          initial={initial}
          hiddenFields={DESIGNER_HIDDEN}
          serverErrors={serverErrors}
          disabled={busy}
          onSubmit={(values) => void submit(values)}
        />
      </Suspense>
    </Modal>
  );
}

async function readFile(file: File): Promise<string> {
  return file.text();
}

export const FormActions = memo(function FormActions({ designer, undoLabel, redoLabel, form, valid, t }: ActionsProps) {
  const [dialog, setDialog] = useState<'save' | 'publish' | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);

  const exportDoc = () => {
    const files = exportFiles(designer.current.doc);
    saveBlob(new Blob([files.resourceText], { type: 'application/json' }), files.fileName);
    saveBlob(new Blob([files.localesText], { type: 'application/json' }), files.localesFileName);
  };

  const importDoc = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    const resourceFile = files.find((f) => !f.name.endsWith('.locales.json')) ?? files[0];
    if (!resourceFile) return;
    const localesFile = files.find((f) => f !== resourceFile && f.name.endsWith('.locales.json'));
    try {
      const lookup = (locale: Locale, key: string) => {
        const text = translator.i18n.getFixedT(locale)(key, { defaultValue: '' });
        return text === '' ? undefined : text;
      };
      const doc: DesignDocument = importFiles(await readFile(resourceFile), localesFile ? await readFile(localesFile) : undefined, lookup);
      designer.current.replace(t('designer.steps.import', { name: doc.resource.name }), doc);
      toastSuccess(t('designer.imported', { name: doc.resource.name }));
    } catch (err) {
      if (err instanceof ImportError) toastError(err.message);
      else throw err;
    }
  };

  const unpublish = async () => {
    if (form.id === undefined) return;
    try {
      await unpublishSavedForm(form.id);
      designer.current.setForm({ ...designer.current.form, published: false });
      toastSuccess(t('designer.unpublished'));
    } catch {
      // The HTTP client has shown the server's message.
    }
  };

  const newForm = () => {
    const titles = Object.fromEntries(LOCALES.map((l) => [l, translator.i18n.getFixedT(l)('designer.steps.new')])) as Record<
      Locale,
      string
    >;
    designer.current.reset(newDocument('NewForm', titles), { formName: '', formDescription: '' });
  };

  return (
    <Space wrap className="designer-toolbar">
      <Button onClick={newForm}>{t('designer.new')}</Button>
      <Tooltip title={undoLabel !== undefined ? t('designer.undoStep', { label: undoLabel }) : t('designer.nothingToUndo')}>
        <Button
          icon={<UndoOutlined />}
          disabled={undoLabel === undefined}
          onClick={() => designer.current.undo()}
          aria-label={t('designer.undo')}
          data-step={undoLabel}
        >
          {t('designer.undo')}
        </Button>
      </Tooltip>
      <Tooltip title={redoLabel !== undefined ? t('designer.redoStep', { label: redoLabel }) : t('designer.nothingToRedo')}>
        <Button
          icon={<RedoOutlined />}
          disabled={redoLabel === undefined}
          onClick={() => designer.current.redo()}
          aria-label={t('designer.redo')}
          data-step={redoLabel}
        >
          {t('designer.redo')}
        </Button>
      </Tooltip>
      <Tooltip title={valid ? undefined : t('designer.fixProblems')}>
        <Button type="primary" disabled={!valid} onClick={() => setDialog('save')}>
          {t('designer.save')}
        </Button>
      </Tooltip>
      <Button disabled={!valid} onClick={() => setDialog('publish')}>
        {t('designer.publish')}
      </Button>
      <Button disabled={form.id === undefined || !form.published} onClick={() => void unpublish()}>
        {t('designer.unpublish')}
      </Button>
      <Button disabled={!valid} onClick={exportDoc}>
        {t('designer.export')}
      </Button>
      <Button onClick={() => fileInput.current?.click()}>{t('designer.import')}</Button>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        multiple
        hidden
        aria-label={t('designer.importFiles')}
        data-testid="designer-import"
        onChange={(e) => {
          void importDoc(e.target.files);
          e.target.value = '';
        }}
      />
      {dialog && <SavedFormDialog designer={designer} form={form} purpose={dialog} onClose={() => setDialog(undefined)} t={t} />}
    </Space>
  );
});
