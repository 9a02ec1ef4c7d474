/**
 * What a page needs to work, as the resource files declare it, so that a role given a menu or
 * a button works the first time (docs/permissions.md, "What a page needs"). The role screens
 * tick it with the menu or button, before saving:
 *
 * - a menu (its page): for every resource shown on it (`menu`), the call its list is read
 *   through (`list.source`, else the query call, or the tree call of a tree list) and that
 *   call's button (`sysuser:query`), the filter tree's call (`list.filterTree`: `querySysOrgTree`
 *   and its `sysorg:query`), the calls the relations' selects and labels read (`relations`:
 *   the related resource's tree call, else its query), the detail list's query (`list.detail`)
 *   and, for a filter by a linked value, the linked resource's query;
 * - a button: every call that needs it (the call's `permission`), the calls its action names
 *   (`call`, an assign dialog's `candidates`, `linked` and `scope.call`, a run action's
 *   `form.call` and its inputs' `options`), and what its page needs (above).
 *
 * Pure: read from the resources (the registry's, or the console's metadata of them).
 */
import { CallDirectory } from './callRefs.ts';
import type { CallMeta, LinkMeta, ResourceMeta } from './types.ts';

type NeedsCall = Pick<CallMeta, 'name' | 'url' | 'verb' | 'auth' | 'permission'>;

/** The parts of a resource this module reads (a registry resource and the console's metadata both have them). */
export interface NeedsResource extends Pick<ResourceMeta, 'name' | 'service' | 'menu' | 'list' | 'actions' | 'relations'> {
  calls: readonly NeedsCall[];
  links?: Record<string, LinkMeta>;
}

/** The resources, looked up by name, every call of them, and the calls their references name (callRefs.ts). */
export interface NeedsIndex {
  byName: ReadonlyMap<string, NeedsResource>;
  resources: readonly NeedsResource[];
  calls: readonly NeedsCall[];
  directory: CallDirectory<NeedsCall>;
}

export interface GrantNeeds {
  /** Call URLs. */
  urls: Set<string>;
  /** Button codes. */
  buttons: Set<string>;
}

export function needsIndex(resources: Iterable<NeedsResource>): NeedsIndex {
  const list = [...resources];
  return {
    resources: list,
    byName: new Map(list.map((r) => [r.name, r])),
    calls: list.flatMap((r) => r.calls),
    directory: new CallDirectory(list),
  };
}

const noNeeds = (): GrantNeeds => ({ urls: new Set(), buttons: new Set() });

function callNamed(index: NeedsIndex, r: NeedsResource, name: string): NeedsCall | undefined {
  return index.directory.find(r, name);
}

function addCall(needs: GrantNeeds, call: NeedsCall | undefined): void {
  if (!call || call.auth !== 'grant') return;
  needs.urls.add(call.url);
  if (call.permission) needs.buttons.add(call.permission);
}

/** The call that lists a resource's records for a select or a tree: its tree call when it has one. */
function listingCall(r: NeedsResource): NeedsCall | undefined {
  return r.calls.find((c) => c.verb === 'tree') ?? r.calls.find((c) => c.verb === 'query');
}

function addListing(index: NeedsIndex, needs: GrantNeeds, name: string): void {
  const r = index.byName.get(name);
  if (r) addCall(needs, listingCall(r));
}

/** What the list of one resource needs to show its rows, labels, filters and detail. */
function addResourcePage(index: NeedsIndex, needs: GrantNeeds, r: NeedsResource): void {
  const source = r.list.source;
  if (source) addCall(needs, callNamed(index, r, source.call));
  else addCall(needs, r.calls.find((c) => c.verb === (r.list.mode === 'tree' ? 'tree' : 'query')) ?? listingCall(r));
  if (r.list.filterTree) addListing(index, needs, r.list.filterTree.resource);
  for (const rel of Object.values(r.relations)) addListing(index, needs, rel.resource);
  if (r.list.detail) {
    const detail = index.byName.get(r.list.detail.resource);
    if (detail)
      addCall(
        needs,
        detail.calls.find((c) => c.verb === 'query'),
      );
  }
  for (const field of [...r.list.search.basic, ...r.list.search.advanced]) {
    const link = field.link ? r.links?.[field.link] : undefined;
    if (link) addListing(index, needs, link.resource);
  }
}

/** What the page of a menu needs: every resource shown on it. */
export function menuNeeds(index: NeedsIndex, menuCode: string, needs: GrantNeeds = noNeeds()): GrantNeeds {
  for (const r of index.resources) if (r.menu === menuCode) addResourcePage(index, needs, r);
  return needs;
}

/** What a button needs: the calls that need it, the calls its action names, and its page. */
export function buttonNeeds(index: NeedsIndex, buttonCode: string, needs: GrantNeeds = noNeeds()): GrantNeeds {
  for (const call of index.calls) if (call.permission === buttonCode) addCall(needs, call);
  for (const r of index.resources) {
    for (const action of r.actions) {
      if (action.permission !== buttonCode) continue;
      if (action.call) addCall(needs, callNamed(index, r, action.call));
      const assign = action.assign;
      if (assign) {
        for (const name of [assign.candidates, assign.linked, assign.scope?.call]) if (name) addCall(needs, callNamed(index, r, name));
      }
      // a run action's dialog reads its form and its selects' options as it opens
      const run = action.run;
      if (run) {
        for (const name of [run.form?.call, ...(run.inputs ?? []).map((i) => i.options)])
          if (name) addCall(needs, callNamed(index, r, name));
      }
      if (r.menu) menuNeeds(index, r.menu, needs);
    }
  }
  needs.buttons.add(buttonCode);
  return needs;
}
