/**
 * Self-registration of an account in a tenant (registerAccountInitial), with the server's
 * character captcha: where the tenant allows it, the server creates an enabled visitor under
 * the tenant's top organisation. Rules as spec section 5 (User); the server's message for a
 * password its policy refuses, or a tenant that does not accept registrations, shows on the
 * field it names.
 */
import { useEffect, useState } from 'react';
import { Button, Form, Input, Result } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/translator.ts';
import { registerAccountInitial, type RegisterForm } from '../../api/auth.ts';
import { toastError } from '../../feedback/feedback.ts';
import { wantSchemaLabels } from '../../layout/appState.ts';
import { accountFailure } from '../forgotPassword/accountErrors.ts';
import { useCharCaptcha } from '../forgotPassword/useCharCaptcha.ts';
import CaptchaImage from '../forgotPassword/CaptchaImage.tsx';
import {
  CHAR_CAPTCHA_LENGTH,
  PASSWORD_MAX_LENGTH,
  REGISTER_PASSWORD_MIN_LENGTH,
  TENANT_CODE_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../../constants/spec.ts';
import LanguageSwitch from '../login/LanguageSwitch.tsx';
import { MOBILE_PATTERN } from '../login/loginRules.ts';
import '../../styles/authCard.css';
import '../../i18n/accountPageMessages.ts';

const NICKNAME_MAX_LENGTH = 64;
const EMAIL_MAX_LENGTH = 100;

interface Fields extends RegisterForm {
  confirmPassword: string;
}

const PREFIX_PATTERN = /^\+[0-9]{1,4}$/;
const ANY_MOBILE_PATTERN = /^[0-9]{5,15}$/;
const DEFAULT_PREFIX = '+86';
const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]+$/;

