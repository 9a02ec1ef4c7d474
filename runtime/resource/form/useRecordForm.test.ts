// @vitest-environment happy-dom
/**
 * useRecordForm, the record form's headless state machine, on a small fixture resource (a
 * contract: a required code with a pattern, a status from an enum, a start and an end that
 * may not be before it): client validation of every schema rule (x-notBefore included) with
 * translated messages and field labels, live revalidation, server errors by keyword and
 * their dismissal, setField, and what submit sends.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ResourceMeta } from '../../generated/resources.ts';
import type { ResourceRecord } from '../extensions.ts';
import type { ServerFieldError, Translate } from './formErrors.ts';
import { buildFormPlan } from './formPlan.ts';
import { useRecordForm, type RecordFormOptions } from './useRecordForm.ts';

const KINDS = { string: 'text', integer: 'select', datetime: 'dateTime' } as const;
const field = (name: string, type: 'string' | 'integer' | 'datetime', required = false) => ({
  name,
  type,
  required,
  system: false,
  secret: false,
  label: `contract.${name}`,
  kind: KINDS[type],
});

const contract: ResourceMeta = {
  name: 'Contract',
  service: 'test',
  path: 'contract',
  kind: 'entity',
  scope: 'tenant',
  labels: {
    title: 'contract.title',
    fields: {
      code: 'contract.code',
      status: 'contract.status',
      contractStart: 'contract.contractStart',
      contractEnd: 'contract.contractEnd',
      owner: 'contract.owner',
    },
  },
  record: {
    type: 'object',
    additionalProperties: false,
    required: ['code', 'status'],
    properties: {
      code: { type: 'string', minLength: 1, maxLength: 16, pattern: '^[A-Z][A-Z0-9-]*$' },
      status: { type: 'integer', enum: [0, 1] },
      contractStart: { type: 'string', format: 'date-time' },
      contractEnd: { type: 'string', format: 'date-time', 'x-notBefore': 'contractStart' },
      owner: { type: 'string', maxLength: 64 },
    },
  },
  fields: [
    field('code', 'string', true),
    field('status', 'integer', true),
    field('contractStart', 'datetime'),
    field('contractEnd', 'datetime'),
    field('owner', 'string'),
  ],
  list: {
    rowKey: 'id',
    mode: 'flat',
    pageSize: 10,
    defaultSort: 'code_ascend',
    columns: [{ field: 'code' }],
    search: { basic: [], advanced: [] },
  },
  form: {
    order: ['code', 'status', 'contractStart', 'contractEnd', 'owner'],
    create: ['code', 'status', 'contractStart', 'contractEnd'],
    edit: ['code', 'status', 'contractStart', 'contractEnd'],
    readOnlyOnEdit: ['code'],
    ui: {},
  },
  actions: [],
  relations: {},
  calls: [],
};

/** t over the console's English form messages and the fixture's labels ({{name}} interpolation). */
function englishT(): Translate {
  const layout = JSON.parse(readFileSync(join(import.meta.dirname, '../../i18n/messages/layout/en.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const labels: Record<string, string> = {
    'contract.code': 'Contract code',
    'contract.status': 'Status',
    'contract.contractStart': 'Start date',
    'contract.contractEnd': 'End date',
    'contract.owner': 'Owner',
  };
  const lookup = (key: string): string | undefined => {
    if (key in labels) return labels[key];
    let node: unknown = layout;
    for (const part of key.split('.'))
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  return (key, values = {}) =>
    (lookup(key) ?? values.defaultValue ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

const t = englishT();

function setup(options: Partial<RecordFormOptions> & { mode?: 'create' | 'edit' } = {}) {
  const onSubmit = vi.fn<(values: ResourceRecord) => void>();
  const onChange = vi.fn<(values: ResourceRecord) => void>();
  const plan = buildFormPlan(contract, options.mode ?? 'create', new Set(), { initial: options.initial });
  const initialProps: RecordFormOptions = { plan, t, onSubmit, onChange, labels: contract.labels.fields, ...options };
  const hook = renderHook((props: RecordFormOptions) => useRecordForm(props), { initialProps });
  return { ...hook, onSubmit, onChange, props: initialProps };
}

describe('useRecordForm', () => {
  it('starts from the initial record and refuses to submit a record breaking the schema, with translated messages', () => {
    const { result, onSubmit } = setup({ initial: { code: 'bad code', owner: 'not in the create form' } });
    expect(result.current.values()).toEqual({ code: 'bad code' });
    let failed: string[] = [];
    act(() => {
      failed = result.current.submit();
    });
    expect(failed).toEqual(['code', 'status']);
    expect(result.current.clientErrors).toEqual({ code: 'Contract code is not in the expected format', status: 'Please select Status' });
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks x-notBefore itself: an end before the start is refused under the end, with both labels', () => {
    const { result, onSubmit } = setup();
    act(() =>
      result.current.change({ code: 'C-1', status: 1, contractStart: '2026-04-10T00:00:00Z', contractEnd: '2026-04-09T23:59:59Z' }),
    );
    let failed: string[] = [];
    act(() => {
      failed = result.current.submit();
    });
    expect(failed).toEqual(['contractEnd']);
    expect(result.current.clientErrors).toEqual({ contractEnd: 'End date must not be before Start date' });
    expect(onSubmit).not.toHaveBeenCalled();

    // the field that showed an error is validated again as it changes
    act(() => result.current.change({ ...result.current.values(), contractEnd: '2026-04-10T00:00:00Z' }));
    expect(result.current.clientErrors).toEqual({});
    act(() => {
      failed = result.current.submit();
    });
    expect(failed).toEqual([]);
    expect(onSubmit).toHaveBeenCalledWith({
      code: 'C-1',
      status: 1,
      contractStart: '2026-04-10T00:00:00Z',
      contractEnd: '2026-04-10T00:00:00Z',
    });
  });

  it('shows the server errors translated by keyword until their field changes; others apart', () => {
    const { result, rerender, props, onChange } = setup();
    const serverErrors: ServerFieldError[] = [
      { field: 'code', keyword: 'unique', params: { fields: ['code'] }, message: 'already exists' },
      {
        field: 'contractEnd',
        keyword: 'x-notBefore',
        params: { otherField: 'contractStart' },
        message: 'must not be before contractStart',
      },
      { field: 'owner', keyword: 'maxLength', params: { limit: 64 }, message: 'must be at most 64 characters' },
      { field: 'status', message: 'The status is frozen' },
    ];
    rerender({ ...props, serverErrors });
    expect(result.current.serverErrors).toEqual({
      code: 'Contract code already exists',
      contractEnd: 'End date must not be before Start date',
      status: 'The status is frozen',
    });
    expect(result.current.otherErrors).toEqual([{ field: 'owner', message: 'Owner must be at most 64 characters' }]);

    act(() => result.current.change({ code: 'C-2' }));
    expect(result.current.serverErrors).toEqual({ contractEnd: 'End date must not be before Start date', status: 'The status is frozen' });
    expect(onChange).toHaveBeenLastCalledWith({ code: 'C-2' });

    // a new answer shows all its errors again
    rerender({ ...props, serverErrors: [...serverErrors] });
    expect(Object.keys(result.current.serverErrors)).toEqual(['code', 'contractEnd', 'status']);
  });

  it('sets a field itself (a widget changing another field): a new version, the store and the owner told', () => {
    const { result, onChange } = setup();
    const before = result.current.version;
    act(() => result.current.store.setField('status', 0));
    expect(result.current.version).toBe(before + 1);
    expect(result.current.store.get('status')).toBe(0);
    expect(onChange).toHaveBeenLastCalledWith({ status: 0 });
    act(() => result.current.setField('status', undefined));
    expect(result.current.values()).toEqual({});
  });

  it('on edit, sends a cleared field as null and leaves the locked code out', () => {
    const initial = { id: 7, code: 'C-7', status: 1, contractStart: '2026-01-01T00:00:00Z' };
    const { result, onSubmit } = setup({ mode: 'edit', initial });
    act(() => result.current.change({ ...result.current.values(), contractStart: undefined }));
    act(() => {
      result.current.submit();
    });
    expect(onSubmit).toHaveBeenCalledWith({ status: 1, contractStart: null });
  });

  it('on edit, starts a field the stored record lacks from its schema default: the untouched form tells no change', () => {
    const withLevel: ResourceMeta = {
      ...contract,
      record: {
        ...contract.record,
        properties: { ...(contract.record.properties as Record<string, unknown>), level: { type: 'integer', minimum: 0, default: 0 } },
      },
      fields: [...contract.fields, field('level', 'integer')],
      form: { ...contract.form, edit: [...contract.form.edit, 'level'] },
    };
    const onChange = vi.fn<(values: ResourceRecord) => void>();
    const plan = buildFormPlan(withLevel, 'edit', new Set(), { initial: { id: 8, code: 'C-8', status: 0 } });
    const { result } = renderHook(() =>
      useRecordForm({ plan, t, onSubmit: vi.fn(), onChange, labels: contract.labels.fields, initial: { id: 8, code: 'C-8', status: 0 } }),
    );
    expect(result.current.values()).toMatchObject({ status: 0, level: 0 });
    // the form library renders the same data, defaults filled: nothing changed
    act(() => result.current.change({ ...result.current.values() }));
    expect(onChange).not.toHaveBeenCalled();
    act(() => result.current.change({ ...result.current.values(), level: 2 }));
    expect(onChange).toHaveBeenCalledWith({ status: 0, level: 2 });
  });
});
