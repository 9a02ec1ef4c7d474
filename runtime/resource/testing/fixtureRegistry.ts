/**
 * A small registry for the hooks' specs (not the generated one): a flat resource with search,
 * sort and paging, a tree resource, and a list-only resource that waits for a required filter.
 */
import type { ResourceMeta } from '../../generated/resources.ts';
import type { Registry } from '../registryContext.tsx';

function resource(name: string, list: Partial<ResourceMeta['list']>): ResourceMeta {
  return {
    name,
    service: 'test',
    path: name.toLowerCase(),
    kind: 'entity',
    scope: 'tenant',
    labels: { title: `resources.${name}.title`, fields: {} },
    record: { type: 'object' },
    fields: [],
    list: {
      rowKey: 'id',
      mode: 'flat',
      pageSize: 10,
      defaultSort: 'createTime_descend',
      columns: [{ field: 'name', sortable: true }],
      search: { basic: [{ field: 'name', match: 'contains' }], advanced: [{ field: 'status', match: 'exact' }] },
      ...list,
    },
    form: { order: [], create: [], edit: [], readOnlyOnEdit: [], ui: {} },
    actions: [],
    relations: {},
    calls: [],
  };
}

export const fixtureRegistry: Registry = {
  Gadget: resource('Gadget', {}),
  Region: resource('Region', {
    mode: 'tree',
    defaultSort: '',
    tree: { keyField: 'id', parentField: 'parentId', labelField: 'name', rootValue: 0 },
  }),
  GadgetPart: resource('GadgetPart', {
    source: { call: 'queryGadgetPart', paged: false, requires: ['gadgetId'], params: {} },
  }),
};