export default function RegisterPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState<{ username: string; tenantCode: string }>();
  const { captcha, loading: captchaLoading, refresh } = useCharCaptcha();

  useEffect(() => {
    void wantSchemaLabels();
  }, []);

  const submit = async (values: Fields) => {
    if (!captcha) return;
    const tenantCode = values.tenantCode.trim();
    const username = values.username.trim();
    setLoading(true);
    try {
      await registerAccountInitial({
        tenantCode,
        username,
        password: values.password,
        email: values.email.trim(),
        prefix: values.prefix?.trim() || DEFAULT_PREFIX,
        mobile: values.mobile.trim(),
        nickname: values.nickname?.trim() || undefined,
        charCaptcha: values.charCaptcha.trim(),
        captchaKey: captcha.key,
      });
      setDone({ username, tenantCode });
    } catch (err) {
      const failure = accountFailure(err);
      // The captcha is spent by every try but a wrong-format one: the next try needs new characters.
      form.setFieldValue('charCaptcha', '');
      void refresh();
      if (failure.kind === 'duplicate') toastError(t('account.duplicate'));
      else if (failure.kind === 'unknownTenant') form.setFields([{ name: 'tenantCode', errors: [t('account.unknownTenant')] }]);
      else if (failure.kind === 'closedTenant') form.setFields([{ name: 'tenantCode', errors: [t('register.closed')] }]);
      else if (failure.kind === 'password') form.setFields([{ name: 'password', errors: [failure.message] }]);
      else if (failure.kind === 'captcha') form.setFields([{ name: 'charCaptcha', errors: [t('forgot.captchaWrong')] }]);
      else if (failure.kind === 'captchaExpired') form.setFields([{ name: 'charCaptcha', errors: [t('account.captchaExpired')] }]);
      else if (failure.kind === 'invalid') toastError(t('account.invalidInput'));
      else toastError(failure.message);
    } finally {
      setLoading(false);
    }
  };

  return (
    <main className="login-page">
      <div className="login-card">
        <div className="login-toolbar">
          <LanguageSwitch />
        </div>
        <div className="login-brand">
          <h1 className="login-title">{t('register.title')}</h1>
        </div>
        {done ? (
          <Result
            status="success"
            title={t('register.success')}
            subTitle={t('account.registered', done)}
            extra={<Link to="/login">{t('register.toLogin')}</Link>}
          />
        ) : (
          <Form<Fields>
            form={form}
            name="register"
            layout="vertical"
            requiredMark={false}
            size="large"
            onFinish={submit}
            initialValues={{ prefix: DEFAULT_PREFIX }}
          >
            <Form.Item
              name="tenantCode"
              label={t('login.tenantCode')}
              rules={[{ required: true, whitespace: true, message: t('login.rules.tenantRequired') }, { max: TENANT_CODE_MAX_LENGTH }]}
            >
              <Input aria-label={t('login.tenantCode')} autoComplete="organization" />
            </Form.Item>
            <Form.Item
              name="username"
              label={t('register.username')}
              rules={[
                { required: true, whitespace: true, message: t('register.usernameRequired') },
                {
                  min: USERNAME_MIN_LENGTH,
                  max: USERNAME_MAX_LENGTH,
                  transform: (v: string) => v?.trim(),
                  message: t('register.usernameLength', { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH }),
                },
                { pattern: USERNAME_PATTERN, transform: (v: string) => v?.trim(), message: t('account.usernameFormat') },
              ]}
            >
              <Input aria-label={t('register.username')} autoComplete="username" maxLength={USERNAME_MAX_LENGTH} />
            </Form.Item>
            <Form.Item name="nickname" label={t('register.nickname')} rules={[{ max: NICKNAME_MAX_LENGTH }]}>
              <Input aria-label={t('register.nickname')} maxLength={NICKNAME_MAX_LENGTH} />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('login.password')}
              rules={[
                { required: true, message: t('login.rules.passwordRequired') },
                {
                  min: REGISTER_PASSWORD_MIN_LENGTH,
                  max: PASSWORD_MAX_LENGTH,
                  message: t('register.passwordLength', { min: REGISTER_PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }),
                },
              ]}
            >
              <Input.Password aria-label={t('login.password')} maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label={t('register.confirmPassword')}
              dependencies={['password']}
              rules={[
                { required: true, message: t('register.confirmRequired') },
                ({ getFieldValue }) => ({
                  validator: (_r, value: string) =>
                    !value || value === getFieldValue('password')
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('register.passwordMismatch'))),
                }),
              ]}
            >
              <Input.Password aria-label={t('register.confirmPassword')} maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="email"
              label={t('register.email')}
              rules={[
                { required: true, whitespace: true, message: t('register.emailRequired') },
                { type: 'email', transform: (v: string) => v?.trim(), message: t('register.emailFormat') },
                { max: EMAIL_MAX_LENGTH },
              ]}
            >
              <Input aria-label={t('register.email')} autoComplete="email" />
            </Form.Item>
            <Form.Item
              name="prefix"
              label={t('account.prefix')}
              rules={[
                { required: true, whitespace: true, message: t('account.prefixFormat') },
                { pattern: PREFIX_PATTERN, transform: (v: string) => v?.trim(), message: t('account.prefixFormat') },
              ]}
            >
              <Input aria-label={t('account.prefix')} autoComplete="tel-country-code" maxLength={5} />
            </Form.Item>
            <Form.Item
              name="mobile"
              label={t('login.mobile')}
              dependencies={['prefix']}
              rules={[
                { required: true, whitespace: true, message: t('login.rules.mobileRequired') },
                ({ getFieldValue }) => ({
                  validator: (_r, value: string) => {
                    const mobile = (value ?? '').trim();
                    const pattern = String(getFieldValue('prefix') ?? '').trim() === DEFAULT_PREFIX ? MOBILE_PATTERN : ANY_MOBILE_PATTERN;
                    return !mobile || pattern.test(mobile) ? Promise.resolve() : Promise.reject(new Error(t('login.rules.mobileFormat')));
                  },
                }),
              ]}
            >
              <Input aria-label={t('login.mobile')} autoComplete="tel-national" />
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
              {t('register.submit')}
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
