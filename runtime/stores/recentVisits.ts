/** Recently visited pages for the workbench's shortcuts, kept in local storage. */
import { proxy, subscribe } from 'valtio';
import { RECENT_VISITS_LIMIT, RECENT_VISITS_STORAGE_KEY, WORKBENCH_PATH } from '../constants/spec.ts';

export interface RecentVisit {
  path: string;
  fullPath: string;
  title: string;
  icon?: string;
}

function load(): RecentVisit[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(RECENT_VISITS_STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as RecentVisit[]) : [];
  } catch {
    return [];
  }
}

export const recentVisitsState = proxy({ list: load() });

subscribe(recentVisitsState, () => {
  localStorage.setItem(RECENT_VISITS_STORAGE_KEY, JSON.stringify(recentVisitsState.list));
});

/** Most recent first, unique by path, the workbench itself left out. */
export function rememberVisit(list: readonly RecentVisit[], visit: RecentVisit, limit = RECENT_VISITS_LIMIT): RecentVisit[] {
  if (visit.path === WORKBENCH_PATH) return [...list];
  return [visit, ...list.filter((v) => v.path !== visit.path)].slice(0, limit);
}

export function recordVisit(visit: RecentVisit): void {
  const next = rememberVisit(recentVisitsState.list, visit);
  if (JSON.stringify(next) !== JSON.stringify(recentVisitsState.list)) recentVisitsState.list = next;
}
