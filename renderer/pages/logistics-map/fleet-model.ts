// The fleet map's data in the browser, without the map library: every vehicle of the snapshot by
// id, moved by the stream's batches; which of them the filters show; the counts of the legend; and
// the features (with the changes since the last draw) the map's fleet overlay takes (fleet-layer.ts).
import { ALARM_COLOUR, INACTIVE_COLOUR } from '../../map/constants.ts';
import { directionIndex } from '../../map/geometry.ts';
import { toDisplay, type Datum } from '../../map/providers.ts';

export type FleetState = 'moving' | 'parked' | 'offline' | 'alarming';

/** The legend in the order it is read: what needs attention first. */
export const FLEET_STATES: readonly FleetState[] = ['alarming', 'moving', 'parked', 'offline'];

export const STATE_STYLE: Record<FleetState, { label: string; colour: string }> = {
  alarming: { label: '报警', colour: ALARM_COLOUR },
  moving: { label: '行驶', colour: '#13a86b' },
  parked: { label: '停车', colour: '#1f7cff' },
  offline: { label: '离线', colour: INACTIVE_COLOUR },
};

/** A vehicle as GET /fleetMap/vehicles answers it (server/tracking/fleet.ts). */
export interface FleetVehicle {
  vehicleId: number;
  vehicleNo: string;
  lon: number | null;
  lat: number | null;
  speed: number;
  direction: number;
  gpsTime: number | null;
  gpsTimeStr: string;
  state: FleetState;
  sensors: Record<string, number>;
  waybillId: number | null;
  waybillNo: string | null;
  openAlarms: number;
}

/** One move of the stream (server/tracking/fleet-stream.ts). */
export interface FleetPosition {
  vehicleId: number;
  lon: number;
  lat: number;
  speed: number;
  direction: number;
  gpsTime: number;
  state: FleetState;
  sensors: Record<string, number>;
}

export interface FleetFilter {
  /** Part of the plate, any case. */
  plate: string;
  /** The states shown; all when empty. */
  states: ReadonlySet<FleetState>;
}

export const NO_FILTER: FleetFilter = { plate: '', states: new Set() };

export const placed = (v: FleetVehicle): v is FleetVehicle & { lon: number; lat: number } => v.lon !== null && v.lat !== null;

export function shown(v: FleetVehicle, f: FleetFilter): boolean {
  if (!placed(v)) return false;
  if (f.states.size > 0 && !f.states.has(v.state)) return false;
  const plate = f.plate.trim().toUpperCase();
  return plate === '' || v.vehicleNo.toUpperCase().includes(plate);
}

export type FleetFeature = GeoJSON.Feature<GeoJSON.Point, { state: FleetState; rotation: number }>;

/** The map's feature of a vehicle: its id is the vehicle's, the arrow turns in 45° steps (spec section 9). */
export function featureOf(v: FleetVehicle & { lon: number; lat: number }, datum: Datum): FleetFeature {
  return {
    type: 'Feature', id: v.vehicleId,
    geometry: { type: 'Point', coordinates: toDisplay(datum, v.lon, v.lat) },
    properties: { state: v.state, rotation: directionIndex(v.direction) * 45 },
  };
}

/** Changes since the last draw: what the fleet overlay takes (FleetOverlay.apply). */
export interface FleetDiff {
  add: FleetFeature[];
  update: FleetFeature[];
  remove: number[];
}

export class FleetStore {
  readonly vehicles = new Map<number, FleetVehicle>();
  /** Ids of the vehicles on the map's source now. */
  private onMap = new Set<number>();
  /** Ids changed since the last diff. */
  private dirty = new Set<number>();

  constructor(private filter: FleetFilter = NO_FILTER) {}

  /** A snapshot replaces everything; the next diff redraws whatever differs. */
  load(list: readonly FleetVehicle[]) {
    const ids = new Set(list.map((v) => v.vehicleId));
    for (const id of this.vehicles.keys()) if (!ids.has(id)) this.vehicles.delete(id);
    for (const v of list) this.vehicles.set(v.vehicleId, v);
    for (const id of [...ids, ...this.onMap]) this.dirty.add(id);
  }

  /** A batch of the stream; a vehicle the snapshot did not have is ignored until the next snapshot names it. */
  apply(positions: readonly FleetPosition[]) {
    for (const p of positions) {
      const v = this.vehicles.get(p.vehicleId);
      // An older point (a blind-area upload) never moves the marker back.
      if (!v || (v.gpsTime !== null && p.gpsTime < v.gpsTime)) continue;
      this.vehicles.set(p.vehicleId, { ...v, lon: p.lon, lat: p.lat, speed: p.speed, direction: p.direction, gpsTime: p.gpsTime, state: p.state, sensors: p.sensors });
      this.dirty.add(p.vehicleId);
    }
  }

  setFilter(filter: FleetFilter) {
    this.filter = filter;
    for (const id of this.vehicles.keys()) this.dirty.add(id);
  }

  /** What to add, move or take off the map since the last call; empty when nothing changed. */
  diff(datum: Datum): FleetDiff {
    const out: FleetDiff = { add: [], update: [], remove: [] };
    for (const id of this.dirty) {
      const v = this.vehicles.get(id);
      const show = v !== undefined && shown(v, this.filter);
      if (show && placed(v)) (this.onMap.has(id) ? out.update : out.add).push(featureOf(v, datum));
      else if (this.onMap.has(id)) out.remove.push(id);
      if (show) this.onMap.add(id);
      else this.onMap.delete(id);
    }
    this.dirty.clear();
    return out;
  }

  /** Everything shown, for a fresh overlay (a new map after a provider change). */
  features(datum: Datum): FleetFeature[] {
    this.dirty.clear();
    this.onMap = new Set();
    const out: FleetFeature[] = [];
    for (const v of this.vehicles.values()) {
      if (!shown(v, this.filter) || !placed(v)) continue;
      out.push(featureOf(v, datum));
      this.onMap.add(v.vehicleId);
    }
    return out;
  }

  /** Vehicles per state over the whole fleet (the legend), whatever the filters. */
  counts(): Record<FleetState, number> {
    const c: Record<FleetState, number> = { alarming: 0, moving: 0, parked: 0, offline: 0 };
    for (const v of this.vehicles.values()) c[v.state]++;
    return c;
  }
}
