// Keeps vehicle_last_positions (server/db/schema-tracking.ts): the newest point of each vehicle.
import { run, type Conn } from '../resources/statements.ts';
import { HUMIDITY_NONE, OIL_NONE, TEMP_NONE, type TrackPoint } from './columns.ts';

const SENSOR = /^(t|h|oil)\d+$/;
const NONE: Record<string, number> = { t: TEMP_NONE, h: HUMIDITY_NONE, oil: OIL_NONE };

/** The readings a point collected; channels absent or at their "no reading" sentinel are left out. */
export function sensorsOf(point: TrackPoint): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(point)) {
    if (SENSOR.test(k) && typeof v === 'number' && v !== NONE[k.replace(/\d+$/, '')]) out[k] = v;
  }
  return out;
}

/** Moves the vehicle's row to the batch's newest point, unless the row is newer already. */
export async function keepLastPosition(conn: Conn, corpId: number, vehicleId: number, points: readonly TrackPoint[], storedAt: number) {
  if (points.length === 0) return;
  let p = points[0];
  for (const q of points) if (q.gpsTime > p.gpsTime) p = q;
  await run(conn, `INSERT INTO vehicle_last_positions (vehicle_id, corp_id, gps_time, lon, lat, speed, direction, odometer, status, sensors, stored_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (vehicle_id) DO UPDATE SET corp_id = excluded.corp_id, gps_time = excluded.gps_time, lon = excluded.lon, lat = excluded.lat,
      speed = excluded.speed, direction = excluded.direction, odometer = excluded.odometer, status = excluded.status,
      sensors = excluded.sensors, stored_at = excluded.stored_at
    WHERE excluded.gps_time > vehicle_last_positions.gps_time`,
  vehicleId, corpId, p.gpsTime, p.lon, p.lat, p.speed, Math.round(p.direction), p.odometer, p.status ?? 0, JSON.stringify(sensorsOf(p)), storedAt);
}
