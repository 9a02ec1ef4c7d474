/**
 * Designer latency: the form generator (/formdesign, docs/designer.md) of the built console in
 * Chromium, signed in as the administrator, with the 200-field record of the form latency
 * benchmark (bench/fixtures/form/benchResource.ts) imported as a resource file and its locale
 * entries, as a user imports them:
 *   - a property edit to the preview's paint: field 100 selected, letters typed at the end of
 *     its English label in the property panel, each timed from its keydown to the end of the
 *     first frame after it (the record form benchmark's own timing, bench/fixtures/form/measure.ts,
 *     and its typing, typeKeys in bench/formLatency.ts); that frame must show the new label in
 *     the preview's record form, which is checked for every keystroke. Beside it, in the same
 *     run and interleaved round by round, the record form's keystroke-to-paint on the same 200
 *     fields (the `resource` page of bench/formLatency.ts). Target: the designer's median within
 *     1.5x the record form's.
 *   - undo of 100 steps: 100 labelled steps made in the panel (Required switched on fields 1 to
 *     100, one step each), then Ctrl+Z pressed 100 times, the keys sent at once so that the page
 *     takes them as fast as it can; timed from the first key's keydown to the end of the frame
 *     after the last, which must show the document as it was before the 100 steps. Target:
 *     under 100 ms.
 *
 * `npm run bench -- --only designer` (options: --keystrokes <n> per round, default 60;
 * --rounds <n>, default 3), or `npx tsx bench/designerLatency.ts`. Builds dist/ first unless
 * SIGN_IN_BYTES_REUSE=1 and dist/ is there (bench/signInBytes.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { signIn } from '../tests/api/harness.ts';
import { buildFormPages, quantile, summarise, typedText, typeKeys, typeRound, type PageFigures, type RoundResult } from './formLatency.ts';
import { benchLabels, benchResource, FIELD_COUNT, fieldName } from './fixtures/form/benchResource.ts';
import { installKeystrokeTiming } from './fixtures/form/measure.ts';
import { consoleDist } from './signInBytes.ts';
import { cliNumber, pageScript, startConsole } from './setup.ts';

const TARGET_RATIO = 1.5;
const TARGET_UNDO_MS = 100;
const UNDO_STEPS = 100;
/** The field whose label is typed into: the record form benchmark types into the same one. */
const TYPED_FIELD = fieldName(100);
const RESOURCE = 'BenchRecord';
const PREVIEW_FORM = 'designer-preview-form';

declare global {
  interface Window {
    /** Per keystroke: whether the frame after it showed the label input's text in the preview. */
    __previewShown: boolean[];
    /** The undo timing: armed with the keys expected, filled in after the frame of the last. */
    __undo?: {
      expected: number;
      /** Required fields the undone document has. */
      required: number;
      count: number;
      first: number;
      /** From the first keydown to the last one, to the end of the first frame after it, and of the frames showing the canvas and the preview undone, ms. */
      last?: number;
      frame?: number;
      canvas?: number;
      preview?: number;
    };
  }
}

/** The 200-field record as a resource file (schemas/resources/*.json) and its locale entries. */
function benchFiles(): { resource: string; locales: string } {
  const record = benchResource.record as { properties: Record<string, Record<string, unknown>>; required: string[] };
  const properties: Record<string, Record<string, unknown>> = {};
  const ui: Record<string, { rows: number }> = {};
  for (const field of benchResource.fields) {
    const textarea = field.kind === 'textarea';
    properties[field.name] = textarea ? { ...record.properties[field.name], 'x-kind': 'textarea' } : record.properties[field.name]!;
    if (textarea) ui[field.name] = { rows: 2 };
  }
  const order = benchResource.fields.map((f) => f.name);
  const resource = {
    $schema: '../resource.schema.json',
    name: RESOURCE,
    service: 'bench',
    path: 'benchrecord',
    kind: 'entity',
    record: { type: 'object', additionalProperties: false, required: record.required, properties },
    list: { columns: [{ field: 'createTime', sortable: true }], defaultSort: 'createTime_descend' },
    form: { order, readOnlyOnEdit: [], ui },
  };
  const labels = benchLabels() as { benchForm: { title: string; fields: Record<string, string> } };
  const entries = { resources: { [RESOURCE]: labels.benchForm } };
  return { resource: JSON.stringify(resource), locales: JSON.stringify({ en: entries, zh: entries, tw: entries }) };
}

