/**
 * A resource as the browser runtime reads it (runtime/generated/resources.ts for the files, the
 * published-resources call for documents, the designer for the document it edits): plain data,
 * without the server's table, storage and handler details.
 */
import type { CallDef, CallMeta, FieldDef, FieldMeta, Resource, ResourceMeta } from './types.ts';

function fieldMeta(f: FieldDef): FieldMeta {
  return {
    name: f.name,
    type: f.type,
    required: f.required,
    system: f.system,
    secret: f.secret,
    dict: f.dict,
    label: f.label,
    kind: f.kind,
  };
}

function callMeta(c: CallDef): CallMeta {
  return { name: c.name, method: c.method, url: c.url, verb: c.verb, auth: c.auth, permission: c.permission, result: c.result };
}

/** One resource as JSON-serialisable data (Maps dropped, undefined members omitted). */
export function resourceMeta(r: Resource): ResourceMeta {
  return {
    name: r.name,
    service: r.service,
    path: r.path,
    kind: r.kind,
    scope: r.scope,
    menu: r.menu,
    labels: r.labels,
    record: r.record,
    fields: r.fields.map(fieldMeta),
    list: r.list,
    form: r.form,
    actions: r.actions,
    relations: r.relations,
    links: r.links,
    calls: r.calls.map(callMeta),
  };
}
