// The vehicle monitor's one query (车辆监控, issue 17 item 3): every vehicle the user may see with
// its newest point (vehicle_last_positions), the waybill it carries, its driver and its open alarms,
// as one SELECT for the whole page — never a query per vehicle. The counts of the status tabs run
// over the same rows with the same filters. Online is the one rule of ../online.ts.
import type { SessionUser } from '../../http/context.ts';
import type { ResourceFile } from '../../registry/types.ts';
import { scopeWhere } from '../../resources/scope.ts';
import { likePattern } from '../../resources/like.ts';
import { waybillScope } from '../../domain/waybills/scope.ts';
import { alarmScope } from '../../alarms/scope.ts';
import { HANDLE } from '../../alarms/catalogue.ts';
import { CARRYING_STATUSES } from '../../alarms/raise.ts';
import { onlineSince } from '../online.ts';

/** The status tabs (dictionary vehicleMonitorStatus): a vehicle is in one of 1/2 and one of 3/4, and in 5 when it has open alarms. */
export const MONITOR_STATUS = { ONLINE: 1, OFFLINE: 2, ON_WAYBILL: 3, IDLE: 4, ALARMING: 5 } as const;
export const MONITOR_STATUS_LABELS: Record<number, string> = { 1: '在线', 2: '离线', 3: '运输中', 4: '空闲', 5: '报警' };

export interface MonitorFilter {
  vehicleNo?: string;
  carrierId?: number;
  /** 1 online, 0 offline (the search bar's 在线状态). */
  online?: (0 | 1)[];
  /** The tab: any of these statuses. */
  monitorStatus?: number[];
}

export interface Sql {
  text: string;
  params: unknown[];
}

/** A row of the monitor before it is dressed for the page (monitor-rows.ts). */
export interface MonitorRow {
  id: number;
  vehicleNo: string;
  carrierId: number | null;
  carrierName: string | null;
  dataterminalId: string | null;
  gatherTemperature: number;
  temperaturectrl: number;
  gpsTime: number | null;
  lon: number | null;
  lat: number | null;
  speed: number | null;
  direction: number | null;
  sensors: string | null;
  waybillId: number | null;
  waybillNo: string | null;
  waybillStatus: number | null;
  driverName: string | null;
  driverMobile: string | null;
  openAlarms: number;
}

/**
 * The rows the user may see, one per vehicle, as a derived table `m`. The vehicle resource's scope
 * (carrier users: their carrier's vehicles; customer users: none); the carried waybill within the
 * user's waybill scope; open alarms (confirmed, unhandled) as the alarm lists count them for the user.
 */
function monitorRows(user: SessionUser, vehicle: ResourceFile, f: MonitorFilter): Sql {
  const w = waybillScope(user, 'w');
  const a = alarmScope(user, 'a');
  const v = scopeWhere(vehicle, user, 'v');
  const where = [...v.sql];
  const params: unknown[] = [...w.params, ...a.params, ...v.params];
  if (f.vehicleNo) (where.push(`v.vehicle_no LIKE ? ESCAPE '\\'`), params.push(likePattern(f.vehicleNo, '车牌号')));
  if (f.carrierId !== undefined) (where.push('v.carrier_id = ?'), params.push(f.carrierId));
  const text = `SELECT v.id, v.vehicle_no AS vehicleNo, v.carrier_id AS carrierId, c.carrier_name AS carrierName,
      v.dataterminal_id AS dataterminalId, v.gather_temperature AS gatherTemperature, v.temperaturectrl,
      p.gps_time AS gpsTime, p.lon, p.lat, p.speed, p.direction, p.sensors,
      cw.id AS waybillId, cw.waybill_no AS waybillNo, cw.status AS waybillStatus,
      d.driver_name AS driverName, d.mobile AS driverMobile, COALESCE(oa.n, 0) AS openAlarms
    FROM vehicles v
    LEFT JOIN vehicle_last_positions p ON p.vehicle_id = v.id
    LEFT JOIN carriers c ON c.id = v.carrier_id
    LEFT JOIN waybills cw ON cw.id = (SELECT w.id FROM waybills w WHERE w.vehicle_id = v.id AND ${w.sql.join(' AND ')}
      AND w.status IN (${CARRYING_STATUSES.join(', ')}) ORDER BY w.updated_at DESC, w.id DESC LIMIT 1)
    LEFT JOIN drivers d ON d.id = COALESCE(cw.driver_id, v.driver_id)
    LEFT JOIN (SELECT a.vehicle_id, count(*) AS n FROM alarms a WHERE ${a.sql} AND a.handle_status = ${HANDLE.UNHANDLED}
      GROUP BY a.vehicle_id) oa ON oa.vehicle_id = v.id
    WHERE ${where.join(' AND ')}`;
  return { text, params };
}

