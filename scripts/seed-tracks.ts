// Fills the track store with the demo tracks (fixtures/tracks.ts) of every waybill that reached its
// loading place, drawn from its nodes' recorded arrive and leave times. A vehicle's waybills that
// overlap in time keep only the first one's track; the answer names the waybills that got one.
// Written through the store's writeTrack, so every demo track day also gets its summary row (track_day_summaries).
// A waybill that collects temperature gets its range (waybill_temperature_ranges) before its points
// are written, as a shipper states it when ordering: the summaries and the alarms judge by it.
import { generateWaybillTrack, type TrackNode, type TrackWaybill } from '../fixtures/tracks.ts';
import type { SensorSetup } from '../fixtures/tracks-motion.ts';
import { writeTrack } from '../server/tracking/store/store.ts';
import { keepLastPosition } from '../server/tracking/last-position.ts';
import { pointAt } from '../server/tracking/columns.ts';
import { all, run, tx, type Conn } from '../server/resources/statements.ts';

interface Row extends SensorSetup {
  waybillId: number;
  vehicleId: number;
  corpId: number;
  status: number;
}

/** Chilled goods (set point about 4 ℃) and frozen (about -18 ℃) get the ranges shippers give. */
export const CHILLED: [number, number] = [0, 10];
export const FROZEN: [number, number] = [-22, -12];

/** The middle of a channel's readings, "no reading" (-999) left out. */
function median(values: Float64Array): number {
  const readings = Array.from(values).filter((v) => v !== -999).sort((a, b) => a - b);
  return readings.length ? readings[readings.length >> 1] : NaN;
}

/** The range of the cargo the generated profile carries: frozen when its first channel sits well below zero. */
export function cargoRange(cols: { temps: (Float64Array | null)[] }): [number, number] | null {
  const first = cols.temps.find((a) => a !== null);
  if (!first) return null;
  return median(first) < -5 ? FROZEN : CHILLED;
}

/** Waybills per corporation given a track: the latest in transit or finished (the demo stays quick to seed). */
export const DEMO_TRACKED_WAYBILLS = 60;

export async function seedTracks(conn: Conn, now = Date.now(), perCorp = DEMO_TRACKED_WAYBILLS) {
  const waybills = await all<Row>(conn, `SELECT w.id AS waybillId, w.vehicle_id AS vehicleId, w.corp_id AS corpId, w.status,
      v.cold_machine AS coldMachine, v.gather_temperature AS gatherTemperature, v.temperaturectrl, v.gather_humidity AS gatherHumidity,
      v.humidity_channel AS humidityChannel, v.detect_door AS detectDoor, v.open_door_status AS openDoorStatus, v.oil_control AS oilControl
    FROM waybills w JOIN vehicles v ON v.id = w.vehicle_id
    WHERE w.id IN (SELECT id FROM (SELECT x.id, row_number() OVER (PARTITION BY x.corp_id ORDER BY x.updated_at DESC, x.id) AS k FROM waybills x
        WHERE x.is_deleted = 0 AND x.status IN (400, 500) AND x.vehicle_id IS NOT NULL
          AND EXISTS (SELECT 1 FROM waybill_nodes n WHERE n.waybill_id = x.id AND n.actual_arrive_time IS NOT NULL)) ranked WHERE k <= ?)
    ORDER BY w.vehicle_id, w.id`, perCorp);
  const nodesOf = (waybillId: number) => all<TrackNode>(conn, `SELECT a.lon, a.lat, n.node_type AS nodeType, n.actual_arrive_time AS arrive, n.actual_leave_time AS leave
    FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.waybill_id = ? ORDER BY n.seq`, waybillId);
  const setRange = (...values: unknown[]) => run(conn, `INSERT INTO waybill_temperature_ranges (waybill_id, corp_id, temp_min, temp_max) VALUES (?, ?, ?, ?)
    ON CONFLICT (waybill_id) DO UPDATE SET corp_id = excluded.corp_id, temp_min = excluded.temp_min, temp_max = excluded.temp_max`, ...values);
  const busyUntil = new Map<number, number>();
  let points = 0;
  const tracked: number[] = [];
  await tx(conn, async () => {
    for (const r of waybills) {
      const { waybillId, vehicleId, corpId, status, ...sensors } = r;
      const w: TrackWaybill = { waybillId, vehicleId, sensors, nodes: await nodesOf(waybillId), inTransit: status === 400 };
      const cols = generateWaybillTrack(w, now);
      if (!cols || cols.gpsTime[0] <= (busyUntil.get(vehicleId) ?? -Infinity)) continue;
      const range = sensors.gatherTemperature ? cargoRange(cols) : null;
      if (range) await setRange(waybillId, corpId, ...range);
      await writeTrack(conn, corpId, vehicleId, cols);
      await keepLastPosition(conn, corpId, vehicleId, [pointAt(cols, cols.length - 1)], now);
      busyUntil.set(vehicleId, cols.gpsTime[cols.length - 1]);
      points += cols.length;
      tracked.push(waybillId);
    }
  });
  return { tracks: tracked.length, points, waybillIds: tracked };
}