/** After each keydown, in the first frame after it: whether the preview's label of the selected field shows the label input's text. */
function installPreviewCheck(): void {
  window.__previewShown = [];
  document.addEventListener(
    'keydown',
    () => {
      requestAnimationFrame(() => {
        const field = document.querySelector('[data-testid="designer-field-properties"]')?.getAttribute('data-field');
        const input = document.getElementById('designer-label-en') as HTMLInputElement | null;
        const label = document.querySelector(`label[for="designer-preview-form_${field}"]`);
        window.__previewShown.push(!!input && !!label && label.textContent === input.value);
      });
    },
    true,
  );
}

/**
 * Times Ctrl+Z from the first keydown: after the `expected`-th, the end of each frame (a message
 * posted from its animation frame callback) until the canvas, then the preview, show `required`
 * required fields (the document as it was before the steps).
 */
function installUndoTiming(): void {
  document.addEventListener(
    'keydown',
    (event) => {
      const undo = window.__undo;
      if (!undo || !event.ctrlKey || event.shiftKey || event.key !== 'z') return;
      if (undo.count === 0) undo.first = event.timeStamp;
      undo.count += 1;
      if (undo.count !== undo.expected) return;
      undo.last = event.timeStamp - undo.first;
      const required = (panel: string, selector: string) =>
        document.querySelectorAll(`[data-testid="${panel}"] ${selector}`).length === undo.required;
      const afterFrame = () =>
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            const now = performance.now() - undo.first;
            undo.frame ??= now;
            if (undo.canvas === undefined && required('designer-canvas', '.designer-required')) undo.canvas = now;
            if (undo.preview === undefined && required('designer-preview', 'label.resource-form-required')) undo.preview = now;
            if (undo.canvas === undefined || undo.preview === undefined) afterFrame();
          };
          channel.port2.postMessage(0);
        });
      afterFrame();
    },
    true,
  );
}

const previewLabel = (tab: Page, name: string) => tab.locator(`label[for="${PREVIEW_FORM}_${name}"]`);

async function selectField(tab: Page, name: string): Promise<void> {
  await tab.locator(`[data-testid="designer-canvas"] [data-field="${name}"] .designer-field-body`).click();
  await tab.locator(`[data-testid="designer-field-properties"][data-field="${name}"]`).waitFor();
}

/** A signed-in tab on /formdesign, timing its keystrokes, with the 200-field record imported (its resource file and locale entries). */
async function openDesigner(browser: Browser, base: string, token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'en-US' });
  await context.addCookies([{ name: 'token', value: token, url: base }]);
  await context.addInitScript({ content: pageScript(installKeystrokeTiming, installPreviewCheck, installUndoTiming) });
  const tab = await context.newPage();
  await tab.goto(`${base}/formdesign`);
  await tab.getByTestId('form-designer').waitFor({ timeout: 60_000 });
  const files = benchFiles();
  await tab.getByTestId('designer-import').setInputFiles([
    { name: 'bench-record.json', mimeType: 'application/json', buffer: Buffer.from(files.resource) },
    { name: 'bench-record.locales.json', mimeType: 'application/json', buffer: Buffer.from(files.locales) },
  ]);
  await previewLabel(tab, fieldName(FIELD_COUNT)).waitFor({ timeout: 60_000 });
  if (await tab.getByTestId('designer-issues').count())
    throw new Error(`the imported document has problems: ${await tab.getByTestId('designer-issues').innerText()}`);
  return tab;
}

