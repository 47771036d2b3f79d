// A stop away from the waybill's fences longer than the threshold: speed at most stopMaxSpeedKmh
// at every point, outside every route fence (loading and unloading there are expected stops).
// A terminal often goes quiet while the engine is off, so gaps up to two hours do not end a stop.
import { durationText } from '../catalogue.ts';
import { insideAny, MINUTE, runs, type AlarmRule } from './rule.ts';

export const STOP_GAP_MS = 120 * MINUTE;

export const longStopRule: AlarmRule = {
  kind: 'longStop',
  minDurationMs: (s) => s.stopMinMs,
  maxGapMs: STOP_GAP_MS,
  applies: ({ onWaybill }) => onWaybill,
  windows: ({ cols, settings, fences }) =>
    runs(cols.gpsTime, cols.length, STOP_GAP_MS,
      (i) => cols.speed[i] <= settings.stopMaxSpeedKmh && !insideAny(fences, cols.lon[i], cols.lat[i]),
      () => 0, () => 0),
  worse: () => 0,
  describe: (_peak, ms, s) => `在围栏外停车${durationText(ms)}，超过${Math.round(s.stopMinMs / MINUTE)}分钟`,
};
