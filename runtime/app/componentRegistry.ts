/**
 * Named page components that routes can render. The shell registers its own pages
 * (workbench, profile, error pages...); later modules (generic resource pages, workflow,
 * jobs, material) call `registerComponent` with a lazy loader. A menu entry whose component
 * is not registered is left out of the routes and the sidebar.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

const loaders = new Map<string, PageLoader>();
const components = new Map<string, LazyExoticComponent<ComponentType>>();
const aliases = new Map<string, string>();

/** Registers a page under `name` (and optional aliases: menu component names or absolute paths). */
export function registerComponent(name: string, loader: PageLoader, alias: readonly string[] = []): void {
  loaders.set(name, loader);
  components.delete(name);
  for (const a of alias) aliases.set(a, name);
}

export function hasComponent(name: string | undefined): boolean {
  return !!name && (loaders.has(name) || aliases.has(name));
}

function canonical(name: string): string | undefined {
  if (loaders.has(name)) return name;
  return aliases.get(name);
}

/** Menu component names that mean "a parent, no page of its own". */
const CONTAINER_COMPONENTS = new Set(['Layout', 'ParentView', 'RouteView', '']);

/**
 * The registry key that renders a menu node: its component (a "views/" prefix and an
 * "/index" suffix ignored), else its absolute path. Names are not used: the server names
 * nodes by menu code, which may equal a page name by chance.
 */
export function resolveComponentKey(node: { component?: string; name?: string; path: string }): string | undefined {
  if (node.component !== undefined && CONTAINER_COMPONENTS.has(node.component)) return undefined;
  for (const candidate of [node.component, node.path]) {
    if (!candidate) continue;
    const key = canonical(candidate) ?? canonical(candidate.replace(/^\/?(views\/)?/, '').replace(/\/index(\.\w+)?$/, ''));
    if (key) return key;
  }
  return undefined;
}

/** The lazy component for a registry key (created once per key). */
export function getComponent(name: string): LazyExoticComponent<ComponentType> | undefined {
  const key = canonical(name);
  if (!key) return undefined;
  let component = components.get(key);
  if (!component) {
    const loader = loaders.get(key)!;
    // a page whose code failed to load is loaded again the next time it is drawn ("Try again")
    component = lazy(() =>
      loader().catch((err: unknown) => {
        components.delete(key);
        throw err;
      }),
    );
    components.set(key, component);
  }
  return component;
}
