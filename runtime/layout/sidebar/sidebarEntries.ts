/**
 * The sidebar's entries from the visible routes: hidden routes are left out, and a parent
 * with a single visible child shows that child in its place (unless alwaysShow).
 */
import type { AppRoute } from '../../permission/routeTypes.ts';

export interface SidebarEntry {
  key: string;
  title: string;
  icon?: string;
  external?: boolean;
  children?: SidebarEntry[];
}

export function sidebarEntries(routes: readonly AppRoute[]): SidebarEntry[] {
  const out: SidebarEntry[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    const visible = route.children.filter((c) => !c.hidden);
    if (visible.length === 1 && !route.alwaysShow && visible[0]!.children.filter((c) => !c.hidden).length === 0) {
      const only = visible[0]!;
      out.push(leaf(only, route.meta.icon));
      continue;
    }
    if (visible.length === 0) {
      if (route.component || route.external) out.push(leaf(route));
      continue;
    }
    out.push({
      key: route.path,
      title: route.meta.title ?? route.name ?? route.path,
      icon: route.meta.icon,
      children: sidebarEntries(route.children),
    });
  }
  return out;
}

function leaf(route: AppRoute, parentIcon?: string): SidebarEntry {
  return {
    key: route.path,
    title: route.meta.title ?? route.name ?? route.path,
    icon: route.meta.icon ?? parentIcon,
    external: route.external,
  };
}

/** The keys of the submenus containing `key` (to open them). */
export function ancestorKeys(entries: readonly SidebarEntry[], key: string): string[] {
  for (const entry of entries) {
    if (entry.key === key) return [];
    if (entry.children) {
      const below = ancestorKeys(entry.children, key);
      if (below.length || entry.children.some((c) => c.key === key)) return [entry.key, ...below];
    }
  }
  return [];
}
