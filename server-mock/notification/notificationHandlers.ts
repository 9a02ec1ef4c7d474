/**
 * The signed-in user's notifications (docs/notifications.md). A notification is current for a
 * user when it is published to them or to everyone (no recipients in `notification_sysuser`)
 * and its period, if any, holds now (`startTime` <= now <= `endTime`, each bound optional).
 * - `notification.head` (queryHeadNotification): the bell's list, newest first, at most
 *   HEAD_LIMIT items `{id, title, description, datetime, type}`: description is the plain
 *   text of the content cut to DESCRIPTION_LENGTH characters, type is `notification` for a
 *   notice and `message` for a message.
 * - `notification.my` (queryMyNotification): the same notifications a page at a time
 *   (`{list, pagination}`), with their content, filtered by title (contains) and type, newest
 *   first or in the order of `sorter` (any field it answers).
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
import { badRequest } from '../http/apiError.ts';
import { excerpt } from './plainText.ts';

/** Most items the bell lists. */
export const HEAD_LIMIT = 50;
/** Longest description of a bell item, in characters. */
export const DESCRIPTION_LENGTH = 100;
/** The fields of a notification that queryMyNotification answers (its recipients are not among them). */
export const MY_FIELDS = ['id', 'title', 'content', 'type', 'priority', 'publisher', 'createTime', 'startTime', 'endTime'] as const;

/** The bell's item type of a notification type. */
const BELL_TYPE: Record<string, string> = { notice: 'notification', message: 'message' };

export interface BellItem {
  id: number;
  title: string;
  description: string;
  datetime: string;
  type: string;
}

function resources(data: TenantData): { n: Resource; link: Resource; col: (r: Resource, field: string) => string } {
  const n = data.resource('Notification');
  const link = data.resource('NotificationSysuser');
  const col = (r: Resource, field: string) => `${r.table}.${r.fieldMap.get(field)!.column}`;
  return { n, link, col };
}

/** The caller's current notifications: a select of the notification table of the caller's tenant. */
function current(data: TenantData, principal: Principal, now: Date) {
  const { n, link, col } = resources(data);
  const at = data.dialect.toDb('datetime', now.toISOString());
  const recipients = () => data.select(link).select(one().as('one')).whereRef(col(link, 'notificationId'), '=', `${n.table}.id`);
  return data
    .select(n)
    .where((eb) => eb.or([eb.not(eb.exists(recipients())), eb.exists(recipients().where(col(link, 'userId'), '=', principal.userId))]))
    .where((eb) => eb.or([eb(col(n, 'startTime'), 'is', null), eb(col(n, 'startTime'), '<=', at)]))
    .where((eb) => eb.or([eb(col(n, 'endTime'), 'is', null), eb(col(n, 'endTime'), '>=', at)]));
}

const head: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const { n, col } = resources(data);
  const rows = (await current(data, principal, ctx.services.now())
    .selectAll(n.table)
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
  const base = applyFilters(current(data, principal, ctx.services.now()), data, n, params);
  const count = (await base.select(countAll().as('total')).executeTakeFirst()) as { total: unknown } | undefined;
  const rows = (await base
    .selectAll(n.table)
    .orderBy(col(n, params.sorter.field.name), params.sorter.direction)
    .orderBy(`${n.table}.id`, params.sorter.direction)
    .limit(params.pageSize)
    .offset((params.currentPage - 1) * params.pageSize)
    .execute()) as Row[];
  const page: Page<Row> = {
    list: rows.map((row) => {
      const rec = data.toRecord(n, row);
      return Object.fromEntries(MY_FIELDS.map((f) => [f, rec[f] ?? null]));
    }),
    pagination: { total: Number(count?.total ?? 0), pageSize: params.pageSize, current: params.currentPage },
  };
  return page;
};

export const notificationHandlers: Record<string, CallHandler> = {
  'notification.head': head,
  'notification.my': my,
};
