/**
 * What a delete confirm says it deletes (docs/resource-page.md): one record by the value of its
 * label field, several by their count. The label field is the delete action's typeToConfirm
 * field, else the tree's label field, else the first listed text column (not a dictionary,
 * system or secret field). Pure: the page's confirm and the tests use it.
 */
import type { ResourceMeta } from '../../generated/resources.ts';

type Labelled = Pick<ResourceMeta, 'actions' | 'list' | 'fields'>;

/** The field whose value names a record of the resource in a delete confirm, if any. */
export function labelFieldOf(resource: Labelled): string | undefined {
  const typed = resource.actions.find((a) => a.name === 'delete')?.typeToConfirm;
  if (typed) return typed;
  if (resource.list.tree?.labelField) return resource.list.tree.labelField;
  const text = (name: string) => {
    const f = resource.fields.find((x) => x.name === name);
    return !!f && f.type === 'string' && !f.dict && !f.system && !f.secret;
  };
  return resource.list.columns.find((c) => !c.hidden && text(c.field))?.field;
}

/** The confirm's title: `{key, values}` for the translator. */
export function deleteTitle(
  resource: Labelled,
  targets: readonly Record<string, unknown>[],
): { key: string; values: Record<string, string> } {
  if (targets.length !== 1) return { key: 'resource.deleteCount', values: { n: String(targets.length) } };
  const field = labelFieldOf(resource);
  const value = field ? targets[0]![field] : undefined;
  const name = value === undefined || value === null ? '' : String(value).trim();
  return name ? { key: 'resource.deleteNamed', values: { name } } : { key: 'resource.deleteTitle', values: {} };
}

/** The text of the toast after the delete: what was deleted, named or counted as in the title. */
export function deletedText(
  resource: Labelled,
  targets: readonly Record<string, unknown>[],
): { key: string; values: Record<string, string> } {
  const title = deleteTitle(resource, targets);
  if (title.key === 'resource.deleteNamed') return { key: 'resource.deletedNamed', values: title.values };
  if (title.key === 'resource.deleteCount') return { key: 'resource.deletedCount', values: title.values };
  return { key: 'resource.deleted', values: {} };
}
