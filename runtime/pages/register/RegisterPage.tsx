/** Self-registration of an account in a tenant (registerAccountInitial). */
import { useState } from 'react';
import { Button, Form, Input, Result } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { registerAccountInitial, type RegisterForm } from '../../api/auth.ts';
import {
  PASSWORD_MAX_LENGTH,
  REGISTER_PASSWORD_MIN_LENGTH,
  TENANT_CODE_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../../constants/spec.ts';
import LanguageSwitch from '../login/LanguageSwitch.tsx';
import { MOBILE_PATTERN } from '../login/loginRules.ts';
import '../../styles/authCard.css';

interface Fields extends RegisterForm {
  confirmPassword: string;
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (values: Fields) => {
    setLoading(true);
    try {
      await registerAccountInitial({
        tenantCode: values.tenantCode.trim(),
        username: values.username.trim(),
        password: values.password,
        email: values.email.trim(),
        mobile: values.mobile.trim(),
        nickname: values.nickname?.trim() || undefined,
      });
      setDone(true);
    } catch {
      // Shown by the HTTP client.
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
          <Result status="success" title={t('register.success')} extra={<Link to="/login">{t('register.toLogin')}</Link>} />
        ) : (
          <Form<Fields> form={form} name="register" layout="vertical" requiredMark={false} size="large" onFinish={submit}>
            <Form.Item name="tenantCode" label={t('login.tenantCode')} rules={[{ required: true, whitespace: true, message: t('login.rules.tenantRequired') }, { max: TENANT_CODE_MAX_LENGTH }]}>
              <Input aria-label={t('login.tenantCode')} />
            </Form.Item>
            <Form.Item
              name="username"
              label={t('register.username')}
              rules={[
                { required: true, whitespace: true, message: t('register.usernameRequired') },
                { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH, message: t('register.usernameLength', { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH }) },
              ]}
            >
              <Input aria-label={t('register.username')} autoComplete="username" />
            </Form.Item>
            <Form.Item name="nickname" label={t('register.nickname')}>
              <Input aria-label={t('register.nickname')} />
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
                    !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('register.passwordMismatch'))),
                }),
              ]}
            >
              <Input.Password aria-label={t('register.confirmPassword')} maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
            </Form.Item>
            <Form.Item name="email" label={t('register.email')} rules={[{ required: true, message: t('register.emailRequired') }, { type: 'email', message: t('register.emailFormat') }]}>
              <Input aria-label={t('register.email')} autoComplete="email" />
            </Form.Item>
            <Form.Item
              name="mobile"
              label={t('login.mobile')}
              rules={[{ required: true, message: t('login.rules.mobileRequired') }, { pattern: MOBILE_PATTERN, message: t('login.rules.mobileFormat') }]}
            >
              <Input aria-label={t('login.mobile')} autoComplete="tel" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={loading} className="login-submit">
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
