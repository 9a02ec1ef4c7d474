/**
 * Sign-in (spec 1, 4, 5): account mode (tenant, username, password) and mobile mode
 * (tenant, mobile, SMS code with a countdown), tenant choices from the username, the
 * language switch, links to register and forgot password.
 */
import { useCallback, useState } from 'react';
import { Button, Form } from 'antd';
// The two inputs this page shows, not antd's Input index, which would add TextArea, Search, OTP
// and Group to the first download.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, MobileOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../i18n/translator.ts';
import { SMS_RESEND_SECONDS } from '../../constants/spec.ts';
import { redirectTarget } from '../../app/navigationRules.ts';
import { useProductTitle } from '../../app/useProductTitle.ts';
import LanguageSwitch from './LanguageSwitch.tsx';
import ChoiceGroup from './ChoiceGroup.tsx';
import { toastSuccess } from '../../feedback/feedback.ts';
import { loginRules } from './loginRules.ts';
import { useCountdown } from './useCountdown.ts';
import { useTenantChoices } from './useTenantChoices.ts';
import '../../styles/authCard.css';

type Mode = 'account' | 'mobile';

interface AccountFields {
  tenantCode: string;
  username: string;
  password: string;
}
interface MobileFields {
  tenantCode: string;
  mobile: string;
  smsCaptcha: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const title = useProductTitle();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>('account');
  const [loading, setLoading] = useState(false);
  const [accountForm] = Form.useForm<AccountFields>();
  const [mobileForm] = Form.useForm<MobileFields>();
  const rules = loginRules(t);
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  const fillAccountTenant = useCallback((code: string) => accountForm.setFieldValue('tenantCode', code), [accountForm]);
  const fillMobileTenant = useCallback((code: string) => mobileForm.setFieldValue('tenantCode', code), [mobileForm]);
  const accountTenants = useTenantChoices(fillAccountTenant);
  const mobileTenants = useTenantChoices(fillMobileTenant);

  const afterSignIn = () => navigate(redirectTarget(params.get('redirect')), { replace: true });

  const submitAccount = async (values: AccountFields) => {
    setLoading(true);
    try {
      const { login } = await import('../../auth/session.ts');
      await login(values);
      afterSignIn();
    } catch {
      // The HTTP client and the store already showed the reason.
    } finally {
      setLoading(false);
    }
  };

  const submitMobile = async (values: MobileFields) => {
    setLoading(true);
    try {
      const { loginByMobile } = await import('../../auth/session.ts');
      await loginByMobile(values);
      afterSignIn();
    } catch {
      // Shown already.
    } finally {
      setLoading(false);
    }
  };

  const sendCode = async () => {
    try {
      await mobileForm.validateFields(['mobile']);
    } catch {
      return;
    }
    const mobile = String(mobileForm.getFieldValue('mobile') ?? '').trim();
    setSending(true);
    try {
      const { getSmsCaptcha } = await import('../../api/auth.ts');
      await getSmsCaptcha(mobile);
      toastSuccess(t('login.codeSent'));
      countdown.start(SMS_RESEND_SECONDS);
    } catch {
      // Shown by the HTTP client.
    } finally {
      setSending(false);
    }
  };

  /** The tenant choices, offered by the browser under the tenant code input. */
  const tenantList = (id: string, choices: { tenantCode: string; tenantName: string }[]) => (
    <datalist id={id}>
      {choices.map((c) => (
        <option key={c.tenantCode} value={c.tenantCode}>
          {c.tenantName}
        </option>
      ))}
    </datalist>
  );

  return (
    <main className="login-page">
      <div className="login-card">
        <div className="login-toolbar">
          <LanguageSwitch />
        </div>
        <div className="login-brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <h1 className="login-title">{title}</h1>
        </div>
        <ChoiceGroup<Mode>
          className="login-mode"
          value={mode}
          onChange={setMode}
          label={t('login.mode')}
          testId="login-mode"
          options={[
            { value: 'account', label: t('login.accountMode') },
            { value: 'mobile', label: t('login.mobileMode') },
          ]}
        />
        {mode === 'account' ? (
          <Form<AccountFields>
            key="account"
            form={accountForm}
            name="account-login"
            layout="vertical"
            requiredMark={false}
            size="large"
            onFinish={submitAccount}
            autoComplete="on"
          >
            <Form.Item name="tenantCode" label={t('login.tenantCode')} rules={rules.tenantCode}>
              <Input
                prefix={<TeamOutlined aria-hidden />}
                placeholder={t('login.tenantCode')}
                aria-label={t('login.tenantCode')}
                autoComplete="organization"
                list="account-tenants"
              />
            </Form.Item>
            <Form.Item name="username" label={t('login.username')} rules={rules.username}>
              <Input
                prefix={<UserOutlined aria-hidden />}
                placeholder={t('login.usernamePlaceholder')}
                aria-label={t('login.username')}
                autoComplete="username"
                onBlur={(e) => void accountTenants.lookup(e.target.value)}
              />
            </Form.Item>
            <Form.Item name="password" label={t('login.password')} rules={rules.password}>
              <Password
                prefix={<LockOutlined aria-hidden />}
                placeholder={t('login.password')}
                aria-label={t('login.password')}
                autoComplete="current-password"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={loading} className="login-submit">
              {t('login.logIn')}
            </Button>
            {tenantList('account-tenants', accountTenants.choices)}
          </Form>
        ) : (
          <Form<MobileFields>
            key="mobile"
            form={mobileForm}
            name="mobile-login"
            layout="vertical"
            requiredMark={false}
            size="large"
            onFinish={submitMobile}
          >
            <Form.Item name="tenantCode" label={t('login.tenantCode')} rules={rules.tenantCode}>
              <Input
                prefix={<TeamOutlined aria-hidden />}
                placeholder={t('login.tenantCode')}
                aria-label={t('login.tenantCode')}
                list="mobile-tenants"
              />
            </Form.Item>
            <Form.Item name="mobile" label={t('login.mobile')} rules={rules.mobile}>
              <Input
                prefix={<MobileOutlined aria-hidden />}
                placeholder={t('login.mobile')}
                aria-label={t('login.mobile')}
                autoComplete="tel"
                inputMode="numeric"
                onBlur={(e) => void mobileTenants.lookup(e.target.value)}
              />
            </Form.Item>
            <Form.Item label={t('login.smsCode')} required={false}>
              <div className="login-sms-row">
                <Form.Item name="smsCaptcha" rules={rules.smsCaptcha} noStyle>
                  <Input
                    prefix={<SafetyOutlined aria-hidden />}
                    placeholder={t('login.smsCode')}
                    aria-label={t('login.smsCode')}
                    autoComplete="one-time-code"
                    inputMode="numeric"
                  />
                </Form.Item>
                <Button onClick={() => void sendCode()} disabled={countdown.left > 0} loading={sending} className="login-sms-button">
                  {countdown.left > 0 ? t('login.resendIn', { seconds: countdown.left }) : t('login.sendCode')}
                </Button>
              </div>
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={loading} className="login-submit">
              {t('login.logIn')}
            </Button>
            {tenantList('mobile-tenants', mobileTenants.choices)}
          </Form>
        )}
        <div className="login-links">
          <Link to="/register">{t('login.register')}</Link>
          <Link to="/forgotpassword">{t('login.forgotPassword')}</Link>
        </div>
      </div>
    </main>
  );
}
