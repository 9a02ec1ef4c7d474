/** The root: antd theme (colour, size density, locale), feedback binding and the routes. */
import { lazy, Suspense, useEffect } from 'react';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { SIZE_TOKENS, type Locale } from '../constants/spec.ts';
import { appState } from '../stores/app.ts';
import { settingsState } from '../stores/settings.ts';
import { bindFeedback } from '../feedback/feedback.ts';
import { HTML_LANG } from '../i18n/i18n.ts';
import Guard from './Guard.tsx';
import RouteProgress from './RouteProgress.tsx';

const LoginPage = lazy(() => import('../pages/login/LoginPage.tsx'));
const RegisterPage = lazy(() => import('../pages/register/RegisterPage.tsx'));
const ForgotPasswordPage = lazy(() => import('../pages/forgotPassword/ForgotPasswordPage.tsx'));
const AuthRedirectPage = lazy(() => import('../pages/authRedirect/AuthRedirectPage.tsx'));
const NotFoundPage = lazy(() => import('../pages/errors/NotFoundPage.tsx'));
const UnauthorizedPage = lazy(() => import('../pages/errors/UnauthorizedPage.tsx'));
const Layout = lazy(() => import('../layout/Layout.tsx'));

const ANTD_LOCALES: Record<Locale, AntdLocale> = { en: enUS, zh: zhCN, tw: zhTW };
const DAYJS_LOCALES: Record<Locale, string> = { en: 'en', zh: 'zh-cn', tw: 'zh-tw' };

function FeedbackBinder() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => bindFeedback(message, modal), [message, modal]);
  return null;
}

export default function App() {
  const app = useSnapshot(appState);
  const settings = useSnapshot(settingsState);

  useEffect(() => {
    document.documentElement.lang = HTML_LANG[app.language];
    dayjs.locale(DAYJS_LOCALES[app.language]);
  }, [app.language]);
  useEffect(() => {
    document.documentElement.style.setProperty('--console-primary', settings.theme);
  }, [settings.theme]);

  const sizeToken = SIZE_TOKENS[app.size];
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[app.language]}
      theme={{
        algorithm: antdTheme.defaultAlgorithm,
        token: { colorPrimary: settings.theme, controlHeight: sizeToken.controlHeight, fontSize: sizeToken.fontSize },
      }}
    >
      <AntApp className="console-root" data-size={app.size}>
        <FeedbackBinder />
        <BrowserRouter>
          <Suspense fallback={<RouteProgress />}>
            <Routes>
              <Route element={<Guard />}>
                <Route path="/login" element={<LoginPage />} />
                <Route path="/register" element={<RegisterPage />} />
                <Route path="/forgotpassword" element={<ForgotPasswordPage />} />
                <Route path="/auth-redirect" element={<AuthRedirectPage />} />
                <Route path="/404" element={<NotFoundPage />} />
                <Route path="/401" element={<UnauthorizedPage />} />
                <Route path="*" element={<Layout />} />
              </Route>
            </Routes>
          </Suspense>
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}
