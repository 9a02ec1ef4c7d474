/**
 * The form generator (/formdesign) as a power user uses it, signed in as the administrator:
 * fields dragged from the palette onto the form and reordered by keyboard, properties edited
 * (label, required, pattern with its message, visible-when), undo and redo of labelled steps
 * (buttons and Ctrl+Z / Ctrl+Shift+Z), the history kept across a reload, one property edited in
 * the JSON view (invalid JSON and a meta-schema error shown and not applied), the preview's
 * record form validating with the document's rules, and the save call with the document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { signIn, startE2E, textsOf, toast, type E2E } from './harness.ts';

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
    await page.keyboard.press('ArrowUp');
    // dnd-kit's live region tells when the field is over its new place
    await expect.poll(textOf(page.locator('[id^="DndLiveRegion"]').first()), WAIT).toContain('over droppable area switch1');
    await page.keyboard.press('Space');
    await expect.poll(canvasNames).toEqual(['date1', 'text1', 'number1', 'switch1', 'relation1', 'textarea1']);
    // remove one
    await canvas()
      .getByRole('button', { name: say('designer.remove', { name: 'date1' }) })
      .click();
    await expect.poll(canvasNames).toEqual(['text1', 'number1', 'switch1', 'relation1', 'textarea1']);
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
    await expect.poll(canvasNames).toEqual(['text1', 'number1', 'switch1', 'relation1', 'textarea1']);
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

  it('saves the document with its form name and description (the description required)', async () => {
    await page.getByRole('button', { name: say('designer.save') }).click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.getByLabel(say('designer.formName')).fill('Suppliers');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(textOf(dialog), WAIT).toContain(say('designer.formDescriptionRequired'));
    await dialog.getByLabel(say('designer.formDescription')).fill('Supplier register');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/generator/generatorform/addGeneratorForm')),
      dialog.getByRole('button', { name: 'OK' }).click(),
    ]);
    const body = request.postDataJSON() as { formName: string; formDescription: string; formContent: string };
    expect(body.formName).toBe('Suppliers');
    expect(body.formDescription).toBe('Supplier register');
    const content = JSON.parse(body.formContent) as { resource: { form: { order: string[] } }; messages: Record<string, unknown> };
    expect(content.resource.form.order).toEqual(['text1', 'number1', 'switch1', 'relation1', 'textarea1']);
    expect(Object.keys(content.messages)).toEqual(['en', 'zh', 'tw']);
    expect(errors).toEqual([]);
  });
});
