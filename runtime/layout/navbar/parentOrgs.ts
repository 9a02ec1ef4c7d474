/** Parent organisations: the orgs that have no parent within the list. */
export function parentOrgs<T extends { id: number; orgParent?: number | null }>(orgs: readonly T[]): T[] {
  const ids = new Set(orgs.map((o) => o.id));
  const roots = orgs.filter((o) => !o.orgParent || !ids.has(o.orgParent));
  return roots.length ? roots : [...orgs];
}
