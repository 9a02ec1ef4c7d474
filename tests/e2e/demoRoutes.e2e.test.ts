/**
 * The demo routes opened from the sidebar, in English and in Chinese, signed in as the
 * administrator with the development mock API on: the permission pages (the role switch
 * changes the menu and what the directives show, the button directive follows the typed
 * code), the nested menu's four levels (each tab keeps its note), the tab page's article lists
 * (one per country, each keeping its page, sort and note), the error pages, the error log
 * (errors made on purpose land in it) and the excel pages' exports and upload.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';

import { signIn, spaNavigate, startE2E, toast, unnamedControls, type E2E } from './harness.ts';
import { cardTitle, here, openFromMenu, say, speak, type Lang } from './demoSteps.ts';
import { REJECTED_MESSAGE, RENDER_MESSAGE, THROWN_MESSAGE } from '../../runtime/pages/demos/errorLogDemo.ts';

let e2e: E2E;
const pages = new Map<Lang, Page>();
const errors: string[] = [];

async function pageIn(lang: Lang): Promise<Page> {
  let page = pages.get(lang);
  if (!page) {
    page = await e2e.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, { username: 'admin' });
    await speak(page, e2e.url, lang);
    pages.set(lang, page);
  }
  return page;
}

beforeAll(async () => {
  e2e = await startE2E({ env: { MOCK_API: '1' } });
});
afterAll(async () => {
  await e2e?.close();
});

const tags = (page: Page) => page.locator('.tags-view-item');
const menuPaths = (page: Page) =>
  page.locator('.sidebar-container [data-menu-path]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-path') ?? ''));

interface Route {
  path: string;
  menu: string[];
  /** What the page shows once drawn: a card title, or a text of the page. */
  shows: (lang: Lang) => { card?: string; text?: string };
}

