/**
 * Stored cross-site scripting against the generic resource pages, generated from the registry:
 * for every page that shows a resource, script payloads are saved through the API in every
 * free-text field of the record the page lists first, then the page's list, the record's
 * detail drawer and its edit form are opened in Chromium. The payloads must show as text and
 * no script may run. A rich-text field (form widget `richText`) gets a payload that mixes
 * formatting with script: the detail drawer shows it sanitised, its formatting visible and
 * nothing that runs; its edit form shows it in the rich-text editor, and no script runs there
 * either. A new resource with a page is covered without writing a test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Resource } from '../../schemas/registry/types.ts';
import { signIn, spaNavigate, startE2E, DEMO_PASSWORD, type E2E } from './harness.ts';
import { signIn as apiSignIn } from '../api/harness.ts';
import { dataRows, dialog, drawer, registry, resourcePages, settled, table, TENANT, type Rec } from './resourceLocators.ts';

const PAYLOADS = [
  '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
  '"><script>window.__xss=(window.__xss||0)+1</script>',
  '<svg onload="window.__xss=(window.__xss||0)+1"></svg>',
];
const SHORT = '<img src=x onerror=alert(1)>';
/** The formatted text a rich-text field's payload carries, named after the resource. */
const richMark = (r: Resource) => `Rich ${r.name}`;
/** Formatting the detail drawer must show, around script it must not run. */
const richPayload = (r: Resource) =>
  `<p><strong>${richMark(r)}</strong> <em>text</em></p>${PAYLOADS.join('')}<a href="javascript:window.__xss=(window.__xss||0)+1">link</a>` +
  `<iframe srcdoc="<script>parent.__xss=(parent.__xss||0)+1</script>"></iframe><style>body{display:none}</style>`;

/** Fields other records point at (relation targets, tree keys and parents): changing them would break links, not test rendering. */
const linkFields = new Set(
  registry.resources.flatMap((r) => [
    ...Object.entries(r.relations).flatMap(([field, rel]) => [`${r.name}.${field}`, `${rel.resource}.${rel.valueField}`]),
    ...(r.list.tree ? [`${r.name}.${r.list.tree.keyField}`, `${r.name}.${r.list.tree.parentField}`] : []),
  ]),
);

/** Fields the platform acts on (routes, components, URLs, scopes, keys): a payload there tests the platform, not rendering. */
const OPERATIONAL = /(path|component|url|code|scope|key|icon|domain|type)$/i;

interface TextField {
  name: string;
  max: number;
  /** Rich text: its form widget is `richText` (shown sanitised in the detail drawer). */
  rich: boolean;
}

/** Free-text fields the edit form sends: strings without a pattern, format, enum or dictionary, and no link or operational fields. */
function textFields(r: Resource): TextField[] {
  return r.fields
    .filter((f) => !f.system && !f.secret && f.type === 'string' && r.form.edit.includes(f.name) && !r.form.readOnlyOnEdit.includes(f.name))
    .filter((f) => !linkFields.has(`${r.name}.${f.name}`) && !OPERATIONAL.test(f.name))
    .filter((f) => !f.schema.pattern && !f.schema.format && !f.schema.enum && !f.dict)
    .map((f) => ({ name: f.name, max: f.schema.maxLength ?? 10_000, rich: r.form.ui[f.name]?.widget === 'richText' }))
    .filter((f) => f.max >= (f.rich ? richPayload(r).length : SHORT.length));
}

/** The rich-text fields of the pages' edit forms whose resource has an update call to seed them with (each must be seeded). */
const richFields = resourcePages()
  .filter(({ resource: r }) => r.calls.some((c) => c.verb === 'update'))
  .flatMap(({ resource: r }) => textFields(r).filter((f) => f.rich).map((f) => `${r.name}.${f.name}`));

let e2e: E2E;
let token: string;
/** The payloads saved in each resource's plain text fields. */
const seeded = new Map<string, string[]>();
/** The rich-text fields seeded, by resource. */
const seededRich = new Map<string, string[]>();

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

/**
 * What in the detail could run script: outside rich-text views, markup of a payload (plain
 * fields show their payloads as text); inside them, script, frames, SVG, style, handlers and
 * javascript: links (the sanitised formatting, and an image without its handler, may stay).
 */
