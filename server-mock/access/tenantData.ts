/**
 * THE tenant filter. Every read and write of a resource table by a call handler goes through
 * a TenantData bound to the caller's tenant: selects, updates and deletes always carry
 * `tenant_code = <caller's tenant>`, inserts always set it, and a tenantCode in a body is never
 * used. Handlers are given a TenantData, not the database.
 *
 * A resource published from a document (`resource.document`) has no table of its own: its
 * records are rows of the document table under its key, read through a view named like a
 * table (server-mock/db/documentSql.ts), so the same queries serve it; writes go to the
 * document table, with the same tenant condition.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Resource, Registry } from '../../schemas/registry/types.ts';
import { inChunks, MAX_BOUND_VALUES, type AnyKysely, type Row } from '../db/anyKysely.ts';
import type { Database } from '../db/database.ts';
import { SqlTemplate } from '../db/sqlTemplate.ts';
import { DocumentStore } from './documentStore.ts';
import { DOCUMENT_TABLE, documentKey, documentRow, documentUpdate, documentValue, documentView } from '../db/documentSql.ts';
import { liveHub, sendLiveNotice, type LiveNotice } from './liveNotices.ts';

interface WriteContext {
  data: TenantData;
  resource: Resource;
  /** the inserted columns, in order (insertUnlessClash) */
  columns: string[];
  /** how many ids (the statements by ids) or rows (insert) */
  count: number;
  /** whether the statement returns the rows it wrote (the inserted ids, the deleted rows) */
  returning?: boolean;
}

/** insertUnlessClash's statement, one per resource and set of columns; values `c<i>`. */
const insertUnlessClashQuery = new SqlTemplate<Row & { tenant: string }, WriteContext>((db, v, { data, resource, columns }) => {
  const scoped = data.forTemplate(db, v.tenant);
  const values: Row = {};
  columns.forEach((c, i) => (values[c] = v[`c${i}`]));
  return scoped
    .insertStatement(resource, values)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .compile();
});

/** Most rows insertRows writes with a kept statement (more take a statement built for them). */
const TEMPLATE_ROWS = 4;
/** Most ids rowsById reads (and deleteByIds deletes) with a kept statement. */
const TEMPLATE_IDS = 8;

/** insert's and insertRows' statement, one per resource, set of columns, number of rows and null cells; values `r<j>c<i>`. */
const insertQuery = new SqlTemplate<Row & { tenant: string }, WriteContext>((db, v, { data, resource, columns, count, returning }) => {
  // a null cell is written as the literal null (SqlTemplate binds only the values that are not)
  const cell = (j: number, i: number) => (v[`r${j}c${i}`] === null ? sql`null` : v[`r${j}c${i}`]);
  const rows = Array.from({ length: count }, (_, j) => Object.fromEntries(columns.map((c, i) => [c, cell(j, i)])));
  const q = data.forTemplate(db, v.tenant).insertStatement(resource, rows);
  return (returning ? q.returning('id') : q).compile();
});

/** deleteBefore's statement, one per resource and field; value `before`. */
const deleteBeforeQuery = new SqlTemplate<Row & { tenant: string }, WriteContext>((db, v, { data, resource, columns }) =>
  data.forTemplate(db, v.tenant).delete(resource).where(columns[0]!, '<', v.before).compile(),
);

/** The values `i<n>` of a statement by ids, as its id list. */
const idValues = (v: Row, count: number) => Array.from({ length: count }, (_, i) => v[`i${i}`]);

/** rowsById's statement, one per resource and number of ids; values `i<n>`. */
const rowsByIdQuery = new SqlTemplate<Row & { tenant: string }, WriteContext>((db, v, { data, resource, count }) =>
  data.forTemplate(db, v.tenant).select(resource).selectAll().where(`${resource.table}.id`, 'in', idValues(v, count)).compile(),
);

/** deleteByIds' and deleteReturning's statement, one per resource, number of ids and whether it returns the rows; values `i<n>`. */
const deleteByIdsQuery = new SqlTemplate<Row & { tenant: string }, WriteContext>((db, v, { data, resource, count, returning }) => {
  const q = data.forTemplate(db, v.tenant).delete(resource).where('id', 'in', idValues(v, count));
  return (returning ? q.returningAll() : q).compile();
});

