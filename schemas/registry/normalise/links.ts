/**
 * The links section (schemas/registry/links.ts): many-valued relations kept only in a link
 * resource's rows. A link is named apart from the record's fields; its resources and fields,
 * and the options of the calls that name it, are checked once the registry is loaded.
 */
import type { CallDef, Resource } from '../types.ts';
import type { Fields, Section } from './context.ts';
import { findLink, isLinkHandler, readLinkCallOptions } from '../links.ts';

export function readLinks(s: Section, { fieldMap }: Fields): Resource['links'] {
  const links = s.doc.links ?? {};
  for (const key of Object.keys(links)) {
    s.check(
      !fieldMap.has(key),
      `/links/${key}`,
      `"${key}" is a record field: a link is not kept in the record (use relations with "through" for a field)`,
    );
    s.check(s.doc.kind === 'entity', `/links/${key}`, 'only an entity has links');
  }
  return links;
}

type Check = (ok: boolean, pointer: string, message: string) => void;

/** The links of a resource against the resources they name. */
export function checkLinks(r: Resource, byName: ReadonlyMap<string, Resource>, unreadable: ReadonlySet<string>, check: Check): void {
  for (const [key, link] of Object.entries(r.links)) {
    const pointer = `/links/${key}`;
    if (unreadable.has(link.resource) || unreadable.has(link.through.resource)) continue; // that file was refused, and said why
    const target = byName.get(link.resource);
    const rows = byName.get(link.through.resource);
    check(!!target, `${pointer}/resource`, `unknown resource "${link.resource}"`);
    check(rows?.kind === 'link', `${pointer}/through/resource`, `"${link.through.resource}" is not a link resource`);
    if (!target || !rows || rows.kind !== 'link') continue;
    check(
      rows.scope === r.scope && target.scope === r.scope,
      `${pointer}/through/resource`,
      `${r.name}, ${target.name} and ${rows.name} are not all ${r.scope}-scoped`,
    );
    const recordField = r.fieldMap.get(link.recordField ?? 'id');
    const valueField = target.fieldMap.get(link.valueField);
    check(!!recordField, `${pointer}/recordField`, `no field "${link.recordField}"`);
    check(!!valueField, `${pointer}/valueField`, `resource ${target.name} has no field "${link.valueField}"`);
    check(target.fieldMap.has(link.labelField), `${pointer}/labelField`, `resource ${target.name} has no field "${link.labelField}"`);
    check(uniqueAlone(r, recordField?.name), `${pointer}/recordField`, `"${recordField?.name}" is not unique on its own (storage.unique)`);
    check(
      uniqueAlone(target, valueField?.name),
      `${pointer}/valueField`,
      `${target.name}.${link.valueField} is not unique on its own (storage.unique)`,
    );
    const recordKey = rows.fieldMap.get(link.through.recordKey);
    const valueKey = rows.fieldMap.get(link.through.valueKey);
    check(
      !!recordKey && recordKey.type === recordField?.type,
      `${pointer}/through/recordKey`,
      `resource ${rows.name} has no field "${link.through.recordKey}" of the type of ${r.name}.${recordField?.name}`,
    );
    check(
      !!valueKey && valueKey.type === valueField?.type,
      `${pointer}/through/valueKey`,
      `resource ${rows.name} has no field "${link.through.valueKey}" of the type of ${target.name}.${link.valueField}`,
    );
    (link.scope ?? []).forEach((field, i) => {
      const rel = rows.relations[field];
      check(
        rows.fieldMap.has(field) && field !== link.through.recordKey && field !== link.through.valueKey,
        `${pointer}/scope/${i}`,
        `resource ${rows.name} has no further field "${field}"`,
      );
      check(
        !!rel && !rel.through,
        `${pointer}/scope/${i}`,
        `resource ${rows.name} declares no relation of "${field}" (its values are checked through it)`,
      );
    });
  }
}

/** Whether a field is the id or unique on its own within the tenant. */
function uniqueAlone(r: Resource, field: string | undefined): boolean {
  return field === 'id' || r.storage.unique.some((set) => set.length === 1 && set[0] === field);
}

/** The options of a call served by a link handler against the link they name. */
export function checkLinkCall(
  c: CallDef,
  index: number,
  byName: ReadonlyMap<string, Resource>,
  unreadable: ReadonlySet<string>,
  check: Check,
): void {
  if (!isLinkHandler(c.handler)) return;
  const pointer = `/calls/${index}/options`;
  const { value, problems } = readLinkCallOptions(c.handler, c.options);
  for (const p of problems) check(false, pointer, p);
  if (!value) return;
  const ref = findLink(byName, value.link);
  if (!ref && unreadable.has(value.link.split('.')[0]!)) return; // its resource's file was refused, and said why
  check(!!ref, `${pointer}/link`, `no link "${value.link}" ("<Resource>.<link>" of a resource's links)`);
  const target = ref && byName.get(ref.link.resource);
  if (!target) return;
  if (value.within !== undefined) {
    const rel = target.relations[value.within];
    check(
      target.fieldMap.has(value.within) && !!rel && !rel.through,
      `${pointer}/within`,
      `resource ${target.name} has no field "${value.within}" with a relation`,
    );
  }
  for (const f of value.fields ?? [])
    check(
      !!target.fieldMap.get(f) && !target.fieldMap.get(f)!.secret,
      `${pointer}/fields`,
      `resource ${target.name} has no readable field "${f}"`,
    );
}

/** The assign sections of a resource's actions against its links (the calls they name: crossCheck, with every reference to a call). */
export function checkAssignActions(r: Resource, byName: ReadonlyMap<string, Resource>, check: Check): void {
  r.actions.forEach((a, i) => {
    const spec = a.assign;
    if (!spec) return;
    const pointer = `/actions/${i}/assign`;
    const link = r.links[spec.link];
    check(a.kind === 'custom' && !!a.call, `/actions/${i}`, 'an assign action is a custom action with the call that saves it');
    check(!!link, `${pointer}/link`, `no link "${spec.link}" in links`);
    check(
      spec.widget === 'tree' || spec.linked !== undefined,
      `${pointer}/linked`,
      `a ${spec.widget} needs the call answering the linked values`,
    );
    if (spec.scope) {
      check(!!link?.scope?.includes(spec.scope.field), `${pointer}/scope/field`, `"${spec.scope.field}" is not in the scope of the link`);
    }
    if (spec.name !== undefined) check(r.fieldMap.has(spec.name), `${pointer}/name`, `no field "${spec.name}"`);
    const target = link && byName.get(link.resource);
    if (spec.description !== undefined && target)
      check(target.fieldMap.has(spec.description), `${pointer}/description`, `resource ${target.name} has no field "${spec.description}"`);
  });
}
