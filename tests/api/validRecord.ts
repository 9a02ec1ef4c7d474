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
export function validRecord(r: Resource, row: Record<string, unknown> | undefined, suffix: string = String(++counter)): Record<string, unknown> | undefined {
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
