/**
 * Sessions: the caller's own (registerNewSession, log out) and the administrators' view of the
 * tenant's (online users, forced sign-out). A session is a sys_session row per issued token;
 * revoking the row ends the token in every server process. sys_session is the server's own
 * table, not a resource: its statements live in the access layer (access/sessions.ts) and each
 * names the caller's tenant or session.
 */
import type { Row } from '../db/anyKysely.ts';
import { badRequest } from '../http/apiError.ts';
import { withPrincipal, type CallContext, type CallHandler } from '../calls/context.ts';
import { filterableFields } from '../crud/crudSchemas.ts';
import { parseListParams } from '../crud/listParams.ts';
import { runList } from '../access/listQuery.ts';
import { refuseHiddenCriteria } from '../crud/hiddenFields.ts';
import { assertMayManageUsers } from '../access/manageRules.ts';
import { describeSession, liveSessions, revokeSession, revokeUserSessions } from '../access/sessions.ts';

const MAX_USER_AGENT = 500;

/** POST /api/admin/sysuser/registerNewSession: the client's address and agent on the caller's session. */
export const registerNewSession: CallHandler = async (ctx) => {
  const { principal } = withPrincipal(ctx);
  const client = { ip: ctx.request.ip, userAgent: String(ctx.request.headers['user-agent'] ?? '').slice(0, MAX_USER_AGENT) };
  await describeSession(ctx.system.db, principal.sessionId, principal.tenantCode, client, ctx.services.now());
  return undefined;
};

/** POST /api/uaa/oauth/logout: revokes the caller's session; the token is refused from now on (401, 50008). */
export const logout: CallHandler = async (ctx) => {
  const { principal } = withPrincipal(ctx);
  await revokeSession(ctx.system.db, principal.sessionId, 'logout', ctx.services.now());
  return undefined;
};

