/**
 * The add form of every resource page, generated from the registry and schemas/menu.json (each
 * menu whose component is "resource"): a new resource with a menu entry is covered without
 * writing a test.
 *
 * As the administrator of tenant demo, on each page: the add dialog is filled through its
 * widgets (formFill.ts) with a valid record (a copy of an existing one, its unique values made
 * new), then exactly one field is made invalid in a way its schema forbids (a pattern, a
 * format, a length, a bound, or a required field cleared; each page takes the kind the pages
 * before it used least, so that together they try each). Save shows that field's message, no
 * other, and sends nothing. With the field fixed, Save adds the record (200) with exactly the
 * values filled, closes the dialog and toasts; the record is then found through the API by its
 * unique values, with the values filled in, and deleted.
 *
 * A page whose resource cannot be added to this way (no add action or call, an add button the
 * administrator is not granted, a platform-scoped resource outside the platform tenant, no
 * value to find the record by, no field to make invalid) gets no case: decided when the tests
 * are collected, from the registry and the demo roles' grants (pageCases.ts); the collection
 * prints how many cases were generated and which pages were left out, and why. A first test
 * checks that the server grants what the cases were generated from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import type { ErrorObject } from 'ajv';
import type { JsonSchema, Resource } from '../../schemas/registry/types.ts';
import { compileBody, recordSchema } from '../../server-mock/calls/validation.ts';
import { ajvMessage } from '../../runtime/resource/form/formErrors.ts';
import type { PlannedField } from '../../runtime/resource/form/formPlan.ts';
import { client, signIn as apiSignIn, type Envelope, type PageData } from '../api/harness.ts';
import { validRecord } from '../api/validRecord.ts';
import { answerTo, signIn, spaNavigate, startE2E, toast, type E2E } from './harness.ts';
import { ADMIN_GRANTS, CasePlan, expectGrants } from './pageCases.ts';
import { createPlan, fillField, fillForm, TYPED_KINDS, widgetKind, type FilledForm, type WidgetKind } from './formFill.ts';
import {
  action,
  actionLabel,
  deleteParams,
  authorityOf,
  callOf,
  dialog,
  fieldAlert,
  findCall,
  isFreeText,
  isLinkField,
  labelOf,
  noToast,
  resourcePages,
  say,
  scopeSkip,
  settled,
  TENANT,
  textFor,
  titleOf,
  toolbarOf,
  type Api,
  type Rec,
} from './resourceLocators.ts';

/** Digits that make this run's unique values new (digits keep numeric patterns valid). */
const RUN = String(1000 + (Date.now() % 9000));
const PAGES = resourcePages();
/** The cases generated (printed once collected). */
const PLAN = new CasePlan('resourceAdd.e2e');

// ---------------------------------------------------------------------------------------------
// How each page's record is found again, and which field is made invalid: from the registry.

/** The kind of each field of the add form the user fills, or undefined for a widget formFill does not know. */
function kindOf(r: Resource, field: PlannedField): WidgetKind | undefined {
  try {
    return widgetKind(r, field);
  } catch {
    return undefined; // the fill itself throws, naming the widget
  }
}

function filledFields(r: Resource): PlannedField[] {
  return createPlan(r).fields.filter((f) => !f.shownIn && !f.confirms && !f.readOnly);
}

interface Finder {
  /** The fields whose values find the record: a unique set, or one field given a marker value. */
  fields: string[];
  marker?: string;
}

/**
 * How the added record is found through the API: a unique set filled in the form whose last
 * field is text (validRecord makes it new), else a free-text field given a marker value.
 */
function finderOf(r: Resource): Finder | undefined {
  const shown = new Map(filledFields(r).map((f) => [f.name, f]));
  const typedText = (name: string) => {
    const f = shown.get(name);
    const kind = f && kindOf(r, f);
    return kind === 'text' || kind === 'textarea';
  };
  for (const set of r.storage.unique) {
    const last = set[set.length - 1]!;
    if (set.every((f) => shown.has(f)) && r.fieldMap.get(last)?.type === 'string') return { fields: set };
  }
  const free = [...shown.keys()].find((f) => isFreeText(r, f) && !isLinkField(r, f) && typedText(f));
  return free ? { fields: [free], marker: free } : undefined;
}

