import { describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import { KeyedCounter, KeyedHistogram } from '../../server-mock/monitoring/fastMetrics.ts';

describe('keyed metrics', () => {
  it('a histogram counts a value on a bound in that bucket, cumulates buckets and writes Prometheus text', async () => {
    const registry = new Registry();
    const h = new KeyedHistogram<'op'>('t_seconds', 'Test time', [0.1, 1], registry);
    for (const v of [0.05, 0.1, 0.5, 2]) h.observe('select', () => ({ op: 'select' }), v);
    h.observe('insert', () => ({ op: 'insert' }), 0.2);
    const text = await registry.metrics();
    expect(text).toContain('# TYPE t_seconds histogram');
    expect(text).toContain('t_seconds_bucket{le="0.1",op="select"} 2');
    expect(text).toContain('t_seconds_bucket{le="1",op="select"} 3');
    expect(text).toContain('t_seconds_bucket{le="+Inf",op="select"} 4');
    expect(text).toContain('t_seconds_sum{op="select"} 2.65');
    expect(text).toContain('t_seconds_count{op="select"} 4');
    expect(text).toContain('t_seconds_bucket{le="0.1",op="insert"} 0');
    expect(text).toContain('t_seconds_count{op="insert"} 1');
  });

  it('a counter adds per key, and the registry reset empties it', async () => {
    const registry = new Registry();
    const c = new KeyedCounter<'call' | 'status'>('t_total', 'Test answers', registry);
    c.inc('a 200', () => ({ call: 'a', status: '200' }));
    c.inc('a 200', () => ({ call: 'a', status: '200' }), 2);
    c.inc('a 404', () => ({ call: 'a', status: '404' }));
    expect((await c.get()).values).toEqual([
      { value: 3, labels: { call: 'a', status: '200' } },
      { value: 1, labels: { call: 'a', status: '404' } },
    ]);
    registry.resetMetrics();
    expect((await c.get()).values).toEqual([]);
  });
});
