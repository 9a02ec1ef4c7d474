/**
 * resources.ts: the normalised registry as plain data for the browser runtime (the
 * generic list, search, form, detail and actions read it), with defaults applied.
 */
import type { CallDef, FieldDef, Registry, Resource } from '../schemas/registry/types.ts';
import { generatedFile, tsLiteral } from './tsSource.ts';

const RESOURCE_META = `/** A JSON Schema (draft-07) with the registry's x-dict and x-hash annotations. */
export type JsonSchema = { [keyword: string]: unknown };

export interface FieldMeta {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'datetime' | 'date' | 'json';
  required: boolean;
  /** id, tenantCode, createTime, updateTime: managed by the server. */
  system: boolean;
  /** writeOnly: never returned by any call. */
  secret: boolean;
  /** Dictionary type the value comes from. */
  dict?: string;
  /** i18n key of the label. */
  label: string;
}

export interface SearchFieldMeta {
  field: string;
  match: 'exact' | 'contains' | 'range';
}

export interface ColumnMeta {
  field: string;
  sortable?: boolean;
  width?: number;
  /** Column renderer registered in the runtime. */
  render?: string;
  /** Hidden by default; the user can show it. */
  hidden?: boolean;
}

export interface ListMeta {
  rowKey: string;
  mode: 'flat' | 'tree';
  pageSize: number;
  defaultSort: string;
  columns: ColumnMeta[];
  search: { basic: SearchFieldMeta[]; advanced: SearchFieldMeta[] };
  tree?: {
    keyField: string;
    parentField: string;
    labelField: string;
    rootValue: string | number;
    sequenceField?: string;
    /** A field holding the node's title as an i18n key, shown translated where it has a message. */
    titleField?: string;
  };
  /** The tree of another resource on the left; its node's value (valueField, else the tree's key) filters \`field\`. */
  filterTree?: { resource: string; field: string; valueField?: string };
  detail?: { resource: string; foreignKey: string; masterKey?: string };
  /** Rows from a declared call instead of the resource's query call (a list-only page). */
  source?: {
    /** Client function name. */
    call: string;
    /** The call takes currentPage / pageSize; else every row comes at once and sorts on the client. */
    paged: boolean;
    /** Filter fields that must be set (by the filter tree) before the call is made. */
    requires: string[];
  };
}

export interface FieldUiMeta {
  widget?: string;
  /** i18n key. */
  placeholder?: string;
  /** i18n key. */
  help?: string;
  rows?: number;
  span?: number;
  /** Ask for the value twice. */
  confirm?: boolean;
}

export interface FormMeta {
  order: string[];
  create: string[];
  edit: string[];
  readOnlyOnEdit: string[];
  /** Per-field ui hints. */
  ui: Record<string, FieldUiMeta>;
}

export interface ActionMeta {
  name: string;
  kind: 'standard' | 'custom';
  /** Button permission code (menuButton). */
  permission: string;
  label?: string;
  call?: string;
  placement?: 'toolbar' | 'row' | 'both';
  selection?: 'none' | 'one' | 'many';
  /** Boolean field: a row action is not offered on rows where it is true. */
  hideWhen?: string;
  /** Boolean field: a row action is offered only on rows where it is true. */
  showWhen?: string;
  /** On delete: the field whose value must be typed to confirm, sent to the delete call as \`confirm\`. */
  typeToConfirm?: string;
  /** ROLE_EDITOR is granted the button when it is added to a tenant (default: true, false for delete). */
  grantEditor?: boolean;
}

export interface RelationMeta {
  resource: string;
  valueField: string;
  labelField: string;
  as?: string;
  widget?: 'select' | 'treeSelect' | 'transfer';
  /** A many-valued relation (an array field): the link resource keeping its values. */
  through?: { resource: string; recordKey: string; valueKey: string };
}

export interface CallMeta {
  /** Name of the client function (client.ts). */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  verb: 'query' | 'add' | 'update' | 'delete' | 'export' | 'exportWord' | 'exportPdf' | 'import' | 'tree' | 'custom';
  auth: 'public' | 'session' | 'grant';
  permission?: string;
  result: 'envelope' | 'raw' | 'blob';
}

export interface ResourceMeta {
  name: string;
  service: string;
  path: string;
  kind: 'entity' | 'link' | 'service';
  scope: 'tenant' | 'platform';
  /** Code of the menu entry whose screen shows this resource. */
  menu?: string;
  /** i18n keys of the title and of every field label. */
  labels: { title: string; fields: Record<string, string> };
  record: JsonSchema;
  /** Record fields followed by the system fields. */
  fields: FieldMeta[];
  list: ListMeta;
  form: FormMeta;
  actions: ActionMeta[];
  relations: Record<string, RelationMeta>;
  calls: CallMeta[];
}`;

function fieldMeta(f: FieldDef): Record<string, unknown> {
  return { name: f.name, type: f.type, required: f.required, system: f.system, secret: f.secret, dict: f.dict, label: f.label };
}

function callMeta(c: CallDef): Record<string, unknown> {
  return { name: c.name, method: c.method, url: c.url, verb: c.verb, auth: c.auth, permission: c.permission, result: c.result };
}

/** One resource as JSON-serialisable data (Maps dropped, undefined members omitted). */
export function resourceMeta(r: Resource): Record<string, unknown> {
  return {
    name: r.name,
    service: r.service,
    path: r.path,
    kind: r.kind,
    scope: r.scope,
    menu: r.menu,
    labels: r.labels,
    record: r.record,
    fields: r.fields.map(fieldMeta),
    list: r.list,
    form: r.form,
    actions: r.actions,
    relations: r.relations,
    calls: r.calls.map(callMeta),
  };
}

/** Generate resources.ts. */
export function emitResources(registry: Registry): string {
  const data = Object.fromEntries(registry.resources.map((r) => [r.name, resourceMeta(r)]));
  const decl = 'export const resources: Record<string, ResourceMeta> = ';
  // A JSON round trip proves the data serialisable and drops what JSON would drop.
  const literal = tsLiteral(JSON.parse(JSON.stringify(data)), '', decl.length);
  return generatedFile(`${RESOURCE_META}\n\n${decl}${literal};`);
}
