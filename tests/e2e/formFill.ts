/**
 * Fills the record form of a resource page through its widgets, as a user would: generic over
 * the registry, so that any resource's add form can be filled from a record.
 *
 * The form's own plan (runtime/resource/form/formPlan.ts, on the resource's generated
 * metadata) says which fields show, with which widget, which input repeats a password and
 * which field the mobile widget shows as its country code. Each field row is
 * `[data-field="<name>"]`; a widget is driven by what it shows: inputs are typed into,
 * switches and checkboxes clicked, radio buttons checked by their label, selects and tree
 * selects opened and their option chosen by its label (the dictionary's English label, or for
 * a relation the related record's label field, read through the API), dates typed in the
 * picker's format; a rich-text editor (TinyMCE) takes the HTML in its Source code dialog, and
 * what the form sends is the HTML the editor then holds (TinyMCE's own serialisation of it,
 * read from the editor). A widget it does not know throws, naming the field and the widget, so
 * that a new widget cannot be skipped silently.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Resource } from '../../schemas/registry/types.ts';
import type { RelationMeta, ResourceMeta } from '../../runtime/generated/resources.ts';
import { resourceMeta } from '../../schemas/registry/resourceMeta.ts';
import { buildFormPlan, type FormPlan, type PlannedField } from '../../runtime/resource/form/formPlan.ts';
import { fieldChoices, isChoiceList, joinList, prefixChoices, splitList, type Choice } from '../../runtime/resource/form/fieldOptions.ts';
import { optionsFromList, optionsFromTree, relationCall, withRoot, type OptionNode } from '../../runtime/resource/form/relationOptions.ts';
import { DEFAULT_MOBILE_PREFIX, isEmptyValue } from '../../runtime/resource/form/formValues.ts';
import type { Envelope, PageData } from '../api/harness.ts';
import { maybeSay, registry, say, schemaMessages, type Api, type Rec } from './resourceLocators.ts';

/** How a field is filled: the component its widget name shows for this field. */
export type WidgetKind =
  | 'text'
  | 'textarea'
  | 'password'
  | 'json'
  | 'number'
  | 'switch'
  | 'checkbox'
  | 'checkboxGroup'
  | 'radio'
  | 'select'
  | 'multiSelect'
  | 'relationSelect'
  | 'relationTree'
  | 'date'
  | 'dateTime'
  | 'mobile'
  | 'tags'
  | 'richText';

/** Kinds whose value is typed as text: any text can be entered, and cleared. */
export const TYPED_KINDS: ReadonlySet<WidgetKind> = new Set(['text', 'textarea', 'password', 'mobile', 'number']);

export interface FormFillOptions {
  /** Reads the related records of relation fields (their labels are the options). */
  api: Api;
  /** Fields the user's data permission hides (not in the form). */
  hidden?: ReadonlySet<string>;
}

interface FilledField {
  name: string;
  kind: WidgetKind;
  /** The value the form sends for the field. */
  value: unknown;
}

export interface FilledForm {
  /** What the form sends on Save: every field filled, by name (a confirm input is not sent). */
  values: Rec;
  fields: FilledField[];
}

// ---------------------------------------------------------------------------------------------
// The plan and each field's widget kind.

const metaCache = new Map<string, ResourceMeta>();

/** The resource's metadata as the console gets it (runtime/generated/resources.ts is written from it). */
function metaOf(r: Resource): ResourceMeta {
  let meta = metaCache.get(r.name);
  if (!meta) metaCache.set(r.name, (meta = JSON.parse(JSON.stringify(resourceMeta(r))) as ResourceMeta));
  return meta;
}

/** The add form's plan, as the console draws it. */
export function createPlan(r: Resource, hidden: ReadonlySet<string> = new Set()): FormPlan {
  return buildFormPlan(metaOf(r), 'create', hidden);
}

