/** The root: antd theme (colour, size density, locale), feedback binding and the routes. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { ConfigProvider } from 'antd';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { SIZE_TOKENS } from '../constants/spec.ts';
import { loadAntdLocale, loadedAntdLocale } from './antdLocale.ts';
import { appState } from '../layout/appState.ts';
import { settingsState } from '../layout/settings/settingsState.ts';
import { HTML_LANG } from '../i18n/i18n.ts';
import { ON_TINT_RATIO, readableOnWhite } from '../theme/contrast.ts';
import NavigationGuard from './NavigationGuard.tsx';
import RouteProgress from './RouteProgress.tsx';
import { lazyRegistry, RegistryProvider } from '../resource/registryContext.tsx';
// The sign-in page is part of the entry: one download for the first screen.
import LoginPage from '../pages/login/LoginPage.tsx';

const RegisterPage = lazy(() => import('../pages/register/RegisterPage.tsx'));
const ForgotPasswordPage = lazy(() => import('../pages/forgotPassword/ForgotPasswordPage.tsx'));
const AuthRedirectPage = lazy(() => import('../pages/authRedirect/AuthRedirectPage.tsx'));
const NotFoundPage = lazy(() => import('../pages/errors/NotFoundPage.tsx'));
const UnauthorizedPage = lazy(() => import('../pages/errors/UnauthorizedPage.tsx'));
const Layout = lazy(() => import('../layout/Layout.tsx'));
/** The generated resource registry, loaded when a page first needs it. */
const generatedRegistry = lazyRegistry(async () => (await import('../generated/resources.ts')).resources);

/** Secondary text (descriptions, placeholders, empty states): 5.3:1 on white, 5.1:1 on the table header's grey. */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.58)';
/** Validation messages, danger buttons and status tags: at least 4.5:1 on white and on their light tints. */
const ERROR_COLOR = readableOnWhite('#ff4d4f', ON_TINT_RATIO);
const SUCCESS_COLOR = readableOnWhite('#52c41a', ON_TINT_RATIO);
const WARNING_COLOR = readableOnWhite('#faad14', ON_TINT_RATIO);

export default function App() {
  const app = useSnapshot(appState);
  const settings = useSnapshot(settingsState);

  const [antdLocale, setAntdLocale] = useState(() => loadedAntdLocale(app.language));
  useEffect(() => {
    document.documentElement.lang = HTML_LANG[app.language];
    let live = true;
    void loadAntdLocale(app.language).then((l) => live && setAntdLocale(l));
    return () => {
      live = false;
    };
  }, [app.language]);
  // The theme colour as shown: darkened just enough for white text on it and for it as text on white (WCAG AA).
  const primary = readableOnWhite(settings.theme);
  // Status texts (a tag, an alert) lie on a light tint of their colour: darker still.
  const info = readableOnWhite(settings.theme, ON_TINT_RATIO);
  useEffect(() => {
    document.documentElement.style.setProperty('--console-primary', primary);
  }, [primary]);

  const sizeToken = SIZE_TOKENS[app.size];
  return (
    <ConfigProvider
      locale={antdLocale}
      button={{ autoInsertSpace: false }}
      // antd's default algorithm applies when none is named; naming it would import antd's
      // theme index (dark and compact algorithms included) into the first download.
      theme={{
        token: {
          colorPrimary: primary,
          colorInfo: info,
          colorLink: primary,
          // antd's defaults for these texts (45 % and 25 % black, #ff4d4f) read below 4.5:1 on white.
          colorError: ERROR_COLOR,
          colorSuccess: SUCCESS_COLOR,
          colorWarning: WARNING_COLOR,
          // the light tints under status texts stay antd's: derived from the darker colours they turn grey
          colorSuccessBg: '#f6ffed',
          colorInfoBg: '#e6f4ff',
          colorErrorBg: '#fff2f0',
          colorWarningBg: '#fffbe6',
          colorTextTertiary: SECONDARY_TEXT,
          colorTextDescription: SECONDARY_TEXT,
          colorTextPlaceholder: SECONDARY_TEXT,
          controlHeight: sizeToken.controlHeight,
          fontSize: sizeToken.fontSize,
        },
      }}
    >
      <div className="console-root" data-size={app.size}>
        <BrowserRouter>
          <RegistryProvider registry={generatedRegistry}>
            <Suspense fallback={<RouteProgress />}>
              <Routes>
                <Route element={<NavigationGuard />}>
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
          </RegistryProvider>
        </BrowserRouter>
      </div>
    </ConfigProvider>
  );
}
