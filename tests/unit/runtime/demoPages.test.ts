/**
 * The demo pages' logic: the count-to value and its display, the icon search, the tab demo's
 * tabs and query, and that the menu's demo entries resolve to the registered pages and the demo
 * lists' custom actions to their components.
 */
import { describe, expect, it } from 'vitest';
import { countValueAt, easeOutExpo, formatCount } from '../../../runtime/pages/demos/countTo.ts';
import { antdIconEntries, filterIcons, menuIconEntries } from '../../../runtime/pages/demos/iconCatalog.ts';
import { MENU_ICONS } from '../../../runtime/layout/sidebar/menuIcon.tsx';
import { COUNTRIES, tabFromQuery } from '../../../runtime/pages/demos/tabData.ts';
import { resources } from '../../../runtime/generated/resources.ts';
import { hasActionComponent } from '../../../runtime/resource/extensions.ts';
import { DEMO_PAGE_NAMES, registerDemoPages } from '../../../runtime/pages/demos/registerDemoPages.ts';
import { hasComponent, resolveComponentKey } from '../../../runtime/app/componentRegistry.ts';
import { menuTree, type MenuRoute } from '../../../runtime/generated/routes.ts';

describe('count-to', () => {
  it('eases from 0 to 1, fast at first', () => {
    expect(easeOutExpo(0)).toBe(0);
    expect(easeOutExpo(1)).toBe(1);
    expect(easeOutExpo(0.5)).toBeGreaterThan(0.9);
  });

  it('counts from start to end over the duration, and stays at the end after it', () => {
    const opts = { start: 10, end: 110, duration: 1000 };
    expect(countValueAt(opts, 0)).toBe(10);
    const mid = countValueAt(opts, 300);
    expect(mid).toBeGreaterThan(10);
    expect(mid).toBeLessThan(110);
    expect(countValueAt(opts, 1000)).toBe(110);
    expect(countValueAt(opts, 5000)).toBe(110);
    expect(countValueAt({ start: 5, end: -5, duration: 1000 }, 500)).toBeLessThan(5);
    expect(countValueAt({ ...opts, duration: 0 }, 0)).toBe(110);
  });

  it('formats with decimals, thousands separator, prefix and suffix', () => {
    expect(formatCount(2017, { decimals: 0, separator: ',', prefix: '¥ ', suffix: ' rmb' })).toBe('¥ 2,017 rmb');
    expect(formatCount(1234567.891, { decimals: 2, separator: ' ', prefix: '', suffix: '' })).toBe('1 234 567.89');
    expect(formatCount(1234567, { decimals: 0, separator: '', prefix: '', suffix: '' })).toBe('1234567');
    expect(formatCount(-1234.5, { decimals: 1, separator: ',', prefix: '$', suffix: '' })).toBe('$-1,234.5');
    expect(formatCount(-0.001, { decimals: 0, separator: ',', prefix: '', suffix: '' })).toBe('0');
  });
});

describe('icons', () => {
  it('lists every menu icon and the console antd icons, with the code that shows each', () => {
    const menu = menuIconEntries();
    expect(menu.map((e) => e.name).sort()).toEqual(Object.keys(MENU_ICONS).sort());
    expect(menu.find((e) => e.name === 'dashboard')?.usage).toBe('<MenuIcon name="dashboard" />');
    expect(antdIconEntries().find((e) => e.name === 'BellOutlined')?.usage).toBe('<BellOutlined />');
  });

  it('narrows the list to the names holding the query, ignoring case and spaces', () => {
    const entries = antdIconEntries();
    expect(filterIcons(entries, '')).toHaveLength(entries.length);
    expect(filterIcons(entries, '  fullscreen ').map((e) => e.name)).toEqual(['FullscreenExitOutlined', 'FullscreenOutlined']);
    expect(filterIcons(entries, 'no-such-icon')).toEqual([]);
  });
});

describe('tab demo', () => {
  it('has a tab for each article type, the filter of its list', () => {
    const article = resources.MockArticle!;
    const record = article.record as { properties: Record<string, { enum?: unknown[] }> };
    expect([...COUNTRIES]).toEqual(record.properties.type?.enum);
    expect(article.list.source?.call).toBe('queryMockArticle');
  });

  it('opens the tab the query names, else the first', () => {
    expect(tabFromQuery('JP')).toBe('JP');
    expect(tabFromQuery('xx')).toBe('CN');
    expect(tabFromQuery(null)).toBe('CN');
  });
});

