/**
 * The component demo pages at work, in Chromium, signed in as the administrator with the
 * development mock API on: the drag and drop pages move what is dragged, the split pane
 * resizes, the editors edit (Monaco, TinyMCE), the uploads show what was chosen, the zip is a
 * real zip, the PDF page prints the article, the theme colour survives a reload, the language
 * switch changes the texts and the tour walks the layout.
 */
import JSZip from 'jszip';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';

import { downloadOf, signIn, spaNavigate, startE2E, type E2E } from './harness.ts';
import { cardTitle, here, say } from './demoSteps.ts';

let e2e: E2E;
let page: Page;
const errors: string[] = [];
const TIMEOUT = { timeout: 20_000 };
const en = (key: string, values: Record<string, string | number> = {}) => say('en', key, values);

beforeAll(async () => {
  e2e = await startE2E({ env: { MOCK_API: '1' } });
  page = await e2e.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, { username: 'admin' });
});
afterAll(async () => {
  await e2e?.close();
});

async function open(path: string, titleKey: string): Promise<void> {
  await spaNavigate(page, path);
  await cardTitle(page, en(titleKey)).waitFor(TIMEOUT);
}

/** Drags with the mouse from the centre of one element to the centre of another, in steps. */
async function drag(from: Locator, to: Locator, offset = { x: 0, y: 0 }): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2 + offset.x, b.y + b.height / 2 + offset.y, { steps: 20 });
  await page.mouse.move(b.x + b.width / 2 + offset.x, b.y + b.height / 2 + offset.y + 2, { steps: 2 });
  await page.mouse.up();
}

/**
 * Presses the mouse on an element (at `at`, fractions of its width and height from its top left
 * corner) and moves it by `by`, in steps, then releases it.
 */
async function dragBy(handle: Locator, by: { x: number; y: number }, at = { x: 0.5, y: 0.5 }): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const box = (await handle.boundingBox())!;
  const x = box.x + box.width * at.x;
  const y = box.y + box.height * at.y;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + by.x / 10, y + by.y / 10, { steps: 3 });
  await page.mouse.move(x + by.x, y + by.y, { steps: 15 });
  await page.mouse.up();
}

const listTexts = (list: Locator) => list.locator('.demo-board-item').allInnerTexts();

