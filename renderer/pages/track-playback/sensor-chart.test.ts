import { describe, expect, it } from 'vitest';
import { chartOptionSeries } from './sensor-chart.tsx';

const series = { th1: [{ x: '2026-11-01 08:00:00', y: 4.1 }, { x: '2026-11-01 08:01:00', y: -999 }], th2: [{ x: '2026-11-01 08:00:00', y: 5 }] };

describe('the temperature chart', () => {
  it('draws the allowed range once, as 温度上限 and 温度下限 lines with their values', () => {
    const out = chartOptionSeries('temperature', series, { tempMin: 2, tempMax: 8 });
    expect(out).toHaveLength(2);
    const lines = (out[0].markLine as { data: { name: string; yAxis: number }[] }).data;
    expect(lines).toEqual([{ name: '温度上限 8℃', yAxis: 8 }, { name: '温度下限 2℃', yAxis: 2 }]);
    expect(out[1].markLine).toBeUndefined();
    expect(out[0].data).toEqual([['2026-11-01 08:00:00', 4.1]]);
  });

  it('draws no limit lines without a range, nor on the humidity chart', () => {
    expect(chartOptionSeries('temperature', series, null)[0].markLine).toBeUndefined();
    expect(chartOptionSeries('humidity', { th1: [{ x: 'a', y: 50 }] }, { tempMin: 2, tempMax: 8 })[0].markLine).toBeUndefined();
  });
});
