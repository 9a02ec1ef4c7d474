/**
 * Accessibility check with axe-core, in Chromium: the sign-in page, the workbench, and every
 * resource page of the menu (resourceLocators.resourcePages) as its list, its add dialog and a
 * record's detail drawer, and a workflow instance's details page (its canvas), signed in as the
 * administrator. No violation axe rates serious or critical may be found (colour contrast, names of controls and icons, nested interactive
 * controls, ARIA roles and attributes...). axe is injected into the test's page only (through the
 * DevTools protocol, so the console's Content-Security-Policy does not apply to it); the console
 * itself never loads it.
 */
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Resource } from '../../schemas/registry/types.ts';
import { client, signIn as apiSignIn, type Envelope, type PageData } from '../api/harness.ts';
import { networkQuiet, signIn, spaNavigate, startE2E, type E2E } from './harness.ts';
import {
  action,
  dataRows,
  dialog,
  drawer,
  openedDialog,
  table,
  resourcePages,
  say,
  scopeSkip,
  settled,
  toolbarOf,
  actionLabel,
  closeForm,
} from './resourceLocators.ts';

const axeSource = axe.source;
const WAIT = { timeout: 20_000 };

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** The serious and critical violations axe finds in `scope` (a CSS selector, default the document), as readable lines. */
async function axeFailures(page: Page, scope?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // colours are measured once every opening motion (a drawer's slide, a mask's fade) is over
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document
              .getAnimations()
              .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity)).length,
        ),
      {
        message: 'the page finishes its motions',
        timeout: 10_000,
      },
    )
    .toBe(0);
  const violations = await page.evaluate(async (selector) => {
    const w = window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> } };
    const result = await w.axe.run(selector ? { include: [selector] } : document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations;
  }, scope);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.id} (${v.impact}): ${v.help} at ${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 240)}` : ''}`,
      ),
    );
}

/** Checks a resource page's list, add dialog (when the toolbar offers it) and first record's detail. */
async function checkPage(page: Page, r: Resource, path: string, failures: string[]): Promise<void> {
  await spaNavigate(page, path);
  if (r.list.source?.requires?.length) {
    // a list that needs a choice first (the filter tree's) shows its tree and search until then
    await page.locator('#app-main [role=tree]').first().waitFor(WAIT);
    await networkQuiet(page);
    failures.push(...(await axeFailures(page, '#app-main')).map((f) => `page: ${f}`));
    return;
  }
  await table(page, r).waitFor(WAIT);
  await settled(page, r);
  await networkQuiet(page);
  failures.push(...(await axeFailures(page, '#app-main')).map((f) => `list: ${f}`));

  const add = action(r, 'add');
  const addButton = add ? toolbarOf(page, r).getByRole('button', { name: actionLabel(add, 'toolbar'), exact: true }) : undefined;
  if (addButton && (await addButton.count())) {
    await addButton.click();
    await openedDialog(dialog(page));
    failures.push(...(await axeFailures(page, '.ant-modal-wrap')).map((f) => `add dialog: ${f}`));
    await closeForm(page);
  }

  const row = dataRows(page, r).first();
  if (await row.count()) {
    const view = row.getByRole('button', { name: say('resource.actions.view'), exact: true });
    if (await view.count()) await view.click();
    else {
      await row.getByRole('button', { name: /more/i }).click();
      await page.getByRole('menuitem', { name: say('resource.actions.view'), exact: true }).click();
    }
    await drawer(page).getByTestId('resource-detail').waitFor(WAIT);
    failures.push(...(await axeFailures(page, '.ant-drawer')).map((f) => `detail: ${f}`));
    await drawer(page)
      .getByRole('button', { name: say('common.close'), exact: true })
      .click();
    await drawer(page).waitFor({ state: 'hidden' });
  }
}

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('axe-core finds no serious or critical violation', () => {
  it('on the sign-in page, in the three languages', async () => {
    for (const locale of ['en-US', 'zh-CN', 'zh-TW']) {
      const page = await e2e.newPage({ locale });
      await page.goto('/login');
      await page.locator('form').first().waitFor(WAIT);
      expect(await axeFailures(page), `sign-in page (${locale})`).toEqual([]);
      await page.context().close();
    }
  });

  it('on the workbench, with the settings drawer open', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    await page.waitForURL(/\/workbench$/);
    await networkQuiet(page);
    expect(await axeFailures(page), 'workbench').toEqual([]);
    await page.getByTestId('settings-button').click();
    await drawer(page).waitFor(WAIT);
    expect(await axeFailures(page, '.ant-drawer'), 'settings drawer').toEqual([]);
  });

  it("on a workflow instance's details page, a node chosen", async () => {
    const admin = client(e2e.url, await apiSignIn(e2e.url, 'demo', 'admin'));
    const workflows = await admin.get<Envelope<PageData<Record<string, unknown>>>>('/api/job/workflowinfo/queryWorkflowInfo', {
      pageSize: 1,
    });
    const run = await admin.post<Envelope<Record<string, unknown>>>('/api/job/workflowinfo/runWorkflow', {
      id: workflows.body.data!.list[0]!.id,
    });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    await spaNavigate(page, `/workflowinstancedetails?id=${String(run.body.data!.id)}`);
    const canvas = page.getByTestId('workflow-details-canvas');
    await canvas.locator('.react-flow__node').first().click(WAIT);
    await page.getByTestId('workflow-details-node').getByRole('heading').waitFor(WAIT);
    await networkQuiet(page);
    expect(await axeFailures(page, '#app-main'), 'workflow instance details').toEqual([]);
  });

  describe("every resource page's list, add dialog and detail", () => {
    let page: Page;
    beforeAll(async () => {
      page = await e2e.newPage();
      await signIn(page, { username: 'admin' });
    });

    for (const { resource: r, path } of resourcePages()) {
      if (scopeSkip(r)) continue;
      it(`${r.name} (${path})`, { timeout: 180_000 }, async () => {
        const failures: string[] = [];
        try {
          await checkPage(page, r, path, failures);
        } finally {
          // the next page starts from a page with no dialog or drawer left open
          if (await page.locator('.ant-modal:visible, .ant-drawer:visible').count()) {
            await page.goto('/workbench');
            await page.getByTestId('app-layout').waitFor(WAIT);
          }
        }
        if (failures.length) console.log(`${r.name}:\n${failures.join('\n')}`);
        expect(failures).toEqual([]);
      });
    }
  });
});