type BreakKind = 'pattern' | 'maxLength' | 'format' | 'minimum' | 'required' | 'minLength' | 'maximum';
const BREAK_KINDS: readonly BreakKind[] = ['pattern', 'maxLength', 'format', 'minimum', 'required', 'minLength', 'maximum'];

interface Break {
  field: string;
  kind: BreakKind;
}

/** The ways a field typed in the form can be made invalid, from its declared schema. */
function breaksOf(r: Resource, f: PlannedField): BreakKind[] {
  const kind = kindOf(r, f);
  // A repeated password would also mismatch its confirm input: two messages.
  if (!kind || !TYPED_KINDS.has(kind) || f.confirmField) return [];
  const declared: JsonSchema = r.record.properties?.[f.name] ?? {};
  const out: BreakKind[] = [];
  if (f.required) out.push('required');
  if (kind === 'number') {
    if (typeof declared.minimum === 'number') out.push('minimum');
    if (typeof declared.maximum === 'number') out.push('maximum');
    return out;
  }
  if (typeof declared.pattern === 'string') out.push('pattern');
  if (typeof declared.format === 'string') out.push('format');
  if (typeof declared.maxLength === 'number') out.push('maxLength');
  if (typeof declared.minLength === 'number' && declared.minLength > 1) out.push('minLength');
  return out;
}

const breakUses = new Map<BreakKind, number>();

/**
 * The field this page makes invalid: of the kinds it can be broken in, the one the pages before
 * it used least (so that the pages together try every kind some page allows), on the first
 * field (form order) that allows it.
 */
function breakOf(r: Resource): Break | undefined {
  const fields = filledFields(r);
  const options = BREAK_KINDS.flatMap((kind) => {
    const field = fields.find((f) => breaksOf(r, f).includes(kind));
    return field ? [{ field: field.name, kind }] : [];
  });
  if (!options.length) return undefined;
  const uses = (b: Break) => breakUses.get(b.kind) ?? 0;
  const chosen = options.reduce((best, b) => (uses(b) < uses(best) ? b : best));
  breakUses.set(chosen.kind, uses(chosen) + 1);
  return chosen;
}

/** Values of a field that break it in that way, the valid value changed as little as possible. */
function invalidCandidates(r: Resource, b: Break, valid: unknown): unknown[] {
  const declared: JsonSchema = r.record.properties?.[b.field] ?? {};
  const v = typeof valid === 'string' ? valid : '';
  const max = declared.maxLength ?? 200;
  switch (b.kind) {
    case 'required':
      return [undefined];
    case 'minimum':
      return [Number(declared.minimum) - 1];
    case 'maximum':
      return [Number(declared.maximum) + 1];
    case 'pattern':
      return [`!${v}`, `${v}!`, ` ${v}`, '!', '#'].map((s) => s.slice(0, max));
    case 'format':
      return ['not valid', 'x', '!'];
    case 'maxLength':
      return [v.slice(-1), '0', 'a', 'A', 'x'].filter(Boolean).map((fill) => (v || fill).padEnd(max + 1, fill));
    case 'minLength': {
      const n = Number(declared.minLength) - 1;
      return [v.slice(0, n), '0'.repeat(n), 'a'.repeat(n)];
    }
  }
}

/** The server's (and the form's) errors of the values the form sends. */
function errorsOf(r: Resource, values: Rec): ErrorObject[] {
  const validate = compileBody(recordSchema(r, { requireSecrets: true }));
  return validate(values) ? [] : [...(validate.errors ?? [])];
}

