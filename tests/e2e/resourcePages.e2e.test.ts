/**
 * Every page of the generic resource page, generated from the registry and schemas/menu.json
 * (each menu whose component is "resource"): a new resource with a menu entry is covered
 * without writing a test.
 *
 * As the administrator of tenant demo, on each page: the rows (a tree on tree pages), a search
 * on the first basic search field with the first row's value, the add form submitted empty
 * (the required fields' messages, no add call), then a record created through the API is
 * found by a unique field, edited through the form, exported as a spreadsheet and deleted with
 * its row's Delete button.
 *
 * As the editor, on each page the editor's menu offers: no toolbar or row button whose code
 * the editor does not hold (`menuButton` of queryCurrentAuthority), no field its data
 * permission hides (`dataFields`) in a column header, the column menu, the detail or the form,
 * and the server refuses the call of each missing button (403).
 *
 * A list-only page (`list.source`: the rows of a declared call) is opened and checked against
 * that call's answer; when the call requires the filter tree's value, the page first asks for a
 * node, and the test chooses the first node with rows.
 *
 * Only the steps that apply to a page are generated, decided when the tests are collected from
 * the registry and the demo roles' grants (pageCases.ts): no basic text search field, no
 * free-text field, no add action, a button or page the role is not granted, a platform-scoped
 * resource outside the platform tenant... leave the step out, and the collection prints how
 * many cases of each kind were generated and what each kind left out. A first test checks that
 * the server grants what the cases were generated from. Nothing is skipped while it runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page, Request } from 'playwright-core';
import type { ActionDef, Resource, SearchField } from '../../schemas/registry/types.ts';
import { CONFIRM_SUFFIX, PREFIX_FIELD } from '../../runtime/resource/form/formPlan.ts';
import { client, signIn as apiSignIn, type Envelope, type PageData } from '../api/harness.ts';
import { validRecord } from '../api/validRecord.ts';
import { answerTo, downloadOf, signIn, spaNavigate, startE2E, toast, type E2E } from './harness.ts';
import { ADMIN_GRANTS, CasePlan, EDITOR_GRANTS, expectGrants } from './pageCases.ts';
import {
  action,
  deleteParams,
  actionLabel,
  callOf,
  cellOf,
  closeForm,
  confirmDialog,
  dataRows,
  dialog,
  drawer,
  fieldAlert,
  findCall,
  headers,
  isFreeText,
  isLinkField,
  labelOf,
  nextCall,
  noToast,
  openedDialog,
  paramsOf,
  registry,
  resourcePages,
  rowById,
  rowIds,
  say,
  scopeSkip,
  searchOf,
  settled,
  table,
  TENANT,
  textFor,
  titleOf,
  toolbarOf,
  type Api,
  type Rec,
  rowAction,
  rowActionNames,
} from './resourceLocators.ts';

/** Digits that make this run's unique values new (digits keep numeric patterns valid). */
const RUN = String(1000 + (Date.now() % 9000));
/** Other digits of the same length, for a second record. */
const OTHER_RUN = String(1000 + ((Number(RUN) + 4500) % 9000));

// ---------------------------------------------------------------------------------------------
// What each step uses, from the registry.

const PAGES = resourcePages();

/** The flag a delete sets instead of removing the record (a tenant in its grace period): the server-set field the delete action is hidden by. */
function markedBy(r: Resource): string | undefined {
  const flag = action(r, 'delete')?.hideWhen;
  return typeof flag === 'string' && r.fieldMap.get(flag)?.auto === 'server' ? flag : undefined;
}

const isUniqueAlone = (r: Resource, field: string) => r.storage.unique.some((set) => set.length === 1 && set[0] === field);
const isInUnique = (r: Resource, field: string) => r.storage.unique.some((set) => set.includes(field));

/** A text search field (not a range, not a choice). */
function isTextSearch(r: Resource, s: SearchField): boolean {
  const f = r.fieldMap.get(s.field);
  return s.match !== 'range' && !!f && f.type === 'string' && !f.dict && !f.schema.enum;
}

interface FindPlan {
  search: SearchField;
  advanced: boolean;
  /** The search field is not unique: the created record gets a marker value in it. */
  marker: boolean;
}

/** How the created record is found on the page: a search field holding a unique value of it. */
function findPlan(r: Resource): FindPlan | undefined {
  const all = [
    ...r.list.search.basic.map((s) => ({ s, advanced: false })),
    ...r.list.search.advanced.map((s) => ({ s, advanced: true })),
  ].filter(({ s }) => isTextSearch(r, s));
  const unique = all.find(({ s }) => isUniqueAlone(r, s.field));
  if (unique) return { search: unique.s, advanced: unique.advanced, marker: false };
  const free = all.find(({ s }) => isFreeText(r, s.field) && !isLinkField(r, s.field));
  return free ? { search: free.s, advanced: free.advanced, marker: true } : undefined;
}

