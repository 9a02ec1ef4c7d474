/**
 * The signed-in user's notifications (docs/notifications.md). A notification is current for a
 * user when it is published to them (`notification_sysuser`), to their organisation or one above
 * it (`notification_org`), or to one of the roles in force for them (`notification_role`), or to
 * everyone (none of the three), and its period, if any, holds now (`startTime` <= now <= `endTime`, each bound optional).
 * - `notification.head` (queryHeadNotification): the bell's list, newest first, at most
 *   HEAD_LIMIT items `{id, title, description, datetime, type, read}`: description is the plain
 *   text of the content cut to DESCRIPTION_LENGTH characters, type is `notification` for a
 *   notice and `message` for a message, read whether the user has opened it.
 * - `notification.my` (queryMyNotification): the same notifications a page at a time
 *   (`{list, pagination}`), with their content and read state, filtered by title (contains),
 *   type and read state, newest first or in the order of `sorter` (any field it answers).
 * - `notification.read` (readNotification): one current notification of the user, with its
 *   content; the user has read it from then on (a `notification_read` row, NotificationRead).
 *   A read row counts only for a notification created before it, so a row left by a deleted
 *   notification does not mark a later one that gets its id.
 * Every statement reads the caller's tenant only (TenantData); the clock is the server's.
 */
import { countAll, one } from '../access/sqlExpr.ts';
import type { Resource } from '../../schemas/registry/types.ts';
import type { TenantData } from '../access/tenantData.ts';
import type { Principal } from '../access/principal.ts';
import type { Row } from '../db/anyKysely.ts';
import type { Page } from '../http/envelope.ts';
import { withPrincipal, type CallHandler } from '../calls/context.ts';
import { applyFilters } from '../access/listQuery.ts';
import { parseListParams } from '../crud/listParams.ts';
import { badRequest, notFound } from '../http/apiError.ts';
import { recordRow } from '../seed/provisionTenant.ts';
import { excerpt } from './plainText.ts';
import { streamNotification } from './liveStream.ts';
import { crudHandlers } from '../crud/crudHandlers.ts';

/** Most items the bell lists. */
export const HEAD_LIMIT = 50;
/** Longest description of a bell item, in characters. */
export const DESCRIPTION_LENGTH = 100;
/** The fields of a notification that queryMyNotification answers (its recipients are not among them). */
const MY_FIELDS = ['id', 'title', 'content', 'type', 'priority', 'publisher', 'createTime', 'startTime', 'endTime'] as const;

/** The bell's item type of a notification type. */
const BELL_TYPE: Record<string, string> = { notice: 'notification', message: 'message' };

interface BellItem {
  id: number;
  title: string;
  description: string;
  datetime: string;
  type: string;
  read: boolean;
}

function resources(data: TenantData): { n: Resource; link: Resource; read: Resource; col: (r: Resource, field: string) => string } {
  const n = data.resource('Notification');
  const link = data.resource('NotificationSysuser');
  const read = data.resource('NotificationRead');
  const col = (r: Resource, field: string) => `${r.table}.${r.fieldMap.get(field)!.column}`;
  return { n, link, read, col };
}

/** Who the caller is for the targeting: their organisation and those above it, the ids of their roles in force. */
interface Audience {
  orgIds: number[];
  roleIds: number[];
}

/**
 * The caller's organisation and every one above it (down to a root, whose parent is 0), and the
 * ids of their roles in force. The organisations come in one statement however deep the tree
 * (TenantData.ancestors: a recursive CTE from the caller's user row up orgParent).
 */
async function audienceOf(data: TenantData, principal: Principal): Promise<Audience> {
  const user = data.resource('SysUser');
  const org = data.resource('SysOrg');
  const role = data.resource('SysRole');
  const { col } = resources(data);
  const mine = data
    .select(user)
    .select(`${col(user, 'orgId')} as node_key`)
    .where(`${user.table}.id`, '=', principal.userId);
  const keys = (await data.ancestors(org, mine).execute()) as Row[];
  const orgIds = keys.map((r) => Number(r.node_key)).filter((id) => id > 0);
  const roleIds = principal.roles.length
    ? ((await data.select(role).select(`${role.table}.id`).where(col(role, 'roleCode'), 'in', principal.roles).execute()) as Row[]).map(
        (r) => Number(r.id),
      )
    : [];
  return { orgIds, roleIds };
}

