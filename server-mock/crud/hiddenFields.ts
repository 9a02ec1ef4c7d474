/**
 * Data permissions on the standard calls: the fields of a resource hidden from the caller
 * (their relation labels included) are removed from every answer, and a write that names one
 * is refused.
 */
import type { Resource } from '../../schemas/registry/types.ts';
import { hiddenFields } from '../access/grants.ts';
import { ApiError } from '../http/apiError.ts';
import { withPrincipal, type CallContext } from '../calls/context.ts';

/** Data-permission fields hidden from the caller, with the labels derived from them. */
export async function hiddenFor(ctx: CallContext, r: Resource): Promise<Set<string>> {
  const { principal } = withPrincipal(ctx);
  const hidden = await hiddenFields(ctx.services.database.db, ctx.services.registry, principal, r.menu);
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
  throw new ApiError(403, `You may not set the field${many ? 's' : ''} ${names} of ${r.name}: a data permission hides ${many ? 'them' : 'it'} from your roles`, {
    errors: refused.map((field) => ({ field, message: 'is hidden from your roles by a data permission' })),
  });
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
    rows.map((row) => (typeof row === 'object' && row !== null ? Object.fromEntries(Object.entries(row).filter(([k]) => !hidden.has(k))) : row));
  if (Array.isArray(answer)) return strip(answer);
  if (typeof answer === 'object' && answer !== null && Array.isArray((answer as { list?: unknown }).list)) {
    return { ...answer, list: strip((answer as { list: unknown[] }).list) };
  }
  return answer;
}
