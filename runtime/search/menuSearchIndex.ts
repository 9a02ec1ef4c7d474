/**
 * Menu search (spec 2, 9): fuzzy over the menu titles and paths, threshold 0.4, weights
 * title 0.7, pinyin 0.3, path 0.3. Pinyin is added only when asked (Chinese + setting on).
 */
import Fuse from 'fuse.js';
import { SEARCH_THRESHOLD, SEARCH_WEIGHT_PATH, SEARCH_WEIGHT_PINYIN, SEARCH_WEIGHT_TITLE } from '../constants/spec.ts';
import type { AppRoute } from '../permission/routeTypes.ts';

export interface MenuSearchEntry {
  path: string;
  /** The titles from the top menu down to this entry. */
  title: string[];
  /** Full pinyin and initials of each title (only with pinyin search). */
  pinyin?: string[];
}

/** Navigable, visible menu entries with their translated title trail. */
export function buildSearchEntries(
  routes: readonly AppRoute[],
  translateTitle: (title: string) => string,
  trail: string[] = [],
): MenuSearchEntry[] {
  const entries: MenuSearchEntry[] = [];
  for (const route of routes) {
    if (route.hidden || route.external) continue;
    const title = route.meta.title ? translateTitle(route.meta.title) : '';
    // A child titled like its parent ("Error log > Error log") shows once.
    const here = title && trail[trail.length - 1] !== title ? [...trail, title] : trail;
    const visibleChildren = route.children.filter((c) => !c.hidden);
    if (visibleChildren.length) {
      entries.push(...buildSearchEntries(route.children, translateTitle, here));
    } else if (title && route.component) {
      entries.push({ path: route.path, title: here });
    }
  }
  return entries;
}

export type ToPinyin = (text: string) => { full: string; initials: string };

export function createMenuSearch(entries: readonly MenuSearchEntry[], toPinyin?: ToPinyin): Fuse<MenuSearchEntry> {
  const docs = toPinyin
    ? entries.map((e) => ({
        ...e,
        pinyin: e.title.flatMap((t) => {
          const p = toPinyin(t);
          return [p.full, p.initials];
        }),
      }))
    : entries.map((e) => ({ ...e }));
  const keys = [
    { name: 'title', weight: SEARCH_WEIGHT_TITLE },
    { name: 'path', weight: SEARCH_WEIGHT_PATH },
    ...(toPinyin ? [{ name: 'pinyin', weight: SEARCH_WEIGHT_PINYIN }] : []),
  ];
  return new Fuse(docs, {
    shouldSort: true,
    threshold: SEARCH_THRESHOLD,
    location: 0,
    distance: 100,
    minMatchCharLength: 1,
    keys,
  });
}

export function searchMenu(index: Fuse<MenuSearchEntry>, query: string): MenuSearchEntry[] {
  const q = query.trim();
  if (!q) return [];
  return index.search(q).map((r) => r.item);
}
