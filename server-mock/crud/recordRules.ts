/**
 * The storage rules a resource file declares, applied on every write: unique field sets,
 * references to other resources, tree shape, hashed secrets; and relation labels on reads.
 */
import type { RelationDef, Resource } from '../../schemas/registry/types.ts';
import type { TenantData } from '../access/tenantData.ts';
import { inChunks, type Row } from '../db/anyKysely.ts';
import { badRequest, conflict, type FieldError } from '../http/apiError.ts';
import { hashSecret } from '../auth/passwords.ts';

/** 409 when another row of the tenant has the same values for a unique set. */
export async function assertUnique(data: TenantData, r: Resource, record: Row, selfId?: number): Promise<void> {
  for (const set of r.storage.unique) {
    const values = set.map((name) => record[name]);
    if (values.some((v) => v === undefined || v === null)) continue;
    let q = data.select(r).select('id');
    for (const name of set) {
      const f = r.fieldMap.get(name)!;
      q = q.where(`${r.table}.${f.column}`, '=', data.dialect.toDb(f.type, record[name]));
    }
    if (selfId !== undefined) q = q.where(`${r.table}.id`, '!=', selfId);
    const clash = await q.limit(1).executeTakeFirst();
    if (clash) {
      const what = set.map((n) => `${n} "${String(record[n])}"`).join(', ');
      throw conflict(
        `A record with ${what} already exists`,
        set.map((field) => ({ field, keyword: 'unique', params: { fields: [...set] }, message: 'already exists' })),
      );
    }
  }
}

function isTreeRoot(r: Resource, field: string, value: unknown): boolean {
  const tree = r.list.tree;
  return !!tree && tree.parentField === field && String(value) === String(tree.rootValue);
}

/**
 * The records of the tenant a relation names among `values` (of its value field): each one's
 * value as text and its label (the relation's label field), as the API gives them.
 */
async function relatedLabels(data: TenantData, rel: RelationDef, values: readonly unknown[]): Promise<Map<string, unknown>> {
  const target = data.resource(rel.resource);
  const vf = target.fieldMap.get(rel.valueField)!;
  const lf = target.fieldMap.get(rel.labelField)!;
  const labels = new Map<string, unknown>();
  for (const part of inChunks(values)) {
    const rows = (await data
      .select(target)
      .select([`${target.table}.${vf.column} as v`, `${target.table}.${lf.column} as l`])
      .where(
        `${target.table}.${vf.column}`,
        'in',
        part.map((v) => data.dialect.toDb(vf.type, v)),
      )
      .execute()) as Row[];
    for (const row of rows) labels.set(String(data.dialect.fromDb(vf.type, row.v)), data.dialect.fromDb(lf.type, row.l));
  }
  return labels;
}

/** 400 when a reference names no record of the tenant (each value of a many-valued relation). */
export async function assertReferences(data: TenantData, r: Resource, record: Row): Promise<void> {
  const errors: FieldError[] = [];
  for (const [field, rel] of Object.entries(r.relations)) {
    const value = record[field];
    if (value === undefined || value === null || value === '') continue;
    if (isTreeRoot(r, field, value)) continue;
    const target = data.resource(rel.resource);
    const tf = target.fieldMap.get(rel.valueField)!;
    if (Array.isArray(value)) {
      const wanted = new Map(value.map((v) => [String(v), v]));
      const found = await relatedLabels(data, rel, [...wanted.values()]);
      const missing = [...wanted.keys()].filter((v) => !found.has(v));
      if (missing.length) {
        const params = { resource: target.name, valueField: rel.valueField, values: missing.slice(0, 10) };
        errors.push({
          field,
          keyword: 'reference',
          params,
          message: `no ${target.name} with ${rel.valueField} ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', ...' : ''}`,
        });
      }
      continue;
    }
    const found = await data
      .select(target)
      .select('id')
      .where(`${target.table}.${tf.column}`, '=', data.dialect.toDb(tf.type, value))
      .limit(1)
      .executeTakeFirst();
    if (!found) {
      const params = { resource: target.name, valueField: rel.valueField, values: [value] };
      errors.push({ field, keyword: 'reference', params, message: `no ${target.name} with ${rel.valueField} ${JSON.stringify(value)}` });
    }
  }
  if (errors.length) throw badRequest(`Invalid reference: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`, errors);
}

/** 400 when an update would make a tree node its own ancestor. */
export async function assertNoCycle(data: TenantData, r: Resource, record: Row): Promise<void> {
  const tree = r.list.tree;
  if (!tree) return;
  const self = record[tree.keyField];
  let parent = record[tree.parentField];
  const keyF = r.fieldMap.get(tree.keyField)!;
  const parentF = r.fieldMap.get(tree.parentField)!;
  for (let depth = 0; depth < 1000; depth++) {
    if (parent === undefined || parent === null || String(parent) === String(tree.rootValue)) return;
    if (String(parent) === String(self)) {
      throw badRequest(`${tree.parentField} cannot be the record itself or one of its descendants`, [
        { field: tree.parentField, keyword: 'cycle', params: {}, message: 'cannot be the record itself or one of its descendants' },
      ]);
    }
    const row = (await data
      .select(r)
      .select(parentF.column)
      .where(`${r.table}.${keyF.column}`, '=', data.dialect.toDb(keyF.type, parent))
      .executeTakeFirst()) as Row | undefined;
    parent = row ? data.dialect.fromDb(parentF.type, row[parentF.column]) : undefined;
  }
}

/** Replace hashed fields' plain values with their scrypt hashes. */
export async function hashSecrets(r: Resource, record: Row): Promise<Row> {
  const out = { ...record };
  for (const f of r.fields) {
    if (f.hash && typeof out[f.name] === 'string') out[f.name] = await hashSecret(out[f.name] as string);
  }
  return out;
}