/**
 * A row of another table written by the statement that writes a record (its audit row, the
 * hold of an undo): `row` is its columns (toRow) without the tenant; `idColumns` take the
 * record's id, which the statement sets.
 */
export interface Follower {
  resource: Resource;
  row: Row;
  idColumns?: string[];
}

interface FollowContext extends WriteContext {
  /** per follower: its resource, its columns (values `f<k>c<i>`) and the columns that take the record's id */
  followers: { resource: Resource; columns: string[]; idColumns: string[] }[];
}

/**
 * PostgreSQL: the statement `written` (an insert or delete returning the record's id) with an
 * insert of each follower's row for the row it wrote, as data-modifying WITH parts: one
 * autocommitted statement, so that a record and its rows are written together or not at all,
 * and nothing follows a record that was not written (an insert that clashed, a delete of a row
 * that changed). A null cell is written as the literal null (SqlTemplate binds only values).
 */
function withFollowers(
  db: AnyKysely,
  v: Row & { tenant: string },
  written: Parameters<AnyKysely['with']>[1],
  followers: FollowContext['followers'],
) {
  let q = db.with('written', written);
  followers.forEach((f, k) => {
    const scoped = f.resource.scope === 'tenant';
    const columns = [...f.columns, ...f.idColumns, ...(scoped ? ['tenant_code'] : [])];
    q = q.with(`follower${k}`, (qc) =>
      qc
        .insertInto(f.resource.table)
        .columns(columns)
        .expression((eb) =>
          eb
            .selectFrom('written')
            .select([
              ...f.columns.map((_, i) => (v[`f${k}c${i}`] === null ? sql`null`.as(`c${i}`) : eb.val(v[`f${k}c${i}`]).as(`c${i}`))),
              ...f.idColumns.map((_, i) => eb.ref('written.id').as(`id${i}`)),
              ...(scoped ? [eb.val(v.tenant).as('tenant')] : []),
            ]),
        ),
    );
  });
  return q;
}

/** insertUnlessClash's statement with followers (PostgreSQL), one per resource, columns and null cells; values `c<i>`, `f<k>c<i>`. */
const insertWithQuery = new SqlTemplate<Row & { tenant: string }, FollowContext>((db, v, { data, resource, columns, followers }) => {
  const values: Row = {};
  columns.forEach((c, i) => (values[c] = v[`c${i}`] === null ? sql`null` : v[`c${i}`]));
  const insert = data
    .forTemplate(db, v.tenant)
    .insertStatement(resource, values)
    .onConflict((oc) => oc.doNothing())
    .returningAll();
  return withFollowers(db, v, () => insert, followers)
    .selectFrom('written')
    .selectAll()
    .compile();
});

/** The column of deleteOneWith's read that holds the row's version. */
const VERSION = '__version';

/** deleteOneWith's read (PostgreSQL): the row with its version (`xmin`, new at each update); value `i0`. */
const versionedRowQuery = new SqlTemplate<Row & { tenant: string }, WriteContext>((db, v, { data, resource }) =>
  data
    .forTemplate(db, v.tenant)
    .select(resource)
    .selectAll()
    .select(sql<string>`${sql.ref(`${resource.table}.xmin`)}::text`.as(VERSION))
    .where(`${resource.table}.id`, '=', v.i0)
    .compile(),
);

/** deleteOneWith's delete with followers (PostgreSQL): the row only if it is still the version read; values `i0`, `version`, `f<k>c<i>`. */
const deleteWithQuery = new SqlTemplate<Row & { tenant: string }, FollowContext>((db, v, { data, resource, followers }) => {
  const remove = data
    .forTemplate(db, v.tenant)
    .delete(resource)
    .where('id', '=', v.i0)
    .where(sql`xmin::text`, '=', v.version)
    .returning('id');
  return withFollowers(db, v, () => remove, followers)
    .selectFrom('written')
    .select('id')
    .compile();
});

/** A shape name of the statements of a resource: a published resource's view is its own (its fields may differ from a resource of the same name of another tenant or version). */
export function shapeName(r: Resource): string {
  return r.document ? `${r.name}@${r.table}` : r.name;
}

