/**
 * The calls of the permission screens, through the generated client with the console's HTTP
 * transport (failures are toasted by the HTTP client unless marked silent), answering the
 * envelope's data in the shapes the screens use.
 */
import { platform, SILENT } from '../../api/platform.ts';
import type { SysTenant, SysUrl } from '../../generated/types.ts';
import { MAX_PAGE_SIZE } from '../../../schemas/registry/limits.ts';

/** Pages read at most when collecting every record of a list. */
const MAX_PAGES = 100;

export interface PageAnswer<T> {
  list: T[];
  total: number;
}

/** Every record of a paged list: pages of `pageSize` until `total` records (or an empty page) arrived. */
export async function allPages<T>(
  fetchPage: (currentPage: number, pageSize: number) => Promise<PageAnswer<T>>,
  pageSize = MAX_PAGE_SIZE,
): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { list, total } = await fetchPage(page, pageSize);
    out.push(...list);
    if (list.length === 0 || out.length >= total || list.length < pageSize) break;
  }
  return out;
}

function pageOf<T>(data: { list?: T[]; pagination?: { total?: number } } | undefined): PageAnswer<T> {
  const list = data?.list ?? [];
  return { list, total: data?.pagination?.total ?? list.length };
}

export async function client() {
  return platform();
}

/** Every URL permission, by URL. */
export async function allUrls(): Promise<SysUrl[]> {
  const api = await platform();
  return allPages(async (currentPage, pageSize) => pageOf((await api.querySysUrl({ currentPage, pageSize })).data));
}

/** Every tenant; the call is platform-scoped, so its refusal is reported by the caller (no toast). */
export async function allTenants(): Promise<SysTenant[]> {
  const api = await platform();
  return allPages(async (currentPage, pageSize) => pageOf((await api.querySysTenant({ currentPage, pageSize }, SILENT)).data));
}
