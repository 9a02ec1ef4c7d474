/**
 * Forgot password, in two steps. First tenant code, email and the server's character captcha:
 * the characters are checked (compareCaptcha; a wrong answer spends the image, so a new one is
 * loaded), then retrievePassword mails a single-use reset code to the tenant's user with that
 * email. Then the code and a new password (resetPassword): the server's message shows on the
 * field it names (a wrong code, or a password the policy refuses). Nothing changes on the
 * account until the code is used; using it signs the user out everywhere.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Result } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/translator.ts';
import { compareCaptcha, resetPassword, retrievePassword } from '../../api/auth.ts';
import { toastError } from '../../feedback/feedback.ts';
import { wantSchemaLabels } from '../../layout/appState.ts';
import { CHAR_CAPTCHA_LENGTH, PASSWORD_MAX_LENGTH, TENANT_CODE_MAX_LENGTH } from '../../constants/spec.ts';
import LanguageSwitch from '../login/LanguageSwitch.tsx';
import { loginRules } from '../login/loginRules.ts';
import CaptchaImage from './CaptchaImage.tsx';
import { accountFailure } from './accountErrors.ts';
import { useCharCaptcha } from './useCharCaptcha.ts';
import '../../styles/authCard.css';
import '../../i18n/accountPageMessages.ts';

interface Fields {
  tenantCode: string;
  email: string;
  charCaptcha: string;
}

interface ResetFields {
  code: string;
  newPassword: string;
  confirmPassword: string;
}

/** The longest code accepted as typed (12 characters with dashes and spaces). */
const RESET_CODE_MAX_LENGTH = 32;

function ResetStep({ tenantCode, email, onRestart }: { tenantCode: string; email: string; onRestart: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResetFields>();
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (values: ResetFields) => {
    setLoading(true);
    try {
      await resetPassword({ tenantCode, email, code: values.code.trim(), newPassword: values.newPassword });
      setDone(true);
    } catch (err) {
      const failure = accountFailure(err);
      if (failure.kind === 'password') form.setFields([{ name: 'newPassword', errors: [failure.message] }]);
      else if (failure.kind === 'resetCode') form.setFields([{ name: 'code', errors: [failure.message] }]);
      else toastError(failure.kind === 'invalid' ? t('account.invalidInput') : failure.message);
    } finally {
      setLoading(false);
    }
  };

  if (done) return <Result status="success" title={t('forgot.done')} extra={<Link to="/login">{t('register.toLogin')}</Link>} />;
  return (
    <Form<ResetFields> form={form} name="reset-password" layout="vertical" requiredMark={false} size="large" onFinish={submit}>
      <Alert
        type="info"
        showIcon
        title={t('account.retrieveSent', { email, tenantCode })}
        description={t('forgot.codeStep', { email })}
        style={{ marginBottom: 16 }}
      />
      <Form.Item name="code" label={t('forgot.code')} rules={[{ required: true, whitespace: true, message: t('forgot.codeRequired') }]}>
        <Input aria-label={t('forgot.code')} autoComplete="one-time-code" maxLength={RESET_CODE_MAX_LENGTH} />
      </Form.Item>
      <Form.Item name="newPassword" label={t('forgot.newPassword')} rules={[{ required: true, message: t('forgot.newPasswordRequired') }]}>
        <Input.Password aria-label={t('forgot.newPassword')} maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('forgot.confirmPassword')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('forgot.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_r, value: string) =>
              !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('forgot.mismatch'))),
          }),
        ]}
      >
        <Input.Password aria-label={t('forgot.confirmPassword')} maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading} className="login-submit">
        {t('forgot.resetSubmit')}
      </Button>
      <div className="login-links">
        <Button type="link" onClick={onRestart}>
          {t('forgot.requestAgain')}
        </Button>
        <Link to="/login">{t('register.toLogin')}</Link>
      </div>
    </Form>
  );
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const { captcha, loading: captchaLoading, refresh } = useCharCaptcha();
  const [loading, setLoading] = useState(false);
  const [sent, setSent] = useState<{ email: string; tenantCode: string }>();

  useEffect(() => {
    void wantSchemaLabels();
  }, []);

  const captchaFailed = (message: string) => {
    form.setFields([{ name: 'charCaptcha', value: '', errors: [message] }]);
    void refresh();
  };

  const submit = async (values: Fields) => {
    if (!captcha) return;
    const params = {
      tenantCode: values.tenantCode.trim(),
      email: values.email.trim(),
      charCaptcha: values.charCaptcha.trim(),
      captchaKey: captcha.key,
    };
    setLoading(true);
    try {
      await compareCaptcha({ charCaptcha: params.charCaptcha, captchaKey: params.captchaKey });
      await retrievePassword(params);
      setSent({ email: params.email, tenantCode: params.tenantCode });
    } catch (err) {
      const failure = accountFailure(err);
      if (failure.kind === 'captcha') captchaFailed(t('forgot.captchaWrong'));
      else if (failure.kind === 'captchaExpired') captchaFailed(t('account.captchaExpired'));
      else {
        toastError(failure.kind === 'invalid' ? t('account.invalidInput') : failure.message);
        void refresh();
      }
    } finally {
      setLoading(false);
    }
  };

  const restart = () => {
    setSent(undefined);
    form.setFieldValue('charCaptcha', '');
    void refresh();
  };

  const rules = loginRules(t);
  return (
    <main className="login-page">
      <div className="login-card">
        <div className="login-toolbar">
          <LanguageSwitch />
        </div>
        <div className="login-brand">
          <h1 className="login-title">{t('forgot.title')}</h1>
        </div>
        {sent ? (
          <ResetStep tenantCode={sent.tenantCode} email={sent.email} onRestart={restart} />
        ) : (
          <Form<Fields> form={form} name="forgot-password" layout="vertical" requiredMark={false} size="large" onFinish={submit}>
            <Form.Item name="tenantCode" label={t('login.tenantCode')} rules={rules.tenantCode}>
              <Input aria-label={t('login.tenantCode')} maxLength={TENANT_CODE_MAX_LENGTH} autoComplete="organization" />
            </Form.Item>
            <Form.Item
              name="email"
              label={t('register.email')}
              rules={[
                { required: true, whitespace: true, message: t('register.emailRequired') },
                { type: 'email', transform: (v: string) => v?.trim(), message: t('register.emailFormat') },
              ]}
            >
              <Input aria-label={t('register.email')} autoComplete="email" />
            </Form.Item>
            <Form.Item label={t('forgot.captcha')} required={false}>
              <div className="login-sms-row">
                <Form.Item name="charCaptcha" noStyle rules={[{ required: true, whitespace: true, message: t('forgot.captchaRequired') }]}>
                  <Input aria-label={t('forgot.captcha')} autoComplete="off" maxLength={CHAR_CAPTCHA_LENGTH + 2} />
                </Form.Item>
                <CaptchaImage image={captcha?.image} loading={captchaLoading} onRefresh={() => void refresh()} />
              </div>
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={loading} disabled={!captcha} className="login-submit">
              {t('forgot.submit')}
            </Button>
            <div className="login-links">
              <Link to="/login">{t('register.toLogin')}</Link>
            </div>
          </Form>
        )}
      </div>
    </main>
  );
}