const ROUTES: Route[] = [
  {
    path: '/permission/page',
    menu: ['route.permission', 'route.permissionPage'],
    shows: (l) => ({ card: say(l, 'demo.permission.page.title') }),
  },
  {
    path: '/permission/directive',
    menu: ['route.permission', 'route.permissionDirective'],
    shows: (l) => ({ card: say(l, 'demo.permission.directive.title') }),
  },
  {
    path: '/permission/role',
    menu: ['route.permission', 'route.permissionRole'],
    shows: (l) => ({ card: say(l, 'demo.permission.role.title') }),
  },
  {
    path: '/nested/menu1/menu1-1',
    menu: ['route.nested', 'route.menu1', 'route.menu1_1'],
    shows: (l) => ({ card: say(l, 'route.menu1_1') }),
  },
  {
    path: '/nested/menu1/menu1-2/menu1-2-1',
    menu: ['route.nested', 'route.menu1', 'route.menu1_2', 'route.menu1_2_1'],
    shows: (l) => ({ card: say(l, 'route.menu1_2_1') }),
  },
  {
    path: '/nested/menu1/menu1-2/menu1-2-2',
    menu: ['route.nested', 'route.menu1', 'route.menu1_2', 'route.menu1_2_2'],
    shows: (l) => ({ card: say(l, 'route.menu1_2_2') }),
  },
  {
    path: '/nested/menu1/menu1-3',
    menu: ['route.nested', 'route.menu1', 'route.menu1_3'],
    shows: (l) => ({ card: say(l, 'route.menu1_3') }),
  },
  { path: '/nested/menu2', menu: ['route.nested', 'route.menu2'], shows: (l) => ({ card: say(l, 'route.menu2') }) },
  { path: '/error/401', menu: ['route.error', 'route.page401'], shows: (l) => ({ text: say(l, 'errorPage.unauthorized') }) },
  { path: '/error/404', menu: ['route.error', 'route.page404'], shows: (l) => ({ text: say(l, 'errorPage.notFound') }) },
  { path: '/error-log/log', menu: ['route.errorLogIndex'], shows: (l) => ({ card: say(l, 'demo.errorLog.title') }) },
  { path: '/excel/export-excel', menu: ['route.excel', 'route.exportExcel'], shows: (l) => ({ card: say(l, 'demo.excel.export.title') }) },
  {
    path: '/excel/export-selected-excel',
    menu: ['route.excel', 'route.exportSelectedExcel'],
    shows: (l) => ({ card: say(l, 'demo.excel.selected.title') }),
  },
  {
    path: '/excel/export-merge-header',
    menu: ['route.excel', 'route.exportMergeHeader'],
    shows: (l) => ({ card: say(l, 'demo.excel.merge.title') }),
  },
  { path: '/excel/upload-excel', menu: ['route.excel', 'route.uploadExcel'], shows: (l) => ({ card: say(l, 'demo.excel.upload.title') }) },
  { path: '/example/list', menu: ['route.example', 'route.exampleList'], shows: (l) => ({ card: say(l, 'resources.MockArticle.title') }) },
  { path: '/example/create', menu: ['route.example', 'route.exampleCreate'], shows: (l) => ({ card: say(l, 'demo.article.createTitle') }) },
  {
    path: '/charts/keyboard',
    menu: ['route.charts', 'route.keyboardChart'],
    shows: (l) => ({ card: say(l, 'demo.charts.keyboard.title') }),
  },
  { path: '/charts/line', menu: ['route.charts', 'route.lineChartDemo'], shows: (l) => ({ card: say(l, 'demo.charts.line.title') }) },
  { path: '/charts/mixchart', menu: ['route.charts', 'route.mixChart'], shows: (l) => ({ card: say(l, 'demo.charts.mix.title') }) },
  { path: '/components/tinymce', menu: ['route.components', 'route.tinymce'], shows: (l) => ({ card: say(l, 'demo.tinymce.title') }) },
  {
    path: '/components/json-editor',
    menu: ['route.components', 'route.json_editor'],
    shows: (l) => ({ card: say(l, 'demo.jsonEditor.title') }),
  },
  {
    path: '/components/split-pane',
    menu: ['route.components', 'route.split_pane'],
    shows: (l) => ({ card: say(l, 'demo.splitPane.title') }),
  },
  {
    path: '/components/avatar-upload',
    menu: ['route.components', 'route.avatar_upload'],
    shows: (l) => ({ card: say(l, 'demo.avatar.title') }),
  },
  { path: '/components/dropzone', menu: ['route.components', 'route.dropzone'], shows: (l) => ({ card: say(l, 'demo.dropzone.title') }) },
  { path: '/components/mixin', menu: ['route.components', 'route.mixin'], shows: (l) => ({ card: say(l, 'demo.mixin.buttons') }) },
  {
    path: '/components/drag-dialog',
    menu: ['route.components', 'route.drag_dialog'],
    shows: (l) => ({ card: say(l, 'demo.dragDialog.title') }),
  },
  {
    path: '/components/drag-select',
    menu: ['route.components', 'route.drag_select'],
    shows: (l) => ({ card: say(l, 'demo.dragSelect.title') }),
  },
  { path: '/components/dnd-list', menu: ['route.components', 'route.dnd_list'], shows: (l) => ({ card: say(l, 'demo.dnd.title') }) },
  {
    path: '/components/drag-kanban',
    menu: ['route.components', 'route.drag_kanban'],
    shows: (l) => ({ card: say(l, 'demo.kanban.title') }),
  },
  { path: '/zip/download', menu: ['route.zip', 'route.zipDownload'], shows: (l) => ({ card: say(l, 'demo.zip.title') }) },
  { path: '/pdf/index', menu: ['route.pdfIndex'], shows: (l) => ({ card: say(l, 'demo.pdf.title') }) },
  { path: '/theme/index', menu: ['route.themeIndex'], shows: (l) => ({ card: say(l, 'demo.theme.title') }) },
  { path: '/i18n/index', menu: ['route.i18nIndex'], shows: (l) => ({ card: say(l, 'demo.i18n.title') }) },
  { path: '/guide/index', menu: ['route.guideIndex'], shows: (l) => ({ card: say(l, 'demo.guide.title') }) },
];

