/**
 * The list query: list parameters (read by server-mock/crud/listParams.ts) as a query of a
 * TenantData, so that the tenant condition comes with it: filters with bound values, the
 * sorter, paging, and a page with its total in one statement.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { FieldDef, LinkDef, MatchMode, Resource } from '../../schemas/registry/types.ts';
import { shapeName, type TenantData } from './tenantData.ts';
import { containsPattern } from '../db/dialect.ts';
import { documentCount } from '../db/documentSql.ts';
import { SqlTemplate } from '../db/sqlTemplate.ts';
import { badRequest } from '../http/apiError.ts';

export interface ListParams {
  currentPage: number;
  pageSize: number;
  sorter: { field: FieldDef; direction: 'asc' | 'desc' };
  /**
   * Filters on fields of the record; `subtree` on the filter tree's field (list.filterTree
   * with subtree): the chosen node's records and those of every node under it.
   */
  filters: { field: FieldDef; match: MatchMode | 'subtree'; value: string }[];
  /** Filters by a linked value (search fields with `link`): the records linked to it. */
  linked?: { link: LinkDef; value: string }[];
}

function parseScalar(field: FieldDef, text: string): unknown {
  switch (field.type) {
    case 'integer': {
      if (!/^-?\d{1,15}$/.test(text))
        throw badRequest(`${field.name} must be an integer`, [{ field: field.name, message: 'must be an integer' }]);
      return Number(text);
    }
    case 'number': {
      const n = Number(text);
      if (text.trim() === '' || !Number.isFinite(n))
        throw badRequest(`${field.name} must be a number`, [{ field: field.name, message: 'must be a number' }]);
      return n;
    }
    case 'boolean': {
      if (/^(1|true)$/i.test(text)) return true;
      if (/^(0|false)$/i.test(text)) return false;
      throw badRequest(`${field.name} must be true or false`, [{ field: field.name, message: 'must be true or false' }]);
    }
    case 'datetime': {
      const t = Date.parse(text);
      if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(t)) {
        throw badRequest(`${field.name} must be a date`, [{ field: field.name, message: 'must be a date (YYYY-MM-DD or ISO 8601)' }]);
      }
      return new Date(t).toISOString();
    }
    case 'date': {
      // a day, or a time standing for its UTC day
      const t = Date.parse(text);
      if (!/^\d{4}-\d{2}-\d{2}(T|$)/.test(text) || Number.isNaN(t)) {
        throw badRequest(`${field.name} must be a date`, [{ field: field.name, message: 'must be a date (YYYY-MM-DD)' }]);
      }
      return new Date(t).toISOString().slice(0, 10);
    }
    default:
      return text;
  }
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables are only known at run time
type AnySelect = SelectQueryBuilder<any, any, any>;

/**
 * A filter as SQL conditions whose values are bound: `op` per condition and the value each one
 * binds (`values`, in the same order). The conditions depend only on the field, its match and
 * which bounds a range has (the filter's shape); the values on the text.
 */
interface FilterTerms {
  field: FieldDef;
  ops: ('contains' | '=' | '>=' | '<' | '<=' | 'link' | 'subtree')[];
  values: unknown[];
  link?: LinkDef;
}

function filterTerms(data: TenantData, params: ListParams): FilterTerms[] {
  const linked = (params.linked ?? []).map(({ link, value }): FilterTerms => {
    // the value is one of the link rows' values: typed and named as their field
    const field = data.resource(link.through.resource).fieldMap.get(link.through.valueKey)!;
    return { field, ops: ['link'], values: [data.dialect.toDb(field.type, parseScalar(field, value))], link };
  });
  const own = params.filters.map(({ field, match, value }): FilterTerms => {
    if (match === 'subtree') return { field, ops: ['subtree'], values: [data.dialect.toDb(field.type, parseScalar(field, value))] };
    if (match === 'contains' && field.type === 'string') return { field, ops: ['contains'], values: [containsPattern(value)] };
    if (match === 'range' && (field.type === 'datetime' || field.type === 'date' || field.type === 'number' || field.type === 'integer')) {
      const parts = value.split(',');
      if (parts.length > 2)
        throw badRequest(`${field.name} must be a range "from,to"`, [{ field: field.name, message: 'must be a range "from,to"' }]);
      const [from, to] = [parts[0]?.trim() ?? '', (parts.length === 2 ? parts[1] : parts[0])?.trim() ?? ''];
      const terms: FilterTerms = { field, ops: [], values: [] };
      if (from) {
        terms.ops.push('>=');
        terms.values.push(data.dialect.toDb(field.type, parseScalar(field, from)));
      }
      if (to && field.type === 'datetime' && DATE_ONLY.test(to)) {
        terms.ops.push('<');
        terms.values.push(data.dialect.toDb(field.type, new Date(Date.parse(to) + 86_400_000).toISOString()));
      } else if (to) {
        terms.ops.push('<=');
        terms.values.push(data.dialect.toDb(field.type, parseScalar(field, to)));
      }
      return terms;
    }
    return { field, ops: ['='], values: [data.dialect.toDb(field.type, parseScalar(field, value))] };
  });
  return [...own, ...linked];
}