/** Per database, an object that names it (TenantData.databaseKey) without giving access to it. */
const databaseKeys = new WeakMap<Database, object>();

export class TenantData {
  constructor(
    private readonly database: Database,
    readonly registry: Registry,
    readonly tenantCode: string,
    private readonly db: AnyKysely = database.db,
    /** In a transaction: what runs once it committed (afterCommit). */
    private readonly commitHooks?: (() => void)[],
  ) {}

  /**
   * Run inside every transaction of this data just before it commits: the request's audit
   * rows (server-mock/audit/), so that a write and its row commit or roll back together.
   */
  beforeCommit?: (tx: TenantData) => Promise<void>;

  get dialect() {
    return this.database.dialect;
  }

  /**
   * A key that tells databases apart (for state a process keeps per database, such as the
   * import jobs it runs); it is not a handle to the database.
   */
  get databaseKey(): object {
    let key = databaseKeys.get(this.database);
    if (!key) databaseKeys.set(this.database, (key = Object.freeze({})));
    return key;
  }

  /**
   * This data on the connection a SqlTemplate builds its statement with, for `tenant` (the
   * template's placeholder for this tenant's code, so that the tenant condition is in the
   * statement's text): the access layer's templates only.
   */
  forTemplate(db: AnyKysely, tenant: string): TenantData {
    return new TenantData(this.database, this.registry, tenant, db, this.commitHooks);
  }

  resource(name: string): Resource {
    const r = this.registry.byName.get(name);
    if (!r) throw new Error(`Unknown resource ${name}`);
    return r;
  }

  private scoped(r: Resource): boolean {
    return r.scope === 'tenant';
  }

  /** select from the resource's table (a published resource's view), limited to this tenant */
  select(r: Resource) {
    let q = this.db.selectFrom(r.table);
    // the view answers the columns a table of the resource would have: the same builder type
    if (r.document) q = this.db.selectFrom(documentView(this.dialect, r).as(r.table)) as unknown as typeof q;
    return this.scoped(r) ? q.where(`${r.table}.tenant_code`, '=', this.tenantCode) : q;
  }

  /**
   * The values of `valueField` (default: the tree's keyField) of the node of a tree resource
   * whose value is `root` and of every node under it (down list.tree.parentField), as a
   * subquery, limited to this tenant at every level. UNION stops at a node met twice, so a
   * cycle in the data ends the walk.
   */
  subtree(tree: Resource, root: unknown, valueField?: string) {
    const spec = tree.list.tree;
    if (!spec) throw new Error(`${tree.name} is not a tree resource`);
    const column = (name: string) => `${tree.table}.${tree.fieldMap.get(name)!.column}`;
    const key = column(spec.keyField);
    const value = column(valueField ?? spec.keyField);
    return this.db
      .withRecursive('subtree_nodes(node_key, node_value)', () =>
        this.select(tree)
          .select([`${key} as node_key`, `${value} as node_value`])
          .where(value, '=', root)
          .union(
            this.select(tree)
              .innerJoin('subtree_nodes', 'subtree_nodes.node_key', column(spec.parentField))
              .select([`${key} as node_key`, `${value} as node_value`]),
          ),
      )
      .selectFrom('subtree_nodes')
      .select('subtree_nodes.node_value');
  }

  /**
   * The keys of the nodes a walk up a tree resource meets, as a subquery of one column
   * `node_key`: the keys `start` selects (a select of one column named `node_key`), then for
   * each key met the list.tree.parentField of its node, and so on, in one statement (a recursive
   * CTE, limited to this tenant at every level). A parent that is no node of the tree (a root's
   * 0, or a missing node's id) is listed and ends its branch; null parents are left out. UNION
   * stops at a key met twice, so a cycle in the data ends the walk.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables of resources are known at run time (AnyKysely)
  ancestors(tree: Resource, start: SelectQueryBuilder<any, any, { node_key: unknown }>) {
    const spec = tree.list.tree;
    if (!spec) throw new Error(`${tree.name} is not a tree resource`);
    const column = (name: string) => `${tree.table}.${tree.fieldMap.get(name)!.column}`;
    const parent = column(spec.parentField);
    return this.db
      .withRecursive('ancestor_nodes(node_key)', () =>
        start.union(
          this.select(tree)
            .innerJoin('ancestor_nodes', 'ancestor_nodes.node_key', column(spec.keyField))
            .select(`${parent} as node_key`)
            .where(parent, 'is not', null),
        ),
      )
      .selectFrom('ancestor_nodes')
      .select('ancestor_nodes.node_key');
  }

  /** update the resource's table, limited to this tenant */
  update(r: Resource) {
    if (r.document) {
      const q = this.db.updateTable(DOCUMENT_TABLE);
      return {
        set: (values: Row) =>
          q
            .set(documentUpdate(this.dialect, r, values))
            .where('resource_key', '=', documentKey(r))
            .where('tenant_code', '=', this.tenantCode),
      };
    }
    const q = this.db.updateTable(r.table);
    return {
      set: (values: Row) => {
        const s = q.set(values);
        return this.scoped(r) ? s.where('tenant_code', '=', this.tenantCode) : s;
      },
    };
  }

