import { describe, it, expect } from 'vitest';
import { affixRoutes, flattenRoutes, generateRoutes, hasPermission, menuPaths } from '../../../runtime/permission/generateRoutes.ts';
import { constantRoutes } from '../../../runtime/app/constantRoutes.ts';
import { matchRoute } from '../../../runtime/permission/matchRoute.ts';
import type { ServerMenuNode } from '../../../runtime/permission/routeTypes.ts';

/** A server menu like the platform's: parents with relative children. */
const fullMenu: ServerMenuNode[] = [
  {
    path: '/',
    component: 'Layout',
    redirect: '/workbench',
    children: [{ path: 'workbench', name: 'Workbench', component: 'workbench', meta: { title: 'route.workbench', affix: true } }],
  },
  {
    path: '/system',
    component: 'Layout',
    meta: { title: 'route.system', icon: 'setting' },
    children: [
      { path: '/sysuser', name: 'SysUser', component: 'resource:SysUser', meta: { title: 'route.sysuser' } },
      { path: '/sysrole', name: 'SysRole', component: 'resource:SysRole', meta: { title: 'route.sysrole' } },
      { path: '/sysparam', name: 'SysParam', component: 'not-yet-built', meta: { title: 'route.sysparam' } },
    ],
  },
  {
    path: '/permission',
    component: 'Layout',
    meta: { title: 'route.permission', roles: ['ROLE_ADMIN', 'ROLE_EDITOR'] },
    children: [
      { path: 'page', name: 'PagePermission', component: 'permissionPage', meta: { title: 'route.pagePermission', roles: ['ROLE_ADMIN'] } },
      { path: 'directive', name: 'DirectivePermission', component: 'permissionDirective', meta: { title: 'route.directivePermission' } },
      { path: 'role', name: 'RolePermission', component: 'permissionRole', meta: { title: 'route.rolePermission', roles: ['ROLE_ADMIN'] } },
    ],
  },
  {
    path: '/example',
    component: 'Layout',
    redirect: '/example/list',
    meta: { title: 'route.example' },
    children: [
      { path: 'list', name: 'ArticleList', component: 'articleList', meta: { title: 'route.articleList' } },
      {
        path: 'edit/:id(\\d+)',
        name: 'EditArticle',
        component: 'articleEdit',
        hidden: true,
        meta: { title: 'route.editArticle', noCache: true },
      },
    ],
  },
  { path: 'https://github.com/', meta: { title: 'route.externalLink', icon: 'link' } },
];

const registered = new Set([
  'workbench',
  'profile',
  'resource:SysUser',
  'resource:SysRole',
  'permissionPage',
  'permissionDirective',
  'permissionRole',
  'articleList',
  'articleEdit',
]);
const resolveComponent = (node: { component?: string }) => (node.component && registered.has(node.component) ? node.component : undefined);

function paths(roles: string[], menu = fullMenu) {
  const { routes, unrendered } = generateRoutes({ roles, menu, constantRoutes, resolveComponent });
  return { all: flattenRoutes(routes).map((r) => r.path), routes, unrendered };
}

