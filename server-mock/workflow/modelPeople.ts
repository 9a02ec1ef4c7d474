/**
 * The people a workflow model names, and the users a task can go to.
 *
 * - A model's user tasks name their assignee (a username, or an expression), candidate users
 *   (usernames) and candidate groups (role codes). Saving or deploying a model refuses a name
 *   that names nothing in the tenant, an expression among the candidates, and, when the model
 *   names referable users or organisations, a user who is none of them (checkPeople).
 * - An assignee written as an expression (`${starter}`) names a user only once an instance runs:
 *   when the task begins, its value must be a username of the tenant, or be empty on a task
 *   offered to candidates (checkAssignee); otherwise the step is refused.
 * - `task/queryUsername` answers the users of the tenant a task can be delegated to, by
 *   organisation, as the platform's client shows them in its delegate dialog (delegateOptions).
 */
import type { Resource } from '../../schemas/registry/types.ts';
import type { TenantData } from '../access/tenantData.ts';
import type { Row } from '../db/anyKysely.ts';
import { badRequest } from '../http/apiError.ts';
import type { ParsedProcess } from './bpmnModel.ts';
import { isExpression } from './expressions.ts';

const column = (r: Resource, field: string) => `${r.table}.${r.fieldMap.get(field)!.column}`;

function refused(element: string, message: string, short: string): never {
  throw badRequest(message, [{ field: element, message: short }]);
}

/** The users and organisations a model may refer to; undefined when it names neither (everyone). */
export interface Referable {
  userIds: ReadonlySet<number>;
  /** The referable organisations with every organisation under them. */
  orgIds: ReadonlySet<number>;
}

function ids(value: unknown): number[] | undefined {
  return Array.isArray(value) ? value.map(Number).filter((n) => Number.isInteger(n)) : undefined;
}

/**
 * A model's referable users and organisations: those a save sends (`referUserIds`,
 * `referOrgIds`), else the ones stored for the model.
 */
export async function referableOf(
  data: TenantData,
  modelId: number | undefined,
  sent: { referUserIds?: unknown; referOrgIds?: unknown } = {},
): Promise<Referable | undefined> {
  const stored = async (link: string, field: string): Promise<number[]> => {
    if (modelId === undefined) return [];
    const r = data.resource(link);
    const rows = (await data.select(r).select(column(r, field)).where(column(r, 'modelId'), '=', modelId).execute()) as Row[];
    return rows.map((row) => Number(row[r.fieldMap.get(field)!.column]));
  };
  const userIds = ids(sent.referUserIds) ?? (await stored('ModelUser', 'userId'));
  const orgIds = ids(sent.referOrgIds) ?? (await stored('ModelOrg', 'orgId'));
  if (!userIds.length && !orgIds.length) return undefined;
  return { userIds: new Set(userIds), orgIds: await withDescendants(data, orgIds) };
}

/** Organisations with every organisation under them. */
async function withDescendants(data: TenantData, orgIds: number[]): Promise<Set<number>> {
  const out = new Set(orgIds);
  if (!orgIds.length) return out;
  const org = data.resource('SysOrg');
  const rows = (await data
    .select(org)
    .select(['id', column(org, 'orgParent')])
    .execute()) as Row[];
  const children = new Map<number, number[]>();
  for (const row of rows) {
    const parent = Number(row[org.fieldMap.get('orgParent')!.column]);
    children.set(parent, [...(children.get(parent) ?? []), Number(row.id)]);
  }
  const todo = [...orgIds];
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    for (const child of children.get(id) ?? []) {
      if (out.has(child)) continue;
      out.add(child);
      todo.push(child);
    }
  }
  return out;
}

/**
 * Refuse a model whose user tasks name people that are not there (see the top of this file):
 * a candidate group that names no role, a user (assignee or candidate) that names no user, a
 * user who is not referable, an expression among the candidates. The refusal names the task.
 */