/** Types into the English label of field 100: the samples, and how many keystrokes' frames showed the new label in the preview. */
async function typeLabel(tab: Page, keystrokes: number): Promise<{ typing: RoundResult; shown: number }> {
  await selectField(tab, TYPED_FIELD);
  const label = tab.locator('#designer-label-en');
  await label.click();
  // End is a keydown too: its frame is timed before typeKeys counts the samples it adds
  const timed = await tab.evaluate(() => window.__keystrokes.length);
  await label.press('End');
  await tab.evaluate((n) => window.__waitKeystrokes(n), timed + 1);
  const typing = await typeKeys(tab, keystrokes);
  const expected = `Field 100${typedText(keystrokes)}`;
  if ((await label.inputValue()) !== expected) throw new Error(`the label holds "${await label.inputValue()}", not "${expected}"`);
  if ((await previewLabel(tab, TYPED_FIELD).textContent()) !== expected) throw new Error('the preview does not show the typed label');
  const shown = (await tab.evaluate(() => window.__previewShown)).slice(-keystrokes).filter(Boolean).length;
  await label.blur();
  return { typing, shown };
}

const requiredInPreview = (tab: Page) => tab.locator('[data-testid="designer-preview"] label.resource-form-required').count();

/** UNDO_STEPS labelled steps: Required switched on fields 1 to UNDO_STEPS, one step each; waits until the canvas and the preview show them. */
async function makeSteps(tab: Page): Promise<void> {
  const before = await requiredInPreview(tab);
  const required = tab.locator('[data-testid="designer-field-properties"] .ant-checkbox-wrapper').first();
  for (let i = 1; i <= UNDO_STEPS; i++) {
    await selectField(tab, fieldName(i));
    await required.click();
  }
  // fields 4, 8, ... were required and are not now, the others are
  const after = before + UNDO_STEPS / 2;
  await tab.waitForFunction(
    (n) =>
      document.querySelectorAll('[data-testid="designer-canvas"] .designer-required').length === n &&
      document.querySelectorAll('[data-testid="designer-preview"] label.resource-form-required').length === n,
    after,
    { timeout: 60_000 },
  );
  await tab.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

interface UndoFigures {
  /** From the first Ctrl+Z's keydown to the last one's: the keys' delivery, ms. */
  keys: number;
  /** From the first Ctrl+Z to the end of the frame that shows the canvas (and the toolbar) undone, ms. */
  canvas: number;
  /** To the end of the frame that shows the preview's record form undone too, ms. */
  preview: number;
}

/**
 * Ctrl+Z UNDO_STEPS times, the keys sent at once (the page takes them as fast as it can), timed
 * from the first keydown to the paint of the document as it was before the steps (`required`
 * required fields) on the canvas, and in the preview.
 */
async function undoSteps(tab: Page, required: number): Promise<UndoFigures> {
  await tab.evaluate(
    ({ expected, required }) => {
      window.__undo = { expected, required, count: 0, first: 0 };
    },
    { expected: UNDO_STEPS, required },
  );
  const cdp = await tab.context().newCDPSession(tab);
  try {
    const control = { key: 'Control', code: 'ControlLeft', windowsVirtualKeyCode: 17, modifiers: 2 };
    const z = { key: 'z', code: 'KeyZ', windowsVirtualKeyCode: 90, modifiers: 2 };
    await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...control });
    await Promise.all(
      Array.from({ length: UNDO_STEPS }, () => [
        cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...z }),
        cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...z }),
      ]).flat(),
    );
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...control, modifiers: 0 });
  } finally {
    await cdp.detach().catch(() => undefined);
  }
  await tab.waitForFunction(() => window.__undo?.preview !== undefined, undefined, { timeout: 120_000 });
  const undo = (await tab.evaluate(() => window.__undo))!;
  if (undo.count !== UNDO_STEPS) throw new Error(`the page saw ${undo.count} Ctrl+Z, not ${UNDO_STEPS}`);
  return { keys: undo.last!, canvas: undo.canvas!, preview: undo.preview! };
}

interface DesignerRound {
  typing: RoundResult;
  /** Keystrokes whose frame showed the new label in the preview. */
  shown: number;
  undo: UndoFigures;
}