const fieldOfError = (e: ErrorObject) =>
  e.keyword === 'required' ? String((e.params as { missingProperty: string }).missingProperty) : e.instancePath.replace(/^\//, '');

/** An invalid value of the field that breaks only that field, only in that way; and the error. */
function invalidValue(r: Resource, b: Break, values: Rec): { value: unknown; error: ErrorObject } {
  for (const candidate of invalidCandidates(r, b, values[b.field])) {
    const broken = { ...values, [b.field]: candidate };
    if (candidate === undefined || candidate === '') delete broken[b.field];
    const errors = errorsOf(r, broken);
    if (errors.length && errors.every((e) => e.keyword === b.kind && fieldOfError(e) === b.field))
      return { value: candidate, error: errors[0]! };
  }
  throw new Error(`no value breaks ${r.name}.${b.field} by ${b.kind} alone`);
}

/** The form's message for an error (English). */
function messageFor(r: Resource, field: string, error: ErrorObject): string {
  const t = (key: string, values: Record<string, unknown> = {}) =>
    say(key, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])));
  return ajvMessage(t, error, labelOf(r, field));
}

/** Why a page is skipped (from the registry), or undefined. */
function addSkip(r: Resource): string | undefined {
  const scope = scopeSkip(r);
  if (scope) return scope;
  const add = action(r, 'add');
  if (!add) return 'no add action';
  if (!ADMIN_GRANTS.holds(add.permission)) return `the administrator does not hold ${add.permission}`;
  if (!findCall(r, 'add') || !findCall(r, 'query')) return 'no add or query call';
  if (!findCall(r, 'delete')) return 'no delete call to remove the added record';
  if (!finderOf(r)) return 'no unique text field nor free-text field in the add form to find the record by';
  return undefined;
}

const sameValue = (r: Resource, field: string, stored: unknown, filled: unknown) =>
  r.fieldMap.get(field)?.type === 'datetime' && typeof stored === 'string' && typeof filled === 'string'
    ? Date.parse(stored) === Date.parse(filled)
    : JSON.stringify(stored) === JSON.stringify(filled);

// ---------------------------------------------------------------------------------------------

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