function runnable(root: Element): string[] {
  const out: string[] = [];
  const plain = root.cloneNode(true) as Element;
  for (const view of Array.from(plain.querySelectorAll('[data-testid="rich-text-view"]'))) view.remove();
  const markup = /<img src="x"|<script>window|<svg onload/.exec(plain.innerHTML);
  if (markup) out.push(`payload markup outside rich text: ${markup[0]}`);
  for (const view of Array.from(root.querySelectorAll('[data-testid="rich-text-view"]'))) {
    for (const el of Array.from(view.querySelectorAll('script, svg, iframe, style, object, embed, form'))) out.push(el.outerHTML.slice(0, 120));
    for (const el of Array.from(view.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        if (attr.name.toLowerCase().startsWith('on') || /^\s*javascript:/i.test(attr.value)) out.push(`${el.nodeName} ${attr.name}="${attr.value.slice(0, 60)}"`);
      }
    }
  }
  return out;
}

beforeAll(async () => {
  e2e = await startE2E();
  token = await apiSignIn(e2e.url, TENANT, 'admin', DEMO_PASSWORD);
  for (const { resource: r } of resourcePages()) {
    const fields = textFields(r);
    const record = await firstRecord(r);
    if (!fields.length || !record) continue;
    const body: Rec = { id: record.id };
    const values: string[] = [];
    const rich: string[] = [];
    fields.forEach((f, i) => {
      if (f.rich) {
        body[f.name] = richPayload(r);
        rich.push(f.name);
        return;
      }
      const payload = PAYLOADS[i % PAYLOADS.length]!;
      body[f.name] = payload.length <= f.max ? payload : SHORT;
      values.push(body[f.name] as string);
    });
    const answer = await call(`/api/${r.service}/${r.path}/update${r.name}`, { method: 'PUT', body });
    expect(answer.status, `${r.name}: ${JSON.stringify(answer)}`).toBe(200);
    seeded.set(r.name, values);
    if (rich.length) seededRich.set(r.name, rich);
  }
});

afterAll(async () => {
  await e2e?.close();
});

describe('stored script payloads on the resource pages', () => {
  it('seeds a payload on every page that has a free-text field', () => {
    expect([...seeded.keys()].length).toBeGreaterThanOrEqual(8);
  });

  it('seeds every rich-text field of a page', () => {
    expect(richFields.length, 'the registry has rich-text fields to try').toBeGreaterThan(0);
    expect([...seededRich].flatMap(([name, fields]) => fields.map((f) => `${name}.${f}`)).sort()).toEqual([...richFields].sort());
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
      if (values.length) expect(values.some((v) => detailText.includes(v)), `${r.name} detail shows a payload as text`).toBe(true);
      const rich = seededRich.get(r.name) ?? [];
      // Rich text shows its formatting, sanitised: one view per seeded field, the marked text in bold.
      expect(await detail.getByTestId('rich-text-view').count(), `${r.name} rich-text views`).toBe(rich.length);
      if (rich.length) expect(await detail.getByTestId('rich-text-view').locator('strong').filter({ hasText: richMark(r) }).count()).toBe(rich.length);
      expect(await detail.evaluate(runnable), `${r.name} detail`).toEqual([]);
      await page.waitForTimeout(rich.length ? 300 : 0);
      await noScriptRan(page);
      await side.getByRole('button', { name: 'Close' }).click();
      await side.waitFor({ state: 'hidden' });

      await first.getByRole('button', { name: 'Edit' }).click();
      const modal = dialog(page);
      await modal.locator('form').waitFor();
      const inputs = await modal.locator('input, textarea').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
      if (values.length) expect(values.some((v) => inputs.includes(v)), `${r.name} edit form holds a payload as a value`).toBe(true);
      for (const name of rich) {
        // The rich-text editor shows the formatted text, and runs nothing in its editing area either.
        const editor = modal.locator(`[data-field="${name}"] [data-testid="rich-text-editor"][data-ready="true"]`);
        await editor.waitFor({ timeout: 30_000 });
        const area = await (await editor.locator('iframe').elementHandle())!.contentFrame();
        await expect.poll(() => area!.locator('strong').first().textContent(), { message: `${r.name}.${name} in the editor` }).toBe(richMark(r));
        await page.waitForTimeout(300);
        expect(await area!.evaluate(() => (window as unknown as { __xss?: number }).__xss), `${r.name}.${name}: the editing area`).toBeUndefined();
      }
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
