/**
 * What the schema-driven end-to-end tests of the resource pages share: the registry, the pages
 * of schemas/menu.json (each menu whose component is "resource"), the English texts of the
 * console (say()), and the locators of a resource page (table, toolbar, search form, dialog).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Locator, Page, Request } from 'playwright-core';
import { loadRegistry } from '../../schemas/registry/loadRegistry.ts';
import { getMessage, loadLocales, type Messages } from '../../schemas/registry/locales.ts';
import type { ActionDef, CallDef, Resource } from '../../schemas/registry/types.ts';
import { DEFAULT_PLATFORM_TENANT } from '../../server-mock/config/config.ts';
import type { client } from '../api/harness.ts';
import { toast } from './harness.ts';

const root = join(import.meta.dirname, '../..');
const schemasDir = join(root, 'schemas');
export const registry = loadRegistry(schemasDir);
/** The tenant whose administrator the tests sign in as. */
export const TENANT = 'demo';
export const PLATFORM_TENANT = process.env.PLATFORM_TENANT || DEFAULT_PLATFORM_TENANT;

export type Rec = Record<string, unknown>;
export type Api = ReturnType<typeof client>;

// ---------------------------------------------------------------------------------------------
// English texts: resource labels (schemas/locales) and console strings (runtime/i18n/messages).

/** The resource labels and dictionaries in English (schemas/locales/en.json). */
export const schemaMessages: Messages = loadLocales(schemasDir).en;

const messageSources: Messages[] = [
  schemaMessages,
  JSON.parse(readFileSync(join(root, 'runtime/i18n/messages/layout/en.json'), 'utf8')) as Messages,
  JSON.parse(readFileSync(join(root, 'runtime/i18n/messages/en.json'), 'utf8')) as Messages,
];

