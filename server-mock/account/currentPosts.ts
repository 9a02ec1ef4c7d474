/**
 * GET /api/account/sysuserdetail/queryCurrentPost: the caller's own posts for the header's post
 * switch, main post first: `[{postCode, postName, postType, orgId, orgName}]`. With `orgId` (the
 * organisation chosen in the header) only the posts held in that organisation or one under it;
 * a post held in no named organisation counts as held in the user's own organisation.
 * A session call: every signed-in user may list their own posts.
 */
import type { Row } from '../db/anyKysely.ts';
import { withPrincipal, type CallHandler } from '../calls/context.ts';
import { recordsWhere, recordsWhereIn } from '../grants/linkRows.ts';

/** The organisation and every organisation under it (by orgParent). */
function subtree(orgs: Row[], root: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const o of orgs) {
    const parent = Number(o.orgParent ?? 0);
    children.set(parent, [...(children.get(parent) ?? []), Number(o.id)]);
  }
  const out = new Set<number>();
  const stack = [root];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

export const currentPosts: CallHandler = async (ctx) => {
  const { principal, data } = withPrincipal(ctx);
  const userR = data.resource('SysUser');
  const me = (await recordsWhere(data, userR, { id: principal.userId }))[0];
  const ownOrg = me?.orgId === null || me?.orgId === undefined ? undefined : Number(me.orgId);
  const held = await recordsWhere(data, data.resource('SysUserPost'), { userId: principal.userId });
  const orgR = data.resource('SysOrg');
  const orgs = await recordsWhere(data, orgR, {});
  const orgName = new Map(orgs.map((o) => [Number(o.id), String(o.orgName ?? '')]));
  const orgOf = (p: Row) => (p.orgId === null || p.orgId === undefined ? ownOrg : Number(p.orgId));
  const wantedOrg =
    typeof ctx.query.orgId === 'number' ? ctx.query.orgId : ctx.query.orgId === undefined ? undefined : Number(ctx.query.orgId);
  const within = wantedOrg === undefined ? undefined : subtree(orgs, wantedOrg);
  const kept = held.filter((p) => {
    const org = orgOf(p);
    return !within || (org !== undefined && within.has(org));
  });
  const posts = await recordsWhereIn(
    data,
    data.resource('SysPost'),
    'postCode',
    kept.map((p) => p.postCode),
  );
  const postName = new Map(posts.map((p) => [String(p.postCode), String(p.postName ?? p.postCode)]));
  const main = (p: Row) => (p.postType === 'main' ? 0 : 1);
  return kept
    .sort((a, b) => main(a) - main(b) || String(a.postCode).localeCompare(String(b.postCode)))
    .map((p) => {
      const org = orgOf(p);
      return {
        postCode: String(p.postCode),
        postName: postName.get(String(p.postCode)) ?? String(p.postCode),
        postType: String(p.postType ?? ''),
        orgId: org ?? null,
        orgName: org === undefined ? '' : (orgName.get(org) ?? ''),
      };
    });
};
