/**
 * The registry of the signed-in layout: the generated registry with the resources the tenant
 * published at run time added (resource/publishedState.ts, loaded after sign-in by
 * publishedResources.ts, and kept current by publishedRefresh.ts: every PUBLISHED_POLL_MS
 * while the tab is visible). It lives with the layout, not the app root, so that the sign-in
 * page downloads none of it.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { PUBLISHED_POLL_MS } from '../../schemas/registry/documentLimits.ts';
import { publishedState } from './publishedState.ts';
import { refreshPublished } from './publishedRefresh.ts';
import { lazyRegistry, RegistryProvider, type LazyRegistry, type Registry } from './registryContext.tsx';

/**
 * The registry with resources published at run time added (their metadata has the generated
 * registry's shape); a file's resource wins a name clash.
 */
export function withPublished(base: Registry | LazyRegistry, published: Registry): Registry | LazyRegistry {
  if (Object.keys(published).length === 0) return base;
  if (typeof (base as Partial<LazyRegistry>).load !== 'function') return { ...published, ...(base as Registry) };
  const lazy = base as LazyRegistry;
  return lazyRegistry(async () => ({ ...published, ...(await lazy.load()) }));
}

/** The generated registry, loaded when a page first needs it (the same module the app root loads). */
const generatedRegistry = lazyRegistry(async () => (await import('../generated/resources.ts')).resources);

/** Asks for the published resources again every PUBLISHED_POLL_MS while the tab is visible, and when it becomes visible. */
function usePublishedPoll(): void {
  useEffect(() => {
    const poll = () => {
      if (document.visibilityState === 'visible') void refreshPublished().catch(() => undefined);
    };
    const timer = setInterval(poll, PUBLISHED_POLL_MS);
    document.addEventListener('visibilitychange', poll);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', poll);
    };
  }, []);
}

export default function PublishedRegistry({ children }: { children?: ReactNode }) {
  usePublishedPoll();
  const { resources } = useSnapshot(publishedState);
  const registry = useMemo(() => withPublished(generatedRegistry, resources), [resources]);
  return <RegistryProvider registry={registry}>{children}</RegistryProvider>;
}
