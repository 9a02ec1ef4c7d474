/** Breadcrumb items (spec 2): the route chain, rooted at the workbench; /redirect is ignored. */
import { HOME_PATH, REDIRECT_PREFIX, WORKBENCH_PATH } from '../../constants/spec.ts';
import type { AppRoute } from '../../permission/routeTypes.ts';

export interface BreadcrumbEntry {
  path: string;
  title: string;
  /** The last item and parents without a page of their own are not links. */
  link: boolean;
}

export function breadcrumbItems(pathname: string, chain: readonly AppRoute[] | undefined): BreadcrumbEntry[] | undefined {
  if (pathname.startsWith(`${REDIRECT_PREFIX}/`)) return undefined;
  const items = (chain ?? [])
    .filter((r) => r.path !== HOME_PATH && r.meta.title && r.meta.breadcrumb !== false)
    .map((r) => ({ path: r.path, title: r.meta.title!, link: !!(r.component || (r.redirect && !r.noRedirect)) }));
  if (items[0]?.path !== WORKBENCH_PATH) items.unshift({ path: WORKBENCH_PATH, title: 'routes.workbench', link: true });
  const last = items[items.length - 1];
  if (last) last.link = false;
  return items;
}
