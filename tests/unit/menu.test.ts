/**
 * schemas/menu.json holds the whole route table of the spec, agrees with the resource files and
 * the locales, and its mistakes are reported with the file, the JSON pointer and a message.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRegistry, RegistryError, type RegistryIssue } from '../../schemas/registry/loadRegistry.ts';
import { loadMenu, menuFullPath } from '../../schemas/registry/loadMenu.ts';
import type { MenuRoute } from '../../runtime/generated/fileTypes.ts';
import { LOCALES, hasMessage, loadLocales } from '../../schemas/registry/locales.ts';

const registry = loadRegistry('schemas');
const menu = loadMenu('schemas', registry);

interface Flat {
  node: MenuRoute;
  full: string;
  parent?: MenuRoute;
}
const flat: Flat[] = [];
const walk = (nodes: MenuRoute[], parentPath: string, parent?: MenuRoute) =>
  nodes.forEach((node) => {
    const full = menuFullPath(parentPath, node.path);
    flat.push({ node, full, parent });
    if (node.children) walk(node.children, full, node);
  });
walk(menu, '/');
const byPath = new Map(flat.map((f) => [f.full, f]));
const byCode = new Map(flat.map((f) => [f.node.code, f]));
const at = (path: string) => {
  const f = byPath.get(path);
  if (!f) throw new Error(`no menu entry at ${path}`);
  return f.node;
};

describe('the menu', () => {
  it('loads without a registry too', () => {
    expect(loadMenu('schemas')).toEqual(menu);
  });

  it('holds every route of the spec', () => {
    const paths = [
      '/',
      '/workbench',
      '/mynotification',
      '/guide/index',
      '/WarehousingManagement',
      '/steelApply',
      '/stock',
      '/steelStock',
      '/rework',
      '/concrete',
      '/usageManagement',
      '/useConcrete',
      '/useSteel',
      '/materialStatistics',
      '/concreteStatistics',
      '/steelStatistics',
      '/sysrole',
      '/sysurl',
      '/datapermission',
      '/sysuser',
      '/syspost',
      '/sysmenu',
      '/sysorg',
      '/sysdict',
      '/sysregion',
      '/sysparam',
      '/notification',
      '/appclient',
      '/onlinesysuser',
      '/systenant',
      '/startprocess',
      '/myprocess',
      '/candidatetask',
      '/assigneetask',
      '/finishedtask',
      '/myprocessdetails',
      '/mytaskdetails',
      '/model',
      '/deployment',
      '/processdefinition',
      '/processinstance',
      '/task',
      '/historicprocessinstance',
      '/historictaskinstance',
      '/processdesign',
      '/execution',
      '/taskdetails',
      '/taskprocessdetails',
      '/historicactivityinstance',
      '/historicdetail',
      '/historicvariableinstance',
      '/historictaskdetails',
      '/appmonitor',
      '/jobinfo',
      '/taskinstance',
      '/dagtaskinstance',
      '/workflowinfo',
      '/workfloweditor',
      '/dagworkflowinstance',
      '/workflowinstancedetails',
      '/editor',
      '/page',
      '/generatortemplate',
      '/forwardgenerator',
      '/reversegenerator',
      '/formdesign',
      '/generatorform',
      '/chart-report/line',
      '/chart-report/bar',
      '/chart-report/pie',
      '/report/reportdesigner',
      '/bigscreen/construction',
      '/bigscreen/electronic',
      '/bigscreen/maintenance',
      '/bigscreen/dataanalysis',
      '/upload-download',
      '/elk',
      '/sentinel',
      '/nacos',
      '/swagger',
      '/druid',
      '/grafana',
      '/profile/index',
      '/permission/page',
      '/permission/directive',
      '/permission/role',
      '/icon/index',
      ...[
        'tinymce',
        'json-editor',
        'split-pane',
        'avatar-upload',
        'dropzone',
        'sticky',
        'count-to',
        'mixin',
        'back-to-top',
        'drag-dialog',
        'drag-select',
        'dnd-list',
        'drag-kanban',
      ].map((p) => `/components/${p}`),
      '/charts/keyboard',
      '/charts/line',
      '/charts/mixchart',
      '/nested/menu1/menu1-1',
      '/nested/menu1/menu1-2/menu1-2-1',
      '/nested/menu1/menu1-2/menu1-2-2',
      '/nested/menu1/menu1-3',
      '/nested/menu2',
      '/example/create',
      '/example/edit/:id(\\d+)',
      '/example/list',
      '/tab/index',
      '/error/401',
      '/error/404',
      '/error-log/log',
      '/excel/export-excel',
      '/excel/export-selected-excel',
      '/excel/export-merge-header',
      '/excel/upload-excel',
      '/zip/download',
      '/pdf/index',
      '/pdf/download',
      '/theme/index',
      '/clipboard/index',
      '/i18n/index',
    ];
    for (const p of paths) expect(byPath.has(p), p).toBe(true);
    const names = flat.map((f) => f.node.name.toLowerCase());
    for (const n of ['distributedlog', 'kibana', 'monitors', 'prometheusgrafana']) expect(names, n).toContain(n);
  });

  it('leaves the public routes and the catch-all to the shell', () => {
    for (const p of ['/login', '/auth-redirect', '/forgotpassword', '/register', '/404', '/401', '*', '/:pathMatch(.*)*'])
      expect(byPath.has(p), p).toBe(false);
    expect(flat.some((f) => f.node.path.includes('*'))).toBe(false);
  });

  it("encodes the spec's redirects, pinned tabs and hidden routes", () => {
    expect(at('/')).toMatchObject({ redirect: '/workbench', icon: 'dashboard', title: 'route.home' });
    expect(at('/workbench').affix).toBe(true);
    expect(at('/WarehousingManagement').redirect).toBe('/steelApply');
    expect(at('/stock').redirect).toBe('/steelStock');
    expect(at('/rework').redirect).toBe('/concrete');
    expect(at('/example').redirect).toBe('/example/list');
    expect(at('/guide/index').noCache).toBe(true);
    expect(at('/example/edit/:id(\\d+)')).toMatchObject({ hidden: true, noCache: true });
    expect(at('/profile/index')).toBeDefined();
    expect(at('/profile').hidden).toBe(true);
    expect(at('/pdf/download').hidden).toBe(true);
    for (const p of [
      '/myprocessdetails',
      '/mytaskdetails',
      '/processdesign',
      '/execution',
      '/taskdetails',
      '/taskprocessdetails',
      '/historicactivityinstance',
      '/historicdetail',
      '/historicvariableinstance',
      '/historictaskdetails',
    ]) {
      expect(at(p).hidden, p).toBe(true);
    }
    for (const f of flat.filter((x) => x.node.hidden && x.node.activeMenu)) expect(byPath.has(f.node.activeMenu!), f.full).toBe(true);
  });

  it("limits the permission demo to the spec's roles", () => {
    expect(at('/permission').roles).toEqual(['ROLE_ADMIN', 'ROLE_EDITOR']);
    expect(at('/permission/page').roles).toEqual(['ROLE_ADMIN']);
    expect(at('/permission/role').roles).toEqual(['ROLE_ADMIN']);
    expect(at('/permission/directive').roles).toBeUndefined();
    expect(flat.filter((f) => f.node.roles && !f.full.startsWith('/permission'))).toEqual([]);
  });

  it("shows system pages through the generic resource page, coded by their resource's menu", () => {
    const pages = flat.filter((f) => f.node.component === 'resource');
    const workflow = [
      'assigneetask',
      'candidatetask',
      'deployment',
      'execution',
      'finishedtask',
      'historicactivityinstance',
      'historicdetail',
      'historicprocessinstance',
      'historictaskdetails',
      'historictaskinstance',
      'historicvariableinstance',
      'model',
      'myprocess',
      'myprocessdetails',
      'mytaskdetails',
      'processdefinition',
      'processinstance',
      'startprocess',
      'task',
      'taskdetails',
      'taskprocessdetails',
    ];
    const jobs = ['appmonitor', 'dagtaskinstance', 'dagworkflowinstance', 'jobinfo', 'taskinstance', 'workflowinfo'];
    expect(pages.map((f) => f.node.code).sort()).toEqual(
      [
        'appclient',
        'auditlog',
        'datapermission',
        'generatorform',
        'mynotification',
        'notification',
        'onlinesysuser',
        'sysdict',
        'sysmenu',
        'sysorg',
        'sysparam',
        'syspost',
        'sysregion',
        'sysrole',
        'systenant',
        'sysurl',
        'sysuser',
        ...workflow,
        ...jobs,
      ].sort(),
    );
    // a hidden record route may show the resource of the entry it highlights
    for (const { node } of pages)
      expect(node.hidden && node.activeMenu ? [node.code, at(node.activeMenu).code] : [node.code], node.code).toContain(
        registry.byName.get(node.resource!)!.menu,
      );
    expect(at('/mytaskdetails').resource).toBe('AssigneeTask');
    // The list-only pages: rows of a declared call (list.source).
    expect(at('/onlinesysuser').resource).toBe('SysOnlineUser');
    expect(at('/datapermission').resource).toBe('SysRoleData');
    expect(at('/mynotification').resource).toBe('MyNotification');
    for (const r of registry.resources.filter((x) => x.menu)) expect(byCode.has(r.menu!), r.name).toBe(true);
  });

  it('shows the material pages through their views', () => {
    for (const name of ['steelApply', 'steelStock', 'concrete', 'useConcrete', 'useSteel', 'concreteStatistics', 'steelStatistics']) {
      expect(at(`/${name}`).component, name).toBe(`views/material/${name}`);
    }
  });

  it('embeds the monitors and links out to external pages', () => {
    for (const p of ['/elk', '/sentinel', '/nacos', '/swagger', '/druid', '/grafana']) {
      expect(at(p).component, p).toBe('iframe');
      expect(at(p).externalUrl, p).toMatch(/^(https?:\/\/|\/)/);
    }
    // the monitors page: the server's own figures, a page of the console under "Monitors"
    expect(at('/servermonitor').component).toBe('views/servermonitor');
    expect(flat.find((f) => f.node.path === '/servermonitor')?.parent?.code).toBe('monitors');
    const links = flat.filter((f) => f.node.component === 'external');
    expect(links.length).toBeGreaterThan(0);
    for (const { node } of links) expect(node.path).toBe(node.externalUrl);
  });

  it('has unique codes, route names and paths, and titles route.<code> in every locale', () => {
    const locales = loadLocales('schemas');
    expect(new Set(flat.map((f) => f.node.code)).size).toBe(flat.length);
    expect(new Set(flat.map((f) => f.node.name)).size).toBe(flat.length);
    for (const { node } of flat) {
      expect(node.name, node.code).toMatch(/^[A-Z][A-Za-z0-9]*$/);
      expect(node.title).toBe(`route.${node.code}`);
      for (const l of LOCALES) expect(hasMessage(locales[l], node.title), `${l} ${node.title}`).toBe(true);
    }
  });

  it('labels the material domain in Chinese in zh and tw (as the spec does) and in English in en', () => {
    const locales = loadLocales('schemas');
    for (const code of [
      'warehouse',
      'steelApply',
      'stock',
      'steelStock',
      'rework',
      'concrete',
      'usageManagement',
      'useConcrete',
      'useSteel',
      'materialStatistics',
      'concreteStatistics',
      'steelStatistics',
    ]) {
      const title = byCode.get(code)!.node.title;
      for (const l of LOCALES) {
        const text = (title.split('.').reduce<unknown>((m, k) => (m as Record<string, unknown>)[k], locales[l]) ?? '') as string;
        expect(text, `${l} ${title}`).toMatch(l === 'en' ? /^[A-Z][a-z]*( [a-z]+)*$/ : /^[\u4e00-\u9fff]+$/);
      }
    }
  });
});

describe('menu mistakes', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  type Menu = { menus: MenuRoute[] };
  function issuesOf(file: string, edit: (text: string) => string): RegistryIssue[] {
    dir = mkdtempSync(join(tmpdir(), 'menu-'));
    cpSync('schemas', dir, { recursive: true });
    const path = join(dir, file);
    writeFileSync(path, edit(readFileSync(path, 'utf8')));
    try {
      loadMenu(dir, loadRegistry(dir));
    } catch (err) {
      expect(err).toBeInstanceOf(RegistryError);
      return (err as RegistryError).issues;
    }
    throw new Error('no error reported');
  }
  const menuEdit = (edit: (doc: Menu) => void) => (text: string) => {
    const doc = JSON.parse(text) as Menu;
    edit(doc);
    return JSON.stringify(doc, null, 2);
  };
  /** JSON pointer of the node with `code` in the real menu. */
  const pointerOf = (code: string): string => {
    const find = (nodes: MenuRoute[], base: string): string | undefined => {
      for (const [i, n] of nodes.entries()) {
        if (n.code === code) return `${base}/${i}`;
        const inner = n.children && find(n.children, `${base}/${i}/children`);
        if (inner) return inner;
      }
      return undefined;
    };
    return find(menu, '/menus')!;
  };
  const nodeAt = (doc: Menu, code: string): MenuRoute => {
    const find = (nodes: MenuRoute[]): MenuRoute | undefined => {
      for (const n of nodes) {
        if (n.code === code) return n;
        const inner = n.children && find(n.children);
        if (inner) return inner;
      }
      return undefined;
    };
    return find(doc.menus)!;
  };

  it('names a duplicate menu code with its pointer', () => {
    const issues = issuesOf(
      'menu.json',
      menuEdit((d) => (nodeAt(d, 'sysparam').code = 'sysdict')),
    );
    expect(issues).toContainEqual({
      file: 'menu.json',
      pointer: `${pointerOf('sysparam')}/code`,
      message: `menu code "sysdict" is also used at ${pointerOf('sysdict')}`,
    });
  });

  it('names a duplicate route name', () => {
    const issues = issuesOf(
      'menu.json',
      menuEdit((d) => (nodeAt(d, 'sysparam').name = 'Sysdict')),
    );
    expect(issues).toContainEqual(expect.objectContaining({ file: 'menu.json', pointer: `${pointerOf('sysparam')}/name` }));
  });

  it('names an unknown resource', () => {
    const issues = issuesOf(
      'menu.json',
      menuEdit((d) => (nodeAt(d, 'sysparam').resource = 'SysParameter')),
    );
    expect(issues).toContainEqual({
      file: 'menu.json',
      pointer: `${pointerOf('sysparam')}/resource`,
      message: 'unknown resource "SysParameter"',
    });
  });

  it("names a record route whose resource is neither its own menu's nor its activeMenu's", () => {
    const issues = issuesOf(
      'menu.json',
      menuEdit((d) => (nodeAt(d, 'mytaskdetails').resource = 'CandidateTask')),
    );
    expect(issues).toContainEqual({
      file: 'menu.json',
      pointer: `${pointerOf('mytaskdetails')}/code`,
      message: 'resource CandidateTask names menu "candidatetask", neither this entry\'s code nor its activeMenu\'s ("assigneetask")',
    });
  });

  it("names a resource page whose code is not its resource's menu", () => {
    const issues = issuesOf(
      'menu.json',
      menuEdit((d) => (nodeAt(d, 'sysparam').resource = 'SysDict')),
    );
    expect(issues).toContainEqual({
      file: 'menu.json',
      pointer: `${pointerOf('sysparam')}/code`,
      message: 'resource SysDict names menu "sysdict", not "sysparam"',
    });
  });

  it('names a title key missing in a locale', () => {
    const issues = issuesOf('locales/zh.json', (t) => t.replace('"sysparam":', '"sysparamx":'));
    expect(issues).toContainEqual({
      file: 'menu.json',
      pointer: `${pointerOf('sysparam')}/title`,
      message: 'i18n key "route.sysparam" is missing in schemas/locales/zh.json',
    });
  });

  it('names a schema violation with its pointer', () => {
    const issues = issuesOf(
      'menu.json',
      menuEdit((d) => Object.assign(nodeAt(d, 'sysparam'), { hiden: true })),
    );
    expect(issues).toContainEqual({ file: 'menu.json', pointer: pointerOf('sysparam'), message: 'unknown property "hiden"' });
    const typed = issuesOf(
      'menu.json',
      menuEdit((d) => Object.assign(nodeAt(d, 'workbench'), { affix: 'yes' })),
    );
    expect(typed).toContainEqual(expect.objectContaining({ file: 'menu.json', pointer: `${pointerOf('workbench')}/affix` }));
  });

  it('names a resource page without its resource', () => {
    const issues = issuesOf(
      'menu.json',
      menuEdit((d) => delete nodeAt(d, 'sysparam').resource),
    );
    expect(issues).toContainEqual(
      expect.objectContaining({ file: 'menu.json', pointer: pointerOf('sysparam'), message: "must have required property 'resource'" }),
    );
  });

  it('names a redirect or activeMenu that leads nowhere', () => {
    const issues = issuesOf(
      'menu.json',
      menuEdit((d) => {
        nodeAt(d, 'example').redirect = '/example/lists';
        nodeAt(d, 'exampleEdit').activeMenu = '/example/lists';
      }),
    );
    expect(issues).toContainEqual({
      file: 'menu.json',
      pointer: `${pointerOf('example')}/redirect`,
      message: 'redirect "/example/lists" is not the full path of any menu entry',
    });
    expect(issues).toContainEqual({
      file: 'menu.json',
      pointer: `${pointerOf('exampleEdit')}/activeMenu`,
      message: 'activeMenu "/example/lists" is not the full path of any menu entry',
    });
  });

  it('names two entries at one path', () => {
    const issues = issuesOf(
      'menu.json',
      menuEdit((d) => (nodeAt(d, 'sysparam').path = '/sysdict')),
    );
    expect(issues).toContainEqual({
      file: 'menu.json',
      pointer: `${pointerOf('sysparam')}/path`,
      message: `full path "/sysdict" is also used at ${pointerOf('sysdict')}`,
    });
  });

  it('names invalid JSON', () => {
    const issues = issuesOf('menu.json', (t) => t.replace('{', '{,'));
    expect(issues).toEqual([
      expect.objectContaining({ file: 'menu.json', pointer: '', message: expect.stringMatching(/^not valid JSON/) }),
    ]);
  });
});