describe('route generation', () => {
  it('ROLE_ADMIN keeps every authorised menu route that can be rendered', () => {
    const { all, unrendered } = paths(['ROLE_ADMIN']);
    expect(all).toEqual(
      expect.arrayContaining([
        '/',
        '/workbench',
        '/profile/index',
        '/sysuser',
        '/sysrole',
        '/permission/page',
        '/permission/directive',
        '/permission/role',
        '/example/list',
        '/example/edit/:id(\\d+)',
        'https://github.com/',
      ]),
    );
    // No registered component: left out, and reported.
    expect(all).not.toContain('/sysparam');
    expect(unrendered).toEqual(['/sysparam']);
  });

  it('ROLE_EDITOR gets the routes open to editors only', () => {
    const { all } = paths(['ROLE_EDITOR']);
    expect(all).toContain('/sysuser');
    expect(all).toContain('/permission');
    expect(all).toContain('/permission/directive');
    expect(all).not.toContain('/permission/page');
    expect(all).not.toContain('/permission/role');
  });

  it('ROLE_EDITOR with the server menu of section 6 (no /permission) sees everything else', () => {
    const editorMenu = fullMenu.filter((n) => n.path !== '/permission');
    const { all } = paths(['ROLE_EDITOR'], editorMenu);
    expect(all.some((p) => p.startsWith('/permission'))).toBe(false);
    expect(all).toEqual(expect.arrayContaining(['/workbench', '/sysuser', '/sysrole', '/example/list']));
  });

  it('ROLE_VISITOR with the full menu is kept out of /permission by the route roles', () => {
    const { all } = paths(['ROLE_VISITOR']);
    expect(all.some((p) => p.startsWith('/permission'))).toBe(false);
  });

  it('ROLE_VISITOR with its authorised menu (home only) sees only home', () => {
    const visitorMenu = fullMenu.filter((n) => n.path === '/');
    const { routes, all } = paths(['ROLE_VISITOR'], visitorMenu);
    expect(all).toEqual(['/', '/workbench', '/profile', '/profile/index']);
    expect(routes.filter((r) => !r.hidden).map((r) => r.path)).toEqual(['/']);
  });

  it('keeps only paths of the authorised menu tree', () => {
    const { all } = paths(['ROLE_ADMIN'], [fullMenu[0]!]);
    expect(all).not.toContain('/sysuser');
  });

  it('drops a parent whose children all went, and redirects a parent to its first visible child', () => {
    const onlyUnbuilt: ServerMenuNode[] = [{ path: '/tools', children: [{ path: 'x', component: 'nothing' }] }];
    expect(paths(['ROLE_ADMIN'], onlyUnbuilt).all).not.toContain('/tools');
    const { routes } = paths(['ROLE_ADMIN']);
    expect(routes.find((r) => r.path === '/system')?.redirect).toBe('/sysuser');
    expect(routes.find((r) => r.path === '/example')?.redirect).toBe('/example/list');
  });

  it('treats a "noRedirect" parent as a group: first child redirect, not a breadcrumb link', () => {
    const menu: ServerMenuNode[] = [
      {
        path: '/error',
        redirect: 'noRedirect',
        meta: { title: 'e' },
        children: [{ path: '401', component: 'articleList', meta: { title: 'x' } }],
      },
    ];
    const route = paths(['ROLE_ADMIN'], menu).routes.find((r) => r.path === '/error')!;
    expect(route.redirect).toBe('/error/401');
    expect(route.noRedirect).toBe(true);
  });

  it('marks external links and finds pinned routes', () => {
    const { routes } = paths(['ROLE_ADMIN']);
    expect(routes.find((r) => r.path === 'https://github.com/')?.external).toBe(true);
    expect(affixRoutes(routes).map((r) => r.path)).toEqual(['/workbench']);
  });

  it('puts the other children of a menu parent of a constant route under that route, with no second route or pinned tab', () => {
    const menu: ServerMenuNode[] = [
      {
        path: '/',
        component: 'Layout',
        redirect: '/workbench',
        meta: { title: 'route.home', affix: true },
        children: [
          { path: 'workbench', name: 'Workbench', component: 'workbench', meta: { title: 'route.workbench', affix: true } },
          {
            path: 'mynotification',
            name: 'Mynotification',
            component: 'resource:SysUser',
            hidden: true,
            meta: { title: 'route.mynotification' },
          },
        ],
      },
    ];
    const { routes } = generateRoutes({ roles: ['ROLE_VISITOR'], menu, constantRoutes, resolveComponent });
    expect(routes.filter((r) => r.path === '/')).toHaveLength(1);
    const home = routes.find((r) => r.path === '/')!;
    expect(home.children.map((c) => c.path)).toEqual(['/workbench', '/mynotification']);
    expect(affixRoutes(routes).map((r) => r.path)).toEqual(['/workbench']);
    expect(matchRoute(routes, '/mynotification')?.route.hidden).toBe(true);
    // the shell's own route table is not changed
    expect(constantRoutes[0]!.children.map((c) => c.path)).toEqual(['/workbench']);
  });

  it('matches paths, with digit-only ids for edit routes', () => {
    const { routes } = paths(['ROLE_ADMIN']);
    expect(matchRoute(routes, '/example/edit/42')?.route.name).toBe('EditArticle');
    expect(matchRoute(routes, '/example/edit/abc')).toBeUndefined();
    expect(matchRoute(routes, '/sysuser')?.chain.map((r) => r.path)).toEqual(['/system', '/sysuser']);
  });

  it('hasPermission: admin always, no roles open to all, else a shared role', () => {
    expect(hasPermission(['ROLE_ADMIN'], { roles: ['X'] })).toBe(true);
    expect(hasPermission(['ROLE_VISITOR'], {})).toBe(true);
    expect(hasPermission(['ROLE_VISITOR'], { roles: ['ROLE_EDITOR'] })).toBe(false);
    expect(hasPermission(['ROLE_EDITOR', 'ROLE_VISITOR'], { roles: ['ROLE_EDITOR'] })).toBe(true);
  });

  it('lists the menu tree paths absolutely', () => {
    expect([...menuPaths(fullMenu)]).toEqual(expect.arrayContaining(['/workbench', '/permission/page', '/example/edit/:id(\\d+)']));
  });
});