  /** delete from the resource's table, limited to this tenant */
  delete(r: Resource) {
    if (r.document)
      return this.db.deleteFrom(DOCUMENT_TABLE).where('resource_key', '=', documentKey(r)).where('tenant_code', '=', this.tenantCode);
    const q = this.db.deleteFrom(r.table);
    return this.scoped(r) ? q.where('tenant_code', '=', this.tenantCode) : q;
  }

  /** The name of this tenant (its SysTenant row), or undefined when the row is gone. */
  async tenantName(): Promise<string | undefined> {
    const r = this.resource('SysTenant');
    const codeColumn = r.fieldMap.get('tenantCode')!.column;
    const nameColumn = r.fieldMap.get('tenantName')!.column;
    const row = (await this.db.selectFrom(r.table).select(nameColumn).where(codeColumn, '=', this.tenantCode).executeTakeFirst()) as
      Row | undefined;
    return row ? String(row[nameColumn] ?? '') : undefined;
  }

  /** An insert of one row (columns) in this tenant. */
  insertStatement(r: Resource, rows: Row | Row[]) {
    const list = Array.isArray(rows) ? rows : [rows];
    if (r.document) return this.db.insertInto(DOCUMENT_TABLE).values(list.map((row) => documentRow(r, this.tenantCode, row)));
    const scoped = this.scoped(r);
    return this.db.insertInto(r.table).values(list.map((row) => (scoped ? { ...row, tenant_code: this.tenantCode } : { ...row })));
  }

  /**
   * Insert up to TEMPLATE_ROWS rows of a file resource that hold the same columns, with a kept
   * statement (SqlTemplate): the SQL depends only on the table, the columns, the number of rows
   * and which cells are null. Undefined when the rows do not fit one (the caller builds one).
   */
  private insertKept(r: Resource, rows: Row[], returning: boolean): Promise<Row[]> | undefined {
    if (r.document || rows.length > TEMPLATE_ROWS) return undefined;
    // Kysely leaves a column whose value is undefined out of an insert: so does the kept statement
    const columns = Object.keys(rows[0]!).filter((c) => rows[0]![c] !== undefined);
    const values: Row = {};
    let shape = `${shapeName(r)}|${returning ? 'id' : ''}|${rows.length}|${columns.join(',')}|`;
    for (const [j, row] of rows.entries()) {
      if (Object.keys(row).filter((c) => row[c] !== undefined).length !== columns.length) return undefined;
      for (const [i, c] of columns.entries()) {
        const v = row[c];
        // an expression (sql`...`) is SQL text, not a value to bind
        if (v === undefined || (typeof v === 'object' && v !== null && 'toOperationNode' in v)) return undefined;
        values[`r${j}c${i}`] = v;
        // a null value is part of the shape (SqlTemplate keeps it out of the bound values)
        if (v === null) shape += `${j}.${i},`;
      }
    }
    return this.runTemplate(insertQuery, shape, values, { data: this, resource: r, columns, count: rows.length, returning });
  }

