/**
 * Types of the normalised registry that the server, generators, runtime and designer read,
 * and of the resource metadata the browser runtime gets (runtime/generated/resources.ts).
 * The files as written (ResourceFile, MenuFile and their parts) are generated from the
 * meta-schemas into runtime/generated/fileTypes.ts; everything here is derived from them.
 */
import type {
  ActionSpec,
  CallDecl,
  FieldKind,
  FieldUi,
  FilterTreeSpec,
  FormSpec,
  HandlerNames,
  LinkDef,
  ListColumn,
  ListSourceSpec,
  ListSpec,
  PropertySchema,
  RelationDef,
  RelationThrough,
  ResourceFile,
  SearchFieldSpec,
  StorageSpec,
  TreeSpec,
} from '../../runtime/generated/fileTypes.ts';

export type { CallDecl, FieldKind, FieldUi, FilterTreeSpec, LinkDef, ListColumn, RelationDef, RelationThrough, ResourceFile, TreeSpec };

/** The registry's annotation keywords of a record property (x-dict, x-hash, x-auto, x-notBefore, x-partOf, x-kind). */
type Annotations = Pick<PropertySchema, 'x-dict' | 'x-hash' | 'x-auto' | 'x-notBefore' | 'x-partOf' | 'x-kind'>;

/** A JSON Schema (draft-07) with the registry's annotations. */
export interface JsonSchema extends Annotations {
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
  [keyword: string]: unknown;
}

export type ResourceKind = ResourceFile['kind'];
export type ResourceScope = NonNullable<ResourceFile['scope']>;
export type MatchMode = NonNullable<Exclude<SearchFieldSpec, string>['match']>;
export type CallAuth = NonNullable<CallDecl['auth']>;
export type HttpMethod = CallDecl['method'];
export type CallResult = NonNullable<CallDecl['result']>;

/** A search field with its match mode settled (a file may name just the field); `link` for a filter by a linked value. */
export type SearchField = Required<Pick<Exclude<SearchFieldSpec, string>, 'field' | 'match'>> &
  Pick<Exclude<SearchFieldSpec, string>, 'link'>;

/**
 * Where a list's rows come from when it is not the resource's own query call: a declared call
 * (of any resource), sent the fixed filters and the search values, answering an array or a
 * page ({list, pagination}).
 */
export type ListSource = Required<ListSourceSpec>;

/** An action with its kind settled (standard unless the file says custom). */
export type ActionDef = ActionSpec & { kind: NonNullable<ActionSpec['kind']> };

/** What a call does: the standard calls of an entity resource, or `custom` (declared in `calls`). */
export type CallVerb = keyof HandlerNames | 'custom';

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
  /** What the field is for the console (its cell, form input and search input): x-kind, else inferred from the schema (fieldKinds.ts). */
  kind: FieldKind;
  /** Set by the server (x-auto); a value in a body is checked but not used. */
  auto?: NonNullable<PropertySchema['x-auto']>;
  /** A field this value may not be before (x-notBefore). */
  notBefore?: string;
  /** The field this one is a part of (x-partOf): hidden with it by a data permission. */
  partOf?: string;
  /** Stored in a link resource's rows (a relation with `through`), not in a column of the table. */
  link?: RelationThrough;
}

/** One HTTP call of the platform, standard or declared. */
export interface CallDef extends Required<Pick<CallDecl, 'name' | 'method' | 'handler' | 'auth' | 'description' | 'result' | 'options'>> {
  resource: string;
  /** A standard call (query, add, update, delete, export, exportWord, exportPdf, import, tree) or custom. */
  verb: CallVerb;
  url: string;
  permission?: string;
  query?: JsonSchema;
  body?: JsonSchema;
  /** A development mock call (docs/mock-api.md): served only with MOCK_API=1, never in the OpenAPI description. */
  mock?: true;
  /** Its client function when another call has the same name (callRefs.ts): named after its URL. */
  clientName?: string;
}

export interface Resource extends Pick<ResourceFile, 'name' | 'service' | 'path' | 'kind' | 'menu'> {
  file: string;
  scope: ResourceScope;
  table: string;
  labels: { title: string; fields: Record<string, string> };
  record: JsonSchema;
  /** Record fields followed by the system fields, in declaration order. */
  fields: FieldDef[];
  fieldMap: Map<string, FieldDef>;
  list: Required<Pick<ListSpec, 'rowKey' | 'mode' | 'pageSize' | 'defaultSort' | 'columns'>> &
    Pick<ListSpec, 'tree' | 'filterTree' | 'detail' | 'detailPanels'> & {
      search: { basic: SearchField[]; advanced: SearchField[] };
      source?: ListSource;
    };
  form: Required<FormSpec>;
  actions: ActionDef[];
  calls: CallDef[];
  relations: Record<string, RelationDef>;
  /** Many-valued relations kept only in link rows, not fields of the record (schemas/registry/links.ts). */
  links: Record<string, LinkDef>;
  /**
   * unique: sets unique within a tenant (for a tenant-scoped resource); index: sets looked up
   * within a tenant; lookup: sets looked up across tenants (indexes without tenant_code).
   */
  storage: { [K in keyof StorageSpec]-?: string[][] };
  /**
   * The client function of each call the resource names (callRefs.ts), where it is not the name
   * written: the console's metadata names the function.
   */
  callRefs?: Record<string, string>;
  /**
   * Set on a resource published from a document (server-mock/documents/): its records are rows
   * of the one document table under this key (the resource name), and `table` is only the name
   * the queries give the view of them.
   */
  document?: { key: string };
}

export interface Registry {
  resources: Resource[];
  byName: Map<string, Resource>;
  calls: CallDef[];
  /** url -> call */
  callByUrl: Map<string, CallDef>;
}

/*
 * The browser runtime's view of a resource (runtime/generated/resources.ts): the registry's
 * resource as plain data, without the server's table, storage and handler details.
 */

/** A field as the runtime needs it; `label` is the i18n key of its label. */
export type FieldMeta = Pick<FieldDef, 'name' | 'type' | 'required' | 'system' | 'secret' | 'dict' | 'label' | 'kind'>;
/** A call as the runtime needs it; `name` is its client function (client.ts). */
export type CallMeta = Pick<CallDef, 'name' | 'method' | 'url' | 'verb' | 'auth' | 'permission' | 'result'>;
export type SearchFieldMeta = SearchField;
export type ColumnMeta = ListColumn;
export type ListMeta = Resource['list'];
export type FieldUiMeta = FieldUi;
export type FormMeta = Resource['form'];
export type ActionMeta = ActionDef;
export type RelationMeta = RelationDef;
export type LinkMeta = LinkDef;

/**
 * A JSON Schema as the console's metadata carries it: any keyword, narrowed where it is read
 * (the registry's JsonSchema is assignable to it, and it to a validator's own schema type).
 */
export type JsonSchemaMeta = { [keyword: string]: unknown };

export interface ResourceMeta extends Pick<
  Resource,
  'name' | 'service' | 'path' | 'kind' | 'scope' | 'menu' | 'labels' | 'list' | 'form' | 'actions' | 'relations'
> {
  /** The resource's links (absent: none, as in documents built at run time). */
  links?: Record<string, LinkMeta>;
  record: JsonSchemaMeta;
  /** Record fields followed by the system fields. */
  fields: FieldMeta[];
  calls: CallMeta[];
}