/** The English text of a key, or undefined when no message file has it. */
export function maybeSay(key: string, values: Record<string, string> = {}): string | undefined {
  const text = messageSources.map((m) => getMessage(m, key)).find((m) => m !== undefined);
  return text?.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** The English text of a key; throws when no message file has it. */
export function say(key: string, values: Record<string, string> = {}): string {
  const text = maybeSay(key, values);
  if (text === undefined) throw new Error(`no English text for ${key}`);
  return text;
}

export const titleOf = (r: Resource) => say(r.labels.title);
export const labelOf = (r: Resource, field: string) => say(r.labels.fields[field] ?? r.fieldMap.get(field)?.label ?? field);

export function actionLabel(a: ActionDef, placement: 'toolbar' | 'row'): string {
  if (a.kind === 'custom') return say(a.label ?? a.name);
  if (placement === 'toolbar' && a.name === 'delete') return say('resource.actions.batchDelete');
  return say(`resource.actions.${a.name}`);
}

// ---------------------------------------------------------------------------------------------
// The pages, and the registry look-ups the steps use.

interface MenuNode {
  code: string;
  path: string;
  component?: string;
  resource?: string;
  hidden?: boolean;
  activeMenu?: string;
  children?: MenuNode[];
}

export interface ResourcePageDef {
  resource: Resource;
  path: string;
  /** The menu's path joined to its ancestors' (as the seed matches menu grants). */
  fullPath: string;
}

/**
 * Every menu entry that shows the generic resource page as a list, in menu order: not a
 * record route (a hidden entry showing one record of the page it highlights).
 */
export function resourcePages(): ResourcePageDef[] {
  const out: ResourcePageDef[] = [];
  const walk = (nodes: MenuNode[], parent = '') => {
    for (const n of nodes) {
      const fullPath = `${parent}/${n.path}`.replace(/\/+/g, '/');
      const resource = n.component === 'resource' && n.resource ? registry.byName.get(n.resource) : undefined;
      const recordRoute = n.hidden === true && n.activeMenu !== undefined;
      if (resource && !recordRoute) out.push({ resource, path: n.path, fullPath });
      if (n.children) walk(n.children, fullPath);
    }
  };
  walk((JSON.parse(readFileSync(join(schemasDir, 'menu.json'), 'utf8')) as { menus: MenuNode[] }).menus);
  return out;
}

/** A resource of the registry by name; throws when there is none. */
export function resourceNamed(name: string): Resource {
  const r = registry.byName.get(name);
  if (!r) throw new Error(`no resource ${name} in the registry`);
  return r;
}

/** A standard action of a resource. */
export function action(r: Resource, name: string): ActionDef | undefined {
  return r.actions.find((a) => a.kind === 'standard' && a.name === name);
}

/** A standard call of a resource, if it has one. */
/** The delete call's parameters for a record: its key, and the typed value a typeToConfirm delete needs. */
export function deleteParams(r: Resource, rec: Record<string, unknown>): Record<string, string> {
  const typed = action(r, 'delete')?.typeToConfirm;
  return { id: String(rec[r.list.rowKey]), ...(typed ? { confirm: String(rec[typed]) } : {}) };
}

export function findCall(r: Resource, verb: CallDef['verb']): CallDef | undefined {
  return registry.calls.find((c) => c.resource === r.name && c.verb === verb);
}

export function callOf(r: Resource, verb: CallDef['verb']): CallDef {
  const call = findCall(r, verb);
  if (!call) throw new Error(`${r.name} has no ${verb} call`);
  return call;
}

/** A string field typed freely: no pattern, format, enum or dictionary, not secret nor managed by the server. */
export function isFreeText(r: Resource, field: string): boolean {
  const f = r.fieldMap.get(field);
  if (!f || f.system || f.secret || f.type !== 'string') return false;
  return !f.schema.pattern && !f.schema.format && !f.schema.enum && !f.dict;
}

/** Fields other records point at or that build a tree: editing them would move or orphan records. */
export function isLinkField(r: Resource, field: string): boolean {
  if (r.relations[field]) return true;
  if (r.list.tree && (r.list.tree.keyField === field || r.list.tree.parentField === field)) return true;
  return registry.resources.some((o) => Object.values(o.relations).some((rel) => rel.resource === r.name && rel.valueField === field));
}

/** A text for a field within its length bounds. */
export function textFor(r: Resource, field: string, text: string): string {
  const schema = r.fieldMap.get(field)!.schema;
  return text.slice(0, schema.maxLength ?? 200).padEnd(schema.minLength ?? 0, '0');
}

/** Why a platform-scoped resource cannot be used as the tenant's administrator, or undefined. */
export function scopeSkip(r: Resource): string | undefined {
  return r.scope === 'platform' && TENANT !== PLATFORM_TENANT ? `platform-scoped, and ${TENANT} is not the platform tenant` : undefined;
}

/** The buttons, data permission and menu paths of the signed-in user (queryCurrentAuthority). */
export async function authorityOf(api: Api): Promise<{ menuButton: string[]; dataFields: Record<string, string[]>; paths: Set<string> }> {
  const call = registry.calls.find((c) => c.name === 'queryCurrentAuthority')!;
  const res = await api.call<{
    menuButton?: string[];
    dataFields?: Record<string, string[]>;
    menu?: { path: string; children?: unknown[] }[];
  }>(call.method, call.url);
  expect(res.status).toBe(200);
  const paths = new Set<string>();
  const walk = (nodes: { path: string; children?: unknown[] }[]) => {
    for (const n of nodes) {
      paths.add(n.path);
      if (n.children) walk(n.children as { path: string; children?: unknown[] }[]);
    }
  };
  walk(res.body.menu ?? []);
  return { menuButton: res.body.menuButton ?? [], dataFields: res.body.dataFields ?? {}, paths };
}

// ---------------------------------------------------------------------------------------------
// Page locators.

export const table = (page: Page, r: Resource) => page.getByTestId(`table-${r.name}`);
export const dataRows = (page: Page, r: Resource) => table(page, r).locator('[role=row][data-row-id]');
export const rowById = (page: Page, r: Resource, id: unknown) => table(page, r).locator(`[role=row][data-row-id="${String(id)}"]`);
/** The rows of the page's table that show this text. */
export const rowWith = (page: Page, r: Resource, text: string) => dataRows(page, r).filter({ hasText: text });
/**
 * Runs a row action by its label: its link in the row, or the item of the row's "More" menu
 * (a wide window shows the first two actions of four or more, a narrow one none).
 */
/**
 * The open "More" menu, once its opening motion is over: while it slides in, role queries on
 * its items answer one frame and not the next (a menu read then lists none of its items, or
 * some); a menu still leaving (its closing motion cut short when the page it belongs to was
 * hidden as a cached tab) stays in the document without taking clicks.
 */
const OPEN_MENU = '.ant-dropdown:visible:not([class*="-leave"]):not([class*="-appear"]):not([class*="-enter"])';
/** The dropdown menu opened last, settled and not leaving (a menu closed just before may still be fading out). */
export const openMenu = (page: Page) => page.locator(OPEN_MENU).last();

/**
 * The actions cell of a row, once its buttons are there (the cell may show before the row's
 * actions, which follow the user's grants).
 */
async function actionsCell(row: Locator): Promise<Locator> {
  const cell = row.locator('.data-table-actions');
  await cell.locator('button').first().waitFor();
  return cell;
}

export async function rowAction(row: Locator, name: string): Promise<void> {
  const cell = await actionsCell(row);
  const link = cell.getByRole('button', { name, exact: true });
  if (await link.count()) return link.click();
  await cell.locator('[data-row-more]').click();
  await openMenu(row.page()).getByRole('menuitem', { name, exact: true }).click();
}

/** The labels of a row's actions, those under "More" included (the menu is opened and closed). */
/** The labels of a row's actions shown in the row itself (not those under "More"), once its buttons are there. */
export async function inlineRowActionNames(row: Locator): Promise<string[]> {
  const cell = await actionsCell(row);
  return (await cell.locator('button:not([data-row-more])').allInnerTexts()).map((t) => t.trim());
}

export async function rowActionNames(row: Locator): Promise<string[]> {
  const links = await inlineRowActionNames(row);
  const cell = row.locator('.data-table-actions');
  const more = cell.locator('[data-row-more]');
  if (!(await more.count())) return links;
  await more.click();
  const menu = openMenu(row.page());
  await menu.getByRole('menuitem').first().waitFor();
  const items = (await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
  // Keep hold of this menu's own element: once closing it is no longer an open menu.
  const closing = await menu.elementHandle();
  await row.page().keyboard.press('Escape');
  await closing?.waitForElementState('hidden');
  return [...links, ...items];
}

export const toolbarOf = (page: Page, r: Resource) =>
  page.getByRole('toolbar', { name: say('resource.toolbarOf', { title: titleOf(r) }), exact: true });
export const searchOf = (page: Page, r: Resource) =>
  page.getByRole('search', { name: say('resource.searchOf', { title: titleOf(r) }), exact: true });
/** The dialog on top: the add / edit form, or a confirm. */
export const dialog = (page: Page) => page.locator('.ant-modal:visible, .ant-modal-confirm:visible').last();
/** The confirm dialog that asks `question` (only that one, even while another dialog closes). */
export const confirmDialog = (page: Page, question: string) => page.locator('.ant-modal-confirm:visible').filter({ hasText: question });
export const drawer = (page: Page) => page.locator('.ant-drawer:visible');

/**
 * Waits until a dialog has opened and its opening motion is over (no `ant-zoom-*` class left).
 * A dialog starts at its final place (`transform: none`, transparent) for the motion's first
 * frames, so a click can find its button there, steady, and press it; the zoom then starts
 * from a fifth of the size, and on a busy machine the release comes a frame or more later,
 * over another element: the browser sends the click to the common ancestor, the button's
 * handler never runs, and the dialog stays open with the button focused by the press. Click a
 * dialog's buttons only once this resolves.
 */
export async function openedDialog(modal: Locator): Promise<Locator> {
  await modal.waitFor();
  await expect.poll(() => modal.getAttribute('class'), { message: 'the dialog finishes opening' }).not.toMatch(/\bant-zoom-/);
  return modal;
}
/** The messages of a form field (`data-field` is the field's name). */
export const fieldAlert = (scope: ReturnType<typeof dialog>, field: string) => scope.locator(`[data-field="${field}"] [role=alert]`);

/** Waits until the page's table shows and has finished loading. */
export async function settled(page: Page, r: Resource): Promise<void> {
  await table(page, r).waitFor();
  await expect.poll(() => table(page, r).getAttribute('aria-busy')).toBeNull();
}

export async function headers(page: Page, r: Resource): Promise<string[]> {
  return (await table(page, r).locator('[role=columnheader]').allInnerTexts()).map((h) => h.trim());
}

/** The text of a record's cell in a column. */
export async function cellOf(page: Page, r: Resource, id: unknown, header: string): Promise<string> {
  const index = (await headers(page, r)).indexOf(header);
  if (index < 0) throw new Error(`no column "${header}" in ${r.name}`);
  return (await rowById(page, r, id).locator('[role=cell]').nth(index).innerText()).trim();
}

export function nextCall(page: Page, callName: string): Promise<Request> {
  return page.waitForRequest((req) => new URL(req.url()).pathname.endsWith(`/${callName}`));
}

export const paramsOf = (req: Request) => Object.fromEntries(new URL(req.url()).searchParams);

export async function rowIds(page: Page, r: Resource): Promise<string[]> {
  return dataRows(page, r).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-id') ?? ''));
}

/** Waits until no toast with this text is left from an earlier step. */
export async function noToast(page: Page, text: string): Promise<void> {
  await expect.poll(() => toast(page, text).count(), { timeout: 10_000 }).toBe(0);
}

/** Closes the add / edit dialog, discarding changes if it asks. */
export async function closeForm(page: Page): Promise<void> {
  const modal = dialog(page);
  await modal.getByRole('button', { name: say('common.cancel'), exact: true }).click();
  const discard = page.locator('.ant-modal-confirm:visible');
  if (await discard.count()) await (await openedDialog(discard)).getByRole('button', { name: say('resource.discard') }).click();
  await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
}