describe('the add form of every resource page as the administrator', () => {
  let page: Page;
  let admin: Api;
  let authority: Awaited<ReturnType<typeof authorityOf>>;

  beforeAll(async () => {
    admin = client(e2e.url, await apiSignIn(e2e.url, TENANT, 'admin'));
    authority = await authorityOf(admin);
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
      ]),
    );
  });

  for (const { resource: r, path } of PAGES) {
    const finder = finderOf(r);
    let skip = addSkip(r);
    const broken = skip ? undefined : breakOf(r);
    if (!skip && !broken) skip = 'no field of the add form that a typed value can make invalid';
    if (!PLAN.applies('adds through the form', r.name, skip)) continue;
    const name = `${r.name} at ${path}: refuses the add form with ${broken!.field} breaking its ${broken!.kind} (no add call), then adds the fixed record, found by ${finder!.fields.join(' + ')}`;
    let createdId: unknown;
    /** What was added, for its delete (a typed value: a tenant's code). */
    let added: Record<string, unknown> = {};

    it(name, async () => {
      const hidden = new Set(r.menu ? (authority.dataFields[r.menu] ?? []) : []);
      const b = broken!;
      const find = finder!;

      const rows = await admin.get<Envelope<PageData>>(callOf(r, 'query').url, { pageSize: 10000 });
      expect(rows.status).toBe(200);
      // a record to copy whose many-valued relations are empty: the form's pickers for them are
      // filled by their own tests (notification.e2e: recipients chosen by username)
      const many = r.fields.filter((f) => f.kind === 'relationMultiple').map((f) => f.name);
      const list = rows.body.data!.list;
      const base = list.find((row) => many.every((f) => !Array.isArray(row[f]) || (row[f] as unknown[]).length === 0)) ?? list[0];
      const record = validRecord(r, base, RUN);
      expect(record, `${r.name} has a record to copy`).toBeDefined();
      if (find.marker) record![find.marker] = textFor(r, find.marker, `E2E ${RUN}`);

      const adds: Request[] = [];
      const count = (req: Request) => {
        if (new URL(req.url()).pathname.endsWith(`/add${r.name}`)) adds.push(req);
      };
      let filled: FilledForm;
      page.on('request', count);
      try {
        await spaNavigate(page, path);
        await settled(page, r);
        await toolbarOf(page, r)
          .getByRole('button', { name: actionLabel(action(r, 'add')!, 'toolbar'), exact: true })
          .click();
        const modal = dialog(page);
        await modal.getByText(say('resource.addTitle', { title: titleOf(r) })).waitFor();

        filled = await fillForm(modal, r, record!, { api: admin, hidden });
        expect(errorsOf(r, filled.values), `${r.name}: the filled values are valid for the server`).toEqual([]);
        for (const f of find.fields) expect(filled.values[f], `${r.name}.${f} was filled`).toBeDefined();

        // One field invalid: its message only, and nothing sent.
        const { value: bad, error } = invalidValue(r, b, filled.values);
        await fillField(modal, r, b.field, bad, { api: admin, hidden });
        await modal.getByRole('button', { name: say('common.save'), exact: true }).click();
        const alert = fieldAlert(modal, b.field);
        await expect.poll(() => alert.count(), { message: `${r.name}.${b.field} shows a message` }).toBe(1);
        expect((await alert.innerText()).trim()).toBe(messageFor(r, b.field, error));
        expect(await modal.locator('[data-field] [role=alert]').count(), 'no other field shows a message').toBe(1);
        await page.waitForTimeout(300);
        expect(adds, 'no add call').toHaveLength(0);

        // Fixed: the message goes as the field changes, and Save adds the record.
        await fillField(modal, r, b.field, filled.values[b.field], { api: admin, hidden });
        await expect.poll(() => alert.count(), { message: `${r.name}.${b.field}'s message goes` }).toBe(0);
        await noToast(page, say('resource.saved'));
        const response = await answerTo(page, `/add${r.name}`, () =>
          modal.getByRole('button', { name: say('common.save'), exact: true }).click(),
        );
        const body = (await response.json()) as Envelope<Rec>;
        createdId = body.data?.id;
        added = { ...(body.data as Record<string, unknown> | undefined) };
        expect(response.status(), JSON.stringify(body)).toBe(200);
        expect(adds).toHaveLength(1);
        expect(response.request().postDataJSON()).toEqual(filled.values);
        await toast(page, say('resource.saved')).first().waitFor();
        await expect.poll(() => page.locator('.ant-modal:visible').count(), { message: 'the dialog closes' }).toBe(0);
      } finally {
        page.off('request', count);
      }

      // Found through the API by its unique values, with the values filled in.
      const params = Object.fromEntries(find.fields.map((f) => [f, String(filled.values[f])]));
      const found = await admin.get<Envelope<PageData>>(callOf(r, 'query').url, { ...params, pageSize: 10000 });
      expect(found.status).toBe(200);
      const matches = found.body.data!.list.filter((x) => find.fields.every((f) => String(x[f]) === params[f]));
      expect(matches, `${r.name}: ${JSON.stringify(params)} finds one record`).toHaveLength(1);
      const stored = matches[0]!;
      expect(stored.id).toBe(createdId);
      const compared = Object.keys(filled.values).filter((f) => f in stored);
      expect(compared.length).toBeGreaterThan(0);
      for (const f of compared)
        expect(
          sameValue(r, f, stored[f], filled.values[f]),
          `${r.name}.${f}: stored ${JSON.stringify(stored[f])}, filled ${JSON.stringify(filled.values[f])}`,
        ).toBe(true);

      const del = callOf(r, 'delete');
      const removed = await admin.call<Envelope>(del.method, del.url, { params: deleteParams(r, stored) });
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      createdId = undefined;
    });

    afterAll(async () => {
      // The added record does not stay behind for the next files.
      if (createdId === undefined) return;
      const del = callOf(r, 'delete');
      await admin.call(del.method, del.url, { params: deleteParams(r, { ...added, [r.list.rowKey]: createdId }) });
    });
  }
});

describe('the generated cases', () => {
  // collected after the suite above: the plan is complete here
  PLAN.print();

  it('are the add forms that apply, at least one', () => {
    expect(PLAN.total()).toBeGreaterThan(0);
  });
});
