// Points inside an alarm time window are marked alarm (spec section 4): one sweep over the
// sorted windows and the time column.
import type { TimeWindow } from '../columns.ts';

export function markAlarms(time: Float64Array, windows: readonly TimeWindow[], length = time.length): Uint8Array {
  const marks = new Uint8Array(length);
  const sorted = [...windows].sort((a, b) => a.begin - b.begin);
  let w = 0;
  let reach = -Infinity; // the furthest end among windows begun so far
  for (let i = 0; i < length; i++) {
    const t = time[i];
    while (w < sorted.length && sorted[w].begin <= t) reach = Math.max(reach, sorted[w++].end);
    if (t <= reach) marks[i] = 1;
  }
  return marks;
}
