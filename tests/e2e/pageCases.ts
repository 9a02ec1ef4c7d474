/**
 * What the schema-driven page suites generate, decided when the tests are collected, from the
 * registry and from the grants the demo roles get when a tenant is provisioned
 * (server-mock/seed/provisionTenant.ts): a case that does not apply to a page is not generated,
 * rather than skipped while it runs, so that a skip vitest reports means something. Each suite
 * checks in a test of its own that the running server grants what its cases were generated
 * from, and prints how many cases of each kind it generated and which pages each kind left out,
 * and why.
 */
import { expect } from 'vitest';
import type { Resource } from '../../schemas/registry/types.ts';
import { EDITOR_DENIED_MENU_PATHS, EDITOR_HIDDEN_USER_FIELDS, editorGrants } from '../../server-mock/seed/provisionTenant.ts';
import { authorityOf, registry, resourcePages, type Api, type ResourcePageDef } from './resourceLocators.ts';

/** What a demo role is granted on the resource pages, as the seed writes it. */
export interface RoleGrants {
  role: string;
  /** Holds this button (`sysuser:add`). */
  holds(permission: string): boolean;
  /** Its menu offers this page. */
  offers(page: ResourcePageDef): boolean;
  /** The fields of the page's resource its data permission hides. */
  hidden(r: Resource): string[];
}

const pagesMenus = new Set(resourcePages().flatMap(({ resource: r }) => (r.menu ? [r.menu] : [])));
/** The buttons of every menu in the tree: the seed grants each to the administrator. */
const treeButtons = new Set(
  registry.resources.filter((r) => r.menu && pagesMenus.has(r.menu)).flatMap((r) => r.actions.map((a) => a.permission)),
);

export const ADMIN_GRANTS: RoleGrants = {
  role: 'admin',
  holds: (permission) => treeButtons.has(permission),
  offers: () => true,
  hidden: () => [],
};

const editorHolds = editorGrants(registry);

export const EDITOR_GRANTS: RoleGrants = {
  role: 'editor',
  holds: (permission) => treeButtons.has(permission) && editorHolds(permission),
  offers: (page) => !EDITOR_DENIED_MENU_PATHS.some((p) => page.fullPath === p || page.fullPath.startsWith(`${p}/`)),
  hidden: (r) => (r.menu === 'sysuser' ? EDITOR_HIDDEN_USER_FIELDS.split(',').filter((f) => r.fieldMap.has(f)) : []),
};

/**
 * Checks that the signed-in user's authority (queryCurrentAuthority) is what the grants say on
 * every resource page: the pages its menu offers, the buttons it holds, the fields it may not see.
 */
export async function expectGrants(api: Api, grants: RoleGrants): Promise<void> {
  const authority = await authorityOf(api);
  const held = new Set(authority.menuButton);
  for (const page of resourcePages()) {
    const r = page.resource;
    expect(authority.paths.has(page.path), `${grants.role}: menu offers ${page.path}`).toBe(grants.offers(page));
    for (const a of r.actions) expect(held.has(a.permission), `${grants.role}: holds ${a.permission}`).toBe(grants.holds(a.permission));
    const hidden = r.menu ? (authority.dataFields[r.menu] ?? []).filter((f) => r.fieldMap.has(f)) : [];
    expect([...hidden].sort(), `${grants.role}: fields of ${r.name} hidden`).toEqual([...grants.hidden(r)].sort());
  }
}

/** The cases of one suite by kind: the pages generated, and those left out with the reason. */
export class CasePlan {
  private readonly kinds = new Map<string, { generated: string[]; left: string[] }>();

  constructor(private readonly suite: string) {}

  /** Records whether `kind` applies to page `name`: `why` is the reason it does not. Returns whether to generate it. */
  applies(kind: string, name: string, why: string | undefined): boolean {
    let entry = this.kinds.get(kind);
    if (!entry) this.kinds.set(kind, (entry = { generated: [], left: [] }));
    if (why) entry.left.push(`${name} (${why})`);
    else entry.generated.push(name);
    return !why;
  }

  /** The number of generated cases of each kind. */
  counts(): Record<string, number> {
    return Object.fromEntries([...this.kinds].map(([kind, e]) => [kind, e.generated.length]));
  }

  /** The pages some kind whose name starts with `prefix` was generated for. */
  pagesOf(prefix: string): Set<string> {
    return new Set([...this.kinds].filter(([kind]) => kind.startsWith(prefix)).flatMap(([, e]) => e.generated));
  }

  total(): number {
    return [...this.kinds.values()].reduce((n, e) => n + e.generated.length, 0);
  }

  /** Prints the counts per kind, and what each kind left out. */
  print(): void {
    const lines = [`${this.suite}: ${this.total()} generated cases`];
    for (const [kind, e] of this.kinds) {
      lines.push(`  ${kind}: ${e.generated.length}${e.left.length ? `; not generated for ${e.left.join(', ')}` : ''}`);
    }
    console.log(lines.join('\n'));
  }
}
