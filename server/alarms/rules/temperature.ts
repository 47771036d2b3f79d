// Temperature out of the waybill's range: any collected channel (t1..t16 the vehicle has) reads
// below tempMin or above tempMax. -999 means "no reading" and never alarms. The peak is the
// reading furthest outside the range.
import { TEMP_NONE } from '../../tracking/columns.ts';
import type { AlarmSettings } from '../settings.ts';
import { runs, SENSOR_GAP_MS, type AlarmRule, type RuleInput } from './rule.ts';

const excess = (v: number, s: AlarmSettings) => (v > s.tempMax ? v - s.tempMax : v < s.tempMin ? s.tempMin - v : 0);
const worse = (a: number, b: number, s: AlarmSettings) => (excess(b, s) > excess(a, s) ? b : a);
const fmt = (v: number) => (Math.round(v * 10) / 10).toString();

export const temperatureRule: AlarmRule = {
  kind: 'temperature',
  minDurationMs: (s) => s.tempMinMs,
  maxGapMs: SENSOR_GAP_MS,
  applies: ({ tempMask, cols }) => cols.temps.some((a, c) => a !== null && (tempMask & (1 << c)) !== 0),
  windows({ cols, settings: s, tempMask }: RuleInput) {
    const channels = cols.temps.filter((a, c): a is Float64Array => a !== null && (tempMask & (1 << c)) !== 0);
    // The worst reading of point i (the one furthest outside), or NaN when all are inside or absent.
    const worstAt = (i: number) => {
      let worst = NaN;
      for (const ch of channels) {
        const v = ch[i];
        if (v !== TEMP_NONE && excess(v, s) > excess(worst, s)) worst = v; // excess(NaN) is 0
      }
      return worst;
    };
    return runs(cols.gpsTime, cols.length, SENSOR_GAP_MS, (i) => !Number.isNaN(worstAt(i)), worstAt, (a, b) => worse(a, b, s));
  },
  worse,
  describe: (peak, _ms, s) => `温度${fmt(peak)}℃，超出${fmt(s.tempMin)}~${fmt(s.tempMax)}℃的范围`,
};
