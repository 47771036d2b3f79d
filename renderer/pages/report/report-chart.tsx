// The report's chart over the rows on screen. echarts is imported from echarts/core with only the
// chart types a report may declare, and this module itself is loaded on demand (its own chunk).
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ReportChart as Chart, ReportColumn } from './report-types.ts';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

export interface ReportChartProps {
  chart: Chart;
  columns: ReportColumn[];
  rows: Record<string, unknown>[];
  /** The category text of a row (dictionary labels applied). */
  labelOf: (row: Record<string, unknown>) => string;
}

export function chartOption({ chart, columns, rows, labelOf }: ReportChartProps): echarts.EChartsCoreOption {
  const titleOf = (id: string) => columns.find((c) => c.field === id)?.title ?? id;
  const categories = rows.map(labelOf);
  if (chart.type === 'pie') {
    const measure = chart.series[0];
    return {
      title: chart.title ? { text: chart.title, left: 'center' } : undefined,
      tooltip: { trigger: 'item' },
      series: [{ type: 'pie', name: titleOf(measure), radius: '60%', data: rows.map((r, i) => ({ name: categories[i], value: r[measure] ?? 0 })) }],
    };
  }
  return {
    title: chart.title ? { text: chart.title } : undefined,
    tooltip: { trigger: 'axis' },
    legend: { data: chart.series.map(titleOf), top: chart.title ? 24 : 0 },
    grid: { left: 48, right: 24, top: 48, bottom: 32 },
    xAxis: { type: 'category', data: categories },
    yAxis: { type: 'value' },
    series: chart.series.map((id) => ({ type: chart.type, name: titleOf(id), data: rows.map((r) => r[id] ?? null) })),
  };
}

export function ReportChartView(props: ReportChartProps) {
  const el = useRef<HTMLDivElement>(null);
  const instance = useRef<echarts.ECharts>(undefined);
  useEffect(() => {
    if (!el.current) return;
    instance.current = echarts.init(el.current);
    const resize = () => instance.current?.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      instance.current?.dispose();
    };
  }, []);
  useEffect(() => {
    instance.current?.setOption(chartOption(props), true);
  }, [props]);
  return <div ref={el} role="img" aria-label={props.chart.title ?? '图表'} style={{ width: '100%', height: 280 }} />;
}
