/** The sidebar (spec 2; its width in layout.css): logo, the menu from the visible routes, collapsible. */
import { useEffect, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/translator.ts';
import { useSnapshot } from 'valtio';
import { permissionState } from '../../permission/permissionState.ts';
import { appState } from '../appState.ts';
import { settingsState } from '../settings/settingsState.ts';
import { matchRoute } from '../../permission/matchRoute.ts';
import { translateTitle } from '../../i18n/translateTitle.ts';
import { ancestorKeys, sidebarEntries, type SidebarEntry } from './sidebarEntries.ts';
import { MenuIcon } from './menuIcon.tsx';
import type { AppRoute } from '../../permission/routeTypes.ts';

type MenuItem = Required<MenuProps>['items'][number];

function toItems(entries: readonly SidebarEntry[], topLevel: boolean): MenuItem[] {
  return entries.map((e) => {
    const label = translateTitle(e.title);
    const icon = topLevel || e.icon ? <MenuIcon name={e.icon} /> : undefined;
    if (e.children) return { key: e.key, label, icon, children: toItems(e.children, false) };
    return { key: e.key, label: <span data-menu-path={e.key}>{label}</span>, icon, title: label };
  });
}

export default function Sidebar() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const permission = useSnapshot(permissionState);
  const app = useSnapshot(appState);
  const settings = useSnapshot(settingsState);
  const routes = permission.routes as readonly AppRoute[];
  const collapsed = !app.sidebar.opened && app.device === 'desktop';

  const entries = useMemo(() => sidebarEntries(routes), [routes]);
  // Re-translate when the language changes.
  const items = useMemo(() => toItems(entries, true), [entries, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const matched = matchRoute(routes, location.pathname);
  const selected = matched?.route.meta.activeMenu ?? matched?.route.path ?? location.pathname;
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorKeys(entries, selected));
  useEffect(() => {
    const needed = ancestorKeys(entries, selected);
    setOpenKeys((open) => Array.from(new Set([...open, ...needed])));
  }, [entries, selected]);

  const externalByKey = useMemo(() => {
    const map = new Set<string>();
    const walk = (list: readonly SidebarEntry[]) => list.forEach((e) => (e.external ? map.add(e.key) : e.children && walk(e.children)));
    walk(entries);
    return map;
  }, [entries]);

  return (
    <nav className="sidebar-container" aria-label={t('sidebar.navigation')}>
      {settings.sidebarLogo && (
        <div className="sidebar-logo">
          <a href="/" onClick={(e) => (e.preventDefault(), navigate('/'))} aria-label={t(['app.sidebarTitle', 'sidebar.title'])}>
            <img src="/favicon.svg" alt="" width={32} height={32} />
            {!collapsed && <span className="sidebar-title">{t(['app.sidebarTitle', 'sidebar.title'])}</span>}
          </a>
        </div>
      )}
      <div className="sidebar-menu">
        <Menu
          mode="inline"
          theme="dark"
          inlineCollapsed={collapsed}
          items={items}
          selectedKeys={[selected]}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={(keys) => setOpenKeys(keys)}
          onClick={({ key }) => {
            if (externalByKey.has(key)) window.open(key, '_blank', 'noopener');
            else navigate(key);
          }}
        />
      </div>
    </nav>
  );
}