function dictValues(dict: string): string[] {
  const dicts = (schemaMessages.dict ?? {}) as Record<string, Record<string, unknown>>;
  return Object.keys(dicts[dict] ?? {});
}

/** The choices of an enum or dictionary field, with their English labels (as the form lists them). */
function choicesOf(field: PlannedField): Choice[] {
  return fieldChoices(field, field.dict ? dictValues(field.dict) : undefined, (key) => maybeSay(key));
}

/** What a select of choices falls back to (SelectWidget of builtinWidgets.tsx). */
function selectKind(field: PlannedField): WidgetKind {
  if (choicesOf(field).length === 0) return 'text';
  return isChoiceList(field.schema) ? 'multiSelect' : 'select';
}

/**
 * The component a planned field shows: the input of its kind (fieldKinds/builtinKinds.tsx).
 * Throws for a kind this module does not know how to fill.
 */
export function widgetKind(r: Resource, field: PlannedField): WidgetKind {
  // An object or array value (a json field, a many-valued relation) is filled as JSON text.
  if (field.type === 'json') return 'json';
  switch (field.kind) {
    case 'text':
    case 'icon':
      return 'text';
    case 'textarea':
    case 'code':
      return 'textarea';
    case 'richText':
      return 'richText';
    case 'password':
      return 'password';
    case 'number':
      return 'number';
    case 'switch':
    case 'flag':
      return 'switch';
    case 'checkbox':
      return choicesOf(field).length ? 'checkboxGroup' : 'checkbox';
    case 'radio':
    case 'status':
      return choicesOf(field).length ? 'radio' : selectKind(field);
    case 'select':
      return selectKind(field);
    case 'relation':
      return field.relation?.widget === 'treeSelect' ? 'relationTree' : 'relationSelect';
    case 'date':
      return 'date';
    case 'dateTime':
      return 'dateTime';
    case 'mobile':
      return 'mobile';
    case 'tags':
      return 'tags';
    default:
      throw new Error(`formFill: ${r.name}.${field.name} is of the kind "${field.kind}", which formFill does not know how to fill`);
  }
}

// ---------------------------------------------------------------------------------------------
// Lists of options: a select's or a tree select's dropdown, virtualised.

interface Entry {
  label: string;
  level: number;
}

const DROPDOWN = '.ant-select-dropdown:visible';

async function noDropdown(page: Page): Promise<void> {
  await expect.poll(() => page.locator(DROPDOWN).count(), { message: 'the dropdown closes' }).toBe(0);
}

/** The options the open dropdown shows now (a virtual list shows a window of them), in order. */
async function shownEntries(page: Page, tree: boolean): Promise<Entry[]> {
  const dropdown = page.locator(DROPDOWN);
  if ((await dropdown.count()) !== 1) return [];
  return dropdown.evaluate((el, isTree) => {
    if (isTree) {
      return Array.from(el.querySelectorAll('[role=treeitem]')).map((node) => ({
        label: node.querySelector('.ant-select-tree-node-content-wrapper')?.getAttribute('title') ?? '',
        level: node.querySelectorAll('.ant-select-tree-indent-unit').length,
      }));
    }
    return Array.from(el.querySelectorAll('.ant-select-item-option')).map((node) => ({
      label: node.getAttribute('title') ?? '',
      level: 0,
    }));
  }, tree);
}

/**
 * Clicks entry `target` of the list the open dropdown holds (`expected`: every entry, in
 * order). The shown window is matched against the list to know which entry each shown
 * option is (labels may repeat); the list is scrolled until the target shows.
 */
