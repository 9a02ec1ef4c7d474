/** The data permission rows (spec 5, 8): the checks before authorizeMenuDataToRole, and the body sent. */
import { describe, expect, it } from 'vitest';
import {
  authorizeBody,
  joinFields,
  menuFieldOptions,
  newRow,
  rowsFromAnswer,
  splitFields,
  validateDataRows,
  type DataRow,
} from '../../../runtime/resource/actions/dataPermission.ts';
import { resources } from '../../../runtime/generated/resources.ts';

const row = (roleCode: string | undefined, fields: string[], key = `${roleCode}-${fields.join()}`): DataRow => ({ key, roleCode, fields });

describe('data permission rows', () => {
  it('accepts rows with a role code and fields, each role once', () => {
    expect(validateDataRows([row('ROLE_EDITOR', ['email', 'mobile']), row('ROLE_VISITOR', ['email'])])).toEqual([]);
  });

  it('requires the role code and the fields', () => {
    expect(validateDataRows([row(undefined, ['email']), row('ROLE_EDITOR', []), row('  ', [' '])])).toEqual([
      { row: 0, field: 'roleCode', kind: 'roleRequired' },
      { row: 1, field: 'fields', kind: 'fieldsRequired' },
      { row: 2, field: 'roleCode', kind: 'roleRequired' },
      { row: 2, field: 'fields', kind: 'fieldsRequired' },
    ]);
  });

  it('refuses a role code repeated in a later row', () => {
    expect(validateDataRows([row('ROLE_EDITOR', ['email']), row('ROLE_VISITOR', ['email']), row(' ROLE_EDITOR ', ['mobile'])])).toEqual([
      { row: 2, field: 'roleCode', kind: 'repeated' },
    ]);
  });

  it('refuses fields that are not names separated by commas', () => {
    expect(validateDataRows([row('ROLE_EDITOR', ['email mobile'])])).toEqual([{ row: 0, field: 'fields', kind: 'commas' }]);
    expect(validateDataRows([row('ROLE_EDITOR', ['email;mobile'])])).toEqual([{ row: 0, field: 'fields', kind: 'commas' }]);
    expect(validateDataRows([row('ROLE_EDITOR', ['1email'])])).toEqual([{ row: 0, field: 'fields', kind: 'commas' }]);
  });

  it('sends each row as a role code and its fields joined by commas, without repeats', () => {
    expect(authorizeBody('sysuser', [row(' ROLE_EDITOR ', ['email', ' mobile ', 'email']), row('ROLE_VISITOR', ['orgName'])])).toEqual({
      menuCode: 'sysuser',
      data: [
        { roleCode: 'ROLE_EDITOR', dataFields: 'email,mobile' },
        { roleCode: 'ROLE_VISITOR', dataFields: 'orgName' },
      ],
    });
    expect(joinFields(['a', ' b'])).toBe('a,b');
  });

  it('splits stored field lists, and refuses other separators', () => {
    expect(splitFields('email, mobile,email')).toEqual(['email', 'mobile']);
    expect(splitFields('email mobile')).toBeUndefined();
    expect(splitFields('email,,mobile')).toBeUndefined();
  });

  it("reads a menu's existing rows; a stored list that does not parse is kept as one value, then refused", () => {
    const rows = rowsFromAnswer([
      { id: 4, roleCode: 'ROLE_EDITOR', menuCode: 'sysuser', dataFields: 'email,mobile' },
      { id: 5, roleCode: 'ROLE_VISITOR', menuCode: 'sysuser', dataFields: 'email mobile' },
    ]);
    expect(rows).toEqual([
      { key: 'existing-4', roleCode: 'ROLE_EDITOR', fields: ['email', 'mobile'] },
      { key: 'existing-5', roleCode: 'ROLE_VISITOR', fields: ['email mobile'] },
    ]);
    expect(validateDataRows(rows)).toEqual([{ row: 1, field: 'fields', kind: 'commas' }]);
    expect(rowsFromAnswer({})).toEqual([]);
  });

  it('gives new rows distinct keys', () => {
    expect(newRow().key).not.toBe(newRow().key);
  });
});

describe('fields a data permission can hide on a menu', () => {
  it("offers the fields of the menu's resources and their relation labels, never id or write-only fields", () => {
    const names = menuFieldOptions(resources, 'sysuser').map((f) => f.value);
    expect(names).toEqual(expect.arrayContaining(['username', 'email', 'mobile', 'orgId', 'orgName', 'postCode']));
    expect(names).not.toContain('id');
    expect(names).not.toContain('password');
    expect(new Set(names).size).toBe(names.length);
    const email = menuFieldOptions(resources, 'sysuser').find((f) => f.value === 'email');
    expect(email).toEqual({ value: 'email', label: 'resources.SysUser.fields.email', resource: 'resources.SysUser.title' });
  });

  it('offers nothing for a menu no resource is shown on', () => {
    expect(menuFieldOptions(resources, 'workbench')).toEqual([]);
  });
});
