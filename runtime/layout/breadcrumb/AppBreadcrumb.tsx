import { useRef } from 'react';
import { Breadcrumb } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from '../../i18n/translator.ts';
import { useSnapshot } from 'valtio';
import { permissionState } from '../../permission/permissionState.ts';
import { matchRoute } from '../../permission/matchRoute.ts';
import { translateTitle } from '../../i18n/translateTitle.ts';
import type { AppRoute } from '../../permission/routeTypes.ts';
import { breadcrumbItems, type BreadcrumbEntry } from './breadcrumbItems.ts';

/** The breadcrumb: workbench first, then the route chain; frozen while on /redirect. */
export default function AppBreadcrumb() {
  const { t } = useTranslation();
  const location = useLocation();
  const permission = useSnapshot(permissionState);
  const routes = permission.routes as readonly AppRoute[];
  const last = useRef<BreadcrumbEntry[]>([]);
  const items = breadcrumbItems(location.pathname, matchRoute(routes, location.pathname)?.chain);
  if (items) last.current = items;
  const shown = items ?? last.current;
  return (
    <nav aria-label={t('navbar.breadcrumb')} className="app-breadcrumb">
      <Breadcrumb
        items={shown.map((item) => ({
          key: item.path,
          title: item.link ? <Link to={item.path}>{translateTitle(item.title)}</Link> : <span>{translateTitle(item.title)}</span>,
        }))}
      />
    </nav>
  );
}
