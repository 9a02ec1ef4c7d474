/**
 * Rich text in Chromium, on the page of tests/e2e/fixtures/richText (built with Vite here, no
 * dist/ needed): a test-only resource whose `content` field uses the `richText` widget, in
 * its record form (in a dialog whose OK button submits it), its detail drawer and its cells.
 *
 * The editor (TinyMCE) loads only when the form shows, entirely from the page's own server;
 * typing and formatting send the HTML; required and maxLength are checked on the HTML; the
 * menu bar has the six menus; full screen toggles; the editor's language follows the page's;
 * the image dialog's upload tab embeds a small PNG and refuses a big one with a message; the
 * editor is read-only in a view form and when the form is disabled. Stored script payloads
 * show sanitised in the detail drawer (formatting visible, nothing run) and as plain text in
 * list and print cells, and the sanitiser's payload list (tests/unit/runtime/richTextPayloads.ts)
 * passes in the browser's own parser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildFixturePage } from '../../bench/fixturePages.ts';
import { startFixturePages, type FixturePages } from './harness.ts';
import { missing, PAYLOADS, PNG_DATA_URL, problems } from '../unit/runtime/richTextPayloads.ts';

let fixture: FixturePages;
let browser: Browser;

beforeAll(async () => {
  fixture = await startFixturePages(() => buildFixturePage(join(import.meta.dirname, 'fixtures/richText'), 'rich-text-'));
  browser = fixture.browser;
});
afterAll(async () => {
  await fixture?.close();
});

const FIELD_ID = 'rich_content';
const RUN = 'window.__xss=(window.__xss||0)+1';
const PNG_BYTES = Buffer.from(PNG_DATA_URL.slice(PNG_DATA_URL.indexOf(',') + 1), 'base64');

interface Opened {
  page: Page;
  /** Every URL the page asked for, in order. */
  requests: string[];
  errors: string[];
  dialogs: string[];
}

async function open(lang = 'en', viewport = { width: 1280, height: 900 }): Promise<Opened> {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  const requests: string[] = [];
  const errors: string[] = [];
  const dialogs: string[] = [];
  // Nothing leaves the machine: requests elsewhere are recorded, then refused.
  await context.route('**/*', (route) => (route.request().url().startsWith(fixture.url) ? route.continue() : route.abort()));
  const page = await context.newPage();
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`${fixture.url}/?lang=${lang}`);
  await page.waitForFunction(() => window.__rich?.ready === true);
  return { page, requests, errors, dialogs };
}

/** The editor of the content field, once it is ready. */
async function editorReady(page: Page) {
  const editor = page.locator('[data-testid="rich-text-editor"][data-ready="true"]');
  await editor.waitFor({ timeout: 30_000 });
  return editor;
}

function body(page: Page) {
  return page.frameLocator(`#${FIELD_ID}_ifr`).locator('body');
}

function errorsOf(page: Page, field: string) {
  return page.locator(`.resource-form-item[data-field="${field}"] .resource-form-errors`);
}

async function submit(page: Page): Promise<void> {
  await page.locator('.ant-modal-footer').getByRole('button', { name: 'OK' }).click();
}

const submitted = (page: Page) => page.evaluate(() => window.__rich.submitted);

/** What the editor holds (TinyMCE's API: the test reads, the user typed). */
function editorContent(page: Page): Promise<string> {
  return page.evaluate(
    (id) => (window as unknown as { tinymce: { get(id: string): { getContent(): string } } }).tinymce.get(id).getContent(),
    FIELD_ID,
  );
}

async function menuBar(page: Page): Promise<string[]> {
  return page.locator('.tox-menubar .tox-mbtn__select-label').allInnerTexts();
}

