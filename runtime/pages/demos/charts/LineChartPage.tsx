/** /charts/line: three operators' readings over a day, as smooth areas with markers. */
import { useMemo } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { useDemoTranslation } from '../demoMessages.ts';
import { ChartPage } from './ChartPage.tsx';
import { LINE_SERIES, lineData } from './chartData.ts';

const COLORS = ['#1890ff', '#52c41a', '#fa541c'];

export default function LineChartPage() {
  const { t } = useDemoTranslation();
  const option = useMemo((): EChartsCoreOption => {
    const d = lineData();
    return {
      backgroundColor: '#394056',
      title: { text: t('demo.charts.line.chartTitle'), left: 20, top: 10, textStyle: { color: '#f2f2f2', fontSize: 16 } },
      tooltip: { trigger: 'axis' },
      legend: { top: 12, right: 20, data: [...LINE_SERIES], textStyle: { color: '#f2f2f2' } },
      grid: { top: 70, left: 50, right: 30, bottom: 40 },
      xAxis: { type: 'category', boundaryGap: false, data: d.x, axisLine: { lineStyle: { color: '#57617B' } } },
      yAxis: { type: 'value', name: t('demo.charts.line.unit'), axisLine: { lineStyle: { color: '#57617B' } } },
      series: LINE_SERIES.map((name, i) => ({
        name,
        type: 'line',
        smooth: true,
        symbol: 'circle',
        symbolSize: 5,
        data: d.series[name],
        itemStyle: { color: COLORS[i] },
        areaStyle: { opacity: 0.25 },
      })),
    };
  }, [t]);
  return (
    <ChartPage
      key={t('demo.charts.line.unit')}
      title={t('demo.charts.line.title')}
      hint={t('demo.charts.hint')}
      option={option}
      series={[...LINE_SERIES]}
    />
  );
}