describe('drag and drop', () => {
  it('dnd-list: an article dragged into the other list moves there', async () => {
    await open('/components/dnd-list', 'demo.dnd.title');
    const first = here(page).locator('[data-list="first"]');
    const second = here(page).locator('[data-list="second"]');
    const article = (n: number) => en('demo.dnd.article', { n });
    expect(await listTexts(first)).toEqual([1, 2, 3, 4, 5].map(article));
    await drag(first.getByText(article(2), { exact: true }), second.getByText(article(7), { exact: true }));
    await expect.poll(() => listTexts(second), TIMEOUT).toContain(article(2));
    expect(await listTexts(first)).toEqual([1, 3, 4, 5].map(article));
    expect((await listTexts(second)).length).toBe(4);
  });

  it('drag-kanban: a task dragged to another column moves there', async () => {
    await open('/components/drag-kanban', 'demo.kanban.title');
    const todo = here(page).locator('[data-list="todo"]');
    const done = here(page).locator('[data-list="done"]');
    const task = en('demo.kanban.tasks.1');
    await drag(todo.getByText(task, { exact: true }), done.locator('.demo-board-item').last(), { x: 0, y: 20 });
    await expect.poll(() => listTexts(done), TIMEOUT).toContain(task);
    expect(await listTexts(todo)).not.toContain(task);
  });

  it('drag-select: the chosen values are put in order by dragging', async () => {
    await open('/components/drag-select', 'demo.dragSelect.title');
    const value = here(page).getByTestId('drag-select-value');
    await value.getByText(en('demo.dragSelect.value', { value: 'Apple, Banana, Orange' })).waitFor(TIMEOUT);
    const tag = (v: string) => here(page).locator(`.demo-drag-tag[data-value="${v}"]`);
    await drag(tag('Apple'), tag('Orange'), { x: 10, y: 0 });
    await value.getByText(en('demo.dragSelect.value', { value: 'Banana, Orange, Apple' })).waitFor(TIMEOUT);
  });

  it('drag-dialog: the dialog moves with its title', async () => {
    await open('/components/drag-dialog', 'demo.dragDialog.title');
    await here(page)
      .getByRole('button', { name: en('demo.dragDialog.open') })
      .click();
    const dialog = page.getByTestId('drag-dialog');
    const handle = page.getByTestId('drag-dialog-handle');
    await handle.waitFor(TIMEOUT);
    await expect.poll(async () => (await page.locator('.ant-modal:visible').getAttribute('class')) ?? '').not.toMatch(/ant-zoom/);
    const before = (await dialog.boundingBox())!;
    const h = (await handle.boundingBox())!;
    await page.mouse.move(h.x + 20, h.y + h.height / 2);
    await page.mouse.down();
    await page.mouse.move(h.x + 80, h.y + 40, { steps: 10 });
    await page.mouse.move(h.x + 170, h.y + h.height / 2 + 60, { steps: 10 });
    await page.mouse.up();
    await expect.poll(async () => Math.round((await dialog.boundingBox())!.x - before.x), TIMEOUT).toBe(150);
    expect(Math.round((await dialog.boundingBox())!.y - before.y)).toBe(60);
    await page.keyboard.press('Escape');
    await here(page)
      .getByTestId('drag-dialog-offset')
      .getByText(en('demo.dragDialog.offset', { x: 150, y: 60 }))
      .waitFor(TIMEOUT);
  });

  it('split-pane: shows the panes side by side and one above the other; dragging a bar resizes the panes on both sides', async () => {
    await open('/components/split-pane', 'demo.splitPane.title');
    const left = here(page).getByTestId('split-left');
    await left.getByText(en('demo.splitPane.left', { percent: 30 })).waitFor(TIMEOUT);
    await here(page).getByText(en('demo.splitPane.top')).waitFor(TIMEOUT);
    await here(page).getByText(en('demo.splitPane.bottom')).waitFor(TIMEOUT);
    expect(await here(page).locator('.ant-splitter-bar-dragger').count()).toBe(2);
    const card = (await here(page).locator('.demo-split').boundingBox())!;
    expect(Math.round(((await left.boundingBox())!.width / card.width) * 100)).toBe(30);

    // dragging the upright bar to the right widens the left pane and narrows the right one by as much
    const width = async (l: Locator) => (await l.boundingBox())!.width;
    const height = async (l: Locator) => (await l.boundingBox())!.height;
    const right = here(page).locator('.demo-split > .ant-splitter-panel').nth(1);
    const [leftBefore, rightBefore] = [await width(left), await width(right)];
    const bars = here(page).locator('.ant-splitter-bar-dragger');
    // pressed a quarter of the way down: at half height the level bar of the right pane crosses it
    await dragBy(bars.first(), { x: 200, y: 0 }, { x: 0.5, y: 0.25 });
    await expect.poll(() => width(left), TIMEOUT).toBeGreaterThan(leftBefore + 150);
    const grown = (await width(left)) - leftBefore;
    expect(grown).toBeLessThan(250);
    expect(Math.abs(rightBefore - (await width(right)) - grown)).toBeLessThan(3);
    // the page tells the new share, as the splitter reported it at the end of the drag
    const share = Math.round(((await width(left)) / ((await width(left)) + (await width(right)))) * 100);
    await expect.poll(() => left.innerText(), TIMEOUT).toMatch(new RegExp(`\\b(${share - 1}|${share}|${share + 1})%`));
    expect(share).toBeGreaterThan(30);

    // the level bar between the top and bottom panes moves up: the top one is shorter, the bottom taller
    const top = here(page).locator('.demo-split-top');
    const bottom = here(page).locator('.demo-split-bottom');
    const [topBefore, bottomBefore] = [await height(top), await height(bottom)];
    await dragBy(bars.nth(1), { x: 0, y: -80 });
    await expect.poll(() => height(top), TIMEOUT).toBeLessThan(topBefore - 50);
    const shrunk = topBefore - (await height(top));
    expect(Math.abs((await height(bottom)) - bottomBefore - shrunk)).toBeLessThan(3);
  });
});

