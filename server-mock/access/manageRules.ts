/**
 * Who may manage whom, and what a caller may hand out (ARCHITECTURE.md, "Who may manage
 * whom"). The one place these rules live; the standard calls (crud/crudHandlers.ts), the link
 * calls (grants/linkHandlers.ts) and the other grant calls (grants/*), the forced sign-out (sessions/sessionHandlers.ts) and adding a user to a
 * tenant (users/addToTenant.ts) ask it before they write, inside the write's transaction, so a
 * refused call changes nothing.
 *
 * - A caller may change, disable, delete, sign out or re-grant another user only when every
 *   role of that user is a role the caller holds. ROLE_ADMIN manages everyone of its tenant.
 * - The last enabled administrator (a user with ROLE_ADMIN whose status is not 0) of a tenant
 *   cannot be disabled, deleted or stripped of ROLE_ADMIN.
 * - No caller hands out (or takes away) a role, menu, button or URL it does not hold itself,
 *   nor changes, renames or deletes a role or a menu it does not hold, nor reveals a field
 *   hidden from itself.
 *
 * "Holds" means the roles that count for the request (`Principal.roles`: a RoleCode header
 * narrows them), and the grants of those roles.
 */
import type { Resource } from '../../schemas/registry/types.ts';
import type { Row } from '../db/anyKysely.ts';
import { inChunks } from '../db/anyKysely.ts';
import { conflict, forbidden } from '../http/apiError.ts';
import { ROLE_ADMIN, type Principal } from './principal.ts';
import type { TenantData } from './tenantData.ts';
import { hiddenFields } from './callGrants.ts';

/** What a caller does to a user, for the messages. */
export type UserAction =
  | 'change'
  | 'disable'
  | 'delete'
  | 'sign out'
  | 're-grant'
  | 'add to another tenant'
  | 'change the posts of'
  | 'unlock'
  | 'reset the password of';

const quote = (s: string) => JSON.stringify(s);
const list = (values: string[]) => values.map(quote).join(', ');

/** Role codes of users (id -> codes, sorted); users without roles map to []. */
async function rolesOfUsers(data: TenantData, userIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return out;
  const link = data.resource('SysRoleUser');
  const role = data.resource('SysRole');
  for (const part of inChunks([...new Set(userIds)])) {
    const rows = (await data
      .select(link)
      .innerJoin(role.table, `${role.table}.id`, `${link.table}.role_id`)
      .select([`${link.table}.user_id as user_id`, `${role.table}.role_code as role_code`])
      .where(`${role.table}.tenant_code`, '=', data.tenantCode)
      .where(`${link.table}.user_id`, 'in', part)
      .execute()) as Row[];
    for (const r of rows) {
      const codes = out.get(Number(r.user_id)) ?? [];
      if (!codes.includes(String(r.role_code))) codes.push(String(r.role_code));
      out.set(Number(r.user_id), codes.sort());
    }
  }
  return out;
}

/** The roles of a user the caller does not hold (none for ROLE_ADMIN). */
function rolesNotHeld(p: Principal, roles: string[]): string[] {
  if (p.isAdmin) return [];
  return roles.filter((r) => !p.roles.includes(r));
}

async function usernames(data: TenantData, userIds: number[]): Promise<Map<number, string>> {
  const userR = data.resource('SysUser');
  const out = new Map<number, string>();
  for (const part of inChunks(userIds)) {
    const rows = (await data.select(userR).select(['id', 'username']).where(`${userR.table}.id`, 'in', part).execute()) as Row[];
    for (const r of rows) out.set(Number(r.id), String(r.username));
  }
  return out;
}

/**
 * 403 unless the caller may manage every one of these users: each user's roles are all roles
 * the caller holds. The message names the user and the roles the caller lacks.
 */
