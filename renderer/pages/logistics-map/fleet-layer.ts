// The fleet on a maplibre map, drawn on a 2D canvas laid over the map's WebGL canvas (docs/decisions.md
// "Fleet map on a canvas overlay"): a stream batch redraws this canvas only, never the map, so no tile
// is rebuilt and the basemap is not painted again. The overlay follows the camera: it redraws in the
// map's own 'render' event after the camera moved (the same animation frame as the map), and on the
// next animation frame after the data changed.
//
// Zoomed out (up to CLUSTER_MAX_ZOOM) the vehicles are clustered in the page (fleet-cluster.ts); a
// cluster is blue, red when it holds an alarming vehicle, with its count; clicking it zooms in on its
// vehicles. A vehicle alone is a 34 px disc in its state's colour with a white arrow turned by its
// direction (spec section 9: car marker 34 px, 8 directions); clicking it opens its info window.
//
// The overlay is reachable from the map's container as `fleetOverlay` (tests and the benchmark read
// the markers it holds); it grants nothing the page does not show.
import type { Map as MlMap } from 'maplibre-gl';
import { CAR_MARKER_SIZE } from '../../map/constants.ts';
import { STATE_STYLE, type FleetDiff, type FleetFeature, type FleetState } from './fleet-model.ts';
import {
  abbreviated, clusterRadius, idsInView, latOf, lonOf, mercatorX, mercatorY, placeFleet,
  type FleetMarker, type Placed, type View,
} from './fleet-cluster.ts';

/** Up to this zoom the fleet is clustered; beyond it every vehicle stands alone (a city's depots are apart by then). */
export const CLUSTER_MAX_ZOOM = 10;
const CLUSTER_COLOUR = '#1f7cff';
const VEHICLE_RADIUS = CAR_MARKER_SIZE / 2;

export interface FleetLayerEvents {
  onVehicleClick: (vehicleId: number) => void;
}

/** The disc of a state, drawn once at the screen's pixel ratio. */
function discSprite(colour: string, ratio: number): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = c.height = Math.ceil(CAR_MARKER_SIZE * ratio);
  const g = c.getContext('2d')!;
  g.scale(ratio, ratio);
  g.beginPath();
  g.arc(CAR_MARKER_SIZE / 2, CAR_MARKER_SIZE / 2, VEHICLE_RADIUS - 2, 0, 2 * Math.PI);
  g.fillStyle = colour;
  g.fill();
  g.lineWidth = 2;
  g.strokeStyle = '#ffffff';
  g.stroke();
  return c;
}

/** The white arrow of carNode (map-view.tsx), pointing north. */
function arrowSprite(ratio: number): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = c.height = Math.ceil(CAR_MARKER_SIZE * ratio);
  const g = c.getContext('2d')!;
  g.scale(ratio, ratio);
  g.fillStyle = '#ffffff';
  g.fill(new Path2D('M17 6 L25 25 L17 20 L9 25 Z'));
  return c;
}

const markerOf = (f: FleetFeature): FleetMarker => {
  const [lon, lat] = f.geometry.coordinates as [number, number];
  return { id: Number(f.id), lngLat: [lon, lat], mx: mercatorX(lon), my: mercatorY(lat), state: f.properties.state, rotation: f.properties.rotation };
};

export class FleetOverlay {
  private readonly canvas = document.createElement('canvas');
  private readonly markers = new Map<number, FleetMarker>();
  private ratio = window.devicePixelRatio || 1;
  private discs = new Map<FleetState, HTMLCanvasElement>();
  private arrow: HTMLCanvasElement;
  /** What the last redraw placed, in drawing order: the clicks' targets. */
  private placed: Placed[] = [];
  private cameraMoved = true;
  private frame = 0;
  private readonly off: (() => void)[] = [];

  constructor(private readonly map: MlMap, features: FleetFeature[], private readonly events: FleetLayerEvents) {
    for (const f of features) this.markers.set(Number(f.id), markerOf(f));
    this.arrow = arrowSprite(this.ratio);
    for (const s of Object.keys(STATE_STYLE) as FleetState[]) this.discs.set(s, discSprite(STATE_STYLE[s].colour, this.ratio));
    Object.assign(this.canvas.style, { position: 'absolute', left: '0', top: '0', pointerEvents: 'none' });
    this.canvas.setAttribute('aria-hidden', 'true');
    map.getCanvas().after(this.canvas);
    const container = map.getContainer();
    Object.defineProperty(container, 'fleetOverlay', { value: this, configurable: true });
    this.listen('move', () => (this.cameraMoved = true));
    this.listen('resize', () => (this.cameraMoved = true));
    this.listen('render', () => {
      if (this.cameraMoved) this.draw();
    });
    this.listen('click', (ev: { point: { x: number; y: number } }) => this.click(ev.point));
    this.listen('mousemove', (ev: { point: { x: number; y: number } }) => {
      map.getCanvas().style.cursor = this.hit(ev.point) ? 'pointer' : '';
    });
    this.draw();
  }

  private listen(type: string, fn: (ev: never) => void) {
    const f = fn as (ev: unknown) => void;
    this.map.on(type as 'render', f);
    this.off.push(() => this.map.off(type as 'render', f));
  }

