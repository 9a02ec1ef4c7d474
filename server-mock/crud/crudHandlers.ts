/**
 * The standard calls every entity resource gets: query, add, update, delete, tree, the
 * exports (spreadsheet, Word, PDF) and import.
 */
import { maxId } from '../access/sqlExpr.ts';
import type { Resource } from '../../schemas/registry/types.ts';
import type { Row } from '../db/anyKysely.ts';
import type { TenantData } from '../access/tenantData.ts';
import { badRequest, conflict, notFound } from '../http/apiError.ts';
import { withPrincipal, type CallContext, type CallHandler, type ExportContext, type FileResult } from '../calls/context.ts';
import { assertValid, recordSchema } from '../calls/validation.ts';
import type { Page } from '../http/envelope.ts';
import { runList } from '../access/listQuery.ts';
import { parseListParams } from './listParams.ts';
import {
  addRelationLabels,
  addUploadFiles,
  assertNoCycle,
  assertReferences,
  assertUploads,
  hasUploads,
  assertUnique,
  autoFields,
  hashSecrets,
  setAutoFields,
  stripFields,
} from './recordRules.ts';
import { deleteLinkValues, linkFields, loadLinkValues, writeLinkValues } from './linkValues.ts';
import { deleteKeyField } from './crudSchemas.ts';
import { exportFileName, exportTable } from './exportRows.ts';
import { writeXlsx } from './exportXlsx.ts';
import { writeDocx } from './exportDocx.ts';
import { writePdf } from './exportPdf.ts';
import { importCall } from './importXlsx.ts';
import { assertTypedConfirm, typeToConfirmField } from './typedConfirm.ts';
import { hiddenFor, refuseHiddenFields } from './hiddenFields.ts';
import { guardsAdditions, guardRecordChanges, isGuarded, type RecordChange } from '../access/manageRules.ts';
import { cancelPendingCodes } from '../users/pendingCodes.ts';
import { deleteHoldHandlers, heldRow, holdDeleted, undoable } from './deleteHold.ts';
import { auditFollower, noteChange } from '../audit/auditTrail.ts';

export { hiddenFor } from './hiddenFields.ts';

/** Records as the caller may see them: labels added, data-permission fields removed. */
export async function present(
  ctx: Pick<CallContext, 'access' | 'principal' | 'data' | 'call'>,
  data: TenantData,
  r: Resource,
  rows: Row[],
): Promise<Row[]> {
  const records = rows.map((row) => data.toRecord(r, row));
  await loadLinkValues(data, r, records);
  await addRelationLabels(data, r, records);
  const hidden = await hiddenFor(ctx, r);
  await addUploadFiles(data, r, records);
  // a hidden upload field's file is hidden with it
  for (const rec of records) if (rec._files) for (const name of hidden) delete (rec._files as Row)[name];
  return stripFields(records, hidden);
}

async function loadRow(data: TenantData, r: Resource, id: number): Promise<Row | undefined> {
  return (await data.rowsById(r, [id]))[0];
}

const query: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const r = ctx.resource;
  const params = parseListParams(r, ctx.query);
  const { rows, total } = await runList(data, r, params);
  const page: Page<Row> = {
    list: await present(ctx, data, r, rows),
    pagination: { total, pageSize: params.pageSize, current: params.currentPage },
  };
  return page;
};

/** Only record fields of the body: system fields, labels and tenantCode are ignored. */
function recordPart(r: Resource, body: Row): Row {
  const out: Row = {};
  for (const name of Object.keys(r.record.properties ?? {})) if (name in body) out[name] = body[name];
  return out;
}

/** null stands for "no value": it is validated as absent and stored as NULL. */
function withoutNulls(record: Row): Row {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null));
}

/** Whether the record names another record (a relation value other than a tree root). */
function hasReferences(r: Resource, record: Row): boolean {
  const tree = r.list.tree;
  for (const field of Object.keys(r.relations)) {
    const value = record[field];
    if (value === undefined || value === null || value === '') continue;
    if (tree && tree.parentField === field && String(value) === String(tree.rootValue)) continue;
    return true;
  }
  return false;
}

