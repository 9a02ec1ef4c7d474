import { describe, it, expect } from 'vitest';
import { sidebarEntries, ancestorKeys } from '../../../runtime/layout/sidebar/sidebarEntries.ts';
import { breadcrumbItems } from '../../../runtime/layout/breadcrumb/breadcrumbItems.ts';
import { constantRoutes } from '../../../runtime/app/constantRoutes.ts';
import { matchRoute } from '../../../runtime/permission/matchRoute.ts';
import type { AppRoute } from '../../../runtime/permission/routeTypes.ts';
import { rememberVisit } from '../../../runtime/history/rememberVisit.ts';
import { isMobileWidth } from '../../../runtime/layout/deviceRules.ts';
import { parentOrgs } from '../../../runtime/layout/navbar/parentOrgs.ts';
import { passwordChangeStep } from '../../../runtime/layout/navbar/passwordChange.ts';

const system: AppRoute = {
  path: '/system',
  redirect: '/sysuser',
  meta: { title: 'route.system', icon: 'setting' },
  children: [
    { path: '/sysuser', name: 'SysUser', component: 'u', meta: { title: 'route.sysuser' }, children: [] },
    {
      path: '/sysuser/detail',
      name: 'UserDetail',
      component: 'd',
      hidden: true,
      meta: { title: 'route.detail', activeMenu: '/sysuser' },
      children: [],
    },
    { path: '/sysrole', name: 'SysRole', component: 'r', meta: { title: 'route.sysrole' }, children: [] },
  ],
};
const routes: AppRoute[] = [...constantRoutes, system];

describe('sidebar entries', () => {
  it('shows a single visible child in place of its parent and hides hidden routes', () => {
    const entries = sidebarEntries(routes);
    expect(entries.map((e) => e.key)).toEqual(['/workbench', '/system']);
    expect(entries[0]!.icon).toBe('dashboard');
    expect(entries[1]!.children!.map((e) => e.key)).toEqual(['/sysuser', '/sysrole']);
  });
  it('finds the submenus to open', () => {
    expect(ancestorKeys(sidebarEntries(routes), '/sysrole')).toEqual(['/system']);
    expect(ancestorKeys(sidebarEntries(routes), '/workbench')).toEqual([]);
  });
});

describe('breadcrumb', () => {
  it('is rooted at the workbench', () => {
    const items = breadcrumbItems('/sysrole', matchRoute(routes, '/sysrole')?.chain);
    expect(items!.map((i) => i.path)).toEqual(['/workbench', '/system', '/sysrole']);
    expect(items!.map((i) => i.link)).toEqual([true, true, false]);
  });
  it('does not repeat the workbench and ignores /redirect', () => {
    const items = breadcrumbItems('/workbench', matchRoute(routes, '/workbench')?.chain);
    expect(items!.map((i) => i.path)).toEqual(['/workbench']);
    expect(breadcrumbItems('/redirect/sysuser', undefined)).toBeUndefined();
  });
});

describe('small rules', () => {
  it('remembers visits most recent first, unique, without the workbench', () => {
    const a = { path: '/a', fullPath: '/a', title: 'A' };
    const b = { path: '/b', fullPath: '/b', title: 'B' };
    let list = rememberVisit([], a);
    list = rememberVisit(list, b);
    list = rememberVisit(list, a);
    expect(list.map((v) => v.path)).toEqual(['/a', '/b']);
    expect(rememberVisit(list, { path: '/workbench', fullPath: '/workbench', title: 'W' })).toEqual(list);
    expect(rememberVisit([a, b], { path: '/c', fullPath: '/c', title: 'C' }, 2).map((v) => v.path)).toEqual(['/c', '/a']);
  });
  it('is mobile under 992 px', () => {
    expect(isMobileWidth(991)).toBe(true);
    expect(isMobileWidth(992)).toBe(false);
  });
  it('offers the parent organisations', () => {
    const orgs = [
      { id: 1, orgName: 'HQ', orgParent: 0 },
      { id: 2, orgName: 'Branch', orgParent: 1 },
      { id: 3, orgName: 'Other', orgParent: null },
    ];
    expect(parentOrgs(orgs).map((o) => o.id)).toEqual([1, 3]);
  });
  it('refuses a password change whose confirmation differs, without calling', () => {
    expect(passwordChangeStep({ oldPassword: 'a', newPassword: 'b', confirmNewPassword: 'c' })).toBe('mismatch');
    expect(passwordChangeStep({ oldPassword: 'a', newPassword: 'b', confirmNewPassword: 'b' })).toBe('send');
  });
});
