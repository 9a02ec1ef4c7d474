/** Visited and cached tabs (spec 4); the rules live in tags/tagsViewRules.ts. */
import { proxy } from 'valtio';
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
} from '../tags/tagsViewRules.ts';

export const tagsViewState = proxy<TagLists>({ visited: [], cached: [] });

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

/** Forgets every tab, pinned ones too (log out). */
export function resetTags(): void {
  apply({ visited: [], cached: [] });
}
