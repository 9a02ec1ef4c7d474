/**
 * The form generator (/formdesign) as a power user uses it, signed in as the administrator:
 * a twelve-field form (a relation and a date range among them) built from the palette by drag and
 * by Enter, reordered by keyboard, properties edited
 * (label, required, length, pattern with its message, searched, visible-when on a switch and on
 * a number), undo and redo of labelled steps (buttons and Ctrl+Z / Ctrl+Shift+Z), the history
 * kept across a reload, one property edited in the JSON view (invalid JSON and a meta-schema
 * error shown and not applied), the preview's record form validating with the document's rules,
 * save and publish through the saved form's own record form; the published resource then appears
 * in the administrator's menu at once and in a signed-in editor's menu within the console's
 * poll, both without a reload, and the editor adds (a validation failure first), edits, searches,
 * exports and deletes records on its page; the visitor has no entry and is refused every call of the
 * page (403), tenant acme has no entry and no such calls (404); the exported resource file and
 * locale entries, dropped into a copy of schemas/, load into the metadata and labels the page
 * is drawn from; unpublish takes the entry away again; the saved forms' Design
 * row action opens the form in the designer; a bad document is refused with a message naming it.
 * An upload field: added from the palette, published, a file chosen in the record form is
 * uploaded through the files API and the list shows its name and thumbnail, to the administrator
 * who uploaded it and to the editor the form was published for (who downloads it too). Design on a saved
 * form while the designer holds another opens it; on the form it holds, keeps the work.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Locator, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { answerTo, downloadOf, signIn, spaNavigate, startE2E, textsOf, toast, type E2E } from './harness.ts';
import { dialog, openedDialog, say as sayResource, rowAction } from './resourceLocators.ts';
import { PUBLISHED_POLL_MS } from '../../schemas/registry/documentLimits.ts';
import { PNG } from '../api/filesFixtures.ts';
import { client as apiClient, signIn as apiSignIn, type Envelope } from '../api/harness.ts';
import type { Api } from './resourceLocators.ts';
import { loadRegistry } from '../../schemas/registry/loadRegistry.ts';
import { resourceMeta } from '../../schemas/registry/resourceMeta.ts';
import type { ResourceMeta } from '../../schemas/registry/types.ts';
import { mergeMessages } from '../../designer/model/resourceFile.ts';
import type { MessageTree } from '../../designer/model/designDocument.ts';

/** The English designer text of a key. */
const say = textsOf('designer/messages/en.json');

let e2e: E2E;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  e2e = await startE2E();
  page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.url });
  page.on('pageerror', (e) => errors.push(`${e.message}\n${e.stack ?? ''}`));
  await signIn(page, { username: 'admin' });
  await page.evaluate(() => localStorage.removeItem('designer.session'));
});
afterAll(async () => {
  await e2e?.close();
});

const canvas = () => page.getByTestId('designer-canvas');
/** The twelve fields of the form the first test builds, in their order (a date range adds a start and an end). */
const TWELVE = [
  'text1',
  'number1',
  'switch1',
  'relation1',
  'textarea1',
  'start1',
  'end1',
  'date1',
  'text2',
  'number2',
  'switch2',
  'textarea2',
];
const canvasNames = () =>
  canvas()
    .locator('[data-field]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-field')));
const palette = (kind: string) => page.locator(`.designer-palette-item[data-kind="${kind}"]`);
const preview = () => page.getByTestId('designer-preview');
const undoButton = () => page.getByRole('button', { name: say('designer.undo') });
const redoButton = () => page.getByRole('button', { name: say('designer.redo') });

const WAIT = { timeout: 15_000 };
const textOf = (l: Locator) => () => l.innerText();
const stepOf = (l: Locator) => () => l.getAttribute('data-step');
const valueOf = (l: Locator) => () => l.inputValue();
const checkedOf = (l: Locator) => () => l.isChecked();
const fieldRow = (name: string) => canvas().locator(`[data-field="${name}"]`);

/** Drags with the mouse in small steps, as dnd-kit's pointer sensor needs. */
async function drag(from: Locator, to: Locator, where: 'top' | 'bottom' = 'bottom'): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 5 });
  const y = where === 'top' ? b.y + 4 : b.y + b.height - 8;
  await page.mouse.move(b.x + b.width / 2, y, { steps: 15 });
  await page.mouse.move(b.x + b.width / 2, y + 1, { steps: 2 });
  await page.mouse.up();
}

/**
 * Presses a key while dnd-kit's keyboard sensor holds a field, until its live region tells that
 * the field is over `place`. The sensor starts listening for keys a task after the pick-up and
 * measures the places only then, so on a busy machine a key pressed as soon as the field shows
 * as lifted can go unheard or move nothing ("moved over" its own place); pressed again, it moves.
 * A press that moved the field elsewhere fails at once.
 */
