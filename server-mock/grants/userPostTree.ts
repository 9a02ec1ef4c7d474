/**
 * querySysUserPostTree: the post tree with the user's posts marked: `checked` on every post
 * the user holds, `postType` main or part-time; `checked` and `main` again at the top.
 */
import { withPrincipal, type CallHandler } from '../calls/context.ts';
import { buildTree, present } from '../crud/crudHandlers.ts';
import type { Row } from '../db/anyKysely.ts';
import { callInput, idParam } from './grantInput.ts';
import { allRecords, assertOne, recordsWhere } from './linkRows.ts';

/** The postType of a user's main post (the others are part-time). */
const MAIN_POST = 'main';

export const userPostTree: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const userId = idParam(callInput(ctx), 'userId');
  await assertOne(data, data.resource('SysUser'), 'id', userId, 'userId');
  const postR = data.resource('SysPost');
  const held = new Map<string, unknown>();
  for (const rec of await recordsWhere(data, data.resource('SysUserPost'), { userId })) {
    const code = String(rec.postCode);
    if (!held.has(code) || rec.postType === MAIN_POST) held.set(code, rec.postType ?? null);
  }
  const label = postR.list.tree?.labelField ?? 'postName';
  const posts: Row[] = (await present(ctx, data, postR, await allRecords(data, postR))).map((p) => {
    const code = String(p.postCode);
    return { ...p, key: code, title: p[label], checked: held.has(code), postType: held.has(code) ? held.get(code) : null };
  });
  const checked = posts.filter((p) => p.checked).map((p) => String(p.postCode));
  const main = posts.find((p) => p.postType === MAIN_POST);
  return { tree: buildTree(postR, posts), checked, main: main ? String(main.postCode) : null };
};
