// A sensor chart of the bottom tabs (℃, %RH, L; up to 16 channels). echarts loads on demand, only
// when a chart tab opens. The server already leaves out the sentinels (-999, -1, 0); the chart drops
// any that still arrive so one bad value never flattens a curve. The temperature chart draws the
// waybill's allowed range as limit lines.
import { useEffect, useRef } from 'react';

export type Series = Record<string, { x: string; y: number }[]>;
export type SensorKind = 'temperature' | 'humidity' | 'oil';

export const UNIT: Record<SensorKind, string> = { temperature: '℃', humidity: '%RH', oil: 'L' };
const TITLE: Record<SensorKind, string> = { temperature: '温度', humidity: '湿度', oil: '油量' };
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

export interface TemperatureLimits {
  tempMin: number;
  tempMax: number;
}

const LIMIT_COLOUR = '#e5262a';
const fmt = (n: number) => String(Math.round(n * 10) / 10);

/**
 * The waybill's allowed range as two dashed horizontal lines (echarts markLine) labelled
 * 温度上限 / 温度下限 with their values, carried by the first series so they are drawn once.
 */
export function limitLines(limits: TemperatureLimits) {
  return {
    silent: true,
    symbol: 'none',
    lineStyle: { color: LIMIT_COLOUR, type: 'dashed' as const, width: 1.5 },
    label: { position: 'insideEndTop' as const, color: LIMIT_COLOUR, formatter: (p: { name: string }) => p.name },
    data: [
      { name: `温度上限 ${fmt(limits.tempMax)}℃`, yAxis: limits.tempMax },
      { name: `温度下限 ${fmt(limits.tempMin)}℃`, yAxis: limits.tempMin },
    ],
  };
}

/** The chart's series; temperature with limits adds the limit lines to the first series. */
export function chartOptionSeries(kind: SensorKind, series: Series, limits?: TemperatureLimits | null) {
  const out: Record<string, unknown>[] = chartSeries(kind, series);
  if (kind === 'temperature' && limits && out.length) out[0] = { ...out[0], markLine: limitLines(limits) };
  return out;
}

/** The y axis must reach the limit lines even when every reading lies well inside them. */
function yRange(kind: SensorKind, limits?: TemperatureLimits | null) {
  if (kind !== 'temperature' || !limits) return {};
  const pad = Math.max(1, (limits.tempMax - limits.tempMin) * 0.1);
  return {
    min: (v: { min: number }) => Math.floor(Math.min(v.min, limits.tempMin - pad)),
    max: (v: { max: number }) => Math.ceil(Math.max(v.max, limits.tempMax + pad)),
  };
}

export function SensorChart({ kind, series, limits }: { kind: SensorKind; series: Series; limits?: TemperatureLimits | null }) {
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
        yAxis: { type: 'value', name: UNIT[kind], scale: true, ...yRange(kind, limits) },
        series: chartOptionSeries(kind, series, limits),
      });
      ro.observe(box.current);
    });
    return () => {
      cancelled = true;
      ro.disconnect();
      chart?.dispose();
    };
  }, [kind, series, limits]);
  const range = kind === 'temperature' && limits ? `，温度上限${fmt(limits.tempMax)}℃，温度下限${fmt(limits.tempMin)}℃` : '';
  return <div ref={box} role="img" aria-label={`${TITLE[kind]}曲线（${UNIT[kind]}）${range}`} style={{ width: '100%', height: '100%' }} />;
}
