/**
 * The mock articles: 100 generated from a fixed seed when a server starts, kept in memory by
 * that server; create and update change them until it stops.
 */
import { Seeded, dateTimeText, firstName, title } from './seeded.ts';

export const ARTICLE_TYPES = ['CN', 'US', 'JP', 'EU'] as const;
const ARTICLE_STATUSES = ['published', 'draft'] as const;
const ARTICLE_COUNT = 100;
const DEFAULT_PAGE = 1;
const DEFAULT_LIMIT = 20;
/** The most articles one list answer holds. */
const MAX_LIMIT = 100;
const SEED = 20_260_101;
/** Generated timestamps fall between these two times (UTC), never relative to now. */
const FIRST_TIME = Date.UTC(2020, 0, 1);
const LAST_TIME = Date.UTC(2025, 11, 31);
const CONTENT = '<p>Mock article text for the demo pages.</p>';

export interface Article {
  id: number;
  timestamp: number;
  author: string;
  reviewer: string;
  title: string;
  content_short: string;
  content: string;
  forecast: number;
  importance: number;
  type: (typeof ARTICLE_TYPES)[number];
  status: (typeof ARTICLE_STATUSES)[number];
  display_time: string;
  comment_disabled: boolean;
  pageviews: number;
  image_uri: string;
  platforms: string[];
}

export interface ArticleQuery {
  importance?: string;
  type?: string;
  title?: string;
  page?: string;
  limit?: string;
  sort?: string;
}

export function generateArticles(count = ARTICLE_COUNT, seed = SEED): Article[] {
  const rng = new Seeded(seed);
  return Array.from({ length: count }, (_, i) => {
    const timestamp = rng.integer(FIRST_TIME, LAST_TIME);
    return {
      id: i + 1,
      timestamp,
      author: firstName(rng),
      reviewer: firstName(rng),
      title: title(rng, 5, 10),
      content_short: 'mock data',
      content: CONTENT,
      forecast: rng.float(0, 100, 2),
      importance: rng.integer(1, 3),
      type: rng.pick(ARTICLE_TYPES),
      status: rng.pick(ARTICLE_STATUSES),
      display_time: dateTimeText(rng.integer(FIRST_TIME, LAST_TIME)),
      comment_disabled: true,
      pageviews: rng.integer(300, 5000),
      image_uri: '',
      platforms: ['a-platform'],
    };
  });
}

/** A positive integer from a query parameter, or the fallback when it is missing or not one. */
function positive(text: string | undefined, fallback: number): number {
  if (text === undefined || !/^\d+$/.test(text)) return fallback;
  const n = Number(text);
  return n >= 1 ? n : fallback;
}

/** The known fields of a posted article that have the right type; everything else is ignored. */
export function articleFields(body: unknown): Partial<Article> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const b = body as Record<string, unknown>;
  const out: Partial<Article> = {};
  const str = (k: 'author' | 'reviewer' | 'title' | 'content_short' | 'content' | 'display_time' | 'image_uri') => {
    if (typeof b[k] === 'string') out[k] = b[k];
  };
  (['author', 'reviewer', 'title', 'content_short', 'content', 'display_time', 'image_uri'] as const).forEach(str);
  if (typeof b.timestamp === 'number' && Number.isFinite(b.timestamp)) out.timestamp = b.timestamp;
  if (typeof b.forecast === 'number' && Number.isFinite(b.forecast)) out.forecast = b.forecast;
  if (typeof b.pageviews === 'number' && Number.isInteger(b.pageviews)) out.pageviews = b.pageviews;
  const importance = Number(b.importance);
  if (Number.isInteger(importance) && importance >= 1 && importance <= 3) out.importance = importance;
  if (ARTICLE_TYPES.includes(b.type as Article['type'])) out.type = b.type as Article['type'];
  if (ARTICLE_STATUSES.includes(b.status as Article['status'])) out.status = b.status as Article['status'];
  if (typeof b.comment_disabled === 'boolean') out.comment_disabled = b.comment_disabled;
  if (Array.isArray(b.platforms) && b.platforms.every((p) => typeof p === 'string')) out.platforms = b.platforms as string[];
  return out;
}

export class ArticleStore {
  private readonly items: Article[];

  constructor(items: Article[] = generateArticles()) {
    this.items = items;
  }

  /**
   * Articles matching the filters (importance equal, type equal, title containing the text),
   * in id order or reversed with sort "-id", one page of `limit` (default 20, at most 100)
   * from page `page` (default 1).
   */
  list(query: ArticleQuery): { total: number; items: Article[] } {
    const found = this.matching(query);
    if (query.sort === '-id') found.reverse();
    const page = positive(query.page, DEFAULT_PAGE);
    const limit = Math.min(positive(query.limit, DEFAULT_LIMIT), MAX_LIMIT);
    return { total: found.length, items: found.slice(limit * (page - 1), limit * page) };
  }

  /** Every article matching the filters of `query` (importance, type, title), in id order. */
  matching(query: Pick<ArticleQuery, 'importance' | 'type' | 'title'>): Article[] {
    const importance = query.importance ? Number(query.importance) : undefined;
    return this.items
      .filter(
        (a) =>
          (importance === undefined || a.importance === importance) &&
          (!query.type || a.type === query.type) &&
          (!query.title || a.title.includes(query.title)),
      )
      .sort((a, b) => a.id - b.id);
  }

  detail(id: number): Article | undefined {
    return this.items.find((a) => a.id === id);
  }

  /** Adds an article with the next id; fields not given take the generated defaults. */
  create(fields: Partial<Article>, now: number): Article {
    const id = this.items.reduce((max, a) => Math.max(max, a.id), 0) + 1;
    const article: Article = {
      id,
      timestamp: now,
      author: '',
      reviewer: '',
      title: '',
      content_short: '',
      content: '',
      forecast: 0,
      importance: 1,
      type: 'CN',
      status: 'draft',
      display_time: dateTimeText(now),
      comment_disabled: false,
      pageviews: 0,
      image_uri: '',
      platforms: ['a-platform'],
      ...fields,
    };
    this.items.push(article);
    return article;
  }

  /** Changes the given fields of article `id`; false when there is none. */
  update(id: number, fields: Partial<Article>): boolean {
    const article = this.detail(id);
    if (!article) return false;
    Object.assign(article, fields, { id });
    return true;
  }
}

/** Page views of one article by platform: the same figures for the same id on every run. */
export function pageViews(id: number): { key: string; pv: number }[] {
  const rng = new Seeded(SEED + id);
  return ['PC', 'mobile', 'ios', 'android'].map((key) => ({ key, pv: rng.integer(100, 2000) }));
}
