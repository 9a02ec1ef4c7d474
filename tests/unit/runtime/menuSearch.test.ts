import { describe, it, expect } from 'vitest';
import { buildSearchEntries, createMenuSearch, searchMenu } from '../../../runtime/search/menuSearchIndex.ts';
import { toPinyin } from '../../../runtime/search/toPinyin.ts';
import type { AppRoute } from '../../../runtime/permission/routeTypes.ts';

const leaf = (path: string, title: string, extra: Partial<AppRoute> = {}): AppRoute => ({
  path,
  name: path,
  component: 'x',
  meta: { title },
  children: [],
  ...extra,
});
const routes: AppRoute[] = [
  { path: '/', redirect: '/workbench', meta: {}, children: [leaf('/workbench', 'workbench')] },
  {
    path: '/system',
    meta: { title: 'system' },
    children: [
      leaf('/sysuser', 'users'),
      leaf('/sysrole', 'roles'),
      leaf('/sysorg', 'orgs'),
      leaf('/sysuser/detail', 'userDetail', { hidden: true }),
    ],
  },
  { path: '/notification', meta: { title: 'notifications' }, component: 'x', children: [] },
  { path: 'https://example.org', external: true, meta: { title: 'external' }, children: [] },
];

const en: Record<string, string> = {
  workbench: 'Workbench',
  system: 'System Management',
  users: 'User Management',
  roles: 'Role Management',
  orgs: 'Organisation Management',
  notifications: 'Notifications',
  userDetail: 'User detail',
  external: 'External link',
};
const zh: Record<string, string> = {
  workbench: '工作台',
  system: '系统管理',
  users: '用户管理',
  roles: '角色管理',
  orgs: '组织管理',
  notifications: '通知公告',
  userDetail: '用户详情',
  external: '外链',
};

describe('menu search', () => {
  it('indexes visible navigable entries with their title trail', () => {
    const entries = buildSearchEntries(routes, (k) => en[k] ?? k);
    expect(entries.map((e) => e.path)).toEqual(['/workbench', '/sysuser', '/sysrole', '/sysorg', '/notification']);
    expect(entries[1]!.title).toEqual(['System Management', 'User Management']);
  });

  it('finds English titles fuzzily and by path', () => {
    const index = createMenuSearch(buildSearchEntries(routes, (k) => en[k] ?? k));
    expect(searchMenu(index, 'role')[0]!.path).toBe('/sysrole');
    expect(searchMenu(index, 'Rol Managment')[0]!.path).toBe('/sysrole');
    expect(searchMenu(index, 'sysorg')[0]!.path).toBe('/sysorg');
    expect(searchMenu(index, 'notif')[0]!.path).toBe('/notification');
    expect(searchMenu(index, '')).toEqual([]);
    expect(searchMenu(index, 'zzzzqqqq')).toEqual([]);
  });

  it('finds Chinese titles by pinyin and initials when pinyin is on', () => {
    const index = createMenuSearch(
      buildSearchEntries(routes, (k) => zh[k] ?? k),
      toPinyin,
    );
    expect(searchMenu(index, 'juese')[0]!.path).toBe('/sysrole');
    expect(searchMenu(index, 'yonghuguanli')[0]!.path).toBe('/sysuser');
    expect(searchMenu(index, 'gzt')[0]!.path).toBe('/workbench');
    expect(searchMenu(index, '角色')[0]!.path).toBe('/sysrole');
  });

  it('does not match pinyin when pinyin is off', () => {
    const index = createMenuSearch(buildSearchEntries(routes, (k) => zh[k] ?? k));
    expect(searchMenu(index, 'juese')).toEqual([]);
  });

  it('converts Chinese to full pinyin and initials', () => {
    expect(toPinyin('角色管理')).toEqual({ full: 'jueseguanli', initials: 'jsgl' });
  });
});