  /**
   * Insert rows (columns, the same in every row), in this tenant: one statement for as many
   * rows as MAX_BOUND_VALUES allows.
   */
  async insertRows(r: Resource, rows: Row[]): Promise<void> {
    if (!rows.length) return;
    if (r.document) {
      for (const part of inChunks(rows, Math.floor(MAX_BOUND_VALUES / 5)))
        await this.db
          .insertInto(DOCUMENT_TABLE)
          .values(part.map((row) => documentRow(r, this.tenantCode, row)))
          .execute();
      return;
    }
    const kept = this.insertKept(r, rows, false);
    if (kept) {
      await kept;
      return;
    }
    const scoped = this.scoped(r);
    const perStatement = Math.max(1, Math.floor(MAX_BOUND_VALUES / (Object.keys(rows[0]!).length + 1)));
    for (const part of inChunks(rows, perStatement)) {
      await this.db
        .insertInto(r.table)
        .values(scoped ? part.map((row) => ({ ...row, tenant_code: this.tenantCode })) : part)
        .execute();
    }
  }

  /** Insert one row (columns), in this tenant; returns the new id. */
  async insert(r: Resource, row: Row): Promise<number> {
    const kept = this.insertKept(r, [row], true);
    const result = kept ? (await kept)[0] : ((await this.insertStatement(r, row).returning('id').executeTakeFirst()) as Row | undefined);
    if (!result) throw new Error(`No id came back from an insert into ${r.table}`);
    return Number(result.id);
  }

  /**
   * Insert one row (columns) in this tenant unless it clashes with a unique index; returns the
   * stored row, or undefined when nothing was inserted.
   */
  async insertUnlessClash(r: Resource, row: Row): Promise<Row | undefined> {
    if (r.document) {
      // the record is one JSON value: a statement per shape would bind it whole anyway
      const inserted = (await this.insertStatement(r, row)
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst()) as Row | undefined;
      if (!inserted) return undefined;
      return (await this.select(r).selectAll().where(`${r.table}.id`, '=', Number(inserted.id)).executeTakeFirst()) as Row | undefined;
    }
    const columns = Object.keys(row);
    const values: Row = {};
    let shape = shapeName(r);
    columns.forEach((c, i) => {
      values[`c${i}`] = row[c];
      // a null value is part of the shape (SqlTemplate keeps it out of the bound values)
      shape += `|${c}${row[c] === null ? '=null' : ''}`;
    });
    const rows = await this.runTemplate(insertUnlessClashQuery, shape, values, { data: this, resource: r, columns, count: 0 });
    return rows[0];
  }

  /** The stored rows of this tenant with these ids (those that are there), as `select(r).selectAll()` reads them. */
  async rowsById(r: Resource, ids: number[]): Promise<Row[]> {
    if (ids.length === 0) return [];
    if (ids.length > TEMPLATE_IDS) return (await this.select(r).selectAll().where(`${r.table}.id`, 'in', ids).execute()) as Row[];
    return this.runByIds(rowsByIdQuery, r, ids);
  }

  /** Delete the rows of this tenant with these ids (those that are there). */
  async deleteByIds(r: Resource, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    if (ids.length > TEMPLATE_IDS) await this.delete(r).where('id', 'in', ids).execute();
    else await this.runByIds(deleteByIdsQuery, r, ids);
  }

  /**
   * Delete the rows of this tenant with these ids (those that are there) of a file resource,
   * in one statement; returns them as they were stored (as rowsById reads them).
   */
  async deleteReturning(r: Resource, ids: number[]): Promise<Row[]> {
    if (r.document) throw new Error(`deleteReturning: ${r.name} is a published resource (its rows are read through a view)`);
    if (ids.length === 0) return [];
    if (ids.length > TEMPLATE_IDS) return (await this.delete(r).where('id', 'in', ids).returningAll().execute()) as Row[];
    return this.runByIds(deleteByIdsQuery, r, ids, true);
  }

  /** A statement of one resource and a number of ids (values `i<n>`), kept per resource and number. */
  private runByIds(
    template: SqlTemplate<Row & { tenant: string }, WriteContext>,
    r: Resource,
    ids: number[],
    returning = false,
  ): Promise<Row[]> {
    const values: Row = {};
    ids.forEach((id, i) => (values[`i${i}`] = id));
    const shape = `${shapeName(r)}|${ids.length}|${returning ? 'rows' : ''}`;
    return this.runTemplate(template, shape, values, { data: this, resource: r, columns: [], count: ids.length, returning });
  }

