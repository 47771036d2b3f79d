// A door opened outside every fence of the waybill (goods should only come out at the loading,
// via and unloading places). Only the door channels the vehicle has count; every opening counts
// (no minimum). The peak is the mask of doors seen open.
import { DOOR_BITS } from '../../tracking/columns.ts';
import { insideAny, runs, SENSOR_GAP_MS, type AlarmRule } from './rule.ts';

const doorNames = (mask: number) => {
  const names: string[] = [];
  for (let c = 0; c < 16; c++) if (mask & (1 << c)) names.push(`门${c + 1}`);
  return names.join('、');
};

export const doorOutsideFenceRule: AlarmRule = {
  kind: 'doorOutsideFence',
  minDurationMs: () => 0,
  maxGapMs: SENSOR_GAP_MS,
  applies: ({ doorMask, onWaybill, fences }) => (doorMask & DOOR_BITS) !== 0 && onWaybill && fences.length > 0,
  windows({ cols, doorMask, fences }) {
    const mask = doorMask & DOOR_BITS;
    return runs(cols.gpsTime, cols.length, SENSOR_GAP_MS,
      (i) => (cols.status[i] & mask) !== 0 && !insideAny(fences, cols.lon[i], cols.lat[i]),
      (i) => cols.status[i] & mask, (a, b) => a | b);
  },
  worse: (a, b) => a | b,
  describe: (peak) => `在围栏外开门：${doorNames(peak)}`,
};
