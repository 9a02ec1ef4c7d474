/**
 * The monitors page (/servermonitor, docs/monitoring.md): the server's own figures, live. Every
 * REFRESH_MS while the page is shown (its tab in the layout and the browser's tab) it asks
 * `queryServerMetrics`, a call granted like any other, and draws with ECharts the interval
 * since the previous answer: answers per second by status, latency percentiles, event-loop
 * lag, heap, database time by operation and sign-ins; the figures above the charts are the
 * latest answer's. A hidden page asks nothing (the layout's hidden tabs unmount their effects).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Card, Col, Row, Statistic, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { platform, SILENT } from '../../api/platform.ts';
import { EChart } from '../demos/charts/EChart.tsx';
import { useMonitorTranslation } from './monitorMessages.ts';
import { OPERATIONS, SIGN_IN_OUTCOMES, STATUS_CLASSES, type MetricsSummary } from '../../../schemas/registry/serverMetrics.ts';
import { pointBetween, type MetricsPoint } from './metricsSeries.ts';

/** How often the figures are asked for (ms). */
const REFRESH_MS = 3000;
/** Points kept on the charts (five minutes at REFRESH_MS). */
const MAX_POINTS = 100;
const CHART_HEIGHT = 260;

const STATUS_COLOURS: Record<(typeof STATUS_CLASSES)[number], string> = {
  '2xx': '#389e0d',
  '3xx': '#1677ff',
  '4xx': '#d48806',
  '5xx': '#cf1322',
};

/** A line chart of the points: one series per [name, value of a point, colour]. */
function lineOption(points: MetricsPoint[], unit: string, series: [string, (p: MetricsPoint) => number | null, string?][]) {
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { top: 36, left: 56, right: 16, bottom: 28 },
    xAxis: { type: 'category', boundaryGap: false, data: points.map((p) => p.label) },
    yAxis: { type: 'value', name: unit, min: 0 },
    series: series.map(([name, value, colour]) => ({
      name,
      type: 'line',
      showSymbol: false,
      itemStyle: colour ? { color: colour } : undefined,
      data: points.map(value),
    })),
  } satisfies EChartsCoreOption;
}

function useServerFigures(): { latest?: MetricsSummary; points: MetricsPoint[]; failed: boolean } {
  const [latest, setLatest] = useState<MetricsSummary>();
  const [points, setPoints] = useState<MetricsPoint[]>([]);
  const [failed, setFailed] = useState(false);
  const previous = useRef<MetricsSummary | undefined>(undefined);

  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    let live = true;
    const read = async () => {
      try {
        const answer = await (await platform()).queryServerMetrics(undefined, SILENT);
        if (!live) return;
        const next = answer.data as MetricsSummary;
        const prev = previous.current;
        previous.current = next;
        setLatest(next);
        setFailed(false);
        if (prev) {
          const point = pointBetween(prev, next, new Date().toLocaleTimeString());
          setPoints((all) => [...all, point].slice(-MAX_POINTS));
        }
      } catch {
        if (live) setFailed(true);
      }
    };
    const start = () => {
      if (timer) return;
      void read();
      timer = setInterval(() => void read(), REFRESH_MS);
    };
    const stop = () => {
      if (timer) clearInterval(timer);
      timer = undefined;
      // the interval after a pause is not one of the charts'
      previous.current = undefined;
    };
    const onVisibility = () => (document.visibilityState === 'visible' ? start() : stop());
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      live = false;
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  return { latest, points, failed };
}

export default function ServerMonitor() {
  const { t } = useMonitorTranslation();
  const { latest, points, failed } = useServerFigures();
  const last = points[points.length - 1];

  const charts = useMemo(() => {
    const ms = t('monitor.metrics.ms');
    return [
      {
        key: 'requests',
        title: t('monitor.metrics.requests'),
        option: lineOption(
          points,
          t('monitor.metrics.perSecond'),
          STATUS_CLASSES.map((c) => [c, (p) => p.rps[c], STATUS_COLOURS[c]]),
        ),
      },
      {
        key: 'latency',
        title: t('monitor.metrics.latency'),
        option: lineOption(points, ms, [
          ['p50', (p) => p.latency.p50],
          ['p95', (p) => p.latency.p95],
          ['p99', (p) => p.latency.p99],
        ]),
      },
      {
        key: 'eventLoop',
        title: t('monitor.metrics.eventLoop'),
        option: lineOption(points, ms, [
          ['p50', (p) => p.eventLoop.p50],
          ['p99', (p) => p.eventLoop.p99],
          [t('monitor.metrics.max'), (p) => p.eventLoop.max],
        ]),
      },
      {
        key: 'heap',
        title: t('monitor.metrics.heap'),
        option: lineOption(points, 'MiB', [
          [t('monitor.metrics.heapUsed'), (p) => p.heap.used],
          [t('monitor.metrics.heapTotal'), (p) => p.heap.total],
        ]),
      },
      {
        key: 'database',
        title: t('monitor.metrics.database'),
        option: lineOption(
          points,
          ms,
          OPERATIONS.map((op) => [op, (p) => p.database[op].meanMs]),
        ),
      },
      {
        key: 'signIns',
        title: t('monitor.metrics.signIns'),
        option: {
          animation: false,
          tooltip: { trigger: 'axis' },
          legend: { top: 0 },
          grid: { top: 36, left: 40, right: 16, bottom: 28 },
          xAxis: { type: 'category', data: points.map((p) => p.label) },
          yAxis: { type: 'value', minInterval: 1, min: 0 },
          series: [
            ...SIGN_IN_OUTCOMES.map((o) => ({
              name: t(`monitor.metrics.outcome.${o}`),
              type: 'bar',
              stack: 'signIns',
              data: points.map((p) => p.signIns[o]),
            })),
            { name: t('monitor.metrics.lockouts'), type: 'line', data: points.map((p) => p.lockouts) },
          ],
        } satisfies EChartsCoreOption,
      },
    ];
  }, [points, t]);

  const totalAnswers = latest ? STATUS_CLASSES.reduce((n, c) => n + latest.requests[c], 0) : undefined;
  return (
    <div className="page-container server-monitor">
      <Typography.Paragraph>{t('monitor.metrics.hint', { seconds: REFRESH_MS / 1000 })}</Typography.Paragraph>
      {failed && <Alert type="warning" showIcon className="server-monitor-failed" message={t('monitor.metrics.failed')} />}
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Card size="small" data-testid="figure-answers">
            <Statistic title={t('monitor.metrics.answers')} value={totalAnswers ?? '-'} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic
              title={t('monitor.metrics.p95Now')}
              value={last?.latency.p95 ?? '-'}
              suffix={last?.latency.p95 != null ? t('monitor.metrics.ms') : undefined}
            />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small" data-testid="figure-sign-ins">
            <Statistic title={t('monitor.metrics.signInsTotal')} value={latest?.signIns.success ?? '-'} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small" data-testid="figure-pool">
            <Statistic title={t('monitor.metrics.pool')} value={latest ? t('monitor.metrics.poolValue', latest.pool) : '-'} />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        {charts.map((c) => (
          <Col key={c.key} xs={24} xl={12}>
            <Card size="small" title={<h2 style={{ fontSize: 14, margin: 0 }}>{c.title}</h2>}>
              <EChart option={c.option} label={c.title} height={CHART_HEIGHT} className="server-monitor-chart" />
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
