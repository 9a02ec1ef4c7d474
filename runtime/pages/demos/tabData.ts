/** The countries of the tab demo (the MockArticle `type` values), one tab each. */
export const COUNTRIES = ['CN', 'US', 'JP', 'EU'] as const;
export type Country = (typeof COUNTRIES)[number];

/** The tab a `tab` query value names, else the first. */
export function tabFromQuery(value: string | null): Country {
  return COUNTRIES.find((c) => c === value) ?? COUNTRIES[0];
}
