// Stops: the vehicle stayed within `radiusM` of where it stopped for at least `minDurationMs`.
// One pass with an anchor: points within the radius of the anchor extend the stop; a point outside
// ends it, unless it is a lone GPS jump (the next point is back within the radius). A gap in the data
// (terminals sleep when parked) belongs to the stop when the vehicle reappears within the radius;
// a gap after which it is elsewhere ends the stop at the last point before the gap.
import type { MotionColumns } from '../columns.ts';
import { dist2, mPerDegLon } from './geo.ts';

export interface StopOptions {
  /** Shortest stop reported; default 3 minutes. */
  minDurationMs: number;
  /** How far the points of one stop may lie from its first point; default 100 m. */
  radiusM: number;
  /** Faster than this (km/h) is moving even inside the radius (slow crawling in a queue counts as stopped); default 5. */
  maxSpeed: number;
}

export const STOP_DEFAULTS: StopOptions = { minDurationMs: 180_000, radiusM: 100, maxSpeed: 5 };

export interface Stop {
  beginIndex: number;
  endIndex: number;
  begin: number;
  end: number;
  durationMs: number;
  /** Where the vehicle stood (the stop's first point). */
  lon: number;
  lat: number;
}

function stopOf(cols: MotionColumns, anchor: number, last: number): Stop {
  const time = cols.gpsTime;
  return { beginIndex: anchor, endIndex: last, begin: time[anchor], end: time[last], durationMs: time[last] - time[anchor], lon: cols.lon[anchor], lat: cols.lat[anchor] };
}

// No closures over the loop's state: variables a closure captures live in memory, not registers,
// and the loop runs a million times.
export function detectStops(cols: MotionColumns, options: Partial<StopOptions> = {}): Stop[] {
  const { minDurationMs, radiusM, maxSpeed } = { ...STOP_DEFAULTS, ...options };
  const { lon, lat, gpsTime: time, speed, length } = cols;
  const r2 = radiusM * radiusM;
  const out: Stop[] = [];
  let anchor = -1; // first point of the current candidate
  let last = -1; // last point that belongs to it
  let kx = 0;
  for (let i = 0; i < length; i++) {
    if (anchor >= 0) {
      if (dist2(kx, lon[anchor], lat[anchor], lon[i], lat[i]) <= r2 && speed[i] <= maxSpeed) { last = i; continue; }
      // A lone jump: the next point is back at the stop, so this one is noise.
      const j = i + 1;
      if (j < length && dist2(kx, lon[anchor], lat[anchor], lon[j], lat[j]) <= r2 && speed[j] <= maxSpeed) continue;
      if (time[last] - time[anchor] >= minDurationMs) out.push(stopOf(cols, anchor, last));
      anchor = -1;
    }
    if (speed[i] <= maxSpeed) {
      anchor = last = i;
      kx = mPerDegLon(lat[i]);
    }
  }
  if (anchor >= 0 && time[last] - time[anchor] >= minDurationMs) out.push(stopOf(cols, anchor, last));
  return out;
}
