// Temperature out of the waybill's range: any collected channel (t1..t16 the vehicle has) reads
// below tempMin or above tempMax. -999 means "no reading" and never alarms. The peak is the
// reading furthest outside the range.
import { TEMP_NONE } from '../../tracking/columns.ts';
import type { AlarmSettings } from '../settings.ts';
import { SENSOR_GAP_MS, type AlarmRule, type AlarmWindows, type RuleInput } from './rule.ts';

const excess = (v: number, s: AlarmSettings) => (v > s.tempMax ? v - s.tempMax : v < s.tempMin ? s.tempMin - v : 0);
const worse = (a: number, b: number, s: AlarmSettings) => (excess(b, s) > excess(a, s) ? b : a);
const fmt = (v: number) => (Math.round(v * 10) / 10).toString();

export const temperatureRule: AlarmRule = {
  kind: 'temperature',
  minDurationMs: (s) => s.tempMinMs,
  maxGapMs: SENSOR_GAP_MS,
  applies: ({ tempMask, cols }) => cols.temps.some((a, c) => a !== null && (tempMask & (1 << c)) !== 0),
  windows({ cols, settings: s, tempMask }: RuleInput) {
    // Most cold trucks have one channel: its readings judged by a loop of their own (one typed array
    // known to the compiler for the whole loop, no test of the channel count per point), found
    // without building the list of channels.
    const only = onlyChannel(cols.temps, tempMask);
    return only
      ? oneChannelRuns(only, cols.gpsTime, cols.length, s.tempMin, s.tempMax)
      : channelsRuns(cols.temps.filter((a, c): a is Float64Array => a !== null && (tempMask & (1 << c)) !== 0), cols.gpsTime, cols.length, s.tempMin, s.tempMax);
  },
  worse,
  describe: (peak, _ms, s) => `温度${fmt(peak)}℃，超出${fmt(s.tempMin)}~${fmt(s.tempMax)}℃的范围`,
};

/** The one channel collected, or null when none or several are. */
function onlyChannel(temps: readonly (Float64Array | null)[], tempMask: number): Float64Array | null {
  let only: Float64Array | null = null;
  for (let c = 0; c < temps.length; c++) {
    const a = temps[c];
    if (a === null || (tempMask & (1 << c)) === 0) continue;
    if (only) return null;
    only = a;
  }
  return only;
}

// runs() written out for this rule (it judges every reading of every cold truck): the worst reading of
// each point (the one furthest outside) found once, the run and its peak kept as it goes.

function oneChannelRuns(values: Float64Array, time: Float64Array, length: number, tempMin: number, tempMax: number): AlarmWindows {
  const out: AlarmWindows = [];
  let from = -1;
  let peak = 0;
  let peakExcess = 0;
  for (let i = 0; i < length; i++) {
    const v = values[i];
    const e = v === TEMP_NONE ? 0 : v > tempMax ? v - tempMax : v < tempMin ? tempMin - v : 0;
    const on = e > 0;
    if (from >= 0 && (!on || time[i] - time[i - 1] > SENSOR_GAP_MS)) {
      out.push(from, i - 1, peak);
      from = -1;
    }
    if (!on) continue;
    if (from < 0) ((from = i), (peak = v), (peakExcess = e));
    else if (e > peakExcess) ((peak = v), (peakExcess = e));
  }
  if (from >= 0) out.push(from, length - 1, peak);
  return out;
}

function channelsRuns(channels: readonly Float64Array[], time: Float64Array, length: number, tempMin: number, tempMax: number): AlarmWindows {
  const out: AlarmWindows = [];
  let from = -1;
  let peak = 0;
  let peakExcess = 0;
  for (let i = 0; i < length; i++) {
    let w = 0;
    let most = 0;
    for (let c = 0; c < channels.length; c++) {
      const v = channels[c][i];
      if (v === TEMP_NONE) continue;
      const e = v > tempMax ? v - tempMax : v < tempMin ? tempMin - v : 0;
      if (e > most) ((most = e), (w = v));
    }
    const on = most > 0;
    if (from >= 0 && (!on || time[i] - time[i - 1] > SENSOR_GAP_MS)) {
      out.push(from, i - 1, peak);
      from = -1;
    }
    if (!on) continue;
    if (from < 0) ((from = i), (peak = w), (peakExcess = most));
    else if (most > peakExcess) ((peak = w), (peakExcess = most));
  }
  if (from >= 0) out.push(from, length - 1, peak);
  return out;
}
