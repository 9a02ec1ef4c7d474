/**
 * The template demo pages, signed in as the administrator: each opens from its URL without a
 * page error and shows its content with named controls; the icon search narrows the list and a
 * click copies; the clipboard page copies both ways; the counter reaches its end value, pauses
 * and resets; back-to-top appears past its distance and scrolls the page area back; the sticky
 * bar stays at the top of the page area; the tab page keeps its tab in the URL and its state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, startE2E, textsOf, toast, unnamedControls, type E2E } from './harness.ts';

/** The English demo text of a key. */
const say = textsOf('runtime/i18n/messages/demo/en.json');
const sayZh = textsOf('runtime/i18n/messages/demo/zh.json');

let e2e: E2E;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  e2e = await startE2E();
  page = await e2e.newPage();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.url });
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, { username: 'admin' });
});
afterAll(async () => {
  await e2e?.close();
});

/** Opens a page from its URL (a full load) and waits for its card title. */
async function open(path: string, titleKey: string): Promise<void> {
  await page.goto(path);
  await page.getByTestId('app-layout').waitFor();
  await page.locator('.ant-card-head-title', { hasText: say(titleKey) }).waitFor();
  expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
}

const clipboardText = () => page.evaluate(() => navigator.clipboard.readText());
const scroller = () => page.locator('.main-container');
const scrollTop = () => scroller().evaluate((el) => el.scrollTop);

