// The fleet map's reads (物流地图, issue 17): every vehicle the user may see with its last position,
// its state and its current waybill, in one query over vehicle_last_positions; and the same scope
// as a set of vehicle ids for the live stream (fleet-stream.ts), which filters on the server.
//
// Scope: staff see the corporation's vehicles; a carrier user its carrier's; a customer user only
// the vehicles now carrying one of its waybills (customers read vehicles only through a waybill,
// as the track calls do, target.ts).
import type { SessionUser } from '../http/context.ts';
import { all, type Conn } from '../resources/statements.ts';
import { formatTime } from '../resources/time.ts';
import { waybillScope } from '../domain/waybills/scope.ts';
import { CARRYING_STATUSES } from '../alarms/raise.ts';
import { settingsOf } from '../alarms/settings.ts';
import { isOnline, ONLINE_MINUTES } from './online.ts';

export type FleetState = 'moving' | 'parked' | 'offline' | 'alarming';


/**
 * Offline first (a silent vehicle's alarm or speed is old news), then an alarm nobody has handled,
 * then moving or parked by the corporation's stop speed, the one the stop analytics and the
 * long-stop alarm use (alarm settings).
 */
export function fleetState(gpsTime: number | null, speed: number, alarming: boolean, now: number, stopMaxKmh: number): FleetState {
  if (!isOnline(gpsTime, now)) return 'offline';
  if (alarming) return 'alarming';
  return speed > stopMaxKmh ? 'moving' : 'parked';
}

/** An alarm still going on that nobody has handled or ignored: what makes a vehicle show red. */
const OPEN_ALARMS = `SELECT vehicle_id, count(*) AS n FROM alarms WHERE corp_id = ? AND status = 1 AND confirmed = 1 AND handle_status = 0 GROUP BY vehicle_id`;

/** The FROM and WHERE of the user's vehicles, with each one's current waybill (cw) and open alarms (oa). */
function scopedVehicles(user: SessionUser, joins = '') {
  const ws = waybillScope(user, 'sw');
  const sql = `FROM vehicles v
    LEFT JOIN (SELECT sw.vehicle_id, max(sw.id) AS waybill_id FROM waybills sw
      WHERE ${ws.sql.join(' AND ')} AND sw.vehicle_id IS NOT NULL AND sw.status IN (${CARRYING_STATUSES.join(', ')}) GROUP BY sw.vehicle_id) cw ON cw.vehicle_id = v.id
    LEFT JOIN (${OPEN_ALARMS}) oa ON oa.vehicle_id = v.id ${joins}
    WHERE v.corp_id = ? AND v.is_deleted = 0${user.userType === 2 ? ' AND v.carrier_id = ?' : ''}${user.userType === 1 ? ' AND cw.waybill_id IS NOT NULL' : ''}`;
  const params: unknown[] = [...ws.params, user.corpId, user.corpId];
  if (user.userType === 2) params.push(user.partnerId ?? -1);
  return { sql, params };
}

export interface FleetVehicle {
  vehicleId: number;
  vehicleNo: string;
  /** WGS-84; null for a vehicle that never reported. */
  lon: number | null;
  lat: number | null;
  speed: number;
  direction: number;
  gpsTime: number | null;
  gpsTimeStr: string;
  state: FleetState;
  /** Readings of the last point, e.g. {"t1": 4.2}. */
  sensors: Record<string, number>;
  waybillId: number | null;
  waybillNo: string | null;
  openAlarms: number;
}

interface Row {
  vehicleId: number; vehicleNo: string; lon: number | null; lat: number | null; speed: number | null; direction: number | null;
  gpsTime: number | null; sensors: string | null; waybillId: number | null; waybillNo: string | null; openAlarms: number | null;
}

/** Every vehicle of the user's scope (or only the one `only` names, if in scope) with its last position and state; one query. */
export async function fleetSnapshot(conn: Conn, user: SessionUser, now: number, only?: number) {
  const { sql, params } = scopedVehicles(user, 'LEFT JOIN vehicle_last_positions p ON p.vehicle_id = v.id LEFT JOIN waybills w ON w.id = cw.waybill_id');
  if (only !== undefined) params.push(only);
  const { stopMaxSpeedKmh } = await settingsOf(conn, user.corpId, null);
  const rows = await all<Row>(conn, `SELECT v.id AS vehicleId, v.vehicle_no AS vehicleNo, p.lon, p.lat, p.speed, p.direction, p.gps_time AS gpsTime, p.sensors,
      cw.waybill_id AS waybillId, w.waybill_no AS waybillNo, oa.n AS openAlarms
    ${sql}${only !== undefined ? ' AND v.id = ?' : ''}
    ORDER BY v.id`, ...params);
  const vehicles: FleetVehicle[] = rows.map((r) => {
    const gpsTime = r.gpsTime === null ? null : Number(r.gpsTime);
    const openAlarms = Number(r.openAlarms ?? 0);
    const speed = Number(r.speed ?? 0);
    return {
      vehicleId: Number(r.vehicleId), vehicleNo: r.vehicleNo, lon: r.lon, lat: r.lat, speed, direction: Number(r.direction ?? 0),
      gpsTime, gpsTimeStr: formatTime(gpsTime), state: fleetState(gpsTime, speed, openAlarms > 0, now, stopMaxSpeedKmh),
      sensors: r.sensors ? (JSON.parse(r.sensors) as Record<string, number>) : {},
      waybillId: r.waybillId === null ? null : Number(r.waybillId), waybillNo: r.waybillNo, openAlarms,
    };
  });
  return { now, onlineMinutes: ONLINE_MINUTES, stopMaxSpeedKmh, vehicles };
}

/** What the stream needs to filter and colour: the vehicles the user may see (null: the whole corporation) and which have open alarms. */
export async function fleetScope(conn: Conn, user: SessionUser): Promise<{ allowed: Set<number> | null; alarming: Set<number>; stopMaxKmh: number }> {
  const { stopMaxSpeedKmh } = await settingsOf(conn, user.corpId, null);
  if (user.userType === 0) {
    const rows = await all<{ vehicleId: number }>(conn, `SELECT oa.vehicle_id AS vehicleId FROM (${OPEN_ALARMS}) oa`, user.corpId);
    return { allowed: null, alarming: new Set(rows.map((r) => Number(r.vehicleId))), stopMaxKmh: stopMaxSpeedKmh };
  }
  const { sql, params } = scopedVehicles(user);
  const rows = await all<{ vehicleId: number; openAlarms: number | null }>(conn, `SELECT v.id AS vehicleId, oa.n AS openAlarms ${sql}`, ...params);
  return {
    allowed: new Set(rows.map((r) => Number(r.vehicleId))),
    alarming: new Set(rows.filter((r) => Number(r.openAlarms ?? 0) > 0).map((r) => Number(r.vehicleId))),
    stopMaxKmh: stopMaxSpeedKmh,
  };
}
