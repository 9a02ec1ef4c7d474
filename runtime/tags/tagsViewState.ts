/** Visited and cached tabs (spec 4); the rules live in tags/tagsViewRules.ts. */
import { proxy, subscribe } from 'valtio';
import { TAGS_STORAGE_KEY } from '../constants/spec.ts';
import {
  addView,
  addVisitedView,
  delAllViews,
  delCachedView,
  delOthersViews,
  delView,
  updateVisitedView,
  type TagLists,
  type TagView,
} from './tagsViewRules.ts';

function load(): TagLists {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(TAGS_STORAGE_KEY) ?? 'null') as TagLists | null;
    if (parsed && Array.isArray(parsed.visited) && Array.isArray(parsed.cached)) return parsed;
  } catch {
    // A corrupt entry starts empty.
  }
  return { visited: [], cached: [] };
}

/** The tabs survive a reload of the browser tab (session storage), not a new session. */
export const tagsViewState = proxy<TagLists>(load());

subscribe(tagsViewState, () => {
  sessionStorage.setItem(TAGS_STORAGE_KEY, JSON.stringify({ visited: tagsViewState.visited, cached: tagsViewState.cached }));
});

function apply(next: TagLists): void {
  tagsViewState.visited = next.visited;
  tagsViewState.cached = next.cached;
}

function snapshot(): TagLists {
  return { visited: [...tagsViewState.visited], cached: [...tagsViewState.cached] };
}

export function addTag(view: TagView): void {
  apply(addView(snapshot(), view));
}

export function addAffixTag(view: TagView): void {
  tagsViewState.visited = addVisitedView(tagsViewState.visited, { ...view, affix: true });
}

export function closeTag(view: TagView): TagLists {
  apply(delView(snapshot(), view));
  return snapshot();
}

export function closeOtherTags(view: TagView): void {
  apply(delOthersViews(snapshot(), view));
}

export function closeAllTags(): TagLists {
  apply(delAllViews(snapshot()));
  return snapshot();
}

export function uncacheTag(view: TagView): void {
  tagsViewState.cached = delCachedView(tagsViewState.cached, view);
}

export function updateTag(view: Partial<TagView> & { path: string }): void {
  tagsViewState.visited = updateVisitedView(tagsViewState.visited, view);
}

/** Drops the tabs whose path is no longer routable (after the routes changed). */
export function keepRoutableTags(isRoutable: (path: string) => boolean): void {
  const visited = tagsViewState.visited.filter((v) => isRoutable(v.path));
  if (visited.length !== tagsViewState.visited.length) tagsViewState.visited = visited;
}

/** Forgets every tab, pinned ones too (log out). */
export function resetTags(): void {
  apply({ visited: [], cached: [] });
}
