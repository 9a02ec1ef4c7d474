/**
 * The record form's plan for one resource, mode and data permission: which fields show, in
 * which order, of which kind, which are locked, which are sent, and the JSON Schema the
 * form validates with. That schema is the server's record schema (recordSchema() in
 * server-mock/calls/validation.ts: the resource's `record`, hardened with the same bounds,
 * secrets required on add only) narrowed to the fields the form sends, plus one plain string
 * property per "confirm" input. Pure, no React.
 */
import type { FieldKind, FieldMeta, FieldUiMeta, JsonSchema, RelationMeta, ResourceMeta } from '../../generated/resources.ts';
import type { FormMode } from './types.ts';
import { harden } from '../../../schemas/registry/limits.ts';
import { withConditionalRequired } from '../../../schemas/registry/visibleWhen.ts';

/** Suffix of the synthetic property holding the repeated value of a `confirm: true` field. */
export const CONFIRM_SUFFIX = '__confirm';
/** The field a `mobile` field's input shows its country-code select for. */
export const PREFIX_FIELD = 'prefix';
/** System fields the view mode shows (read-only) after the record's own fields. */
const VIEW_SYSTEM_FIELDS = ['createTime', 'updateTime'];

export interface PlannedField {
  name: string;
  /** i18n key of the label. */
  label: string;
  /** The property's schema: the hardened record schema for sent fields, a display-only one for locked fields. */
  schema: JsonSchema;
  type: FieldMeta['type'];
  required: boolean;
  /** Shown locked: view mode, `readOnlyOnEdit` on edit, system fields. Never sent, never validated. */
  readOnly: boolean;
  /** Part of the values onSubmit receives. */
  sent: boolean;
  /** The field's kind, whose input the form shows (runtime/resource/fieldKinds). */
  kind: FieldKind;
  ui: FieldUiMeta;
  dict?: string;
  enum?: readonly unknown[];
  relation?: RelationMeta;
  /** The field a confirm input repeats (set on the synthetic `<field>__confirm` entry only). */
  confirms?: string;
  /** The synthetic confirm entry of this field, when it asks twice. */
  confirmField?: string;
  /** For a `mobile` field: the prefix field its input shows as its country-code select. */
  prefixField?: string;
  /** For a prefix field: the mobile field that shows it (the prefix has no row of its own). */
  shownIn?: string;
  /** Relation to the resource's own tree parent: offer the root and lock the record's own branch. */
  treeParent?: { rootValue: string | number; selfValue?: unknown };
}

export interface FormPlan {
  resource: string;
  mode: FormMode;
  /** In display order, confirm entries right after their field. */
  fields: PlannedField[];
  byName: ReadonlyMap<string, PlannedField>;
  /** The schema the form renders: every planned field. */
  renderSchema: JsonSchema;
  /** The schema the form validates with: the sent fields (server rules) and the confirm entries. */
  validationSchema: JsonSchema;
  /** Names of the sent fields, in display order. */
  sent: string[];
}

/** A locked field's schema: what the widget needs to show the value, no constraints. */
function displaySchema(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { readOnly: true };
  for (const key of ['type', 'format', 'enum', 'x-dict']) if (schema[key] !== undefined) out[key] = schema[key];
  // A stored value of an older type must still show: allow null as well.
  return out;
}

function systemSchema(field: FieldMeta): JsonSchema {
  if (field.type === 'datetime') return { type: 'string', format: 'date-time', readOnly: true };
  if (field.type === 'integer' || field.type === 'number') return { type: field.type, readOnly: true };
  return { type: 'string', readOnly: true };
}

/** The field names a mode shows, before the data permission and system/secret rules. */
function modeFields(resource: ResourceMeta, mode: FormMode): string[] {
  if (mode === 'create') return resource.form.create;
  if (mode === 'edit') return resource.form.edit;
  return resource.form.order;
}

export interface PlanOptions {
  /** The record being edited (edit, view): its key locks its own branch in a tree-parent select. */
  initial?: Readonly<Record<string, unknown>>;
}

/**
 * Plans the form. `hiddenFields` are the fields the user's data permission hides: they are
 * neither shown nor sent. Unknown names in the resource's form lists are skipped (the
 * registry already refuses them when the resource file is loaded).
 */
