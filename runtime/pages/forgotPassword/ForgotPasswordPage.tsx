/**
 * Forgot password: tenant code, email and the server's character captcha. The characters are
 * checked first (compareCaptcha; a wrong answer spends the image, so a new one is loaded),
 * then retrievePassword mails a temporary password to the tenant's user with that email.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Form, Input, Result } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/translator.ts';
import { compareCaptcha, getCharCaptcha, retrievePassword, type CharCaptcha } from '../../api/auth.ts';
import { toastError } from '../../feedback/feedback.ts';
import { wantSchemaLabels } from '../../stores/app.ts';
import { CHAR_CAPTCHA_LENGTH, TENANT_CODE_MAX_LENGTH } from '../../constants/spec.ts';
import LanguageSwitch from '../login/LanguageSwitch.tsx';
import { loginRules } from '../login/loginRules.ts';
import CaptchaImage from './CaptchaImage.tsx';
import { accountFailure } from './accountErrors.ts';
import '../../styles/authCard.css';

interface Fields {
  tenantCode: string;
  email: string;
  charCaptcha: string;
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const [captcha, setCaptcha] = useState<CharCaptcha>();
  const [captchaLoading, setCaptchaLoading] = useState(false);
  const [loading, setLoading] = useState(false);
  const [sent, setSent] = useState<{ email: string; tenantCode: string }>();

  const refresh = useCallback(async () => {
    setCaptchaLoading(true);
    try {
      setCaptcha(await getCharCaptcha());
    } catch {
      toastError(t('account.captchaLoadFailed'));
    } finally {
      setCaptchaLoading(false);
    }
  }, [t]);

  useEffect(() => {
    void wantSchemaLabels();
    void refresh();
  }, [refresh]);

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
          <Result status="success" title={t('account.retrieveSent', sent)} extra={<Link to="/login">{t('register.toLogin')}</Link>} />
        ) : (
          <Form<Fields> form={form} name="forgot-password" layout="vertical" requiredMark={false} size="large" onFinish={submit}>
            <Form.Item name="tenantCode" label={t('login.tenantCode')} rules={rules.tenantCode}>
              <Input aria-label={t('login.tenantCode')} maxLength={TENANT_CODE_MAX_LENGTH} autoComplete="organization" />
            </Form.Item>
            <Form.Item name="email" label={t('register.email')} rules={[{ required: true, whitespace: true, message: t('register.emailRequired') }, { type: 'email', transform: (v: string) => v?.trim(), message: t('register.emailFormat') }]}>
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
