/**
 * The monitors page (/servermonitor, docs/monitoring.md) in Chromium: the administrator's page
 * draws its six charts from queryServerMetrics, its sign-in figure moves after sign-ins made
 * elsewhere, and a hidden page asks nothing until it is shown again.
 */
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn as apiSignIn } from '../api/harness.ts';
import { signIn, startE2E, textsOf, type E2E } from './harness.ts';

const monitorSay = textsOf('runtime/pages/monitor/messages/en.json');
const SUMMARY_CALL = '/api/monitor/metrics/queryServerMetrics';
const CHARTS = ['requests', 'latency', 'eventLoop', 'heap', 'database', 'signIns'];

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

/** The number a figure card shows. */
async function figure(page: Page, testId: string): Promise<number> {
  return Number((await page.getByTestId(testId).locator('.ant-statistic-content-value').innerText()).replace(/[^\d.]/g, ''));
}

/** The serious and critical accessibility violations axe finds in the page's main area. */
async function axeFailures(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const w = window as unknown as {
      axe: {
        run(
          context: unknown,
          options: unknown,
        ): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }>;
      };
    };
    const result = await w.axe.run(
      { include: ['#app-main'] },
      { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } },
    );
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}`));
}

/** Makes the page hidden or shown as a background browser tab is (document.visibilityState and its event). */
async function setVisible(page: Page, visible: boolean): Promise<void> {
  await page.evaluate((shown) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (shown ? 'visible' : 'hidden') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, visible);
}

describe('the monitors page', () => {
  it('draws the server figures live, and stops asking while hidden', async () => {
    const page = await e2e.newPage();
    const asked: number[] = [];
    page.on('request', (r) => {
      if (r.url().includes(SUMMARY_CALL)) asked.push(Date.now());
    });
    await signIn(page, { username: 'admin' }, '/servermonitor');
    for (const key of CHARTS)
      await page
        .getByRole('img', { name: monitorSay(`monitor.metrics.${key}`) })
        .locator('svg')
        .waitFor();
    // two answers make the first point: the 2xx series is drawn on the requests chart
    const requests = page.getByRole('img', { name: monitorSay('monitor.metrics.requests') });
    await requests.locator('path[stroke="#389e0d"]').first().waitFor({ timeout: 20_000 });
    await page.getByTestId('figure-answers').locator('.ant-statistic-content-value').waitFor();
    expect(await axeFailures(page)).toEqual([]);

    const before = await figure(page, 'figure-sign-ins');
    for (let i = 0; i < 3; i++) await apiSignIn(e2e.url, 'demo', 'editor');
    await expect.poll(() => figure(page, 'figure-sign-ins'), { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 3);
    const answers = await figure(page, 'figure-answers');
    await expect.poll(() => figure(page, 'figure-answers'), { timeout: 15_000 }).toBeGreaterThan(answers);

    await setVisible(page, false);
    const hiddenAt = Date.now();
    await page.waitForTimeout(7_000);
    // a call already on its way when the page was hidden may still leave
    expect(asked.filter((t) => t > hiddenAt + 500)).toEqual([]);
    await setVisible(page, true);
    await expect.poll(() => asked.filter((t) => t > hiddenAt + 7_000).length, { timeout: 10_000 }).toBeGreaterThan(0);
  });

  it('is refused to a user of another tenant', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin', tenantCode: 'acme' }, '/servermonitor');
    await page.getByText(monitorSay('monitor.metrics.failed')).waitFor();
  });
});