export function buildFormPlan(
  resource: ResourceMeta,
  mode: FormMode,
  hiddenFields: ReadonlySet<string>,
  options: PlanOptions = {},
): FormPlan {
  const properties = ((resource.record as { properties?: Record<string, JsonSchema> }).properties ?? {}) as Record<string, JsonSchema>;
  const recordRequired = new Set(((resource.record as { required?: string[] }).required ?? []) as string[]);
  const fieldMeta = new Map(resource.fields.map((f) => [f.name, f]));
  const lockedOnEdit = new Set(resource.form.readOnlyOnEdit);
  const tree = resource.list.tree;

  const names: string[] = [];
  for (const name of modeFields(resource, mode)) {
    const meta = fieldMeta.get(name);
    if (!meta || !(name in properties) || hiddenFields.has(name) || names.includes(name)) continue;
    if (meta.system && mode !== 'view') continue;
    if (meta.secret && mode !== 'create') continue;
    names.push(name);
  }
  if (mode === 'view') {
    for (const name of VIEW_SYSTEM_FIELDS) {
      const meta = fieldMeta.get(name);
      if (meta?.system && !hiddenFields.has(name) && !names.includes(name)) names.push(name);
    }
  }

  const fields: PlannedField[] = [];
  for (const name of names) {
    const meta = fieldMeta.get(name)!;
    const raw = properties[name];
    const readOnly = mode === 'view' || meta.system || (mode === 'edit' && lockedOnEdit.has(name));
    const relation = resource.relations[name];
    const ui = resource.form.ui[name] ?? {};
    const schema = raw ? (readOnly ? displaySchema(raw) : harden(raw)) : systemSchema(meta);
    const field: PlannedField = {
      name,
      label: resource.labels.fields[name] ?? meta.label,
      schema,
      type: meta.type,
      required: !readOnly && recordRequired.has(name),
      readOnly,
      sent: !readOnly,
      kind: meta.kind,
      ui,
    };
    const dict = meta.dict ?? (typeof raw?.['x-dict'] === 'string' ? (raw['x-dict'] as string) : undefined);
    if (dict) field.dict = dict;
    if (Array.isArray(raw?.enum)) field.enum = raw.enum as unknown[];
    if (relation) field.relation = relation;
    if (relation && tree && relation.resource === resource.name && tree.parentField === name) {
      field.treeParent = { rootValue: tree.rootValue, selfValue: options.initial?.[relation.valueField] };
    }
    fields.push(field);
    if (ui.confirm && !readOnly) {
      const confirmName = `${name}${CONFIRM_SUFFIX}`;
      field.confirmField = confirmName;
      fields.push({
        name: confirmName,
        label: field.label,
        schema: { type: 'string' },
        type: 'string',
        required: field.required,
        readOnly: false,
        sent: false,
        kind: field.kind,
        ui: { ...ui, confirm: false },
        confirms: name,
      });
    }
  }

  const mobile = fields.find((f) => f.kind === 'mobile' && !f.confirms);
  const prefix = fields.find((f) => f.name === PREFIX_FIELD);
  if (mobile && prefix && prefix !== mobile && prefix.readOnly === mobile.readOnly) {
    mobile.prefixField = prefix.name;
    prefix.shownIn = mobile.name;
  }

  const sent = fields.filter((f) => f.sent).map((f) => f.name);
  const renderProps: Record<string, JsonSchema> = {};
  const validationProps: Record<string, JsonSchema> = {};
  for (const f of fields) {
    renderProps[f.name] = f.schema;
    if (f.sent || f.confirms) validationProps[f.name] = f.schema;
  }
  const required = fields.filter((f) => f.required).map((f) => f.name);
  return {
    resource: resource.name,
    mode,
    fields,
    byName: new Map(fields.map((f) => [f.name, f])),
    renderSchema: { type: 'object', properties: renderProps, required },
    validationSchema: withConditionalRequired(
      { type: 'object', additionalProperties: false, properties: validationProps, required },
      Object.fromEntries(fields.map((f) => [f.name, f.ui])),
    ),
    sent,
  };
}
