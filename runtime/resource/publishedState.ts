/**
 * The resources the signed-in user's tenant published from documents (the form generator), as
 * queryPublishedResources answers them after sign-in: their metadata, by name, in the shape of
 * the generated registry. The signed-in layout adds them to the registry it provides
 * (resource/PublishedRegistry.tsx); resource/publishedResources.ts fills them.
 */
import { proxy, ref } from 'valtio';
import type { ResourceMeta } from '../generated/resources.ts';

export const publishedState = proxy({
  resources: ref({} as Record<string, ResourceMeta>),
});

export function setPublished(resources: Record<string, ResourceMeta>): void {
  publishedState.resources = ref(resources);
}

export function resetPublished(): void {
  setPublished({});
}
