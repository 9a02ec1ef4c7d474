/**
 * What the record form starts from, sends and validates (runtime/resource/form/formValues.ts).
 */
import { describe, expect, it } from 'vitest';
import { resources } from '../../../runtime/generated/resources.ts';
import { buildFormPlan, CONFIRM_SUFFIX } from '../../../runtime/resource/form/formPlan.ts';
import {
  changedFields,
  DEFAULT_MOBILE_PREFIX,
  initialFormData,
  isEmptyValue,
  valuesToSend,
  valuesToValidate,
} from '../../../runtime/resource/form/formValues.ts';

const user = resources.SysUser!;
const NONE: ReadonlySet<string> = new Set();
const stored = {
  id: 7,
  tenantCode: 'demo',
  username: 'kept.user',
  nickname: 'Kept',
  email: 'kept@example.com',
  prefix: '+853',
  mobile: '66660000',
  orgId: 3,
  orgName: 'Branch',
  status: 1,
  address: 'Old street 1',
  profile: null,
  createTime: '2026-01-02T03:04:05.000Z',
};

describe('initial values', () => {
  it('take the planned fields that hold a value; a new record’s mobile starts with the default country code', () => {
    const create = buildFormPlan(user, 'create', NONE);
    expect(initialFormData(create, undefined)).toEqual({ prefix: DEFAULT_MOBILE_PREFIX });
    expect(initialFormData(create, { orgId: 4 })).toEqual({ orgId: 4, prefix: DEFAULT_MOBILE_PREFIX });
    const edit = buildFormPlan(user, 'edit', NONE);
    expect(initialFormData(edit, stored)).toEqual({
      username: 'kept.user',
      nickname: 'Kept',
      email: 'kept@example.com',
      prefix: '+853',
      mobile: '66660000',
      orgId: 3,
      status: 1,
      address: 'Old street 1',
    });
  });
});

describe('values sent', () => {
  it('create: only sent fields with a value; no confirm entry, no empty string, nothing unplanned', () => {
    const plan = buildFormPlan(user, 'create', new Set(['email']));
    const data = {
      username: 'u1',
      password: 'Secret#1',
      [`password${CONFIRM_SUFFIX}`]: 'Secret#1',
      nickname: '',
      email: 'hidden@example.com',
      address: undefined,
      profile: null,
      status: 0,
      orgName: 'label only',
      id: 99,
    };
    expect(valuesToSend(plan, data)).toEqual({ username: 'u1', password: 'Secret#1', status: 0 });
  });

  it('edit: locked fields are not sent; a field the record had and the user emptied is sent as null', () => {
    const plan = buildFormPlan(user, 'edit', NONE);
    const data = { ...initialFormData(plan, stored), username: 'changed', address: undefined, nickname: 'New', profile: undefined };
    expect(valuesToSend(plan, data, stored)).toEqual({
      nickname: 'New',
      email: 'kept@example.com',
      prefix: '+853',
      mobile: '66660000',
      orgId: 3,
      status: 1,
      address: null,
    });
  });

  it('view sends nothing', () => {
    const plan = buildFormPlan(user, 'view', NONE);
    expect(valuesToSend(plan, initialFormData(plan, stored), stored)).toEqual({});
  });

  it('validates the sent values and the confirm entries, without the empty ones', () => {
    const plan = buildFormPlan(user, 'create', NONE);
    expect(valuesToValidate(plan, { username: '', password: 'p', [`password${CONFIRM_SUFFIX}`]: 'q', orgName: 'x', status: 1 })).toEqual({
      password: 'p',
      [`password${CONFIRM_SUFFIX}`]: 'q',
      status: 1,
    });
  });
});

describe('helpers', () => {
  it('empty values and changed fields', () => {
    expect([undefined, null, ''].every(isEmptyValue)).toBe(true);
    expect([0, false, ' ', 'a'].some(isEmptyValue)).toBe(false);
    expect(changedFields({ a: 1, b: 'x', c: 3 }, { a: 1, b: 'y', d: 4 }).sort()).toEqual(['b', 'c', 'd']);
    expect(changedFields({ a: Number.NaN }, { a: Number.NaN })).toEqual([]);
    // a list of objects rebuilt with the same contents (keys in another order, an undefined key) is no change
    const nodes = [{ nodeId: 1, jobId: 2, enable: true }];
    expect(changedFields({ nodes }, { nodes: [{ jobId: 2, nodeId: 1, enable: true, skip: undefined }] })).toEqual([]);
    expect(changedFields({ nodes }, { nodes: [{ nodeId: 1, jobId: 3, enable: true }] })).toEqual(['nodes']);
    expect(changedFields({ nodes }, { nodes: [...nodes, { nodeId: 2, jobId: 2 }] })).toEqual(['nodes']);
    expect(changedFields({ tags: ['a'] }, { tags: { 0: 'a' } })).toEqual(['tags']);
  });
});
