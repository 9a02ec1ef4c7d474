/**
 * A thin React wrapper of Apache ECharts: one chart per element, drawn as SVG, given a whole
 * option object (set again when it changes), resized with its element and disposed with it.
 * Only the chart types and components the demo charts use are registered (tree-shaken).
 * Legend changes are reported with the names of the series left shown.
 */
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, DataZoomComponent, SVGRenderer]);

export interface EChartProps {
  option: EChartsCoreOption;
  /** The chart's accessible name. */
  label: string;
  height?: number | string;
  /** The series shown after a click on the legend. */
  onLegendChange?(shown: string[]): void;
  className?: string;
}

export function EChart({ option, label, height = 420, onLegendChange, className }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | undefined>(undefined);
  const legendChange = useRef(onLegendChange);
  legendChange.current = onLegendChange;

  useEffect(() => {
    const el = element.current!;
    const instance = echarts.init(el, undefined, { renderer: 'svg' });
    chart.current = instance;
    instance.on('legendselectchanged', (e) => {
      const selected = (e as { selected: Record<string, boolean> }).selected;
      legendChange.current?.(Object.keys(selected).filter((name) => selected[name]));
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = undefined;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return <div ref={element} role="img" aria-label={label} className={className ?? 'demo-chart'} style={{ width: '100%', height }} />;
}
