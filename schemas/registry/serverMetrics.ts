/**
 * The answer of `queryServerMetrics` (docs/monitoring.md), defined once: the server builds it
 * (server-mock/monitoring/serverMetrics.ts) and the monitors page reads it
 * (runtime/pages/monitor/metricsSeries.ts). No Node or browser API here: both sides import
 * this module.
 */

/** Answers are counted by the first digit of their status. */
export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
/** Statements are timed by their first keyword; anything else is `other`. */
export const OPERATIONS = ['select', 'insert', 'update', 'delete', 'other'] as const;
/** How a sign-in ended: a token, a refusal (wrong password, unknown client, ...), or a refusal because the account is locked. */
export const SIGN_IN_OUTCOMES = ['success', 'refused', 'locked'] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

/** What the monitors page reads: counters since the server started, gauges as they are now. */
export interface MetricsSummary {
  /** Seconds since the process started (the page's rates are differences over it). */
  uptimeSeconds: number;
  /** Answers by status class, since start. */
  requests: Record<(typeof STATUS_CLASSES)[number], number>;
  /** The answers' latency histogram over every call, since start: counts[i] answered within bounds[i]; the last count is every answer. */
  latency: { bounds: number[]; counts: number[]; sum: number };
  /** Event-loop lag (seconds): the last measured lag, and percentiles since the previous read (of this call or of /metrics). */
  eventLoop: { lag: number; p50: number; p90: number; p99: number; max: number };
  memory: { heapUsed: number; heapTotal: number; rss: number };
  /** Statements by operation since start: how many, and their seconds in all. */
  database: Record<(typeof OPERATIONS)[number], { count: number; sum: number }>;
  pool: { connections: number; idle: number; waiting: number };
  /** Sign-ins by outcome, and accounts locked, since start. */
  signIns: Record<SignInOutcome, number>;
  lockouts: number;
}