  /** Delete the rows of this tenant whose time `field` (a datetime field of a file resource) is before `before`. */
  async deleteBefore(r: Resource, field: string, before: Date): Promise<void> {
    const f = r.fieldMap.get(field);
    if (!f || f.type !== 'datetime' || r.document) throw new Error(`deleteBefore: ${r.name}.${field} is not a time column of a table`);
    const values = { before: this.dialect.toDb('datetime', before.toISOString()) };
    await this.runTemplate(deleteBeforeQuery, `${shapeName(r)}|${f.column}`, values, {
      data: this,
      resource: r,
      columns: [f.column],
      count: 0,
    });
  }

  /**
   * Insert one row (columns) in this tenant unless it clashes with a unique index, with its
   * followers (one row each, their `idColumns` set to the new id): on PostgreSQL in one
   * statement, elsewhere in one transaction. Returns the stored row, or undefined when nothing
   * was inserted (then no follower was either).
   */
  async insertWith(r: Resource, row: Row, followers: Follower[]): Promise<Row | undefined> {
    if (!followers.length) return this.insertUnlessClash(r, row);
    if (this.dialect.name !== 'postgres' || r.document || followers.some((f) => f.resource.document)) {
      return this.transaction(async (tx) => {
        const stored = await tx.insertUnlessClash(r, row);
        if (stored) await tx.insertFollowers(followers, Number(stored.id));
        return stored;
      });
    }
    const columns = Object.keys(row);
    const values: Row = {};
    let shape = `${shapeName(r)}|${columns.map((c) => `${c}${row[c] === null ? '=null' : ''}`).join(',')}`;
    columns.forEach((c, i) => (values[`c${i}`] = row[c]));
    const follow = this.followerValues(followers, values);
    shape += follow.shape;
    const rows = await this.runTemplate(insertWithQuery, shape, values, {
      data: this,
      resource: r,
      columns,
      count: 0,
      followers: follow.followers,
    });
    return rows[0];
  }

  /**
   * Delete the row of this tenant with this id (of a file resource) with the followers that
   * `followersOf` makes from it (as stored; it may run statements of its own with the data it
   * is given): on PostgreSQL a read and one statement that deletes the row only if it did not
   * change since (else nothing is written), elsewhere one transaction. Returns the deleted row,
   * or undefined when nothing was deleted (the row is not there, or changed meanwhile).
   */
  async deleteOneWith(r: Resource, id: number, followersOf: (row: Row, data: TenantData) => Promise<Follower[]>): Promise<Row | undefined> {
    if (r.document) throw new Error(`deleteOneWith: ${r.name} is a published resource (its rows are read through a view)`);
    if (this.dialect.name !== 'postgres' || this.db.isTransaction) {
      return this.transaction(async (tx) => {
        const [row] = await tx.deleteReturning(r, [id]);
        if (row) await tx.insertFollowers(await followersOf(row, tx), id);
        return row;
      });
    }
    const context = { data: this, resource: r, columns: [], count: 1 };
    const [read] = await this.runTemplate(versionedRowQuery, `${shapeName(r)}|version`, { i0: id }, context);
    if (!read) return undefined;
    const { [VERSION]: version, ...row } = read;
    const followers = await followersOf(row, this);
    if (followers.some((f) => f.resource.document)) throw new Error('deleteOneWith: a follower of a published resource');
    const values: Row = { i0: id, version };
    const follow = this.followerValues(followers, values);
    const deleted = await this.runTemplate(deleteWithQuery, `${shapeName(r)}${follow.shape}`, values, {
      ...context,
      followers: follow.followers,
    });
    return deleted.length ? row : undefined;
  }

  /** The followers' values (`f<k>c<i>`, added to `values`), their part of a statement's shape, and their context. */
  private followerValues(followers: Follower[], values: Row): { shape: string; followers: FollowContext['followers'] } {
    let shape = '';
    const out = followers.map((f, k) => {
      const idColumns = f.idColumns ?? [];
      const columns = Object.keys(f.row).filter((c) => f.row[c] !== undefined && !idColumns.includes(c));
      shape += `|${shapeName(f.resource)}:${columns.map((c) => `${c}${f.row[c] === null ? '=null' : ''}`).join(',')}:${idColumns.join(',')}`;
      columns.forEach((c, i) => (values[`f${k}c${i}`] = f.row[c]));
      return { resource: f.resource, columns, idColumns };
    });
    return { shape, followers: out };
  }

