/** The monitors page's points: rates and latency percentiles over the interval between two answers of queryServerMetrics. */
import { describe, expect, it } from 'vitest';
import { histogramQuantile, pointBetween } from '../../../runtime/pages/monitor/metricsSeries.ts';
import type { MetricsSummary } from '../../../schemas/registry/serverMetrics.ts';

const BOUNDS = [0.01, 0.1, 1];

function summary(over: Partial<MetricsSummary> = {}): MetricsSummary {
  const zero = { count: 0, sum: 0 };
  return {
    uptimeSeconds: 100,
    requests: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 },
    latency: { bounds: BOUNDS, counts: [0, 0, 0, 0], sum: 0 },
    eventLoop: { lag: 0.001, p50: 0.002, p90: 0.003, p99: 0.004, max: 0.02 },
    memory: { heapUsed: 50 * 1024 * 1024, heapTotal: 80 * 1024 * 1024, rss: 120 * 1024 * 1024 },
    database: { select: zero, insert: zero, update: zero, delete: zero, other: zero },
    pool: { connections: 2, idle: 2, waiting: 0 },
    signIns: { success: 0, refused: 0, locked: 0 },
    lockouts: 0,
    ...over,
  };
}

describe('histogramQuantile', () => {
  it('interpolates within the bucket of the rank, as Prometheus does', () => {
    // 10 observations: 4 up to 10 ms, 4 more up to 100 ms, 2 more up to 1 s
    const counts = [4, 8, 10, 10];
    expect(histogramQuantile(0.2, BOUNDS, counts)).toBeCloseTo(0.005);
    expect(histogramQuantile(0.5, BOUNDS, counts)).toBeCloseTo(0.01 + 0.09 * 0.25);
    expect(histogramQuantile(0.9, BOUNDS, counts)).toBeCloseTo(0.1 + 0.9 * 0.5);
  });

  it('answers the highest bound past the bounds, and null without observations', () => {
    expect(histogramQuantile(0.99, BOUNDS, [0, 0, 0, 5])).toBe(1);
    expect(histogramQuantile(0.5, BOUNDS, [0, 0, 0, 0])).toBeNull();
  });
});

describe('pointBetween', () => {
  it('gives the rates, percentiles and counts of the interval', () => {
    const prev = summary({
      requests: { '2xx': 100, '3xx': 0, '4xx': 10, '5xx': 0 },
      latency: { bounds: BOUNDS, counts: [50, 100, 110, 110], sum: 5 },
      database: {
        select: { count: 1000, sum: 1 },
        insert: { count: 0, sum: 0 },
        update: { count: 0, sum: 0 },
        delete: { count: 0, sum: 0 },
        other: { count: 0, sum: 0 },
      },
      signIns: { success: 3, refused: 1, locked: 0 },
    });
    const next = summary({
      uptimeSeconds: 104,
      requests: { '2xx': 140, '3xx': 0, '4xx': 14, '5xx': 2 },
      // the interval's 46 answers all took 10 to 100 ms
      latency: { bounds: BOUNDS, counts: [50, 146, 156, 156], sum: 8 },
      database: {
        select: { count: 1200, sum: 1.4 },
        insert: { count: 4, sum: 0.02 },
        update: { count: 0, sum: 0 },
        delete: { count: 0, sum: 0 },
        other: { count: 0, sum: 0 },
      },
      signIns: { success: 5, refused: 1, locked: 1 },
      lockouts: 1,
    });
    const p = pointBetween(prev, next, '10:00:04');
    expect(p.rps).toEqual({ '2xx': 10, '3xx': 0, '4xx': 1, '5xx': 0.5 });
    expect(p.latency.p50).toBeCloseTo(10 + 90 * 0.5);
    expect(p.latency.p99).toBeLessThanOrEqual(100);
    expect(p.database.select).toEqual({ perSecond: 50, meanMs: 2 });
    expect(p.database.insert).toEqual({ perSecond: 1, meanMs: 5 });
    expect(p.database.update.meanMs).toBeNull();
    expect(p.signIns).toEqual({ success: 2, refused: 0, locked: 1 });
    expect(p.lockouts).toBe(1);
    expect(p.eventLoop).toEqual({ p50: 2, p99: 4, max: 20 });
    expect(p.heap).toEqual({ used: 50, total: 80 });
    expect(p.label).toBe('10:00:04');
  });

  it('counts a restarted server from zero', () => {
    const prev = summary({ uptimeSeconds: 500, requests: { '2xx': 1000, '3xx': 0, '4xx': 0, '5xx': 0 } });
    const next = summary({ uptimeSeconds: 2, requests: { '2xx': 6, '3xx': 0, '4xx': 0, '5xx': 0 } });
    expect(pointBetween(prev, next, 'x').rps['2xx']).toBe(3);
  });
});
