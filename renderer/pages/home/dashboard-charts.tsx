// The dashboard's charts, drawn by echarts as SVG (labels a user can select and a journey can read),
// in their own chunk so the first screen does not wait for echarts: today's records by status
// (bars stacked by business line; a bar leads to that line's list on that tab), open alarms by type
// (pie) and waybills per day by business line (lines).
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { BusinessVolume, StatusCount, TodayCounts } from './dashboard-types.ts';
import { CHART_HEIGHT } from './panels.tsx';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

type Option = echarts.EChartsCoreOption;
type ClickParams = { seriesIndex?: number; dataIndex: number };

function Chart({ option, label, height = CHART_HEIGHT, onClick }: { option: Option; label: string; height?: number; onClick?: (p: ClickParams) => void }) {
  const el = useRef<HTMLDivElement>(null);
  const instance = useRef<echarts.ECharts>(undefined);
  const click = useRef(onClick);
  click.current = onClick;
  useEffect(() => {
    if (!el.current) return;
    const chart = echarts.init(el.current, undefined, { renderer: 'svg' });
    instance.current = chart;
    chart.on('click', (p) => click.current?.(p as unknown as ClickParams));
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, []);
  useEffect(() => {
    instance.current?.setOption(option, true);
  }, [option]);
  return <div ref={el} role="img" aria-label={label} style={{ width: '100%', height }} />;
}

/** The statuses that occur, in the order the server lists them (the status catalogue's). */
function statusesOf(counts: TodayCounts): StatusCount[] {
  return counts.byStatus.filter((s) => s.count > 0);
}

export interface StatusBarsProps {
  counts: TodayCounts;
  /** What one bar counts: 订单数 or 运单数 (the value axis' name). */
  unit: string;
  label: string;
  onPick?: (line: string, status: number) => void;
}

export function StatusBars({ counts, unit, label, onPick }: StatusBarsProps) {
  const statuses = statusesOf(counts);
  const option: Option = {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 8, right: 16, top: 52, bottom: 8, containLabel: true },
    // Every status named; slanted when there are too many to stand side by side.
    xAxis: { type: 'category', data: statuses.map((s) => s.statusStr), axisLabel: { interval: 0, ...(statuses.length > 6 ? { rotate: 30 } : {}) } },
    yAxis: { type: 'value', name: unit, minInterval: 1 },
    series: counts.byLine.map((line) => ({
      type: 'bar', stack: 'lines', name: line.businessLineName, cursor: onPick ? 'pointer' : 'default',
      data: statuses.map((s) => line.byStatus.find((x) => x.status === s.status)?.count ?? 0),
    })),
  };
  const pick = (p: ClickParams) => {
    const line = counts.byLine[p.seriesIndex ?? -1];
    const status = statuses[p.dataIndex];
    if (line && status) onPick?.(line.businessLine, status.status);
  };
  return <Chart option={option} label={label} onClick={pick} />;
}

export function AlarmPie({ byType, label }: { byType: { alarmTypeName: string; count: number }[]; label: string }) {
  const option: Option = {
    tooltip: { trigger: 'item', formatter: '{b}：{c} 条（{d}%）' },
    legend: { type: 'scroll', orient: 'vertical', right: 0, top: 'middle' },
    series: [{ type: 'pie', name: '未处理报警', radius: ['35%', '65%'], center: ['40%', '50%'], label: { formatter: '{b} {c}' },
      data: byType.map((t) => ({ name: t.alarmTypeName, value: t.count })) }],
  };
  return <Chart option={option} label={label} />;
}

export function VolumeLines({ volume, label }: { volume: BusinessVolume; label: string }) {
  const option: Option = {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 8, right: 16, top: 52, bottom: 28, containLabel: true },
    // MM-DD under each day; the year is in the tooltip's full date.
    xAxis: { type: 'category', name: '创建日期', nameLocation: 'middle', nameGap: 28, data: volume.dates, axisLabel: { formatter: (d: string) => d.slice(5) } },
    yAxis: { type: 'value', name: '运单数', minInterval: 1 },
    series: volume.lines.map((l) => ({ type: 'line', name: l.businessLineName, data: l.counts, smooth: false, symbolSize: 6 })),
  };
  return <Chart option={option} label={label} height={260} />;
}