function positive(v: unknown): number | undefined {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The sorter field the platform's client sends on every list page: a session's is when it was issued. */
const SORT_ALIASES: Readonly<Record<string, string>> = { createTime: 'issuedAt' };

type OnlineRow = Record<string, unknown>;

/** Lower case of the ASCII letters only, as the lists' contains filters compare. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** Ascending order of two values of one field; no value comes first. */
function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The field and direction of a `sorter` for the online users: any field a list of them may be
 * sorted by (every readable field of SysOnlineUser, as the resource lists sort), or `createTime`
 * for `issuedAt`. A field hidden from the caller by a data permission is refused as a criterion
 * (its alias too: sorting by it would tell the hidden order).
 */
async function onlineSorter(ctx: CallContext): Promise<{ field: string; descending: boolean } | undefined> {
  const text = ctx.query.sorter;
  if (typeof text !== 'string' || text === '') return undefined;
  const m = /^(.+)_(ascend|descend)$/.exec(text);
  const listed = ctx.services.registry.resources.find((r) => r.list.source?.call === ctx.call.name);
  const name = m ? (SORT_ALIASES[m[1]!] ?? m[1]!) : '';
  if (!m || !listed || !filterableFields(listed).some((f) => f.name === name)) {
    throw badRequest(`Cannot sort by "${text}"`, [{ field: 'sorter', message: 'is not a sortable field' }]);
  }
  if (name !== m[1]) await refuseHiddenCriteria(ctx, [listed], { sorter: `${name}_${m[2]}` });
  return { field: name, descending: m[2] === 'descend' };
}

/** The filters of the online users that are the users list's own (SysUser's search and filter tree). */
const USER_FILTERS = ['nickname', 'mobile', 'roleId', 'orgId'] as const;

/**
 * The usernames the users list keeps for the online users' user filters (nickname and mobile
 * contain, roleId: granted the role, orgId: in the organisation or under it), or undefined
 * when none is given. A field hidden from the caller cannot be a criterion, as on the list.
 */
async function filteredUsernames(ctx: CallContext): Promise<Set<string> | undefined> {
  const given = Object.fromEntries(
    USER_FILTERS.filter((k) => ctx.query[k] !== undefined && ctx.query[k] !== '').map((k) => [k, ctx.query[k]]),
  );
  if (Object.keys(given).length === 0) return undefined;
  const { data } = withPrincipal(ctx);
  const users = data.resource('SysUser');
  await refuseHiddenCriteria(ctx, [users], given);
  const { rows } = await runList(data, users, parseListParams(users, given), true);
  return new Set(rows.map((row) => String(row.username)));
}

/**
 * GET /api/admin/sysuser/queryOnlineSysUser: the live sessions of the caller's tenant as a page
 * {list, pagination}, newest first unless `sorter` says otherwise (ties by sessionId in the same
 * direction), filtered by `username` (contains, ASCII case ignored) when given, and by the
 * users list's nickname, mobile, roleId and orgId filters (filteredUsernames). A session is
 * named by its row id (`sessionId`); the token id (jti) is a secret part of the token and is
 * never shown. Without `currentPage` and `pageSize` every session is on one page.
 */
export const online: CallHandler = async (ctx) => {
  const { principal } = withPrincipal(ctx);
  const sorter = await onlineSorter(ctx);
  const usernames = await filteredUsernames(ctx);
  const sessions = await liveSessions(ctx.system.db, principal.tenantCode, ctx.services.now());
  const needle = typeof ctx.query.username === 'string' && ctx.query.username !== '' ? asciiLower(ctx.query.username) : undefined;
  let list: OnlineRow[] = sessions
    .filter((s) => needle === undefined || asciiLower(s.username).includes(needle))
    .filter((s) => usernames === undefined || usernames.has(s.username))
    .map((s) => ({
      sessionId: s.id,
      username: s.username,
      ip: s.ip,
      userAgent: s.userAgent,
      clientCode: s.clientCode,
      issuedAt: s.issuedAt,
      lastSeenAt: s.lastSeenAt,
      expiresAt: s.expiresAt,
      current: s.jti === principal.sessionId,
    }));
  if (sorter) {
    const sign = sorter.descending ? -1 : 1;
    list = [...list].sort((a, b) => sign * (compareValues(a[sorter.field], b[sorter.field]) || compareValues(a.sessionId, b.sessionId)));
  }
  const pageSize = positive(ctx.query.pageSize) ?? Math.max(list.length, 1);
  const current = positive(ctx.query.currentPage) ?? 1;
  return {
    list: list.slice((current - 1) * pageSize, current * pageSize),
    pagination: { total: list.length, pageSize, current },
  };
};

/**
 * POST /api/admin/sysuser/removePrincipal?username=: revokes every live session of that user
 * in the caller's tenant (reason "forced"); their next request gets 401 with 50012. Answers
 * {removed: n} (0 when the user had none). Decisions:
 * - One's own username is refused (400): log out ends one's own session, and an administrator
 *   cannot lock themselves out by mistake.
 * - Only a caller holding every role of that user may sign them out (403 naming the roles it
 *   lacks; access/manageRules.ts): a role granted this call cannot keep the tenant's
 *   administrators, or anyone with a role it does not hold, out.
 */
export const removePrincipal: CallHandler = async (ctx) => {
  const { principal, data } = withPrincipal(ctx);
  const username = String(ctx.query.username).trim();
  if (!username) throw badRequest('username is required');
  if (username === principal.username) throw badRequest('Use log out to end your own session');
  const userR = data.resource('SysUser');
  const target = (await data.select(userR).select('id').where('username', '=', username).executeTakeFirst()) as Row | undefined;
  if (target) await assertMayManageUsers(data, principal, [Number(target.id)], 'sign out');
  const removed = await revokeUserSessions(ctx.system.db, principal.tenantCode, username, 'forced', ctx.services.now());
  return { removed };
};
