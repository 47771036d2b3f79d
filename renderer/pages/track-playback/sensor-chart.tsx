// A sensor chart of the bottom tabs (℃, %RH, L; up to 16 channels). echarts loads on demand, only
// when a chart tab opens. The server already leaves out the sentinels (-999, -1, 0); the chart drops
// any that still arrive so one bad value never flattens a curve.
import { useEffect, useRef } from 'react';

export type Series = Record<string, { x: string; y: number }[]>;
export type SensorKind = 'temperature' | 'humidity' | 'oil';

export const UNIT: Record<SensorKind, string> = { temperature: '℃', humidity: '%RH', oil: 'L' };
const SENTINEL: Record<SensorKind, number> = { temperature: -999, humidity: -1, oil: 0 };
const NAME: Record<SensorKind, (n: string) => string> = {
  temperature: (n) => `温度${n}`,
  humidity: (n) => `湿度${n}`,
  oil: (n) => `油量${n}`,
};

export function chartSeries(kind: SensorKind, series: Series) {
  return Object.entries(series)
    .slice(0, 16)
    .map(([key, points]) => ({
      name: NAME[kind](key.replace(/^\D+/, '')),
      type: 'line' as const,
      showSymbol: false,
      data: points.filter((p) => p.y !== SENTINEL[kind] && Number.isFinite(p.y)).map((p) => [p.x, p.y]),
    }));
}

export function SensorChart({ kind, series }: { kind: SensorKind; series: Series }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let chart: { dispose(): void; resize(): void } | null = null;
    let cancelled = false;
    const ro = new ResizeObserver(() => chart?.resize());
    void import('echarts').then((echarts) => {
      if (cancelled || !box.current) return;
      const c = echarts.init(box.current);
      chart = c;
      c.setOption({
        animation: false,
        tooltip: { trigger: 'axis' },
        legend: { type: 'scroll', top: 0 },
        grid: { left: 48, right: 16, top: 28, bottom: 24 },
        xAxis: { type: 'time' },
        yAxis: { type: 'value', name: UNIT[kind], scale: true },
        series: chartSeries(kind, series),
      });
      ro.observe(box.current);
    });
    return () => {
      cancelled = true;
      ro.disconnect();
      chart?.dispose();
    };
  }, [kind, series]);
  return <div ref={box} role="img" aria-label={`${UNIT[kind]}曲线`} style={{ width: '100%', height: '100%' }} />;
}
