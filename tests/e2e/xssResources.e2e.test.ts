/**
 * Stored cross-site scripting against the generic resource pages, generated from the registry:
 * for every page that shows a resource, script payloads are saved through the API in every
 * free-text field of the record the page lists first, then the page's list, the record's
 * detail drawer and its edit form are opened in Chromium. The payloads must show as text and
 * no script may run. A new resource with a page is covered without writing a test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Resource } from '../../schemas/registry/types.ts';
import { signIn, spaNavigate, startE2E, DEMO_PASSWORD, type E2E } from './harness.ts';
import { dataRows, dialog, drawer, registry, resourcePages, settled, table, TENANT, type Rec } from './resourceLocators.ts';

const PAYLOADS = [
  '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
  '"><script>window.__xss=(window.__xss||0)+1</script>',
  '<svg onload="window.__xss=(window.__xss||0)+1"></svg>',
];
const SHORT = '<img src=x onerror=alert(1)>';

/** Fields other records point at (relation targets, tree keys and parents): changing them would break links, not test rendering. */
const linkFields = new Set(
  registry.resources.flatMap((r) => [
    ...Object.entries(r.relations).flatMap(([field, rel]) => [`${r.name}.${field}`, `${rel.resource}.${rel.valueField}`]),
    ...(r.list.tree ? [`${r.name}.${r.list.tree.keyField}`, `${r.name}.${r.list.tree.parentField}`] : []),
  ]),
);

/** Fields the platform acts on (routes, components, URLs, scopes, keys): a payload there tests the platform, not rendering. */
const OPERATIONAL = /(path|component|url|code|scope|key|icon|domain|type)$/i;

/** Free-text fields the edit form sends: strings without a pattern, format, enum or dictionary, and no link or operational fields. */
function textFields(r: Resource): { name: string; max: number }[] {
  return r.fields
    .filter((f) => !f.system && !f.secret && f.type === 'string' && r.form.edit.includes(f.name) && !r.form.readOnlyOnEdit.includes(f.name))
    .filter((f) => !linkFields.has(`${r.name}.${f.name}`) && !OPERATIONAL.test(f.name))
    .filter((f) => !f.schema.pattern && !f.schema.format && !f.schema.enum && !f.dict)
    .map((f) => ({ name: f.name, max: f.schema.maxLength ?? 10_000 }))
    .filter((f) => f.max >= SHORT.length);
}

let e2e: E2E;
let token: string;
const seeded = new Map<string, string[]>();

async function call(path: string, init: { method: string; body?: unknown } = { method: 'GET' }): Promise<Rec> {
  const res = await fetch(e2e.url + path, {
    method: init.method,
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return (await res.json()) as Rec;
}

/** The record the page shows first: the first root of a tree, else the first row of page 1. */
async function firstRecord(r: Resource): Promise<Rec | undefined> {
  const base = `/api/${r.service}/${r.path}`;
  if (r.list.tree) {
    const answer = await call(`${base}/query${r.name}Tree`);
    return (answer.data as Rec[] | undefined)?.[0];
  }
  const answer = await call(`${base}/query${r.name}?currentPage=1&pageSize=${r.list.pageSize}`);
  return (answer.data as { list: Rec[] } | undefined)?.list[0];
}

async function noScriptRan(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

beforeAll(async () => {
  e2e = await startE2E();
  const qs = new URLSearchParams({ username: 'admin', password: DEMO_PASSWORD, tenantCode: TENANT, grant_type: 'password', scope: 'ui', client_id: 'browser', type: 'account' });
  const res = await fetch(`${e2e.url}/api/uaa/oauth/token?${qs}`, { method: 'POST', headers: { authorization: 'Basic YnJvd3Nlcjo=', 'content-type': 'application/x-www-form-urlencoded' } });
  token = ((await res.json()) as { access_token: string }).access_token;
  for (const { resource: r } of resourcePages()) {
    const fields = textFields(r);
    const record = await firstRecord(r);
    if (!fields.length || !record) continue;
    const body: Rec = { id: record.id };
    const values: string[] = [];
    fields.forEach((f, i) => {
      const payload = PAYLOADS[i % PAYLOADS.length]!;
      body[f.name] = payload.length <= f.max ? payload : SHORT;
      values.push(body[f.name] as string);
    });
    const answer = await call(`/api/${r.service}/${r.path}/update${r.name}`, { method: 'PUT', body });
    expect(answer.status, `${r.name}: ${JSON.stringify(answer)}`).toBe(200);
    seeded.set(r.name, values);
  }
});

afterAll(async () => {
  await e2e?.close();
});

describe('stored script payloads on the resource pages', () => {
  it('seeds a payload on every page that has a free-text field', () => {
    expect([...seeded.keys()].length).toBeGreaterThanOrEqual(8);
  });

  it('render as text in every list, detail drawer and edit form, and no script runs', async () => {
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signIn(page, { username: 'admin' });
    for (const { resource: r, path } of resourcePages()) {
      const values = seeded.get(r.name);
      if (!values) continue;
      await spaNavigate(page, path);
      await settled(page, r);
      const first = dataRows(page, r).first();
      await first.waitFor();
      await noScriptRan(page);
      // The list shows the stored text literally wherever it shows one of the fields.
      const html = await table(page, r).innerHTML();
      expect(html, r.name).not.toMatch(/<img src="x"|<script>window|<svg onload/);

      await first.getByRole('button', { name: 'Detail' }).click();
      const side = drawer(page);
      const detail = side.getByTestId('resource-detail');
      await detail.waitFor();
      const detailText = await detail.innerText();
      expect(values.some((v) => detailText.includes(v)), `${r.name} detail shows a payload as text`).toBe(true);
      expect(await detail.innerHTML()).not.toMatch(/<img src="x"|<script>window|<svg onload/);
      await noScriptRan(page);
      await side.getByRole('button', { name: 'Close' }).click();
      await side.waitFor({ state: 'hidden' });

      await first.getByRole('button', { name: 'Edit' }).click();
      const modal = dialog(page);
      await modal.locator('form').waitFor();
      const inputs = await modal.locator('input, textarea').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
      expect(values.some((v) => inputs.includes(v)), `${r.name} edit form holds a payload as a value`).toBe(true);
      await noScriptRan(page);
      // Cancel once the opening animation is over (a click during it can be lost).
      await expect.poll(() => modal.getAttribute('class')).not.toMatch(/ant-zoom/);
      await modal.getByRole('button', { name: 'Cancel' }).click();
      // An unchanged form closes without asking to discard anything.
      await expect.poll(() => page.locator('.ant-modal:visible').count(), { message: `${r.name} edit form closes on Cancel` }).toBe(0);
    }
    await noScriptRan(page);
    expect(dialogs).toEqual([]);
  });
});
