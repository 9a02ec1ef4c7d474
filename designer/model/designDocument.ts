/**
 * The form generator's document: what a saved generator form holds in `formContent`.
 *
 *   { "resource": <a resource document, the shape of a schemas/resources/*.json file>,
 *     "messages": { "en": {...}, "zh": {...}, "tw": {...} } }
 *
 * Each messages object is merged under its locale's root, like schemas/locales/<locale>.json
 * (`{"resources": {"Supplier": {"title": "...", "fields": {"code": "..."}}}}`). The field
 * order is `resource.form.order`; a field is a record property with its form hints, its
 * relation and its list column. Every edit below is a function on an immer draft, so the
 * history (history.ts) records it as patches. Pure, no React.
 */
import type { FieldUi, PropertySchema, RelationDef, ResourceFile } from '../../runtime/generated/fileTypes.ts';
import { LOCALES, type Locale } from '../../schemas/registry/limits.ts';
import { FIELD_KINDS, kindOf, kindTemplate, type FieldKind } from './fieldKinds.ts';

export { LOCALES, type Locale };

/** A locale's messages: nested objects of strings. */
export type MessageTree = { [key: string]: string | MessageTree };

export interface DesignDocument {
  resource: ResourceFile;
  messages: Record<Locale, MessageTree>;
}

/** A record field's name: what the meta-schema allows (an identifier starting lower case). */
const FIELD_NAME = /^[a-z][A-Za-z0-9]*$/;
/** A resource name: PascalCase. */
const RESOURCE_NAME = /^[A-Z][A-Za-z0-9]*$/;

export type Localised = Record<Locale, string>;

/** A new, empty document for a resource `name` under service `generator`. */
/** The buttons a new document's page offers: the standard calls, each under a permission of its path. */
const STANDARD_ACTIONS = ['query', 'add', 'update', 'delete', 'export'] as const;

function standardActions(path: string): NonNullable<ResourceFile['actions']> {
  return STANDARD_ACTIONS.map((name) => ({ name, permission: `${path}:${name}` }));
}

/** Sets the resource's path; the permissions of its actions named after the old path follow it. */
export function setPath(doc: DesignDocument, path: string): void {
  const from = `${doc.resource.path}:`;
  for (const a of doc.resource.actions ?? [])
    if (a.permission.startsWith(from)) a.permission = `${path}:${a.permission.slice(from.length)}`;
  doc.resource.path = path;
}

export function newDocument(name = 'NewForm', titles: Localised = { en: 'New form', zh: '新表单', tw: '新表單' }): DesignDocument {
  return {
    resource: {
      name,
      service: 'generator',
      path: name.toLowerCase(),
      kind: 'entity',
      record: { type: 'object', additionalProperties: false, required: [], properties: {} },
      list: { columns: [{ field: 'createTime', sortable: true }], defaultSort: 'createTime_descend' },
      form: { order: [], readOnlyOnEdit: [], ui: {} },
      actions: standardActions(name.toLowerCase()),
    },
    messages: Object.fromEntries(
      LOCALES.map((l): [Locale, MessageTree] => [l, { resources: { [name]: { title: titles[l], fields: {} } } }]),
    ) as Record<Locale, MessageTree>,
  };
}

/* ---- reading ---- */

export function fieldNames(doc: DesignDocument): string[] {
  return doc.resource.form?.order ?? Object.keys(doc.resource.record?.properties ?? {});
}

function resourceMessages(doc: DesignDocument, locale: Locale): MessageTree | undefined {
  const resources = doc.messages[locale]?.resources;
  const own = typeof resources === 'object' ? resources[doc.resource.name] : undefined;
  return typeof own === 'object' ? own : undefined;
}

function messageAt(doc: DesignDocument, locale: Locale, group: string, field: string): string {
  const groupTree = resourceMessages(doc, locale)?.[group];
  const value = typeof groupTree === 'object' ? groupTree[field] : undefined;
  return typeof value === 'string' ? value : '';
}

function fieldLabel(doc: DesignDocument, name: string, locale: Locale): string {
  return messageAt(doc, locale, 'fields', name);
}

export function title(doc: DesignDocument, locale: Locale): string {
  const value = resourceMessages(doc, locale)?.title;
  return typeof value === 'string' ? value : '';
}