export async function assertMayManageUsers(data: TenantData, p: Principal, userIds: number[], action: UserAction): Promise<void> {
  if (p.isAdmin || userIds.length === 0) return;
  const roles = await rolesOfUsers(data, userIds);
  const refused = [...roles].filter(([, codes]) => rolesNotHeld(p, codes).length > 0);
  if (refused.length === 0) return;
  const names = await usernames(
    data,
    refused.map(([id]) => id),
  );
  const [id, codes] = refused[0]!;
  const lacking = rolesNotHeld(p, codes);
  throw forbidden(
    `You may not ${action} the user ${quote(names.get(id) ?? String(id))}: they hold the role${lacking.length > 1 ? 's' : ''} ${list(lacking)}, which you do not hold`,
  );
}

/** 403 unless the caller holds every one of these roles (by code). */
export function assertHoldsRoles(p: Principal, roleCodes: string[], action: string): void {
  const lacking = [...new Set(rolesNotHeld(p, roleCodes))].sort();
  if (lacking.length)
    throw forbidden(
      `You may not ${action} the role${lacking.length > 1 ? 's' : ''} ${list(lacking)}: you do not hold ${lacking.length > 1 ? 'them' : 'it'}`,
    );
}

/** Role codes of role ids of the tenant. */
async function roleCodesOf(data: TenantData, roleIds: unknown[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const role = data.resource('SysRole');
  const out: string[] = [];
  for (const part of inChunks(roleIds.map(Number))) {
    const rows = (await data.select(role).select('role_code').where(`${role.table}.id`, 'in', part).execute()) as Row[];
    out.push(...rows.map((r) => String(r.role_code)));
  }
  return out;
}

/** Enabled users of the tenant holding ROLE_ADMIN. */
async function enabledAdministrators(data: TenantData): Promise<number> {
  const link = data.resource('SysRoleUser');
  const role = data.resource('SysRole');
  const user = data.resource('SysUser');
  const rows = (await data
    .select(link)
    .innerJoin(role.table, `${role.table}.id`, `${link.table}.role_id`)
    .innerJoin(user.table, `${user.table}.id`, `${link.table}.user_id`)
    .select(`${link.table}.user_id as user_id`)
    .distinct()
    .where(`${role.table}.tenant_code`, '=', data.tenantCode)
    .where(`${user.table}.tenant_code`, '=', data.tenantCode)
    .where(`${role.table}.role_code`, '=', ROLE_ADMIN)
    .where((eb) => eb.or([eb(`${user.table}.status`, 'is', null), eb(`${user.table}.status`, '!=', 0)]))
    .execute()) as Row[];
  return rows.length;
}

const LAST_ADMIN_MESSAGE = `The tenant must keep at least one enabled user with the role ${ROLE_ADMIN}: this would disable, delete or strip the last one`;

/**
 * Run a write (inside a transaction) that may disable, delete or strip an administrator: when
 * the tenant had an enabled administrator before and has none after, 409 (the transaction is
 * rolled back, nothing changes).
 */
async function keepingAnAdministrator<T>(tx: TenantData, write: () => Promise<T>): Promise<T> {
  const before = await enabledAdministrators(tx);
  const result = await write();
  if (before > 0 && (await enabledAdministrators(tx)) === 0) throw conflict(LAST_ADMIN_MESSAGE);
  return result;
}

/** Ids of the menus the caller holds; undefined for ROLE_ADMIN, which holds every menu (nothing is read). */
async function heldMenuIds(data: TenantData, p: Principal): Promise<Set<number> | undefined> {
  if (p.isAdmin) return undefined;
  if (p.roles.length === 0) return new Set();
  const link = data.resource('SysRoleMenu');
  const role = data.resource('SysRole');
  const rows = (await data
    .select(link)
    .innerJoin(role.table, `${role.table}.id`, `${link.table}.role_id`)
    .select(`${link.table}.menu_id as menu_id`)
    .where(`${role.table}.tenant_code`, '=', data.tenantCode)
    .where(`${role.table}.role_code`, 'in', p.roles)
    .execute()) as Row[];
  return new Set(rows.map((r) => Number(r.menu_id)));
}

/** Ids of the URLs the caller holds; undefined for ROLE_ADMIN, which holds every URL (nothing is read). */
async function heldUrlIds(data: TenantData, p: Principal): Promise<Set<number> | undefined> {
  if (p.isAdmin) return undefined;
  if (p.roles.length === 0) return new Set();
  const link = data.resource('SysRoleUrl');
  const role = data.resource('SysRole');
  const rows = (await data
    .select(link)
    .innerJoin(role.table, `${role.table}.id`, `${link.table}.role_id`)
    .select(`${link.table}.url_id as url_id`)
    .where(`${role.table}.tenant_code`, '=', data.tenantCode)
    .where(`${role.table}.role_code`, 'in', p.roles)
    .execute()) as Row[];
  return new Set(rows.map((r) => Number(r.url_id)));
}

/** 403 naming what of `wanted` the caller does not hold. */
function assertHeld(what: string, action: string, wanted: unknown[], held: Set<string>, describe: (v: string) => string = quote): void {
  const lacking = [...new Set(wanted.map(String))].filter((v) => !held.has(v));
  if (lacking.length) throw forbidden(`You may not ${action} ${what} you do not hold: ${lacking.map(describe).join(', ')}`);
}

/**
 * Menus given to or taken from a role: the caller must hold each. `heldBefore`: the caller's
 * menus read before the change (a check made after it, in its transaction, would count what
 * the change itself gave).
 */
async function assertHoldsMenus(
  data: TenantData,
  p: Principal,
  menuIds: unknown[],
  action: string,
  heldBefore?: Set<number>,
): Promise<void> {
  if (p.isAdmin || menuIds.length === 0) return;
  const held = new Set([...(heldBefore ?? (await heldMenuIds(data, p)) ?? [])].map(String));
  const codes = await codesById(data, 'SysMenu', 'menu_code', menuIds);
  assertHeld('menus', action, menuIds, held, (id) => quote(codes.get(id) ?? id));
}

/** URLs given to or taken from a role: the caller must hold each (`heldBefore`: as for menus). */
async function assertHoldsUrls(data: TenantData, p: Principal, urlIds: unknown[], action: string, heldBefore?: Set<number>): Promise<void> {
  if (p.isAdmin || urlIds.length === 0) return;
  const held = new Set([...(heldBefore ?? (await heldUrlIds(data, p)) ?? [])].map(String));
  const urls = await codesById(data, 'SysUrl', 'url', urlIds);
  assertHeld('URLs', action, urlIds, held, (id) => quote(urls.get(id) ?? id));
}

/** Button codes the caller holds, read on the data's own connection (inside its transaction); undefined for ROLE_ADMIN, which holds every button. */
async function heldButtons(data: TenantData, p: Principal): Promise<Set<string> | undefined> {
  if (p.isAdmin) return undefined;
  if (p.roles.length === 0) return new Set();
  const link = data.resource('SysRoleMenuButton');
  const rows = (await data.select(link).select('button_code').where(`${link.table}.role_code`, 'in', p.roles).execute()) as Row[];
  return new Set(rows.map((r) => String(r.button_code)));
}

/** Buttons given to or taken from a role: the caller must hold each (`heldBefore`: as for menus). */
async function assertHoldsButtons(
  data: TenantData,
  p: Principal,
  buttonCodes: string[],
  action: string,
  heldBefore?: Set<string>,
): Promise<void> {
  if (p.isAdmin || buttonCodes.length === 0) return;
  assertHeld('buttons', action, buttonCodes, heldBefore ?? (await heldButtons(data, p)) ?? new Set());
}

/** Fields un-hidden by a change of data permissions: none may be hidden from the caller (it would reveal what it does not see). */
export async function assertMayReveal(data: TenantData, p: Principal, menuCode: string, fields: string[]): Promise<void> {
  if (p.isAdmin || fields.length === 0) return;
  const hidden = await hiddenFields(data, p, menuCode);
  const lacking = [...new Set(fields)].filter((f) => hidden.has(f));
  if (lacking.length) throw forbidden(`You may not reveal fields hidden from you on menu ${quote(menuCode)}: ${list(lacking)}`);
}

async function codesById(data: TenantData, resource: string, column: string, ids: unknown[]): Promise<Map<string, string>> {
  const r = data.resource(resource);
  const out = new Map<string, string>();
  for (const part of inChunks(ids.map(Number))) {
    const rows = (await data.select(r).select(['id', column]).where(`${r.table}.id`, 'in', part).execute()) as Row[];
    for (const row of rows) out.set(String(row.id), String(row[column]));
  }
  return out;
}

/**
 * A change of a record's links (grants/linkHandlers.ts): the owner record, the link rows'
 * resource, and the values of the linked resource's field that are added or taken away.
 */
export interface LinkChange {
  /** The link rows' resource (SysRoleUser, SysRoleUrl, ...). */
  link: Resource;
  owner: Resource;
  /** The owner's field the link rows hold, and its value. */
  ownerField: string;
  ownerValue: unknown;
  target: Resource;
  /** The linked resource's field the link rows hold, and the values added or taken away. */
  targetField: string;
  changed: unknown[];
}

/** The link whose rows give roles to users: changing it may strip the last administrator. */
const ROLE_HOLDERS = 'SysRoleUser';
/** The links that are grants (roles of users; URLs, menus and buttons of roles): the rules judge their changes. */
const GRANT_LINKS = new Set([ROLE_HOLDERS, 'SysRoleUrl', 'SysRoleMenu', 'SysRoleMenuButton']);

/**
 * The rule for records of a resource whose grants change (by the field a link holds): a user
 * must be one the caller may re-grant; a role, URL, menu or button one the caller holds.
 * `giving`: the roles are given or taken (to or from users), not the receivers of grants.
 */
async function assertMayRegrant(
  tx: TenantData,
  p: Principal,
  r: Resource,
  field: string,
  values: unknown[],
  giving: boolean,
): Promise<void> {
  const byId = field === 'id';
  switch (`${r.name}.${field}`) {
    case 'SysUser.id':
      return assertMayManageUsers(tx, p, values.map(Number), 're-grant');
    case 'SysRole.id':
    case 'SysRole.roleCode':
      return assertHoldsRoles(
        p,
        byId ? await roleCodesOf(tx, values) : values.map(String),
        giving ? 'give or take' : 'change the grants of',
      );
    case 'SysUrl.id':
      return assertHoldsUrls(tx, p, values, 'give or take');
    case 'SysMenu.id':
      return assertHoldsMenus(tx, p, values, 'give or take');
    case 'SysMenuButton.buttonCode':
      return assertHoldsButtons(tx, p, values.map(String), 'give or take');
    default:
      throw new Error(`No rule says who may change the grants of ${r.name} by ${field}`);
  }
}

/**
 * Check a change of a record's links against the rules, inside its transaction and before it
 * is written (what the caller holds is read before the change), then run the write. Links
 * that are not grants (a new module's) and a change that changes nothing are not judged.
 * Otherwise the owner, then every record linked or unlinked, must be one the caller may
 * re-grant or holds; and a change of who holds which role keeps an enabled administrator.
 */
export async function guardLinkChange<T>(tx: TenantData, p: Principal, change: LinkChange, write: () => Promise<T>): Promise<T> {
  if (!GRANT_LINKS.has(change.link.name) || change.changed.length === 0) return write();
  const giving = change.link.name === ROLE_HOLDERS;
  await assertMayRegrant(tx, p, change.owner, change.ownerField, [change.ownerValue], giving);
  await assertMayRegrant(tx, p, change.target, change.targetField, change.changed, giving);
  return giving ? keepingAnAdministrator(tx, write) : write();
}

/** A change of records of a resource by a standard call: the records before (update, delete) and after (add, update), as API records with their id. */
export interface RecordChange {
  before?: Row;
  after?: Row;
}

/** Resources whose standard writes these rules guard. */
const GUARDED = new Set(['SysUser', 'SysUserPost', 'SysRole', 'SysMenu', 'SysMenuButton']);

/** Whether the standard writes of a resource are guarded (they then take the checked path: no single-statement shortcut). */
export function isGuarded(r: Resource): boolean {
  return GUARDED.has(r.name);
}

/** Whether the rules judge the records a standard call adds (a post names its user; a new user, role or menu holds nothing yet). */
export function guardsAdditions(r: Resource): boolean {
  return r.name === 'SysUserPost';
}

const isDisabled = (rec: Row | undefined) =>
  rec !== undefined && rec.status !== undefined && rec.status !== null && Number(rec.status) === 0;

/**
 * Check a standard write (add, update, delete of records) against the rules, inside its
 * transaction, then run it; the last-administrator rule is checked after it. Resources the
 * rules do not name are written as they are.
 */
export async function guardRecordChanges<T>(
  tx: TenantData,
  p: Principal,
  r: Resource,
  changes: RecordChange[],
  write: () => Promise<T>,
): Promise<T> {
  if (!isGuarded(r)) return write();
  switch (r.name) {
    case 'SysUser': {
      const deleting = changes.filter((c) => c.before && !c.after).map((c) => Number(c.before!.id));
      const updating = changes.filter((c) => c.before && c.after);
      const disabling = updating.filter((c) => isDisabled(c.after) && !isDisabled(c.before)).map((c) => Number(c.before!.id));
      const changing = updating.map((c) => Number(c.before!.id)).filter((id) => !disabling.includes(id));
      await assertMayManageUsers(tx, p, deleting, 'delete');
      await assertMayManageUsers(tx, p, disabling, 'disable');
      await assertMayManageUsers(tx, p, changing, 'change');
      return deleting.length || disabling.length ? keepingAnAdministrator(tx, write) : write();
    }
    case 'SysUserPost': {
      const users = changes
        .flatMap((c) => [c.before?.userId, c.after?.userId])
        .filter((v) => v !== undefined && v !== null)
        .map(Number);
      await assertMayManageUsers(tx, p, users, 'change the posts of');
      return write();
    }
    case 'SysRole': {
      const changed = changes.filter((c) => c.before).map((c) => String(c.before!.roleCode));
      const deleted = changes.filter((c) => c.before && !c.after);
      assertHoldsRoles(p, changed, deleted.length ? 'delete' : 'change');
      // Deleting a role takes it from its holders: each must be a user the caller may re-grant.
      if (deleted.length) {
        const link = tx.resource('SysRoleUser');
        const holders = (await tx
          .select(link)
          .select('user_id')
          .where(
            `${link.table}.role_id`,
            'in',
            deleted.map((c) => Number(c.before!.id)),
          )
          .execute()) as Row[];
        await assertMayManageUsers(
          tx,
          p,
          holders.map((h) => Number(h.user_id)),
          're-grant',
        );
        return keepingAnAdministrator(tx, write);
      }
      return write();
    }
    case 'SysMenu': {
      const ids = changes.filter((c) => c.before).map((c) => c.before!.id);
      await assertHoldsMenus(tx, p, ids, changes.some((c) => !c.after) ? 'delete' : 'change');
      return write();
    }
    case 'SysMenuButton': {
      const codes = changes.filter((c) => c.before).map((c) => String(c.before!.buttonCode));
      await assertHoldsButtons(tx, p, codes, changes.some((c) => !c.after) ? 'delete' : 'change');
      return write();
    }
    default:
      return write();
  }
}
