/**
 * Data permissions of a menu (spec 3, 5, 8): rows of a role code and the fields of the menu's
 * records that role must not see, sent comma separated. The checks the add screen makes
 * before calling authorizeMenuDataToRole: role code and fields required, no role code twice,
 * fields as comma-separated names. Pure, no React.
 */
import type { ResourceMeta } from '../../generated/resources.ts';

/** One field name; a list is these separated by commas. */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Fields a data permission can never hide: records are addressed by them. */
const NEVER_HIDDEN = new Set(['id']);

export interface DataRow {
  /** A stable key for the row's inputs. */
  key: string;
  roleCode?: string;
  fields: string[];
}

type DataRowProblemKind = 'roleRequired' | 'fieldsRequired' | 'repeated' | 'commas';

export interface DataRowProblem {
  /** 0-based row index. */
  row: number;
  field: 'roleCode' | 'fields';
  kind: DataRowProblemKind;
}

/** A comma-separated field list as names (blanks around names allowed), or undefined when malformed. */
export function splitFields(text: string): string[] | undefined {
  const parts = text.split(',').map((s) => s.trim());
  if (parts.some((p) => !FIELD_NAME.test(p))) return undefined;
  return [...new Set(parts)];
}

/** The names of a row's fields, joined as the server stores them. */
export function joinFields(fields: readonly string[]): string {
  return fields.map((f) => f.trim()).join(',');
}

/**
 * What is wrong with the rows, in row order: a missing role code or fields, a role code of an
 * earlier row again, a field that is not one name (a value typed with another separator).
 */
export function validateDataRows(rows: readonly DataRow[]): DataRowProblem[] {
  const problems: DataRowProblem[] = [];
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const code = row.roleCode?.trim() ?? '';
    if (!code) problems.push({ row: i, field: 'roleCode', kind: 'roleRequired' });
    else if (seen.has(code)) problems.push({ row: i, field: 'roleCode', kind: 'repeated' });
    else seen.add(code);
    const fields = row.fields.map((f) => f.trim()).filter(Boolean);
    if (fields.length === 0) problems.push({ row: i, field: 'fields', kind: 'fieldsRequired' });
    else if (fields.some((f) => !FIELD_NAME.test(f))) problems.push({ row: i, field: 'fields', kind: 'commas' });
  });
  return problems;
}

/** The body of authorizeMenuDataToRole for valid rows. */
export function authorizeBody(
  menuCode: string,
  rows: readonly DataRow[],
): { menuCode: string; data: { roleCode: string; dataFields: string }[] } {
  return {
    menuCode,
    data: rows.map((r) => ({
      roleCode: (r.roleCode ?? '').trim(),
      dataFields: joinFields([...new Set(r.fields.map((f) => f.trim()).filter(Boolean))]),
    })),
  };
}

/** queryDataFieldByMenuCode → rows (a stored field list that does not parse is kept as one value, and then refused). */
export function rowsFromAnswer(answer: unknown): DataRow[] {
  if (!Array.isArray(answer)) return [];
  return answer
    .filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
    .map((r, i) => {
      const text = typeof r.dataFields === 'string' ? r.dataFields : '';
      const fields = text.trim() ? (splitFields(text) ?? [text]) : [];
      return { key: `existing-${String(r.id ?? i)}`, roleCode: typeof r.roleCode === 'string' ? r.roleCode : undefined, fields };
    });
}

export interface FieldOption {
  value: string;
  /** i18n key of the field's label. */
  label: string;
  /** i18n key of the title of the resource the field belongs to. */
  resource: string;
}

/**
 * The fields a data permission can hide on a menu: the fields of the resources shown on it
 * (without `id` and write-only fields) and their relation labels (`orgName` of `orgId`), as
 * the server accepts them. Empty when no resource is shown on the menu (any name is accepted).
 */
export function menuFieldOptions(all: Record<string, ResourceMeta>, menuCode: string): FieldOption[] {
  const out = new Map<string, FieldOption>();
  for (const r of Object.values(all)) {
    if (r.menu !== menuCode) continue;
    for (const f of r.fields) {
      if (NEVER_HIDDEN.has(f.name) || f.secret || out.has(f.name)) continue;
      out.set(f.name, { value: f.name, label: f.label, resource: r.labels.title });
    }
    for (const [field, rel] of Object.entries(r.relations)) {
      if (!rel.as || out.has(rel.as)) continue;
      out.set(rel.as, { value: rel.as, label: r.labels.fields[field] ?? rel.as, resource: r.labels.title });
    }
  }
  return [...out.values()];
}

let rowCounter = 0;

/** A new empty row with a key unique in this session. */
export function newRow(): DataRow {
  rowCounter += 1;
  return { key: `new-${rowCounter}`, fields: [] };
}
