/**
 * Types of a resource file (schemas/resources/*.json) as written, and of the
 * normalised registry that the server, generators, runtime and designer read.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  writeOnly?: boolean;
  readOnly?: boolean;
  default?: unknown;
  description?: string;
  additionalProperties?: boolean | JsonSchema;
  'x-dict'?: string;
  'x-hash'?: 'scrypt';
  /**
   * Set by the server: `username` is the signed-in caller's username, written when the record is
   * added; `server`: set only by the server's own calls (add and import store the schema's
   * `default`, update keeps the stored value).
   */
  'x-auto'?: 'username' | 'server';
  /** Name of another field of the record this value may not be before (an end time and its start). */
  'x-notBefore'?: string;
  [keyword: string]: unknown;
};

export type ResourceKind = 'entity' | 'link' | 'service';
export type ResourceScope = 'tenant' | 'platform';
export type MatchMode = 'exact' | 'contains' | 'range';
export type CallAuth = 'public' | 'session' | 'grant';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type CallResult = 'envelope' | 'raw' | 'blob';

export interface ListColumn {
  field: string;
  sortable?: boolean;
  width?: number;
  render?: string;
  hidden?: boolean;
}

export interface SearchField {
  field: string;
  match: MatchMode;
}

export interface TreeSpec {
  keyField: string;
  parentField: string;
  labelField: string;
  rootValue: string | number;
  sequenceField?: string;
  /** A field holding the node's title as an i18n key (menus): shown translated where the key has a message, else labelField. */
  titleField?: string;
}

/**
 * Where a list's rows come from when it is not the resource's own query call: a declared call
 * (of any resource), sent the fixed filters and the search values, answering an array or a
 * page ({list, pagination}).
 */
export interface ListSource {
  /** Name of the call (its client function). */
  call: string;
  /** The call takes currentPage / pageSize and answers pages; else all rows come at once and sort on the client. */
  paged: boolean;
  /** Fields that must be set by the filter tree before the list is asked for (the call requires them). */
  requires: string[];
}

export interface FilterTreeSpec {
  resource: string;
  /** Field of the listed resource the chosen node filters. */
  field: string;
  /** Field of the tree's records whose value is sent (default: the tree's keyField). */
  valueField?: string;
}

export interface FieldUi {
  widget?: string;
  placeholder?: string;
  help?: string;
  rows?: number;
  span?: number;
  confirm?: boolean;
}

export interface ActionDef {
  name: string;
  kind: 'standard' | 'custom';
  permission: string;
  label?: string;
  call?: string;
  placement?: 'toolbar' | 'row' | 'both';
  selection?: 'none' | 'one' | 'many';
  /** A row action is not offered on rows where this field is true (the caller's own session). */
  hideWhen?: string;
  /** A row action is offered only on rows where this field is true (restoring a deleted tenant). */
  showWhen?: string;
  /** On the delete action: a field whose value must be typed to confirm (and be sent as `confirm`). */
  typeToConfirm?: string;
  /** ROLE_EDITOR is granted the button (and the calls needing it) when it is added: default true, false for delete. */
  grantEditor?: boolean;
}

/**
 * Where the values of a many-valued relation are stored: the rows of a link resource, one per
 * value, holding the record's id in `recordKey` and the value in `valueKey`.
 */
export interface RelationThrough {
  resource: string;
  recordKey: string;
  valueKey: string;
}

export interface RelationDef {
  resource: string;
  valueField: string;
  labelField: string;
  as?: string;
  widget?: 'select' | 'treeSelect' | 'transfer';
  /** A many-valued relation (an array field) kept in a link resource's rows instead of a column. */
  through?: RelationThrough;
}

/** A call as declared in a resource file's `calls`. */
export interface CallDecl {
  name: string;
  method: HttpMethod;
  handler: string;
  auth?: CallAuth;
  permission?: string;
  description?: string;
  query?: JsonSchema;
  body?: JsonSchema;
  result?: CallResult;
  options?: Record<string, unknown>;
}

