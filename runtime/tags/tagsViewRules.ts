/**
 * The tab rules of spec section 4, as pure functions over the visited and cached lists.
 * Visited tabs are unique by path; the cache holds page keys (route name, else path).
 */
import { HOME_PATH, NO_NAME_TITLE, REDIRECT_PREFIX } from '../constants/spec.ts';

export interface TagView {
  path: string;
  /** Path plus query and hash: where the tab navigates back to. */
  fullPath: string;
  name?: string;
  title: string;
  affix?: boolean;
  noCache?: boolean;
}

export interface TagLists {
  visited: TagView[];
  cached: string[];
}

/** The cache key of a view: its route name, else its path. */
export function cacheKey(view: Pick<TagView, 'name' | 'path'>): string {
  return view.name || view.path;
}

/** Adds a tab unless one with the same path exists; a missing title becomes "no-name". */
export function addVisitedView(visited: readonly TagView[], view: TagView): TagView[] {
  if (visited.some((v) => v.path === view.path)) return [...visited];
  return [...visited, { ...view, title: view.title || NO_NAME_TITLE }];
}

/** Caches a page only if its key is not there and it is not marked noCache. */
export function addCachedView(cached: readonly string[], view: TagView): string[] {
  const key = cacheKey(view);
  if (view.noCache || cached.includes(key)) return [...cached];
  return [...cached, key];
}

export function addView(lists: TagLists, view: TagView): TagLists {
  return { visited: addVisitedView(lists.visited, view), cached: addCachedView(lists.cached, view) };
}

/** Closing a tab removes it from both lists (a pinned tab cannot be closed). */
export function delView(lists: TagLists, view: TagView): TagLists {
  const target = lists.visited.find((v) => v.path === view.path);
  if (target?.affix) return { visited: [...lists.visited], cached: [...lists.cached] };
  return {
    visited: lists.visited.filter((v) => v.path !== view.path),
    cached: lists.cached.filter((k) => k !== cacheKey(view)),
  };
}

/** Removes a page from the cache only (refresh). */
export function delCachedView(cached: readonly string[], view: TagView): string[] {
  return cached.filter((k) => k !== cacheKey(view));
}

/** Keeps the pinned tabs and the current one; the cache keeps only the current page. */
export function delOthersViews(lists: TagLists, view: TagView): TagLists {
  const key = cacheKey(view);
  return {
    visited: lists.visited.filter((v) => v.affix || v.path === view.path),
    cached: lists.cached.includes(key) ? [key] : [],
  };
}

/** Keeps the pinned tabs and empties the cache. */
export function delAllViews(lists: TagLists): TagLists {
  return { visited: lists.visited.filter((v) => v.affix), cached: [] };
}

/** Updates the tab with the same path (e.g. a new query string or title). */
export function updateVisitedView(visited: readonly TagView[], view: Partial<TagView> & { path: string }): TagView[] {
  return visited.map((v) => (v.path === view.path ? { ...v, ...view } : v));
}

/**
 * Where to go after closing the active tab: the last remaining tab; with none left, home,
 * or a refresh of home when home itself was closed.
 */
export function pathAfterClosing(remaining: readonly TagView[], closed: TagView, homePath: string = HOME_PATH): string {
  const last = remaining[remaining.length - 1];
  if (last) return last.fullPath;
  if (closed.path === homePath || closed.fullPath === homePath) return `${REDIRECT_PREFIX}${closed.fullPath}`;
  return homePath;
}
