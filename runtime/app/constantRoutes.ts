/**
 * The shell's own routes, present for every signed-in user whatever the menu says:
 * home (/ -> /workbench, pinned tab, breadcrumb root) and the hidden profile page.
 */
import { PROFILE_PATH, WORKBENCH_PATH } from '../constants/spec.ts';
import type { AppRoute } from '../permission/routeTypes.ts';

export const constantRoutes: readonly AppRoute[] = [
  {
    path: '/',
    redirect: WORKBENCH_PATH,
    meta: { title: 'routes.home', icon: 'dashboard' },
    children: [
      {
        path: WORKBENCH_PATH,
        name: 'Workbench',
        component: 'workbench',
        meta: { title: 'routes.workbench', icon: 'dashboard', affix: true },
        children: [],
      },
    ],
  },
  {
    path: '/profile',
    redirect: PROFILE_PATH,
    hidden: true,
    meta: {},
    children: [
      {
        path: PROFILE_PATH,
        name: 'Profile',
        component: 'profile',
        hidden: true,
        meta: { title: 'routes.profile', icon: 'user' },
        children: [],
      },
    ],
  },
];