describe('demo pages', () => {
  it('each opens from its URL without a page error, its controls named', async () => {
    const pages: [string, string][] = [
      ['/icon/index', 'demo.icons.title'],
      ['/clipboard/index', 'demo.clipboard.title'],
      ['/components/count-to', 'demo.countTo.title'],
      ['/components/back-to-top', 'demo.backToTop.title'],
      ['/components/sticky', 'demo.sticky.title'],
      ['/tab/index', 'demo.tab.title'],
    ];
    for (const [path, title] of pages) {
      await open(path, title);
      expect(await unnamedControls(page), path).toEqual([]);
    }
    expect(errors).toEqual([]);
  });

  it('shows a demo page in Chinese when the browser speaks it', async () => {
    const zhPage = await e2e.newPage();
    await signIn(zhPage, { username: 'admin' });
    await zhPage.context().addCookies([{ name: 'language', value: 'zh', url: e2e.url }]);
    await zhPage.goto('/icon/index');
    await zhPage.locator('.ant-card-head-title', { hasText: sayZh('demo.icons.title') }).waitFor();
    await zhPage.getByPlaceholder(sayZh('demo.icons.search')).waitFor();
  });

  it('icons: the search narrows the list, a click copies the icon code with a toast', async () => {
    await open('/icon/index', 'demo.icons.title');
    const items = page.locator('[role=tabpanel]:visible .demo-icon-item');
    const all = await items.count();
    expect(all).toBeGreaterThan(20);
    await page.getByLabel(say('demo.icons.search')).fill('chart');
    await expect.poll(() => items.count()).toBeLessThan(all);
    const names = await items.locator('.demo-icon-name').allTextContents();
    expect(names).toEqual(['bar-chart', 'chart', 'line-chart', 'pie-chart']);
    await page.getByRole('button', { name: say('demo.icons.copy', { name: 'pie-chart' }) }).click();
    await toast(page, say('demo.copy.success')).waitFor();
    expect(await clipboardText()).toBe('<MenuIcon name="pie-chart" />');
    // the Ant Design icons answer the same search
    await page.getByRole('tab', { name: new RegExp(say('demo.icons.antdIcons')) }).click();
    await page.getByLabel(say('demo.icons.search')).fill('fullscreen');
    await expect.poll(() => items.locator('.demo-icon-name').allTextContents()).toEqual(['FullscreenExitOutlined', 'FullscreenOutlined']);
    await page.getByLabel(say('demo.icons.search')).fill('no-such-icon');
    await page.locator('[role=tabpanel]:visible').getByText(say('demo.icons.none')).waitFor();
  });

  it('clipboard: copies the field with the button and with the field’s own button', async () => {
    await open('/clipboard/index', 'demo.clipboard.title');
    const pane = page.locator('[role=tabpanel]:visible');
    await pane.getByLabel(say('demo.clipboard.text')).fill('first text');
    await pane.getByRole('button', { name: say('demo.clipboard.copy') }).click();
    await toast(page, say('demo.copy.success')).first().waitFor();
    expect(await clipboardText()).toBe('first text');
    await page.getByRole('tab', { name: say('demo.clipboard.withField') }).click();
    await pane.getByLabel(say('demo.clipboard.text')).fill('second text');
    await pane.getByRole('button', { name: say('demo.clipboard.copyField') }).click();
    await expect.poll(clipboardText).toBe('second text');
  });

  it('count-to: counts to its end value, pauses, resumes and resets', async () => {
    await open('/components/count-to', 'demo.countTo.title');
    const value = page.getByTestId('count-to-value');
    await expect.poll(() => value.textContent(), { timeout: 10_000 }).toBe('¥ 2,017 rmb');
    expect(await value.getAttribute('data-state')).toBe('done');
    await page.getByRole('button', { name: say('demo.countTo.reset') }).click();
    expect(await value.textContent()).toBe('¥ 0 rmb');
    await page.getByLabel(say('demo.countTo.end')).fill('5000');
    await page.getByLabel(say('demo.countTo.decimals')).fill('2');
    await page.getByLabel(say('demo.countTo.duration')).fill('3000');
    await page.getByRole('button', { name: say('demo.countTo.startButton') }).click();
    await page.getByRole('button', { name: say('demo.countTo.pause') }).click();
    expect(await value.getAttribute('data-state')).toBe('paused');
    const paused = await value.textContent();
    expect(paused).not.toBe('¥ 5,000.00 rmb');
    await page.waitForTimeout(300);
    expect(await value.textContent()).toBe(paused);
    await page.getByRole('button', { name: say('demo.countTo.resume') }).click();
    await expect.poll(() => value.textContent(), { timeout: 10_000 }).toBe('¥ 5,000.00 rmb');
  });

  it('back-to-top: appears once the page area is scrolled past its distance and scrolls it back', async () => {
    await open('/components/back-to-top', 'demo.backToTop.title');
    const button = page.getByRole('button', { name: say('demo.backToTop.button'), exact: true });
    expect(await button.count()).toBe(0);
    await scroller().evaluate((el) => el.scrollTo({ top: 200 }));
    await page.waitForTimeout(200);
    expect(await button.count()).toBe(0);
    await scroller().evaluate((el) => el.scrollTo({ top: 1500 }));
    await button.waitFor();
    await button.click();
    await expect.poll(scrollTop).toBe(0);
    await button.waitFor({ state: 'detached' });
  });

  it('sticky: the bar stays at the top of the page area while it scrolls', async () => {
    await open('/components/sticky', 'demo.sticky.title');
    const bar = page.getByTestId('sticky-bar');
    const before = (await bar.boundingBox())!;
    const areaTop = (await scroller().boundingBox())!.y;
    expect(before.y).toBeGreaterThan(areaTop);
    await scroller().evaluate((el) => el.scrollTo({ top: 1500 }));
    await expect.poll(scrollTop).toBeGreaterThan(1000);
    await expect.poll(async () => Math.round((await bar.boundingBox())!.y)).toBe(Math.round(areaTop));
    expect(await bar.getAttribute('data-stuck')).toBe('true');
  });

  it('tab: the active tab is in the URL, and each tab keeps its state', async () => {
    await open('/tab/index?tab=JP', 'demo.tab.title');
    const tab = (code: string) => page.getByRole('tab', { name: say(`demo.tab.countries.${code}`) });
    expect(await tab('JP').getAttribute('aria-selected')).toBe('true');
    await page
      .locator('[role=tabpanel]:visible')
      .getByText(say('demo.tab.articleName', { country: say('demo.tab.countries.JP'), n: 1 }))
      .waitFor();
    await tab('US').click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'US');
    const note = page.getByLabel(say('demo.tab.note', { country: say('demo.tab.countries.US') }));
    await note.fill('kept');
    await tab('CN').click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'CN');
    await tab('US').click();
    expect(await note.inputValue()).toBe('kept');
    expect(errors).toEqual([]);
  });
});
