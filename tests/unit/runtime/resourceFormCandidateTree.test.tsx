// @vitest-environment happy-dom
/**
 * A many-valued relation naming `candidates` (the model's referable users, queryModelOrgUserTree):
 * the form's widget asks the call with the edited record's id and shows the chosen users, by
 * their names in the organisation tree, as the tree's ticked leaves.
 */
import { render, waitFor } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { describe, expect, it, vi } from 'vitest';
import { resources } from '../../../runtime/generated/resources.ts';
import { RelationMultipleWidget } from '../../../runtime/resource/form/RelationMultipleWidget.tsx';
import { FIELD_OPTION } from '../../../runtime/resource/form/formContext.ts';

const calls: { name: string; params: unknown }[] = [];
const TREE = {
  tree: [
    {
      key: 'org-1',
      title: 'Head office',
      orgId: 1,
      children: [
        { key: 'user-5', title: 'editor', userId: 5, isLeaf: true },
        { key: 'user-6', title: 'visitor', userId: 6, isLeaf: true },
      ],
    },
  ],
  checked: [5],
};

vi.mock('../../../runtime/api/platform.ts', () => ({
  SILENT: { headers: { 'X-Console-Silent': '1' } },
  platform: async () =>
    new Proxy(
      {},
      {
        // not a thenable: the client is awaited
        get: (_target, name: string) =>
          name === 'then'
            ? undefined
            : async (params: unknown) => {
                calls.push({ name, params });
                return { status: 200, message: 'success', data: TREE };
              },
      },
    ),
}));

function props(value: unknown, initial: Record<string, unknown> | undefined, onChange: (v: unknown) => void): WidgetProps {
  const relation = resources.Model!.relations.referUserIds!;
  return {
    id: 'root_referUserIds',
    name: 'referUserIds',
    value,
    onChange,
    options: { [FIELD_OPTION]: { name: 'referUserIds', relation, ui: {} } },
    registry: { formContext: { t: (k: string) => k, initial } },
  } as unknown as WidgetProps;
}

describe('the referable users of a model', () => {
  it('are chosen in the tree of queryModelOrgUserTree, asked with the edited model', async () => {
    expect(resources.Model!.relations.referUserIds!.candidates).toBe('queryModelOrgUserTree');
    calls.length = 0;
    const view = render(<RelationMultipleWidget {...props([5], { id: 7 }, () => undefined)} />);
    await waitFor(() => expect(calls).toEqual([{ name: 'queryModelOrgUserTree', params: { modelId: 7 } }]));
    // the chosen user shows by its name in the tree (the leaf's title), not its id
    await waitFor(() => expect(view.container.querySelector('.ant-select-selection-item')?.textContent).toBe('editor'));
    view.unmount();
  });

  it('asks without a model on an add form', async () => {
    calls.length = 0;
    const view = render(<RelationMultipleWidget {...props(undefined, undefined, () => undefined)} />);
    await waitFor(() => expect(calls).toEqual([{ name: 'queryModelOrgUserTree', params: {} }]));
    expect(view.container.querySelector('.ant-select-selection-item')).toBeNull();
    view.unmount();
  });
});