async function moveByKey(key: string, place: string): Promise<void> {
  const region = page.locator('[id^="DndLiveRegion"]').first();
  for (let attempt = 0; ; attempt++) {
    await page.keyboard.press(key);
    const heard = await expect
      .poll(textOf(region), { timeout: 2_000 })
      .toContain(place)
      .then(
        () => true,
        () => false,
      );
    if (heard) return;
    const said = await region.innerText();
    const unmoved =
      !said.includes('moved over') ||
      said.includes(`over droppable area ${await page.locator('.is-dragging[data-field]').getAttribute('data-field')}.`);
    if (!unmoved || attempt === 4) throw new Error(`${key} did not move the field over ${place}: "${said}"`);
  }
}

async function select(name: string): Promise<void> {
  await canvas().locator(`[data-field="${name}"] .designer-field-body`).click();
  await page.locator(`[data-testid="designer-field-properties"][data-field="${name}"]`).waitFor();
}

async function typeInto(label: string, text: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.fill('');
  await input.pressSequentially(text);
  await input.blur();
}

describe('form generator', () => {
  it('builds a form by dragging fields from the palette and reorders it by keyboard', async () => {
    await page.goto('/formdesign');
    await page.getByTestId('form-designer').waitFor();
    await drag(palette('text'), canvas());
    await expect.poll(canvasNames).toEqual(['text1']);
    await drag(palette('switch'), canvas());
    await drag(palette('number'), canvas());
    await drag(palette('relation'), canvas());
    await expect.poll(canvasNames).toEqual(['text1', 'switch1', 'number1', 'relation1']);
    // a field dropped onto another goes in its place
    await drag(palette('date'), fieldRow('text1'), 'top');
    await expect.poll(canvasNames).toEqual(['date1', 'text1', 'switch1', 'number1', 'relation1']);
    // Enter on a palette entry adds it at the end
    await palette('textarea').focus();
    await page.keyboard.press('Enter');
    await expect.poll(canvasNames).toEqual(['date1', 'text1', 'switch1', 'number1', 'relation1', 'textarea1']);
    // keyboard reorder: Space picks number1 up, ArrowUp moves it, Space drops it
    await canvas()
      .getByLabel(say('designer.dragHandle', { name: 'number1' }))
      .focus();
    await page.keyboard.press('Space');
    await page.locator('[data-field="number1"].is-dragging').waitFor();
    await moveByKey('ArrowUp', 'over droppable area switch1');
    await page.keyboard.press('Space');
    await expect.poll(canvasNames).toEqual(['date1', 'text1', 'number1', 'switch1', 'relation1', 'textarea1']);
    // remove one
    await canvas()
      .getByRole('button', { name: say('designer.remove', { name: 'date1' }) })
      .click();
    await expect.poll(canvasNames).toEqual(['text1', 'number1', 'switch1', 'relation1', 'textarea1']);
    // the rest of a twelve-field form, each added at the end with Enter on its palette entry
    for (const kind of ['dateRange', 'date', 'text', 'number', 'switch', 'textarea']) {
      await palette(kind).focus();
      await page.keyboard.press('Enter');
    }
    await expect.poll(canvasNames).toEqual(TWELVE);
  });

  it('edits properties, each a labelled step; typing in one property is one step', async () => {
    await select('text1');
    await typeInto(say('designer.label', { locale: 'en' }), 'Code');
    await expect.poll(textOf(fieldRow('text1')), WAIT).toContain('Code');
    await expect.poll(stepOf(undoButton()), WAIT).toBe('Label (en) of text1');
    await page.getByRole('checkbox', { name: say('designer.required') }).check();
    await typeInto(say('designer.pattern'), '^[A-Z]+$');
    for (const [locale, text] of [
      ['en', 'Capitals only'],
      ['zh', '只能大写'],
      ['tw', '只能大寫'],
    ])
      await typeInto(say('designer.patternMessage', { locale: locale! }), text!);
    await select('number1');
    await page.getByRole('combobox', { name: say('designer.visibleWhenField'), exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'switch1' }).click();
    await expect.poll(textOf(fieldRow('number1')), WAIT).toContain('switch1 = true');
    await expect.poll(stepOf(undoButton()), WAIT).toBe('Visible when of number1');
  });

  it('undoes and redoes several steps with the buttons and the keyboard', async () => {
    await page.getByTestId('designer-canvas').click({ position: { x: 5, y: 5 } });
    // visible-when, then the three pattern messages, one step each
    for (let i = 0; i < 4; i++) await page.keyboard.press('Control+z');
    await expect.poll(textOf(fieldRow('number1')), WAIT).not.toContain('switch1 = true');
    await expect.poll(stepOf(undoButton()), WAIT).toBe('Pattern of text1');
    await undoButton().click();
    await undoButton().click(); // required
    await select('text1');
    await expect.poll(valueOf(page.getByLabel(say('designer.pattern'), { exact: true })), WAIT).toBe('');
    await expect.poll(checkedOf(page.getByRole('checkbox', { name: say('designer.required') })), WAIT).toBe(false);
    // the whole word typed into the label is one step
    await expect.poll(stepOf(undoButton()), WAIT).toBe('Label (en) of text1');
    await page.keyboard.press('Control+Shift+z');
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(checkedOf(page.getByRole('checkbox', { name: say('designer.required') })), WAIT).toBe(true);
    for (let i = 0; i < 4; i++) await redoButton().click();
    await expect.poll(() => redoButton().isDisabled(), WAIT).toBe(true);
    await expect.poll(textOf(fieldRow('number1')), WAIT).toContain('switch1 = true');
  });

  it('keeps the document and its history across a reload', async () => {
    await page.waitForTimeout(300); // the history is written a tick after the last change
    await page.reload();
    await page.getByTestId('form-designer').waitFor();
    await expect.poll(canvasNames).toEqual(TWELVE);
    await expect.poll(stepOf(undoButton()), WAIT).toBe('Visible when of number1');
    await undoButton().click();
    await expect.poll(textOf(fieldRow('number1')), WAIT).not.toContain('switch1 = true');
    await redoButton().click();
    await expect.poll(textOf(fieldRow('number1')), WAIT).toContain('switch1 = true');
  });

  it('edits in the JSON view: invalid JSON and a meta-schema error are shown and not applied, a valid edit is', async () => {
    await page
      .getByTestId('form-designer')
      .getByRole('tab', { name: say('designer.json'), exact: true })
      .click();
    const editor = page.getByTestId('designer-json-editor').locator('.monaco-editor');
    await editor.waitFor({ timeout: 30_000 });
    const doc = (await page.evaluate(
      () => (JSON.parse(localStorage.getItem('designer.session')!) as { history: { present: unknown } }).history.present,
    )) as {
      resource: { kind: string; record: { properties: Record<string, Record<string, unknown>> } };
      messages: Record<string, { resources: Record<string, { fields: Record<string, string> }> }>;
    };
    // Pasted, as typing would have the editor close brackets and quotes itself.
    const replaceText = async (text: string) => {
      await page.evaluate((t) => navigator.clipboard.writeText(t), text);
      await editor.click();
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Control+v');
    };
    await replaceText('{"resource": ');
    await expect.poll(textOf(page.locator('.designer-json .ant-alert-error')), WAIT).toContain('Not valid JSON');
    await editor.locator('.squiggly-error').first().waitFor();
    await replaceText(JSON.stringify({ ...doc, resource: { ...doc.resource, kind: 'bogus' } }));
    await expect.poll(textOf(page.locator('.designer-json')), WAIT).toContain('/resource/kind');
    const changed = structuredClone(doc);
    changed.resource.record.properties.text1!.maxLength = 5;
    changed.messages.en!.resources.NewForm!.fields.textarea1 = 'Notes';
    await replaceText(JSON.stringify(changed));
    await page.getByTestId('designer-json-issues').waitFor({ state: 'detached' });
    await page
      .getByTestId('form-designer')
      .getByRole('tab', { name: say('designer.design'), exact: true })
      .click();
    await expect.poll(textOf(fieldRow('textarea1')), WAIT).toContain('Notes');
    await select('text1');
    await expect.poll(valueOf(page.getByLabel(say('designer.maxLength'), { exact: true })), WAIT).toBe('5');
    await expect.poll(stepOf(undoButton()), WAIT).toBe('Edit in JSON view');
  });

  it('previews the form with the console record form and its validation', async () => {
    const form = preview().locator('form');
    await form.getByText('Code').waitFor();
    // number1 shows only while switch1 is on
    await form.locator('#designer-preview-form_number1').waitFor({ state: 'detached' });
    await form.locator('#designer-preview-form_switch1').click();
    await form.locator('#designer-preview-form_number1').waitFor();
    await form.locator('#designer-preview-form_text1').fill('abc');
    await preview()
      .getByRole('button', { name: say('designer.previewCheck') })
      .click();
    await expect.poll(textOf(form), WAIT).toContain('Capitals only');
    await form.locator('#designer-preview-form_text1').fill('ABCDEFG');
    await expect.poll(textOf(form), WAIT).toContain('5');
    await form.locator('#designer-preview-form_text1').fill('ABC');
    await form.locator('#designer-preview-form_switch1').click();
    await preview()
      .getByRole('button', { name: say('designer.previewCheck') })
      .click();
    await toast(page, say('designer.previewValid')).waitFor();
  });

  it('sets a length, a search and a visible-when on a number field (the value typed as a number)', async () => {
    await select('textarea1');
    await page.getByRole('checkbox', { name: say('designer.required') }).check();
    await typeInto(say('designer.maxLength'), '50');
    await page.getByRole('combobox', { name: say('designer.visibleWhenField'), exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'number1' }).click();
    await typeInto(say('designer.visibleWhenEquals'), '3');
    await expect.poll(textOf(fieldRow('textarea1')), WAIT).toContain('number1 = 3');
    await select('text1');
    await page.getByRole('checkbox', { name: say('designer.searched') }).check();
    await page.waitForTimeout(300); // the history is written a tick after the last change
    const doc = (await page.evaluate(
      () => (JSON.parse(localStorage.getItem('designer.session')!) as { history: { present: unknown } }).history.present,
    )) as { resource: { form: { ui: Record<string, { visibleWhen?: unknown }> }; record: { properties: Record<string, unknown> } } };
    expect(doc.resource.form.ui.textarea1!.visibleWhen).toEqual({ field: 'number1', equals: 3 });
    expect(doc.resource.record.properties.textarea1).toMatchObject({ maxLength: 50 });

    // the preview: textarea1 shows (and is required) while number1 holds 3
    const form = preview().locator('form');
    await form.locator('#designer-preview-form_switch1').click();
    await form.locator('#designer-preview-form_number1').fill('3');
    await form.locator('#designer-preview-form_textarea1').waitFor(WAIT);
    await preview()
      .getByRole('button', { name: say('designer.previewCheck') })
      .click();
    await expect.poll(() => form.locator('[data-field="textarea1"] [role=alert]').count(), WAIT).toBe(1);
    await form.locator('#designer-preview-form_number1').fill('4');
    await form.locator('#designer-preview-form_textarea1').waitFor({ state: 'detached', ...WAIT });
  });

  it("saves the document through the saved form's own record form (the description required)", async () => {
    await page
      .getByTestId('form-designer')
      .getByRole('button', { name: say('designer.save'), exact: true })
      .click();
    const modal = await openedDialog(dialog(page));
    const name = modal.getByLabel(sayResource('resources.GeneratorForm.fields.formName'), { exact: true });
    await expect.poll(valueOf(name), WAIT).toBe('NewForm');
    await name.fill('Vendors');
    const save = () => modal.getByRole('button', { name: say('designer.save'), exact: true }).click();
    await save();
    await expect.poll(() => modal.locator('[data-field="formDescription"] [role=alert]').count(), WAIT).toBe(1);
    await modal.getByLabel(sayResource('resources.GeneratorForm.fields.formDescription'), { exact: true }).fill('Vendor register');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/generator/generatorform/addGeneratorForm')),
      save(),
    ]);
    const body = request.postDataJSON() as { formName: string; formDescription: string; formContent: string };
    expect(body.formName).toBe('Vendors');
    expect(body.formDescription).toBe('Vendor register');
    const content = JSON.parse(body.formContent) as { resource: { form: { order: string[] } }; messages: Record<string, unknown> };
    expect(content.resource.form.order).toEqual(TWELVE);
    expect(Object.keys(content.messages)).toEqual(['en', 'zh', 'tw']);
    await toast(page, say('designer.saved')).first().waitFor(WAIT);
    await modal.waitFor({ state: 'detached', ...WAIT });
    expect(errors).toEqual([]);
  });

  let editorPage: Page;
  const sidebarPaths = (p: Page) => () =>
    p.locator('.sidebar-container [data-menu-path]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-path') ?? ''));

  it("publishes it for ROLE_EDITOR: the page is in the menus without a reload, the editor's within the console's poll", async () => {
    editorPage = await e2e.newPage({ viewport: { width: 1400, height: 900 } });
    await signIn(editorPage, { username: 'editor' });
    await expect.poll(sidebarPaths(editorPage), WAIT).toContain('/workbench');
    expect(await sidebarPaths(editorPage)()).not.toContain('/newform');

    await page
      .getByTestId('form-designer')
      .getByRole('button', { name: say('designer.publish'), exact: true })
      .click();
    const modal = await openedDialog(dialog(page));
    await expect
      .poll(valueOf(modal.getByLabel(sayResource('resources.GeneratorForm.fields.formName'), { exact: true })), WAIT)
      .toBe('Vendors');
    const roles = modal.locator('input[id$="_publishRoles"]');
    await roles.click();
    await roles.pressSequentially('ROLE_EDITOR');
    await roles.press('Enter');
    const published = await answerTo(page, '/publishGeneratorForm', () =>
      modal.getByRole('button', { name: say('designer.publish'), exact: true }).click(),
    );
    expect(published.status(), await published.text()).toBe(200);
    await toast(page, say('designer.published')).first().waitFor(WAIT);
    await expect.poll(sidebarPaths(page), WAIT).toContain('/newform');
    await expect.poll(sidebarPaths(editorPage), { timeout: PUBLISHED_POLL_MS * 2 + 5_000 }).toContain('/newform');
  });

  it('the editor adds (a validation failure first), edits, searches, exports and deletes records on the published page', async () => {
    const p = editorPage;
    await p.locator('.sidebar-container [data-menu-path="/newform"]').click();
    await p.waitForURL((u) => u.pathname === '/newform');
    await p.getByRole('heading', { name: 'New form' }).waitFor(WAIT);
    const table = p.getByTestId('table-NewForm');
    const rows = table.locator('[role=row][data-row-id]');
    const toolbar = p.getByRole('toolbar', { name: sayResource('resource.toolbarOf', { title: 'New form' }), exact: true });
    const modalOf = () => dialog(p);
    const saveOf = (m: Locator) => () => m.getByRole('button', { name: sayResource('common.save'), exact: true }).click();

    await toolbar.getByRole('button', { name: sayResource('resource.actions.add'), exact: true }).click();
    let modal = await openedDialog(modalOf());
    await modal.locator('[id$="_text1"]').fill('abc');
    await modal.locator('[id$="_switch1"]').click();
    await modal.locator('[id$="_number1"]').fill('3');
    await modal.locator('[id$="_textarea1"]').waitFor(WAIT);
    const adds: string[] = [];
    p.on('request', (r) => {
      if (r.url().includes('/addNewForm')) adds.push(r.url());
    });
    await saveOf(modal)();
    await expect.poll(textOf(modal.locator('[data-field="text1"]')), WAIT).toContain('Capitals only');
    await expect.poll(() => modal.locator('[data-field="textarea1"] [role=alert]').count(), WAIT).toBe(1);
    expect(adds, 'nothing is sent while the form refuses it').toHaveLength(0);
    await modal.locator('[id$="_text1"]').fill('ABC');
    await modal.locator('[id$="_textarea1"]').fill('First notes');
    const added = await answerTo(p, '/addNewForm', saveOf(modal));
    expect(added.status(), await added.text()).toBe(200);
    await rows.filter({ hasText: 'First notes' }).waitFor(WAIT);

    await toolbar.getByRole('button', { name: sayResource('resource.actions.add'), exact: true }).click();
    modal = await openedDialog(modalOf());
    await modal.locator('[id$="_text1"]').fill('XYZ');
    const second = await answerTo(p, '/addNewForm', saveOf(modal));
    expect(second.status(), `${second.request().postData() ?? ''} ${await second.text()}`).toBe(200);
    await rows.filter({ hasText: 'XYZ' }).waitFor(WAIT);

    await rows
      .filter({ hasText: 'ABC' })
      .getByRole('button', { name: sayResource('resource.actions.update'), exact: true })
      .click();
    modal = await openedDialog(modalOf());
    await modal.locator('[id$="_textarea1"]').fill('Changed notes');
    const updated = await answerTo(p, '/updateNewForm', saveOf(modal));
    expect(updated.status(), await updated.text()).toBe(200);
    await rows.filter({ hasText: 'Changed notes' }).waitFor(WAIT);

    const search = p.getByRole('search', { name: sayResource('resource.searchOf', { title: 'New form' }), exact: true });
    await search.getByLabel('Code', { exact: true }).fill('XY');
    const query = p.waitForRequest(
      (r) => new URL(r.url()).pathname.endsWith('/queryNewForm') && new URL(r.url()).searchParams.has('text1'),
    );
    await search.getByRole('button', { name: sayResource('resource.actions.query'), exact: true }).click();
    expect(new URL((await query).url()).searchParams.get('text1')).toBe('XY');
    await expect.poll(() => rows.count(), WAIT).toBe(1);
    await rows.filter({ hasText: 'XYZ' }).waitFor(WAIT);

    const download = await downloadOf(p, () =>
      toolbar.getByRole('button', { name: sayResource('resource.actions.export'), exact: true }).click(),
    );
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const cells = book.worksheets[0]!.getSheetValues().flatMap((row) => (Array.isArray(row) ? row.map(String) : []));
    expect(cells).toContain('Code');
    expect(cells).toContain('XYZ');
    expect(cells).not.toContain('ABC');

    // and deletes the one found, after the confirm
    await rowAction(rows.filter({ hasText: 'XYZ' }).first(), sayResource('resource.actions.delete'));
    const confirm = await openedDialog(p.locator('.ant-modal-confirm:visible'));
    const deleted = await answerTo(p, '/deleteNewForm', () =>
      confirm.getByRole('button', { name: sayResource('common.confirm'), exact: true }).click(),
    );
    expect(deleted.status(), await deleted.text()).toBe(200);
    await expect.poll(() => rows.filter({ hasText: 'XYZ' }).count(), WAIT).toBe(0);
  });

  /** The published NewForm as the console loads it (metadata and labels), read as `who`. */
  const publishedOf = async (api: Api) => {
    const res = await api.get<Envelope<{ resources: ResourceMeta[]; messages: Record<string, MessageTree> }>>(
      '/api/generator/generatorform/queryPublishedResources',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { meta: res.body.data!.resources.find((r) => r.name === 'NewForm'), messages: res.body.data!.messages };
  };

  it("gives the visitor no entry and 403 from the page's calls; tenant acme never sees it", async () => {
    const admin = apiClient(e2e.url, await apiSignIn(e2e.url, 'demo', 'admin'));
    const meta = (await publishedOf(admin)).meta!;
    expect(meta.calls.map((c) => c.name)).toEqual(expect.arrayContaining(['queryNewForm', 'addNewForm', 'deleteNewForm']));
    const visitor = apiClient(e2e.url, await apiSignIn(e2e.url, 'demo', 'visitor'));
    const acme = apiClient(e2e.url, await apiSignIn(e2e.url, 'acme', 'admin'));
    for (const c of meta.calls) {
      const body = c.method === 'GET' ? undefined : {};
      expect((await visitor.call(c.method, c.url, { body })).status, `visitor ${c.url}`).toBe(403);
      // another tenant's path is no call at all
      expect((await acme.call(c.method, c.url, { body })).status, `acme ${c.url}`).toBe(404);
    }
    expect((await publishedOf(visitor)).meta).toBeUndefined();
    expect((await publishedOf(acme)).meta).toBeUndefined();
    for (const [who, tenantCode] of [
      ['visitor', undefined],
      ['admin', 'acme'],
    ] as const) {
      const p = await e2e.newPage();
      await signIn(p, { username: who, ...(tenantCode ? { tenantCode } : {}) });
      await expect.poll(sidebarPaths(p), WAIT).toContain('/workbench');
      expect(await sidebarPaths(p)(), `${tenantCode ?? 'demo'} ${who}`).not.toContain('/newform');
      await p.close();
    }
  });

  it('exports the form as a resource file and locale entries that, dropped into a copy of schemas/, give the same screen', async () => {
    await spaNavigate(page, '/formdesign');
    await expect.poll(canvasNames, WAIT).toEqual(TWELVE);
    const downloads: Download[] = [];
    const onDownload = (d: Download) => downloads.push(d);
    page.on('download', onDownload);
    await page
      .getByTestId('form-designer')
      .getByRole('button', { name: say('designer.export'), exact: true })
      .click();
    await expect.poll(() => downloads.length, WAIT).toBe(2);
    page.off('download', onDownload);
    const byName = new Map(downloads.map((d) => [d.suggestedFilename(), d]));
    expect([...byName.keys()].sort()).toEqual(['new-form.json', 'new-form.locales.json']);
    const copy = mkdtempSync(join(tmpdir(), 'designer-e2e-'));
    try {
      cpSync(join(import.meta.dirname, '../../schemas'), copy, { recursive: true });
      writeFileSync(join(copy, 'resources', 'new-form.json'), await readFile((await byName.get('new-form.json')!.path())!));
      const entries = JSON.parse(await readFile((await byName.get('new-form.locales.json')!.path())!, 'utf8')) as Record<
        string,
        MessageTree
      >;
      const merged: Record<string, MessageTree> = {};
      for (const locale of ['en', 'zh', 'tw']) {
        const path = join(copy, 'locales', `${locale}.json`);
        merged[locale] = mergeMessages(JSON.parse(await readFile(path, 'utf8')) as MessageTree, entries[locale]!);
        writeFileSync(path, JSON.stringify(merged[locale], null, 2));
      }
      // the registry `npm run gen` reads loads the file without an issue
      const registry = loadRegistry(copy);
      const fromFile = resourceMeta(registry.byName.get('NewForm')!);
      // the same metadata the console renders the published page from: the same list, search, form and actions
      const admin = apiClient(e2e.url, await apiSignIn(e2e.url, 'demo', 'admin'));
      const published = await publishedOf(admin);
      // (as JSON, the call's answer: members without a value are left out)
      expect(JSON.parse(JSON.stringify(fromFile))).toEqual(published.meta);
      // and the same labels
      for (const locale of ['en', 'zh', 'tw']) {
        const tree = (m: MessageTree | undefined) => (m?.resources as MessageTree | undefined)?.NewForm;
        expect(tree(merged[locale]), locale).toEqual(tree(published.messages[locale]));
      }
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
    expect(errors).toEqual([]);
  });

  it('unpublishes it: the menu entry goes without a reload', async () => {
    await spaNavigate(page, '/formdesign');
    const unpublished = await answerTo(page, '/unpublishGeneratorForm', () =>
      page
        .getByTestId('form-designer')
        .getByRole('button', { name: say('designer.unpublish'), exact: true })
        .click(),
    );
    expect(unpublished.status(), await unpublished.text()).toBe(200);
    await expect.poll(sidebarPaths(page), WAIT).not.toContain('/newform');
  });

  it("opens a saved form in the designer from the saved forms' Design row action", async () => {
    await page
      .getByTestId('form-designer')
      .getByRole('button', { name: say('designer.new'), exact: true })
      .click();
    await expect.poll(canvasNames).toEqual([]);
    await spaNavigate(page, '/generatorform');
    const row = page.getByTestId('table-GeneratorForm').locator('[role=row][data-row-id]').filter({ hasText: 'Vendors' });
    await rowAction(row, sayResource('resources.GeneratorForm.actions.design'));
    await page.waitForURL((u) => u.pathname === '/formdesign', WAIT);
    await expect.poll(canvasNames, WAIT).toEqual(TWELVE);
    await expect.poll(textOf(fieldRow('textarea1')), WAIT).toContain('number1 = 3');
    // the id leaves the URL once the form is open: the page's tab does not open it again
    await expect.poll(() => new URL(page.url()).search, WAIT).toBe('');
  });

  it('refuses to publish a bad document with a message naming where it is wrong, and publishes nothing', async () => {
    await spaNavigate(page, '/generatorform');
    const rows = page.getByTestId('table-GeneratorForm').locator('[role=row][data-row-id]');
    const row = rows.filter({ hasText: 'Vendors' });
    await rowAction(row, sayResource('resource.actions.update'));
    const modal = await openedDialog(dialog(page));
    const bad = {
      resource: {
        name: 'NewForm',
        service: 'generator',
        path: 'newform',
        kind: 'entity',
        record: { type: 'object', properties: { 'bad-name': { type: 'string' } } },
      },
    };
    await modal.getByLabel(sayResource('resources.GeneratorForm.fields.formContent'), { exact: true }).fill(JSON.stringify(bad));
    expect(
      (
        await answerTo(page, '/updateGeneratorForm', () =>
          modal.getByRole('button', { name: sayResource('common.save'), exact: true }).click(),
        )
      ).status(),
    ).toBe(200);
    await rowAction(row, sayResource('resources.GeneratorForm.actions.publish'));
    const confirm = await openedDialog(dialog(page));
    const refused = await answerTo(page, '/publishGeneratorForm', () =>
      confirm.getByRole('button', { name: sayResource('resources.GeneratorForm.actions.publish'), exact: true }).click(),
    );
    expect(refused.status()).toBe(400);
    await toast(page, /The form "Vendors" cannot be published: \/resource\/record\/properties/)
      .first()
      .waitFor(WAIT);
    await expect.poll(sidebarPaths(page), WAIT).not.toContain('/newform');
    // the refused call leaves its dialog open
    await confirm.getByRole('button', { name: sayResource('common.cancel'), exact: true }).click();
    await confirm.waitFor({ state: 'detached', ...WAIT });
  });
});