/** A resource file as written. */
export interface ResourceFile {
  name: string;
  service: string;
  path: string;
  kind: ResourceKind;
  scope?: ResourceScope;
  table?: string;
  menu?: string;
  labels: { title: string; fields?: Record<string, string> };
  record?: JsonSchema;
  list?: {
    rowKey?: string;
    mode?: 'flat' | 'tree';
    pageSize?: number;
    defaultSort?: string;
    columns?: ListColumn[];
    search?: { basic?: (string | Partial<SearchField>)[]; advanced?: (string | Partial<SearchField>)[] };
    tree?: TreeSpec;
    filterTree?: FilterTreeSpec;
    detail?: { resource: string; foreignKey: string; masterKey?: string };
    source?: { call: string; paged?: boolean; requires?: string[] };
  };
  form?: {
    order?: string[];
    create?: string[];
    edit?: string[];
    readOnlyOnEdit?: string[];
    ui?: Record<string, FieldUi>;
  };
  actions?: (Omit<ActionDef, 'kind'> & { kind?: ActionDef['kind'] })[];
  calls?: CallDecl[];
  relations?: Record<string, RelationDef>;
  storage?: { unique?: string[][]; index?: string[][]; lookup?: string[][] };
  /** Standard calls served by another registered handler than crud.<verb>. */
  handlers?: Partial<Record<CallVerb, string>>;
}

/** Field type as stored: `datetime` is a `format: date-time` string (a timestamp), `date` a `format: date` one (a day, `yyyy-mm-dd`). */
export type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'datetime' | 'date' | 'json';

export interface FieldDef {
  name: string;
  column: string;
  type: FieldType;
  schema: JsonSchema;
  required: boolean;
  /** System fields (id, tenantCode, createTime, updateTime) are managed by the server. */
  system: boolean;
  /** Never returned by any call (writeOnly). */
  secret: boolean;
  hash: boolean;
  dict?: string;
  label: string;
  /** Set by the server (x-auto); a value in a body is checked but not used. */
  auto?: 'username' | 'server';
  /** A field this value may not be before (x-notBefore). */
  notBefore?: string;
  /** Stored in a link resource's rows (a relation with `through`), not in a column of the table. */
  link?: RelationThrough;
}

/** What a call does: the standard calls of an entity resource, or `custom` (declared in `calls`). */
export type CallVerb = 'query' | 'add' | 'update' | 'delete' | 'export' | 'exportWord' | 'exportPdf' | 'import' | 'tree' | 'custom';

/** One HTTP call of the platform, standard or declared. */
export interface CallDef {
  resource: string;
  name: string;
  /** A standard call (query, add, update, delete, export, exportWord, exportPdf, import, tree) or custom. */
  verb: CallVerb;
  method: HttpMethod;
  url: string;
  handler: string;
  auth: CallAuth;
  permission?: string;
  description: string;
  query?: JsonSchema;
  body?: JsonSchema;
  result: CallResult;
  options: Record<string, unknown>;
}

export interface Resource {
  file: string;
  name: string;
  service: string;
  path: string;
  kind: ResourceKind;
  scope: ResourceScope;
  table: string;
  menu?: string;
  labels: { title: string; fields: Record<string, string> };
  record: JsonSchema;
  /** Record fields followed by the system fields, in declaration order. */
  fields: FieldDef[];
  fieldMap: Map<string, FieldDef>;
  list: {
    rowKey: string;
    mode: 'flat' | 'tree';
    pageSize: number;
    defaultSort: string;
    columns: ListColumn[];
    search: { basic: SearchField[]; advanced: SearchField[] };
    tree?: TreeSpec;
    filterTree?: FilterTreeSpec;
    detail?: { resource: string; foreignKey: string; masterKey?: string };
    source?: ListSource;
  };
  form: {
    order: string[];
    create: string[];
    edit: string[];
    readOnlyOnEdit: string[];
    ui: Record<string, FieldUi>;
  };
  actions: ActionDef[];
  calls: CallDef[];
  relations: Record<string, RelationDef>;
  /**
   * unique: sets unique within a tenant (for a tenant-scoped resource); index: sets looked up
   * within a tenant; lookup: sets looked up across tenants (indexes without tenant_code).
   */
  storage: { unique: string[][]; index: string[][]; lookup: string[][] };
}

export interface Registry {
  resources: Resource[];
  byName: Map<string, Resource>;
  calls: CallDef[];
  /** url -> call */
  callByUrl: Map<string, CallDef>;
}
