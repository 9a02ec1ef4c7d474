/**
 * Data permissions on the standard calls: the fields of a resource hidden from the caller
 * (their relation labels included) are removed from every answer, a write that names one is
 * refused, and so is a list, export, tree or list.source call that filters or sorts by one (its
 * answer would tell the hidden value by which records match or their order).
 */
import type { Resource } from '../../schemas/registry/types.ts';
import { ApiError, badRequest } from '../http/apiError.ts';
import { withPrincipal, type CallContext } from '../calls/context.ts';

/** Data-permission fields hidden from the caller, with the labels derived from them. */
export async function hiddenFor(ctx: Pick<CallContext, 'access' | 'principal' | 'data' | 'call'>, r: Resource): Promise<Set<string>> {
  const hidden = await withPrincipal(ctx).access.hiddenFields(r.menu);
  for (const [field, rel] of Object.entries(r.relations)) if (hidden.has(field) && rel.as) hidden.add(rel.as);
  return hidden;
}

/** 403 naming the fields when a write (add, update, import) carries a field hidden from the caller. */
export async function refuseHiddenFields(ctx: CallContext, r: Resource, fields: string[]): Promise<void> {
  const hidden = await hiddenFor(ctx, r);
  const refused = fields.filter((f) => hidden.has(f));
  if (!refused.length) return;
  const names = refused.map((f) => `"${f}"`).join(', ');
  const many = refused.length > 1;
  throw new ApiError(
    403,
    `You may not set the field${many ? 's' : ''} ${names} of ${r.name}: a data permission hides ${many ? 'them' : 'it'} from your roles`,
    {
      errors: refused.map((field) => ({ field, message: 'is hidden from your roles by a data permission' })),
    },
  );
}

/**
 * The answer of a call that lists another resource's rows (that resource's `list.source`: the
 * online users, a menu's data permissions) without the fields the caller's data permission
 * hides on that resource's menu. The answer is an array of rows or a page ({list, ...}).
 */
export async function withoutHiddenFields(ctx: CallContext, listed: readonly Resource[], answer: unknown): Promise<unknown> {
  if (!ctx.principal || listed.length === 0) return answer;
  const hidden = new Set<string>();
  for (const r of listed) for (const f of await hiddenFor(ctx, r)) hidden.add(f);
  if (hidden.size === 0) return answer;
  const strip = (rows: unknown[]) =>
    rows.map((row) =>
      typeof row === 'object' && row !== null ? Object.fromEntries(Object.entries(row).filter(([k]) => !hidden.has(k))) : row,
    );
  if (Array.isArray(answer)) return strip(answer);
  if (typeof answer === 'object' && answer !== null && Array.isArray((answer as { list?: unknown }).list)) {
    return { ...answer, list: strip((answer as { list: unknown[] }).list) };
  }
  return answer;
}

/** The handlers whose parameters filter and sort the records of the call's own resource. */
export const LIST_HANDLERS: ReadonlySet<string> = new Set(['crud.query', 'crud.tree', 'crud.export', 'crud.exportWord', 'crud.exportPdf']);

/** List parameters that name no field (paging, export options); `sorter` is read for its field. */
const NOT_CRITERIA = new Set(['currentPage', 'pageSize', 'sorter', 'isTemplate', 'columns']);

/**
 * The fields a list call's parameters (query string and JSON body alike) filter or sort by:
 * every parameter with a value but paging and export options, and the sorter's field.
 */
function criteriaOf(params: Record<string, unknown>): { field: string; param: string }[] {
  const out: { field: string; param: string }[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (NOT_CRITERIA.has(name) || value === undefined || value === null || value === '') continue;
    out.push({ field: name, param: name });
  }
  const sorter = typeof params.sorter === 'string' ? /^(.+)_(ascend|descend)$/.exec(params.sorter) : null;
  if (sorter) out.push({ field: sorter[1]!, param: 'sorter' });
  return out;
}

/**
 * 400 naming the fields when a call that lists records of `listed` filters or sorts by a field
 * a data permission hides from the caller on one of them. ROLE_ADMIN and anonymous calls
 * (hidden fields are per role) pass.
 */
export async function refuseHiddenCriteria(
  ctx: Pick<CallContext, 'access' | 'principal' | 'data' | 'call'>,
  listed: readonly Resource[],
  params: Record<string, unknown>,
): Promise<void> {
  if (!ctx.principal || listed.length === 0) return;
  const criteria = criteriaOf(params);
  if (criteria.length === 0) return;
  for (const r of listed) {
    const hidden = await hiddenFor(ctx, r);
    const refused = criteria.filter((c) => hidden.has(c.field));
    if (!refused.length) continue;
    const names = [...new Set(refused.map((c) => `"${c.field}"`))].join(', ');
    const many = new Set(refused.map((c) => c.field)).size > 1;
    throw badRequest(
      `You may not filter or sort ${r.name} by the field${many ? 's' : ''} ${names}: a data permission hides ${many ? 'them' : 'it'} from your roles`,
      refused.map((c) => ({ field: c.param, message: `"${c.field}" is hidden from your roles by a data permission` })),
    );
  }
}
