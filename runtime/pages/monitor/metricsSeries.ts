/**
 * The monitors page's figures: the server answers counters since its start and gauges as they
 * are (`queryServerMetrics`, docs/monitoring.md); two successive answers give one point of the
 * charts: rates and latency percentiles over the interval between them.
 */

import {
  OPERATIONS,
  SIGN_IN_OUTCOMES,
  STATUS_CLASSES,
  type MetricsSummary,
  type SignInOutcome,
} from '../../../schemas/registry/serverMetrics.ts';

/** One point of the charts: the interval that ends at `label`. */
export interface MetricsPoint {
  label: string;
  /** Answers per second by status class. */
  rps: Record<(typeof STATUS_CLASSES)[number], number>;
  /** Latency percentiles (ms) of the interval's answers; null without answers. */
  latency: { p50: number | null; p95: number | null; p99: number | null };
  /** Event-loop lag (ms). */
  eventLoop: { p50: number; p99: number; max: number };
  /** Heap (MiB). */
  heap: { used: number; total: number };
  /** Statements per second and their mean time (ms; null without any) by operation. */
  database: Record<(typeof OPERATIONS)[number], { perSecond: number; meanMs: number | null }>;
  /** Sign-ins of the interval by outcome, and accounts locked. */
  signIns: Record<SignInOutcome, number>;
  lockouts: number;
}

/**
 * The q-quantile of a histogram of cumulative counts (counts[i]: observations ≤ bounds[i]; the
 * last count, past the bounds, is every observation), interpolated linearly within its bucket
 * as Prometheus's histogram_quantile does; in the last (open) bucket: the highest bound. Null
 * without observations.
 */
export function histogramQuantile(q: number, bounds: readonly number[], counts: readonly number[]): number | null {
  const total = counts[counts.length - 1] ?? 0;
  if (total <= 0) return null;
  const rank = q * total;
  for (let i = 0; i < counts.length; i++) {
    const upto = counts[i]!;
    if (upto < rank) continue;
    if (i >= bounds.length) return bounds[bounds.length - 1] ?? null;
    const lower = i === 0 ? 0 : bounds[i - 1]!;
    const before = i === 0 ? 0 : counts[i - 1]!;
    const inBucket = upto - before;
    return inBucket > 0 ? lower + (bounds[i]! - lower) * ((rank - before) / inBucket) : bounds[i]!;
  }
  return bounds[bounds.length - 1] ?? null;
}

const MS = 1000;
const MIB = 1024 * 1024;
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The point of the interval from `prev` to `next` (a restarted server, whose counters start over, counts from zero). */
export function pointBetween(prev: MetricsSummary, next: MetricsSummary, label: string): MetricsPoint {
  const restarted = next.uptimeSeconds < prev.uptimeSeconds;
  const base = (a: number) => (restarted ? 0 : a);
  const seconds = Math.max(restarted ? next.uptimeSeconds : next.uptimeSeconds - prev.uptimeSeconds, 1e-3);
  const delta = (a: number, b: number) => Math.max(0, b - base(a));
  const counts = next.latency.counts.map((c, i) => delta(prev.latency.counts[i] ?? 0, c));
  const quantile = (q: number) => {
    const v = histogramQuantile(q, next.latency.bounds, counts);
    return v === null ? null : round(v * MS);
  };
  const database = Object.fromEntries(
    OPERATIONS.map((op) => {
      const count = delta(prev.database[op].count, next.database[op].count);
      const sum = delta(prev.database[op].sum, next.database[op].sum);
      return [op, { perSecond: round(count / seconds), meanMs: count ? round((sum / count) * MS, 3) : null }];
    }),
  ) as MetricsPoint['database'];
  return {
    label,
    rps: Object.fromEntries(
      STATUS_CLASSES.map((c) => [c, round(delta(prev.requests[c], next.requests[c]) / seconds)]),
    ) as MetricsPoint['rps'],
    latency: { p50: quantile(0.5), p95: quantile(0.95), p99: quantile(0.99) },
    eventLoop: { p50: round(next.eventLoop.p50 * MS), p99: round(next.eventLoop.p99 * MS), max: round(next.eventLoop.max * MS) },
    heap: { used: round(next.memory.heapUsed / MIB, 1), total: round(next.memory.heapTotal / MIB, 1) },
    database,
    signIns: Object.fromEntries(SIGN_IN_OUTCOMES.map((o) => [o, delta(prev.signIns[o], next.signIns[o])])) as MetricsPoint['signIns'],
    lockouts: delta(prev.lockouts, next.lockouts),
  };
}