describe('editors and uploads', () => {
  it('json-editor: Monaco edits the JSON and the page says whether it is valid', async () => {
    await open('/components/json-editor', 'demo.jsonEditor.title');
    const state = here(page).getByTestId('json-state');
    await state.getByText(en('demo.jsonEditor.valid', { count: 2 })).waitFor(TIMEOUT);
    await here(page).locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText('{"a": 1, "b": 2, "c": ');
    await state.locator('.ant-alert-error').waitFor(TIMEOUT);
    // a text without brackets or quotes (the editor closes those as they are typed)
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText('42');
    await expect.poll(() => state.innerText(), TIMEOUT).toBe(en('demo.jsonEditor.valid', { count: 0 }));
  });

  it('tinymce: what is typed in the editor shows in the preview', async () => {
    await open('/components/tinymce', 'demo.tinymce.title');
    const body = here(page).frameLocator('.tox-edit-area iframe').locator('body');
    await body.waitFor(TIMEOUT);
    await body.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' Typed in Chromium');
    await here(page).locator('.demo-tinymce-preview').getByText('Typed in Chromium', { exact: false }).waitFor(TIMEOUT);
  });

  it('mixin: the buttons, the input and the share menu answer', async () => {
    await spaNavigate(page, '/components/mixin');
    await here(page)
      .getByRole('button', { name: en('demo.mixin.click') })
      .click();
    await here(page)
      .getByText(en('demo.mixin.clicked', { count: 1 }))
      .waitFor(TIMEOUT);
    await here(page).getByLabel(en('demo.mixin.name')).fill('Ada');
    await here(page)
      .getByText(en('demo.mixin.hello', { name: 'Ada' }))
      .waitFor(TIMEOUT);
    await here(page)
      .getByRole('button', { name: en('demo.mixin.shareTo') })
      .hover();
    await page.getByRole('menuitem', { name: 'Weibo' }).click();
    await here(page)
      .getByText(en('demo.mixin.shared', { platform: 'Weibo' }))
      .waitFor(TIMEOUT);
    await here(page)
      .getByText(en('demo.mixin.width', { width: 1400 }))
      .waitFor(TIMEOUT);
  });

  // a 2 by 1 PNG: a red and a blue pixel
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAEElEQVR4nGP4z8DAwMDAAAAJ/wH/8uXPGgAAAABJRU5ErkJggg==', 'base64');

  it('dropzone: the files dropped are listed, and can be removed', async () => {
    await open('/components/dropzone', 'demo.dropzone.title');
    await here(page)
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'dot.png', mimeType: 'image/png', buffer: PNG },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
      ]);
    const files = here(page).getByTestId('dropzone-files');
    await files.locator('[data-file="dot.png"]').waitFor(TIMEOUT);
    await files.locator('[data-file="notes.txt"]').getByText('text/plain · 5 B').waitFor(TIMEOUT);
    expect(await files.locator('[data-file="dot.png"] img').getAttribute('src')).toMatch(/^blob:/);
    await files.getByRole('button', { name: en('demo.dropzone.remove', { name: 'notes.txt' }) }).click();
    await expect.poll(() => files.locator('[data-file]').count(), TIMEOUT).toBe(1);
  });

  it('avatar-upload: the chosen picture is cropped to a 200 by 200 avatar', async () => {
    await open('/components/avatar-upload', 'demo.avatar.title');
    await here(page)
      .getByRole('button', { name: en('demo.avatar.change') })
      .click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('img', { name: en('demo.avatar.preview') }).waitFor(TIMEOUT);
    const upload = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/file/file/uploadFile');
    await dialog.getByRole('button', { name: en('demo.avatar.save') }).click();
    // the avatar goes to the user's files through the files API
    const uploaded = await upload;
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    expect(((await uploaded.json()) as { data: { fileName: string; contentType: string }[] }).data[0]).toMatchObject({
      fileName: 'avatar.png',
      contentType: 'image/png',
    });
    await here(page)
      .getByTestId('avatar-stored')
      .getByText(en('demo.avatar.stored', { name: 'avatar.png' }))
      .waitFor(TIMEOUT);
    const img = here(page).getByTestId('avatar').locator('img');
    await img.waitFor(TIMEOUT);
    expect(await img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await img.evaluate((el) => [(el as HTMLImageElement).naturalWidth, (el as HTMLImageElement).naturalHeight])).toEqual([200, 200]);
    // the centre square of a red and a blue pixel is one of them
    const pixel = await img.evaluate((el) => {
      const canvas = document.createElement('canvas');
      canvas.width = 200;
      canvas.height = 200;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(el as HTMLImageElement, 0, 0);
      return [...ctx.getImageData(100, 100, 1, 1).data];
    });
    expect(pixel[3]).toBe(255);
  });
});

