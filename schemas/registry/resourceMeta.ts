/**
 * A resource as the browser runtime reads it (runtime/generated/resources.ts for the files, the
 * published-resources call for documents, the designer for the document it edits): plain data,
 * without the server's table, storage and handler details.
 */
import { callRefSites, clientName } from './callRefs.ts';
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

/** A call by its client function (callRefs.ts). */
function callMeta(c: CallDef): CallMeta {
  return { name: clientName(c), method: c.method, url: c.url, verb: c.verb, auth: c.auth, permission: c.permission, result: c.result };
}

/** The parts naming calls, each reference naming the client function of its call (callRefs.ts). */
function withClientNames(r: Resource): Pick<ResourceMeta, 'list' | 'actions' | 'relations'> {
  const refs = r.callRefs;
  if (!refs) return { list: r.list, actions: r.actions, relations: r.relations };
  const parts = structuredClone({ list: r.list, actions: r.actions, relations: r.relations });
  for (const site of callRefSites(parts)) if (Object.hasOwn(refs, site.name)) site.set(refs[site.name]!);
  return parts;
}

/** One resource as JSON-serialisable data (Maps dropped, undefined members omitted). */
export function resourceMeta(r: Resource): ResourceMeta {
  const { list, actions, relations } = withClientNames(r);
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
    list,
    form: r.form,
    actions,
    relations,
    links: r.links,
    calls: r.calls.map(callMeta),
  };
}
