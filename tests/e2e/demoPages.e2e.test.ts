/**
 * What the demo pages do, in Chromium, signed in as the administrator with the development
 * mock API on: the article list (a resource page over a mock call) filters, sorts, pages and
 * leads to the editor, which writes and changes articles; each chart draws its series and its
 * legend hides one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';

import { signIn, spaNavigate, startE2E, toast, type E2E } from './harness.ts';
import { cardTitle, here, say, speak, type Lang } from './demoSteps.ts';

let e2e: E2E;
const pages = new Map<Lang, Page>();
const errors: string[] = [];

async function pageIn(lang: Lang): Promise<Page> {
  let page = pages.get(lang);
  if (!page) {
    page = await e2e.newPage({ viewport: { width: 1400, height: 900 } });
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

const TIMEOUT = { timeout: 20_000 };

describe('the article list and editor (/example)', () => {
  const table = (page: Page) => page.getByTestId('table-MockArticle');
  const rows = (page: Page) => table(page).locator('[role=row][data-row-id]');
  const ids = (page: Page) => rows(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-row-id'))));
  const listCall = (page: Page, has: (params: URLSearchParams) => boolean) =>
    page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/queryMockArticle') && has(new URL(r.url()).searchParams), TIMEOUT);
  const column = async (page: Page, header: string) => {
    const headers = (await table(page).locator('[role=columnheader]').allInnerTexts()).map((h) => h.trim());
    const index = headers.indexOf(header);
    expect(index, header).toBeGreaterThanOrEqual(0);
    return rows(page).evaluateAll(
      (els, i) => els.map((e) => (e.querySelectorAll('[role=cell]')[i] as HTMLElement | undefined)?.innerText.trim() ?? ''),
      index,
    );
  };

  for (const lang of ['en', 'zh'] as const) {
    it(`lists, sorts, filters and pages the mock articles (${lang})`, async () => {
      const page = await pageIn(lang);
      await spaNavigate(page, '/example/list');
      await cardTitle(page, say(lang, 'resources.MockArticle.title')).waitFor(TIMEOUT);
      await expect.poll(() => ids(page), TIMEOUT).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      await here(page)
        .getByText(say(lang, 'resource.total', { total: 100 }))
        .waitFor(TIMEOUT);

      // sorted by readings, on the server, ascending then descending
      const readings = say(lang, 'resources.MockArticle.fields.pageviews');
      const header = table(page).getByRole('columnheader', { name: readings });
      const ascending = listCall(page, (p) => p.get('sorter') === 'pageviews_ascend');
      await header.getByRole('button').click();
      await ascending;
      // the shown page once the sorted answer is rendered: ascending (read anew on every try)
      const ascendingShown = async () => {
        const shown = (await column(page, readings)).map(Number);
        return shown.length === 20 && shown.every((v, i) => i === 0 || shown[i - 1]! <= v);
      };
      await expect.poll(ascendingShown, TIMEOUT).toBe(true);
      const views = (await column(page, readings)).map(Number);
      expect(views.length).toBe(20);
      expect(views).toEqual([...views].sort((a, b) => a - b));
      const descending = listCall(page, (p) => p.get('sorter') === 'pageviews_descend');
      await header.getByRole('button').click();
      await descending;
      await expect.poll(async () => Number((await column(page, readings))[0]), TIMEOUT).toBeGreaterThanOrEqual(Math.max(...views));
      await header.getByRole('button').click();

      // the second page
      const second = listCall(page, (p) => p.get('currentPage') === '2');
      await here(page)
        .getByRole('button', { name: say(lang, 'resource.nextPage') })
        .click();
      expect(new URL((await second).url()).searchParams.get('pageSize')).toBe('20');
      await expect.poll(() => ids(page), TIMEOUT).toEqual(Array.from({ length: 20 }, (_, i) => i + 21));

      // filtered by a word of a title
      const word = (await column(page, say(lang, 'resources.MockArticle.fields.title')))[0]!;
      const search = here(page).getByRole('search');
      await search.getByLabel(say(lang, 'resources.MockArticle.fields.title'), { exact: true }).fill(word);
      const filtered = listCall(page, (p) => p.get('title') === word);
      await search.getByRole('button', { name: say(lang, 'resource.actions.query'), exact: true }).click();
      await filtered;
      await expect
        .poll(async () => (await column(page, say(lang, 'resources.MockArticle.fields.title'))).every((t) => t.includes(word)), TIMEOUT)
        .toBe(true);
      expect((await ids(page)).length).toBeGreaterThan(0);
      expect((await ids(page)).length).toBeLessThan(20);
      await search.getByRole('button', { name: say(lang, 'resource.reset') }).click();
      expect(errors).toEqual([]);
    });
  }

  it('writes an article, then changes it; the list shows both (en)', async () => {
    const lang = 'en';
    const page = await pageIn(lang);
    await spaNavigate(page, '/example/list');
    await rows(page).first().waitFor(TIMEOUT);
    await here(page)
      .getByRole('button', { name: say(lang, 'resources.MockArticle.actions.write'), exact: true })
      .click();
    await page.waitForURL((u) => u.pathname === '/example/create', TIMEOUT);
    await cardTitle(page, say(lang, 'demo.article.createTitle')).waitFor(TIMEOUT);

    // the title is required
    await here(page)
      .getByRole('button', { name: say(lang, 'demo.article.publish') })
      .click();
    await here(page).getByText(say(lang, 'demo.article.titleRequired')).waitFor(TIMEOUT);
    await here(page).getByLabel(say(lang, 'demo.article.title')).fill('A demo article from Chromium');
    await here(page).getByLabel(say(lang, 'demo.article.author')).fill('Ada');
    await here(page)
      .getByRole('button', { name: say(lang, 'demo.article.publish') })
      .click();
    await toast(page, say(lang, 'demo.article.published')).waitFor(TIMEOUT);
    await page.waitForURL((u) => u.pathname === '/example/list', TIMEOUT);

    const search = here(page).getByRole('search');
    await search.getByLabel(say(lang, 'resources.MockArticle.fields.title'), { exact: true }).fill('from Chromium');
    await search.getByRole('button', { name: say(lang, 'resource.actions.query'), exact: true }).click();
    await expect.poll(() => ids(page), TIMEOUT).toEqual([101]);
    const row = rows(page).first();
    await row.getByText('published', { exact: true }).waitFor(TIMEOUT);
    await row.getByRole('button', { name: say(lang, 'resources.MockArticle.actions.edit'), exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/example/edit/101', TIMEOUT);
    const title = here(page).getByLabel(say(lang, 'demo.article.title'));
    await expect.poll(() => title.inputValue(), TIMEOUT).toBe('A demo article from Chromium');
    await title.fill('A changed article from Chromium');
    await here(page)
      .getByRole('button', { name: say(lang, 'demo.article.draft') })
      .click();
    await toast(page, say(lang, 'demo.article.drafted')).waitFor(TIMEOUT);
    await page.waitForURL((u) => u.pathname === '/example/list', TIMEOUT);
    await search.getByRole('button', { name: say(lang, 'resource.actions.query'), exact: true }).click();
    await rows(page).first().getByText('A changed article from Chromium').waitFor(TIMEOUT);
    await rows(page).first().getByText('draft', { exact: true }).waitFor(TIMEOUT);

    // an id that is not digits is no route; an unknown one says so
    await page.goto('/example/edit/abc');
    await page.getByText(say(lang, 'errorPage.notFound')).first().waitFor(TIMEOUT);
    await page.goto('/example/edit/9999');
    await here(page)
      .getByText(say(lang, 'demo.article.missing', { id: 9999 }))
      .waitFor(TIMEOUT);
    expect(errors).toEqual([]);
  });
});

describe('the charts (/charts)', () => {
  const CHARTS = [
    {
      path: '/charts/keyboard',
      title: 'demo.charts.keyboard.title',
      series: ['first', 'second', 'total'].map((k) => `demo.charts.keyboard.${k}`),
    },
    { path: '/charts/line', title: 'demo.charts.line.title', series: ['CMCC', 'CTCC', 'CNC'] },
    { path: '/charts/mixchart', title: 'demo.charts.mix.title', series: ['female', 'male', 'average'].map((k) => `demo.charts.mix.${k}`) },
  ];
  for (const lang of ['en', 'zh'] as const) {
    it(`draw their series as SVG, and the legend hides one (${lang})`, async () => {
      const page = await pageIn(lang);
      for (const chart of CHARTS) {
        await spaNavigate(page, chart.path);
        const names = chart.series.map((s) => (s.startsWith('demo.') ? say(lang, s) : s));
        const svg = here(page)
          .getByRole('img', { name: say(lang, chart.title) })
          .locator('svg');
        await svg.waitFor(TIMEOUT);
        // every series is named in the legend and drawn (bars and lines are paths)
        for (const name of names) await svg.locator('text', { hasText: name }).first().waitFor(TIMEOUT);
        await expect.poll(() => svg.locator('path').count(), TIMEOUT).toBeGreaterThan(30);
        const shown = here(page).getByTestId('chart-shown');
        await shown.getByText(say(lang, 'demo.charts.shown', { series: names.join(', ') })).waitFor(TIMEOUT);
        const before = await svg.locator('path').count();
        await svg.locator('text', { hasText: names[0]! }).first().click();
        await shown.getByText(say(lang, 'demo.charts.shown', { series: names.slice(1).join(', ') })).waitFor(TIMEOUT);
        await expect.poll(() => svg.locator('path').count(), TIMEOUT).toBeLessThan(before);
      }
      expect(errors).toEqual([]);
    });
  }
});