async function pickEntry(page: Page, expected: readonly Entry[], target: number, where: string, tree = false): Promise<void> {
  const deadline = Date.now() + 15_000;
  let last: Entry[] = [];
  while (Date.now() < deadline) {
    const shown = await shownEntries(page, tree);
    last = shown;
    const offsets: number[] = [];
    if (shown.length) {
      for (let o = 0; o + shown.length <= expected.length; o++) {
        if (shown.every((s, j) => s.label === expected[o + j]!.label && s.level === expected[o + j]!.level)) offsets.push(o);
      }
    }
    const at = new Set(offsets.map((o) => target - o));
    if (offsets.length && at.size === 1) {
      const index = [...at][0]!;
      const items = page
        .locator(DROPDOWN)
        .locator(tree ? '[role=treeitem] .ant-select-tree-node-content-wrapper' : '.ant-select-item-option');
      if (index >= 0 && index < shown.length) {
        await items.nth(index).click();
        return;
      }
      // Scroll the list towards the target.
      const box = await page.locator(DROPDOWN).boundingBox();
      const itemBox = await items.first().boundingBox();
      if (box && itemBox) {
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        const rows = index < 0 ? index : index - shown.length + 1;
        await page.mouse.wheel(0, rows * itemBox.height);
      }
    } else if (offsets.length > 1) {
      throw new Error(`formFill: ${where}: the options shown cannot be told apart (${JSON.stringify(shown)})`);
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`formFill: ${where}: option ${JSON.stringify(expected[target])} did not show; shown: ${JSON.stringify(last)}`);
}

/** The entries a list shows, depth first (a tree select while searching shows every branch open). */
function flattenEntries(
  nodes: readonly OptionNode[],
  level = 0,
  out: (Entry & { node: OptionNode })[] = [],
): (Entry & { node: OptionNode })[] {
  for (const n of nodes) {
    out.push({ label: n.label, level, node: n });
    if (n.children) flattenEntries(n.children, level + 1, out);
  }
  return out;
}

/** The tree a tree select shows for a search text (rc-tree-select: a matching node keeps all its children). */
function filterTree(nodes: readonly OptionNode[], text: string, keepAll = false): OptionNode[] {
  const out: OptionNode[] = [];
  const upper = text.toUpperCase();
  for (const n of nodes) {
    const match = keepAll || n.label.toUpperCase().includes(upper);
    const children = filterTree(n.children ?? [], text, match);
    if (match || children.length) out.push({ ...n, children: children.length ? children : undefined });
  }
  return out;
}

/**
 * Closes a list that stays open after a choice (a multiple select): a click on the dialog's
 * title, outside the list (Escape would also reach the dialog and ask to discard it).
 */
async function closeList(form: Locator, list = DROPDOWN): Promise<void> {
  const page = form.page();
  if (await page.locator(list).count()) {
    const title = form.locator('.ant-modal-title');
    if (await title.count()) await title.click();
    else await page.mouse.click(1, 1);
  }
  await expect.poll(() => page.locator(list).count(), { message: 'the list closes' }).toBe(0);
}

/** The select of a field row, opened. */
async function openSelect(row: Locator): Promise<Locator> {
  await noDropdown(row.page());
  const select = row.locator('.ant-select').first();
  await select.click();
  await expect.poll(() => row.page().locator(DROPDOWN).count(), { message: 'the dropdown opens' }).toBe(1);
  return row.getByRole('combobox').first();
}

// ---------------------------------------------------------------------------------------------
// Relation options, read through the API as the widget loads them (relationOptions.ts).

async function relationNodes(api: Api, rel: RelationMeta, tree: boolean): Promise<OptionNode[]> {
  const target = registry.byName.get(rel.resource);
  if (!target) throw new Error(`formFill: no resource ${rel.resource}`);
  const call = relationCall(metaOf(target));
  const def = registry.calls.find((c) => c.name === call.name);
  if (!def) throw new Error(`formFill: no call ${call.name}`);
  if (call.tree) {
    const res = await api.call<Envelope<Rec[]>>(def.method, def.url);
    expect(res.status, `${call.name}`).toBe(200);
    return optionsFromTree(res.body.data ?? [], rel);
  }
  const res = await api.call<Envelope<PageData>>(def.method, def.url, { params: { currentPage: 1, pageSize: 10000 } });
  expect(res.status, `${call.name}`).toBe(200);
  const spec = target.list.tree;
  return optionsFromList(
    res.body.data?.list ?? [],
    rel,
    tree && spec ? { keyField: spec.keyField, parentField: spec.parentField, rootValue: spec.rootValue } : undefined,
  );
}

// ---------------------------------------------------------------------------------------------
// Filling one field.

function fieldRow(form: Locator, name: string): Locator {
  return form.locator(`[data-field="${name}"]`);
}

/** The date (and time) the browser shows for a value, in the picker's format, and what the picker sends for it. */
async function pickerText(page: Page, value: string, withTime: boolean, dateOnly: boolean): Promise<{ text: string; sent: string }> {
  return page.evaluate(
    ({ value, withTime, dateOnly }) => {
      const pad = (n: number) => String(n).padStart(2, '0');
      if (dateOnly) return { text: value, sent: value };
      const d = new Date(value);
      if (Number.isNaN(d.getTime())) throw new Error(`not a date: ${value}`);
      const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
      if (!withTime) return { text: day, sent: new Date(d.getFullYear(), d.getMonth(), d.getDate()).toISOString() };
      const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
      return {
        text: `${day} ${time}`,
        sent: new Date(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()).toISOString(),
      };
    },
    { value, withTime, dateOnly },
  );
}

async function typeInto(input: Locator, text: string): Promise<void> {
  await input.fill(text);
  await expect.poll(() => input.inputValue()).toBe(text);
}

/** The TinyMCE dialog open on the page (dialogs are put at the end of the body, outside the form). */
const EDITOR_DIALOG = '.tox-dialog:visible';

/**
 * Puts HTML into the rich-text editor of a field row through its Source code dialog (toolbar
 * button), as a user pastes markup; returns the HTML the editor then holds, which is what the
 * form sends (undefined when empty).
 */
async function fillRichText(row: Locator, html: string, where: string): Promise<string | undefined> {
  const page = row.page();
  const editor = row.locator('[data-testid="rich-text-editor"][data-ready="true"]');
  await editor.waitFor({ timeout: 30_000 });
  const id = await editor.locator('textarea').first().getAttribute('id');
  if (!id) throw new Error(`formFill: ${where}: the editor has no id`);
  await editor.getByRole('button', { name: 'Source code', exact: true }).click();
  const source = page.locator(EDITOR_DIALOG).locator('textarea');
  await source.fill(html);
  await page.locator(EDITOR_DIALOG).getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => page.locator(EDITOR_DIALOG).count(), { message: `${where}: the Source code dialog closes` }).toBe(0);
  // The HTML the editor now holds (TinyMCE's serialisation), read from the editor itself.
  const content = await page.evaluate((editorId) => {
    // TinyMCE's global (set by the bundle); its typings are not part of the test's program.
    const tiny = (window as unknown as { tinymce: { get(id: string): { getContent(): string } | null } }).tinymce;
    return tiny.get(editorId)?.getContent() ?? null;
  }, id);
  if (content === null) throw new Error(`formFill: ${where}: no editor ${id}`);
  return content === '' ? undefined : content;
}

