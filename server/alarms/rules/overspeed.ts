// Overspeed: faster than the threshold for at least the minimum time. The peak is the top speed.
import { runs, SENSOR_GAP_MS, type AlarmRule } from './rule.ts';

export const overspeedRule: AlarmRule = {
  kind: 'overspeed',
  minDurationMs: (s) => s.overspeedMinMs,
  maxGapMs: SENSOR_GAP_MS,
  applies: () => true,
  windows: ({ cols, settings }) =>
    runs(cols.gpsTime, cols.length, SENSOR_GAP_MS, (i) => cols.speed[i] > settings.overspeedKmh, (i) => cols.speed[i], Math.max),
  worse: (a, b) => Math.max(a, b),
  describe: (peak, _ms, s) => `超速行驶，最高速度${Math.round(peak * 10) / 10}km/h，限速${s.overspeedKmh}km/h`,
};
