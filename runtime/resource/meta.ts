/**
 * Reading a resource's metadata (runtime/generated/resources.ts): which resource a route
 * shows, the names of its calls, the fields a data permission hides. Pure, no React.
 */
import type { ActionMeta, CallMeta, FieldMeta, ResourceMeta } from '../generated/resources.ts';

export interface RouteLike {
  path: string;
  name?: string;
  meta: { code?: string; resource?: string };
}

/** Resources shown under another resource's table (`list.detail`), never as a page of their own. */
function detailResourceNames(all: Record<string, ResourceMeta>): Set<string> {
  const out = new Set<string>();
  for (const r of Object.values(all)) if (r.list.detail) out.add(r.list.detail.resource);
  return out;
}

/** Whether the resource has a page: an entity (its own query call), or any resource listing a declared call's rows (list.source). */
function hasPage(resource: Pick<ResourceMeta, 'kind' | 'list'>): boolean {
  return resource.kind === 'entity' || !!resource.list.source;
}

/**
 * The resource a route shows: the one its meta names; else the resource with a page whose
 * `menu` is the route's menu code (or its last path segment) and which is not another
 * resource's detail list; among several, the one whose URL segment is the menu code.
 */
export function resolveResource(all: Record<string, ResourceMeta>, route: RouteLike): ResourceMeta | undefined {
  const named = route.meta.resource ? all[route.meta.resource] : undefined;
  if (named && hasPage(named)) return named;
  const details = detailResourceNames(all);
  const lastSegment = route.path.split('/').filter(Boolean).pop() ?? '';
  const codes = [route.meta.code, route.name, lastSegment].filter((c): c is string => !!c);
  for (const code of codes) {
    const candidates = Object.values(all).filter((r) => hasPage(r) && r.menu === code && !details.has(r.name));
    if (candidates.length === 0) continue;
    return candidates.find((r) => r.path === code) ?? candidates[0];
  }
  return undefined;
}

/** Name of the client function of a standard call: `query` + `SysUser` → `querySysUser`. */
export function callName(resource: Pick<ResourceMeta, 'name'>, verb: string): string {
  return `${verb}${resource.name}`;
}

export function findCall(resource: Pick<ResourceMeta, 'calls'>, name: string): CallMeta | undefined {
  return resource.calls.find((c) => c.name === name);
}

/** The call a standard action uses (print and view use none). */
export function actionCallName(
  resource: Pick<ResourceMeta, 'name'>,
  action: Pick<ActionMeta, 'name' | 'kind' | 'call'>,
): string | undefined {
  if (action.kind === 'custom') return action.call;
  switch (action.name) {
    case 'query':
    case 'add':
    case 'update':
    case 'delete':
    case 'export':
    case 'exportWord':
    case 'exportPdf':
    case 'import':
      return callName(resource, action.name);
    default:
      return undefined;
  }
}

/**
 * Fields the user's data permission hides on this resource's menu, with the relation labels
 * that would show them (hiding `orgId` hides `orgName`).
 */
export function hiddenFieldsFor(
  resource: Pick<ResourceMeta, 'menu' | 'relations'>,
  dataFields: Readonly<Record<string, readonly string[]>>,
): Set<string> {
  const hidden = new Set<string>(resource.menu ? (dataFields[resource.menu] ?? []) : []);
  for (const [field, rel] of Object.entries(resource.relations)) if (hidden.has(field) && rel.as) hidden.add(rel.as);
  return hidden;
}

export function fieldOf(resource: Pick<ResourceMeta, 'fields'>, name: string): FieldMeta | undefined {
  return resource.fields.find((f) => f.name === name);
}

/** The JSON Schema of a record field (enum, format...), or an empty schema. */
export function fieldSchema(resource: Pick<ResourceMeta, 'record'>, name: string): Record<string, unknown> {
  const props = (resource.record as { properties?: Record<string, Record<string, unknown>> }).properties;
  return props?.[name] ?? {};
}

/** The row key of a record as a string (selection state and React keys). */
export function rowIdOf(resource: Pick<ResourceMeta, 'list'>, record: Record<string, unknown>): string {
  return String(record[resource.list.rowKey] ?? '');
}

/**
 * The `dataFields` of the queryCurrentAuthority answer ({menuCode: hidden field names, as an
 * array or a comma-separated string}), keeping only well-formed entries.
 */
export function parseDataFields(value: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const [menu, fields] of Object.entries(value as Record<string, unknown>)) {
    const list = Array.isArray(fields) ? fields : typeof fields === 'string' ? fields.split(',') : [];
    out[menu] = list
      .filter((f): f is string => typeof f === 'string')
      .map((f) => f.trim())
      .filter(Boolean);
  }
  return out;
}
