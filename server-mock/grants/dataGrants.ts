/**
 * Data permissions (sys_role_data: roleCode, menuCode, dataFields): per menu and role, the
 * comma-separated fields of the menu's records that the role must not see. The access layer
 * (access/callGrants.ts hiddenFields) strips them from every answer.
 */
import type { Registry } from '../../schemas/registry/types.ts';
import { withPrincipal, type CallHandler } from '../calls/context.ts';
import type { Row } from '../db/anyKysely.ts';
import { badRequest, notFound, type FieldError } from '../http/apiError.ts';
import { callInput, codeParam, MAX_LIST_LENGTH } from './grantInput.ts';
import { assertExist, assertOne, deleteLinkIds, grantTransaction, insertLink, assertStorable, recordsWhere } from './linkRows.ts';
import { assertHoldsRoles, assertMayReveal } from '../access/manageRules.ts';
import type { Principal } from '../access/principal.ts';
import type { TenantData } from '../access/tenantData.ts';

/** The spec's messages (section 8: "the role code cannot be the same and fields need commas"). */
const SAME_ROLE_CODE = 'The role code cannot be the same';
const FIELDS_NEED_COMMAS = 'Fields must be separated by commas';

/** Field names separated by commas; blanks around names are allowed. */
const FIELD_LIST = /^\s*[A-Za-z][A-Za-z0-9_]*\s*(,\s*[A-Za-z][A-Za-z0-9_]*\s*)*$/;
/** Fields that cannot be hidden: records are addressed by them. */
const NEVER_HIDDEN = new Set(['id']);

/** The field names of a dataFields text, trimmed and without repeats; undefined when malformed. */
function parseDataFields(text: string): string[] | undefined {
  if (!FIELD_LIST.test(text)) return undefined;
  return [...new Set(text.split(',').map((s) => s.trim()))];
}

/** Names a data permission may hide on a menu: fields and relation labels of its resources; undefined when no resource has the menu. */
function menuFieldNames(registry: Registry, menuCode: string): Set<string> | undefined {
  const resources = registry.resources.filter((r) => r.menu === menuCode);
  if (resources.length === 0) return undefined;
  const names = new Set<string>();
  for (const r of resources) {
    for (const f of r.fields) names.add(f.name);
    for (const rel of Object.values(r.relations)) if (rel.as) names.add(rel.as);
  }
  return names;
}

function dataRow(rec: Row): Row {
  return { id: rec.id, roleCode: rec.roleCode, menuCode: rec.menuCode, dataFields: rec.dataFields };
}

/** queryDataFieldByMenuCode: the data permissions of a menu. */
export const dataFieldsOfMenu: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const menuCode = codeParam(callInput(ctx), 'menuCode');
  await assertOne(data, data.resource('SysMenu'), 'menuCode', menuCode, 'menuCode');
  return (await recordsWhere(data, data.resource('SysRoleData'), { menuCode })).map(dataRow);
};

/** deleteDataField {menuCode, roleCode}: remove a role's data permission on a menu. */
export const deleteDataField: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const input = callInput(ctx);
  const menuCode = codeParam(input, 'menuCode');
  const roleCode = codeParam(input, 'roleCode');
  await grantTransaction(data, async (tx) => {
    await assertOne(tx, tx.resource('SysMenu'), 'menuCode', menuCode, 'menuCode');
    await assertOne(tx, tx.resource('SysRole'), 'roleCode', roleCode, 'roleCode');
    const link = tx.resource('SysRoleData');
    const rows = await recordsWhere(tx, link, { menuCode, roleCode });
    if (rows.length === 0) throw notFound(`The role ${roleCode} has no data permission on menu ${menuCode}`);
    await guardDataChange(tx, principal, menuCode, rows, []);
    await deleteLinkIds(
      tx,
      link,
      rows.map((rec) => Number(rec.id)),
    );
  });
  return undefined;
};

interface Entry {
  roleCode: string;
  fields: string[];
}

/** The entries of an authorizeMenuDataToRole body, checked without the database. */
function parseEntries(raw: unknown): Entry[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw))
    throw badRequest('data must be a list of {roleCode, dataFields}', [{ field: 'data', message: 'must be an array' }]);
  if (raw.length > MAX_LIST_LENGTH)
    throw badRequest('data has too many items', [{ field: 'data', message: `must have at most ${MAX_LIST_LENGTH} items` }]);
  const required: FieldError[] = [];
  const malformed: FieldError[] = [];
  const entries: Entry[] = [];
  raw.forEach((item: unknown, i) => {
    const rec = (item && typeof item === 'object' && !Array.isArray(item) ? item : {}) as Row;
    const roleCode = typeof rec.roleCode === 'string' ? rec.roleCode.trim() : '';
    const text = typeof rec.dataFields === 'string' ? rec.dataFields : '';
    if (!roleCode) required.push({ field: `data.${i}.roleCode`, message: 'is required' });
    if (!text.trim()) required.push({ field: `data.${i}.dataFields`, message: 'is required' });
    const fields = text.trim() ? parseDataFields(text) : [];
    if (!fields) malformed.push({ field: `data.${i}.dataFields`, message: FIELDS_NEED_COMMAS.toLowerCase() });
    entries.push({ roleCode, fields: fields ?? [] });
  });
  if (required.length) throw badRequest(`Role code and filter fields are required: ${required.map((e) => e.field).join(', ')}`, required);
  if (malformed.length) throw badRequest(FIELDS_NEED_COMMAS, malformed);
  const seen = new Map<string, number>();
  const repeated: FieldError[] = [];
  entries.forEach((e, i) => {
    if (seen.has(e.roleCode))
      repeated.push({ field: `data.${i}.roleCode`, message: `${e.roleCode} is also in row ${seen.get(e.roleCode)! + 1}` });
    else seen.set(e.roleCode, i);
  });
  if (repeated.length) throw badRequest(SAME_ROLE_CODE, repeated);
  return entries;
}

