/**
 * The generic table with 10,000 records (the list-open benchmark page, bench/fixtures/listOpen):
 * only the rows in view are in the DOM, scrolling reaches the last record, the header stays in
 * view, and selecting all selects every record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildListPage } from '../../bench/listOpen.ts';
import { startFixturePages, type FixturePages } from './harness.ts';

let fixture: FixturePages;
let browser: Browser;
let servedUrl: string;

beforeAll(async () => {
  fixture = await startFixturePages(buildListPage);
  browser = fixture.browser;
  servedUrl = fixture.url;
});
afterAll(async () => {
  await fixture?.close();
});

describe('generic table with 10,000 records', () => {
  it('keeps fewer than 100 rows in the DOM while opening and scrolling to the end', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${servedUrl}/?table=generic&rows=10000`);
    await page.waitForFunction(() => window.__result !== undefined);
    const open = await page.evaluate(() => window.__result!);
    expect(open.rows).toBeGreaterThan(5);
    expect(open.rows).toBeLessThan(100);
    const table = page.getByRole('table', { name: 'Organisations' });
    expect(await table.getAttribute('aria-rowcount')).toBe('10001');

    const end = await page.evaluate(() => window.__scrollTo!(9999));
    expect(end.rows).toBeLessThan(100);
    const last = table.locator('[role=row][data-row-id="10000"]');
    await last.waitFor();
    expect(await last.getAttribute('aria-rowindex')).toBe('10001');
    expect(await last.innerText()).toContain('Organisation 10000');
    // The sticky header stays at the top of the scrolled table.
    const [headerTop, tableTop] = await Promise.all([
      table.locator('[role=row][aria-rowindex="1"]').evaluate((el) => el.getBoundingClientRect().top),
      table.evaluate((el) => el.getBoundingClientRect().top),
    ]);
    expect(Math.abs(headerTop - tableTop)).toBeLessThan(2);

    await page.getByRole('checkbox', { name: 'Select all' }).check();
    expect(await page.getByRole('checkbox', { name: 'Select Organisation 10000' }).isChecked()).toBe(true);
    await page.evaluate(() => window.__scrollTo!(0));
    expect(await page.getByRole('checkbox', { name: 'Select Organisation 1', exact: true }).isChecked()).toBe(true);
    await page.close();
  });
});