describe('route generation from the real route table', async () => {
  const { menuTree } = await import('../../../runtime/generated/routes.ts');
  const { registerShellPages } = await import('../../../runtime/app/registerShellPages.ts');
  const { resolveComponentKey } = await import('../../../runtime/app/componentRegistry.ts');
  const { metaByPath } = await import('../../../runtime/permission/generateRoutes.ts');
  const { registerDemoPages } = await import('../../../runtime/pages/demos/registerDemoPages.ts');
  registerShellPages();
  registerDemoPages();
  const table = menuTree as readonly ServerMenuNode[];
  const generate = (roles: string[], menu: readonly ServerMenuNode[] = table) =>
    generateRoutes({ roles, menu, constantRoutes, resolveComponent: resolveComponentKey, clientMeta: metaByPath(table) });

  it('renders the shell pages of the menu and leaves unbuilt ones out', () => {
    const { routes, unrendered } = generate(['ROLE_ADMIN']);
    const all = flattenRoutes(routes).map((r) => r.path);
    expect(all).toEqual(expect.arrayContaining(['/workbench', '/profile/index', '/error-log/log', '/error/401', '/error/404']));
    expect(unrendered).toContain('/sysuser');
    expect(unrendered).toContain('/mynotification');
    // The menu's own /profile/index and /workbench do not duplicate the shell's.
    expect(all.filter((p) => p === '/workbench')).toHaveLength(1);
    expect(all.filter((p) => p === '/profile/index')).toHaveLength(1);
  });

  it('reads flat meta (title, icon, roles) from menu.json-shaped nodes', () => {
    const { routes } = generate(['ROLE_ADMIN']);
    const errorLog = matchRoute(routes, '/error-log/log')!.route;
    expect(errorLog.meta.title).toBe('route.errorLogIndex');
    expect(errorLog.meta.icon).toBe('bug');
    expect(errorLog.meta.code).toBeTruthy();
  });

  it('keeps editors and visitors out of the admin-only demo pages by route roles', () => {
    const editor = flattenRoutes(generate(['ROLE_EDITOR']).routes).map((r) => r.path);
    const visitor = flattenRoutes(generate(['ROLE_VISITOR']).routes).map((r) => r.path);
    expect(editor.some((p) => p === '/permission/page' || p === '/permission/role')).toBe(false);
    expect(visitor.some((p) => p.startsWith('/permission'))).toBe(false);
  });

  it('takes the route roles from the route table when the server menu omits them', () => {
    const stripped = (nodes: readonly ServerMenuNode[]): ServerMenuNode[] =>
      nodes.map((n) => ({ ...n, roles: undefined, meta: undefined, children: n.children ? stripped(n.children) : undefined }));
    const menu = stripped(table);
    const { routes } = generateRoutes({
      roles: ['ROLE_VISITOR'],
      menu,
      constantRoutes,
      resolveComponent: () => 'x',
      clientMeta: metaByPath(table),
    });
    expect(flattenRoutes(routes).some((r) => r.path.startsWith('/permission'))).toBe(false);
  });
});