/** The entries with the parts of their fields (x-partOf: hiding a mobile number hides its country code). */
function withParts(registry: Registry, menuCode: string, entries: Entry[]): Entry[] {
  const parts = registry.resources.filter((r) => r.menu === menuCode).flatMap((r) => r.fields.filter((f) => f.partOf));
  return entries.map((e) => {
    const fields = [...e.fields];
    for (const part of parts) if (fields.includes(part.partOf!) && !fields.includes(part.name)) fields.push(part.name);
    return { ...e, fields };
  });
}

/**
 * 400 naming the fields a role could not add the menu's records without: a field the create
 * form requires (required, in form.create, no default) cannot be hidden from a role that holds
 * the menu's add button (ROLE_ADMIN holds every button), or its add form would ask for a field
 * it does not show.
 */
async function assertFormsKeepRequired(tx: TenantData, registry: Registry, menuCode: string, entries: Entry[]): Promise<void> {
  const errors: FieldError[] = [];
  const buttons = tx.resource('SysRoleMenuButton');
  for (const r of registry.resources.filter((x) => x.menu === menuCode)) {
    const add = r.actions.find((a) => a.name === 'add');
    if (!add) continue;
    const needed = r.form.create.filter((name) => {
      const f = r.fieldMap.get(name);
      return f?.required && f.schema.default === undefined && !f.auto;
    });
    for (const [i, e] of entries.entries()) {
      const hidden = needed.filter((name) => e.fields.includes(name));
      if (!hidden.length) continue;
      const holds =
        e.roleCode === 'ROLE_ADMIN' ||
        !add.permission ||
        (await recordsWhere(tx, buttons, { roleCode: e.roleCode, buttonCode: add.permission })).length > 0;
      if (!holds) continue;
      const list = hidden.map((f) => JSON.stringify(f)).join(', ');
      errors.push({
        field: `data.${i}.dataFields`,
        message: `${list} ${hidden.length > 1 ? 'are' : 'is'} required to add ${r.name} records, and ${e.roleCode} holds the add button (${add.permission ?? 'add'}): take the button away first, or leave ${hidden.length > 1 ? 'them' : 'it'} visible`,
      });
    }
  }
  if (errors.length)
    throw badRequest(`A role that adds records must see their required fields: ${errors.map((e) => e.message).join('; ')}`, errors);
}

/** 400 naming the fields that the menu's records do not have (or that can never be hidden). */
function assertHideable(registry: Registry, menuCode: string, entries: Entry[]): void {
  const known = menuFieldNames(registry, menuCode);
  const errors: FieldError[] = [];
  entries.forEach((e, i) => {
    const bad = e.fields.filter((f) => NEVER_HIDDEN.has(f) || (known && !known.has(f)));
    if (bad.length) {
      const list = bad.map((f) => JSON.stringify(f)).join(', ');
      errors.push({
        field: `data.${i}.dataFields`,
        message: `${list} ${bad.length > 1 ? 'are not fields' : 'is not a field'} that can be hidden on menu ${menuCode}`,
      });
    }
  });
  if (errors.length) throw badRequest(`Unknown fields: ${errors.map((e) => e.message).join('; ')}`, errors);
}

/**
 * Grants a caller does not hold (access/manageRules.ts): every role whose data permission on
 * the menu changes must be a role the caller holds, and no field hidden from the caller may
 * be un-hidden (that would reveal what the caller does not see).
 */
async function guardDataChange(tx: TenantData, principal: Principal, menuCode: string, old: Row[], entries: Entry[]): Promise<void> {
  const before = new Map(old.map((rec) => [String(rec.roleCode), parseDataFields(String(rec.dataFields ?? '')) ?? []]));
  const after = new Map(entries.map((e) => [e.roleCode, e.fields]));
  const changed: string[] = [];
  const revealed: string[] = [];
  for (const role of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(role) ?? [];
    const will = after.get(role) ?? [];
    if (was.length === will.length && was.every((f) => will.includes(f))) continue;
    changed.push(role);
    revealed.push(...was.filter((f) => !will.includes(f)));
  }
  assertHoldsRoles(principal, changed, 'change the data permissions of');
  await assertMayReveal(tx, principal, menuCode, revealed);
}

/** authorizeMenuDataToRole {menuCode, data: [{roleCode, dataFields}]}: replace the menu's data permissions. */
export const menuDataToRole: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const input = callInput(ctx);
  const menuCode = codeParam(input, 'menuCode');
  const registry = ctx.services.registry;
  const given = parseEntries(input.data);
  await grantTransaction(data, async (tx) => {
    await assertOne(tx, tx.resource('SysMenu'), 'menuCode', menuCode, 'menuCode');
    assertHideable(registry, menuCode, given);
    const entries = withParts(registry, menuCode, given);
    await assertExist(
      tx,
      tx.resource('SysRole'),
      'roleCode',
      entries.map((e) => e.roleCode),
      'data.roleCode',
    );
    // the fields as given: a part hidden with its whole is not named apart
    await assertFormsKeepRequired(tx, registry, menuCode, given);
    const link = tx.resource('SysRoleData');
    const old = await recordsWhere(tx, link, { menuCode });
    await guardDataChange(tx, principal, menuCode, old, entries);
    await deleteLinkIds(
      tx,
      link,
      old.map((rec) => Number(rec.id)),
    );
    const now = ctx.services.now();
    for (const e of entries) {
      const record = { roleCode: e.roleCode, menuCode, dataFields: e.fields.join(',') };
      assertStorable(link, record);
      await insertLink(tx, link, record, now);
    }
  });
  return undefined;
};
