// Where the fleet's markers go on screen, without the map library: each vehicle's Web Mercator
// position (computed once when it moves), the camera as an affine map from Mercator to screen pixels,
// and, zoomed out, clusters by binning the vehicles in a grid of world pixels (O(n) per redraw). The
// grid is anchored to the world at the nearest whole zoom, so panning does not reshuffle the clusters
// and they change only when the zoom crosses a half step; neighbouring bins whose centres are closer
// than a cell are merged, so two clusters never sit on top of each other at a cell border.
import type { FleetState } from './fleet-model.ts';

export interface FleetMarker {
  id: number;
  /** Display coordinates (the map's datum), for fitting the view and the tests. */
  lngLat: [number, number];
  /** Web Mercator, 0..1 over the world. */
  mx: number;
  my: number;
  state: FleetState;
  /** Degrees clockwise from north, in 45° steps (spec section 9). */
  rotation: number;
}

export const mercatorX = (lon: number) => (lon + 180) / 360;
export const mercatorY = (lat: number) => {
  const s = Math.sin((Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
};
export const lonOf = (mx: number) => mx * 360 - 180;
export const latOf = (my: number) => (360 / Math.PI) * Math.atan(Math.exp((0.5 - my) * 2 * Math.PI)) - 90;

/** Mercator → screen pixels: x = ox + ax·mx + bx·my, y = oy + ay·mx + by·my (a flat map, any bearing). */
export interface ScreenAffine { ox: number; oy: number; ax: number; ay: number; bx: number; by: number }

export interface View {
  width: number;
  height: number;
  /** The camera's zoom (maplibre: 512 px world at zoom 0). */
  zoom: number;
  /** Flat map: the affine; pitched: one projection per point. */
  toScreen: ScreenAffine | ((m: FleetMarker) => { x: number; y: number });
}

export type Placed =
  | { kind: 'vehicle'; x: number; y: number; marker: FleetMarker }
  | { kind: 'cluster'; x: number; y: number; count: number; alarming: boolean; members: FleetMarker[] };

/** Cell of the clustering grid, in pixels at the nearest whole zoom (maplibre's clusterRadius was 50). */
export const CLUSTER_CELL = 60;
/** Markers this far outside the view are still placed: a disc half in view is drawn. */
const MARGIN = 40;

function projector(view: View): (m: FleetMarker, out: { x: number; y: number }) => void {
  const t = view.toScreen;
  if (typeof t === 'function') return (m, out) => Object.assign(out, t(m));
  return (m, out) => {
    out.x = t.ox + t.ax * m.mx + t.bx * m.my;
    out.y = t.oy + t.ay * m.mx + t.by * m.my;
  };
}

const inside = (p: { x: number; y: number }, view: View) => p.x >= -MARGIN && p.y >= -MARGIN && p.x <= view.width + MARGIN && p.y <= view.height + MARGIN;

/** The vehicles in view (clustered or not), by id. */
export function idsInView(markers: Iterable<FleetMarker>, view: View): number[] {
  const project = projector(view);
  const p = { x: 0, y: 0 };
  const out: number[] = [];
  for (const m of markers) {
    project(m, p);
    if (p.x >= 0 && p.y >= 0 && p.x <= view.width && p.y <= view.height) out.push(m.id);
  }
  return out;
}

interface Bin { cx: number; cy: number; sx: number; sy: number; members: FleetMarker[]; alarming: boolean; merged: boolean }

/** What to draw: every vehicle in view alone, or (cluster = true) binned; clusters first, then vehicles, drawn in that order. */
export function placeFleet(markers: Iterable<FleetMarker>, view: View, cluster: boolean): Placed[] {
  const project = projector(view);
  const p = { x: 0, y: 0 };
  if (!cluster) {
    const out: Placed[] = [];
    for (const m of markers) {
      project(m, p);
      if (inside(p, view)) out.push({ kind: 'vehicle', x: p.x, y: p.y, marker: m });
    }
    return out;
  }
  const cellsPerWorld = (512 * 2 ** Math.round(view.zoom)) / CLUSTER_CELL;
  const bins = new Map<number, Bin>();
  for (const m of markers) {
    project(m, p);
    if (!inside(p, view)) continue;
    const cx = Math.floor(m.mx * cellsPerWorld);
    const cy = Math.floor(m.my * cellsPerWorld);
    const key = cy * 1e8 + cx;
    let b = bins.get(key);
    if (!b) bins.set(key, (b = { cx, cy, sx: 0, sy: 0, members: [], alarming: false, merged: false }));
    b.sx += p.x;
    b.sy += p.y;
    b.members.push(m);
    if (m.state === 'alarming') b.alarming = true;
  }
  // Merge neighbours whose centres are closer than a cell on screen, the fuller bin taking the other.
  const cell = CLUSTER_CELL * 2 ** (view.zoom - Math.round(view.zoom));
  const order = [...bins.values()].sort((a, b) => b.members.length - a.members.length);
  for (const b of order) {
    if (b.merged) continue;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const n = (dx || dy) ? bins.get((b.cy + dy) * 1e8 + b.cx + dx) : undefined;
      if (!n || n.merged) continue;
      const n0 = n.members.length;
      const b0 = b.members.length;
      if (Math.hypot(n.sx / n0 - b.sx / b0, n.sy / n0 - b.sy / b0) >= cell) continue;
      n.merged = true;
      b.sx += n.sx;
      b.sy += n.sy;
      for (const m of n.members) b.members.push(m);
      b.alarming ||= n.alarming;
    }
  }
  const clusters: Placed[] = [];
  const vehicles: Placed[] = [];
  for (const b of order) {
    if (b.merged) continue;
    const count = b.members.length;
    if (count === 1) {
      project(b.members[0], p);
      vehicles.push({ kind: 'vehicle', x: p.x, y: p.y, marker: b.members[0] });
    } else clusters.push({ kind: 'cluster', x: b.sx / count, y: b.sy / count, count, alarming: b.alarming, members: b.members });
  }
  return [...clusters, ...vehicles];
}

/** The count on a cluster, as maplibre abbreviated it: 1,234 → 1.2k, 12,345 → 12k. */
export function abbreviated(count: number): string {
  if (count >= 10_000) return `${Math.round(count / 1000)}k`;
  if (count >= 1000) return `${Math.round(count / 100) / 10}k`;
  return String(count);
}

/** Cluster disc radius by size, as the circle layer's step expression had it. */
export const clusterRadius = (count: number) => (count < 100 ? 16 : count < 1000 ? 20 : 26);