describe('demo routes', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`each opens from the menu without a page error (${lang})`, async () => {
      const page = await pageIn(lang);
      for (const route of ROUTES) {
        await openFromMenu(page, lang, route.menu);
        await page.waitForURL((u) => u.pathname === route.path);
        const { card, text } = route.shows(lang);
        if (card) await cardTitle(page, card).waitFor();
        if (text) await page.getByText(text).first().waitFor();
        expect(await unnamedControls(page), route.path).toEqual([]);
      }
      expect(errors).toEqual([]);
    });
  }

  it('permission: the role switch changes the menu and what the directives show (en)', async () => {
    const lang = 'en';
    const page = await pageIn(lang);
    await page.goto('/permission/page');
    await cardTitle(page, say(lang, 'demo.permission.page.title')).waitFor();
    await here(page)
      .getByTestId('current-roles')
      .getByText(say(lang, 'demo.permission.yourRoles', { roles: 'ROLE_ADMIN' }))
      .waitFor();
    expect(await menuPaths(page)).toEqual(expect.arrayContaining(['/permission/page', '/permission/directive', '/permission/role']));
    await spaNavigate(page, '/nested/menu2');
    await spaNavigate(page, '/permission/page');
    await expect.poll(() => tags(page).count()).toBeGreaterThan(1);

    // to the editor: the admin-only pages leave the menu, the tabs close, the page moves on
    await here(page).getByText(say(lang, 'demo.permission.roleNames.ROLE_EDITOR'), { exact: true }).click();
    await toast(page, say(lang, 'demo.permission.switched', { roles: 'ROLE_EDITOR' })).waitFor();
    await page.waitForURL((u) => u.pathname === '/permission/directive');
    await cardTitle(page, say(lang, 'demo.permission.directive.title')).waitFor();
    await here(page)
      .getByText(say(lang, 'demo.permission.tokenNote', { token: 'ROLE_EDITOR-token' }))
      .waitFor();
    await expect.poll(() => menuPaths(page)).not.toContain('/permission/page');
    const menu = await menuPaths(page);
    expect(menu).toContain('/permission/directive');
    expect(menu).not.toContain('/permission/role');
    expect(await page.locator('.tags-view-item[data-path="/nested/menu2"]').count()).toBe(0);
    const byDirective = here(page).getByTestId('by-directive');
    const byFunction = here(page).getByTestId('by-function');
    for (const shown of [byDirective, byFunction]) {
      await shown.getByText(say(lang, 'demo.permission.directive.editorOnly')).waitFor();
      await shown.getByText(say(lang, 'demo.permission.directive.both')).waitFor();
      expect(await shown.getByText(say(lang, 'demo.permission.directive.adminOnly')).count()).toBe(0);
    }

    // the button directive follows the code typed
    const code = here(page).getByLabel(say(lang, 'demo.permission.directive.buttonCode'));
    await code.fill('sysuser:add');
    await here(page)
      .getByRole('button', { name: say(lang, 'demo.permission.directive.buttonShown', { code: 'sysuser:add' }) })
      .waitFor();
    await code.fill('no:such-button');
    await here(page)
      .getByText(say(lang, 'demo.permission.directive.buttonHidden', { code: 'no:such-button' }))
      .waitFor();
    expect(await here(page).getByTestId('button-directive').getByRole('button').count()).toBe(0);

    // and back to the administrator
    await here(page).getByText(say(lang, 'demo.permission.roleNames.ROLE_ADMIN'), { exact: true }).click();
    await expect.poll(() => menuPaths(page)).toContain('/permission/page');
    await byDirective.getByText(say(lang, 'demo.permission.directive.adminOnly')).waitFor();
    expect(await byDirective.getByText(say(lang, 'demo.permission.directive.editorOnly')).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('permission: the role page shows what each role sees (zh)', async () => {
    const lang = 'zh';
    const page = await pageIn(lang);
    await page.goto('/permission/role');
    await cardTitle(page, say(lang, 'demo.permission.role.title')).waitFor();
    const card = (role: string) => page.locator(`[data-role="${role}"]`);
    await card('ROLE_VISITOR').waitFor();
    await card('ROLE_VISITOR').getByText(say(lang, 'demo.permission.role.descriptions.ROLE_VISITOR')).waitFor();
    const permission = say(lang, 'route.permission');
    await card('ROLE_ADMIN').getByText(permission, { exact: true }).waitFor();
    expect(await card('ROLE_EDITOR').getByText(permission, { exact: true }).count()).toBe(0);
    await card('ROLE_VISITOR').getByText(say(lang, 'route.home'), { exact: true }).waitFor();
    expect(await card('ROLE_VISITOR').getByText(permission, { exact: true }).count()).toBe(0);
    expect(await card('ROLE_VISITOR').getByText(say(lang, 'route.nested'), { exact: true }).count()).toBe(0);
    await card('ROLE_EDITOR').getByText(say(lang, 'route.nested'), { exact: true }).waitFor();
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`nested: four levels, and each tab keeps its note (${lang})`, async () => {
      const page = await pageIn(lang);
      await page.goto('/nested/menu1/menu1-1');
      const note = (key: string) => page.locator('.app-page:visible').getByLabel(say(lang, 'demo.nested.note', { title: say(lang, key) }));
      await note('route.menu1_1').fill(`first ${lang}`);
      await openFromMenu(page, lang, ['route.nested', 'route.menu1', 'route.menu1_2', 'route.menu1_2_1']);
      await page.waitForURL((u) => u.pathname === '/nested/menu1/menu1-2/menu1-2-1');
      const levels = page.locator('.app-page:visible .demo-nested-level');
      await expect.poll(() => levels.count()).toBe(4);
      await page
        .locator('.app-page:visible')
        .getByText(say(lang, 'demo.nested.level', { level: 4, title: say(lang, 'route.menu1_2_1') }))
        .waitFor();
      await page
        .locator('.app-page:visible')
        .getByText(say(lang, 'demo.nested.level', { level: 3, title: say(lang, 'route.menu1_2') }))
        .waitFor();
      await note('route.menu1_2_1').fill(`deep ${lang}`);
      await page.locator('.tags-view-item[data-path="/nested/menu1/menu1-1"]').click();
      await page.waitForURL((u) => u.pathname === '/nested/menu1/menu1-1');
      expect(await note('route.menu1_1').inputValue()).toBe(`first ${lang}`);
      await page.locator('.tags-view-item[data-path="/nested/menu1/menu1-2/menu1-2-1"]').click();
      expect(await note('route.menu1_2_1').inputValue()).toBe(`deep ${lang}`);
    });
  }

  for (const lang of ['en', 'zh'] as const) {
    it(`tab: each country's article list is fixed on its type, and keeps its page, sort and note across a switch (${lang})`, async () => {
      const page = await pageIn(lang);
      const panel = (country: string) => here(page).locator(`[data-country="${country}"]`);
      const table = (country: string) => panel(country).getByTestId('table-MockArticle');
      const rows = (country: string) => table(country).locator('[role=row][data-row-id]');
      const ids = (country: string) => rows(country).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-row-id'))));
      /** The type column of the shown rows. */
      const types = async (country: string) => {
        const headers = (await table(country).locator('[role=columnheader]').allInnerTexts()).map((h) => h.trim());
        const index = headers.indexOf(say(lang, 'resources.MockArticle.fields.type'));
        expect(index).toBeGreaterThanOrEqual(0);
        return rows(country).evaluateAll(
          (els, i) => els.map((e) => (e.querySelectorAll('[role=cell]')[i] as HTMLElement | undefined)?.innerText.trim() ?? ''),
          index,
        );
      };
      const usCall = page.waitForRequest(
        (r) => new URL(r.url()).pathname.endsWith('/queryMockArticle') && new URL(r.url()).searchParams.get('type') === 'US',
      );
      await spaNavigate(page, '/tab/index?tab=US');
      await cardTitle(page, say(lang, 'demo.tab.title')).waitFor();
      await usCall;
      await expect.poll(() => ids('US')).toHaveLength(20);
      expect(new Set(await types('US'))).toEqual(new Set(['US']));
      // the search form leaves out the field the tab fixes
      expect(
        await panel('US').getByRole('search').getByLabel(say(lang, 'resources.MockArticle.fields.type'), { exact: true }).count(),
      ).toBe(0);

      // sorted by id, descending, on the server; then the second page
      const idHeader = table('US').getByRole('columnheader', { name: say(lang, 'resources.MockArticle.fields.id') });
      await idHeader.getByRole('button').click();
      await idHeader.getByRole('button').click();
      await expect
        .poll(async () => {
          const shown = await ids('US');
          return shown.length === 20 && shown.every((v, i) => i === 0 || shown[i - 1]! > v);
        })
        .toBe(true);
      await panel('US')
        .getByRole('button', { name: say(lang, 'resource.nextPage') })
        .click();
      await expect.poll(() => ids('US')).toHaveLength(5);
      const secondPage = await ids('US');
      expect(secondPage).toEqual([...secondPage].sort((a, b) => b - a));
      const note = (country: string) =>
        panel(country).getByLabel(say(lang, 'demo.tab.note', { country: say(lang, `demo.tab.countries.${country}`) }));
      await note('US').fill(`note ${lang}`);

      // to Japan: its own list, its own type; the address names the tab
      await here(page)
        .getByRole('tab', { name: say(lang, 'demo.tab.countries.JP') })
        .click();
      await page.waitForURL((u) => u.searchParams.get('tab') === 'JP');
      await expect.poll(() => ids('JP')).toHaveLength(20);
      expect(new Set(await types('JP'))).toEqual(new Set(['JP']));
      expect(await note('JP').inputValue()).toBe('');

      // and back: the same page, sort and note
      await here(page)
        .getByRole('tab', { name: say(lang, 'demo.tab.countries.US') })
        .click();
      await page.waitForURL((u) => u.searchParams.get('tab') === 'US');
      await expect.poll(() => ids('US')).toEqual(secondPage);
      expect(await note('US').inputValue()).toBe(`note ${lang}`);
      expect(errors).toEqual([]);
    });
  }

  it('error pages: 401 and 404 lead back home (zh)', async () => {
    const lang = 'zh';
    const page = await pageIn(lang);
    for (const path of ['/error/401', '/error/404']) {
      await page.goto(path);
      await page.getByRole('button', { name: say(lang, 'errorPage.home') }).click();
      await page.waitForURL((u) => u.pathname === '/workbench');
    }
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`error log: errors made on purpose land in the log (${lang})`, async () => {
      const page = await e2e.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      await signIn(page, { username: 'admin' });
      await speak(page, e2e.url, lang);
      await page.goto('/error-log/log');
      await cardTitle(page, say(lang, 'demo.errorLog.title')).waitFor();
      const log = page.locator('.error-log-table');
      await log.getByText(say(lang, 'errorLog.empty')).waitFor();
      await page.getByRole('button', { name: say(lang, 'demo.errorLog.throw') }).click();
      await log.getByText(THROWN_MESSAGE, { exact: true }).waitFor();
      await page.getByRole('button', { name: say(lang, 'demo.errorLog.reject') }).click();
      await log.getByText(REJECTED_MESSAGE, { exact: true }).waitFor();
      await page.getByRole('button', { name: say(lang, 'demo.errorLog.breakComponent') }).click();
      await page.getByText(say(lang, 'demo.errorLog.broken')).waitFor();
      await log.getByText(RENDER_MESSAGE, { exact: true }).waitFor();
      await log.getByText('component', { exact: true }).waitFor();
      // the navbar's bug opens the same log
      await page.getByTestId('error-log-button').click();
      const dialog = page.getByRole('dialog', { name: say(lang, 'errorLog.title') });
      await dialog.getByText(RENDER_MESSAGE, { exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await log.getByRole('button', { name: say(lang, 'errorLog.clear') }).click();
      await log.getByText(say(lang, 'errorLog.empty')).waitFor();
      expect(pageErrors.filter((m) => !m.includes(THROWN_MESSAGE) && !m.includes(REJECTED_MESSAGE))).toEqual([]);
      await page.context().close();
    });
  }

  /** Saves what a click downloads and opens it as a workbook. */
  async function downloadWorkbook(page: Page, click: () => Promise<void>): Promise<{ name: string; sheet: ExcelJS.Worksheet }> {
    const [download] = await Promise.all([page.waitForEvent('download'), click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    return { name: download.suggestedFilename(), sheet: book.worksheets[0]! };
  }
  const rowValues = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

  for (const lang of ['en', 'zh'] as const) {
    it(`excel: exports every article, the chosen ones, a merged header; the upload shows a file's rows (${lang})`, async () => {
      const page = await pageIn(lang);
      const header = ['id', 'title', 'author', 'pageviews', 'display_time'].map((c) => say(lang, `demo.excel.columns.${c}`));

      // the list of MockArticleSheet; each page's export is an action of its toolbar, with its options in a dialog
      const action = (name: string) =>
        here(page)
          .getByRole('button', { name: say(lang, `resources.MockArticleSheet.actions.${name}`), exact: true })
          .click();
      const exportDialog = (name: string) => page.getByRole('dialog', { name: say(lang, `resources.MockArticleSheet.actions.${name}`) });
      const saveFrom = async (name: string, filename?: string) => {
        const dialog = exportDialog(name);
        await dialog.waitFor();
        if (filename) await dialog.getByLabel(say(lang, 'demo.excel.filename')).fill(filename);
        const saved = await downloadWorkbook(page, () =>
          dialog.getByRole('button', { name: say(lang, 'demo.excel.export.button') }).click(),
        );
        await dialog.waitFor({ state: 'hidden' });
        return saved;
      };
      const sheetRows = () => here(page).getByTestId('table-MockArticleSheet').locator('[role=row][data-row-id]');

      await spaNavigate(page, '/excel/export-excel');
      await sheetRows().first().waitFor();
      await expect.poll(() => sheetRows().count()).toBe(20);
      await action('exportSheet');
      await exportDialog('exportSheet')
        .getByText(say(lang, 'demo.excel.export.summary', { count: 20 }))
        .waitFor();
      const all = await saveFrom('exportSheet', `articles-${lang}`);
      expect(all.name).toBe(`articles-${lang}.xlsx`);
      expect(rowValues(all.sheet, 1)).toEqual(header);
      expect(all.sheet.rowCount).toBe(21);
      expect(rowValues(all.sheet, 2)[0]).toBe(1);

      await spaNavigate(page, '/excel/export-selected-excel');
      await sheetRows().first().waitFor();
      await action('exportSelected');
      await toast(page, say(lang, 'resource.checkRecord')).waitFor();
      for (const id of [2, 5])
        await here(page)
          .getByLabel(say(lang, 'resource.selectRow', { name: String(id) }), { exact: true })
          .check();
      await here(page)
        .getByText(say(lang, 'resource.selectedCount', { n: 2 }))
        .waitFor();
      await action('exportSelected');
      await exportDialog('exportSelected')
        .getByText(say(lang, 'demo.excel.selected.summary', { count: 2 }))
        .waitFor();
      const chosen = await saveFrom('exportSelected');
      expect(chosen.name).toBe(`${say(lang, 'demo.excel.defaultName')}.xlsx`);
      expect(chosen.sheet.rowCount).toBe(3);
      expect([rowValues(chosen.sheet, 2)[0], rowValues(chosen.sheet, 3)[0]]).toEqual([2, 5]);
      // saved, the rows are no longer checked
      await here(page)
        .getByText(say(lang, 'resource.selectedCount', { n: 2 }))
        .waitFor({ state: 'hidden' });

      await spaNavigate(page, '/excel/export-merge-header');
      await sheetRows().first().waitFor();
      await action('exportMergedHeader');
      const merged = await saveFrom('exportMergedHeader');
      expect(merged.sheet.getCell('B1').value).toBe(say(lang, 'demo.excel.merge.main'));
      expect(merged.sheet.getCell('D1').master.address).toBe('B1');
      expect(merged.sheet.getCell('A2').master.address).toBe('A1');
      expect(merged.sheet.getCell('E2').master.address).toBe('E1');
      expect(rowValues(merged.sheet, 2).slice(1, 4)).toEqual(header.slice(1, 4));
      expect(rowValues(merged.sheet, 3)[0]).toBe(1);
      expect(merged.sheet.rowCount).toBe(22);

      // a workbook of our own, uploaded: its rows show
      const dir = mkdtempSync(join(tmpdir(), 'upload-excel-'));
      try {
        const book = new ExcelJS.Workbook();
        book.addWorksheet('People').addRows([
          ['Name', 'City', 'Age'],
          ['Ada', 'London', 36],
          ['Grace', 'New York', 85],
          ['Linus', '赫尔辛基', 54],
        ]);
        const file = join(dir, 'people.xlsx');
        await book.xlsx.writeFile(file);
        await spaNavigate(page, '/excel/upload-excel');
        await here(page).locator('input[type=file]').first().setInputFiles(file);
        await here(page)
          .getByTestId('upload-summary')
          .getByText(say(lang, 'demo.excel.upload.summary', { name: 'people.xlsx', count: 3 }))
          .waitFor();
        const table = here(page).getByRole('table');
        for (const text of ['Name', 'City', 'Age']) await table.getByRole('columnheader', { name: text, exact: true }).waitFor();
        for (const text of ['Ada', 'New York', '赫尔辛基', '85']) await table.getByRole('cell', { name: text, exact: true }).waitFor();
        expect(await table.locator('tbody tr.ant-table-row').count()).toBe(3);
        await here(page)
          .locator('input[type=file]')
          .first()
          .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
        await toast(page, say(lang, 'demo.excel.upload.notXlsx')).waitFor();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      expect(errors).toEqual([]);
    });
  }
});
