/**
 * Many-valued relations (`relations.<field>.through`): an array field of a record whose values
 * are kept in a link resource's rows, one row per value holding the record's id (`recordKey`)
 * and the value (`valueKey`), not in a column of the record's table. Read into the records a
 * call answers, written with the record on add, update and import, deleted with it. Every
 * statement goes through the caller's TenantData (the link rows carry the tenant too).
 */
import type { FieldDef, Resource } from '../../schemas/registry/types.ts';
import type { TenantData } from '../access/tenantData.ts';
import { inChunks, type Row } from '../db/anyKysely.ts';
import { recordRow } from '../seed/provisionTenant.ts';

/** The fields of a resource kept in link resources. */
export function linkFields(r: Resource): FieldDef[] {
  return r.fields.filter((f) => f.link);
}

function linkColumns(data: TenantData, f: FieldDef): { link: Resource; recordKey: FieldDef; valueKey: FieldDef } {
  const link = data.resource(f.link!.resource);
  return { link, recordKey: link.fieldMap.get(f.link!.recordKey)!, valueKey: link.fieldMap.get(f.link!.valueKey)! };
}

/**
 * Set each link field of the records (which carry their `id`) to its values, in the order they
 * were given; a record without values gets null ("no value", as the form and the add call take it).
 */
export async function loadLinkValues(data: TenantData, r: Resource, records: Row[]): Promise<void> {
  const fields = linkFields(r);
  if (!fields.length || !records.length) return;
  const ids = [...new Set(records.map((x) => Number(x.id)).filter((id) => Number.isInteger(id)))];
  for (const f of fields) {
    const { link, recordKey, valueKey } = linkColumns(data, f);
    const byRecord = new Map<number, unknown[]>();
    for (const part of inChunks(ids)) {
      const rows = (await data
        .select(link)
        .select([`${link.table}.${recordKey.column} as k`, `${link.table}.${valueKey.column} as v`])
        .where(`${link.table}.${recordKey.column}`, 'in', part)
        .orderBy(`${link.table}.id`, 'asc')
        .execute()) as Row[];
      for (const row of rows) {
        const key = Number(row.k);
        const values = byRecord.get(key) ?? [];
        values.push(data.dialect.fromDb(valueKey.type, row.v));
        byRecord.set(key, values);
      }
    }
    for (const rec of records) rec[f.name] = byRecord.get(Number(rec.id)) ?? null;
  }
}

/**
 * Write the link fields the record names (null or [] for none) for the record `id`: its former
 * values are replaced. Fields the record does not name are left as they are.
 */
export async function writeLinkValues(data: TenantData, r: Resource, id: number, record: Row, now: Date): Promise<void> {
  for (const f of linkFields(r)) {
    if (!(f.name in record)) continue;
    const { link, recordKey, valueKey } = linkColumns(data, f);
    await data.delete(link).where(recordKey.column, '=', id).execute();
    const values = Array.isArray(record[f.name]) ? (record[f.name] as unknown[]) : [];
    const unique = [...new Map(values.map((v) => [String(v), v])).values()];
    const rows: Row[] = [];
    for (const value of unique) rows.push(await recordRow(data, link, { [recordKey.name]: id, [valueKey.name]: value }, now));
    await data.insertRows(link, rows);
  }
}

/** Delete the link rows of the records `ids`. */
export async function deleteLinkValues(data: TenantData, r: Resource, ids: number[]): Promise<void> {
  for (const f of linkFields(r)) {
    const { link, recordKey } = linkColumns(data, f);
    for (const part of inChunks(ids)) await data.delete(link).where(recordKey.column, 'in', part).execute();
  }
}
