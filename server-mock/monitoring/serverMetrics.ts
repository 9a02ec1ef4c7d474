/**
 * The server's figures (docs/monitoring.md), one prom-client registry per server (tests run
 * several in one process): answers by call and status and their latency, database time by
 * operation, the database's connections, sign-ins and lock-outs, and prom-client's default
 * metrics (event-loop lag, heap, GC, handles). `/metrics` writes them in Prometheus's text
 * format (metrics.ts); `summary()` answers the monitors page's JSON (the call
 * `queryServerMetrics`). The sign-in call counts its outcomes here (`countSignIn`,
 * `countLockout`).
 */
import { collectDefaultMetrics, Counter, Gauge, Registry, type MetricValue } from 'prom-client';
import { KeyedCounter, KeyedHistogram } from './fastMetrics.ts';
import type { Services } from '../calls/context.ts';
import {
  OPERATIONS,
  SIGN_IN_OUTCOMES,
  STATUS_CLASSES,
  type MetricsSummary,
  type SignInOutcome,
} from '../../schemas/registry/serverMetrics.ts';

/** The grants a sign-in is counted under; anything else (refused) is `other`, so typed values make no new series. */
const GRANTS = new Set(['password', 'mobile']);

/** Upper bounds (seconds) of the answers' latency histogram. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Upper bounds (seconds) of the statements' time histogram. */
const DATABASE_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export class ServerMetrics {
  readonly registry = new Registry();
  readonly requests: KeyedCounter<'call' | 'method' | 'status'>;
  readonly latency: KeyedHistogram<'call' | 'method'>;
  private readonly database: KeyedHistogram<'operation'>;
  private readonly signIns: Counter<'grant' | 'outcome'>;
  private readonly lockouts: Counter;
  private readonly pool: Record<'connections' | 'idle' | 'waiting', Gauge>;
  private readonly stopListening: () => void;

  constructor(services: Services) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    // counted on every answer and statement: keyed metrics (fastMetrics.ts)
    this.requests = new KeyedCounter('http_requests_total', 'Answers by call (route pattern), method and status', this.registry);
    this.latency = new KeyedHistogram(
      'http_request_duration_seconds',
      'Time to answer, by call (route pattern) and method',
      LATENCY_BUCKETS,
      this.registry,
    );
    this.database = new KeyedHistogram(
      'db_query_duration_seconds',
      'Time of the statements run on the database, by operation (select, insert, update, delete, other)',
      DATABASE_BUCKETS,
      this.registry,
    );
    const figures = () => services.system.poolFigures();
    const gauge = (name: string, help: string, pick: (f: ReturnType<typeof figures>) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(pick(figures()));
        },
      });
    this.pool = {
      connections: gauge('db_pool_connections', 'Open database connections (SQLite: its two)', (f) => f.connections),
      idle: gauge('db_pool_idle_connections', 'Database connections not in use', (f) => f.idle),
      waiting: gauge(
        'db_pool_waiting',
        'Queries waiting for a database connection (SQLite: writes and transactions queued for the write connection)',
        (f) => f.waiting,
      ),
    };
    this.signIns = new Counter({
      name: 'auth_sign_ins_total',
      help: 'Sign-ins (the token call) by grant and outcome: success, refused, locked',
      labelNames: ['grant', 'outcome'] as const,
      registers,
    });
    this.lockouts = new Counter({ name: 'auth_lockouts_total', help: 'Accounts locked after failed sign-ins', registers });
    this.stopListening = services.system.onQuery((operation, seconds) => this.database.observe(operation, () => ({ operation }), seconds));
  }

  countSignIn(grant: string, outcome: SignInOutcome): void {
    this.signIns.inc({ grant: GRANTS.has(grant) ? grant : 'other', outcome });
  }

  countLockout(): void {
    this.lockouts.inc();
  }

  close(): void {
    this.stopListening();
  }

  /** The figures of the monitors page. */
  async summary(): Promise<MetricsSummary> {
    const values = async (name: string): Promise<MetricValue<string>[]> => (await this.registry.getSingleMetric(name)?.get())?.values ?? [];
    const one = async (name: string) => (await values(name))[0]?.value ?? 0;
    const [requests, latency, database, signIns] = await Promise.all([
      this.requests.get(),
      this.latency.get(),
      this.database.get(),
      this.signIns.get(),
    ]);
    // the lag's collect sets every event-loop gauge: read it first
    const lag = await one('nodejs_eventloop_lag_seconds');
    const byClass = Object.fromEntries(STATUS_CLASSES.map((c) => [c, 0])) as MetricsSummary['requests'];
    for (const v of requests.values) {
      const cls = `${String(v.labels.status).charAt(0)}xx` as (typeof STATUS_CLASSES)[number];
      if (cls in byClass) byClass[cls] += v.value;
    }
    const counts = new Array<number>(LATENCY_BUCKETS.length + 1).fill(0);
    let latencySum = 0;
    for (const v of latency.values) {
      if (v.metricName?.endsWith('_sum')) latencySum += v.value;
      if (!v.metricName?.endsWith('_bucket')) continue;
      const le = (v.labels as Record<string, string | number | undefined>).le;
      const i = le === '+Inf' ? LATENCY_BUCKETS.length : LATENCY_BUCKETS.indexOf(Number(le));
      if (i >= 0) counts[i]! += v.value;
    }
    const db = Object.fromEntries(OPERATIONS.map((o) => [o, { count: 0, sum: 0 }])) as MetricsSummary['database'];
    for (const v of database.values) {
      const op = db[v.labels.operation as (typeof OPERATIONS)[number]];
      if (!op) continue;
      if (v.metricName?.endsWith('_count')) op.count += v.value;
      else if (v.metricName?.endsWith('_sum')) op.sum += v.value;
    }
    const outcomes = Object.fromEntries(SIGN_IN_OUTCOMES.map((o) => [o, 0])) as MetricsSummary['signIns'];
    for (const v of signIns.values) outcomes[v.labels.outcome as SignInOutcome] += v.value;
    const [p50, p90, p99, max, heapUsed, heapTotal, rss, connections, idle, waiting, lockouts] = await Promise.all([
      one('nodejs_eventloop_lag_p50_seconds'),
      one('nodejs_eventloop_lag_p90_seconds'),
      one('nodejs_eventloop_lag_p99_seconds'),
      one('nodejs_eventloop_lag_max_seconds'),
      one('nodejs_heap_size_used_bytes'),
      one('nodejs_heap_size_total_bytes'),
      one('process_resident_memory_bytes'),
      this.pool.connections.get().then((m) => m.values[0]?.value ?? 0),
      this.pool.idle.get().then((m) => m.values[0]?.value ?? 0),
      this.pool.waiting.get().then((m) => m.values[0]?.value ?? 0),
      this.lockouts.get().then((m) => m.values[0]?.value ?? 0),
    ]);
    return {
      uptimeSeconds: process.uptime(),
      requests: byClass,
      latency: { bounds: LATENCY_BUCKETS, counts, sum: latencySum },
      eventLoop: { lag, p50, p90, p99, max },
      memory: { heapUsed, heapTotal, rss },
      database: db,
      pool: { connections, idle, waiting },
      signIns: outcomes,
      lockouts,
    };
  }
}

const byServer = new WeakMap<Services, ServerMetrics>();

/** The server's figures, made with its first use (registerMetrics, at start). */
export function serverMetrics(services: Services): ServerMetrics {
  let metrics = byServer.get(services);
  if (!metrics) {
    metrics = new ServerMetrics(services);
    byServer.set(services, metrics);
  }
  return metrics;
}

/** Counts a sign-in's outcome (the token call). */
export function countSignIn(services: Services, grant: string, outcome: SignInOutcome): void {
  byServer.get(services)?.countSignIn(grant, outcome);
}

/** Counts an account locked by a failed sign-in. */
export function countLockout(services: Services): void {
  byServer.get(services)?.countLockout();
}
