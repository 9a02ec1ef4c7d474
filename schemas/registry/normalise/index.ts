/**
 * Normalises one resource file: each section is read with its defaults and checked by its own
 * reader, in the order below (later sections see the fields, list and actions read before).
 */
import type { Resource, ResourceFile } from '../types.ts';
import { toSnakeCase } from '../naming.ts';
import { type RegistryIssue, sectionOf } from './context.ts';
import { readFields } from './fields.ts';
import { readList } from './list.ts';
import { readForm } from './form.ts';
import { readActions } from './actions.ts';
import { readCalls } from './calls.ts';
import { readRelations } from './relations.ts';
import { readLinks } from './links.ts';
import { readStorage } from './storage.ts';

export function normalise(file: string, doc: ResourceFile, issues: RegistryIssue[]): Resource {
  const s = sectionOf(file, doc, issues);
  const fields = readFields(s);
  const list = readList(s, fields);
  const form = readForm(s, fields);
  const actions = readActions(s, fields);
  const calls = readCalls(s, actions);
  const relations = readRelations(s, fields, list);
  const links = readLinks(s, fields);
  const storage = readStorage(s, fields);
  return {
    file,
    name: doc.name,
    service: doc.service,
    path: doc.path,
    kind: doc.kind,
    scope: s.scope,
    table: doc.table ?? toSnakeCase(pascalToLower(doc.name)),
    menu: doc.menu,
    labels: {
      title: doc.labels?.title ?? `resources.${doc.name}.title`,
      fields: Object.fromEntries([
        ...fields.fields.map((f) => [f.name, f.label]),
        ...[...list.search.basic, ...list.search.advanced]
          .filter((x) => x.link)
          .map((x) => [x.field, `resources.${doc.name}.fields.${x.field}`]),
      ]),
    },
    record: s.record,
    fields: fields.fields,
    fieldMap: fields.fieldMap,
    list,
    form,
    actions,
    calls,
    relations,
    links,
    storage,
  };
}

function pascalToLower(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}
