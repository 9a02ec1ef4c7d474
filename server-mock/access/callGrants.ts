/**
 * Role grants as the access layer reads them, on every request (a removed grant holds from
 * the next request on, in every process): URLs, buttons and data fields. Every query goes
 * through the caller's TenantData, which adds the tenant condition to each table it reads.
 */
import type { Row } from '../db/anyKysely.ts';
import type { Principal, RequestGrants } from './principal.ts';
import type { TenantData } from './tenantData.ts';

/** The grants read with the principal, when its roles are still the ones they were read for. */
function readFor(p: Principal, read: RequestGrants | undefined): RequestGrants | undefined {
  return read && read.roles.length === p.roles.length && read.roles.every((r, i) => r === p.roles[i]) ? read : undefined;
}

/** Is the URL granted to one of the principal's roles? ROLE_ADMIN has every URL. */
export async function urlGranted(data: TenantData, p: Principal, url: string, grants?: RequestGrants): Promise<boolean> {
  if (p.isAdmin) return true;
  if (p.roles.length === 0) return false;
  const read = readFor(p, grants);
  if (read && read.url === url) return read.urlGranted;
  const urlRes = data.resource('SysUrl');
  const roleRes = data.resource('SysRole');
  const link = data.resource('SysRoleUrl');
  const row = await data
    .select(link)
    .select(`${link.table}.id`)
    .where(`${link.table}.url_id`, 'in', data.select(urlRes).select(`${urlRes.table}.id`).where(`${urlRes.table}.url`, '=', url))
    .where(
      `${link.table}.role_id`,
      'in',
      data.select(roleRes).select(`${roleRes.table}.id`).where(`${roleRes.table}.role_code`, 'in', p.roles),
    )
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** Does one of the principal's roles hold the button? ROLE_ADMIN holds every button. */
export async function buttonGranted(data: TenantData, p: Principal, code: string, grants?: RequestGrants): Promise<boolean> {
  if (p.isAdmin) return true;
  if (p.roles.length === 0) return false;
  const read = readFor(p, grants);
  if (read && read.button === code) return read.buttonGranted;
  const link = data.resource('SysRoleMenuButton');
  const row = await data
    .select(link)
    .select('id')
    .where('button_code', '=', code)
    .where('role_code', 'in', p.roles)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** Button codes held by the principal's roles (every button code of the tenant for ROLE_ADMIN). */
export async function grantedButtons(data: TenantData, p: Principal): Promise<string[]> {
  if (p.isAdmin) {
    const rows = (await data.select(data.resource('SysMenuButton')).select('button_code').execute()) as Row[];
    return [...new Set(rows.map((r) => String(r.button_code)))].sort();
  }
  if (p.roles.length === 0) return [];
  const rows = (await data
    .select(data.resource('SysRoleMenuButton'))
    .select('button_code')
    .distinct()
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
export async function hiddenFields(
  data: TenantData,
  p: Principal,
  menuCode: string | undefined,
  grants?: RequestGrants,
): Promise<Set<string>> {
  const hidden = new Set<string>();
  if (!menuCode || p.isAdmin || p.roles.length === 0) return hidden;
  const read = readFor(p, grants);
  if (read && read.menu === menuCode) return new Set(read.hidden);
  const rows = (await data
    .select(data.resource('SysRoleData'))
    .select('data_fields')
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
export async function hiddenFieldsByMenu(data: TenantData, p: Principal): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (p.isAdmin || p.roles.length === 0) return out;
  const rows = (await data
    .select(data.resource('SysRoleData'))
    .select(['menu_code', 'data_fields'])
    .where('role_code', 'in', p.roles)
    .execute()) as Row[];
  for (const r of rows) {
    const menu = String(r.menu_code);
    const hidden = out.get(menu) ?? new Set<string>();
    addFields(hidden, r.data_fields);
    if (hidden.size) out.set(menu, hidden);
  }
  for (const resource of data.registry.resources) {
    const hidden = resource.menu ? out.get(resource.menu) : undefined;
    if (!hidden) continue;
    for (const [field, rel] of Object.entries(resource.relations)) if (hidden.has(field) && rel.as) hidden.add(rel.as);
  }
  return out;
}
