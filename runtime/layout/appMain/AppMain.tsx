/**
 * The page area (spec 2, 4): shows the route's page, keeps cached tabs alive (React
 * Activity in CachedPage.tsx: state, inputs, scroll and open dialogs survive a switch; a page that fails shows
 * its error in its place, PageErrorBoundary.tsx), tracks the visited tabs, handles
 * /redirect/{path} and sends unknown paths to /404, pages of the menu not granted to the user to
 * /401 (missingRoute.ts).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { Navigate, useLocation, type Location } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { NOT_FOUND_PATH, REDIRECT_PREFIX } from '../../constants/spec.ts';
import { permissionState } from '../../permission/permissionState.ts';
import { addAffixTag, addTag, keepRoutableTags, tagsViewState, updateTag } from '../../tags/tagsViewState.ts';
import { recordVisit } from '../../history/recentVisitsState.ts';
import { affixRoutes, menuPaths } from '../../permission/generateRoutes.ts';
import { menuTree } from '../../generated/routes.ts';
import type { ServerMenuNode } from '../../permission/routeTypes.ts';
import { missingRouteTarget } from './missingRoute.ts';
import { matchRoute } from '../../permission/matchRoute.ts';
import { cacheKey } from '../../tags/tagsViewRules.ts';
import type { AppRoute } from '../../permission/routeTypes.ts';
import CachedPage from './CachedPage.tsx';

interface CachedPage {
  route: AppRoute;
  location: Location;
}

export default function AppMain({ scroller }: { scroller: RefObject<HTMLElement | null> }) {
  const location = useLocation();
  const permission = useSnapshot(permissionState);
  const tags = useSnapshot(tagsViewState);
  const routes = permission.routes as readonly AppRoute[];
  const pages = useRef(new Map<string, CachedPage>());
  const scrollTops = useRef(new Map<string, number>());
  const knownPaths = useMemo(() => menuPaths(menuTree as readonly ServerMenuNode[]), []);
  const grantedPaths = useMemo(() => menuPaths(permission.menu as readonly ServerMenuNode[]), [permission.menu]);

  const redirecting = location.pathname.startsWith(`${REDIRECT_PREFIX}/`);
  const matched = redirecting ? undefined : matchRoute(routes, location.pathname);
  const route = matched?.route;
  const currentKey = route?.component ? cacheKey({ name: route.name, path: route.path }) : undefined;

  // Pinned tabs are always there; tabs of pages that are no longer routable go.
  useEffect(() => {
    if (routes.length) keepRoutableTags((path) => !!matchRoute(routes, path));
    for (const r of affixRoutes(routes)) {
      addAffixTag({ path: r.path, fullPath: r.path, name: r.name, title: r.meta.title ?? '', affix: true, noCache: r.meta.noCache });
    }
  }, [routes]);

  // Opening a page adds its tab (and caches it unless noCache); the same path updates it.
  useEffect(() => {
    if (!route?.component) return;
    const fullPath = `${location.pathname}${location.search}${location.hash}`;
    const view = {
      path: location.pathname,
      fullPath,
      name: route.name,
      title: route.meta.title ?? '',
      affix: route.meta.affix,
      noCache: route.meta.noCache,
    };
    addTag(view);
    updateTag({ path: view.path, fullPath });
    if (!route.hidden) recordVisit({ path: view.path, fullPath, title: view.title, icon: route.meta.icon });
  }, [route, location.pathname, location.search, location.hash]);

  // Scroll position per page: remembered while scrolling, restored on return.
  const keyRef = useRef(currentKey);
  useLayoutEffect(() => {
    keyRef.current = currentKey;
    const el = scroller.current;
    if (el && currentKey) el.scrollTop = scrollTops.current.get(currentKey) ?? 0;
  }, [currentKey, scroller]);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return undefined;
    const onScroll = () => {
      if (keyRef.current) scrollTops.current.set(keyRef.current, el.scrollTop);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [scroller]);

  let navigateTo: string | undefined;
  if (redirecting) {
    const target = location.pathname.slice(REDIRECT_PREFIX.length) || '/';
    navigateTo = `${target}${location.search}${location.hash}`;
  } else if (!route) navigateTo = routes.length ? missingRouteTarget(location.pathname, knownPaths, grantedPaths) : NOT_FOUND_PATH;
  else if (!route.component) navigateTo = route.redirect ?? NOT_FOUND_PATH;

  // The current page plus every cached one stays mounted (hidden); the rest is dropped.
  const map = pages.current;
  if (route && currentKey) map.set(currentKey, { route, location });
  for (const key of [...map.keys()]) {
    if (key !== currentKey && !tags.cached.includes(key)) {
      map.delete(key);
      scrollTops.current.delete(key);
    }
  }

  return (
    <main className="app-main" id="app-main">
      {navigateTo !== undefined && <Navigate to={navigateTo} replace />}
      {[...map.entries()].map(([key, page]) => (
        <CachedPage key={key} pageKey={key} route={page.route} location={page.location} shown={key === currentKey} />
      ))}
    </main>
  );
}
