/**
 * A counter and a histogram for what every request and every statement records (answers by
 * call, their latency, database time): a series is found by a key the caller makes from its
 * label values, so that a count or an observation is a map look-up and a few additions, where
 * prom-client's own validate and hash the labels object on every call. They register in a
 * prom-client Registry and answer `get()` in its form (a histogram's cumulative `_bucket`
 * series with `le`, then `_sum` and `_count`), so `/metrics` and the monitors page read them as
 * they read prom-client's metrics.
 */
import type { Metric, Registry } from 'prom-client';

type Labels<L extends string> = Record<L, string>;

interface Value {
  value: number;
  labels: Record<string, string | number>;
  metricName?: string;
}

abstract class KeyedMetric<L extends string, S extends { labels: Labels<L> }> {
  protected readonly series = new Map<string, S>();
  abstract readonly type: 'counter' | 'histogram';
  readonly aggregator = 'sum';

  constructor(
    readonly name: string,
    readonly help: string,
    registry: Registry,
  ) {
    // prom-client's Metric is the union of its own classes; the registry reads name, help, type, get() and reset()
    registry.registerMetric(this as unknown as Metric);
  }

  /** The series of `key` (the label values joined; the same key always has the same labels), made with `labels()` when new. */
  protected seriesOf(key: string, labels: () => Labels<L>, make: (labels: Labels<L>) => S): S {
    let s = this.series.get(key);
    if (!s) this.series.set(key, (s = make(labels())));
    return s;
  }

  protected abstract values(): Value[];

  async get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: Value[] }> {
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values: this.values() };
  }

  reset(): void {
    this.series.clear();
  }
}

export class KeyedCounter<L extends string> extends KeyedMetric<L, { labels: Labels<L>; value: number }> {
  readonly type = 'counter';

  inc(key: string, labels: () => Labels<L>, by = 1): void {
    this.seriesOf(key, labels, (l) => ({ labels: l, value: 0 })).value += by;
  }

  protected values(): Value[] {
    return [...this.series.values()].map((s) => ({ value: s.value, labels: { ...s.labels } }));
  }
}

interface HistogramSeries<L extends string> {
  labels: Labels<L>;
  /** observations per bucket (not cumulative); the last is above every bound */
  buckets: Float64Array;
  sum: number;
  count: number;
}

export class KeyedHistogram<L extends string> extends KeyedMetric<L, HistogramSeries<L>> {
  readonly type = 'histogram';

  constructor(
    name: string,
    help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    super(name, help, registry);
  }

  observe(key: string, labels: () => Labels<L>, value: number): void {
    const s = this.seriesOf(key, labels, (l) => ({ labels: l, buckets: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 }));
    let i = 0;
    while (i < this.bounds.length && value > this.bounds[i]!) i++;
    s.buckets[i]! += 1;
    s.sum += value;
    s.count += 1;
  }

  protected values(): Value[] {
    const out: Value[] = [];
    for (const s of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += s.buckets[i]!;
        out.push({ value: cumulative, labels: { le, ...s.labels }, metricName: `${this.name}_bucket` });
      });
      out.push(
        { value: s.count, labels: { le: '+Inf', ...s.labels }, metricName: `${this.name}_bucket` },
        { value: s.sum, labels: { ...s.labels }, metricName: `${this.name}_sum` },
        { value: s.count, labels: { ...s.labels }, metricName: `${this.name}_count` },
      );
    }
    return out;
  }
}