  /** Insert each follower's row, its idColumns set to `id`. */
  private async insertFollowers(followers: Follower[], id: number): Promise<void> {
    for (const f of followers) {
      const row = { ...f.row };
      // as the column holds it: an id in a text column is its digits (SQLite would store a bound number as "7.0")
      for (const c of f.idColumns ?? []) row[c] = f.resource.fields.find((x) => x.column === c)?.type === 'string' ? String(id) : id;
      await this.insertRows(f.resource, [row]);
    }
  }

  /** This tenant's published documents, on this connection (or transaction). */
  documents(): DocumentStore {
    return new DocumentStore(this.database, this.tenantCode, this.db);
  }

  /** The same connection (or transaction) with another registry: the files and this tenant's published documents. */
  withRegistry(registry: Registry): TenantData {
    const data = new TenantData(this.database, registry, this.tenantCode, this.db, this.commitHooks);
    data.beforeCommit = this.beforeCommit;
    return data;
  }

  /**
   * Run a query compiled once per shape (see SqlTemplate) on this connection, with this tenant
   * as its `tenant` value. Its builder scopes the query with `data.forTemplate(db,
   * values.tenant)`, so that the tenant filter is part of the SQL text of every
   * shape and this tenant's code is bound on every run.
   */
  runTemplate<V extends Record<string, unknown>, C>(
    template: SqlTemplate<V & { tenant: string }, C>,
    shape: string,
    values: V,
    context: C,
  ): Promise<Row[]> {
    // compiled once for the database, whether this data runs on it or on one of its transactions
    return template.execute(this.db, shape, { ...values, tenant: this.tenantCode }, context, this.database.db);
  }

  /** Run fn in one transaction, with a TenantData bound to it. */
  async transaction<T>(fn: (data: TenantData) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    const hook = this.beforeCommit;
    const hooks: (() => void)[] = [];
    const answer = await this.db.transaction().execute(async (trx) => {
      const tx = new TenantData(this.database, this.registry, this.tenantCode, trx, hooks);
      tx.beforeCommit = hook;
      const result = await fn(tx);
      if (hook) await hook(tx);
      return result;
    });
    for (const after of hooks) after();
    return answer;
  }

  /** Runs `fn` once the transaction this data works in committed (never after a rollback); outside a transaction at once. */
  afterCommit(fn: () => void): void {
    if (this.commitHooks) this.commitHooks.push(fn);
    // outside a transaction, or in one begun elsewhere (whose end it cannot see): at once
    else fn();
  }

  /**
   * Tells the open consoles of these users of the tenant (null: all of them) that their bell
   * changed, once the current transaction committed (access/liveNotices.ts). A failure to send
   * is logged by `onError`, never the caller's failure: the data is stored.
   */
  liveNotice(userIds: number[] | null, kind: 'notification' | 'task', onError: (err: unknown) => void): void {
    const notice = { tenantCode: this.tenantCode, userIds, kind };
    this.afterCommit(() => void sendLiveNotice(this.database, notice).catch(onError));
  }

  /** Opens a live channel of a user of this tenant on this process: `send` gets the user's notices until the answered function is called. */
  liveSubscribe(userId: number, send: (notice: LiveNotice) => void): () => void {
    return liveHub(this.database).subscribe(this.tenantCode, userId, send);
  }

  /** A row as an API record: camelCase names, API value forms, secrets removed. */
  toRecord(r: Resource, row: Row): Row {
    const out: Row = {};
    for (const f of r.fields) {
      if (f.secret) continue;
      if (!(f.column in row)) continue;
      out[f.name] = this.dialect.fromDb(f.type, row[f.column]);
    }
    return out;
  }

  /** Record values (API names) as columns. Unknown names, and fields kept in link resources, are dropped. */
  toRow(r: Resource, record: Row): Row {
    const out: Row = {};
    for (const [name, value] of Object.entries(record)) {
      const f = r.fieldMap.get(name);
      if (!f || f.system || f.link) continue;
      out[f.column] = r.document ? documentValue(f.type, value) : this.dialect.toDb(f.type, value);
    }
    return out;
  }
}