/**
 * Fills one field of the open form with `value` through its widget and returns what the form
 * sends for it (undefined: the field is left empty). A typed field (TYPED_KINDS) takes any
 * text, and undefined clears it.
 */
export async function fillField(form: Locator, r: Resource, name: string, value: unknown, options: FormFillOptions): Promise<unknown> {
  const plan = createPlan(r, options.hidden);
  const field = plan.byName.get(name);
  if (!field) throw new Error(`formFill: ${r.name}.${name} is not in the add form`);
  const kind = widgetKind(r, field);
  const row = fieldRow(form, name);
  await row.waitFor();
  const page = form.page();
  const where = `${r.name}.${name} (kind ${field.kind}, ${kind})`;
  const empty = isEmptyValue(value);
  if (empty && !TYPED_KINDS.has(kind) && kind !== 'richText') throw new Error(`formFill: ${where}: clearing this widget is not supported`);

  switch (kind) {
    case 'text':
    case 'password':
      await typeInto(row.locator('input').first(), empty ? '' : String(value));
      break;
    case 'textarea':
      await typeInto(row.locator('textarea'), empty ? '' : String(value));
      break;
    case 'tags': {
      // free values kept as "a,b": typed with their commas (the select's separator), then Enter
      const input = row.locator('input').first();
      await input.click();
      await input.pressSequentially(String(value));
      await input.press('Enter');
      break;
    }
    case 'json':
      await typeInto(row.locator('textarea'), typeof value === 'string' ? value : JSON.stringify(value, null, 2));
      break;
    case 'number': {
      const input = row.locator('input').first();
      await input.fill(empty ? '' : String(value));
      await expect.poll(() => input.inputValue()).toBe(empty ? '' : String(value));
      break;
    }
    case 'switch':
    case 'checkbox': {
      if (typeof value !== 'boolean') throw new Error(`formFill: ${where}: ${JSON.stringify(value)} is not a boolean`);
      const control = kind === 'switch' ? row.getByRole('switch') : row.getByRole('checkbox');
      const checked = async () => (kind === 'switch' ? (await control.getAttribute('aria-checked')) === 'true' : control.isChecked());
      // Off on a new form is no value: switching on and off again makes it false.
      if (!(await checked())) await control.click();
      if (!value) await control.click();
      await expect.poll(checked, { message: where }).toBe(value);
      break;
    }
    case 'checkboxGroup': {
      const choices = choicesOf(field);
      const wanted = new Set(splitList(String(value)));
      for (const c of choices) await row.getByRole('checkbox', { name: c.label, exact: true }).setChecked(wanted.has(String(c.value)));
      return joinList([...wanted], choices);
    }
    case 'radio': {
      const choice = choicesOf(field).find((c) => String(c.value) === String(value));
      if (!choice) throw new Error(`formFill: ${where}: ${JSON.stringify(value)} is not one of its choices`);
      await row.getByRole('radio', { name: choice.label, exact: true }).check();
      return choice.value;
    }
    case 'select': {
      const choices = choicesOf(field);
      const target = choices.findIndex((c) => String(c.value) === String(value));
      if (target < 0) throw new Error(`formFill: ${where}: ${JSON.stringify(value)} is not one of its choices`);
      const combobox = await openSelect(row);
      let shown = choices;
      // More than 7 choices: the select searches by label.
      if (choices.length > 7) {
        await combobox.fill(choices[target]!.label);
        shown = choices.filter((c) => c.label.toUpperCase().includes(choices[target]!.label.toUpperCase()));
      }
      await pickEntry(
        page,
        shown.map((c) => ({ label: c.label, level: 0 })),
        shown.indexOf(choices[target]!),
        where,
      );
      await noDropdown(page);
      return choices[target]!.value;
    }
    case 'multiSelect': {
      const choices = choicesOf(field);
      const wanted = splitList(String(value));
      await openSelect(row);
      for (const item of wanted) {
        const target = choices.findIndex((c) => String(c.value) === item);
        if (target < 0) throw new Error(`formFill: ${where}: ${item} is not one of its choices`);
        await pickEntry(
          page,
          choices.map((c) => ({ label: c.label, level: 0 })),
          target,
          where,
        );
      }
      await closeList(form);
      return joinList(wanted, choices);
    }
    case 'relationSelect':
    case 'relationTree': {
      const rel = field.relation!;
      const tree = kind === 'relationTree';
      let nodes = await relationNodes(options.api, rel, tree);
      if (field.treeParent) nodes = withRoot(nodes, field.treeParent.rootValue, say('resourceForm.root'));
      const all = flattenEntries(nodes);
      const node = all.find((e) => String(e.node.value) === String(value));
      if (!node) throw new Error(`formFill: ${where}: no ${rel.resource} record has ${rel.valueField} ${JSON.stringify(value)}`);
      const combobox = await openSelect(row);
      await combobox.fill(node.label);
      // What the list shows for the search: a flat select the matching labels, a tree select the matching branches.
      const shown = tree
        ? flattenEntries(filterTree(nodes, node.label))
        : all.filter((e) => e.label.toUpperCase().includes(node.label.toUpperCase())).map((e) => ({ ...e, level: 0 }));
      const target = shown.findIndex((e) => e.node.value === node.node.value);
      await pickEntry(page, shown, target, where, tree);
      await noDropdown(page);
      return node.node.value;
    }
    case 'date':
    case 'dateTime': {
      if (typeof value !== 'string') throw new Error(`formFill: ${where}: ${JSON.stringify(value)} is not a date text`);
      const { text, sent } = await pickerText(page, value, kind === 'dateTime', field.schema.format === 'date');
      const input = row.locator('input').first();
      await input.click();
      await input.fill(text);
      await page.keyboard.press('Enter');
      await expect.poll(() => input.inputValue()).toBe(text);
      await closeList(form, '.ant-picker-dropdown:visible');
      return sent;
    }
    case 'mobile':
      await typeInto(row.locator('input[inputmode=tel]'), empty ? '' : String(value));
      break;
    case 'richText':
      return fillRichText(row, empty ? '' : String(value), where);
  }
  return empty ? undefined : kind === 'number' ? Number(value) : value;
}

