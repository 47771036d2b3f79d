import { describe, expect, it } from 'vitest';
import { visibleTabs } from './bottom-panel.tsx';
import { chartSeries } from './sensor-chart.tsx';
import { alarmCounts, columnsOf, type TabData } from './track-data.ts';

const none = { detectDoor: 0, coldMachine: 0, gatherTemperature: 0, gatherHumidity: 0, oilControl: 0, camera: 0 };
const data = (over: Partial<TabData> = {}): TabData => ({ stops: [], areas: [], doors: [], cold: [], alarms: [], flash: [], safety: [], temperature: {}, humidity: {}, oil: {}, temperatureRange: null, ...over });

describe('bottom tabs', () => {
  it('shows door and cold machine only for vehicles that have them, charts only for collected series', () => {
    expect(visibleTabs(none, data()).map(([k]) => k)).toEqual(['points', 'stops', 'areas', 'alarms']);
    const all = { ...none, detectDoor: 1, coldMachine: 1, gatherTemperature: 1, gatherHumidity: 1, oilControl: 1 };
    expect(visibleTabs(all, data({ temperature: { th1: [{ x: 't', y: 5 }] } })).map(([k]) => k)).toEqual(['points', 'stops', 'areas', 'doors', 'cold', 'alarms', 'temperature']);
  });

  it('adds the flash photo and active-safety tabs on monitor pages only', () => {
    const keys = (monitor: boolean) => visibleTabs(none, data(), monitor).map(([k]) => k);
    expect(keys(false)).not.toContain('flash');
    expect(keys(true)).toEqual(['points', 'stops', 'areas', 'alarms', 'flash', 'safety']);
    expect(visibleTabs(none, data(), true).slice(4).map(([, label]) => label)).toEqual(['抓拍', '主动安全']);
  });

  it('counts alarms by type for the alarm tab', () => {
    const alarms = [{ lastAlarmTypeName: '超速' }, { lastAlarmTypeName: '温度异常' }, { lastAlarmTypeName: '超速' }];
    expect(alarmCounts(alarms)).toEqual([['超速', 2], ['温度异常', 1]]);
    expect(visibleTabs(none, data({ alarms }))[3][1]).toBe('报警(3)');
  });

  it('charts drop sentinel values and keep at most 16 channels', () => {
    const t = chartSeries('temperature', { th1: [{ x: 'a', y: -999 }, { x: 'b', y: 4.5 }] });
    expect(t[0]).toMatchObject({ name: '温度1', data: [['b', 4.5]] });
    expect(chartSeries('humidity', { th2: [{ x: 'a', y: -1 }] })[0].data).toEqual([]);
    expect(chartSeries('oil', { oilCalc1: [{ x: 'a', y: 0 }, { x: 'b', y: 120 }] })[0].data).toEqual([['b', 120]]);
    const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`th${i + 1}`, [{ x: 'a', y: 1 }]]));
    expect(chartSeries('temperature', many)).toHaveLength(16);
  });

  it('keeps the track as typed columns with the alarm flags', () => {
    const c = columnsOf([{ lon: 120, lat: 30, gpsTimeMillisecond: 1, speed: 50, direction: 90, alarm: 1 }, { lon: 121, lat: 31, gpsTimeMillisecond: 2, speed: 0, direction: 0, alarm: 0 }]);
    expect(Array.from(c.lng)).toEqual([120, 121]);
    expect(Array.from(c.alarm)).toEqual([1, 0]);
  });
});
