/** The articles of the tab demo: a fixed set per country, the same on every load. */
export const COUNTRIES = ['CN', 'US', 'JP', 'EU'] as const;
export type Country = (typeof COUNTRIES)[number];

export interface DemoArticle {
  id: number;
  country: Country;
  /** number of the article within its country, 1-based */
  n: number;
  author: string;
  importance: 1 | 2 | 3;
  pageviews: number;
  /** yyyy-mm-dd */
  date: string;
}

const AUTHORS = ['Ada', 'Grace', 'Linus', 'Margaret', 'Ken', 'Barbara'];
export const ARTICLES_PER_COUNTRY = 8;

/** A small linear congruential generator: the same sequence for the same seed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

export function demoArticles(country: Country): DemoArticle[] {
  const index = COUNTRIES.indexOf(country);
  const random = seeded(index + 1);
  return Array.from({ length: ARTICLES_PER_COUNTRY }, (_, i) => {
    const month = 1 + Math.floor(random() * 12);
    const day = 1 + Math.floor(random() * 28);
    return {
      id: index * ARTICLES_PER_COUNTRY + i + 1,
      country,
      n: i + 1,
      author: AUTHORS[Math.floor(random() * AUTHORS.length)]!,
      importance: (1 + Math.floor(random() * 3)) as 1 | 2 | 3,
      pageviews: 100 + Math.floor(random() * 4900),
      date: `2025-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    };
  });
}

/** The tab a `tab` query value names, else the first. */
export function tabFromQuery(value: string | null): Country {
  return COUNTRIES.find((c) => c === value) ?? COUNTRIES[0];
}
