/** Recently visited pages for the workbench's shortcuts, kept in local storage. */
import { proxy, subscribe } from 'valtio';
import { RECENT_VISITS_STORAGE_KEY } from '../constants/spec.ts';
import { rememberVisit, type RecentVisit } from './rememberVisit.ts';

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

export function recordVisit(visit: RecentVisit): void {
  const next = rememberVisit(recentVisitsState.list, visit);
  if (JSON.stringify(next) !== JSON.stringify(recentVisitsState.list)) recentVisitsState.list = next;
}