/** The free-text field the edit step changes: edited by a text input, shown as a column, not a link. */
function editField(r: Resource, find: FindPlan | undefined): string | undefined {
  const candidates = r.list.columns
    .filter((c) => !c.hidden)
    .map((c) => c.field)
    .filter((f) => r.form.edit.includes(f) && !r.form.readOnlyOnEdit.includes(f) && isFreeText(r, f) && !isLinkField(r, f))
    .filter((f) => ['text', 'textarea'].includes(r.fieldMap.get(f)?.kind ?? ''));
  const rank = (f: string) => (f === find?.search.field ? 2 : 0) + (isInUnique(r, f) ? 1 : 0);
  return [...candidates].sort((a, b) => rank(a) - rank(b))[0];
}

/** Required fields of the add form and whether the form asks twice, less what the form fills in itself. */
function requiredOnCreate(r: Resource): { field: string; label: string }[] {
  const required = new Set(r.record.required ?? []);
  const hasMobileWidget = r.form.create.some((f) => r.fieldMap.get(f)?.kind === 'mobile');
  const out: { field: string; label: string }[] = [];
  for (const name of r.form.create) {
    const f = r.fieldMap.get(name);
    if (!f || f.system || !required.has(name)) continue;
    // The country code of a mobile number starts as +86.
    if (name === PREFIX_FIELD && hasMobileWidget) continue;
    const label = labelOf(r, name);
    out.push({ field: name, label });
    if (r.form.ui[name]?.confirm) out.push({ field: `${name}${CONFIRM_SUFFIX}`, label: say('resourceForm.confirmLabel', { label }) });
  }
  return out;
}

/** Why the administrator's steps cannot run on this page at all (from the registry), or undefined. */
function adminPageSkip(r: Resource): string | undefined {
  const scope = scopeSkip(r);
  if (scope) return scope;
  if (!action(r, 'query') && !r.list.source) return 'no query action';
  const query = action(r, 'query');
  if (query && !ADMIN_GRANTS.holds(query.permission)) return `the administrator does not hold ${query.permission}`;
  return undefined;
}

/** Why a step that needs these actions does not apply: an action missing or not held by the role. */
function actionsMissing(r: Resource, names: string[], grants = ADMIN_GRANTS): string | undefined {
  for (const name of names) {
    const a = action(r, name);
    if (!a) return `no ${name} action`;
    if (!grants.holds(a.permission)) return `the ${grants.role} does not hold ${a.permission}`;
  }
  return undefined;
}

/** The call of a button, as the editor's refusal step calls it (undefined: the button calls nothing of its own). */
function callOfButton(r: Resource, a: ActionDef) {
  const name =
    a.kind === 'custom'
      ? a.call
      : ['query', 'add', 'update', 'delete', 'export', 'exportWord', 'exportPdf', 'import'].includes(a.name)
        ? `${a.name}${r.name}`
        : undefined;
  return (
    registry.calls.find((c) => c.name === name && c.permission === a.permission) ??
    registry.calls.find((c) => c.permission === a.permission)
  );
}

/** The cases generated, by kind (printed once collected). */
const PLAN = new CasePlan('resourcePages.e2e');

/** The rows of a call's envelope: an array, or a page's list and total. */
function rowsOf(data: unknown): { list: Rec[]; total: number } {
  if (Array.isArray(data)) return { list: data as Rec[], total: data.length };
  const page = data as { list?: Rec[]; pagination?: { total?: number } } | undefined;
  return { list: page?.list ?? [], total: page?.pagination?.total ?? page?.list?.length ?? 0 };
}

/** The answer of a list-only page's call (list.source) for the given filters, with the fixed parameters the page sends. */
async function sourceRows(api: Api, r: Resource, filters: Record<string, string | number> = {}): Promise<{ list: Rec[]; total: number }> {
  const call = registry.calls.find((c) => c.name === r.list.source!.call)!;
  const fixed = Object.fromEntries(Object.entries(r.list.source!.params ?? {}).map(([k, v]) => [k, String(v)]));
  const res = await api.call<Envelope>(call.method, call.url, {
    params: { ...fixed, ...filters, ...(r.list.source!.paged ? { pageSize: 10000 } : {}) },
  });
  expect(res.status, `${call.name}: ${JSON.stringify(res.body)}`).toBe(200);
  return rowsOf(res.body.data);
}

