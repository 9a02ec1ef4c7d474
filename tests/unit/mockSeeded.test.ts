/** The seeded generator behind the mock data: the same values for the same seed, bounds kept. */
import { describe, expect, it } from 'vitest';
import { Seeded } from '../../server-mock/mockApi/seeded.ts';
import { generateArticles, ARTICLE_TYPES } from '../../server-mock/mockApi/articles.ts';

describe('Seeded', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const run = (seed: number) => {
      const r = new Seeded(seed);
      return Array.from({ length: 50 }, () => r.next());
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
    expect(run(42).every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('draws integers from min to max, both ends included', () => {
    const r = new Seeded(1);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(r.integer(1, 3));
    expect([...seen].sort()).toEqual([1, 2, 3]);
  });

  it('makes a guid of the 8-4-4-4-12 form', () => {
    expect(new Seeded(5).guid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('generateArticles', () => {
  it('is the same on every call: no value comes from Math.random or the clock', () => {
    expect(generateArticles()).toEqual(generateArticles());
    const a = generateArticles();
    expect(a).toHaveLength(100);
    expect(a.map((x) => x.id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(
      a.every((x) => x.importance >= 1 && x.importance <= 3 && ARTICLE_TYPES.includes(x.type) && x.pageviews >= 300 && x.pageviews <= 5000),
    ).toBe(true);
    expect(new Set(a.map((x) => x.type)).size).toBe(4);
  });
});
