/**
 * The record form's widgets: the registry implementers add to (runtime/resource/form/widgets.ts),
 * which component a field gets (resolveWidget.ts), and the choices of enum and dictionary fields
 * and of the mobile widget's country code (fieldOptions.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WidgetProps } from '@rjsf/utils';
import { resources } from '../../../runtime/generated/resources.ts';
import { builtinWidgets } from '../../../runtime/resource/form/builtinWidgets.tsx';
import { dictKey, fieldChoices, isChoiceList, joinList, MOBILE_PREFIXES, prefixChoices, splitList } from '../../../runtime/resource/form/fieldOptions.ts';
import { buildFormPlan } from '../../../runtime/resource/form/formPlan.ts';
import { resolveWidget } from '../../../runtime/resource/form/resolveWidget.ts';
import { registeredFormWidget, registeredFormWidgetNames, registerFormWidget, unregisterFormWidget } from '../../../runtime/resource/form/widgets.ts';

function Colour(props: WidgetProps) {
  return props.value as null;
}

afterEach(() => {
  for (const name of registeredFormWidgetNames()) unregisterFormWidget(name);
});

const plan = buildFormPlan(resources.SysUser!, 'create', new Set());
const field = (name: string) => plan.byName.get(name)!;

describe('registry', () => {
  it('registers a widget by name; a registered widget replaces the built-in one of that name', () => {
    expect(resolveWidget(field('username'))).toBe(builtinWidgets.text);
    registerFormWidget('text', Colour);
    expect(registeredFormWidget('text')).toBe(Colour);
    expect(resolveWidget(field('username'))).toBe(Colour);
    registerFormWidget('colour', Colour);
    expect(resolveWidget({ ...field('nickname'), widget: 'colour' })).toBe(Colour);
    expect(registeredFormWidgetNames().sort()).toEqual(['colour', 'text']);
  });

  it('refuses a bad name or a value that is not a component, and changes nothing', () => {
    expect(() => registerFormWidget('', Colour)).toThrow('Invalid widget name ""');
    expect(() => registerFormWidget('my widget', Colour)).toThrow('Invalid widget name "my widget"');
    expect(() => registerFormWidget('ok', 'Colour' as never)).toThrow('The widget "ok" must be a React component');
    expect(registeredFormWidgetNames()).toEqual([]);
  });

  it('shows the field’s default widget, with a warning, for a name nobody registered', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(resolveWidget({ ...field('orgId'), widget: 'orgPicker' })).toBe(builtinWidgets.treeSelect);
    expect(resolveWidget({ ...field('username'), widget: 'orgPicker' })).toBe(builtinWidgets.text);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('no widget named "orgPicker" (field "orgId")');
    warn.mockRestore();
  });

  it('has a built-in widget for every name the resource files may use but dateRange (a search widget)', () => {
    const documented = ['text', 'textarea', 'password', 'number', 'switch', 'select', 'treeSelect', 'radio', 'checkbox', 'date', 'dateTime', 'mobile', 'icon', 'json', 'code', 'richText', 'upload'];
    expect(Object.keys(builtinWidgets).sort()).toEqual(documented.sort());
  });
});

describe('choices', () => {
  const labels: Record<string, string> = { 'dict.user_status.0': 'Disabled', 'dict.user_status.1': 'Normal', 'dict.org_type.company': 'Company' };
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
    const order = [{ value: 'password', label: 'Password' }, { value: 'mobile', label: 'Mobile' }, { value: 'refresh_token', label: 'Refresh' }];
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
