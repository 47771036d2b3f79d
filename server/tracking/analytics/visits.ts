// Area visits: when the vehicle entered and left each fence. Jitter at an edge must not flip in and
// out, so two rules apply: hysteresis (a vehicle inside leaves only once it is more than `bandM`
// beyond the edge) and a minimum dwell (an exit followed by a return within `minDwellMs` is one
// visit; a visit shorter than `minDwellMs` — driving through — is not reported). One pass over the
// points; each point is tested only against the fences of its grid cell and the fences it is in,
// read from flat arrays (PackedFences), and the cell is looked up only when the point leaves it.
import type { MotionColumns } from '../columns.ts';
import { FenceGrid, prepareFence, type FenceShape, type PreparedFence } from './fence.ts';
import { inRingAt, M_PER_DEG_LAT, nearRingAt } from './geo.ts';

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

export function prepareFences(fences: readonly FenceShape[], bandM = VISIT_DEFAULTS.bandM): FenceGrid {
  return new FenceGrid(fences.map((f) => prepareFence(f, bandM)));
}

/**
 * The visit of a fence entered at `inIndex` and last inside at `lastIn`, or null when too short (driving
 * through); `ended`: the track ends inside, so there is no exit time. A function of its own, not a
 * closure, so the hot loop's variables stay in registers.
 */
function visitOf(f: PreparedFence, inIndex: number, lastIn: number, time: Float64Array, length: number, minDwellMs: number, ended: boolean): Visit | null {
  const duration = time[lastIn] - time[inIndex];
  if (duration < minDwellMs && !(ended && lastIn === length - 1)) return null;
  return { fenceId: f.id, name: f.name, inIndex, outIndex: lastIn, inTime: time[inIndex], outTime: ended ? null : time[lastIn], durationMs: duration };
}

export function detectVisits(cols: MotionColumns, grid: FenceGrid, options: Partial<VisitOptions> = {}): Visit[] {
  const { bandM, minDwellMs } = { ...VISIT_DEFAULTS, ...options };
  const { lon, lat, gpsTime: time, length } = cols;
  const packed = grid.packed;
  const nf = packed.fences.length;
  // The packed arrays as locals, and the circles' tests written out in the loop (the same arithmetic
  // as PackedFences.containsAt / withinBandAt and geo.ts dist2, so the answers are the same bit for
  // bit): a method call per fence and point, with its loads through `this`, was most of the pass.
  const { minLon, maxLon, minLat, maxLat, kx, r2, rings } = packed;
  const cLon = packed.lon, cLat = packed.lat;
  const band2 = packed.bandR2(bandM);
  const out: Visit[] = [];
  // The fences the vehicle is in, in the order it entered them (few, so a short list), and per fence
  // whether it is open, when it was entered and the last point counted inside (within the band).
  const open = new Int32Array(nf);
  let nOpen = 0;
  const isOpen = new Uint8Array(nf);
  const inIndex = new Int32Array(nf);
  const lastIn = new Int32Array(nf);
  const box = new Float64Array(4).fill(NaN); // the current cell, shrunk by a hair (see innerBox)
  let near: Int32Array = FenceGrid.NO_INDICES;
  for (let i = 0; i < length; i++) {
    const x = lon[i], y = lat[i];
    if (!(x > box[0] && y > box[1] && x < box[2] && y < box[3])) {
      near = grid.indicesAt(grid.cellOf(x, y));
      grid.innerBox(x, y, box);
    }
    for (let j = nOpen - 1; j >= 0; j--) {
      const k = open[j];
      let inBand = false;
      if (!(x < minLon[k] || x > maxLon[k] || y < minLat[k] || y > maxLat[k])) {
        const ring = rings[k];
        if (ring === null) {
          const dx = (x - cLon[k]) * kx[k], dy = (y - cLat[k]) * M_PER_DEG_LAT;
          inBand = dx * dx + dy * dy <= band2[k];
        } else inBand = inRingAt(ring, lon, lat, i) || nearRingAt(ring, kx[k], lon, lat, i, bandM);
      }
      if (inBand) lastIn[k] = i;
      else if (time[i] - time[lastIn[k]] >= minDwellMs) {
        const v = visitOf(packed.fences[k], inIndex[k], lastIn[k], time, length, minDwellMs, false);
        if (v) out.push(v);
        isOpen[k] = 0;
        open.copyWithin(j, j + 1, nOpen--);
      }
    }
    for (let j = 0; j < near.length; j++) {
      const k = near[j];
      if (isOpen[k] !== 0 || x < minLon[k] || x > maxLon[k] || y < minLat[k] || y > maxLat[k]) continue;
      const ring = rings[k];
      let inside: boolean;
      if (ring === null) {
        const dx = (x - cLon[k]) * kx[k], dy = (y - cLat[k]) * M_PER_DEG_LAT;
        inside = dx * dx + dy * dy <= r2[k];
      } else inside = inRingAt(ring, lon, lat, i);
      if (inside) {
        open[nOpen++] = k;
        isOpen[k] = 1;
        inIndex[k] = lastIn[k] = i;
      }
    }
  }
  // Still inside at the end of the track: the visit is open (no exit time).
  for (let j = 0; j < nOpen; j++) {
    const k = open[j];
    const v = visitOf(packed.fences[k], inIndex[k], lastIn[k], time, length, minDwellMs, lastIn[k] === length - 1);
    if (v) out.push(v);
  }
  return out.sort((a, b) => a.inIndex - b.inIndex || a.fenceId - b.fenceId);
}
