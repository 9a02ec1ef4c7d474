/**
 * The record form's inputs: the choices of enum and dictionary fields and of the mobile input's
 * country code (fieldOptions.ts). Which input a field gets is its kind's
 * (runtime/resource/fieldKinds/registry.test.tsx).
 */
import { describe, expect, it } from 'vitest';
import { resources } from '../../../runtime/generated/resources.ts';
import {
  dictKey,
  fieldChoices,
  isChoiceList,
  joinList,
  MOBILE_PREFIXES,
  prefixChoices,
  splitList,
} from '../../../runtime/resource/form/fieldOptions.ts';
import { buildFormPlan } from '../../../runtime/resource/form/formPlan.ts';

const plan = buildFormPlan(resources.SysUser!, 'create', new Set());
const field = (name: string) => plan.byName.get(name)!;

describe('choices', () => {
  const labels: Record<string, string> = {
    'dict.user_status.0': 'Disabled',
    'dict.user_status.1': 'Normal',
    'dict.org_type.company': 'Company',
  };
  const labelOf = (key: string) => labels[key];

  it('enum values with their dictionary labels', () => {
    expect(fieldChoices(field('status'), ['0', '1'], labelOf)).toEqual([
      { value: 0, label: 'Disabled' },
      { value: 1, label: 'Normal' },
    ]);
  });

  it('dictionary values when there is no enum, numbers for a numeric field, the value when no label exists', () => {
    expect(fieldChoices({ dict: 'org_type', type: 'string' }, ['company', 'department'], labelOf)).toEqual([
      { value: 'company', label: 'Company' },
      { value: 'department', label: 'department' },
    ]);
    expect(fieldChoices({ dict: 'levels', type: 'integer' }, ['1', '2', 'x'], labelOf)).toEqual([
      { value: 1, label: '1' },
      { value: 2, label: '2' },
    ]);
    expect(fieldChoices({ type: 'string' }, undefined, labelOf)).toEqual([]);
    expect(dictKey('user_status', 1)).toBe('dict.user_status.1');
  });

  it('a text field whose pattern is a comma-separated list of choices is a multiple choice, kept in the choices’ order', () => {
    const grantTypes = (resources.AppClient!.record as { properties: Record<string, { pattern?: string }> }).properties.authType!;
    expect(isChoiceList(grantTypes)).toBe(true);
    expect(isChoiceList({ pattern: '^(a|b)(,(a|c))*$' })).toBe(false);
    expect(isChoiceList({ pattern: '^[a-z]+$' })).toBe(false);
    expect(isChoiceList({})).toBe(false);
    const order = [
      { value: 'password', label: 'Password' },
      { value: 'mobile', label: 'Mobile' },
      { value: 'refresh_token', label: 'Refresh' },
    ];
    expect(joinList(['refresh_token', 'password', 'password'], order)).toBe('password,refresh_token');
    expect(joinList([], order)).toBeUndefined();
    expect(splitList('password,mobile')).toEqual(['password', 'mobile']);
    expect(splitList(undefined)).toEqual([]);
    expect(new RegExp(grantTypes.pattern!).test(joinList(['mobile', 'password'], order)!)).toBe(true);
  });

  it('country codes: the usual ones, and a stored code that is not among them first', () => {
    expect(prefixChoices(undefined)).toEqual([...MOBILE_PREFIXES]);
    expect(prefixChoices('+86')).toEqual([...MOBILE_PREFIXES]);
    expect(prefixChoices('+998')).toEqual(['+998', ...MOBILE_PREFIXES]);
  });
});
