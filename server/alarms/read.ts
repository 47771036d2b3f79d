// Reading alarms: the detail of the handling dialog (spec section 2 and section 3 "Alarm
// detail"), the top bar's list and polling summary, the paged alarm list and its counts by kind,
// and the alarm windows and rows the track pages mark on a vehicle's points.
import type { SessionUser } from '../http/context.ts';
import { failure } from '../http/envelope.ts';
import { NOT_FOUND } from '../resources/engine.ts';
import { formatTime } from '../resources/time.ts';
import { likePattern } from '../resources/like.ts';
import { all, one, type Conn } from '../resources/statements.ts';
import type { TimeWindow } from '../tracking/columns.ts';
import { alarmTypeName, durationText, EVENT_LEVEL_LABELS, FIRST_DRIVER, HANDLE, HANDLE_LABELS, STATUS_LABELS } from './catalogue.ts';
import { alarmScope } from './scope.ts';
import { fileUrl } from '../domain/files/image-files.ts';

export interface AlarmRow {
  id: number;
  waybillId: number | null;
  waybillNo: string | null;
  vehicleId: number;
  vehicleName: string;
  carrierName: string | null;
  driverName: string | null;
  driverMobile: string | null;
  firstAlarmType: number;
  lastAlarmType: number;
  alarmType: number;
  beginTime: number;
  endTime: number;
  beginLon: number | null;
  beginLat: number | null;
  endLon: number | null;
  endLat: number | null;
  beginPlaceName: string | null;
  endPlaceName: string | null;
  areaName: string | null;
  alarmContent: string;
  status: number;
  handleStatus: number;
  handleRemark: string | null;
  handleUserName: string | null;
  handleTime: number | null;
  eventLevel: number | null;
  speed: number | null;
  createdAt: number;
  version: number;
}

const COLUMNS = `a.id, a.waybill_id AS waybillId, w.waybill_no AS waybillNo, a.vehicle_id AS vehicleId, v.vehicle_no AS vehicleName,
  c.carrier_name AS carrierName, d.driver_name AS driverName, d.mobile AS driverMobile, a.first_alarm_type AS firstAlarmType,
  a.last_alarm_type AS lastAlarmType, a.alarm_type AS alarmType, a.begin_time AS beginTime, a.end_time AS endTime,
  a.begin_lon AS beginLon, a.begin_lat AS beginLat, a.end_lon AS endLon, a.end_lat AS endLat, a.begin_place_name AS beginPlaceName,
  a.end_place_name AS endPlaceName, a.area_name AS areaName, a.alarm_content AS alarmContent, a.status, a.handle_status AS handleStatus,
  a.handle_remark AS handleRemark, a.handle_user_name AS handleUserName, a.handle_time AS handleTime, a.event_level AS eventLevel,
  a.speed, a.created_at AS createdAt, a.version`;
const FROM = `alarms a JOIN vehicles v ON v.id = a.vehicle_id LEFT JOIN waybills w ON w.id = a.waybill_id
  LEFT JOIN carriers c ON c.id = a.carrier_id LEFT JOIN drivers d ON d.id = a.driver_id`;

/** Driver alarms (300) are served by driverAlarm/*, the others by alarmResult/*. */
const KIND = { business: `a.first_alarm_type <> ${FIRST_DRIVER}`, driver: `a.first_alarm_type = ${FIRST_DRIVER}`, any: '1' } as const;
export type AlarmFamily = keyof typeof KIND;

/** A list row (spec: id, vehicleName, beginTimeStr, lastAlarmTypeName, firstAlarmType) with a little more for tables. */
export function alarmItem(r: AlarmRow) {
  return {
    id: r.id, vehicleId: r.vehicleId, vehicleName: r.vehicleName, waybillId: r.waybillId, waybillNo: r.waybillNo,
    firstAlarmType: r.firstAlarmType, lastAlarmType: r.lastAlarmType, lastAlarmTypeName: alarmTypeName(r.lastAlarmType), alarmType: r.alarmType,
    beginTime: r.beginTime, beginTimeStr: formatTime(r.beginTime), endTime: r.endTime, endTimeStr: formatTime(r.endTime),
    theLastTime: durationText(r.endTime - r.beginTime), alarmContent: r.alarmContent, areaName: r.areaName,
    beginPlaceName: r.beginPlaceName, endPlaceName: r.endPlaceName, bLon: r.beginLon, bLat: r.beginLat,
    status: r.status, statusStr: STATUS_LABELS[r.status], handleStatus: r.handleStatus, handleStatusStr: HANDLE_LABELS[r.handleStatus],
    carrierName: r.carrierName ?? '', driverName: r.driverName ?? '', handleUserName: r.handleUserName ?? '', handleTimeStr: formatTime(r.handleTime),
  };
}


