/**
 * Options of relation fields (runtime/resource/form/relationOptions.ts): which call lists the
 * target, how its answer becomes options, the tree root and the locked branch, and the load
 * through the generated client (mocked here).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resources, type RelationMeta } from '../../../runtime/generated/resources.ts';
import {
  disableBranch,
  findOptionLabel,
  loadRelationOptions,
  optionsFromList,
  optionsFromTree,
  relationCall,
  RELATION_PAGE_SIZE,
  withRoot,
} from '../../../runtime/resource/form/relationOptions.ts';

const calls: { name: string; params: unknown; options: unknown }[] = [];
const answers: Record<string, unknown> = {};

vi.mock('../../../runtime/api/platform.ts', () => ({
  SILENT: { headers: { 'X-Console-Silent': '1' } },
  platform: async () =>
    new Proxy(
      {},
      {
        get: (_target, name: string) =>
          name in answers
            ? async (params: unknown, options: unknown) => {
                calls.push({ name, params, options });
                return { status: 200, message: 'success', data: answers[name] };
              }
            : undefined,
      },
    ),
}));

beforeEach(() => {
  calls.length = 0;
  for (const k of Object.keys(answers)) delete answers[k];
});

const orgRelation = resources.SysUser!.relations.orgId!;
const userRelation = resources.SysUserPost!.relations.userId!;

describe('the call', () => {
  it('is the tree call when the target has one, else its query call', () => {
    expect(relationCall(resources.SysOrg!)).toEqual({ name: 'querySysOrgTree', tree: true });
    expect(relationCall(resources.SysUser!)).toEqual({ name: 'querySysUser', tree: false });
  });
});

describe('options', () => {
  const tree = [
    { id: 1, orgName: 'Head office', children: [{ id: 2, orgName: 'Sales', children: [{ id: 4, orgName: 'North' }] }] },
    { id: 3, orgName: '' },
    { orgName: 'no value' },
  ];

  it('from a tree answer: value and label fields, nested, a missing label shown as the value', () => {
    expect(optionsFromTree(tree, orgRelation)).toEqual([
      { value: 1, label: 'Head office', children: [{ value: 2, label: 'Sales', children: [{ value: 4, label: 'North' }] }] },
      { value: 3, label: '3' },
    ]);
  });

  it('from a list answer: flat, or nested by the target’s tree spec', () => {
    const rows = [
      { id: 1, orgName: 'Head office', orgParent: 0 },
      { id: 2, orgName: 'Sales', orgParent: 1 },
      { id: 5, orgName: 'Orphan', orgParent: 42 },
    ];
    expect(optionsFromList(rows, orgRelation)).toEqual([
      { value: 1, label: 'Head office' },
      { value: 2, label: 'Sales' },
      { value: 5, label: 'Orphan' },
    ]);
    expect(optionsFromList(rows, orgRelation, { keyField: 'id', parentField: 'orgParent', rootValue: 0 })).toEqual([
      { value: 1, label: 'Head office', children: [{ value: 2, label: 'Sales' }] },
      { value: 5, label: 'Orphan' },
    ]);
  });

  it('under the root of a tree parent, with the edited record’s branch locked', () => {
    const options = optionsFromTree(tree, orgRelation);
    const rooted = withRoot(options, 0, 'Top level');
    expect(rooted).toHaveLength(1);
    expect(rooted[0]).toMatchObject({ value: 0, label: 'Top level' });
    const locked = disableBranch(rooted, 2);
    const sales = locked[0]!.children![0]!.children![0]!;
    expect(sales).toMatchObject({ value: 2, disabled: true });
    expect(sales.children![0]).toMatchObject({ value: 4, disabled: true });
    expect(locked[0]!.children![0]!.disabled).toBeUndefined();
    expect(locked[0]!.disabled).toBeUndefined();
    expect(disableBranch(rooted, undefined)).toEqual(rooted);
    expect(withRoot([], '0', 'Top level')).toEqual([{ value: '0', label: 'Top level', children: undefined }]);
  });

  it('find a label anywhere in the tree', () => {
    const options = optionsFromTree(tree, orgRelation);
    expect(findOptionLabel(options, 4)).toBe('North');
    expect(findOptionLabel(options, '2')).toBe('Sales');
    expect(findOptionLabel(options, 99)).toBeUndefined();
  });
});

describe('loading', () => {
  it('calls the target’s tree call, silently', async () => {
    answers.querySysOrgTree = [{ id: 1, orgName: 'Head office', children: [{ id: 2, orgName: 'Sales' }] }];
    const options = await loadRelationOptions(orgRelation, resources.SysOrg!, true);
    expect(calls).toEqual([{ name: 'querySysOrgTree', params: {}, options: { headers: { 'X-Console-Silent': '1' } } }]);
    expect(options).toEqual([{ value: 1, label: 'Head office', children: [{ value: 2, label: 'Sales' }] }]);
  });

  it('calls the query call with the largest page when the target has no tree call', async () => {
    answers.querySysUser = {
      list: [
        { id: 1, username: 'admin' },
        { id: 2, username: 'editor' },
      ],
      pagination: { total: 2, pageSize: RELATION_PAGE_SIZE, current: 1 },
    };
    const options = await loadRelationOptions(userRelation, resources.SysUser!, false);
    expect(calls[0]).toMatchObject({ name: 'querySysUser', params: { currentPage: 1, pageSize: 10000 } });
    expect(options).toEqual([
      { value: 1, label: 'admin' },
      { value: 2, label: 'editor' },
    ]);
  });

  it('fails clearly when the client has no such call', async () => {
    const rel: RelationMeta = { resource: 'SysUser', valueField: 'id', labelField: 'username' };
    await expect(loadRelationOptions(rel, resources.SysUser!, false)).rejects.toThrow(
      'The client has no call "querySysUser" for the relation to SysUser',
    );
  });
});
