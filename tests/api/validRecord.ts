/**
 * A valid record of a resource, built from the registry and an existing row: the row's record
 * fields (no system fields, no relation labels), its unique values made new and its secrets
 * filled in. Shared by the schema-driven tests (fuzz, end-to-end resource pages).
 */
import type { Resource } from '../../schemas/registry/types.ts';

/** The secret every built record carries (it satisfies the password and client-secret rules). */
export const VALID_SECRET = 'Valid@12345';

let counter = 0;

/**
 * A copy of `row` that the add call accepts: the last field of each unique set (a string) gets
 * `suffix` appended (digits by default, so that numeric patterns such as a region code or a
 * mobile number still hold). Undefined when there is no row to start from.
 */
export function validRecord(
  r: Resource,
  row: Record<string, unknown> | undefined,
  suffix: string = String(++counter),
): Record<string, unknown> | undefined {
  if (!row) return undefined;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(r.record.properties ?? {})) if (row[name] !== null && row[name] !== undefined) out[name] = row[name];
  for (const f of r.fields) if (f.secret) out[f.name] = VALID_SECRET;
  for (const set of r.storage.unique) {
    const name = set[set.length - 1]!;
    if (typeof out[name] === 'string') out[name] = `${String(out[name])}${suffix}`;
  }
  return out;
}

/**
 * A unique set made only of references (a user's post: userId, postCode) cannot be made new by
 * a suffix: give the record's references values of the referenced records (`valuesOf`) that no
 * record of `taken` holds together yet. False when every combination is taken.
 */
export async function freeReferences(
  r: Resource,
  record: Record<string, unknown>,
  taken: Record<string, unknown>[],
  valuesOf: (resource: string, field: string) => Promise<unknown[]>,
): Promise<boolean> {
  for (const set of r.storage.unique.filter((x) => x.length > 1 && x.every((name) => r.relations[name]))) {
    let combos: Record<string, unknown>[] = [{}];
    for (const name of set) {
      const values = await valuesOf(r.relations[name]!.resource, r.relations[name]!.valueField);
      combos = combos.flatMap((c) => values.map((v) => ({ ...c, [name]: v })));
    }
    const free = combos.find((c) => !taken.some((row) => set.every((k) => row[k] === c[k])));
    if (!free) return false;
    Object.assign(record, free);
  }
  return true;
}
