/**
 * Change password (spec 3, 5, 8): old, new and confirmation, required on blur and change,
 * at most 31 characters; a mismatch shows under the confirmation, without a call; the answer's
 * message decides.
 */
import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from '../../i18n/translator.ts';
import { updatePassword } from '../../api/account.ts';
import { PASSWORD_MAX_LENGTH } from '../../constants/spec.ts';
import { toastSuccess, toastWarning } from '../../feedback/feedback.ts';
import { ApiError } from '../../http/apiError.ts';
import { userState } from '../../auth/userState.ts';
import { passwordChangeStep, type PasswordFields as Fields } from './passwordChange.ts';

export default function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const [saving, setSaving] = useState(false);
  const trigger = ['onBlur', 'onChange'];

  const submit = async () => {
    // The confirmation's own rule shows a mismatch under it; nothing is sent then.
    const values = await form.validateFields();
    if (passwordChangeStep(values) === 'mismatch') return;
    setSaving(true);
    try {
      const answer = await updatePassword({ password: values.oldPassword, newPassword: values.newPassword, id: userState.id! });
      if (answer.message === 'success') {
        toastSuccess(`${t('password.change')}${t('password.successSuffix')}`);
        form.resetFields();
        onClose();
      } else {
        toastWarning(answer.message ?? t('password.failed'));
      }
    } catch (err) {
      toastWarning(err instanceof ApiError ? err.message : t('password.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('password.change')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
      forceRender
    >
      <Form<Fields> form={form} layout="vertical" name="change-password">
        <Form.Item
          name="oldPassword"
          label={t('password.old')}
          validateTrigger={trigger}
          rules={[{ required: true, message: t('password.oldRequired') }]}
        >
          <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="current-password" aria-label={t('password.old')} />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('password.new')}
          validateTrigger={trigger}
          rules={[{ required: true, message: t('password.newRequired') }]}
        >
          <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" aria-label={t('password.new')} />
        </Form.Item>
        <Form.Item
          name="confirmNewPassword"
          label={t('password.confirm')}
          validateTrigger={trigger}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_r, value: string) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('password.inconsistent'))),
            }),
          ]}
        >
          <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" aria-label={t('password.confirm')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