async function noScriptRan(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

describe('rich-text editor', () => {
  it('loads only when a form with a rich-text field shows, all from the page\u2019s own server', async () => {
    const { page, requests, errors } = await open();
    await page.waitForLoadState('networkidle');
    expect(requests.filter((u) => /tinymce/i.test(u))).toEqual([]);
    // TinyMCE sets its global when its code runs.
    expect(await page.evaluate(() => 'tinymce' in window)).toBe(false);
    await page.evaluate(() => window.__rich.showForm());
    await editorReady(page);
    expect(requests.some((u) => /\/assets\/TinymceEditor-[\w-]+\.js$/.test(u))).toBe(true);
    // No CDN, no licence server, no plugin, skin, icon or language file fetched by TinyMCE itself.
    expect(requests.filter((u) => !u.startsWith(fixture.url))).toEqual([]);
    expect(requests.filter((u) => /\/(plugins|skins|themes|models|icons|langs)\//.test(u))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('has the six menus, a toolbar, and names its editing area after the field', async () => {
    const { page } = await open();
    await page.evaluate(() => window.__rich.showForm());
    const editor = await editorReady(page);
    expect(await menuBar(page)).toEqual(['File', 'Edit', 'Insert', 'View', 'Format', 'Table']);
    for (const name of ['Bold', 'Italic', 'Bullet list', 'Insert/edit link', 'Insert/edit image', 'Table', 'Fullscreen', 'Source code']) {
      expect(await editor.locator('.tox-editor-header').getByRole('button', { name, exact: true }).count(), name).toBeGreaterThan(0);
    }
    expect(await page.locator(`#${FIELD_ID}_ifr`).getAttribute('title')).toBe('Content');
    expect(await body(page).getAttribute('aria-label')).toBe('Content');
    // The field's label focuses the editor.
    await page.locator(`label[for="${FIELD_ID}"]`).click();
    await expect
      .poll(() =>
        page.evaluate(
          (id) => (window as unknown as { tinymce: { get(id: string): { hasFocus(): boolean } } }).tinymce.get(id).hasFocus(),
          FIELD_ID,
        ),
      )
      .toBe(true);
  });

  it('sends what is typed as HTML, checks required and maxLength on it, and does not restart while typing', async () => {
    const { page } = await open();
    await page.evaluate(() => window.__rich.showForm());
    await editorReady(page);
    await submit(page);
    await expect.poll(() => errorsOf(page, 'content').textContent()).toBe('Please enter Content');
    await expect.poll(() => page.locator('.rich-text-editor-error').count()).toBe(1);
    await page.evaluate((id) => {
      (document.getElementById(`${id}_ifr`) as HTMLIFrameElement & { __mark?: boolean }).__mark = true;
    }, FIELD_ID);

    // Too long: the HTML's length is checked, as the server checks it (4000 x's are 4007 characters as a paragraph).
    await body(page).click();
    await page.keyboard.insertText('x'.repeat(4000));
    await expect.poll(() => errorsOf(page, 'content').textContent()).toBe('Content must be at most 4000 characters');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    await expect.poll(() => errorsOf(page, 'content').textContent()).toBe('Please enter Content');

    await page.keyboard.type('Hello ', { delay: 10 });
    await page.keyboard.press('Control+b');
    await page.keyboard.type('world', { delay: 10 });
    await page.keyboard.press('Control+b');
    await expect.poll(() => errorsOf(page, 'content').count()).toBe(0);
    expect(await page.locator('.rich-text-editor-error').count()).toBe(0);
    // The same editing area throughout: typing re-rendered the form, not the editor.
    expect(
      await page.evaluate((id) => (document.getElementById(`${id}_ifr`) as HTMLIFrameElement & { __mark?: boolean }).__mark, FIELD_ID),
    ).toBe(true);

    await page.getByLabel('Title').fill('Greeting');
    await submit(page);
    await expect.poll(() => submitted(page).then((s) => s.length)).toBe(1);
    expect((await submitted(page))[0]).toEqual({ title: 'Greeting', content: '<p>Hello <strong>world</strong></p>' });
  });

  it('toggles full screen', async () => {
    const { page } = await open();
    await page.evaluate(() => window.__rich.showForm());
    const editor = await editorReady(page);
    const container = page.locator('.tox-tinymce');
    const normal = (await container.boundingBox())!;
    expect(normal.width).toBeLessThan(1000);
    await editor.getByRole('button', { name: 'Fullscreen', exact: true }).click();
    await expect.poll(() => page.locator('.tox-tinymce.tox-fullscreen').count()).toBe(1);
    const full = (await container.boundingBox())!;
    expect(full.width).toBeGreaterThanOrEqual(1270);
    expect(full.height).toBeGreaterThanOrEqual(890);
    await page.getByRole('button', { name: 'Fullscreen', exact: true }).click();
    await expect.poll(() => page.locator('.tox-fullscreen').count()).toBe(0);
    expect((await container.boundingBox())!.width).toBeLessThan(1000);
  });

  it('follows the page\u2019s language, keeping the text', async () => {
    const { page, requests } = await open();
    await page.evaluate(() => window.__rich.showForm());
    await editorReady(page);
    await body(page).click();
    await page.keyboard.type('Kept text', { delay: 10 });
    expect(await menuBar(page)).toContain('File');

    await page.evaluate(() => window.__rich.setLanguage('zh'));
    await expect.poll(() => menuBar(page), { timeout: 30_000 }).toEqual(['文件', '编辑', '插入', '查看', '格式', '表格']);
    await editorReady(page);
    expect(await body(page).innerText()).toContain('Kept text');
    expect(await page.locator(`label[for="${FIELD_ID}"]`).textContent()).toBe('内容');
    expect(await body(page).getAttribute('aria-label')).toBe('内容');

    await page.evaluate(() => window.__rich.setLanguage('tw'));
    await expect.poll(() => menuBar(page), { timeout: 30_000 }).toContain('編輯');
    await editorReady(page);
    expect(await body(page).innerText()).toContain('Kept text');
    expect(requests.filter((u) => !u.startsWith(fixture.url))).toEqual([]);

    // Opened in Chinese: the editor starts in Chinese.
    const zh = await open('zh');
    await zh.page.evaluate(() => window.__rich.showForm());
    await editorReady(zh.page);
    expect(await menuBar(zh.page)).toEqual(['文件', '编辑', '插入', '查看', '格式', '表格']);
  });

  it('embeds a small image picked in the image dialog\u2019s upload tab as a data: URL', async () => {
    const { page } = await open();
    await page.evaluate(() => window.__rich.showForm());
    const editor = await editorReady(page);
    await page.getByLabel('Title').fill('With image');
    await body(page).click();
    await page.keyboard.type('Picture: ', { delay: 10 });
    await editor.getByRole('button', { name: 'Insert/edit image', exact: true }).click();
    const dialog = page.locator('.tox-dialog');
    await dialog.getByRole('tab', { name: 'Upload' }).click();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG_BYTES });
    // Embedded: the dialog goes back to its first tab with the data: URL as the source.
    const source = dialog.getByLabel('Source', { exact: false }).first();
    await expect.poll(() => source.inputValue(), { timeout: 15_000 }).toBe(PNG_DATA_URL);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.locator('.tox-dialog').count()).toBe(0);
    await expect.poll(() => editorContent(page)).toContain(`<img src="${PNG_DATA_URL}"`);
    await submit(page);
    await expect.poll(() => submitted(page).then((s) => s.length)).toBe(1);
    const sent = (await submitted(page))[0]!;
    expect(sent.content).toMatch(new RegExp(`^<p>Picture: <img src="${PNG_DATA_URL.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"[^>]*></p>$`));
  });

  it('refuses an image over the size limit with a message, and embeds nothing', async () => {
    const { page } = await open();
    await page.evaluate(() => window.__rich.showForm());
    const editor = await editorReady(page);
    await editor.getByRole('button', { name: 'Insert/edit image', exact: true }).click();
    const dialog = page.locator('.tox-dialog').first();
    await dialog.getByRole('tab', { name: 'Upload' }).click();
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(300 * 1024 - PNG_BYTES.length)]);
    await dialog.locator('input[type=file]').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
    const alert = page.locator('.tox-dialog').filter({ hasText: 'The image is 300 KB: only images of at most 256 KB can be embedded.' });
    await alert.waitFor({ timeout: 15_000 });
    await alert.getByRole('button', { name: 'OK', exact: true }).click();
    await page.locator('.tox-dialog').getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => page.locator('.tox-dialog').count()).toBe(0);
    expect(await editorContent(page)).not.toContain('<img');
  });

  it('is read-only in a view form and when the form is disabled; a stored value shows in the editor', async () => {
    const { page } = await open();
    const initial = { id: 3, title: 'Stored', content: '<p>stored <em>text</em></p>' };
    const typingChangesNothing = async () => {
      await body(page).click({ force: true });
      await page.keyboard.type('zzz', { delay: 10 });
      expect(await editorContent(page)).toBe(initial.content);
    };
    await page.evaluate((record) => window.__rich.showForm({ mode: 'view', initial: record }), initial);
    await editorReady(page);
    expect(
      await page.evaluate(
        (id) => (window as unknown as { tinymce: { get(id: string): { mode: { get(): string } } } }).tinymce.get(id).mode.get(),
        FIELD_ID,
      ),
    ).toBe('readonly');
    expect(await body(page).locator('em').textContent()).toBe('text');
    await typingChangesNothing();

    // a new form: read its editor once the view form's editor (ready, the same content) has gone
    const viewEditor = await page.locator('[data-testid="rich-text-editor"]').elementHandle();
    await page.evaluate((record) => window.__rich.showForm({ mode: 'edit', initial: record, disabled: true }), initial);
    await viewEditor?.waitForElementState('hidden');
    await editorReady(page);
    await expect.poll(() => body(page).locator('em').count(), { timeout: 30_000 }).toBe(1);
    expect(await body(page).getAttribute('contenteditable')).toBe('false');
    await typingChangesNothing();

    await page.evaluate((record) => window.__rich.showForm({ mode: 'edit', initial: record }), initial);
    await expect.poll(() => body(page).getAttribute('contenteditable'), { timeout: 30_000 }).toBe('true');
    await body(page).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' more', { delay: 10 });
    await submit(page);
    await expect.poll(() => submitted(page).then((s) => s.length)).toBe(1);
    expect((await submitted(page))[0]).toMatchObject({ content: '<p>stored <em>text more</em></p>' });
  });

  it('runs no script of a stored payload it edits', async () => {
    const { page, dialogs } = await open();
    const content = `<p>payload</p><img src=x onerror="${RUN}"><svg onload="${RUN}"></svg><script>${RUN}</script><iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`;
    await page.evaluate((c) => window.__rich.showForm({ mode: 'edit', initial: { id: 1, title: 'x', content: c } }), content);
    await editorReady(page);
    await expect.poll(() => body(page).innerText()).toContain('payload');
    await page.waitForTimeout(500);
    await noScriptRan(page);
    const frame = await (await page.locator(`#${FIELD_ID}_ifr`).elementHandle())!.contentFrame();
    expect(await frame!.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
});

describe('rich text shown', () => {
  const detailPayload =
    `<p><strong>Bold part</strong> and <em>italic</em></p><ul><li>item one</li></ul>` +
    `<a href="https://example.com/x" target="_self">a link</a><a href="javascript:${RUN}">js link</a>` +
    `<img src="${PNG_DATA_URL}" alt="dot"><img src=x onerror="${RUN}"><svg onload="${RUN}"></svg>` +
    `<script>${RUN}</script><iframe srcdoc="<script>parent.__xss=1</script>"></iframe><style>body{display:none}</style>` +
    `<table><tbody><tr><td>cell</td></tr></tbody></table><p style="position:fixed;top:0;color:red">styled</p>`;

  it('the detail drawer shows stored rich text sanitised: formatting visible, no script run', async () => {
    const { page, dialogs, errors } = await open();
    await page.evaluate((content) => window.__rich.showDetail({ id: 7, title: 'Payload', content }), detailPayload);
    const view = page.getByTestId('resource-detail').getByTestId('rich-text-view');
    await view.waitFor();
    await page.waitForTimeout(500);
    await noScriptRan(page);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    expect(await view.locator('strong').textContent()).toBe('Bold part');
    expect(await view.locator('em').textContent()).toBe('italic');
    expect(await view.locator('li').textContent()).toBe('item one');
    expect(await view.locator('td').textContent()).toBe('cell');
    const link = view.getByRole('link', { name: 'a link' });
    expect(await link.getAttribute('href')).toBe('https://example.com/x');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await view.getByText('js link').getAttribute('href')).toBeNull();
    // The embedded image shows.
    await expect.poll(() => view.locator('img[alt="dot"]').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    expect(await view.getByText('styled').getAttribute('style')).toBe('color: red');
    const html = await view.innerHTML();
    expect(html).not.toMatch(/onerror|onload|<script|<iframe|<style|<svg|javascript:|position/i);
    expect(problems(html)).toEqual([]);
    // The title, a plain field, shows as text.
    expect(await page.getByTestId('resource-detail').innerText()).toContain('Payload');
  });

  it('list and print cells show the plain text of rich text', async () => {
    const { page, dialogs } = await open();
    await page.evaluate((content) => window.__rich.showCells({ id: 7, title: '<b>not bold</b>', content }), detailPayload);
    const row = page.locator('tr[data-field="content"]');
    await row.waitFor();
    await page.waitForTimeout(300);
    await noScriptRan(page);
    expect(dialogs).toEqual([]);
    const expected = 'Bold part and italic item one a linkjs link cell styled';
    for (const cell of [row.getByTestId('list-cell'), row.getByTestId('print-cell')]) {
      expect(await cell.textContent()).toBe(expected);
      expect(await cell.evaluate((td) => td.children.length)).toBe(0);
    }
    // A field that is not rich text shows its text as it is.
    expect(await page.locator('tr[data-field="title"]').getByTestId('list-cell').textContent()).toBe('<b>not bold</b>');
  });

  it('the sanitiser passes the payload list in Chromium, and what it keeps runs nothing on the page', async () => {
    const { page, dialogs } = await open();
    for (const payload of PAYLOADS) {
      const out = await page.evaluate((html) => window.__rich.sanitize(html), payload.html);
      expect(problems(out), `${payload.name}: ${out}`).toEqual([]);
      expect(missing(payload, out), `${payload.name}: ${out}`).toEqual([]);
      expect(await page.evaluate((html) => window.__rich.sanitize(html), out), `${payload.name}: stable`).toBe(out);
      await page.evaluate((html) => {
        const box = document.createElement('div');
        box.innerHTML = html;
        document.body.appendChild(box);
      }, out);
    }
    await page.waitForTimeout(500);
    await noScriptRan(page);
    expect(dialogs).toEqual([]);
  });
});
