/**
 * The add / edit dialog: the record form (form/ResourceForm.tsx, loaded on demand) in a modal
 * whose OK button submits it. Saving calls add<Name> or update<Name>; a 400 answer's field
 * errors go back to the form; success toasts and closes with `changed`.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { Modal, Spin } from 'antd';
import type { ResourceMeta } from '../generated/resources.ts';
import { useTranslation } from '../i18n/translator.ts';
import { toastSuccess } from '../feedback/feedback.ts';
import type { ResourceRecord } from './extensions.ts';
import { addRecord, fieldErrorsOf, updateRecord } from './api.ts';

const ResourceForm = lazy(() => import('./form/ResourceForm.tsx'));

export interface FormDialogProps {
  resource: ResourceMeta;
  mode: 'create' | 'edit';
  /** The edited record, or the create form's initial values. */
  record?: ResourceRecord;
  hidden: ReadonlySet<string>;
  onClose(changed: boolean): void;
}

export default function FormDialog({ resource, mode, record, hidden, onClose }: FormDialogProps) {
  const { t } = useTranslation();
  const [modal, contextHolder] = Modal.useModal();
  const formId = `resource-form-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [serverErrors, setServerErrors] = useState<{ field: string; message: string }[]>();
  const title = t(mode === 'create' ? 'resource.addTitle' : 'resource.editTitle', { title: t(resource.labels.title) });

  const submit = async (values: ResourceRecord) => {
    setSaving(true);
    setServerErrors(undefined);
    try {
      if (mode === 'create') await addRecord(resource, values);
      else
        await updateRecord(resource, {
          ...values,
          [resource.list.rowKey]: record?.[resource.list.rowKey],
        });
      toastSuccess(t('resource.saved'));
      onClose(true);
    } catch (err) {
      const errors = fieldErrorsOf(err);
      if (errors?.length) setServerErrors(errors);
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => {
    if (!dirty) {
      onClose(false);
      return;
    }
    void modal.confirm({
      title: t('resource.discardTitle'),
      content: t('resource.discardContent'),
      okText: t('resource.discard'),
      cancelText: t('common.cancel'),
      // destructive: Enter on the opened confirm keeps the form
      autoFocusButton: 'cancel',
      onOk: () => onClose(false),
    });
  };

  return (
    <Modal
      open
      title={title}
      width={760}
      onCancel={cancel}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', form: formId, loading: saving }}
      destroyOnHidden
      maskClosable={false}
    >
      {contextHolder}
      <Suspense fallback={<Spin />}>
        <ResourceForm
          id={formId}
          resource={resource}
          mode={mode}
          initial={record}
          hiddenFields={hidden}
          serverErrors={serverErrors}
          disabled={saving}
          onSubmit={(values) => void submit(values)}
          onChange={() => setDirty(true)}
        />
      </Suspense>
    </Modal>
  );
}