/** Add each relation's label field (relation `as`) to the records; a many-valued relation gets the list of its labels. */
export async function addRelationLabels(data: TenantData, r: Resource, records: Row[]): Promise<void> {
  for (const [field, rel] of Object.entries(r.relations)) {
    if (!rel.as) continue;
    const values = [
      ...new Set(
        records
          .flatMap((x) => (Array.isArray(x[field]) ? (x[field] as unknown[]) : [x[field]]))
          .filter((v) => v !== null && v !== undefined && v !== ''),
      ),
    ];
    const labels = values.length ? await relatedLabels(data, rel, values) : new Map<string, unknown>();
    for (const rec of records) {
      const v = rec[field];
      if (Array.isArray(v)) rec[rel.as] = v.map((x) => labels.get(String(x)) ?? String(x));
      else rec[rel.as] = v === null || v === undefined ? null : (labels.get(String(v)) ?? null);
    }
  }
}

/** Remove the named fields from records (data permissions). */
export function stripFields(records: Row[], hidden: Set<string>): Row[] {
  if (hidden.size === 0) return records;
  return records.map((rec) => Object.fromEntries(Object.entries(rec).filter(([k]) => !hidden.has(k))));
}

/**
 * The values the server sets (x-auto) in a record being added: `username` is the caller's
 * username; a `server` field (set only by the server's own calls, a tenant's deletion) gets
 * its schema's default, or none. A value the body gave was checked against the record schema
 * and is replaced.
 */
export function setAutoFields(r: Resource, record: Row, caller: { username: string }): void {
  for (const f of r.fields) {
    if (f.auto === 'username') record[f.name] = caller.username;
    else if (f.auto === 'server') {
      if (f.schema.default === undefined) delete record[f.name];
      else record[f.name] = f.schema.default;
    }
  }
}

/** Fields the server sets (x-auto): an update keeps their stored values. */
export function autoFields(r: Resource): string[] {
  return r.fields.filter((f) => f.auto).map((f) => f.name);
}

/** The fields of the `upload` kind: each holds the id of a file stored through the files API (server-mock/files). */
function uploadFields(r: Resource): string[] {
  return r.fields.filter((f) => f.kind === 'upload').map((f) => f.name);
}

/** The `file` table's rows among `ids` that are files (not folders), as `_files` gives them; `readerId` keeps those the user owns or was shared. */
async function storedFiles(data: TenantData, ids: readonly number[], readerId?: number): Promise<Map<number, Row>> {
  const file = data.resource('File');
  const share = data.resource('FileSysuser');
  const col = (r: Resource, field: string) => `${r.table}.${r.fieldMap.get(field)!.column}`;
  const found = new Map<number, Row>();
  for (const part of inChunks(ids)) {
    let q = data
      .select(file)
      .select([
        `${file.table}.id as id`,
        `${col(file, 'fileName')} as fileName`,
        `${col(file, 'contentType')} as contentType`,
        `${col(file, 'fileSize')} as fileSize`,
      ])
      .where(`${file.table}.id`, 'in', [...part])
      .where(col(file, 'folder'), '=', data.dialect.toDb('boolean', false));
    if (readerId !== undefined) {
      const sharedWith = data.select(share).select(col(share, 'fileId')).where(col(share, 'userId'), '=', readerId);
      q = q.where((eb) => eb.or([eb(col(file, 'ownerId'), '=', readerId), eb(`${file.table}.id`, 'in', sharedWith)]));
    }
    for (const row of (await q.execute()) as Row[]) {
      const id = Number(row.id);
      found.set(id, { id, fileName: row.fileName, contentType: row.contentType ?? null, fileSize: Number(row.fileSize ?? 0) });
    }
  }
  return found;
}

/**
 * 400 when an upload field names no file the writer may read: a file (not a folder) of the
 * tenant that the writer owns or that was shared with them. A value the record held before
 * (`before`) stays valid whoever saves it, so another user can edit the record.
 */
export async function assertUploads(data: TenantData, r: Resource, record: Row, writerId: number, before?: Row): Promise<void> {
  const wanted = uploadFields(r).filter((name) => {
    const v = record[name];
    return v !== undefined && v !== null && (!before || String(before[name]) !== String(v));
  });
  if (!wanted.length) return;
  const found = await storedFiles(
    data,
    wanted.map((name) => Number(record[name])),
    writerId,
  );
  const errors: FieldError[] = wanted
    .filter((name) => !found.has(Number(record[name])))
    .map((field) => ({
      field,
      keyword: 'upload',
      params: { file: record[field] },
      message: `no file ${JSON.stringify(record[field])} of yours: upload the file, or choose one you own or that was shared with you`,
    }));
  if (errors.length) throw badRequest(`Invalid file: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`, errors);
}

/** Whether the record holds a value in an upload field (so that an add checks it). */
export function hasUploads(r: Resource, record: Row): boolean {
  return uploadFields(r).some((name) => record[name] !== undefined && record[name] !== null);
}

/** Adds `_files` to records with upload fields: `{<field>: {id, fileName, contentType, fileSize}}` of each file still stored. */
export async function addUploadFiles(data: TenantData, r: Resource, records: Row[]): Promise<void> {
  const fields = uploadFields(r);
  if (!fields.length) return;
  const ids = [...new Set(records.flatMap((rec) => fields.map((f) => rec[f])).filter((v) => typeof v === 'number'))] as number[];
  const found = ids.length ? await storedFiles(data, ids) : new Map<number, Row>();
  for (const rec of records) {
    const files: Row = {};
    for (const f of fields) {
      const file = typeof rec[f] === 'number' ? found.get(rec[f]) : undefined;
      if (file) files[f] = file;
    }
    rec._files = files;
  }
}