export async function checkPeople(data: TenantData, process: ParsedProcess, referable: Referable | undefined): Promise<void> {
  const tasks = [...process.elements.values()].filter((e) => e.type === 'bpmn:UserTask');
  const groups = new Set(tasks.flatMap((t) => t.candidateGroups));
  const usernames = new Set(tasks.flatMap((t) => [...t.candidateUsers, ...(t.assignee && !isExpression(t.assignee) ? [t.assignee] : [])]));
  const role = data.resource('SysRole');
  const user = data.resource('SysUser');
  const roles = new Set(
    groups.size
      ? (
          (await data
            .select(role)
            .select(`${column(role, 'roleCode')} as code`)
            .where(column(role, 'roleCode'), 'in', [...groups])
            .execute()) as Row[]
        ).map((r) => String(r.code))
      : [],
  );
  const users = new Map<string, { id: number; orgId: number }>();
  if (usernames.size) {
    const rows = (await data
      .select(user)
      .select(['id', `${column(user, 'username')} as username`, `${column(user, 'orgId')} as org`])
      .where(column(user, 'username'), 'in', [...usernames])
      .execute()) as Row[];
    for (const r of rows) users.set(String(r.username), { id: Number(r.id), orgId: Number(r.org) });
  }
  for (const t of tasks) {
    for (const [kind, names] of [
      ['candidate users', t.candidateUsers],
      ['candidate groups', t.candidateGroups],
    ] as const) {
      const expression = names.find((n) => n.includes('${'));
      if (expression)
        refused(
          t.id,
          `The ${kind} of user task "${t.id}" hold the expression "${expression}": candidates are names (usernames, role codes); an expression names the assignee only`,
          `${kind}: "${expression}" is an expression`,
        );
    }
    for (const g of t.candidateGroups)
      if (!roles.has(g))
        refused(t.id, `The candidate group "${g}" of user task "${t.id}" names no role`, `candidate group "${g}" names no role`);
    const named = [...(t.assignee && !isExpression(t.assignee) ? [t.assignee] : []), ...t.candidateUsers];
    for (const u of named) {
      const found = users.get(u);
      if (!found) refused(t.id, `The user "${u}" of user task "${t.id}" names no user`, `user "${u}" names no user`);
      if (referable && !referable.userIds.has(found.id) && !referable.orgIds.has(found.orgId))
        refused(
          t.id,
          `The user "${u}" of user task "${t.id}" is not one of the model's referable users, nor of its referable organisations`,
          `user "${u}" is not referable`,
        );
    }
  }
}

/**
 * The assignee a task gets as it begins, from its expression (`${starter}`): a username of the
 * tenant, or nobody on a task offered to candidates; anything else refuses the step, naming the
 * task.
 */
export async function checkAssignee(
  tx: TenantData,
  task: { id: string; assignee?: string; candidateUsers: readonly string[]; candidateGroups: readonly string[] },
  value: string | null,
): Promise<void> {
  if (!task.assignee || !isExpression(task.assignee)) return;
  if (value === null) {
    if (task.candidateUsers.length || task.candidateGroups.length) return;
    refused(
      task.id,
      `The assignee of user task "${task.id}" (${task.assignee}) is empty and the task has no candidates: nobody could take it`,
      'the assignee is empty',
    );
  }
  const user = tx.resource('SysUser');
  const found = await tx.select(user).select('id').where(column(user, 'username'), '=', value).executeTakeFirst();
  if (!found)
    refused(
      task.id,
      `The assignee of user task "${task.id}" (${task.assignee}) is "${value}", which names no user`,
      `the assignee "${value}" names no user`,
    );
}

/** One organisation's users as the delegate dialog's option group. */
interface OptionGroup {
  /** The organisation's name. */
  value: string;
  /** `key`: the username; `value`: "username(nickname)". */
  children: { key: string; value: string }[];
}

/**
 * The users a task can be delegated to (task/queryUsername): the tenant's organisations in
 * tree order, each with its users who may sign in (status 1) by username; an organisation
 * without such users is left out, as the platform leaves it out.
 */
export async function delegateOptions(data: TenantData): Promise<OptionGroup[]> {
  const org = data.resource('SysOrg');
  const user = data.resource('SysUser');
  const orgs = (await data
    .select(org)
    .select(['id', `${column(org, 'orgName')} as name`, `${column(org, 'orgParent')} as parent`, `${column(org, 'orgSequence')} as seq`])
    .execute()) as Row[];
  const users = (await data
    .select(user)
    .select([`${column(user, 'username')} as username`, `${column(user, 'nickname')} as nickname`, `${column(user, 'orgId')} as org`])
    .where(column(user, 'status'), '=', 1)
    .orderBy(column(user, 'username'), 'asc')
    .execute()) as Row[];
  const byOrg = new Map<number, { key: string; value: string }[]>();
  for (const u of users) {
    const name = String(u.username);
    const option = { key: name, value: u.nickname ? `${name}(${String(u.nickname)})` : name };
    byOrg.set(Number(u.org), [...(byOrg.get(Number(u.org)) ?? []), option]);
  }
  const known = new Set(orgs.map((o) => Number(o.id)));
  const children = new Map<number, Row[]>();
  for (const o of orgs) {
    // an organisation under one that is gone is shown at the top
    const parent = known.has(Number(o.parent)) ? Number(o.parent) : 0;
    children.set(parent, [...(children.get(parent) ?? []), o]);
  }
  const bySequence = (a: Row, b: Row) => Number(a.seq ?? 0) - Number(b.seq ?? 0) || Number(a.id) - Number(b.id);
  const groups: OptionGroup[] = [];
  const seen = new Set<number>();
  const visit = (parent: number) => {
    for (const o of (children.get(parent) ?? []).sort(bySequence)) {
      if (seen.has(Number(o.id))) continue;
      seen.add(Number(o.id));
      const options = byOrg.get(Number(o.id));
      if (options?.length) groups.push({ value: String(o.name), children: options });
      visit(Number(o.id));
    }
  };
  visit(0);
  return groups;
}