const add: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const r = ctx.resource;
  await refuseHiddenFields(ctx, r, Object.keys(recordPart(r, ctx.body as Row)));
  const record = withoutNulls(recordPart(r, ctx.body as Row));
  setAutoFields(r, record, principal);
  assertValid(recordSchema(r, { requireSecrets: true }), record);
  // Who may manage whom (access/manageRules.ts): a post of a user the caller may not manage, ...
  await guardRecordChanges(data, principal, r, [{ after: record }], async () => undefined);
  const stored = await hashSecrets(r, record);
  const at = ctx.services.now();
  const now = at.toISOString();
  const row = data.toRow(r, stored);
  row.create_time = data.dialect.toDb('datetime', now);
  row.update_time = data.dialect.toDb('datetime', now);
  // One statement when the record names no other record: every unique field set of a resource
  // is a unique index (server-mock/db/migrate.ts), so the insert itself finds a clash, and
  // then the checks below run to answer it as they answer every refused write.
  if (!hasReferences(r, record) && !hasUploads(r, record)) {
    // with its audit row (server-mock/audit/), in the same statement where the database allows
    const audit = auditFollower(ctx.request, data, r, null, undefined, record);
    const inserted = await data.insertWith(r, row, audit ? [audit.follower] : []);
    if (inserted) {
      audit?.done();
      return (await present(ctx, data, r, [inserted]))[0];
    }
  }
  const id = await data.transaction(async (tx) => {
    await assertReferences(tx, r, record);
    await assertUploads(tx, r, record, principal.userId);
    await assertUnique(tx, r, record);
    const inserted = await tx.insert(r, row);
    await writeLinkValues(tx, r, inserted, record, at);
    noteChange(ctx.request, r, inserted, undefined, record);
    return inserted;
  });
  const saved = await loadRow(data, r, id);
  return (await present(ctx, data, r, [saved!]))[0];
};

/** A user's mobile or email changed: what was sent to the old (or new) address stops working. */
async function addressesChanged(ctx: CallContext, tenantCode: string, change: RecordChange): Promise<void> {
  const { before = {}, after = {} } = change;
  if (before.mobile === after.mobile && before.email === after.email) return;
  // the user's pending codes: those of the number they had and of the one they have now
  const mobiles = [before.mobile as string | undefined, after.mobile as string | undefined];
  const emails = [before.email as string | undefined, after.email as string | undefined];
  await cancelPendingCodes(ctx.system.db, { tenantCode, userId: Number(before.id), mobiles, emails }, ctx.services.now());
}

const update: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const r = ctx.resource;
  const body = ctx.body as Row;
  const id = Number(body.id);
  // A field hidden from the caller keeps its stored value: naming it is refused.
  await refuseHiddenFields(ctx, r, Object.keys(recordPart(r, body)));
  let change: RecordChange | undefined;
  const saved = await data.transaction(async (tx) => {
    const existingRow = await loadRow(tx, r, id);
    if (!existingRow) throw notFound(`No ${r.name} with id ${id}`);
    const existing = recordPart(r, tx.toRecord(r, existingRow));
    const incoming = recordPart(r, body);
    // Locked, server-set and hashed fields keep their stored values; secrets change through their own calls.
    for (const name of [...r.form.readOnlyOnEdit, ...autoFields(r)]) delete incoming[name];
    for (const f of r.fields) if (f.secret) delete incoming[f.name];
    const merged = withoutNulls({ ...existing, ...incoming });
    // Who may manage whom (access/manageRules.ts) is asked first: a refused caller learns nothing of the other checks.
    change = { before: { ...existing, id }, after: { ...merged, id } };
    return guardRecordChanges(tx, principal, r, [change], async () => {
      assertValid(recordSchema(r, { requireSecrets: false }), merged);
      await assertReferences(tx, r, merged);
      await assertUploads(tx, r, merged, principal.userId, existing);
      await assertUnique(tx, r, merged, id);
      await assertNoCycle(tx, r, { ...merged, id });
      const row = tx.toRow(r, incoming);
      const now = ctx.services.now();
      row.update_time = tx.dialect.toDb('datetime', now.toISOString());
      await tx.update(r).set(row).where('id', '=', id).execute();
      // A many-valued relation named in the body replaces its values (null: none).
      await writeLinkValues(tx, r, id, incoming, now);
      noteChange(ctx.request, r, id, existing, merged);
      return loadRow(tx, r, id);
    });
  });
  if (r.name === 'SysUser' && change) await addressesChanged(ctx, principal.tenantCode, change);
  return (await present(ctx, data, r, [saved!]))[0];
};