describe('an upload field, and Design while the designer is open', () => {
  const formRow = (formName: string) =>
    page.getByTestId('table-GeneratorForm').locator('[role=row][data-row-id]').filter({ hasText: formName });
  /** Design on the saved form's row; answers how many times the designer then asked for a saved form. */
  const design = async (formName: string): Promise<number> => {
    await spaNavigate(page, '/generatorform');
    let loads = 0;
    const onRequest = (r: { url(): string }) => {
      const url = new URL(r.url());
      if (url.pathname.endsWith('/queryGeneratorForm') && url.searchParams.has('id')) loads++;
    };
    page.on('request', onRequest);
    await rowAction(formRow(formName), sayResource('resources.GeneratorForm.actions.design'));
    await page.waitForURL((u) => u.pathname === '/formdesign', WAIT);
    // the designer takes the id out of the URL in the same step in which it starts a load; a
    // request made after that is reported after the load's (the events come in order)
    await expect.poll(() => new URL(page.url()).search, WAIT).toBe('');
    const marker = page.waitForRequest((r) => r.url().includes('designer-marker'));
    await page.evaluate(() => fetch('/favicon.ico?designer-marker').then(() => undefined));
    await marker;
    page.off('request', onRequest);
    return loads;
  };

  it('adds an upload field from the palette and publishes the form', async () => {
    await spaNavigate(page, '/formdesign');
    await page
      .getByTestId('form-designer')
      .getByRole('button', { name: say('designer.new'), exact: true })
      .click();
    await expect.poll(canvasNames).toEqual([]);
    const name = page.locator('#designer-resource-name');
    await name.fill('Papers');
    await name.press('Enter');
    await page.locator('#designer-resource-path').fill('papers');
    await page.locator('#designer-title-en').fill('Papers');
    await drag(palette('text'), canvas());
    await drag(palette('upload'), canvas());
    await expect.poll(canvasNames).toEqual(['text1', 'upload1']);
    await expect.poll(textOf(palette('upload'))).toBe('Upload');
    // the preview draws the record form's upload input
    await preview().getByTestId('upload-field-upload1').waitFor(WAIT);

    await page
      .getByTestId('form-designer')
      .getByRole('button', { name: say('designer.publish'), exact: true })
      .click();
    const modal = await openedDialog(dialog(page));
    await modal.getByLabel(sayResource('resources.GeneratorForm.fields.formName'), { exact: true }).fill('Papers');
    await modal.getByLabel(sayResource('resources.GeneratorForm.fields.formDescription'), { exact: true }).fill('Papers with a file');
    const roles = modal.locator('input[id$="_publishRoles"]');
    await roles.click();
    await roles.pressSequentially('ROLE_EDITOR');
    await roles.press('Enter');
    const published = await answerTo(page, '/publishGeneratorForm', () =>
      modal.getByRole('button', { name: say('designer.publish'), exact: true }).click(),
    );
    expect(published.status(), await published.text()).toBe(200);
    const meta = (await published.json()) as { data: { fields: { name: string; kind: string }[] } };
    expect(meta.data.fields.find((f) => f.name === 'upload1')?.kind).toBe('upload');
  });

  it('fills the form with a file: it is uploaded through the files API and the record lists it', async () => {
    // the menu has the page once the console fetched the published resources again
    await expect
      .poll(
        () => page.locator('.sidebar-container [data-menu-path]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-path'))),
        WAIT,
      )
      .toContain('/papers');
    await spaNavigate(page, '/papers');
    const table = page.getByTestId('table-Papers');
    const toolbar = page.getByRole('toolbar', { name: sayResource('resource.toolbarOf', { title: 'Papers' }), exact: true });
    await toolbar.getByRole('button', { name: sayResource('resource.actions.add'), exact: true }).click();
    const modal = await openedDialog(dialog(page));
    await modal.locator('[id$="_text1"]').fill('First paper');
    const uploaded = await answerTo(page, '/api/file/file/uploadFile', () =>
      modal.getByTestId('upload-input-upload1').setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: PNG }),
    );
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    const fileId = ((await uploaded.json()) as { data: { id: number }[] }).data[0]!.id;
    await modal.locator('.upload-field-name', { hasText: 'plan.png' }).waitFor(WAIT);
    const added = await answerTo(page, '/addPapers', () =>
      modal.getByRole('button', { name: sayResource('common.save'), exact: true }).click(),
    );
    expect(added.status(), await added.text()).toBe(200);
    expect((added.request().postDataJSON() as { upload1: unknown }).upload1).toBe(fileId);
    const row = table.locator('[role=row][data-row-id]').filter({ hasText: 'First paper' });
    await row.locator(`.upload-cell[data-file-id="${fileId}"]`, { hasText: 'plan.png' }).waitFor(WAIT);
    // an image gets its thumbnail from the files API's preview
    await expect.poll(() => row.locator('img.upload-thumbnail').evaluate((img: HTMLImageElement) => img.naturalWidth), WAIT).toBe(8);
    expect(errors).toEqual([]);
  });

  it('shows the file to the editor, who may read the record though the file is not shared with them', async () => {
    const p = await e2e.newPage({ viewport: { width: 1400, height: 900 } });
    const editorErrors: string[] = [];
    p.on('pageerror', (e) => editorErrors.push(e.message));
    await signIn(p, { username: 'editor' });
    await spaNavigate(p, '/papers');
    const row = p.getByTestId('table-Papers').locator('[role=row][data-row-id]').filter({ hasText: 'First paper' });
    const cell = row.locator('.upload-cell', { hasText: 'plan.png' });
    await cell.waitFor(WAIT);
    // the thumbnail is read through the record, not through the uploader's netdisc
    await expect.poll(() => row.locator('img.upload-thumbnail').evaluate((img: HTMLImageElement) => img.naturalWidth), WAIT).toBe(8);
    const download = await downloadOf(p, () => cell.locator('a').click());
    expect(download.suggestedFilename()).toBe('plan.png');
    expect((await readFile((await download.path())!)).equals(PNG)).toBe(true);
    expect(editorErrors).toEqual([]);
    await p.close();
  });

  it('Design on another saved form while the designer is open loads that form; on the form it holds keeps the work', async () => {
    expect(await design('suppliers')).toBe(1);
    await expect.poll(canvasNames, WAIT).toEqual(['supplierCode', 'supplierName', 'contactEmail', 'rating', 'active']);
    expect(await design('Papers')).toBe(1);
    await expect.poll(canvasNames, WAIT).toEqual(['text1', 'upload1']);
    // work on the open form, then Design on that same form: the work stays
    await canvas()
      .getByRole('button', { name: say('designer.remove', { name: 'text1' }) })
      .click();
    await expect.poll(canvasNames).toEqual(['upload1']);
    expect(await design('Papers')).toBe(0);
    await expect.poll(canvasNames).toEqual(['upload1']);
    // a new form, then Design on the form opened before: loaded again
    await page
      .getByTestId('form-designer')
      .getByRole('button', { name: say('designer.new'), exact: true })
      .click();
    await expect.poll(canvasNames).toEqual([]);
    expect(await design('Papers')).toBe(1);
    await expect.poll(canvasNames, WAIT).toEqual(['text1', 'upload1']);
    expect(errors).toEqual([]);
  });
});
