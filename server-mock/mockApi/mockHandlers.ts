/**
 * The development mock calls declared in resource files (`"mock": true`, schemas/resources/
 * mock-article.json): served through the platform's call pipeline, so a generic list page shows
 * their rows (list.source), but only with MOCK_API=1 (server-mock/calls/registerCalls.ts).
 * They share the mock articles of server-mock/mockApi/mockApi.ts: one store per server.
 */
import type { CallHandler, Services } from '../calls/context.ts';
import { ArticleStore, type Article } from './articles.ts';

const stores = new WeakMap<Services, ArticleStore>();

/** The mock articles of one server (created with its first use). */
export function articleStoreOf(services: Services): ArticleStore {
  let store = stores.get(services);
  if (!store) {
    store = new ArticleStore();
    stores.set(services, store);
  }
  return store;
}

/** An article as a row of the MockArticle list. */
interface ArticleRow {
  id: number;
  title: string;
  author: string;
  importance: number;
  type: Article['type'];
  status: Article['status'];
  displayTime: string;
  pageviews: number;
}

const SORTABLE = new Set<keyof ArticleRow>(['id', 'importance', 'pageviews', 'displayTime']);

const toRow = (a: Article): ArticleRow => ({
  id: a.id,
  title: a.title,
  author: a.author,
  importance: a.importance,
  type: a.type,
  status: a.status,
  displayTime: a.display_time,
  pageviews: a.pageviews,
});

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * GET /api/mock/article/queryMockArticle: the articles as a page {list, pagination}; filters
 * importance and type (equal), title (contains, case kept), as article/list does; in id order
 * unless `sorter` (id, importance, pageviews or displayTime, ties by id) says otherwise.
 */
const articles: CallHandler = async (ctx) => {
  const q = ctx.query;
  const importance = typeof q.importance === 'number' ? String(q.importance) : text(q.importance);
  let rows = articleStoreOf(ctx.services)
    .matching({ importance, type: text(q.type), title: text(q.title) })
    .map(toRow);
  const sorter = /^([A-Za-z]+)_(ascend|descend)$/.exec(text(q.sorter) ?? '');
  const field = sorter?.[1] as keyof ArticleRow | undefined;
  if (sorter && field && SORTABLE.has(field)) {
    const sign = sorter[2] === 'descend' ? -1 : 1;
    const cmp = (a: ArticleRow, b: ArticleRow) => {
      const x = a[field];
      const y = b[field];
      return x < y ? -1 : x > y ? 1 : 0;
    };
    rows = [...rows].sort((a, b) => sign * (cmp(a, b) || a.id - b.id));
  }
  const pageSize = typeof q.pageSize === 'number' ? q.pageSize : Math.max(rows.length, 1);
  const current = typeof q.currentPage === 'number' ? q.currentPage : 1;
  return { list: rows.slice((current - 1) * pageSize, current * pageSize), pagination: { total: rows.length, pageSize, current } };
};

export const mockHandlers: Record<string, CallHandler> = {
  'mock.articles': articles,
};