/** One field as the property panel shows it. */
export interface FieldView {
  name: string;
  kind: Exclude<FieldKind, 'dateRange'>;
  label: Localised;
  required: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  patternMessage: Localised;
  minimum?: number;
  maximum?: number;
  options?: string[];
  dict?: string;
  relation?: RelationDef;
  defaultValue?: unknown;
  span?: number;
  visibleWhen?: FieldUi['visibleWhen'];
  readOnlyOnEdit: boolean;
  /** Offered in the list's search (list.search.basic). */
  searched: boolean;
}

type Schema = PropertySchema & Record<string, unknown>;
/** The value a visible-when condition compares with. */
type WhenValue = NonNullable<FieldUi['visibleWhen']>['equals'];

function schemaOf(doc: DesignDocument, name: string): Schema | undefined {
  return doc.resource.record?.properties[name] as Schema | undefined;
}

/**
 * The value a visible-when condition on `field` holds for the text typed: a number for a number
 * field (the record form and the server's `if` compare it by type), true or false for a switch,
 * the text otherwise. Text that is not a number stays text, so the document's check names it.
 */
export function visibleWhenValue(doc: DesignDocument, field: string, text: string): WhenValue {
  const schema = schemaOf(doc, field);
  const types = Array.isArray(schema?.type) ? schema.type : [schema?.type];
  if (types.includes('number') || types.includes('integer')) {
    const n = text.trim() === '' ? Number.NaN : Number(text);
    return Number.isFinite(n) ? n : text;
  }
  if (types.includes('boolean')) return text !== 'false';
  return text;
}

/** The value a new visible-when condition on `field` starts with: true for a switch, its first choice, else the field's type's zero. */
export function firstVisibleWhenValue(doc: DesignDocument, field: string): WhenValue {
  const schema = schemaOf(doc, field);
  const types = Array.isArray(schema?.type) ? schema.type : [schema?.type];
  if (types.includes('boolean')) return true;
  if (Array.isArray(schema?.enum) && schema.enum.length > 0) return schema.enum[0] as WhenValue;
  if (types.includes('number') || types.includes('integer')) return 0;
  return '';
}

export function fieldView(doc: DesignDocument, name: string): FieldView | undefined {
  const schema = schemaOf(doc, name);
  if (!schema) return undefined;
  const ui = doc.resource.form?.ui?.[name];
  const relation = doc.resource.relations?.[name];
  const localised = (group: string) => Object.fromEntries(LOCALES.map((l) => [l, messageAt(doc, l, group, name)])) as Localised;
  const num = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const view: FieldView = {
    name,
    kind: kindOf(schema, relation),
    label: localised('fields'),
    required: (doc.resource.record?.required ?? []).includes(name),
    patternMessage: localised('patternMessages'),
    readOnlyOnEdit: (doc.resource.form?.readOnlyOnEdit ?? []).includes(name),
    searched: (doc.resource.list?.search?.basic ?? []).some((f) => searchedField(f) === name),
  };
  const set = <K extends keyof FieldView>(key: K, value: FieldView[K] | undefined) => {
    if (value !== undefined) view[key] = value;
  };
  set('minLength', num('minLength'));
  set('maxLength', num('maxLength'));
  set('minimum', num('minimum'));
  set('maximum', num('maximum'));
  set('pattern', typeof schema.pattern === 'string' ? schema.pattern : undefined);
  set('options', Array.isArray(schema.enum) ? schema.enum.map(String) : undefined);
  set('dict', schema['x-dict']);
  set('relation', relation);
  set('defaultValue', schema.default);
  set('span', ui?.span);
  set('visibleWhen', ui?.visibleWhen);
  return view;
}

/** What the canvas shows of a field: a lighter fieldView, read for every field on every edit. */
export function fieldSummary(
  doc: DesignDocument,
  name: string,
  locale: Locale,
): { label: string; required: boolean; kind: Exclude<FieldKind, 'dateRange'>; visibleWhen?: FieldUi['visibleWhen'] } | undefined {
  const schema = schemaOf(doc, name);
  if (!schema) return undefined;
  return {
    label: fieldLabel(doc, name, locale),
    required: (doc.resource.record?.required ?? []).includes(name),
    kind: kindOf(schema, doc.resource.relations?.[name]),
    visibleWhen: doc.resource.form?.ui?.[name]?.visibleWhen,
  };
}

/* ---- edits (on an immer draft) ---- */

function form(doc: DesignDocument) {
  doc.resource.form ??= {};
  doc.resource.form.order ??= Object.keys(doc.resource.record?.properties ?? {});
  return doc.resource.form as Required<Pick<NonNullable<ResourceFile['form']>, 'order'>> & NonNullable<ResourceFile['form']>;
}

