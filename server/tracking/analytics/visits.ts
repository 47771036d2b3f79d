// Area visits: when the vehicle entered and left each fence. Jitter at an edge must not flip in and
// out, so two rules apply: hysteresis (a vehicle inside leaves only once it is more than `bandM`
// beyond the edge) and a minimum dwell (an exit followed by a return within `minDwellMs` is one
// visit; a visit shorter than `minDwellMs` — driving through — is not reported). One pass over the
// points; each point is tested only against the fences of its grid cell and the fences it is in.
import type { TrackColumns } from '../columns.ts';
import { contains, FenceGrid, prepareFence, withinBand, type FenceShape, type PreparedFence } from './fence.ts';

export interface VisitOptions {
  /** Width of the hysteresis band outside the edge; default 30 m. */
  bandM: number;
  /** Shortest visit, and longest absence that does not end one; default 60 s. */
  minDwellMs: number;
}

export const VISIT_DEFAULTS: VisitOptions = { bandM: 30, minDwellMs: 60_000 };

export interface Visit {
  fenceId: number;
  name: string;
  inIndex: number;
  outIndex: number;
  inTime: number;
  /** Time of the last point inside; null when the track ends inside. */
  outTime: number | null;
  durationMs: number;
}

interface Open {
  f: PreparedFence;
  inIndex: number;
  /** Last point counted inside (within the band). */
  lastIn: number;
}

function isOpen(open: readonly Open[], f: PreparedFence) {
  for (let k = 0; k < open.length; k++) if (open[k].f === f) return true;
  return false;
}

export function prepareFences(fences: readonly FenceShape[], bandM = VISIT_DEFAULTS.bandM): FenceGrid {
  return new FenceGrid(fences.map((f) => prepareFence(f, bandM)));
}

export function detectVisits(cols: TrackColumns, grid: FenceGrid, options: Partial<VisitOptions> = {}): Visit[] {
  const { bandM, minDwellMs } = { ...VISIT_DEFAULTS, ...options };
  const { lon, lat, gpsTime: time, length } = cols;
  const out: Visit[] = [];
  const open: Open[] = []; // the fences the vehicle is in: few, so a plain array
  let cell = NaN;
  let near: readonly PreparedFence[] = FenceGrid.EMPTY;
  const finish = (o: Open, ended: boolean) => {
    const duration = time[o.lastIn] - time[o.inIndex];
    if (duration >= minDwellMs || (ended && o.lastIn === length - 1)) {
      out.push({ fenceId: o.f.id, name: o.f.name, inIndex: o.inIndex, outIndex: o.lastIn, inTime: time[o.inIndex], outTime: ended ? null : time[o.lastIn], durationMs: duration });
    }
  };
  for (let i = 0; i < length; i++) {
    const x = lon[i], y = lat[i];
    const c = grid.cellOf(x, y);
    if (c !== cell) (cell = c), (near = grid.at(c));
    for (let k = open.length - 1; k >= 0; k--) {
      const o = open[k];
      if (withinBand(o.f, x, y, bandM)) o.lastIn = i;
      else if (time[i] - time[o.lastIn] >= minDwellMs) (finish(o, false), open.splice(k, 1));
    }
    for (let k = 0; k < near.length; k++) {
      const f = near[k];
      if (!isOpen(open, f) && contains(f, x, y)) open.push({ f, inIndex: i, lastIn: i });
    }
  }
  // Still inside at the end of the track: the visit is open (no exit time).
  for (const o of open) finish(o, o.lastIn === length - 1);
  return out.sort((a, b) => a.inIndex - b.inIndex || a.fenceId - b.fenceId);
}
