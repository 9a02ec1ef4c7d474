/**
 * queryOrgUserTree: the organisation tree with each organisation's users as leaves, for
 * choosing a role's users. Org nodes are keyed `org-<id>`, user leaves `user-<id>`; with a
 * roleId, `checked` lists the role's users, and assign "1" / "0" keeps only the role's users /
 * only the others. queryModelOrgUserTree is the same tree for a workflow model's referable
 * users: with a modelId, `checked` lists the model's (its ModelUser rows).
 */
import type { Resource } from '../../schemas/registry/types.ts';
import { withPrincipal, type CallHandler } from '../calls/context.ts';
import { buildTree, hiddenFor, present, type TreeNode } from '../crud/crudHandlers.ts';
import type { Row } from '../db/anyKysely.ts';
import { badRequest } from '../http/apiError.ts';
import { callInput, idParam, optionalAssign } from './grantInput.ts';
import { allRecords, assertOne, recordsWhere } from './linkRows.ts';

interface UserLeaf {
  key: string;
  title: string;
  userId: number;
  isLeaf: true;
}

/** The field of users naming their organisation, and the org field it names (from the relation). */
function orgLink(user: Resource): { userField: string; orgField: string } {
  const entry = Object.entries(user.relations).find(([, rel]) => rel.resource === 'SysOrg');
  return entry ? { userField: entry[0], orgField: entry[1].valueField } : { userField: 'orgId', orgField: 'id' };
}

/** The record whose users a tree ticks: its id parameter, its resource, and the link resource holding its users. */
interface Owner {
  param: string;
  resource: string;
  link: string;
}

function treeOfUsers(owner: Owner): CallHandler {
  return async (ctx) => {
    const { data } = withPrincipal(ctx);
    const input = callInput(ctx);
    const ownerId = idParam(input, owner.param, true);
    const assign = optionalAssign(input);
    if (assign !== undefined && ownerId === undefined)
      throw badRequest(`assign needs a ${owner.param}`, [{ field: owner.param, message: 'is required with assign' }]);
    const orgR = data.resource('SysOrg');
    const userR = data.resource('SysUser');
    let members: Set<number> | undefined;
    if (ownerId !== undefined) {
      await assertOne(data, data.resource(owner.resource), 'id', ownerId, owner.param);
      members = new Set((await recordsWhere(data, data.resource(owner.link), { [owner.param]: ownerId })).map((rec) => Number(rec.userId)));
    }
    const { userField, orgField } = orgLink(userR);
    const titleHidden = (await hiddenFor(ctx, userR)).has('username');
    const leaves = new Map<string, UserLeaf[]>();
    const shown: number[] = [];
    for (const rec of await recordsWhere(data, userR, {})) {
      const userId = Number(rec.id);
      if (assign !== undefined && members!.has(userId) !== assign) continue;
      const leaf: UserLeaf = { key: `user-${userId}`, title: titleHidden ? String(userId) : String(rec.username), userId, isLeaf: true };
      const org = String(rec[userField] ?? '');
      leaves.set(org, [...(leaves.get(org) ?? []), leaf]);
      shown.push(userId);
    }
    const orgs = (await present(ctx, data, orgR, await allRecords(data, orgR))).map((o) => ({
      ...o,
      key: `org-${String(o.id)}`,
      title: o[orgR.list.tree?.labelField ?? 'orgName'],
      orgId: o.id,
    }));
    const placed = new Set<string>();
    const attach = (nodes: TreeNode[]) => {
      for (const node of nodes) {
        if (node.children) attach(node.children);
        const org = String(node[orgField]);
        const users = leaves.get(org);
        if (!users) continue;
        placed.add(org);
        node.children = [...(node.children ?? []), ...(users as unknown as TreeNode[])];
      }
    };
    const tree: (TreeNode | UserLeaf)[] = buildTree(orgR, orgs);
    attach(tree as TreeNode[]);
    // Users of no (or of a vanished) organisation are listed at the top level.
    for (const [org, users] of leaves) if (!placed.has(org)) tree.push(...users);
    const roleUsers = members;
    const checked = roleUsers ? shown.filter((id) => roleUsers.has(id)) : [];
    return { tree, checked } satisfies Row;
  };
}

export const orgUserTree = treeOfUsers({ param: 'roleId', resource: 'SysRole', link: 'SysRoleUser' });
export const modelOrgUserTree = treeOfUsers({ param: 'modelId', resource: 'Model', link: 'ModelUser' });