/** The dialog's detail: both layouts (type 1 period, type 2 begin/end with media) read from it. */
export async function alarmDetailView(conn: Conn, r: AlarmRow) {
  const media = await all<{ fileId: string; mediaType: number }>(conn, 'SELECT file_id AS fileId, media_type AS mediaType FROM alarm_media WHERE alarm_id = ? ORDER BY seq', r.id);
  return {
    ...alarmItem(r),
    carrierName: r.carrierName,
    mainDriverInfo: r.driverName ? [r.driverName, r.driverMobile].filter(Boolean).join(' ') : '',
    handleRemark: r.handleRemark ?? '',
    handleUserName: r.handleUserName ?? '',
    handleTime: r.handleTime,
    handleTimeStr: formatTime(r.handleTime),
    imgContent: media.filter((m) => m.mediaType === 0).map((m) => fileUrl(m.fileId)),
    attachmentList: media.map((m) => ({ type: m.mediaType, url: fileUrl(m.fileId) })),
    eventLevel: r.eventLevel,
    eventLevelView: r.eventLevel ? EVENT_LEVEL_LABELS[r.eventLevel] ?? '' : '',
    speed: r.speed,
    version: r.version,
  };
}

export function findAlarm(conn: Conn, user: SessionUser, id: number, family: AlarmFamily): Promise<AlarmRow | undefined> {
  const scope = alarmScope(user);
  return one<AlarmRow>(conn, `SELECT ${COLUMNS} FROM ${FROM} WHERE ${scope.sql} AND ${KIND[family]} AND a.id = ?`, ...scope.params, id);
}

export async function alarmDetail(conn: Conn, user: SessionUser, id: number, family: AlarmFamily) {
  const row = await findAlarm(conn, user, id, family);
  if (!row) throw failure(NOT_FOUND);
  return alarmDetailView(conn, row);
}

export const TOP_ALARMS = 10;
export const LATEST_NEWS = 5;