function record(doc: DesignDocument) {
  doc.resource.record ??= { type: 'object', additionalProperties: false, properties: {} };
  return doc.resource.record;
}

function uiOf(doc: DesignDocument, name: string): FieldUi {
  const f = form(doc);
  f.ui ??= {};
  return (f.ui[name] ??= {});
}

/** Drops an empty ui entry, so the document stays as a person would write it. */
function tidyUi(doc: DesignDocument, name: string): void {
  const ui = doc.resource.form?.ui;
  if (ui?.[name] && Object.keys(ui[name]).length === 0) delete ui[name];
}

function ensureMessageGroup(doc: DesignDocument, locale: Locale, group: string): MessageTree {
  const root = (doc.messages[locale] ??= {});
  const resources = (root.resources = typeof root.resources === 'object' ? root.resources : {});
  const existing = resources[doc.resource.name];
  const own: MessageTree = typeof existing === 'object' ? existing : (resources[doc.resource.name] = {});
  if (group === '') return own;
  const inGroup = own[group];
  return typeof inGroup === 'object' ? inGroup : (own[group] = {});
}

function setMessage(doc: DesignDocument, locale: Locale, group: string, field: string, text: string): void {
  const tree = ensureMessageGroup(doc, locale, group);
  if (text === '') delete tree[field];
  else tree[field] = text;
}

/** A name not used by any field, from `base` (`text1`, `text2`, ...). */
function freeName(doc: DesignDocument, base: string): string {
  const taken = new Set([...Object.keys(doc.resource.record?.properties ?? {}), 'id', 'tenantCode', 'createTime', 'updateTime']);
  for (let i = 1; ; i++) if (!taken.has(`${base}${i}`)) return `${base}${i}`;
}

const KIND_LABELS: Record<FieldKind, Localised> = {
  text: { en: 'Text', zh: '文本', tw: '文本' },
  textarea: { en: 'Long text', zh: '多行文本', tw: '多行文本' },
  number: { en: 'Number', zh: '数字', tw: '數字' },
  switch: { en: 'Switch', zh: '开关', tw: '開關' },
  select: { en: 'Select', zh: '下拉选择', tw: '下拉選擇' },
  radio: { en: 'Radio', zh: '单选', tw: '單選' },
  checkbox: { en: 'Checkboxes', zh: '多选', tw: '多選' },
  date: { en: 'Date', zh: '日期', tw: '日期' },
  dateRange: { en: 'Date range', zh: '日期范围', tw: '日期範圍' },
  dictionary: { en: 'Dictionary', zh: '字典', tw: '字典' },
  relation: { en: 'Relation', zh: '关联', tw: '關聯' },
  richText: { en: 'Rich text', zh: '富文本', tw: '富文本' },
  upload: { en: 'Upload', zh: '上传', tw: '上傳' },
};

export function kindLabel(kind: FieldKind, locale: Locale): string {
  return KIND_LABELS[kind][locale];
}

function insertField(doc: DesignDocument, name: string, index: number, kind: Exclude<FieldKind, 'dateRange'>, label: Localised): void {
  const t = kindTemplate(kind);
  record(doc).properties[name] = t.schema;
  const order = form(doc).order;
  order.splice(Math.max(0, Math.min(index, order.length)), 0, name);
  if (t.relation) (doc.resource.relations ??= {})[name] = { ...t.relation };
  const list = (doc.resource.list ??= {});
  const columns = (list.columns ??= []);
  const last = columns.findIndex((c) => c.field === 'createTime');
  columns.splice(last < 0 ? columns.length : last, 0, { field: name });
  for (const l of LOCALES) setMessage(doc, l, 'fields', name, label[l]);
}

/**
 * Adds a field of `kind` at `index` of the form order; answers the names added (a date range
 * adds a start and an end date, the end not before the start).
 */
export function addField(doc: DesignDocument, kind: FieldKind, index: number): string[] {
  if (!FIELD_KINDS.includes(kind)) throw new Error(`unknown field kind "${kind}"`);
  if (kind === 'dateRange') {
    const start = freeName(doc, 'start');
    insertField(doc, start, index, 'date', { en: 'Start', zh: '开始', tw: '開始' });
    const end = freeName(doc, 'end');
    insertField(doc, end, index + 1, 'date', { en: 'End', zh: '结束', tw: '結束' });
    (record(doc).properties[end] as Schema)['x-notBefore'] = start;
    return [start, end];
  }
  const name = freeName(doc, kind);
  const base = KIND_LABELS[kind];
  const n = name.slice(kind.length);
  insertField(doc, name, index, kind, Object.fromEntries(LOCALES.map((l) => [l, `${base[l]} ${n}`])) as Localised);
  return [name];
}

