// statistics/dashboardMap: the waybills in transit (运输中) the user may see, each with its vehicle's
// last position (vehicle_last_positions) and whether that vehicle is online by the one rule
// (server/tracking/online.ts). A waybill whose vehicle has reported nothing yet is listed without a
// position, so the map can say how many it could not place.
import type { SessionUser } from '../http/context.ts';
import { all, type Conn } from '../resources/statements.ts';
import { formatTime } from '../resources/time.ts';
import { waybillScope } from '../domain/waybills/scope.ts';
import { WaybillStatus } from '../domain/workflow/waybill-machine.ts';
import { isOnline } from '../tracking/online.ts';

/** More markers than a dashboard map can show legibly; the answer says when it was cut. */
export const MAP_LIMIT = 2000;

interface Row {
  waybillId: number;
  waybillNo: string;
  vehicleNo: string | null;
  driverName: string | null;
  startAreaName: string | null;
  endAreaName: string | null;
  gpsTime: number | null;
  lon: number | null;
  lat: number | null;
  speed: number | null;
  direction: number | null;
}

export async function dashboardMap(conn: Conn, user: SessionUser, now: number) {
  const scope = waybillScope(user);
  // The route's first and last nodes name where it goes (seq 0 is the start; the end has the highest seq).
  const rows = await all<Row>(conn, `SELECT w.id AS waybillId, w.waybill_no AS waybillNo, v.vehicle_no AS vehicleNo, d.driver_name AS driverName,
      (SELECT a.area_name FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.waybill_id = w.id ORDER BY n.seq LIMIT 1) AS startAreaName,
      (SELECT a.area_name FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.waybill_id = w.id ORDER BY n.seq DESC LIMIT 1) AS endAreaName,
      p.gps_time AS gpsTime, p.lon, p.lat, p.speed, p.direction
    FROM waybills w LEFT JOIN vehicles v ON v.id = w.vehicle_id LEFT JOIN drivers d ON d.id = w.driver_id
      LEFT JOIN vehicle_last_positions p ON p.vehicle_id = w.vehicle_id
    WHERE ${scope.sql.join(' AND ')} AND w.status = ? ORDER BY w.updated_at DESC, w.id DESC LIMIT ?`,
  ...scope.params, WaybillStatus.IN_TRANSIT, MAP_LIMIT + 1);
  const shown = rows.slice(0, MAP_LIMIT);
  const placed = shown.filter((r) => r.lon !== null && r.lat !== null);
  return {
    total: shown.length,
    truncated: rows.length > MAP_LIMIT,
    unplaced: shown.length - placed.length,
    data: placed.map((r) => ({
      ...r,
      gpsTimeStr: formatTime(r.gpsTime),
      online: isOnline(r.gpsTime, now),
    })),
  };
}