/** The top bar's alarm list: the newest unhandled alarms, and how many are unhandled. */
export async function topAlarms(conn: Conn, user: SessionUser, limit = TOP_ALARMS) {
  const scope = alarmScope(user);
  const where = `${scope.sql} AND a.handle_status = ${HANDLE.UNHANDLED}`;
  const alarmCount = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM alarms a WHERE ${where}`, ...scope.params))!.n;
  const alarmList = (await all<AlarmRow>(conn, `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY a.begin_time DESC, a.id DESC LIMIT ?`, ...scope.params, limit)).map(alarmItem);
  return { alarmCount, alarmList };
}

/**
 * The polling summary (every 180 s): unhandled alarms in all, those that appeared since the
 * caller's last query (messageCount, the newest few in theLatestNewsList), and the newest one's title.
 */
export async function alarmSummary(conn: Conn, user: SessionUser, lastQueryTime: number) {
  const scope = alarmScope(user);
  const unhandled = `${scope.sql} AND a.handle_status = ${HANDLE.UNHANDLED}`;
  const alarmCount = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM alarms a WHERE ${unhandled}`, ...scope.params))!.n;
  const fresh = `${unhandled} AND a.created_at > ?`;
  const messageCount = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM alarms a WHERE ${fresh}`, ...scope.params, lastQueryTime))!.n;
  const theLatestNewsList = (await all<AlarmRow>(conn, `SELECT ${COLUMNS} FROM ${FROM} WHERE ${fresh} ORDER BY a.created_at DESC, a.id DESC LIMIT ?`,
    ...scope.params, lastQueryTime, LATEST_NEWS)).map(alarmItem);
  const newest = theLatestNewsList[0];
  return {
    alarmCount,
    messageCount,
    theLatestNewsList,
    lastMsg: newest ? { title: `${newest.vehicleName} ${newest.lastAlarmTypeName}` } : null,
    queryTime: Date.now(),
  };
}

export interface AlarmFilter {
  curPage?: number;
  pageSize?: number;
  handleStatus?: number[];
  status?: number;
  firstAlarmType?: number;
  lastAlarmType?: number[];
  vehicleId?: number;
  /** Plate contains (the alarm list's 车牌号). */
  vehicleNo?: string;
  carrierId?: number;
  waybillId?: number;
  beginTime?: [number | null, number | null];
}

/** The user's alarms narrowed by the list's filters (the paged list and its counts by kind share it). */
function alarmWhere(user: SessionUser, f: AlarmFilter): { where: string; params: unknown[] } {
  const scope = alarmScope(user);
  const sql = [scope.sql];
  const params = [...scope.params];
  const add = (clause: string, ...values: unknown[]) => (sql.push(clause), params.push(...values));
  if (f.handleStatus?.length) add(`a.handle_status IN (${f.handleStatus.map(() => '?')})`, ...f.handleStatus);
  if (f.status !== undefined) add('a.status = ?', f.status);
  if (f.firstAlarmType !== undefined) add(f.firstAlarmType === FIRST_DRIVER ? KIND.driver : KIND.business);
  if (f.lastAlarmType?.length) add(`a.last_alarm_type IN (${f.lastAlarmType.map(() => '?')})`, ...f.lastAlarmType);
  if (f.vehicleId !== undefined) add('a.vehicle_id = ?', f.vehicleId);
  if (f.vehicleNo) add(`a.vehicle_id IN (SELECT sv.id FROM vehicles sv WHERE sv.corp_id = a.corp_id AND sv.vehicle_no LIKE ? ESCAPE '\\')`, likePattern(f.vehicleNo, '车牌号'));
  if (f.carrierId !== undefined) add('a.carrier_id = ?', f.carrierId);
  if (f.waybillId !== undefined) add('a.waybill_id = ?', f.waybillId);
  if (f.beginTime?.[0] != null) add('a.begin_time >= ?', f.beginTime[0]);
  if (f.beginTime?.[1] != null) add('a.begin_time <= ?', f.beginTime[1]);
  return { where: sql.join(' AND '), params };
}

export async function listAlarms(conn: Conn, user: SessionUser, f: AlarmFilter) {
  const { where, params } = alarmWhere(user, f);
  const curPage = f.curPage ?? 1;
  const pageSize = f.pageSize ?? 20;
  const totalRecords = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM alarms a WHERE ${where}`, ...params))!.n;
  const data = (await all<AlarmRow>(conn, `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY a.begin_time DESC, a.id DESC LIMIT ? OFFSET ?`,
    ...params, pageSize, (curPage - 1) * pageSize)).map(alarmItem);
  return { data, totalRecords, curPage, pageSize };
}

/**
 * The alarms of the list's filters counted by kind (the alarm list's tabs), the kind itself left
 * out: `{totalRecords, tabs: [{lastAlarmType, lastAlarmTypeStr, count}]}`, business kinds first.
 */
export async function countAlarmsByKind(conn: Conn, user: SessionUser, f: AlarmFilter) {
  const { where, params } = alarmWhere(user, { ...f, lastAlarmType: undefined });
  const rows = await all<{ kind: number; n: number }>(conn,
    `SELECT a.last_alarm_type AS kind, count(*) AS n FROM alarms a WHERE ${where} GROUP BY a.last_alarm_type ORDER BY a.last_alarm_type`, ...params);
  const tabs = rows.map((r) => ({ lastAlarmType: r.kind, lastAlarmTypeStr: alarmTypeName(r.kind), count: Number(r.n) }));
  return { totalRecords: tabs.reduce((sum, t) => sum + t.count, 0), tabs };
}

/**
 * The shown alarm windows of a vehicle overlapping [from, to] (spec section 4: points inside an
 * alarm's window are marked alarm). Matches the track module's AlarmWindowSource; the caller has
 * already checked the user may read the vehicle.
 */
export function alarmWindows(conn: Conn, vehicleId: number, from: number, to: number): Promise<TimeWindow[]> {
  return all<TimeWindow>(conn,
    `SELECT begin_time AS begin, end_time AS end FROM alarms WHERE vehicle_id = ? AND confirmed = 1 AND begin_time <= ? AND end_time >= ? ORDER BY begin_time`,
    vehicleId, to, from);
}
