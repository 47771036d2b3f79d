// The rules on crafted tracks with known answers: runs, gaps, sentinels, channels the vehicle
// lacks, fences that excuse a door or a stop.
import { describe, expect, it } from 'vitest';
import { doorBit, emptyColumns, TEMP_NONE, type TrackColumns } from '../../tracking/columns.ts';
import { prepareFence } from '../../tracking/analytics/fence.ts';
import { DEFAULT_SETTINGS } from '../settings.ts';
import { doorOutsideFenceRule } from './door-outside-fence.ts';
import { longStopRule } from './long-stop.ts';
import { overspeedRule } from './overspeed.ts';
import { eachWindow, runs, type AlarmWindows, type RuleInput } from './rule.ts';
import { temperatureRule } from './temperature.ts';

/** A rule's flat triples as windows, to compare with written-out ones. */
const listed = (w: AlarmWindows) => [...eachWindow(w)];

const T0 = Date.UTC(2026, 0, 5, 2, 0, 0);
const S = 30_000;

/** n points every 30 s moving east from (120, 30) unless told otherwise. */
function track(n: number, fill: (cols: TrackColumns, i: number) => void, temps = 0): TrackColumns {
  const cols = emptyColumns(n, temps);
  for (let i = 0; i < n; i++) {
    cols.gpsTime[i] = T0 + i * S;
    cols.lon[i] = 120 + i * 0.001;
    cols.lat[i] = 30;
    cols.speed[i] = 60;
    fill(cols, i);
  }
  return cols;
}

const input = (cols: TrackColumns, more: Partial<RuleInput> = {}): RuleInput => ({
  cols, settings: DEFAULT_SETTINGS, fences: [], onWaybill: true, doorMask: 0, tempMask: 0, ...more,
});

describe('runs', () => {
  it('splits at a gap longer than allowed and keeps the worst value', () => {
    const time = Float64Array.from([0, 1, 2, 3, 100, 101, 102]);
    const values = [5, 7, 6, 0, 9, 9, 0];
    expect(listed(runs(time, 7, 10, (i) => values[i] > 0, (i) => values[i], Math.max))).toEqual([
      { from: 0, to: 2, peak: 7 }, { from: 4, to: 5, peak: 9 },
    ]);
    // Without the 0 at index 3 the gap alone ends the first run.
    const v2 = [5, 7, 6, 4, 9, 9, 9];
    expect(listed(runs(time, 7, 10, (i) => v2[i] > 0, (i) => v2[i], Math.max))).toEqual([{ from: 0, to: 3, peak: 7 }, { from: 4, to: 6, peak: 9 }]);
  });
});

describe('temperature', () => {
  it('the reading furthest outside 2-8 ℃ on any collected channel; -999 is no reading', () => {
    const cols = track(10, (c, i) => {
      c.temps[0]![i] = i >= 3 && i <= 6 ? 9 + i / 10 : 5; // 9.3 .. 9.6 above
      c.temps[1]![i] = i === 4 ? -1 : i === 8 ? TEMP_NONE : 4; // -1 is 3 below: the worst
    }, 0b11);
    const w = listed(temperatureRule.windows(input(cols, { tempMask: 0b11 })));
    expect(w).toEqual([{ from: 3, to: 6, peak: -1 }]);
    expect(temperatureRule.describe(w[0].peak, 0, DEFAULT_SETTINGS)).toBe('温度-1℃，超出2~8℃的范围');
  });
  it('a channel the vehicle does not have is ignored', () => {
    const cols = track(5, (c, i) => ((c.temps[0]![i] = 5), (c.temps[2]![i] = 30)), 0b101);
    expect(listed(temperatureRule.windows(input(cols, { tempMask: 0b001 })))).toEqual([]);
    expect(temperatureRule.applies(input(cols, { tempMask: 0b010 }))).toBe(false);
  });
  it('the sentinel alone never alarms', () => {
    const cols = track(5, (c, i) => (c.temps[0]![i] = TEMP_NONE), 1);
    expect(listed(temperatureRule.windows(input(cols, { tempMask: 1 })))).toEqual([]);
  });
});

describe('overspeed', () => {
  it('above 100 km/h, top speed kept', () => {
    const speeds = [90, 101, 120, 110, 100, 130, 80];
    const cols = track(7, (c, i) => (c.speed[i] = speeds[i]));
    expect(listed(overspeedRule.windows(input(cols)))).toEqual([{ from: 1, to: 3, peak: 120 }, { from: 5, to: 5, peak: 130 }]);
    expect(overspeedRule.minDurationMs(DEFAULT_SETTINGS)).toBe(60_000);
    expect(overspeedRule.describe(120, 0, DEFAULT_SETTINGS)).toBe('超速行驶，最高速度120km/h，限速100km/h');
  });
});

describe('door opened outside the fences', () => {
  // A 300 m circle around the 3rd point.
  const fence = prepareFence({ id: 1, name: '装货仓', typeId: 3, lon: 120.002, lat: 30, radius: 300, areaLonLat: null }, 0);
  it('inside a route fence is fine; outside alarms; doors the vehicle lacks do not count', () => {
    const cols = track(12, (c, i) => {
      if (i >= 1 && i <= 3) c.status[i] = doorBit(1); // at the fence (lon 120.001..120.003: within 300 m)
      if (i >= 7 && i <= 8) c.status[i] = doorBit(2); // ~500 m+ east: outside
      if (i === 10) c.status[i] = doorBit(5); // a channel this vehicle does not have
    });
    const w = listed(doorOutsideFenceRule.windows(input(cols, { fences: [fence], doorMask: 0b11 })));
    expect(w).toEqual([{ from: 7, to: 8, peak: doorBit(2) }]);
    expect(doorOutsideFenceRule.describe(0b11, 0, DEFAULT_SETTINGS)).toBe('在围栏外开门：门1、门2');
  });
  it('only on a waybill with fences', () => {
    const cols = track(3, (c, i) => (c.status[i] = doorBit(1)));
    expect(doorOutsideFenceRule.applies(input(cols, { doorMask: 1, fences: [fence], onWaybill: false }))).toBe(false);
    expect(doorOutsideFenceRule.applies(input(cols, { doorMask: 1, fences: [] }))).toBe(false);
    expect(doorOutsideFenceRule.applies(input(cols, { doorMask: 1, fences: [fence] }))).toBe(true);
  });
});

describe('long stop', () => {
  it('stopped outside the fences; a stop inside one is expected; a quiet terminal does not end it', () => {
    const fence = prepareFence({ id: 1, name: '卸货点', typeId: 3, lon: 120.05, lat: 30, radius: 200, areaLonLat: null }, 0);
    const cols = track(8, (c, i) => {
      c.speed[i] = i >= 2 && i <= 5 ? 0 : 50;
      if (i >= 2 && i <= 5) c.lon[i] = 120.002;
      if (i >= 4) c.gpsTime[i] += 90 * 60_000; // 90 minutes without data while parked
      if (i === 7) ((c.speed[i] = 0), (c.lon[i] = 120.05)); // stopped at the unloading place
    });
    const w = listed(longStopRule.windows(input(cols, { fences: [fence] })));
    expect(w).toEqual([{ from: 2, to: 5, peak: 0 }]);
    expect(cols.gpsTime[5] - cols.gpsTime[2]).toBeGreaterThan(DEFAULT_SETTINGS.stopMinMs);
    expect(longStopRule.describe(0, 95 * 60_000, DEFAULT_SETTINGS)).toBe('在围栏外停车1小时35分钟，超过30分钟');
  });
});
