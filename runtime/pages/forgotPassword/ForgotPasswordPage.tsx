/** Forgot password: email plus the character captcha; the server mails a reset (retrievePassword). */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Form, Input, Result } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { retrievePassword } from '../../api/auth.ts';
import LanguageSwitch from '../login/LanguageSwitch.tsx';
import { captchaMatches, drawCaptcha, randomCaptcha } from './drawCaptcha.ts';
import '../../styles/authCard.css';

interface Fields {
  email: string;
  charCaptcha: string;
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [captcha, setCaptcha] = useState(() => randomCaptcha());
  const [loading, setLoading] = useState(false);
  const [sentTo, setSentTo] = useState<string>();

  useEffect(() => {
    if (canvas.current) drawCaptcha(canvas.current, captcha);
  }, [captcha]);
  const refresh = useCallback(() => setCaptcha(randomCaptcha()), []);

  const submit = async (values: Fields) => {
    setLoading(true);
    try {
      await retrievePassword({ email: values.email.trim(), charCaptcha: values.charCaptcha.trim() });
      setSentTo(values.email.trim());
    } catch {
      refresh();
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
          <h1 className="login-title">{t('forgot.title')}</h1>
        </div>
        {sentTo ? (
          <Result status="success" title={t('forgot.sent', { email: sentTo })} extra={<Link to="/login">{t('register.toLogin')}</Link>} />
        ) : (
          <Form<Fields> form={form} name="forgot-password" layout="vertical" requiredMark={false} size="large" onFinish={submit}>
            <Form.Item name="email" label={t('register.email')} rules={[{ required: true, message: t('register.emailRequired') }, { type: 'email', message: t('register.emailFormat') }]}>
              <Input aria-label={t('register.email')} autoComplete="email" />
            </Form.Item>
            <Form.Item label={t('forgot.captcha')} required={false}>
              <div className="login-sms-row">
                <Form.Item
                  name="charCaptcha"
                  noStyle
                  rules={[
                    { required: true, whitespace: true, message: t('forgot.captchaRequired') },
                    { validator: (_r, v: string) => (!v || captchaMatches(captcha, v) ? Promise.resolve() : Promise.reject(new Error(t('forgot.captchaWrong')))) },
                  ]}
                >
                  <Input aria-label={t('forgot.captcha')} autoComplete="off" />
                </Form.Item>
                <canvas ref={canvas} width={110} height={40} role="img" aria-label={t('forgot.captchaImage')} className="captcha-canvas" />
                <Button icon={<ReloadOutlined />} onClick={refresh} aria-label={t('forgot.refreshCaptcha')} title={t('forgot.refreshCaptcha')} />
              </div>
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={loading} className="login-submit">
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
