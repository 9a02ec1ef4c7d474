/** The frame of a chart demo: a card with the chart and the series its legend leaves shown. */
import { useState } from 'react';
import { Card, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useDemoTranslation } from '../demoMessages.ts';
import { EChart } from './EChart.tsx';

export function ChartPage({ title, hint, option, series }: { title: string; hint: string; option: EChartsCoreOption; series: string[] }) {
  const { t } = useDemoTranslation();
  const [shown, setShown] = useState(series);
  return (
    <div className="page-container">
      <Card title={title}>
        <Typography.Paragraph>{hint}</Typography.Paragraph>
        <EChart option={option} label={title} onLegendChange={setShown} height="calc(100vh - 300px)" />
        <p data-testid="chart-shown">{t('demo.charts.shown', { series: shown.join(', ') || '-' })}</p>
      </Card>
    </div>
  );
}
