/** The mock articles the excel demo pages show and export (the mock API's article list). */
import { useEffect, useState } from 'react';
import type { TFunction } from '../../../i18n/translator.ts';
import { mockGet } from '../mockClient.ts';
import type { Cell } from './sheet.ts';

export interface MockArticle {
  id: number;
  title: string;
  author: string;
  pageviews: number;
  display_time: string;
}

/** How many articles the pages list. */
const ARTICLE_LIMIT = 20;

export function useMockArticles(): { articles: MockArticle[] | undefined; failed: boolean } {
  const [articles, setArticles] = useState<MockArticle[] | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    mockGet<{ items: MockArticle[] }>('article/list', { limit: ARTICLE_LIMIT }).then(
      (data) => live && setArticles(data.items),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  return { articles, failed };
}

const ARTICLE_COLUMNS = ['id', 'title', 'author', 'pageviews', 'display_time'] as const;

export function articleHeader(t: TFunction): string[] {
  return ARTICLE_COLUMNS.map((c) => t(`demo.excel.columns.${c}`));
}

export function articleRow(a: MockArticle): Cell[] {
  return ARTICLE_COLUMNS.map((c) => a[c]);
}