/** Ids named by a delete: `id=1,2`, or for a tree keyed by a unique code, that code (`regionCode=110000`). */
export async function idsToDelete(tx: TenantData, r: Resource, query: Record<string, unknown>): Promise<number[]> {
  const key = deleteKeyField(r);
  const byKey = key !== undefined && query[key.name] !== undefined;
  if (byKey && query.id !== undefined)
    throw badRequest(`Give either id or ${key.name}, not both`, [{ field: key.name, message: 'cannot be given with id' }]);
  if (!byKey && query.id === undefined) {
    throw badRequest(key ? `Name the records to delete by id or ${key.name}` : 'id is required', [{ field: 'id', message: 'is required' }]);
  }
  if (!byKey) return [...new Set(String(query.id).split(',').map(Number))];
  const values = [...new Set(String(query[key.name]).split(','))];
  if (values.length > 1000 || values.some((v) => v === '')) {
    throw badRequest(`${key.name} must be 1 to 1000 values separated by commas`, [
      { field: key.name, message: 'must be 1 to 1000 values separated by commas' },
    ]);
  }
  const rows = (await tx
    .select(r)
    .select(['id', key.column])
    .where(
      `${r.table}.${key.column}`,
      'in',
      values.map((v) => tx.dialect.toDb(key.type, v)),
    )
    .execute()) as Row[];
  const found = new Set(rows.map((x) => String(tx.dialect.fromDb(key.type, x[key.column]))));
  const missing = values.filter((v) => !found.has(v));
  if (missing.length) throw notFound(`No ${r.name} with ${key.name} ${missing.join(', ')}`);
  return rows.map((x) => Number(x.id));
}

/** Thrown to roll back the one-statement delete when a record is missing: the checks below tell which. */
class NotAllThere extends Error {}

const remove: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const r = ctx.resource;
  // One statement for records named by id outside a tree: it deletes them only if all of
  // them are there; otherwise (or for a tree) the checks below tell what is wrong.
  const links = linkFields(r).length > 0;
  const typed = typeToConfirmField(r) !== undefined;
  // A delete that can be undone keeps the rows it removes (deleteHold.ts) and answers {undo, until}.
  const undo = undoable(r);
  if (!r.list.tree && !links && !typed && !r.document && !isGuarded(r) && ctx.query.id !== undefined) {
    const ids = await idsToDelete(data, r, ctx.query);
    if (ids.length === 1) {
      // one record: its audit row (server-mock/audit/) and the hold of an undo are written by the
      // statement that deletes it where the database allows; when it is not there (or changed
      // meanwhile) nothing is, and the checks below say why (or delete it)
      const id = ids[0]!;
      let audit: ReturnType<typeof auditFollower>;
      let held: { undo: string; until: string } | undefined;
      const deleted = await data.deleteOneWith(r, id, async (row, tx) => {
        audit = auditFollower(ctx.request, tx, r, id, tx.toRecord(r, row), undefined);
        const hold = undo ? await heldRow(tx, r, principal, [row], ctx.services.now()) : undefined;
        held = hold?.answer;
        return [...(hold ? [hold.follower] : []), ...(audit ? [audit.follower] : [])];
      });
      if (deleted) {
        audit?.done();
        return held;
      }
    } else {
      // the deleted rows, as the delete returns them, go to the audit log (server-mock/audit/) and
      // to the hold of an undo; a missing one rolls the delete back, and the checks below say which
      const deleted = await data
        .transaction(async (tx) => {
          const rows = await tx.deleteReturning(r, ids);
          if (rows.length !== ids.length) throw new NotAllThere();
          for (const row of rows) noteChange(ctx.request, r, Number(row.id), tx.toRecord(r, row), undefined);
          return { held: undo ? await holdDeleted(tx, r, principal, rows, ctx.services.now()) : undefined };
        })
        .catch((e: unknown) => {
          if (e instanceof NotAllThere) return undefined;
          throw e;
        });
      if (deleted) return deleted.held;
    }
  }
  return data.transaction(async (tx) => {
    const ids = await idsToDelete(tx, r, ctx.query);
    const rows = await tx.rowsById(r, ids);
    const found = new Set(rows.map((x) => Number(x.id)));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw notFound(`No ${r.name} with id ${missing.join(', ')}`);
    // Who may manage whom (access/manageRules.ts) is asked first: a refusal says why, whatever else is wrong.
    const changes = rows.map((row) => ({ before: { ...tx.toRecord(r, row), id: Number(row.id) } }));
    let held: { undo: string; until: string } | undefined;
    await guardRecordChanges(tx, principal, r, changes, async () => {
      assertTypedConfirm(r, rows, ctx.query);
      const tree = r.list.tree;
      if (tree) {
        const keyF = r.fieldMap.get(tree.keyField)!;
        const parentF = r.fieldMap.get(tree.parentField)!;
        const keys = rows.map((x) => x[keyF.column]);
        const child = (await tx
          .select(r)
          .select(['id', parentF.column])
          .where(`${r.table}.${parentF.column}`, 'in', keys)
          .where(`${r.table}.id`, 'not in', ids)
          .limit(1)
          .executeTakeFirst()) as Row | undefined;
        if (child) {
          const parent = rows.find((x) => String(x[keyF.column]) === String(child[parentF.column]));
          throw conflict(`${r.name} ${String(parent?.[tree.labelField] ?? parent?.[keyF.column])} has child records; delete them first`);
        }
      }
      if (undo) held = await holdDeleted(tx, r, principal, rows, ctx.services.now());
      await tx.deleteByIds(r, ids);
      if (links) await deleteLinkValues(tx, r, ids);
      for (const row of rows) noteChange(ctx.request, r, Number(row.id), tx.toRecord(r, row), undefined);
    });
    return held;
  });
};