/** The condition of each status on `m`; `?` is the online threshold. */
const STATUS_SQL: Record<number, string> = {
  [MONITOR_STATUS.ONLINE]: 'm.gpsTime >= ?',
  [MONITOR_STATUS.OFFLINE]: '(m.gpsTime IS NULL OR m.gpsTime < ?)',
  [MONITOR_STATUS.ON_WAYBILL]: 'm.waybillId IS NOT NULL',
  [MONITOR_STATUS.IDLE]: 'm.waybillId IS NULL',
  [MONITOR_STATUS.ALARMING]: 'm.openAlarms > 0',
};
const usesThreshold = (status: number) => STATUS_SQL[status].includes('?');

/** The tab and online filters on the derived rows. */
function statusWhere(f: MonitorFilter, since: number): Sql {
  const parts: string[] = [];
  const params: unknown[] = [];
  const anyOf = (statuses: number[]) => {
    parts.push(`(${statuses.map((s) => STATUS_SQL[s]).join(' OR ')})`);
    for (const s of statuses) if (usesThreshold(s)) params.push(since);
  };
  if (f.online?.length) anyOf(f.online.map((o) => (o ? MONITOR_STATUS.ONLINE : MONITOR_STATUS.OFFLINE)));
  if (f.monitorStatus?.length) anyOf(f.monitorStatus);
  return { text: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** One page of rows: the most recent reporters first, vehicles that never reported last. */
export function monitorPageSql(user: SessionUser, vehicle: ResourceFile, f: MonitorFilter, now: number, limit: number, offset: number): Sql {
  const rows = monitorRows(user, vehicle, f);
  const where = statusWhere(f, onlineSince(now));
  return {
    text: `SELECT m.*, count(*) OVER () AS totalRecords FROM (${rows.text}) m ${where.text}
      ORDER BY CASE WHEN m.gpsTime IS NULL THEN 1 ELSE 0 END, m.gpsTime DESC, m.vehicleNo, m.id LIMIT ? OFFSET ?`,
    params: [...rows.params, ...where.params, limit, offset],
  };
}

/** Every tab's count over the filtered rows (the tab itself left out), in one pass. */
export function monitorCountsSql(user: SessionUser, vehicle: ResourceFile, f: MonitorFilter, now: number): Sql {
  const rows = monitorRows(user, vehicle, f);
  const where = statusWhere({ ...f, monitorStatus: undefined }, onlineSince(now));
  const since = onlineSince(now);
  const sums = Object.entries(STATUS_SQL).map(([s, cond]) => `COALESCE(SUM(CASE WHEN ${cond} THEN 1 ELSE 0 END), 0) AS s${s}`);
  const sumParams = Object.keys(STATUS_SQL).flatMap((s) => (usesThreshold(Number(s)) ? [since] : []));
  return {
    text: `SELECT count(*) AS total, ${sums.join(', ')} FROM (${rows.text}) m ${where.text}`,
    params: [...sumParams, ...rows.params, ...where.params],
  };
}

/** How many rows the search and the tab leave (a page past the end has no row to carry the window count). */
export function monitorTotalSql(user: SessionUser, vehicle: ResourceFile, f: MonitorFilter, now: number): Sql {
  const rows = monitorRows(user, vehicle, f);
  const where = statusWhere(f, onlineSince(now));
  return { text: `SELECT count(*) AS n FROM (${rows.text}) m ${where.text}`, params: [...rows.params, ...where.params] };
}