/** Apply filter terms to a select of the resource's table; `value(i, j)` is term i's j-th value. */
function whereTerms(
  q: AnySelect,
  data: TenantData,
  resource: Resource,
  terms: FilterTerms[],
  value: (i: number, j: number) => unknown,
): AnySelect {
  terms.forEach((term, i) => {
    const col = `${resource.table}.${term.field.column}`;
    term.ops.forEach((op, j) => {
      if (op === 'contains') q = q.where(data.dialect.contains(col, value(i, j)));
      else if (op === 'link') q = q.where(linkedRecords(data, resource, term.link!, value(i, j)));
      else if (op === 'subtree') q = q.where(col, 'in', subtreeValues(data, resource, value(i, j)));
      else q = q.where(col, op, value(i, j));
    });
  });
  return q;
}

/** `<record key> in (the keys of the link rows holding value)`, the link rows of the caller's tenant. */
function linkedRecords(data: TenantData, resource: Resource, link: LinkDef, value: unknown) {
  const rows = data.resource(link.through.resource);
  const recordKey = rows.fieldMap.get(link.through.recordKey)!;
  const valueKey = rows.fieldMap.get(link.through.valueKey)!;
  const own = resource.fieldMap.get(link.recordField ?? 'id')!;
  const keys = data.select(rows).select(`${rows.table}.${recordKey.column}`).where(`${rows.table}.${valueKey.column}`, '=', value);
  return sql<boolean>`${sql.ref(`${resource.table}.${own.column}`)} in (${keys})`;
}

/** The filter tree's values of the chosen node and of every node under it. */
function subtreeValues(data: TenantData, resource: Resource, root: unknown) {
  const spec = resource.list.filterTree!;
  return data.subtree(data.resource(spec.resource), root, spec.valueField);
}

/** Apply the filters to a select of the resource's table. */
export function applyFilters(q: AnySelect, data: TenantData, resource: Resource, params: ListParams): AnySelect {
  const terms = filterTerms(data, params);
  return whereTerms(q, data, resource, terms, (i, j) => terms[i]!.values[j]);
}

export interface ListResult {
  rows: Record<string, unknown>[];
  total: number;
}

/** Name of the count column a page query carries (see runList). */
const TOTAL = '__list_total';

interface PageContext {
  data: TenantData;
  resource: Resource;
  params: ListParams;
  terms: FilterTerms[];
}

/** The values of a page query: the tenant, each filter term's values (`v<i>_<j>`) and the offset. */
type PageValues = Record<string, unknown> & { tenant: string };

/**
 * A page of a list and the number of matching records in each row (a subquery the database
 * runs once), so that a page and its total are one query. Compiled once per shape: the
 * resource, the filters' fields and conditions, the sorter and the page size.
 */
export const pageQuery = new SqlTemplate<PageValues, PageContext>((db, v, { data, resource, params, terms }) => {
  const scoped = data.forTemplate(db, v.tenant);
  const base = whereTerms(scoped.select(resource), scoped, resource, terms, (i, j) => v[`v${i}_${j}`]);
  let q = base.selectAll(resource.table).orderBy(`${resource.table}.${params.sorter.field.column}`, params.sorter.direction);
  if (params.sorter.field.name !== 'id') q = q.orderBy(`${resource.table}.id`, params.sorter.direction);
  // a published resource's total without filters is kept by the database (documentSql.ts)
  const count = resource.document && !terms.length ? documentCount(resource, v.tenant) : base.select(sql<number>`count(*)`.as('total'));
  // the page size as a literal: SQLite runs a statement with a bound LIMIT markedly slower
  // (page sizes are few, so the statement cache keeps one statement per size)
  return q
    .select(count.as(TOTAL))
    .limit(sql.lit(params.pageSize))
    .offset(v.offset as number)
    .compile();
});

function pageShape(resource: Resource, params: ListParams, terms: FilterTerms[]): string {
  // a null value is part of the shape (SqlTemplate keeps it out of the bound values)
  const filters = terms.map((t) => `${t.field.name}${t.ops.join('')}${t.values.map((v) => (v === null ? 'n' : '')).join('')}`).join(',');
  return `${shapeName(resource)}|${params.sorter.field.name}|${params.sorter.direction}|${params.pageSize}|${filters}`;
}

/**
 * Run a filtered, sorted, paged list. `all` ignores paging (exports). Only a page past the end
 * (no rows) needs a count query of its own.
 */
export async function runList(data: TenantData, resource: Resource, params: ListParams, all = false, limit = 100_000): Promise<ListResult> {
  const terms = filterTerms(data, params);
  const base = () => whereTerms(data.select(resource), data, resource, terms, (i, j) => terms[i]!.values[j]);
  if (all) {
    let q = base().selectAll(resource.table).orderBy(`${resource.table}.${params.sorter.field.column}`, params.sorter.direction);
    if (params.sorter.field.name !== 'id') q = q.orderBy(`${resource.table}.id`, params.sorter.direction);
    const rows = (await q.limit(sql.lit(limit)).execute()) as Record<string, unknown>[];
    return { rows, total: rows.length };
  }
  const offset = (params.currentPage - 1) * params.pageSize;
  const values: Record<string, unknown> = { offset };
  terms.forEach((t, i) => t.values.forEach((value, j) => (values[`v${i}_${j}`] = value)));
  const rows = await data.runTemplate(pageQuery, pageShape(resource, params, terms), values, { data, resource, params, terms });
  let total: number;
  if (rows.length > 0) {
    total = Number(rows[0]![TOTAL]);
    for (const row of rows) delete row[TOTAL];
  } else if (offset === 0) {
    total = 0;
  } else {
    const countRow = (await base()
      .select(sql<number>`count(*)`.as('total'))
      .executeTakeFirst()) as { total: unknown } | undefined;
    total = Number(countRow?.total ?? 0);
  }
  return { rows, total };
}