/** The user's read rows of the notification of the outer select (made after it was created). */
function readRows(data: TenantData, principal: Principal) {
  const { n, read, col } = resources(data);
  return data
    .select(read)
    .select(one().as('one'))
    .whereRef(col(read, 'notificationId'), '=', `${n.table}.id`)
    .where(col(read, 'userId'), '=', principal.userId)
    .whereRef(`${read.table}.create_time`, '>=', `${n.table}.create_time`);
}

/** The current notifications with their read state as the column `is_read`. */
function currentWithRead(data: TenantData, principal: Principal, audience: Audience, now: Date) {
  const { n } = resources(data);
  return current(data, principal, audience, now)
    .selectAll(n.table)
    .select((eb) => eb.exists(readRows(data, principal)).as('is_read'));
}

const isRead = (row: Row) => row.is_read === true || Number(row.is_read) === 1;

/** The caller's current notifications: a select of the notification table of the caller's tenant. */
function current(data: TenantData, principal: Principal, audience: Audience, now: Date) {
  const { n, link, col } = resources(data);
  const orgLink = data.resource('NotificationOrg');
  const roleLink = data.resource('NotificationRole');
  const at = data.dialect.toDb('datetime', now.toISOString());
  const targets = (r: Resource) => data.select(r).select(one().as('one')).whereRef(col(r, 'notificationId'), '=', `${n.table}.id`);
  return data
    .select(n)
    .where((eb) =>
      eb.or([
        eb.and([eb.not(eb.exists(targets(link))), eb.not(eb.exists(targets(orgLink))), eb.not(eb.exists(targets(roleLink)))]),
        eb.exists(targets(link).where(col(link, 'userId'), '=', principal.userId)),
        ...(audience.orgIds.length ? [eb.exists(targets(orgLink).where(col(orgLink, 'orgId'), 'in', audience.orgIds))] : []),
        ...(audience.roleIds.length ? [eb.exists(targets(roleLink).where(col(roleLink, 'roleId'), 'in', audience.roleIds))] : []),
      ]),
    )
    .where((eb) => eb.or([eb(col(n, 'startTime'), 'is', null), eb(col(n, 'startTime'), '<=', at)]))
    .where((eb) => eb.or([eb(col(n, 'endTime'), 'is', null), eb(col(n, 'endTime'), '>=', at)]));
}

const head: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const { n, col } = resources(data);
  const rows = (await currentWithRead(data, principal, await audienceOf(data, principal), ctx.services.now())
    .orderBy(col(n, 'createTime'), 'desc')
    .orderBy(`${n.table}.id`, 'desc')
    .limit(HEAD_LIMIT)
    .execute()) as Row[];
  return rows.map((row): BellItem => {
    const rec = data.toRecord(n, row);
    return {
      id: Number(rec.id),
      title: String(rec.title ?? ''),
      description: excerpt(String(rec.content ?? ''), DESCRIPTION_LENGTH),
      datetime: String(rec.createTime ?? ''),
      type: BELL_TYPE[String(rec.type)] ?? String(rec.type),
      read: isRead(row),
    };
  });
};

const my: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const { n, col } = resources(data);
  // The filters as the notifications list matches them (title contains, type exact); a sorter
  // names one of the fields the call answers (ties by id in the same direction).
  const sorter = typeof ctx.query.sorter === 'string' && ctx.query.sorter !== '' ? ctx.query.sorter : 'createTime_descend';
  if (!(MY_FIELDS as readonly string[]).includes(sorter.replace(/_(ascend|descend)$/, ''))) {
    throw badRequest(`Cannot sort by "${sorter}"`, [{ field: 'sorter', message: 'is not a sortable field' }]);
  }
  const params = parseListParams(n, {
    title: ctx.query.title,
    type: ctx.query.type,
    currentPage: ctx.query.currentPage,
    pageSize: ctx.query.pageSize,
    sorter,
  });
  const filtered = applyFilters(current(data, principal, await audienceOf(data, principal), ctx.services.now()), data, n, params);
  const readFilter = ctx.query.read;
  const base =
    readFilter === undefined
      ? filtered
      : filtered.where((eb) => (readFilter === true ? eb.exists(readRows(data, principal)) : eb.not(eb.exists(readRows(data, principal)))));
  const count = (await base.select(countAll().as('total')).executeTakeFirst()) as { total: unknown } | undefined;
  const rows = (await base
    .selectAll(n.table)
    .select((eb) => eb.exists(readRows(data, principal)).as('is_read'))
    .orderBy(col(n, params.sorter.field.name), params.sorter.direction)
    .orderBy(`${n.table}.id`, params.sorter.direction)
    .limit(params.pageSize)
    .offset((params.currentPage - 1) * params.pageSize)
    .execute()) as Row[];
  const page: Page<Row> = {
    list: rows.map((row) => {
      const rec = data.toRecord(n, row);
      return { ...Object.fromEntries(MY_FIELDS.map((f) => [f, rec[f] ?? null])), read: isRead(row) };
    }),
    pagination: { total: Number(count?.total ?? 0), pageSize: params.pageSize, current: params.currentPage },
  };
  return page;
};

