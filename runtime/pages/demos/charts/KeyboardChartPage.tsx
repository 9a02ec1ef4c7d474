/** /charts/keyboard: two bar series and their sum as a line, on a dark board, growing in turn. */
import { useMemo } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { useDemoTranslation } from '../demoMessages.ts';
import { ChartPage } from './ChartPage.tsx';
import { keyboardData } from './chartData.ts';

export default function KeyboardChartPage() {
  const { t } = useDemoTranslation();
  const names = useMemo(() => [t('demo.charts.keyboard.first'), t('demo.charts.keyboard.second'), t('demo.charts.keyboard.total')], [t]);
  const option = useMemo((): EChartsCoreOption => {
    const d = keyboardData();
    const [first, second, total] = names;
    return {
      backgroundColor: '#08263a',
      tooltip: { trigger: 'axis' },
      legend: { data: names, textStyle: { color: '#ccc' }, top: 8 },
      grid: { left: 40, right: 20, bottom: 30, top: 50 },
      xAxis: { type: 'category', data: d.x, axisLine: { lineStyle: { color: '#4dd1c4' } } },
      yAxis: { type: 'value', axisLine: { show: false }, splitLine: { lineStyle: { color: '#0e3c54' } }, axisLabel: { color: '#4dd1c4' } },
      series: [
        { name: first, type: 'bar', data: d.first, itemStyle: { color: '#4dd1c4' }, animationDelay: (i: number) => i * 20 },
        { name: second, type: 'bar', data: d.second, itemStyle: { color: '#c23531' }, animationDelay: (i: number) => i * 20 + 100 },
        { name: total, type: 'line', data: d.total, smooth: true, itemStyle: { color: '#f6d54a' } },
      ],
      animationEasing: 'elasticOut',
    };
  }, [names]);
  return (
    <ChartPage key={names.join('\n')} title={t('demo.charts.keyboard.title')} hint={t('demo.charts.hint')} option={option} series={names} />
  );
}
