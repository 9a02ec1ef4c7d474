/** /charts/mix-chart: stacked bars of two series per year, their average as a line, and a zoom slider. */
import { useMemo } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { useDemoTranslation } from '../demoMessages.ts';
import { ChartPage } from './ChartPage.tsx';
import { mixData } from './chartData.ts';

export default function MixChartPage() {
  const { t } = useDemoTranslation();
  const names = useMemo(() => [t('demo.charts.mix.female'), t('demo.charts.mix.male'), t('demo.charts.mix.average')], [t]);
  const option = useMemo((): EChartsCoreOption => {
    const d = mixData();
    const [female, male, average] = names;
    return {
      backgroundColor: '#344b58',
      title: { text: t('demo.charts.mix.chartTitle'), left: 20, top: 10, textStyle: { color: '#fff', fontSize: 16 } },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 12, right: 20, data: names, textStyle: { color: '#90979c' } },
      grid: { left: 50, right: 30, top: 70, bottom: 90 },
      xAxis: { type: 'category', data: d.years, axisLine: { lineStyle: { color: '#90979c' } } },
      yAxis: { type: 'value', axisLine: { lineStyle: { color: '#90979c' } }, splitLine: { show: false } },
      dataZoom: [
        { type: 'slider', show: true, xAxisIndex: [0], bottom: 30, start: 10, end: 80 },
        { type: 'inside', start: 1, end: 35 },
      ],
      series: [
        { name: female, type: 'bar', stack: 'total', barMaxWidth: 35, data: d.female, itemStyle: { color: 'rgba(255,144,128,1)' } },
        { name: male, type: 'bar', stack: 'total', data: d.male, itemStyle: { color: 'rgba(0,191,183,1)' } },
        { name: average, type: 'line', symbolSize: 10, symbol: 'circle', data: d.average, itemStyle: { color: 'rgba(252,230,48,1)' } },
      ],
    };
  }, [t, names]);
  return (
    <ChartPage key={names.join('\n')} title={t('demo.charts.mix.title')} hint={t('demo.charts.hint')} option={option} series={names} />
  );
}
