/**
 * The navigation guard (spec 2, 4): public routes, the login redirect, session restore
 * with the navigation replayed, the document title and the progress bar.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../i18n/translator.ts';
import { decideNavigation, documentTitle, loginRedirect } from './navigationRules.ts';
import { doneProgress, startProgress } from './progress.ts';
import { useProductTitle } from './useProductTitle.ts';
import { userState, resetToken } from '../auth/userState.ts';
import { permissionState } from '../permission/permissionState.ts';
import { wantSchemaLabels } from '../layout/appState.ts';
import { matchRoute } from '../permission/matchRoute.ts';
import { translateTitle } from '../i18n/translateTitle.ts';
import { toastError } from '../feedback/feedback.ts';

const PUBLIC_TITLES: Record<string, string> = {
  '/login': 'login.signIn',
  '/register': 'register.title',
  '/forgotpassword': 'forgot.title',
  '/auth-redirect': 'authRedirect.title',
  '/404': 'errorPage.notFoundTitle',
  '/401': 'errorPage.unauthorizedTitle',
};

export default function NavigationGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const user = useSnapshot(userState);
  const permission = useSnapshot(permissionState);
  const productTitle = useProductTitle();
  const [restoring, setRestoring] = useState(false);
  const restoreStarted = useRef(false);

  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  const decision = decideNavigation({
    path: location.pathname,
    fullPath,
    hasToken: !!user.token,
    rolesLoaded: user.roles.length > 0,
    redirect: new URLSearchParams(location.search).get('redirect'),
  });
  // The navigation replayed after a restore is the latest one, not the one that started it.
  const latestPath = useRef(fullPath);
  latestPath.current = fullPath;

  // The bar runs from each navigation (not the first page load) until the page has rendered.
  const firstKey = useRef(location.key);
  useLayoutEffect(() => {
    if (location.key !== firstKey.current) startProgress();
  }, [location.key]);
  useEffect(() => {
    if (!restoring && location.key !== firstKey.current) doneProgress();
  }, [location.key, restoring]);

  useEffect(() => {
    if (decision.kind !== 'restore' || restoreStarted.current) return;
    restoreStarted.current = true;
    setRestoring(true);
    startProgress();
    // The transport and the session code load with the restore, not with the sign-in page.
    import('../http/registerTransport.ts')
      .then((transport) => transport.registerTransport())
      .then(() => import('../auth/session.ts'))
      // The menu titles (schema labels) arrive with the routes.
      .then((session) => Promise.all([session.restoreSession(), wantSchemaLabels().catch(() => undefined)]))
      .then(() => {
        // Replay the navigation now that the routes exist.
        navigate(latestPath.current, { replace: true });
      })
      .catch((err: unknown) => {
        resetToken();
        toastError((err instanceof Error && err.message) || t('session.hasError'));
        navigate(loginRedirect(latestPath.current), { replace: true });
      })
      .finally(() => {
        restoreStarted.current = false;
        setRestoring(false);
        doneProgress();
      });
  }, [decision.kind, fullPath, navigate, t]);

  const matched = matchRoute(permission.routes, location.pathname);
  const titleKey = matched?.route.meta.title ?? PUBLIC_TITLES[location.pathname];
  useEffect(() => {
    document.title = documentTitle(titleKey ? translateTitle(titleKey) : undefined, productTitle);
  }, [titleKey, productTitle, i18n.language]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'restore' || restoring) return null;
  return <Outlet />;
}