describe('files and settings', () => {
  it('zip: the zip holds the named text file with every article', async () => {
    await open('/zip/download', 'demo.zip.title');
    // the generic list of MockArticleZip; the export is its toolbar's action, the file name asked in its dialog
    const rows = here(page).getByTestId('table-MockArticleZip').locator('[role=row][data-row-id]');
    await expect.poll(() => rows.count(), TIMEOUT).toBe(20);
    await here(page)
      .getByRole('button', { name: en('resources.MockArticleZip.actions.exportZip'), exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: en('resources.MockArticleZip.actions.exportZip') });
    await dialog.getByText(en('demo.zip.summary', { count: 20 })).waitFor(TIMEOUT);
    await dialog.getByLabel(en('demo.zip.filename')).fill('my-articles');
    const download = await downloadOf(page, () => dialog.getByRole('button', { name: en('demo.zip.button') }).click());
    await dialog.waitFor({ state: 'hidden', ...TIMEOUT });
    expect(download.suggestedFilename()).toBe('my-articles.zip');
    const zip = await JSZip.loadAsync(readFileSync((await download.path())!));
    expect(Object.keys(zip.files)).toEqual(['my-articles.txt']);
    const lines = (await zip.file('my-articles.txt')!.async('string')).trim().split('\n');
    expect(lines[0]!.split('\t')).toEqual(['id', 'title', 'author', 'pageviews', 'display_time'].map((c) => en(`demo.excel.columns.${c}`)));
    expect(lines.length).toBe(21);
    expect(lines[1]!.split('\t')[0]).toBe('1');
    // every row the list shows, in its order, with its five cells
    const listedIds = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-row-id')));
    expect(lines.slice(1).map((l) => l.split('\t')[0])).toEqual(listedIds);
    expect(lines.slice(1).every((l) => l.split('\t').length === 5)).toBe(true);
  });

  it('pdf: the printable article opens in a new tab and asks to print', async () => {
    await page.context().addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await open('/pdf/index', 'demo.pdf.title');
    const [tab] = await Promise.all([
      page.context().waitForEvent('page', TIMEOUT),
      here(page)
        .getByRole('button', { name: en('demo.pdf.open') })
        .click(),
    ]);
    await tab.waitForURL((u) => u.pathname === '/pdf/download', TIMEOUT);
    const article = tab.getByTestId('printable-article');
    await article.waitFor(TIMEOUT);
    expect((await article.locator('h1').innerText()).length).toBeGreaterThan(5);
    await expect.poll(() => tab.evaluate(() => (window as unknown as { printed: number }).printed), TIMEOUT).toBe(1);
    await tab.close();
  });

  it('theme: the chosen colour colours the console and survives a reload', async () => {
    await open('/theme/index', 'demo.theme.title');
    await here(page)
      .getByRole('button', { name: en('demo.theme.use', { color: '#722ed1' }) })
      .click();
    const sample = () => here(page).getByTestId('theme-sample');
    await expect.poll(() => sample().evaluate((el) => getComputedStyle(el).backgroundColor), TIMEOUT).toBe('rgb(114, 46, 209)');
    await page.reload();
    await cardTitle(page, en('demo.theme.title')).waitFor(TIMEOUT);
    await expect.poll(() => sample().evaluate((el) => getComputedStyle(el).backgroundColor), TIMEOUT).toBe('rgb(114, 46, 209)');
    await here(page)
      .getByText(en('demo.theme.current', { color: '#722ed1' }))
      .waitFor(TIMEOUT);
    await here(page)
      .getByRole('button', { name: en('demo.theme.use', { color: '#1890ff' }) })
      .click();
  });

  it('i18n: switching the language changes the demo table', async () => {
    await open('/i18n/index', 'demo.i18n.title');
    const table = here(page).getByRole('table');
    await table.getByRole('columnheader', { name: en('demo.i18n.columns.city') }).waitFor(TIMEOUT);
    await table.getByRole('cell', { name: en('demo.i18n.cities.2') }).waitFor(TIMEOUT);
    await here(page).getByText('简体中文', { exact: true }).click();
    await cardTitle(page, say('zh', 'demo.i18n.title')).waitFor(TIMEOUT);
    await table.getByRole('columnheader', { name: say('zh', 'demo.i18n.columns.city') }).waitFor(TIMEOUT);
    await table.getByRole('cell', { name: say('zh', 'demo.i18n.cities.2') }).waitFor(TIMEOUT);
    await here(page).getByText('English', { exact: true }).click();
    await cardTitle(page, en('demo.i18n.title')).waitFor(TIMEOUT);
  });

  it('guide: the tour walks the layout one step at a time', async () => {
    await open('/guide/index', 'demo.guide.title');
    await here(page)
      .getByRole('button', { name: en('demo.guide.start') })
      .click();
    const tour = page.locator('.ant-tour:visible');
    const steps = ['sidebar', 'hamburger', 'breadcrumb', 'search', 'language', 'size', 'tags', 'settings'];
    for (const [i, step] of steps.entries()) {
      await tour.getByText(en(`demo.guide.steps.${step}.title`), { exact: true }).waitFor(TIMEOUT);
      await tour.getByText(en(`demo.guide.steps.${step}.description`)).waitFor(TIMEOUT);
      await tour.getByRole('button', { name: i === steps.length - 1 ? /finish/i : /next/i }).click();
    }
    await expect.poll(() => page.locator('.ant-tour:visible').count(), TIMEOUT).toBe(0);
    expect(errors).toEqual([]);
  });
});
