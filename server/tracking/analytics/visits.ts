// Area visits: when the vehicle entered and left each fence. Jitter at an edge must not flip in and
// out, so two rules apply: hysteresis (a vehicle inside leaves only once it is more than `bandM`
// beyond the edge) and a minimum dwell (an exit followed by a return within `minDwellMs` is one
// visit; a visit shorter than `minDwellMs` — driving through — is not reported). One pass over the
// points; each point is tested only against the fences of its grid cell and the fences it is in,
// read from flat arrays (PackedFences), and the cell is looked up only when the point leaves it.
// Most points need no test at all: they stay in the quiet box made after an earlier point (see quietBox).
import type { MotionColumns } from '../columns.ts';
import { FenceGrid, prepareFence, type FenceShape, type PackedFences, type PreparedFence } from './fence.ts';
import { dist2, inRingAt, M_PER_DEG_LAT, nearRingAt, ringDist2 } from './geo.ts';

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
  const quiet = new Float64Array(4).fill(NaN); // see quietBox
  let quietAt = -1; // the point the quiet box was made at, or -1 when there is none
  for (let i = 0; i < length; i++) {
    const x = lon[i], y = lat[i];
    if (x > quiet[0] && y > quiet[1] && x < quiet[2] && y < quiet[3]) continue;
    // Out of the quiet box: the points in it were within the band of every open fence.
    if (quietAt >= 0) {
      for (let j = 0; j < nOpen; j++) lastIn[open[j]] = i - 1;
      quietAt = -1;
      quiet[0] = NaN;
    }
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
    if (quietBox(packed, lon, lat, i, open, nOpen, lastIn, near, isOpen, box, bandM, quiet)) quietAt = i;
  }
  if (quietAt >= 0) for (let j = 0; j < nOpen; j++) lastIn[open[j]] = length - 1;
  // Still inside at the end of the track: the visit is open (no exit time).
  for (let j = 0; j < nOpen; j++) {
    const k = open[j];
    const v = visitOf(packed.fences[k], inIndex[k], lastIn[k], time, length, minDwellMs, lastIn[k] === length - 1);
    if (v) out.push(v);
  }
  return out.sort((a, b) => a.inIndex - b.inIndex || a.fenceId - b.fenceId);
}

/** Metres kept off the edge of a quiet box: far above the rounding of the tests (about a micrometre at 1e-14 degrees). */
const QUIET_MARGIN_M = 0.05;
/** Below 1/sqrt(2): the square of this half side fits in a disc of radius 1. */
const HALF_SQUARE = 0.7;

/**
 * A quiet box around point i, written to `out`: while the following points stay strictly inside it,
 * nothing can change, so the pass skips them with one box test each (a parked vehicle's jitter, a
 * drive through a cell without fences). It lies inside the grid cell (`cell`, so the near fences stay
 * the same), apart from the grown bounding box of every near fence the vehicle is not in (the
 * bounding-box test rejects them first, exactly), and within the band of every open fence: a disc of
 * `slack` metres around the point is, where slack is the radius plus band less the distance from a
 * circle's centre; for a ring, its distance to the edges plus the band inside (a point within that
 * reach outside the ring crosses an edge at least that distance away, so it is within the band of
 * it), the band less the distance outside. The square inside that disc, kept QUIET_MARGIN_M off its
 * edge and inside the fence's grown bounding box, leaves every test's rounding far behind. False (no box) when a fence is open but the point
 * is out of its band (an absence not yet ended), or the point is within a near fence's bounding box.
 */
function quietBox(p: PackedFences, lon: Float64Array, lat: Float64Array, i: number, open: Int32Array, nOpen: number, lastIn: Int32Array,
  near: Int32Array, isOpen: Uint8Array, cell: Float64Array, bandM: number, out: Float64Array): boolean {
  const x = lon[i], y = lat[i];
  let x0 = cell[0], y0 = cell[1], x1 = cell[2], y1 = cell[3];
  for (let j = 0; j < nOpen; j++) {
    const k = open[j];
    if (lastIn[k] !== i) return false;
    const ring = p.rings[k];
    let slack: number;
    if (ring === null) slack = p.r[k] + bandM - Math.sqrt(dist2(p.kx[k], p.lon[k], p.lat[k], x, y));
    else {
      const d = Math.sqrt(ringDist2(ring, p.kx[k], x, y));
      slack = inRingAt(ring, lon, lat, i) ? d + bandM : bandM - d;
    }
    const h = slack * HALF_SQUARE - QUIET_MARGIN_M;
    if (!(h > 0)) return false;
    // Within the fence's grown bounding box too: the band test rejects outside it first (a grid
    // prepared for a narrower band than asked for has a box narrower than the band).
    const hx = h / p.kx[k], hy = h / M_PER_DEG_LAT;
    x0 = Math.max(x0, x - hx, p.minLon[k]); x1 = Math.min(x1, x + hx, p.maxLon[k]);
    y0 = Math.max(y0, y - hy, p.minLat[k]); y1 = Math.min(y1, y + hy, p.maxLat[k]);
  }
  for (let j = 0; j < near.length; j++) {
    const k = near[j];
    if (isOpen[k] !== 0) continue;
    const a = p.minLon[k], b = p.maxLon[k], c = p.minLat[k], d = p.maxLat[k];
    if (b < x0 || a > x1 || d < y0 || c > y1) continue; // apart already
    // Cut the box at the side of the fence's box with the widest gap to the point, so it stays as large as it can.
    const kx = p.kx[k];
    const east = (a - x) * kx, west = (x - b) * kx, north = (c - y) * M_PER_DEG_LAT, south = (y - d) * M_PER_DEG_LAT;
    const widest = Math.max(east, west, north, south);
    if (!(widest > 0)) return false;
    if (widest === east) x1 = Math.min(x1, a);
    else if (widest === west) x0 = Math.max(x0, b);
    else if (widest === north) y1 = Math.min(y1, c);
    else y0 = Math.max(y0, d);
  }
  out[0] = x0; out[1] = y0; out[2] = x1; out[3] = y1;
  return true;
}
