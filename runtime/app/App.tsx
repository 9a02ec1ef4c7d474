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
  useEffect(() => {
    document.documentElement.style.setProperty('--console-primary', settings.theme);
  }, [settings.theme]);

  const sizeToken = SIZE_TOKENS[app.size];
  return (
    <ConfigProvider
      locale={antdLocale}
      button={{ autoInsertSpace: false }}
      // antd's default algorithm applies when none is named; naming it would import antd's
      // theme index (dark and compact algorithms included) into the first download.
      theme={{
        token: { colorPrimary: settings.theme, controlHeight: sizeToken.controlHeight, fontSize: sizeToken.fontSize },
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