export interface TreeNode extends Row {
  children?: TreeNode[];
}

/** Nest records by the resource's tree spec; orphans (missing parent) become roots. */
export function buildTree(r: Resource, records: Row[]): TreeNode[] {
  const tree = r.list.tree!;
  const byKey = new Map<string, TreeNode>();
  for (const rec of records) byKey.set(String(rec[tree.keyField]), { ...rec });
  const roots: TreeNode[] = [];
  for (const node of byKey.values()) {
    const parentKey = node[tree.parentField];
    const parent = parentKey === null || parentKey === undefined ? undefined : byKey.get(String(parentKey));
    if (parent && parent !== node && String(parentKey) !== String(tree.rootValue)) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

const tree: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const r = ctx.resource;
  const t = r.list.tree!;
  let q = data.select(r).selectAll();
  if (t.sequenceField) q = q.orderBy(`${r.table}.${r.fieldMap.get(t.sequenceField)!.column}`, 'asc');
  q = q.orderBy(`${r.table}.id`, 'asc');
  const rows = (await q.execute()) as Row[];
  return buildTree(r, await present(ctx, data, r, rows));
};

/** Most records in one spreadsheet. */
const MAX_SPREADSHEET_ROWS = 100_000;
/** Most records in one Word or PDF document (larger lists are exported as spreadsheets). */
const MAX_DOCUMENT_ROWS = 5_000;

/**
 * Columns and records of an export: the requested columns (default: the visible list
 * columns) less the fields hidden from the caller, and every record matching the filters,
 * sorted as asked, as the caller may see them.
 */
async function exportSelection(ctx: ExportContext, limit: number, what: string): Promise<{ columns: string[]; records: Row[] }> {
  const { data } = withPrincipal(ctx);
  const r = ctx.resource;
  const body = (ctx.body ?? {}) as Row;
  const hidden = await hiddenFor(ctx, r);
  const requested = Array.isArray(body.columns) ? (body.columns as string[]) : undefined;
  const columns = (requested ?? r.list.columns.filter((c) => !c.hidden).map((c) => c.field)).filter((n) => !hidden.has(n));
  for (const c of columns) {
    const f = r.fieldMap.get(c);
    if (!f || f.secret)
      throw badRequest(`Cannot export column "${c}"`, [{ field: 'columns', message: `"${c}" is not an exportable field` }]);
  }
  const params = parseListParams(r, body);
  const { rows } = await runList(data, r, params, true, limit + 1);
  if (rows.length > limit) {
    throw badRequest(`More than ${limit} records match: narrow the filters${what === 'a spreadsheet' ? '' : ' or export a spreadsheet'}`, [
      { field: '(body)', message: `matches more than ${limit} records for ${what}` },
    ]);
  }
  return { columns, records: await present(ctx, data, r, rows) };
}

/** An export's file and the number of records in it. */
export interface Exported {
  file: FileResult;
  rows: number;
}

/** The spreadsheet export (or, with `isTemplate`, the import template). */
async function exportSpreadsheet(ctx: ExportContext): Promise<Exported> {
  const r = ctx.resource;
  const body = (ctx.body ?? {}) as Row;
  const template = body.isTemplate === 1 || body.isTemplate === '1' || body.isTemplate === true;
  const name = exportFileName(ctx, r, 'xlsx');
  if (template) {
    // The import template: the create form's fields (secrets included: an import sets them).
    const hidden = await hiddenFor(ctx, r);
    const columns = r.form.create.filter((n) => !hidden.has(n));
    return { file: await writeXlsx(ctx, exportTable(ctx, r, columns, []), name), rows: 0 };
  }
  const { columns, records } = await exportSelection(ctx, MAX_SPREADSHEET_ROWS, 'a spreadsheet');
  return { file: await writeXlsx(ctx, exportTable(ctx, r, columns, records), name), rows: records.length };
}

async function exportWord(ctx: ExportContext): Promise<Exported> {
  const { columns, records } = await exportSelection(ctx, MAX_DOCUMENT_ROWS, 'a Word document');
  const file = await writeDocx(exportTable(ctx, ctx.resource, columns, records), exportFileName(ctx, ctx.resource, 'docx'));
  return { file, rows: records.length };
}

async function exportPdf(ctx: ExportContext): Promise<Exported> {
  const { columns, records } = await exportSelection(ctx, MAX_DOCUMENT_ROWS, 'a PDF document');
  const table = exportTable(ctx, ctx.resource, columns, records);
  return { file: await writePdf(table, exportFileName(ctx, ctx.resource, 'pdf'), ctx.services.now()), rows: records.length };
}

/**
 * The export of each format, by the verb of its call (a resource offers a format when it has
 * a call of that verb): the file and the number of records in it. A saved-report job runs them
 * too (server-mock/jobs/reportProcessor.ts).
 */
export const EXPORTS = {
  export: { format: 'xlsx', run: exportSpreadsheet },
  exportWord: { format: 'docx', run: exportWord },
  exportPdf: { format: 'pdf', run: exportPdf },
} as const satisfies Record<string, { format: string; run: (ctx: ExportContext) => Promise<Exported> }>;

/**
 * The import, with who may manage whom (access/manageRules.ts) asked of every record it adds
 * where the rules guard additions (a post of a user): the import runs inside one transaction
 * that the check then rolls back when it refuses, so nothing is imported.
 */
const importGuarded: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const r = ctx.resource;
  if (!guardsAdditions(r)) return importCall(ctx);
  return data.transaction(async (tx) => {
    const last = (await tx.select(r).select(maxId().as('last')).executeTakeFirst()) as Row | undefined;
    const answer = await importCall({ ...ctx, data: tx });
    const added = (await tx
      .select(r)
      .selectAll()
      .where(`${r.table}.id`, '>', Number(last?.last ?? 0))
      .execute()) as Row[];
    await guardRecordChanges(
      tx,
      principal,
      r,
      added.map((row) => ({ after: { ...tx.toRecord(r, row), id: Number(row.id) } })),
      async () => undefined,
    );
    return answer;
  });
};

export const crudHandlers: Record<string, CallHandler> = {
  'crud.query': query,
  'crud.add': add,
  'crud.update': update,
  'crud.delete': remove,
  'crud.tree': tree,
  'crud.export': async (ctx) => (await exportSpreadsheet(ctx)).file,
  'crud.exportWord': async (ctx) => (await exportWord(ctx)).file,
  'crud.exportPdf': async (ctx) => (await exportPdf(ctx)).file,
  'crud.import': importGuarded,
  ...deleteHoldHandlers,
};