  /** A batch's changes: the markers move now, the canvas on the next animation frame. */
  apply(diff: FleetDiff): void {
    if (diff.add.length === 0 && diff.update.length === 0 && diff.remove.length === 0) return;
    for (const id of diff.remove) this.markers.delete(id);
    for (const f of [...diff.add, ...diff.update]) this.markers.set(Number(f.id), markerOf(f));
    if (!this.frame) this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** A vehicle as the overlay holds it (display coordinates, state, arrow); null when not on the map. */
  vehicle(id: number): { coordinates: [number, number]; state: FleetState; rotation: number } | null {
    const m = this.markers.get(id);
    return m ? { coordinates: m.lngLat, state: m.state, rotation: m.rotation } : null;
  }

  /** Where the last redraw put clusters and vehicles (screen pixels in the map), for tests. */
  drawn(): { kind: Placed['kind']; x: number; y: number; count: number }[] {
    return this.placed.map((p) => ({ kind: p.kind, x: p.x, y: p.y, count: p.kind === 'cluster' ? p.count : 1 }));
  }

  /** The vehicles within the map's view now, clustered or not. */
  inView(): number[] {
    return idsInView(this.markers.values(), this.view());
  }

  remove(): void {
    cancelAnimationFrame(this.frame);
    for (const off of this.off) off();
    this.canvas.remove();
    const container = this.map.getContainer() as unknown as { fleetOverlay?: unknown };
    if (container.fleetOverlay === this) delete container.fleetOverlay;
  }

  /**
   * The camera as an affine map from Mercator to screen: three projected points give it exactly while
   * the map is flat (any bearing); a pitched map projects each vehicle through maplibre.
   */
  private view(): View {
    const map = this.map;
    const { clientWidth: width, clientHeight: height } = map.getCanvas();
    const zoom = map.getZoom();
    if (map.getPitch() > 0) return { width, height, zoom, toScreen: (m) => map.project(m.lngLat) };
    const c = map.getCenter();
    const [cx, cy] = [mercatorX(c.lng), mercatorY(c.lat)];
    const d = 256 / (512 * 2 ** zoom);
    const p0 = map.project([lonOf(cx), latOf(cy)]);
    const px = map.project([lonOf(cx + d), latOf(cy)]);
    const py = map.project([lonOf(cx), latOf(cy + d)]);
    const [ax, ay, bx, by] = [(px.x - p0.x) / d, (px.y - p0.y) / d, (py.x - p0.x) / d, (py.y - p0.y) / d];
    return { width, height, zoom, toScreen: { ax, ay, bx, by, ox: p0.x - ax * cx - bx * cy, oy: p0.y - ay * cx - by * cy } };
  }

  /** Measured as 'fleet-draw' (the benchmark prints it): the layout and the canvas commands, not the raster. */
  private draw(): void {
    const t0 = performance.now();
    this.cameraMoved = false;
    const view = this.view();
    const [w, h] = [Math.round(view.width * this.ratio), Math.round(view.height * this.ratio)];
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
      this.canvas.style.width = `${view.width}px`;
      this.canvas.style.height = `${view.height}px`;
    }
    this.placed = placeFleet(this.markers.values(), view, this.map.getZoom() < CLUSTER_MAX_ZOOM + 1);
    const g = this.canvas.getContext('2d')!;
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.clearRect(0, 0, w, h);
    const bearing = (this.map.getBearing() * Math.PI) / 180;
    const size = CAR_MARKER_SIZE;
    g.font = '12px sans-serif';
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    for (const p of this.placed) {
      g.setTransform(this.ratio, 0, 0, this.ratio, p.x * this.ratio, p.y * this.ratio);
      if (p.kind === 'cluster') {
        g.beginPath();
        g.arc(0, 0, clusterRadius(p.count), 0, 2 * Math.PI);
        g.globalAlpha = 0.85;
        g.fillStyle = p.alarming ? STATE_STYLE.alarming.colour : CLUSTER_COLOUR;
        g.fill();
        g.globalAlpha = 1;
        g.lineWidth = 2;
        g.strokeStyle = '#ffffff';
        g.stroke();
        g.fillStyle = '#ffffff';
        g.fillText(abbreviated(p.count), 0, 0);
        continue;
      }
      g.drawImage(this.discs.get(p.marker.state)!, -size / 2, -size / 2, size, size);
      // Turned with the map (the arrow points along the road whatever the bearing).
      g.rotate((p.marker.rotation * Math.PI) / 180 - bearing);
      g.drawImage(this.arrow, -size / 2, -size / 2, size, size);
    }
    g.setTransform(1, 0, 0, 1, 0, 0);
    performance.measure('fleet-draw', { start: t0, end: performance.now() });
  }

  /** The topmost marker under a point: the last drawn wins, as on screen. */
  private hit(at: { x: number; y: number }): Placed | undefined {
    for (let i = this.placed.length - 1; i >= 0; i--) {
      const p = this.placed[i];
      const r = p.kind === 'cluster' ? clusterRadius(p.count) + 2 : VEHICLE_RADIUS;
      if ((p.x - at.x) ** 2 + (p.y - at.y) ** 2 <= r * r) return p;
    }
    return undefined;
  }

  /** A vehicle opens its info window; a cluster zooms in on its vehicles (single vehicles at most one step beyond clustering). */
  private click(at: { x: number; y: number }): void {
    const p = this.hit(at);
    if (!p) return;
    if (p.kind === 'vehicle') return this.events.onVehicleClick(p.marker.id);
    let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const m of p.members) {
      west = Math.min(west, m.lngLat[0]);
      east = Math.max(east, m.lngLat[0]);
      south = Math.min(south, m.lngLat[1]);
      north = Math.max(north, m.lngLat[1]);
    }
    this.map.fitBounds([[west, south], [east, north]], { padding: 60, maxZoom: CLUSTER_MAX_ZOOM + 1 });
  }
}
