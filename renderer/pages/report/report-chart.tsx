// The report's chart over the rows on screen, drawn as SVG (its labels are text a user can select
// and a browser journey can read). echarts is imported from echarts/core with only the
// chart types a report may declare, and this module itself is loaded on demand (its own chunk).
// The category axis is the dimension the report names (chart.x): one category per value, ascending
// when it is a time; chart.seriesBy splits each measure into one series per value of a second
// dimension; measures declared on the right axis (rates) get a second value axis, drawn as lines.
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { cellText } from '../list/cell-text.ts';
import type { ReportChart as Chart, ReportColumn } from './report-types.ts';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, SVGRenderer]);

type Row = Record<string, unknown>;

export interface ReportChartProps {
  chart: Chart;
  columns: ReportColumn[];
  rows: Row[];
  /** How a row's value of a dimension column reads (dictionary labels applied). */
  labelOf: (row: Row, field: string) => string;
}

/** Shown for a group with no value when the report declares no text of its own. */
const EMPTY_LABEL = '（空）';

const compare = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a ?? '').localeCompare(String(b ?? ''), 'zh-CN');

/** The distinct values of a column in row order, or ascending for a time; with a label each. */
function valuesOf(rows: Row[], field: string, ascending: boolean | undefined, labelOf: ReportChartProps['labelOf']) {
  const seen = new Map<string, { value: unknown; label: string }>();
  for (const r of rows) {
    const key = JSON.stringify(r[field] ?? null);
    if (!seen.has(key)) seen.set(key, { value: r[field], label: labelOf(r, field) || EMPTY_LABEL });
  }
  const list = [...seen.entries()].map(([key, v]) => ({ key, ...v }));
  return ascending ? list.sort((a, b) => compare(a.value, b.value)) : list;
}

export function chartOption({ chart, columns, rows, labelOf }: ReportChartProps): echarts.EChartsCoreOption {
  const columnOf = (id: string) => columns.find((c) => c.field === id);
  const titleOf = (id: string) => columnOf(id)?.title ?? id;
  const format = (id: string) => (v: unknown) => (typeof v === 'number' ? cellText(v, { column: columnOf(id) }) : '—');
  const categories = valuesOf(rows, chart.x, chart.xTime, labelOf);
  const keyOf = (r: Row, field: string | undefined) => (field ? JSON.stringify(r[field] ?? null) : '');

  if (chart.type === 'pie') {
    const measure = chart.series[0];
    const byCategory = new Map(rows.map((r) => [keyOf(r, chart.x), r]));
    return {
      title: chart.title ? { text: chart.title, left: 'center' } : undefined,
      tooltip: { trigger: 'item', valueFormatter: format(measure) },
      series: [{ type: 'pie', name: titleOf(measure), radius: '60%', data: categories.map((c) => ({ name: c.label, value: byCategory.get(c.key)?.[measure] ?? 0 })) }],
    };
  }

  const groups = chart.seriesBy ? valuesOf(rows, chart.seriesBy, chart.seriesByTime, labelOf) : [{ key: '', value: undefined, label: '' }];
  const cell = new Map<string, Row>();
  for (const r of rows) {
    const key = `${keyOf(r, chart.x)}|${keyOf(r, chart.seriesBy)}`;
    if (!cell.has(key)) cell.set(key, r);
  }
  const right = chart.series.filter((id) => columnOf(id)?.axis === 'right');
  const left = chart.series.filter((id) => !right.includes(id));
  const series = groups.flatMap((g) =>
    chart.series.map((id) => {
      const onRight = right.includes(id);
      const name = chart.seriesBy ? (chart.series.length > 1 ? `${g.label} ${titleOf(id)}` : g.label) : titleOf(id);
      return {
        // A rate beside counts reads as a line over the bars.
        type: onRight && chart.type === 'bar' ? 'line' : chart.type,
        name,
        ...(right.length ? { yAxisIndex: onRight ? 1 : 0 } : {}),
        data: categories.map((c) => cell.get(`${c.key}|${g.key}`)?.[id] ?? null),
        tooltip: { valueFormatter: format(id) },
      };
    }),
  );
  const axis = (ids: string[], second: boolean) => {
    // Durations and money (fen) label the axis as the table reads them: 2天, ¥2,000.00.
    const durations = ids.length > 0 && (ids.every((id) => columnOf(id)?.format === 'duration') || ids.every((id) => columnOf(id)?.format === 'money'));
    return {
      type: 'value',
      name: ids.length === 1 || second ? ids.map(titleOf).join('、') : undefined,
      ...(second ? { splitLine: { show: false } } : {}),
      ...(durations ? { axisLabel: { formatter: (v: number) => cellText(v, { column: columnOf(ids[0]) }) } } : {}),
    };
  };
  const longLabels = categories.length > 6 && categories.some((c) => c.label.length > 5);
  return {
    title: chart.title ? { text: chart.title } : undefined,
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', data: series.map((s) => s.name), top: chart.title ? 24 : 0 },
    grid: { left: 24, right: 24, top: 56, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: categories.map((c) => c.label),
      // Every carrier's whole name shown, slanted when the names would not fit side by side.
      axisLabel: { interval: 0, hideOverlap: true, ...(longLabels ? { rotate: 30 } : {}) },
    },
    yAxis: right.length ? [axis(left, false), axis(right, true)] : axis(left, false),
    series,
  };
}

export function ReportChartView(props: ReportChartProps) {
  const el = useRef<HTMLDivElement>(null);
  const instance = useRef<echarts.ECharts>(undefined);
  useEffect(() => {
    if (!el.current) return;
    instance.current = echarts.init(el.current, undefined, { renderer: 'svg' });
    const resize = () => instance.current?.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      instance.current?.dispose();
    };
  }, []);
  const { chart, columns, rows, labelOf } = props;
  useEffect(() => {
    instance.current?.setOption(chartOption({ chart, columns, rows, labelOf }), true);
  }, [chart, columns, rows, labelOf]);
  return <div ref={el} role="img" aria-label={chart.title ?? '图表'} data-chart="report" style={{ width: '100%', height: 360 }} />;
}
