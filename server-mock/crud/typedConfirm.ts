/**
 * A delete confirmed by typing: a resource whose delete action declares `typeToConfirm`
 * (tenants: their code) is deleted only when the call's `confirm` parameter names the value of
 * that field of every record it deletes, and nothing else (the values separated by commas, in
 * any order). The console's confirm asks for them; a script has to send them too.
 */
import type { FieldDef, Resource } from '../../schemas/registry/types.ts';
import type { Row } from '../db/anyKysely.ts';
import { badRequest } from '../http/apiError.ts';

/** The field whose value confirms a delete (the delete action's typeToConfirm), if any. */
export function typeToConfirmField(r: Resource): FieldDef | undefined {
  const name = r.actions.find((a) => a.name === 'delete' && a.kind === 'standard')?.typeToConfirm;
  return name === undefined ? undefined : r.fieldMap.get(name);
}

/** The values typed in `confirm`: split at commas, trimmed, empty ones dropped. */
function typedValues(confirm: unknown): string[] {
  if (confirm === undefined || confirm === null) return [];
  return String(confirm)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * 400 unless `confirm` names exactly the confirm field's values of these rows (columns, as
 * read from the table). Nothing is said about the values themselves.
 */
export function assertTypedConfirm(r: Resource, rows: readonly Row[], query: Record<string, unknown>): void {
  const field = typeToConfirmField(r);
  if (!field) return;
  const typed = new Set(typedValues(query.confirm));
  if (typed.size === 0) {
    throw badRequest(`Type the ${field.name} of each ${r.name} to delete in the parameter confirm (separated by commas)`, [
      { field: 'confirm', message: `is required: the ${field.name} of each record to delete` },
    ]);
  }
  const stored = new Set(rows.map((row) => String(row[field.column])));
  const matches = typed.size === stored.size && [...stored].every((v) => typed.has(v));
  if (!matches) {
    throw badRequest(`confirm does not match the ${field.name} of the ${r.name} records to delete: nothing was deleted`, [
      { field: 'confirm', message: `must be the ${field.name} of each record to delete` },
    ]);
  }
}
