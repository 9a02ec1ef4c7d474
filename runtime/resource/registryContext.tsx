/**
 * The resource registry (every resource's metadata, by name) reaches the console's components
 * through one provider, never through imports of the generated module: the app root provides
 * the generated registry, a test or a document loaded at run time provides its own, and the
 * same components render either.
 *
 * The provider takes the registry itself or a lazy source of it (`lazyRegistry`): the generated
 * registry is large, so it is loaded when a component first asks for it (the sign-in page
 * downloads none of it), and `useRegistry` suspends until then.
 */
import { createContext, use, type ReactNode } from 'react';
import type { ResourceMeta } from '../generated/resources.ts';

/** Every resource's metadata, by resource name. */
export type Registry = Readonly<Record<string, ResourceMeta>>;

/** A registry loaded on first use, once. */
export interface LazyRegistry {
  readonly load: () => Promise<Registry>;
}

/** A registry source whose `load` runs on first use and is remembered. */
export function lazyRegistry(load: () => Promise<Registry>): LazyRegistry {
  let promise: Promise<Registry> | undefined;
  return {
    load: () => {
      promise ??= load();
      return promise;
    },
  };
}

const RegistryContext = createContext<Registry | LazyRegistry | undefined>(undefined);

function isLazy(value: Registry | LazyRegistry): value is LazyRegistry {
  return typeof (value as Partial<LazyRegistry>).load === 'function';
}

export function RegistryProvider({ registry, children }: { registry: Registry | LazyRegistry; children?: ReactNode }) {
  return <RegistryContext value={registry}>{children}</RegistryContext>;
}

/** The registry of the nearest provider; suspends while a lazy one loads. */
export function useRegistry(): Registry {
  const value = use(RegistryContext);
  if (!value) throw new Error('useRegistry: no RegistryProvider above this component');
  return isLazy(value) ? use(value.load()) : value;
}