export function moveField(doc: DesignDocument, from: number, to: number): void {
  const order = form(doc).order;
  if (from < 0 || from >= order.length || to < 0 || to >= order.length || from === to) return;
  const [name] = order.splice(from, 1);
  order.splice(to, 0, name!);
}

function renameIn(list: string[] | undefined, from: string, to: string | undefined): void {
  if (!list) return;
  const i = list.indexOf(from);
  if (i < 0) return;
  if (to === undefined) list.splice(i, 1);
  else list[i] = to;
}

/** Renames a field (to === undefined: removes it) everywhere the document names it. */
function renameOrRemove(doc: DesignDocument, from: string, to: string | undefined): void {
  const r = doc.resource;
  const rec = record(doc);
  const schema = rec.properties[from];
  delete rec.properties[from];
  if (to !== undefined && schema) rec.properties[to] = schema;
  renameIn(rec.required, from, to);
  const f = form(doc);
  for (const list of [f.order, f.create, f.edit, f.readOnlyOnEdit]) renameIn(list, from, to);
  if (f.ui?.[from]) {
    if (to !== undefined) f.ui[to] = f.ui[from];
    delete f.ui[from];
  }
  for (const ui of Object.values(f.ui ?? {})) {
    if (ui.visibleWhen?.field === from) {
      if (to === undefined) delete ui.visibleWhen;
      else ui.visibleWhen.field = to;
    }
  }
  for (const other of Object.values(rec.properties) as Schema[]) {
    if (other['x-notBefore'] === from) {
      if (to === undefined) delete other['x-notBefore'];
      else other['x-notBefore'] = to;
    }
  }
  if (r.relations?.[from]) {
    if (to !== undefined) r.relations[to] = r.relations[from];
    delete r.relations[from];
  }
  if (r.list?.columns) {
    if (to === undefined) r.list.columns = r.list.columns.filter((c) => c.field !== from);
    else for (const c of r.list.columns) if (c.field === from) c.field = to;
  }
  for (const where of ['basic', 'advanced'] as const) {
    const fields = r.list?.search?.[where];
    if (!fields) continue;
    r.list!.search![where] = fields.flatMap((f) => {
      if (searchedField(f) !== from) return [f];
      if (to === undefined) return [];
      return [typeof f === 'string' ? to : { ...f, field: to }];
    });
  }
  for (const l of LOCALES) {
    for (const group of ['fields', 'patternMessages']) {
      const tree = ensureMessageGroup(doc, l, group);
      const text = tree[from];
      delete tree[from];
      if (to !== undefined && typeof text === 'string') tree[to] = text;
    }
  }
  for (const key of Object.keys(f.ui ?? {})) tidyUi(doc, key);
  const patternKey = to !== undefined ? f.ui?.[to]?.patternMessage : undefined;
  if (patternKey && to !== undefined) f.ui![to]!.patternMessage = patternMessageKey(doc, to);
}

export function removeField(doc: DesignDocument, name: string): void {
  renameOrRemove(doc, name, undefined);
}

/** Why a field cannot take this name, or undefined. */
export function renameProblem(doc: DesignDocument, from: string, to: string): 'identifier' | 'taken' | undefined {
  if (!FIELD_NAME.test(to)) return 'identifier';
  if (to !== from && (to in (doc.resource.record?.properties ?? {}) || ['id', 'tenantCode', 'createTime', 'updateTime'].includes(to)))
    return 'taken';
  return undefined;
}

export function renameField(doc: DesignDocument, from: string, to: string): void {
  if (from === to || renameProblem(doc, from, to)) return;
  renameOrRemove(doc, from, to);
}

/** Renames the resource: its name, its messages and its default path. */
export function renameResource(doc: DesignDocument, to: string): void {
  const from = doc.resource.name;
  if (from === to || !RESOURCE_NAME.test(to)) return;
  for (const l of LOCALES) {
    const resources = doc.messages[l]?.resources;
    const own = typeof resources === 'object' ? resources[from] : undefined;
    if (typeof resources === 'object' && own !== undefined) {
      resources[to] = own;
      delete resources[from];
    }
  }
  if (doc.resource.path === from.toLowerCase()) setPath(doc, to.toLowerCase());
  doc.resource.name = to;
  for (const [field, ui] of Object.entries(doc.resource.form?.ui ?? {}))
    if (ui.patternMessage) ui.patternMessage = patternMessageKey(doc, field);
}

