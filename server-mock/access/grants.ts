/**
 * Role grants as the access layer reads them, on every request (a removed grant holds from
 * the next request on, in every process): URLs, buttons and data fields.
 */
import type { Registry } from '../../schemas/registry/types.ts';
import type { AnyKysely, Row } from '../db/anyKysely.ts';
import type { Principal } from './principal.ts';

/**
 * The grants of the call being made, read by `authenticate` in the same query as the session,
 * the user and the roles. They belong to one request's principal (a principal is built anew
 * for every request) and are never shared between requests.
 */
export interface RequestGrants {
  /** The roles the grants were read for (the principal's roles for this request). */
  roles: string[];
  url: string | null;
  urlGranted: boolean;
  button: string | null;
  buttonGranted: boolean;
  menu: string | null;
  /** Fields of `menu` hidden from the principal's roles. */
  hidden: Set<string>;
}

const requestGrants = new WeakMap<Principal, RequestGrants>();

/** The grants read for this principal, when its roles are still the ones they were read for. */
function readFor(p: Principal): RequestGrants | undefined {
  const read = requestGrants.get(p);
  return read && read.roles.length === p.roles.length && read.roles.every((r, i) => r === p.roles[i]) ? read : undefined;
}

/** Keep the grants read for this request's principal (see RequestGrants). */
export function rememberRequestGrants(p: Principal, grants: RequestGrants): void {
  requestGrants.set(p, { ...grants, roles: [...grants.roles] });
}

/** Is the URL granted to one of the principal's roles? ROLE_ADMIN has every URL. */
export async function urlGranted(db: AnyKysely, registry: Registry, p: Principal, url: string): Promise<boolean> {
  if (p.isAdmin) return true;
  if (p.roles.length === 0) return false;
  const read = readFor(p);
  if (read && read.url === url) return read.urlGranted;
  const urlRes = registry.byName.get('SysUrl')!;
  const roleRes = registry.byName.get('SysRole')!;
  const link = registry.byName.get('SysRoleUrl')!;
  const row = await db
    .selectFrom(`${link.table} as ru`)
    .innerJoin(`${urlRes.table} as u`, 'u.id', 'ru.url_id')
    .innerJoin(`${roleRes.table} as r`, 'r.id', 'ru.role_id')
    .select('ru.id')
    .where('ru.tenant_code', '=', p.tenantCode)
    .where('u.tenant_code', '=', p.tenantCode)
    .where('r.tenant_code', '=', p.tenantCode)
    .where('u.url', '=', url)
    .where('r.role_code', 'in', p.roles)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** Does one of the principal's roles hold the button? ROLE_ADMIN holds every button. */
export async function buttonGranted(db: AnyKysely, registry: Registry, p: Principal, code: string): Promise<boolean> {
  if (p.isAdmin) return true;
  if (p.roles.length === 0) return false;
  const read = readFor(p);
  if (read && read.button === code) return read.buttonGranted;
  const link = registry.byName.get('SysRoleMenuButton')!;
  const row = await db
    .selectFrom(link.table)
    .select('id')
    .where('tenant_code', '=', p.tenantCode)
    .where('button_code', '=', code)
    .where('role_code', 'in', p.roles)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** Button codes held by the principal's roles (every button code of the tenant for ROLE_ADMIN). */
export async function grantedButtons(db: AnyKysely, registry: Registry, p: Principal): Promise<string[]> {
  if (p.isAdmin) {
    const buttons = registry.byName.get('SysMenuButton')!;
    const rows = (await db.selectFrom(buttons.table).select('button_code').where('tenant_code', '=', p.tenantCode).execute()) as Row[];
    return [...new Set(rows.map((r) => String(r.button_code)))].sort();
  }
  if (p.roles.length === 0) return [];
  const link = registry.byName.get('SysRoleMenuButton')!;
  const rows = (await db
    .selectFrom(link.table)
    .select('button_code')
    .distinct()
    .where('tenant_code', '=', p.tenantCode)
    .where('role_code', 'in', p.roles)
    .execute()) as Row[];
  return rows.map((r) => String(r.button_code)).sort();
}

/** Add the fields of a `data_fields` value ("email,mobile") to a set. */
function addFields(hidden: Set<string>, text: unknown): void {
  for (const f of String(text ?? '').split(',')) if (f.trim()) hidden.add(f.trim());
}

/**
 * Fields of a menu's records hidden from the principal by data permissions: the union of the
 * fields filtered for each of the principal's roles. ROLE_ADMIN sees every field.
 */
export async function hiddenFields(db: AnyKysely, registry: Registry, p: Principal, menuCode: string | undefined): Promise<Set<string>> {
  const hidden = new Set<string>();
  if (!menuCode || p.isAdmin || p.roles.length === 0) return hidden;
  const read = readFor(p);
  if (read && read.menu === menuCode) return new Set(read.hidden);
  const link = registry.byName.get('SysRoleData')!;
  const rows = (await db
    .selectFrom(link.table)
    .select('data_fields')
    .where('tenant_code', '=', p.tenantCode)
    .where('menu_code', '=', menuCode)
    .where('role_code', 'in', p.roles)
    .execute()) as Row[];
  for (const r of rows) addFields(hidden, r.data_fields);
  return hidden;
}

/**
 * Every menu's hidden fields for the principal (menu code -> fields), in one query; the
 * relation labels derived from a hidden field (orgName of orgId) are hidden too, as the
 * standard calls hide them. Menus that hide nothing are left out; ROLE_ADMIN gets none.
 */
export async function hiddenFieldsByMenu(db: AnyKysely, registry: Registry, p: Principal): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (p.isAdmin || p.roles.length === 0) return out;
  const link = registry.byName.get('SysRoleData')!;
  const rows = (await db
    .selectFrom(link.table)
    .select(['menu_code', 'data_fields'])
    .where('tenant_code', '=', p.tenantCode)
    .where('role_code', 'in', p.roles)
    .execute()) as Row[];
  for (const r of rows) {
    const menu = String(r.menu_code);
    const hidden = out.get(menu) ?? new Set<string>();
    addFields(hidden, r.data_fields);
    if (hidden.size) out.set(menu, hidden);
  }
  for (const resource of registry.resources) {
    const hidden = resource.menu ? out.get(resource.menu) : undefined;
    if (!hidden) continue;
    for (const [field, rel] of Object.entries(resource.relations)) if (hidden.has(field) && rel.as) hidden.add(rel.as);
  }
  return out;
}
