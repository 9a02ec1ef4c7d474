/** The recently visited pages list (workbench shortcuts). */
import { RECENT_VISITS_LIMIT, WORKBENCH_PATH } from '../constants/spec.ts';

export interface RecentVisit {
  path: string;
  fullPath: string;
  title: string;
  icon?: string;
}

/** Most recent first, unique by path, the workbench itself left out. */
export function rememberVisit(list: readonly RecentVisit[], visit: RecentVisit, limit = RECENT_VISITS_LIMIT): RecentVisit[] {
  if (visit.path === WORKBENCH_PATH) return [...list];
  return [visit, ...list.filter((v) => v.path !== visit.path)].slice(0, limit);
}