/** The values of a tree resource's nodes, depth first (a filter tree's choices). */
async function treeValues(api: Api, tree: Resource, valueField: string): Promise<(string | number)[]> {
  const nodes = (await api.get<Envelope<Rec[]>>(callOf(tree, 'tree').url)).body.data ?? [];
  const out: (string | number)[] = [];
  const walk = (list: Rec[]) => {
    for (const n of list) {
      out.push(n[valueField] as string | number);
      if (Array.isArray(n.children)) walk(n.children as Rec[]);
    }
  };
  walk(nodes);
  return out;
}

/**
 * Opens a list-only page whose call needs the filter tree's value: the page asks for a node and
 * lists nothing; the first node with rows (by the API) is chosen. Returns the filter and the rows.
 */
async function openRequiredFilter(
  page: Page,
  api: Api,
  r: Resource,
  path: string,
): Promise<{ filters: Record<string, string | number>; rows: { list: Rec[]; total: number } }> {
  const spec = r.list.filterTree!;
  const tree = registry.byName.get(spec.resource)!;
  let chosen: { filters: Record<string, string | number>; rows: { list: Rec[]; total: number } } | undefined;
  for (const value of await treeValues(api, tree, spec.valueField ?? tree.list.tree!.keyField)) {
    const rows = await sourceRows(api, r, { [spec.field]: value });
    if (rows.list.length > 0) {
      chosen = { filters: { [spec.field]: value }, rows };
      break;
    }
  }
  expect(chosen, `${r.name}: some node of ${tree.name} has rows`).toBeDefined();
  await spaNavigate(page, path);
  await page.getByText(say('resource.pickFilter', { title: titleOf(tree) })).waitFor();
  expect(await table(page, r).count(), 'no rows before a node is chosen').toBe(0);
  const asked = nextCall(page, r.list.source!.call);
  await page
    .getByRole('navigation', { name: say('resource.filterBy', { title: titleOf(tree) }) })
    .locator(`[data-node-value="${String(chosen!.filters[spec.field])}"]`)
    .click();
  expect(paramsOf(await asked)[spec.field]).toBe(String(chosen!.filters[spec.field]));
  await settled(page, r);
  return chosen!;
}

// ---------------------------------------------------------------------------------------------
// Page steps.

/** Enters a value in a search field of the page's search form (Advanced opened when needed). */
async function searchBy(page: Page, r: Resource, s: SearchField, advanced: boolean, value: string): Promise<Record<string, string>> {
  const form = searchOf(page, r);
  await form.getByRole('button', { name: say('resource.reset') }).click();
  const toggle = form.getByRole('button', { name: say('resource.advanced') });
  if (advanced && (await toggle.count())) await toggle.click();
  await form.getByLabel(labelOf(r, s.field), { exact: true }).fill(value);
  // The query that carries the field (Reset has just sent one without it): the list's call.
  const listCall = r.list.source?.call ?? `query${r.name}`;
  const query = page.waitForRequest(
    (req) => new URL(req.url()).pathname.endsWith(`/${listCall}`) && new URL(req.url()).searchParams.has(s.field),
  );
  await form.getByRole('button', { name: say('resource.actions.query'), exact: true }).click();
  const params = paramsOf(await query);
  await settled(page, r);
  return params;
}

function matches(s: SearchField, stored: unknown, value: string): boolean {
  if (stored === null || stored === undefined) return false;
  return s.match === 'contains' ? String(stored).toLowerCase().includes(value.toLowerCase()) : String(stored) === value;
}

// ---------------------------------------------------------------------------------------------

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

