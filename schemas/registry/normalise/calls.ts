/** The calls section: an entity's standard calls (and tree call), handlers, declared calls. */
import type { ActionDef, CallDef, CallResult, CallVerb, HttpMethod, JsonSchema } from '../types.ts';
import type { Section } from './context.ts';

/**
 * Standard calls of an entity resource and the action whose button permission guards each:
 * the resource's action of the call's own name when the file declares it, else `fallback`'s
 * (Word and PDF exports fall back to the export button, import to the add button).
 */
const STANDARD_CALLS: readonly {
  verb: Exclude<CallVerb, 'custom'>;
  method: HttpMethod;
  action: string;
  fallback?: string;
  result: CallResult;
  what?: string;
  urlVerb?: string;
}[] = [
  { verb: 'query', method: 'GET', action: 'query', result: 'envelope' },
  { verb: 'add', method: 'POST', action: 'add', result: 'envelope' },
  { verb: 'update', method: 'PUT', action: 'update', result: 'envelope' },
  { verb: 'delete', method: 'POST', action: 'delete', result: 'envelope' },
  { verb: 'export', method: 'POST', action: 'export', result: 'blob' },
  { verb: 'exportWord', method: 'POST', action: 'exportWord', fallback: 'export', result: 'blob', what: 'as a Word document' },
  // The platform spells this URL with PDF in capitals (exportPDFSysUser); the call keeps its name.
  {
    verb: 'exportPdf',
    method: 'POST',
    action: 'exportPdf',
    fallback: 'export',
    result: 'blob',
    what: 'as a PDF document',
    urlVerb: 'exportPDF',
  },
  {
    verb: 'import',
    method: 'POST',
    action: 'import',
    fallback: 'add',
    result: 'envelope',
    what: 'from a spreadsheet (multipart/form-data, file field "file")',
  },
];

export function readCalls(s: Section, actions: readonly ActionDef[]): CallDef[] {
  const { doc, check } = s;
  const calls = doc.kind === 'entity' ? standardCalls(s, actions) : [];
  for (const verb of Object.keys(doc.callServices ?? {})) {
    check(
      calls.some((c) => c.verb === verb),
      `/callServices/${verb}`,
      `the resource has no standard ${verb} call`,
    );
  }
  for (const verb of Object.keys(doc.handlers ?? {})) {
    check(
      calls.some((c) => c.verb === verb),
      `/handlers/${verb}`,
      `the resource has no standard ${verb} call`,
    );
  }
  const standardNames = new Set(calls.map((c) => c.name));
  const declared = doc.calls ?? [];
  declared.forEach((c, i) => {
    check(!standardNames.has(c.name), `/calls/${i}/name`, `"${c.name}" is a standard call of this resource`);
    calls.push({
      resource: doc.name,
      name: c.name,
      verb: 'custom',
      method: c.method,
      url: urlOf(s, c.name),
      handler: c.handler,
      auth: c.auth ?? 'grant',
      permission: c.permission,
      description: c.description ?? c.name,
      // The meta-schema checked their shape and createSchemaAjv() compiles them as JSON Schemas.
      query: c.query as JsonSchema | undefined,
      body: c.body as JsonSchema | undefined,
      result: c.result ?? 'envelope',
      options: c.options ?? {},
      ...(c.mock ? { mock: true as const } : {}),
    });
  });
  const seen = new Set<string>();
  declared.forEach((c, i) => {
    check(!seen.has(c.name), `/calls/${i}/name`, `duplicate call "${c.name}"`);
    seen.add(c.name);
  });
  return calls;
}

function urlOf(s: Section, name: string, service = s.doc.service): string {
  return `/api/${service}/${s.doc.path}/${name}`;
}

function standardCalls(s: Section, actions: readonly ActionDef[]): CallDef[] {
  const { doc } = s;
  const actionPermission = (name: string) => actions.find((a) => a.name === name)?.permission;
  const calls: CallDef[] = STANDARD_CALLS.map((sc) => ({
    resource: doc.name,
    name: `${sc.verb}${doc.name}`,
    verb: sc.verb,
    method: sc.method,
    url: urlOf(s, `${sc.urlVerb ?? sc.verb}${doc.name}`, doc.callServices?.[sc.verb]),
    handler: doc.handlers?.[sc.verb] ?? `crud.${sc.verb}`,
    auth: 'grant',
    permission: actionPermission(sc.action) ?? (sc.fallback ? actionPermission(sc.fallback) : undefined),
    description: `${sc.verb} ${doc.name}${sc.what ? ` ${sc.what}` : ''}`,
    result: sc.result,
    options: {},
  }));
  if (doc.list?.tree) {
    const name = `query${doc.name}Tree`;
    calls.push({
      resource: doc.name,
      name,
      verb: 'tree',
      method: 'GET',
      url: urlOf(s, name),
      handler: doc.handlers?.tree ?? 'crud.tree',
      auth: 'grant',
      permission: actionPermission('query'),
      description: `tree of ${doc.name}`,
      result: 'envelope',
      options: {},
    });
  }
  return calls;
}
