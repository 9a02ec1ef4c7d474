import { describe, expect, it } from 'vitest';
import { deleteTitle, labelFieldOf } from '../../../runtime/resource/actions/deleteConfirm.ts';
import { resources } from '../../../runtime/generated/resources.ts';

describe('delete confirm wording', () => {
  it('names a record by its label field: typeToConfirm, the tree label, else the first text column', () => {
    expect(labelFieldOf(resources.SysTenant!)).toBe('tenantCode');
    expect(labelFieldOf(resources.SysOrg!)).toBe(resources.SysOrg!.list.tree!.labelField);
    expect(labelFieldOf(resources.SysUser!)).toBe('username');
    expect(labelFieldOf(resources.Notification!)).toBe('title');
  });

  it('names the record, counts several, and falls back to the plain title without a name', () => {
    expect(deleteTitle(resources.SysUser!, [{ id: 3, username: 'someone' }])).toEqual({
      key: 'resource.deleteNamed',
      values: { name: 'someone' },
    });
    expect(deleteTitle(resources.SysUser!, [{ id: 3 }, { id: 4 }])).toEqual({ key: 'resource.deleteCount', values: { n: '2' } });
    expect(deleteTitle(resources.SysUser!, [{ id: 3, username: '  ' }])).toEqual({ key: 'resource.deleteTitle', values: {} });
  });
});