describe('every resource page as the administrator', () => {
  let page: Page;
  let admin: Api;

  beforeAll(async () => {
    admin = client(e2e.url, await apiSignIn(e2e.url, TENANT, 'admin'));
    // rows for the lists that running things make: the editor's sign-in in the audit log (beside
    // the administrator's), a run of the demo workflow of jobs (its workflow and node instances)
    await apiSignIn(e2e.url, TENANT, 'editor');
    const workflows = await admin.get<Envelope<PageData>>('/api/job/workflowinfo/queryWorkflowInfo', { pageSize: 1 });
    const workflow = workflows.body.data!.list[0];
    expect(workflow, 'the demo tenant has a workflow of jobs').toBeDefined();
    // and of a copy under another name, so that a search by the workflow's name leaves a run out
    const copy = await admin.post<Envelope<Rec>>('/api/job/workflowinfo/addWorkflowInfo', {
      wfName: `Copy of ${String(workflow!.wfName)}`,
      timeExpressionType: 'API',
      nodes: workflow!.nodes,
      edges: workflow!.edges,
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    for (const id of [workflow!.id, copy.body.data!.id]) {
      const run = await admin.post<Envelope>('/api/job/workflowinfo/runWorkflow', { id });
      expect(run.status, JSON.stringify(run.body)).toBe(200);
    }
    page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await signIn(page, { tenantCode: TENANT, username: 'admin' });
  });

  it('is granted by the server what the cases were generated from', async () => {
    await expectGrants(admin, ADMIN_GRANTS);
  });

  it('covers every menu entry that shows a resource', () => {
    expect(PAGES.map((p) => p.resource.name)).toEqual(
      expect.arrayContaining([
        'SysRole',
        'SysUrl',
        'SysUser',
        'SysPost',
        'SysMenu',
        'SysOrg',
        'SysDict',
        'SysRegion',
        'SysParam',
        'AppClient',
        'SysTenant',
        'SysRoleData',
        'SysOnlineUser',
      ]),
    );
  });

  for (const { resource: r, path } of PAGES) {
    const pageSkip = adminPageSkip(r);
    const basic = r.list.search.basic[0];
    const find = findPlan(r);
    const edit = editField(r, find);
    const required = requiredOnCreate(r);

    const allRecords = async (): Promise<Rec[]> => {
      // A list-only page's rows are its call's answer.
      if (r.list.source && !r.list.source.requires.length) return (await sourceRows(admin, r)).list;
      const res = await admin.get<Envelope<PageData>>(callOf(r, 'query').url, { pageSize: 10000 });
      expect(res.status).toBe(200);
      return res.body.data!.list;
    };
    // a page none of whose steps can run gets no suite (an empty suite is an error)
    if (pageSkip) {
      PLAN.applies('admin: the page', r.name, pageSkip);
      continue;
    }
    /** Whether a step applies to this page: recorded in the plan under `kind`, with the reason when it does not. */
    const applies = (kind: string, why: string | undefined) => PLAN.applies(`admin: ${kind}`, r.name, why);
    const noFind = !find ? 'no text search field that is unique or free text' : undefined;

    describe(`${r.name} at ${path}`, () => {
      let created: Rec | undefined;

      if (applies('lists the rows of its call (list-only page)', r.list.source ? undefined : 'not a list-only page'))
        it(`opens and lists the rows of ${r.list.source!.call}${r.list.source!.requires.length ? ' for the first filter node with rows' : ''}`, async () => {
          const source = r.list.source!;
          let rows: { list: Rec[]; total: number };
          if (source.requires.length) rows = (await openRequiredFilter(page, admin, r, path)).rows;
          else {
            rows = await sourceRows(admin, r);
            await spaNavigate(page, path);
            await settled(page, r);
          }
          await expect.poll(() => dataRows(page, r).count()).toBeGreaterThan(0);
          const shown = source.paged ? Math.min(rows.total, r.list.pageSize) : rows.list.length;
          expect(Number(await table(page, r).getAttribute('aria-rowcount')) - 1).toBe(shown);
          const ids = await rowIds(page, r);
          for (const id of ids) expect(rows.list.map((x) => String(x[r.list.rowKey]))).toContain(id);
          if (source.paged)
            expect(await page.locator('.resource-pagination:visible').innerText()).toContain(
              say('resource.total', { total: String(rows.total) }),
            );
          else expect(await page.locator('.resource-pagination:visible').count()).toBe(0);
        });

      if (applies('lists the records (list or tree)', r.list.source ? 'a list-only page' : undefined))
        it(r.list.mode === 'tree' ? 'opens and shows the records as a tree' : 'opens and lists the records with pagination', async () => {
          const all = await allRecords();
          const treeCall = r.list.mode === 'tree' ? nextCall(page, `query${r.name}Tree`) : undefined;
          await spaNavigate(page, path);
          await settled(page, r);
          await expect.poll(() => dataRows(page, r).count()).toBeGreaterThan(0);
          if (r.list.mode === 'tree') {
            await treeCall;
            const tree = (await admin.get<Envelope<Rec[]>>(callOf(r, 'tree').url)).body.data ?? [];
            expect(await dataRows(page, r).first().getAttribute('aria-level')).toBe('1');
            // The tree opens fully expanded: the children of a root show one level down.
            if (tree.some((n) => Array.isArray(n.children) && n.children.length > 0)) {
              await expect.poll(() => table(page, r).locator('[role=row][data-row-id][aria-level="2"]').count()).toBeGreaterThan(0);
            }
            expect(Number(await table(page, r).getAttribute('aria-rowcount')) - 1).toBe(all.length);
          } else {
            expect(await dataRows(page, r).first().getAttribute('aria-level')).toBeNull();
            expect(await page.locator('.resource-pagination:visible').innerText()).toContain(
              say('resource.total', { total: String(all.length) }),
            );
            expect(Number(await table(page, r).getAttribute('aria-rowcount')) - 1).toBe(Math.min(all.length, r.list.pageSize));
          }
        });

      if (
        applies(
          'search',
          !basic
            ? 'no basic search field'
            : !isTextSearch(r, basic)
              ? `the first basic search field ${basic.field} is not a text field`
              : undefined,
        )
      )
        it(`narrows the list by the first basic search field (${basic!.field}, ${basic!.match}) with the value of the first row that has one`, async () => {
          const s = basic!;
          let all = await allRecords();
          const shownIds = await rowIds(page, r);
          const filled = (x: Rec) => x[s.field] !== null && x[s.field] !== undefined && x[s.field] !== '';
          const first = shownIds.map((id) => all.find((x) => String(x[r.list.rowKey]) === id)).find((x) => x && filled(x));
          expect(first, `${r.name}: a row on the page has a ${s.field}`).toBeDefined();
          const firstId = String(first![r.list.rowKey]);
          const text = String(first![s.field]);
          // Every record shares the value (a single app client): add one that does not, so that the search has something to leave out.
          let contrast: Rec | undefined;
          if (all.every((x) => matches(s, x[s.field], text))) {
            const other = validRecord(r, first, OTHER_RUN)!;
            if (matches(s, other[s.field], text) && isFreeText(r, s.field)) other[s.field] = textFor(r, s.field, `Other ${RUN}`);
            expect(
              !matches(s, other[s.field], text) && !!findCall(r, 'add'),
              `${r.name}: every record has the first row's ${s.field} and no other value can be made`,
            ).toBe(true);
            const added = await admin.post<Envelope>(callOf(r, 'add').url, other);
            expect(added.status, `${r.name} add: ${JSON.stringify(added.body)}`).toBe(200);
            const before = new Set(all.map((x) => String(x[r.list.rowKey])));
            all = await allRecords();
            contrast = all.find((x) => !before.has(String(x[r.list.rowKey])));
          }
          try {
            const params = await searchBy(page, r, s, false, text);
            expect(params[s.field]).toBe(text);
            const expected = all.filter((x) => matches(s, x[s.field], text));
            expect(expected.length, `${r.name}: some record has another ${s.field}`).toBeLessThan(all.length);
            const shown = r.list.mode === 'tree' ? expected.length : Math.min(expected.length, r.list.pageSize);
            await expect.poll(async () => Number(await table(page, r).getAttribute('aria-rowcount')) - 1).toBe(shown);
            const ids = await rowIds(page, r);
            expect(ids).toContain(firstId);
            for (const id of ids) expect(expected.map((x) => String(x[r.list.rowKey]))).toContain(id);
            // Found records show flat, even on a tree page.
            if (r.list.mode === 'tree') expect(await dataRows(page, r).first().getAttribute('aria-expanded')).toBeNull();
          } finally {
            if (contrast) await admin.post(callOf(r, 'delete').url, undefined, deleteParams(r, contrast));
          }
        });

      if (applies('refuses the empty add form', actionsMissing(r, ['add']) ?? (required.length === 0 ? 'no required field' : undefined)))
        it(`refuses the empty add form: ${required.map((x) => x.field).join(', ')} ask for a value, no add call`, async () => {
          let adds = 0;
          const count = (req: Request) => {
            if (new URL(req.url()).pathname.endsWith(`/add${r.name}`)) adds += 1;
          };
          page.on('request', count);
          try {
            await toolbarOf(page, r)
              .getByRole('button', { name: actionLabel(action(r, 'add')!, 'toolbar'), exact: true })
              .click();
            const modal = dialog(page);
            await modal.getByText(say('resource.addTitle', { title: titleOf(r) })).waitFor();
            await modal.locator(`[data-field="${required[0]!.field}"]`).waitFor();
            await modal.getByRole('button', { name: say('common.save'), exact: true }).click();
            for (const { field, label } of required) {
              const message = fieldAlert(modal, field);
              await expect.poll(() => message.count(), { message: `${r.name}.${field} shows a message` }).toBe(1);
              expect([say('resourceForm.errors.required', { label }), say('resourceForm.errors.requiredChoice', { label })]).toContain(
                (await message.innerText()).trim(),
              );
            }
            expect(adds).toBe(0);
            await closeForm(page);
            expect(adds).toBe(0);
          } finally {
            page.off('request', count);
          }
        });

      if (applies('finds a record added through the API', noFind ?? actionsMissing(r, ['add'])))
        it(`finds a record added through the API by ${find!.search.field}${find!.marker ? ' (a marker value: no unique search field)' : ''}`, async () => {
          const f = find!;
          const base = (await allRecords())[0];
          const record = validRecord(r, base, RUN);
          expect(record, `${r.name} has a record to copy`).toBeDefined();
          if (f.marker) record![f.search.field] = textFor(r, f.search.field, `E2E ${RUN}`);
          const added = await admin.post<Envelope>(callOf(r, 'add').url, record);
          expect(added.status, `${r.name} add: ${JSON.stringify(added.body)}`).toBe(200);
          const value = String(record![f.search.field]);
          const byApi = await admin.get<Envelope<PageData>>(callOf(r, 'query').url, { [f.search.field]: value, pageSize: 10000 });
          expect(byApi.body.data!.list, `${r.name}: ${f.search.field}=${value} finds one record`).toHaveLength(1);
          created = byApi.body.data!.list[0]!;

          const params = await searchBy(page, r, f.search, f.advanced, value);
          expect(params[f.search.field]).toBe(value);
          await expect.poll(() => rowIds(page, r)).toEqual([String(created[r.list.rowKey])]);
        });

      if (
        applies(
          'edits it through the form',
          noFind ?? actionsMissing(r, ['add', 'update']) ?? (!edit ? 'no free-text field shown as a column' : undefined),
        )
      )
        it(`edits ${edit} through the form`, async () => {
          expect(created, 'the record was created').toBeDefined();
          const field = edit!;
          const id = created![r.list.rowKey];
          // The page lists what the search found: an edited search field keeps the searched text.
          const searched = field === find!.search.field && find!.search.match === 'contains' ? `${String(created![field])} ` : '';
          const value = textFor(r, field, `${searched}Edited ${RUN}`);
          await rowAction(rowById(page, r, id), actionLabel(action(r, 'update')!, 'row'));
          const modal = dialog(page);
          await modal.getByText(say('resource.editTitle', { title: titleOf(r) })).waitFor();
          const input = modal.locator(`[data-field="${field}"]`).locator('input, textarea').first();
          await input.waitFor();
          await input.fill(value);
          await noToast(page, say('resource.saved'));
          const answer = await answerTo(page, `/update${r.name}`, () =>
            modal.getByRole('button', { name: say('common.save'), exact: true }).click(),
          );
          expect(answer.status(), await answer.text()).toBe(200);
          expect(answer.request().postDataJSON()).toMatchObject({ [field]: value, [r.list.rowKey]: id });
          await toast(page, say('resource.saved')).first().waitFor();
          await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
          await expect.poll(() => cellOf(page, r, id, labelOf(r, field))).toBe(value);
          created![field] = value;
        });

      if (applies('exports it', noFind ?? actionsMissing(r, ['add', 'export'])))
        it('exports the found record as a spreadsheet with a header row', async () => {
          expect(created, 'the record was created').toBeDefined();
          const file = await downloadOf(page, () =>
            toolbarOf(page, r)
              .getByRole('button', { name: actionLabel(action(r, 'export')!, 'toolbar'), exact: true })
              .click(),
          );
          expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
          const workbook = new ExcelJS.Workbook();
          await workbook.xlsx.readFile(await file.path());
          const sheet = workbook.worksheets[0]!;
          const header = (sheet.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? ''));
          const firstColumn = r.list.columns.find((c) => !c.hidden)!;
          expect(header).toContain(labelOf(r, firstColumn.field));
          // The export applies the search: the header and the one record found.
          expect(sheet.rowCount).toBe(2);
          if (edit && typeof created![edit] === 'string')
            expect((sheet.getRow(2).values as unknown[]).map(String)).toContain(created![edit]);
        });

      if (applies('deletes it', noFind ?? actionsMissing(r, ['add', 'delete'])))
        it('deletes the record with its row Delete button after the confirm', async () => {
          expect(created, 'the record was created').toBeDefined();
          const id = created![r.list.rowKey];
          await rowAction(rowById(page, r, id), actionLabel(action(r, 'delete')!, 'row'));
          const confirm = await openedDialog(confirmDialog(page, say('resource.confirmDeleteOne')));
          // a destructive confirm opens with Cancel focused: Enter would not delete
          await expect
            .poll(() =>
              confirm.getByRole('button', { name: say('common.cancel'), exact: true }).evaluate((el) => el === document.activeElement),
            )
            .toBe(true);
          await noToast(page, say('resource.deleted'));
          // A delete confirmed by typing (tenants): the record's value is typed first (tests/e2e/tenantDelete.e2e.test.ts holds the rest).
          const typed = action(r, 'delete')!.typeToConfirm;
          if (typed)
            await confirm
              .getByRole('textbox', { name: say('resource.typeToConfirmLabel', { label: labelOf(r, typed) }) })
              .fill(String(created![typed]));
          const answer = await answerTo(page, `/delete${r.name}`, () =>
            confirm.getByRole('button', { name: say('common.confirm'), exact: true }).click(),
          );
          expect(answer.status(), await answer.text()).toBe(200);
          expect(paramsOf(answer.request()).id).toBe(String(id));
          await toast(page, say('resource.deleted')).first().waitFor();
          const left = await admin.get<Envelope<PageData>>(callOf(r, 'query').url, {
            [find!.search.field]: String(created![find!.search.field]),
          });
          const flag = markedBy(r);
          if (flag) {
            // marked deleted, still listed, its Delete button gone
            await expect.poll(() => rowActionNames(rowById(page, r, id))).not.toContain(actionLabel(action(r, 'delete')!, 'row'));
            expect(left.body.data!.list.map((x) => x[flag])).toEqual([true]);
          } else {
            await expect.poll(() => dataRows(page, r).count()).toBe(0);
            expect(left.body.data!.list).toHaveLength(0);
          }
          created = undefined;
        });

      afterAll(async () => {
        // A record left by a failed step does not stay behind for the next files.
        if (created) await admin.post(callOf(r, 'delete').url, undefined, deleteParams(r, created));
      });
    });
  }
});

describe('every resource page as the editor', () => {
  let page: Page;
  let editor: Api;
  const opened = new Set<string>();

  beforeAll(async () => {
    editor = client(e2e.url, await apiSignIn(e2e.url, TENANT, 'editor'));
    page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await signIn(page, { tenantCode: TENANT, username: 'editor' });
  });

  it('is granted by the server what the cases were generated from', async () => {
    await expectGrants(editor, EDITOR_GRANTS);
  });

  for (const pageDef of PAGES) {
    const { resource: r, path } = pageDef;
    const holds = (a: ActionDef) => EDITOR_GRANTS.holds(a.permission);
    const missing = () => r.actions.filter((a) => !holds(a));
    const hiddenFields = () => EDITOR_GRANTS.hidden(r);
    const canQuery = () => {
      const q = action(r, 'query');
      return !q || holds(q);
    };
    const offered = EDITOR_GRANTS.offers(pageDef) ? undefined : `the editor's menu does not offer ${path}`;
    const applies = (kind: string, why: string | undefined) => PLAN.applies(`editor: ${kind}`, r.name, offered ?? why);
    const open = async () => {
      if (opened.has(r.name)) return;
      if (r.list.source?.requires.length && canQuery()) {
        await openRequiredFilter(page, editor, r, path);
        opened.add(r.name);
        return;
      }
      await spaNavigate(page, path);
      if (canQuery()) {
        await settled(page, r);
        if ((await dataRows(page, r).count()) === 0) await expect.poll(() => dataRows(page, r).count()).toBeGreaterThan(0);
      } else {
        await page.getByText(say('resource.noQuery')).waitFor();
      }
      opened.add(r.name);
    };

    const buttonsCase = applies(
      'shows no button it does not hold',
      missing().length ? undefined : 'the editor holds every button of this page',
    );
    const fieldsCase = applies(
      'shows no field its data permission hides',
      !hiddenFields().length
        ? `no field of menu ${r.menu ?? '(none)'} hidden`
        : !canQuery()
          ? 'the editor may not query these records'
          : undefined,
    );
    const refusedCase = applies(
      'is refused the calls of the buttons it does not hold',
      missing().some((a) => callOfButton(r, a)) ? undefined : 'no button it does not hold has a call',
    );
    // a page none of whose cases apply gets no suite (an empty suite is an error)
    if (buttonsCase || fieldsCase || refusedCase)
      describe(`${r.name} at ${path}`, () => {
        if (buttonsCase)
          it('shows no toolbar or row button whose code the editor does not hold', async () => {
            await open();
            const gone = missing();
            const toolbar = toolbarOf(page, r);
            await toolbar.waitFor();
            const heldLabels = (placement: 'toolbar' | 'row') => new Set(r.actions.filter(holds).map((a) => actionLabel(a, placement)));
            for (const a of gone) {
              // A label the editor still sees through another action it holds cannot be told apart.
              if (!heldLabels('toolbar').has(actionLabel(a, 'toolbar'))) {
                expect(
                  await toolbar.getByRole('button', { name: actionLabel(a, 'toolbar'), exact: true }).count(),
                  `${r.name} toolbar ${a.permission}`,
                ).toBe(0);
              }
              if (canQuery() && !heldLabels('row').has(actionLabel(a, 'row'))) {
                // The row's links and its "More" menu.
                if (await dataRows(page, r).count())
                  expect(await rowActionNames(dataRows(page, r).first()), `${r.name} rows ${a.permission}`).not.toContain(
                    actionLabel(a, 'row'),
                  );
              }
              if (a.kind === 'standard' && a.name === 'query') {
                expect(await table(page, r).count()).toBe(0);
                expect(
                  await searchOf(page, r)
                    .getByRole('button', { name: say('resource.actions.query'), exact: true })
                    .count(),
                ).toBe(0);
              }
            }
            // What the editor holds still shows (the check above would pass on an empty page too).
            const add = action(r, 'add');
            if (add && holds(add))
              expect(await toolbar.getByRole('button', { name: actionLabel(add, 'toolbar'), exact: true }).count()).toBe(1);
          });

        if (fieldsCase)
          it('shows no field its data permission hides, in the columns, the column menu, the detail or the form', async () => {
            await open();
            const hidden = hiddenFields();
            const labels = hidden.map((f) => labelOf(r, f));
            const shownHeaders = await headers(page, r);
            for (const label of labels) expect(shownHeaders).not.toContain(label);

            await toolbarOf(page, r)
              .getByRole('button', { name: say('resource.columns'), exact: true })
              .click();
            const popover = page.locator('.ant-popover:visible');
            await popover.getByRole('checkbox').first().waitFor();
            for (const label of labels) expect(await popover.getByRole('checkbox', { name: label, exact: true }).count()).toBe(0);
            // The popover opens and closes by a click on its button.
            await toolbarOf(page, r)
              .getByRole('button', { name: say('resource.columns'), exact: true })
              .click();
            await popover.waitFor({ state: 'hidden' });

            const first = dataRows(page, r).first();
            await first.getByRole('button', { name: say('resource.actions.view'), exact: true }).click();
            const detail = drawer(page).getByTestId('resource-detail');
            await detail.waitFor();
            const detailLabels = (await detail.locator('.ant-descriptions-item-label').allInnerTexts()).map((t) => t.trim());
            expect(detailLabels.length).toBeGreaterThan(0);
            for (const label of labels) expect(detailLabels).not.toContain(label);
            await drawer(page)
              .getByRole('button', { name: say('common.close'), exact: true })
              .click();
            await drawer(page).waitFor({ state: 'hidden' });

            const update = action(r, 'update');
            const add = action(r, 'add');
            const forms: { open(): Promise<void>; name: string }[] = [];
            if (update && holds(update))
              forms.push({
                name: 'edit',
                open: () => first.getByRole('button', { name: actionLabel(update, 'row'), exact: true }).click(),
              });
            if (add && holds(add))
              forms.push({
                name: 'add',
                open: () =>
                  toolbarOf(page, r)
                    .getByRole('button', { name: actionLabel(add, 'toolbar'), exact: true })
                    .click(),
              });
            for (const form of forms) {
              await form.open();
              const modal = dialog(page);
              await modal.locator('[data-field]').first().waitFor();
              const formLabels = (await modal.locator('.resource-form-label label').allInnerTexts()).map((t) => t.trim());
              for (const f of hidden)
                expect(await modal.locator(`[data-field="${f}"]`).count(), `${r.name} ${form.name} form ${f}`).toBe(0);
              for (const label of labels) expect(formLabels, `${r.name} ${form.name} form`).not.toContain(label);
              await closeForm(page);
            }
          });

        if (refusedCase)
          it('is refused (403) the call of every button it does not hold', async () => {
            await open();
            const gone = missing();
            const refusals: string[] = [];
            for (const a of gone) {
              const call = callOfButton(r, a);
              if (!call) continue; // print and the detail view call nothing of their own
              // Harmless arguments: were the button not checked, the call would be refused for them (400 / 404), never succeed.
              const res = await editor.call<Envelope>(call.method, call.url, {
                params: call.verb === 'delete' ? { id: 999999999 } : undefined,
                body: call.method === 'GET' ? undefined : {},
              });
              refusals.push(`${a.permission} ${call.name} ${res.status}`);
            }
            expect(refusals.length, 'at least one missing button has a call').toBeGreaterThan(0);
            expect(refusals.filter((x) => !x.endsWith(' 403'))).toEqual([]);
          });
      });
  }
});

describe('the generated cases', () => {
  // collected after the suites above: the plan is complete here
  PLAN.print();

  it('have every kind at least once (a kind the registry or the grants leave empty is a hole, not a pass)', () => {
    const empty = Object.entries(PLAN.counts()).filter(([kind, n]) => n === 0 && kind !== 'admin: the page');
    expect(empty.map(([kind]) => kind)).toEqual([]);
  });

  it('cover every resource page as the administrator', () => {
    expect(PAGES.filter((p) => !PLAN.pagesOf('admin: ').has(p.resource.name)).map((p) => p.resource.name)).toEqual([]);
  });
});
