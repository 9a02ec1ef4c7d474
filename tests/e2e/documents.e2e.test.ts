/**
 * A resource published from a document, in the browser (docs/documents.md): the administrator
 * publishes the Contract document for ROLE_EDITOR through the API while the console runs (no
 * rebuild, no restart); the editor, signing in, finds its menu entry, its page lists the
 * records with the document's labels, and a record added through the page's own form (a
 * validation failure first) is stored; the visitor has no entry and the page is not there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signIn as apiSignIn, type Envelope, type PageData } from '../api/harness.ts';
import { CONTRACTS, publishContract } from '../api/documentFixture.ts';
import { answerTo, signIn, startE2E, toast, type E2E } from './harness.ts';
import { say, type Api } from './resourceLocators.ts';

let e2e: E2E;
let admin: Api;

async function sidebarPaths(page: Awaited<ReturnType<E2E['newPage']>>): Promise<string[]> {
  return page.locator('.sidebar-container [data-menu-path]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-path') ?? ''));
}

beforeAll(async () => {
  e2e = await startE2E();
  admin = client(e2e.url, await apiSignIn(e2e.url, 'demo', 'admin'));
  await publishContract(admin, ['ROLE_EDITOR']);
  const added = await admin.post<Envelope>(`${CONTRACTS}/addContract`, {
    contractCode: 'C001',
    contractName: 'Steel supply',
    amount: 1200,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
}, 60_000);

afterAll(async () => {
  await e2e?.close();
});

describe('a published resource in the console', () => {
  it("is in the granted user's menu, and its page lists and adds records like a file resource's", async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'editor' });
    await expect.poll(() => sidebarPaths(page), { timeout: 15_000 }).toContain('/contract');
    await page.locator('.sidebar-container [data-menu-path="/contract"]').click();
    await page.waitForURL((u) => u.pathname === '/contract');
    await page.getByRole('heading', { name: 'Contracts' }).waitFor();
    const table = page.getByTestId('table-Contract');
    await table.locator('[role=row][data-row-id]').filter({ hasText: 'Steel supply' }).waitFor();
    await table.getByText('Code', { exact: true }).first().waitFor();

    const toolbar = page.getByRole('toolbar', { name: say('resource.toolbarOf', { title: 'Contracts' }), exact: true });
    await toolbar.getByRole('button', { name: say('resource.actions.add'), exact: true }).click();
    const modal = page.getByRole('dialog');
    await modal.getByText(say('resource.addTitle', { title: 'Contracts' })).waitFor();
    const save = () => modal.getByRole('button', { name: say('common.save'), exact: true }).click();
    // the document's pattern, checked by the console's own form: nothing is sent
    await modal.getByLabel('Code', { exact: true }).fill('X1');
    await modal.getByLabel('Name', { exact: true }).fill('Concrete delivery');
    const adds: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/addContract')) adds.push(r.url());
    });
    await save();
    const alert = modal.locator('[data-field="contractCode"] [role=alert]');
    await expect.poll(() => alert.count(), { timeout: 15_000 }).toBe(1);
    expect(await modal.locator('[data-field] [role=alert]').count(), 'no other field shows a message').toBe(1);
    expect(adds, 'no add call').toHaveLength(0);
    await modal.getByLabel('Code', { exact: true }).fill('C777');
    const response = await answerTo(page, '/addContract', save);
    expect(response.status(), await response.text()).toBe(200);
    await toast(page, say('resource.saved')).first().waitFor();
    await table.locator('[role=row][data-row-id]').filter({ hasText: 'Concrete delivery' }).waitFor();
    const stored = await admin.get<Envelope<PageData>>(`${CONTRACTS}/queryContract`, { contractCode: 'C777' });
    expect(stored.body.data!.list).toHaveLength(1);
    expect(stored.body.data!.list[0]).toMatchObject({ contractCode: 'C777', contractName: 'Concrete delivery' });
  });

  it('is not in the menu of a role it was not granted to', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'visitor' });
    await expect.poll(() => sidebarPaths(page), { timeout: 15_000 }).toContain('/workbench');
    expect(await sidebarPaths(page)).not.toContain('/contract');
  });
});