async function designerRound(browser: Browser, base: string, token: string, keystrokes: number): Promise<DesignerRound> {
  const tab = await openDesigner(browser, base, token);
  try {
    const { typing, shown } = await typeLabel(tab, keystrokes);
    const requiredBefore = await requiredInPreview(tab);
    await makeSteps(tab);
    return { typing, shown, undo: await undoSteps(tab, requiredBefore) };
  } finally {
    await tab.context().close();
  }
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

export async function benchDesignerLatency(options: { keystrokes?: number; rounds?: number } = {}): Promise<void> {
  const keystrokes = options.keystrokes ?? 60;
  const rounds = options.rounds ?? 3;
  for (const [name, value] of [
    ['keystrokes', keystrokes],
    ['rounds', rounds],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number of at least 1, not "${value}"`);
  }
  console.log(
    `\nDesigner latency: a 200-field form in /formdesign, ${rounds} rounds of ${keystrokes} keystrokes into a label (interleaved with the record form), undo of ${UNDO_STEPS} steps`,
  );
  const server = await startConsole(await consoleDist(), await buildFormPages(), 'bench-designer-');
  const { browser } = server;
  try {
    const token = await signIn(server.url, 'demo', 'admin');
    const form: RoundResult[] = [];
    const designer: DesignerRound[] = [];
    for (let round = 0; round < rounds; round++) {
      form.push(await typeRound(browser, server.pageUrl, 'resource', keystrokes));
      designer.push(await designerRound(browser, server.url, token, keystrokes));
    }
    const formFigures = summarise(form);
    const designerFigures = summarise(designer.map((r) => r.typing));
    const shown = designer.reduce((n, r) => n + r.shown, 0);
    const row = (name: string, f: PageFigures) =>
      console.log(
        `  ${name.padEnd(40)} ${fmt(f.paintMedian).padStart(12)} ${fmt(f.paintP95).padStart(9)} ${fmt(f.inputMedian).padStart(10)} ${fmt(f.scriptPerKey).padStart(11)} ${fmt(f.layoutPerKey).padStart(17)}`,
      );
    console.log(
      `  ${'keystroke to paint'.padEnd(40)} ${'p50'.padStart(12)} ${'p95'.padStart(9)} ${'input p50'.padStart(10)} ${'script/key'.padStart(11)} ${'style+layout/key'.padStart(17)}`,
    );
    row('record form, field 100 (baseline)', formFigures);
    row('designer: label of field 100 to preview', designerFigures);
    const ratio = designerFigures.paintMedian / formFigures.paintMedian;
    console.log(
      `  designer against the record form: p50 ${ratio.toFixed(2)}x, p95 ${(designerFigures.paintP95 / formFigures.paintP95).toFixed(2)}x; the preview showed the new label in the keystroke's frame ${shown} of ${designerFigures.keystrokes} times`,
    );
    const undoFigure = (pick: (u: UndoFigures) => number) => {
      const all = designer.map((r) => pick(r.undo)).sort((a, b) => a - b);
      const median = quantile(all, 0.5);
      return {
        median,
        text: `median ${fmt(median)} (${all.map((ms) => ms.toFixed(0)).join(', ')} ms), ${(median / UNDO_STEPS).toFixed(2)} ms per step`,
      };
    };
    const undoCanvas = undoFigure((u) => u.canvas);
    const undoMedian = undoCanvas.median;
    console.log(`  undo of ${UNDO_STEPS} steps (Ctrl+Z x${UNDO_STEPS}), first key to the paint of the canvas undone: ${undoCanvas.text}`);
    console.log(`  ... to the paint of the preview undone too: ${undoFigure((u) => u.preview).text}`);
    console.log(`  ... of which the ${UNDO_STEPS} keydowns' delivery (first to last): ${undoFigure((u) => u.keys).text}`);
    console.log(
      `  targets: to paint p50 within ${TARGET_RATIO}x the record form's: ${ratio <= TARGET_RATIO && shown === designerFigures.keystrokes ? 'met' : 'NOT met'}; undo of ${UNDO_STEPS} steps under ${TARGET_UNDO_MS} ms: ${undoMedian < TARGET_UNDO_MS ? 'met' : 'NOT met'}`,
    );
  } finally {
    await server.close();
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1])
  await benchDesignerLatency({ keystrokes: cliNumber('keystrokes'), rounds: cliNumber('rounds') });
