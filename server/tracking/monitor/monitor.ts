// The vehicle monitor (车辆监控): a page of the corporation's vehicles as a dispatcher watches them,
// and the counts of its status tabs. The SQL is monitor-query.ts; here the rows are dressed: online
// by the one rule (../online.ts), times as text, the place from the offline geocoder (one fence
// query for the page), the temperatures of the channels the vehicle collects.
import type { SessionUser } from '../../http/context.ts';
import type { ResourceFile } from '../../registry/types.ts';
import { all, one, type Conn } from '../../resources/statements.ts';
import { formatTime } from '../../resources/time.ts';
import { OfflineGeocoder } from '../../fences/geocode/offline.ts';
import { temperatureMask } from '../../alarms/temperature-range.ts';
import { isOnline } from '../online.ts';
import { MONITOR_STATUS, MONITOR_STATUS_LABELS, monitorCountsSql, monitorPageSql, monitorTotalSql, type MonitorFilter, type MonitorRow } from './monitor-query.ts';

export { MONITOR_STATUS, MONITOR_STATUS_LABELS, type MonitorFilter };

export interface MonitorPaging {
  curPage?: number;
  pageSize?: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** '温度1 4.2℃，温度2 5℃': the readings of the channels the vehicle collects, in channel order. */
export function temperatureText(row: Pick<MonitorRow, 'gatherTemperature' | 'temperaturectrl' | 'sensors'>): string {
  const mask = temperatureMask(row);
  if (!mask || !row.sensors) return '';
  const sensors = JSON.parse(row.sensors) as Record<string, number>;
  const parts: string[] = [];
  for (let c = 0; c < 16; c++) {
    const value = sensors[`t${c + 1}`];
    if (mask & (1 << c) && typeof value === 'number') parts.push(`温度${c + 1} ${round1(value)}℃`);
  }
  return parts.join('，');
}

function dress(r: MonitorRow, now: number, placeName: string) {
  const online = isOnline(r.gpsTime, now);
  return {
    id: r.id,
    vehicleId: r.id,
    vehicleNo: r.vehicleNo,
    carrierId: r.carrierId,
    carrierName: r.carrierName ?? '',
    dataterminalId: r.dataterminalId ?? '',
    online: online ? 1 : 0,
    onlineStr: online ? MONITOR_STATUS_LABELS[MONITOR_STATUS.ONLINE] : MONITOR_STATUS_LABELS[MONITOR_STATUS.OFFLINE],
    gpsTime: r.gpsTime,
    gpsTimeStr: formatTime(r.gpsTime),
    speed: r.speed === null ? null : round1(r.speed),
    direction: r.direction,
    lon: r.lon,
    lat: r.lat,
    placeName,
    temperatureStr: temperatureText(r),
    waybillId: r.waybillId,
    waybillNo: r.waybillNo ?? '',
    onWaybill: r.waybillId === null ? 0 : 1,
    driverName: r.driverName ?? '',
    driverMobile: r.driverMobile ?? '',
    openAlarms: r.openAlarms,
  };
}

export async function monitorPage(conn: Conn, user: SessionUser, vehicle: ResourceFile, f: MonitorFilter & MonitorPaging, now = Date.now()) {
  const curPage = f.curPage ?? 1;
  const pageSize = f.pageSize ?? 20;
  const sql = monitorPageSql(user, vehicle, f, now, pageSize, (curPage - 1) * pageSize);
  const rows = await all<MonitorRow & { totalRecords: number }>(conn, sql.text, ...sql.params);
  const located = rows.filter((r) => r.lon !== null && r.lat !== null);
  const names = await new OfflineGeocoder(conn, user.corpId).placeNames(located.map((r) => [r.lon!, r.lat!] as const));
  const placeOf = new Map(located.map((r, i) => [r.id, names[i]]));
  const totalRecords = rows[0]?.totalRecords ?? (curPage > 1 ? await countRows(conn, user, vehicle, f, now) : 0);
  return { data: rows.map((r) => dress(r, now, placeOf.get(r.id) ?? '')), totalRecords, curPage, pageSize };
}

/** The counts of the tabs under the search: `{totalRecords, tabs: [{monitorStatus, monitorStatusStr, count}]}`. */
export async function monitorCounts(conn: Conn, user: SessionUser, vehicle: ResourceFile, f: MonitorFilter, now = Date.now()) {
  const sql = monitorCountsSql(user, vehicle, f, now);
  const row = (await one<Record<string, number>>(conn, sql.text, ...sql.params))!;
  const tabs = Object.values(MONITOR_STATUS).map((s) => ({ monitorStatus: s, monitorStatusStr: MONITOR_STATUS_LABELS[s], count: Number(row[`s${s}`]) }));
  return { totalRecords: Number(row.total), tabs };
}

async function countRows(conn: Conn, user: SessionUser, vehicle: ResourceFile, f: MonitorFilter, now: number) {
  const sql = monitorTotalSql(user, vehicle, f, now);
  return Number((await one<{ n: number }>(conn, sql.text, ...sql.params))!.n);
}
