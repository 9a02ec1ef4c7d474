/**
 * The designer's toolbar: new, undo and redo (with the step they take back), save (form name
 * and description, the spec's rule: the description is required), publish (roles and parent
 * menu), unpublish, export as a resource file and its locale entries, import of a resource file.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Tooltip } from 'antd';
import { RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { saveBlob } from '../runtime/resource/download.ts';
import { toastError, toastSuccess } from '../runtime/feedback/feedback.ts';
import { translator, type TFunction } from '../runtime/i18n/translator.ts';
import { newDocument, LOCALES, type DesignDocument, type Locale } from './model/designDocument.ts';
import { exportFiles, importFiles, ImportError } from './model/resourceFile.ts';
import { parentMenuChoices, publishGeneratorForm, roleChoices, saveGeneratorForm, unpublishGeneratorForm, type Choice } from './api.ts';
import type { Designer } from './useDesigner.ts';

interface ActionsProps {
  designer: Designer;
  /** Whether the document passes every check (save and publish need it). */
  valid: boolean;
  t: TFunction;
}

function SaveDialog({ designer, open, onClose, t }: { designer: Designer; open: boolean; onClose: () => void; t: TFunction }) {
  const [form] = Form.useForm<{ formName: string; formDescription: string }>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open)
      form.setFieldsValue({
        formName: designer.form.formName || designer.doc.resource.name,
        formDescription: designer.form.formDescription,
      });
  }, [open, form, designer.form, designer.doc.resource.name]);
  const submit = async () => {
    // A refused field shows its message under it.
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setBusy(true);
    try {
      const saved = await saveGeneratorForm({ ...designer.form, ...values, formContent: JSON.stringify(designer.doc) });
      designer.setForm({
        id: saved.id,
        formName: saved.formName,
        formDescription: saved.formDescription,
        published: saved.published ?? designer.form.published,
      });
      toastSuccess(t('designer.saved'));
      onClose();
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('designer.save')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="formName"
          label={t('designer.formName')}
          rules={[{ required: true, whitespace: true, message: t('designer.formNameRequired') }, { max: 100 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="formDescription"
          label={t('designer.formDescription')}
          rules={[{ required: true, whitespace: true, message: t('designer.formDescriptionRequired') }, { max: 500 }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function PublishDialog({ designer, open, onClose, t }: { designer: Designer; open: boolean; onClose: () => void; t: TFunction }) {
  const [form] = Form.useForm<{ roleCodes: string[]; parentMenuCode?: string }>();
  const [roles, setRoles] = useState<Choice[]>([]);
  const [menus, setMenus] = useState<Choice[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    void roleChoices().then(setRoles, () => setRoles([]));
    void parentMenuChoices().then(setMenus, () => setMenus([]));
  }, [open]);
  const submit = async () => {
    // A refused field shows its message under it.
    const values = await form.validateFields().catch(() => undefined);
    if (!values || designer.form.id === undefined) return;
    setBusy(true);
    try {
      await publishGeneratorForm(designer.form.id, values.roleCodes, values.parentMenuCode);
      designer.setForm({ ...designer.form, published: true });
      toastSuccess(t('designer.published'));
      onClose();
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('designer.publish')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="roleCodes"
          label={t('designer.roles')}
          rules={[{ required: true, type: 'array', min: 1, message: t('designer.rolesRequired') }]}
        >
          <Select mode="multiple" options={roles} optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="parentMenuCode" label={t('designer.parentMenu')}>
          <Select allowClear showSearch options={menus} optionFilterProp="label" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

async function readFile(file: File): Promise<string> {
  return file.text();
}

export function FormActions({ designer, valid, t }: ActionsProps) {
  const [dialog, setDialog] = useState<'save' | 'publish' | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const { history } = designer;

  const exportDoc = () => {
    const files = exportFiles(designer.doc);
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
      designer.replace(t('designer.steps.import', { name: doc.resource.name }), doc);
      toastSuccess(t('designer.imported', { name: doc.resource.name }));
    } catch (err) {
      if (err instanceof ImportError) toastError(err.message);
      else throw err;
    }
  };

  const unpublish = async () => {
    if (designer.form.id === undefined) return;
    try {
      await unpublishGeneratorForm(designer.form.id);
      designer.setForm({ ...designer.form, published: false });
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
    designer.reset(newDocument('NewForm', titles), { formName: '', formDescription: '' });
  };

  return (
    <Space wrap className="designer-toolbar">
      <Button onClick={newForm}>{t('designer.new')}</Button>
      <Tooltip title={history.undoLabel ? t('designer.undoStep', { label: history.undoLabel }) : t('designer.nothingToUndo')}>
        <Button
          icon={<UndoOutlined />}
          disabled={!history.canUndo}
          onClick={designer.undo}
          aria-label={t('designer.undo')}
          data-step={history.undoLabel}
        >
          {t('designer.undo')}
        </Button>
      </Tooltip>
      <Tooltip title={history.redoLabel ? t('designer.redoStep', { label: history.redoLabel }) : t('designer.nothingToRedo')}>
        <Button
          icon={<RedoOutlined />}
          disabled={!history.canRedo}
          onClick={designer.redo}
          aria-label={t('designer.redo')}
          data-step={history.redoLabel}
        >
          {t('designer.redo')}
        </Button>
      </Tooltip>
      <Tooltip title={valid ? undefined : t('designer.fixProblems')}>
        <Button type="primary" disabled={!valid} onClick={() => setDialog('save')}>
          {t('designer.save')}
        </Button>
      </Tooltip>
      <Button disabled={!valid || designer.form.id === undefined} onClick={() => setDialog('publish')}>
        {t('designer.publish')}
      </Button>
      <Button disabled={designer.form.id === undefined || !designer.form.published} onClick={() => void unpublish()}>
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
      <SaveDialog designer={designer} open={dialog === 'save'} onClose={() => setDialog(undefined)} t={t} />
      <PublishDialog designer={designer} open={dialog === 'publish'} onClose={() => setDialog(undefined)} t={t} />
    </Space>
  );
}
