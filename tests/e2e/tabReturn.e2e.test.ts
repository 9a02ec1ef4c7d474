/**
 * Leaving a page while its dialog is open, and coming back, in Chromium. The page area keeps a
 * cached tab's page alive while another is shown (runtime/layout/appMain/CachedPage.tsx): the
 * add or edit dialog left open is there again on return, with what was typed in it, and saves.
 * The dialog's mask keeps the mouse off the shell, so the page is left by the browser's Back; it
 * is returned to by the tag strip and by the sidebar's menu. A page that fails shows its error in
 * its place (PageErrorBoundary.tsx), records it in the error log, and leaves the console usable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { networkQuiet, signIn, spaNavigate, startE2E, type E2E } from './harness.ts';
import {
  action,
  actionLabel,
  dataRows,
  dialog,
  labelOf,
  openedDialog,
  resourceNamed,
  rowAction,
  rowWith,
  say,
  settled,
  table,
  toolbarOf,
} from './resourceLocators.ts';

const SysParam = resourceNamed('SysParam');
const WAIT = { timeout: 20_000 };

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** A signed-in page that collects the errors the console throws. */
async function watchedPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await e2e.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.stack ?? e.message));
  await signIn(page, { username: 'admin' });
  await page.waitForURL(/\/workbench$/);
  return { page, errors };
}

const tab = (page: Page, path: string) => page.locator(`.tags-view-item[data-path="${path}"]`);
const field = (page: Page, name: string) => dialog(page).getByLabel(labelOf(SysParam, name), { exact: true });

/** Leaves the page by the browser's Back: the workbench shows, the dialog and its mask are gone. */
async function leaveByBack(page: Page): Promise<void> {
  await page.goBack();
  await page.waitForURL(/\/workbench$/);
  await expect
    .poll(() => page.locator('.ant-modal:visible, .ant-modal-mask:visible').count(), { message: 'the dialog stays with its page' })
    .toBe(0);
}

/** The console is all there: the layout, the sidebar, the tag strip, and the shown page. */
async function consoleShown(page: Page): Promise<void> {
  await page.getByTestId('app-layout').waitFor(WAIT);
  expect(await page.locator('.sidebar-container').isVisible()).toBe(true);
  expect(await page.locator('.tags-view-item').count()).toBeGreaterThan(0);
}

describe('a dialog left open on a cached tab', () => {
  it('is there on return by the tag strip, with what was typed, and saves', async () => {
    const { page, errors } = await watchedPage();
    await spaNavigate(page, '/sysparam');
    await settled(page, SysParam);
    await toolbarOf(page, SysParam)
      .getByRole('button', { name: actionLabel(action(SysParam, 'add')!, 'toolbar'), exact: true })
      .click();
    await openedDialog(dialog(page));
    const name = `Tab return ${Date.now() % 100000}`;
    await field(page, 'paramName').fill(name);

    await leaveByBack(page);
    // while away, the workbench is usable: its tab is active and the page answers a click
    await tab(page, '/workbench').click();
    await page.waitForURL(/\/workbench$/);

    await tab(page, '/sysparam').click();
    await page.waitForURL(/\/sysparam$/);
    await consoleShown(page);
    await table(page, SysParam).waitFor(WAIT);
    await openedDialog(dialog(page));
    expect(await field(page, 'paramName').inputValue(), 'the typed name survives the switch').toBe(name);
    // the dialog is usable: the focus can be put in it, typed into, and it saves
    const key = `tab.return${Date.now() % 100000}`;
    await field(page, 'paramKey').fill(key);
    const added = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/addSysParam'));
    await dialog(page)
      .getByRole('button', { name: say('common.save'), exact: true })
      .click();
    expect((await added).ok()).toBe(true);
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
    await rowWith(page, SysParam, key).waitFor(WAIT);
    expect(errors, 'no error is thrown').toEqual([]);
  });

  it("is there on return by the sidebar's menu, for an edit, twice in a row", async () => {
    const { page, errors } = await watchedPage();
    await spaNavigate(page, '/sysparam');
    await settled(page, SysParam);
    await rowAction(dataRows(page, SysParam).first(), actionLabel(action(SysParam, 'update')!, 'row'));
    await openedDialog(dialog(page));
    const renamed = `Renamed ${Date.now() % 100000}`;
    await field(page, 'paramName').fill(renamed);

    // Back leaves for the workbench each time: the menu's click pushed the page again
    for (let round = 1; round <= 2; round += 1) {
      await leaveByBack(page);
      const entry = page.locator('.sidebar-container [data-menu-path="/sysparam"]');
      if (!(await entry.isVisible()))
        await page.locator('.sidebar-container .ant-menu-submenu-title', { hasText: say('route.admin') }).click();
      await entry.click();
      await page.waitForURL(/\/sysparam$/);
      await consoleShown(page);
      await openedDialog(dialog(page));
      expect(await field(page, 'paramName').inputValue(), `the edited name survives switch ${round}`).toBe(renamed);
    }
    const updated = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/updateSysParam'));
    await dialog(page)
      .getByRole('button', { name: say('common.save'), exact: true })
      .click();
    expect((await updated).ok()).toBe(true);
    await rowWith(page, SysParam, renamed).waitFor(WAIT);
    expect(errors, 'no error is thrown').toEqual([]);
  });
});

describe('a page that fails', () => {
  it('shows its error in its place, records it, and leaves the console usable', async () => {
    const { page, errors } = await watchedPage();
    // the profile page's code cannot be loaded
    await page.route(/\/assets\/ProfilePage-[^/]*\.js$/, (route) => route.abort());
    await spaNavigate(page, '/profile/index');
    const failed = page.getByTestId('page-failed');
    await failed.waitFor(WAIT);
    await consoleShown(page);
    expect(await failed.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    expect(errors, 'the failure does not escape the page').toEqual([]);
    // recorded in the error log
    await page.getByTestId('error-log-button').click();
    await openedDialog(dialog(page));
    await expect.poll(() => dialog(page).innerText()).toMatch(/ProfilePage|dynamically imported module|Failed to fetch/i);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);

    // the other pages work: the workbench by its tab, the parameters by the menu search of the header
    await tab(page, '/workbench').click();
    await page.waitForURL(/\/workbench$/);
    await networkQuiet(page);
    expect(await failed.isVisible()).toBe(false);
    await spaNavigate(page, '/sysparam');
    await settled(page, SysParam);
    expect(await table(page, SysParam).isVisible()).toBe(true);
    expect(errors).toEqual([]);

    // its code can be loaded again: "Try again" on its tab draws it
    await page.unroute(/\/assets\/ProfilePage-[^/]*\.js$/);
    await tab(page, '/profile/index').click();
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.locator('#app-main .ant-card-head-title:visible', { hasText: 'About me' }).waitFor(WAIT);
    expect(await failed.count()).toBe(0);
  });
});