/**
 * Opens one of the caller's current notifications: answers it as queryMyNotification lists it,
 * and records that the caller has read it. 404 for a notification that is not current for the
 * caller (another user's message, one out of its period, another tenant's).
 */
const read: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const { n, read: readR, col } = resources(data);
  const id = Number(ctx.query.id);
  const now = ctx.services.now();
  const row = (await current(data, principal, await audienceOf(data, principal), now)
    .selectAll(n.table)
    .where(`${n.table}.id`, '=', id)
    .executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound(`No current notification ${id} for you`);
  const link = await recordRow(data, readR, { notificationId: id, userId: principal.userId }, now);
  if (!(await data.insertUnlessClash(readR, link))) {
    // A row left by a deleted notification of the same id: it counts from now on.
    await data
      .update(readR)
      .set({ create_time: link.create_time, update_time: link.update_time })
      .where(col(readR, 'notificationId'), '=', id)
      .where(col(readR, 'userId'), '=', principal.userId)
      .execute();
  }
  const rec = data.toRecord(n, row);
  return { ...Object.fromEntries(MY_FIELDS.map((f) => [f, rec[f] ?? null])), read: true };
};

/**
 * The users a notification's body publishes to: its users, the users of its organisations and of
 * those under them, the holders of its roles; null when it names none: every user of the tenant.
 */
async function recipientsOf(data: TenantData, body: unknown): Promise<number[] | null> {
  const ids = (name: string) => {
    const v = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
    return Array.isArray(v) ? v.map(Number).filter((x) => Number.isInteger(x) && x > 0) : [];
  };
  const [userIds, orgIds, roleIds] = [ids('userIds'), ids('orgIds'), ids('roleIds')];
  if (!userIds.length && !orgIds.length && !roleIds.length) return null;
  const out = new Set(userIds);
  const user = data.resource('SysUser');
  const org = data.resource('SysOrg');
  const roleUser = data.resource('SysRoleUser');
  const { col } = resources(data);
  for (const root of orgIds) {
    const rows = (await data
      .select(user)
      .select(`${user.table}.id`)
      .where(col(user, 'orgId'), 'in', data.subtree(org, root))
      .execute()) as Row[];
    for (const r of rows) out.add(Number(r.id));
  }
  if (roleIds.length) {
    const rows = (await data
      .select(roleUser)
      .select(col(roleUser, 'userId'))
      .where(col(roleUser, 'roleId'), 'in', roleIds)
      .execute()) as Row[];
    for (const r of rows) out.add(Number(r[roleUser.fieldMap.get('userId')!.column]));
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * Publishing (add): the standard add, then a live notice to the open consoles of the
 * notification's recipients (every user of the tenant when it has none), sent once it is stored.
 */
const add: CallHandler = async (ctx) => {
  const answer = await crudHandlers['crud.add']!(ctx);
  const { data } = withPrincipal(ctx);
  data.liveNotice(await recipientsOf(data, ctx.body), 'notification', (err) => ctx.request.log.warn({ err }, 'live notice not sent'));
  return answer;
};

/**
 * An update may change the recipients and the period: every open console of the tenant reads
 * its bell again (a notice names no content, so the ones it no longer concerns learn nothing).
 */
const update: CallHandler = async (ctx) => {
  const answer = await crudHandlers['crud.update']!(ctx);
  withPrincipal(ctx).data.liveNotice(null, 'notification', (err) => ctx.request.log.warn({ err }, 'live notice not sent'));
  return answer;
};

export const notificationHandlers: Record<string, CallHandler> = {
  'notification.add': add,
  'notification.update': update,
  'notification.stream': streamNotification,
  'notification.head': head,
  'notification.my': my,
  'notification.read': read,
};
