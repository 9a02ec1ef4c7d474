/**
 * References to calls, and the names of the client's functions.
 *
 * A call's URL is unique in the registry, its name need not be: the platform serves
 * `sysuser/queryUsername` and `task/queryUsername`. A resource file names a call by its name
 * (an action's `call`, `list.source.call`, a detail panel's `call`, a run action's form call and
 * its inputs' `options`, an assign dialog's `candidates`, `linked` and `scope.call`, a
 * relation's `candidates`), and the name resolves to:
 *
 * 1. the call of that name of the resource itself;
 * 2. else the one call of that name of a resource of the same service (`activiti`);
 * 3. else the one call of that name of any resource.
 *
 * Two calls at the step that decides (two resources of the service, or two of other services)
 * leave the reference ambiguous: a registry error naming both. `<Resource>.<call>`
 * (`Task.queryUsername`) names the call of that resource whatever the others declare.
 *
 * The generated client has one function per call. A call whose name no other call has keeps it
 * as its function's name; declared calls sharing a name are each named after their URL, service,
 * path and name (`/api/activiti/task/queryUsername`: `activitiTaskQueryUsername`), so the name
 * depends on the call alone and stays the same whichever file is read first. The standard calls
 * keep theirs (the console finds them by name: `query` + `SysUser`), so a declared call may not
 * take the name of one (a registry error). The console's metadata names calls by their
 * functions, and every reference by the function of the call it resolves to.
 */
import type { CallDef } from './types.ts';

/** A resource as references are resolved against it. */
export interface CallOwner<C extends { name: string }> {
  name: string;
  service: string;
  calls: readonly C[];
}

export type CallLookup<C> = { call: C; resource: string } | { missing: true } | { ambiguous: { resource: string; call: C }[] };

/** Every call of some resources by name, and the rule above. */
export class CallDirectory<C extends { name: string }> {
  private readonly byName = new Map<string, { resource: string; service: string; call: C }[]>();
  private readonly owners = new Map<string, CallOwner<C>>();

  constructor(resources: Iterable<CallOwner<C>>) {
    for (const r of resources) {
      this.owners.set(r.name, r);
      for (const call of r.calls) {
        const list = this.byName.get(call.name) ?? [];
        list.push({ resource: r.name, service: r.service, call });
        this.byName.set(call.name, list);
      }
    }
  }

  /** The call `ref` names from resource `from` (its name and service). */
  resolve(from: { name: string; service: string }, ref: string): CallLookup<C> {
    const dot = ref.indexOf('.');
    if (dot > 0) {
      const owner = this.owners.get(ref.slice(0, dot));
      const call = owner?.calls.find((c) => c.name === ref.slice(dot + 1));
      return owner && call ? { call, resource: owner.name } : { missing: true };
    }
    const all = this.byName.get(ref) ?? [];
    for (const step of [all.filter((c) => c.resource === from.name), all.filter((c) => c.service === from.service), all]) {
      if (step.length === 1) return { call: step[0]!.call, resource: step[0]!.resource };
      if (step.length > 1) return { ambiguous: step.map(({ resource, call }) => ({ resource, call })) };
    }
    return { missing: true };
  }

  /** The call `ref` names from `from`, or undefined when it names none or more than one. */
  find(from: { name: string; service: string }, ref: string): C | undefined {
    const found = this.resolve(from, ref);
    return 'call' in found ? found.call : undefined;
  }
}

/** What a reference that names more than one call says. */
export function ambiguityMessage(ref: string, service: string, found: { resource: string; call: Pick<CallDef, 'url'> }[]): string {
  const named = found.map((f) => `${f.resource} (${f.call.url})`);
  const list = named.length === 2 ? named.join(' and ') : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
  return (
    `"${ref}" names more than one call: ${list} (a reference takes the call of its own resource, else the one of ` +
    `its service "${service}", else the one of any resource); write ${found.map((f) => `"${f.resource}.${ref}"`).join(' or ')}`
  );
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The client function of a call whose name another call shares: its URL's service, path and name (`activitiTaskQueryUsername`). */
export function qualifiedCallName(url: string): string {
  const parts = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((p) => p.split(/[^A-Za-z0-9]+/).filter(Boolean));
  return parts.map((p, i) => (i === 0 ? p.charAt(0).toLowerCase() + p.slice(1) : capitalised(p))).join('');
}

/** Give every declared call whose name another call shares its qualified client name (see the top of this file). */
export function nameClientFunctions(calls: readonly CallDef[]): void {
  const count = new Map<string, number>();
  for (const c of calls) count.set(c.name, (count.get(c.name) ?? 0) + 1);
  for (const c of calls) {
    if (c.verb === 'custom' && (count.get(c.name) ?? 0) > 1) c.clientName = qualifiedCallName(c.url);
    else delete c.clientName;
  }
}

/** The name of a call's client function. */
export function clientName(call: Pick<CallDef, 'name' | 'clientName'>): string {
  return call.clientName ?? call.name;
}

/** A place in a resource that names a call. */
export interface CallRefSite {
  /** JSON pointer in the resource file. */
  pointer: string;
  name: string;
  /** Names another call here (the console's metadata: the client function). */
  set(name: string): void;
}

/** The parts of a resource that name calls (a registry resource and the console's metadata both have them). */
export interface CallRefHolder {
  list: { source?: { call: string }; detailPanels?: { call: string }[] };
  actions: {
    call?: string;
    run?: { form?: { call: string }; inputs?: { options?: string }[] };
    assign?: { candidates?: string; linked?: string; scope?: { call: string } };
  }[];
  relations: Record<string, { candidates?: string }>;
}

/** Every reference to a call in a resource (see the top of this file). */
export function callRefSites(r: CallRefHolder): CallRefSite[] {
  const sites: CallRefSite[] = [];
  const add = <T extends object, K extends keyof T>(pointer: string, holder: T | undefined, key: K) => {
    const name = holder?.[key];
    if (holder && typeof name === 'string') sites.push({ pointer, name, set: (n) => ((holder as Record<K, unknown>)[key] = n) });
  };
  add('/list/source/call', r.list.source, 'call');
  (r.list.detailPanels ?? []).forEach((p, i) => add(`/list/detailPanels/${i}/call`, p, 'call'));
  r.actions.forEach((a, i) => {
    add(`/actions/${i}/call`, a, 'call');
    add(`/actions/${i}/run/form/call`, a.run?.form, 'call');
    (a.run?.inputs ?? []).forEach((input, j) => add(`/actions/${i}/run/inputs/${j}/options`, input, 'options'));
    add(`/actions/${i}/assign/candidates`, a.assign, 'candidates');
    add(`/actions/${i}/assign/linked`, a.assign, 'linked');
    add(`/actions/${i}/assign/scope/call`, a.assign?.scope, 'call');
  });
  for (const [key, rel] of Object.entries(r.relations)) add(`/relations/${key}/candidates`, rel, 'candidates');
  return sites;
}