export function setTitle(doc: DesignDocument, locale: Locale, text: string): void {
  ensureMessageGroup(doc, locale, '').title = text;
}

function patternMessageKey(doc: DesignDocument, field: string): string {
  return `resources.${doc.resource.name}.patternMessages.${field}`;
}

/** The field properties the panel edits, each one step of the history. */
export type FieldEdit =
  | { property: 'label'; locale: Locale; value: string }
  | { property: 'required'; value: boolean }
  | { property: 'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'span'; value: number | undefined }
  | { property: 'pattern'; value: string }
  | { property: 'patternMessage'; locale: Locale; value: string }
  | { property: 'options'; value: string[] }
  | { property: 'dict'; value: string }
  | { property: 'relation'; value: Pick<RelationDef, 'resource' | 'valueField' | 'labelField'> }
  | { property: 'default'; value: unknown }
  | { property: 'visibleWhen'; value: FieldUi['visibleWhen'] | undefined }
  | { property: 'readOnlyOnEdit'; value: boolean }
  | { property: 'searched'; value: boolean };

/** The field of an entry of the list's search (a name, or {field, match}). */
function searchedField(entry: string | { field: string }): string {
  return typeof entry === 'string' ? entry : entry.field;
}

/** How the list's search matches a field: a range of numbers and days, part of a free text, else the value. */
function searchMatch(schema: Schema): 'exact' | 'contains' | 'range' {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('number') || types.includes('integer') || schema.format === 'date') return 'range';
  if (types.includes('string') && schema.enum === undefined && schema['x-dict'] === undefined) return 'contains';
  return 'exact';
}

function toggle(list: string[], name: string, on: boolean): void {
  const i = list.indexOf(name);
  if (on && i < 0) list.push(name);
  if (!on && i >= 0) list.splice(i, 1);
}

export function editField(doc: DesignDocument, name: string, edit: FieldEdit): void {
  const schema = schemaOf(doc, name);
  if (!schema) return;
  const setNumber = (key: string, value: number | undefined) => {
    if (value === undefined || Number.isNaN(value)) delete schema[key];
    else schema[key] = value;
  };
  switch (edit.property) {
    case 'label':
      setMessage(doc, edit.locale, 'fields', name, edit.value);
      return;
    case 'required':
      toggle((record(doc).required ??= []), name, edit.value);
      return;
    case 'minLength':
    case 'maxLength':
    case 'minimum':
    case 'maximum':
      setNumber(edit.property, edit.value);
      return;
    case 'span': {
      const ui = uiOf(doc, name);
      if (edit.value === undefined) delete ui.span;
      else ui.span = edit.value;
      tidyUi(doc, name);
      return;
    }
    case 'pattern':
      if (edit.value === '') delete schema.pattern;
      else schema.pattern = edit.value;
      return;
    case 'patternMessage': {
      setMessage(doc, edit.locale, 'patternMessages', name, edit.value);
      const any = LOCALES.some((l) => messageAt(doc, l, 'patternMessages', name) !== '');
      const ui = uiOf(doc, name);
      if (any) ui.patternMessage = patternMessageKey(doc, name);
      else delete ui.patternMessage;
      tidyUi(doc, name);
      return;
    }
    case 'options':
      schema.enum = edit.value.filter((v, i, all) => v !== '' && all.indexOf(v) === i);
      return;
    case 'dict':
      schema['x-dict'] = edit.value;
      return;
    case 'relation':
      (doc.resource.relations ??= {})[name] = { ...doc.resource.relations?.[name], ...edit.value };
      return;
    case 'default':
      if (edit.value === undefined || edit.value === '') delete schema.default;
      else schema.default = edit.value;
      return;
    case 'visibleWhen': {
      const ui = uiOf(doc, name);
      if (edit.value === undefined || edit.value.field === name) delete ui.visibleWhen;
      else ui.visibleWhen = { ...edit.value };
      tidyUi(doc, name);
      return;
    }
    case 'readOnlyOnEdit':
      toggle((form(doc).readOnlyOnEdit ??= []), name, edit.value);
      return;
    case 'searched': {
      const search = ((doc.resource.list ??= {}).search ??= {});
      const basic = (search.basic ?? []).filter((f) => searchedField(f) !== name);
      if (edit.value) basic.push({ field: name, match: searchMatch(schema) });
      search.basic = basic;
      return;
    }
  }
}
