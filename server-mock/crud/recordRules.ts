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