/** Chooses the country code shown in a mobile field's widget. */
async function fillPrefix(form: Locator, r: Resource, mobile: PlannedField, value: unknown): Promise<unknown> {
  const where = `${r.name}.${mobile.prefixField} (country code of the mobile widget of ${mobile.name})`;
  const page = form.page();
  const row = fieldRow(form, mobile.name);
  // The choices the select offers on a new form (the code it starts with is one of them).
  const choices = prefixChoices(DEFAULT_MOBILE_PREFIX);
  const text = String(value);
  if (!choices.includes(text)) throw new Error(`formFill: ${where}: ${text} is not one of its choices`);
  const combobox = await openSelect(row);
  await combobox.fill(text);
  const shown = choices.filter((c) => c.toUpperCase().includes(text.toUpperCase()));
  await pickEntry(
    page,
    shown.map((c) => ({ label: c, level: 0 })),
    shown.indexOf(text),
    where,
  );
  await noDropdown(page);
  return text;
}

/**
 * Fills the add form open in `form` (the dialog) with `record`, field by field in form order.
 * A field the record has no value for is left empty; the country code of a mobile number is
 * chosen in the mobile widget; a repeated password is typed twice. Returns what the form
 * sends on Save.
 */
export async function fillForm(form: Locator, r: Resource, record: Rec, options: FormFillOptions): Promise<FilledForm> {
  const plan = createPlan(r, options.hidden);
  const values: Rec = {};
  const fields: FilledField[] = [];
  for (const field of plan.fields) {
    // Shown inside another widget, or repeating another field: filled with that field.
    if (field.shownIn || field.confirms || field.readOnly) continue;
    const kind = widgetKind(r, field);
    const value = record[field.name];
    if (isEmptyValue(value)) continue;
    const sent = await fillField(form, r, field.name, value, options);
    if (field.confirmField) await fillField(form, r, field.confirmField, value, options);
    if (field.prefixField && !isEmptyValue(record[field.prefixField])) {
      const prefix = await fillPrefix(form, r, field, record[field.prefixField]);
      values[field.prefixField] = prefix;
      fields.push({ name: field.prefixField, kind: 'select', value: prefix });
    }
    values[field.name] = sent;
    fields.push({ name: field.name, kind, value: sent });
  }
  // The country code a new form starts with is sent when the record has none.
  for (const field of plan.fields) if (field.shownIn && !(field.name in values)) values[field.name] = DEFAULT_MOBILE_PREFIX;
  return { values, fields };
}