describe('demo page registration', () => {
  function find(nodes: readonly MenuRoute[], path: string[]): MenuRoute | undefined {
    const [head, ...rest] = path;
    const node = nodes.find((n) => n.path === head);
    return rest.length ? find(node?.children ?? [], rest) : node;
  }

  it('renders the menu entries of the built demo pages', () => {
    const entries = [
      ['/icon', 'index'],
      ['/clipboard', 'index'],
      ['/tab', 'index'],
      ['/components', 'count-to'],
      ['/components', 'back-to-top'],
      ['/components', 'sticky'],
      ['/permission', 'page'],
      ['/permission', 'directive'],
      ['/permission', 'role'],
      ['/nested', 'menu1', 'menu1-1'],
      ['/nested', 'menu1', 'menu1-2', 'menu1-2-1'],
      ['/nested', 'menu1', 'menu1-2', 'menu1-2-2'],
      ['/nested', 'menu1', 'menu1-3'],
      ['/nested', 'menu2'],
      ['/error-log', 'log'],
      ['/excel', 'export-excel'],
      ['/excel', 'export-selected-excel'],
      ['/excel', 'export-merge-header'],
      ['/excel', 'upload-excel'],
      ['/example', 'list'],
      ['/example', 'create'],
      ['/example', 'edit/:id(\\d+)'],
      ['/charts', 'keyboard'],
      ['/charts', 'line'],
      ['/charts', 'mixchart'],
      ...[
        'dnd-list',
        'drag-kanban',
        'drag-dialog',
        'drag-select',
        'split-pane',
        'json-editor',
        'tinymce',
        'mixin',
        'dropzone',
        'avatar-upload',
      ].map((c) => ['/components', c]),
      ['/zip', 'download'],
      ['/pdf', 'index'],
      ['/pdf/download'],
      ['/theme', 'index'],
      ['/i18n', 'index'],
      ['/guide', 'index'],
    ].map((p) => find(menuTree, p)!);
    expect(entries.every(Boolean)).toBe(true);
    expect(entries.map((e) => resolveComponentKey(e))).toEqual(entries.map(() => undefined));
    registerDemoPages();
    expect(entries.map((e) => resolveComponentKey(e)).sort()).toEqual([...DEMO_PAGE_NAMES].sort());
    expect(DEMO_PAGE_NAMES.every((n) => hasComponent(n))).toBe(true);
    const sheet = resources.MockArticleSheet!;
    const custom = sheet.actions.filter((a) => a.kind === 'custom').map((a) => a.name);
    expect(custom.sort()).toEqual(['exportMergedHeader', 'exportSelected', 'exportSheet']);
    expect(custom.every((a) => hasActionComponent(sheet.name, a))).toBe(true);
    expect(resources.MockArticleZip!.actions.map((a) => [a.name, a.kind, a.permission])).toEqual([
      ['exportZip', 'custom', 'zip:exportZip'],
    ]);
    expect(hasActionComponent('MockArticleZip', 'exportZip')).toBe(true);
  });
});

describe('permission demo', () => {
  it('checks roles without an all-powerful role, and names a role token by the role', async () => {
    const { checkPermission, roleToken } = await import('../../../runtime/pages/demos/permission/roleCheck.ts');
    expect(checkPermission(['ROLE_ADMIN'], ['ROLE_ADMIN'])).toBe(true);
    expect(checkPermission(['ROLE_ADMIN'], ['ROLE_EDITOR'])).toBe(false);
    expect(checkPermission(['ROLE_EDITOR'], ['ROLE_ADMIN', 'ROLE_EDITOR'])).toBe(true);
    expect(checkPermission([], ['ROLE_ADMIN'])).toBe(false);
    expect(roleToken('ROLE_EDITOR')).toBe('ROLE_EDITOR-token');
  });
});

describe('excel demo sheets', () => {
  it('writes CSV with quoting and a byte-order mark', async () => {
    const { toCsv } = await import('../../../runtime/pages/demos/excel/sheet.ts');
    expect(
      toCsv({
        header: [['Id', 'Title']],
        rows: [
          [1, 'a, "b"'],
          [2, null],
        ],
      }),
    ).toBe('\uFEFFId,Title\r\n1,"a, ""b"""\r\n2,\r\n');
  });

  it('sizes each column to its longest text, a Chinese character counting two', async () => {
    const { columnWidths } = await import('../../../runtime/pages/demos/excel/sheet.ts');
    expect(
      columnWidths([
        ['Id', '标题'],
        [12345678901, 'x'],
      ]),
    ).toEqual([13, 8]);
    expect(columnWidths([['x'.repeat(200)]])).toEqual([60]);
  });

  it('reads back the workbook it writes, merged header and all', async () => {
    const { readXlsx, toXlsx } = await import('../../../runtime/pages/demos/excel/sheet.ts');
    const ExcelJS = (await import('exceljs')).default;
    const blob = await toXlsx(ExcelJS, {
      header: [
        ['Id', 'Main', '', 'Date'],
        ['', 'Title', 'Author', ''],
      ],
      merges: ['A1:A2', 'B1:C1', 'D1:D2'],
      rows: [[1, 'T', 'Ann', '2025-01-01']],
      autoWidth: true,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await blob.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.getCell('C1').isMerged).toBe(true);
    expect(sheet.getCell('C1').master.address).toBe('B1');
    expect(sheet.getCell('A2').master.address).toBe('A1');
    const read = await readXlsx(ExcelJS, await blob.arrayBuffer());
    expect(read.header).toEqual(['Id', 'Main', 'Main (3)', 'Date']);
    expect(read.rows[1]).toEqual({ Id: 1, Main: 'T', 'Main (3)': 'Ann', Date: '2025-01-01' });
  });
});
