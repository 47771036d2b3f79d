// Which vehicle and which time range a track request means, within the user's scope: by waybill
// (its vehicle, from the waybill's start until it ended, or now) or by vehicle (id, plate or
// terminal id) with a time range. Out of scope reads as '记录不存在或无权访问', like the waybills.
import type { SessionUser } from '../http/context.ts';
import { failure, invalid } from '../http/envelope.ts';
import { NOT_FOUND } from '../resources/engine.ts';
import { one, type Conn } from '../resources/statements.ts';
import { findWaybill, type WaybillRow } from '../domain/waybills/scope.ts';
import { WaybillStatus } from '../domain/workflow/waybill-machine.ts';
import { greatest, least } from '../db/dialect.ts';

export interface VehicleRow {
  id: number;
  corpId: number;
  carrierId: number | null;
  vehicleNo: string;
  dataterminalId: string | null;
  camera: number;
  dipstick: number;
  detectDoor: number;
  gatherTemperature: number;
  coldMachine: number;
  gatherHumidity: number;
  temperaturectrl: number;
  humidityChannel: number;
  oilControl: number;
  openDoorStatus: number;
}

export interface TrackRequest {
  waybillId?: number;
  vehicleId?: number;
  vehicleNo?: string;
  dataTerminalId?: string;
  startTime?: number | string;
  endTime?: number | string;
}

export interface TrackTarget {
  vehicle: VehicleRow;
  waybill: WaybillRow | null;
  from: number;
  to: number;
}

const VEHICLE_COLUMNS = `v.id, v.corp_id AS corpId, v.carrier_id AS carrierId, v.vehicle_no AS vehicleNo, v.dataterminal_id AS dataterminalId,
  v.camera, v.dipstick, v.detect_door AS detectDoor, v.gather_temperature AS gatherTemperature, v.cold_machine AS coldMachine,
  v.gather_humidity AS gatherHumidity, v.temperaturectrl, v.humidity_channel AS humidityChannel, v.oil_control AS oilControl,
  v.open_door_status AS openDoorStatus`;

/** A vehicle the user may read tracks of directly: staff any of the corporation, carriers their own; customers only through a waybill. */
export async function findVehicle(conn: Conn, user: SessionUser, by: { id?: number; vehicleNo?: string; dataTerminalId?: string }): Promise<VehicleRow | undefined> {
  if (user.userType === 1) return undefined;
  const [column, value] = by.id !== undefined ? ['v.id', by.id] : by.vehicleNo !== undefined ? ['v.vehicle_no', by.vehicleNo] : ['v.dataterminal_id', by.dataTerminalId];
  const carrier = user.userType === 2 ? 'AND v.carrier_id = ?' : '';
  const params: unknown[] = [user.corpId, value];
  if (user.userType === 2) params.push(user.partnerId ?? -1);
  return one<VehicleRow>(conn, `SELECT ${VEHICLE_COLUMNS} FROM vehicles v WHERE v.corp_id = ? AND v.is_deleted = 0 AND ${column} = ? ${carrier}`, ...params);
}

/** A vehicle of the corporation, whichever carrier runs it: what a terminal credential of that corporation writes to. */
export async function findCorpVehicle(conn: Conn, corpId: number, by: { id?: number; dataTerminalId?: string }): Promise<VehicleRow | undefined> {
  const [column, value] = by.id !== undefined ? ['v.id', by.id] : ['v.dataterminal_id', by.dataTerminalId];
  if (value === undefined) return undefined;
  return one<VehicleRow>(conn, `SELECT ${VEHICLE_COLUMNS} FROM vehicles v WHERE v.corp_id = ? AND v.is_deleted = 0 AND ${column} = ?`, corpId, value);
}

export function vehicleById(conn: Conn, id: number): Promise<VehicleRow | undefined> {
  return one<VehicleRow>(conn, `SELECT ${VEHICLE_COLUMNS} FROM vehicles v WHERE v.id = ?`, id);
}

const ENDED: number[] = [WaybillStatus.COMPLETED, WaybillStatus.ENDED_ABNORMALLY, WaybillStatus.TRANSFERRED];

/** From the waybill's creation (or an earlier recorded node time) to its end: the last node or event time once ended, else now. */
export async function waybillPeriod(conn: Conn, w: WaybillRow, now: number): Promise<{ from: number; to: number }> {
  const r = (await one<{ created: number; first: number | null; last: number | null; lastEvent: number | null }>(conn, `SELECT w.created_at AS created,
      (SELECT min(${least(conn, 'coalesce(actual_arrive_time, 9e15)', 'coalesce(actual_leave_time, 9e15)')}) FROM waybill_nodes WHERE waybill_id = w.id) AS first,
      (SELECT max(${greatest(conn, 'coalesce(actual_arrive_time, 0)', 'coalesce(actual_leave_time, 0)')}) FROM waybill_nodes WHERE waybill_id = w.id) AS last,
      (SELECT max(at) FROM waybill_events WHERE waybill_id = w.id) AS lastEvent
    FROM waybills w WHERE w.id = ?`, w.id))!;
  const from = Math.min(r.created, r.first ?? Infinity);
  const to = ENDED.includes(w.status) ? Math.max(r.last ?? 0, r.lastEvent ?? 0, from) : now;
  return { from, to };
}

const SHANGHAI_OFFSET_MS = 8 * 3600_000;
/** Epoch ms, or 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai as the pages send it. */
export function timeOf(value: number | string | undefined, title: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return value;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  const t = m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)) - SHANGHAI_OFFSET_MS : NaN;
  if (!Number.isFinite(t)) throw invalid(`${title}：请输入正确的时间（YYYY-MM-DD HH:mm:ss）`, { field: title });
  return t;
}

/** Resolves a request to a vehicle and range the user may read, or fails like an unknown record. */
export async function resolveTarget(conn: Conn, user: SessionUser, req: TrackRequest, now = Date.now()): Promise<TrackTarget> {
  let start = timeOf(req.startTime, '开始时间');
  let end = timeOf(req.endTime, '结束时间');
  let waybill: WaybillRow | null = null;
  let vehicle: VehicleRow | undefined;
  if (req.waybillId !== undefined) {
    waybill = (await findWaybill(conn, user, req.waybillId)) ?? null;
    if (!waybill) throw failure(NOT_FOUND);
    if (waybill.vehicleId === null) throw failure('运单未指派车辆，没有轨迹信息');
    vehicle = await vehicleById(conn, waybill.vehicleId);
    const period = await waybillPeriod(conn, waybill, now);
    start = Math.max(start ?? period.from, period.from);
    end = Math.min(end ?? period.to, period.to);
  } else if (req.vehicleId !== undefined || req.vehicleNo !== undefined || req.dataTerminalId !== undefined) {
    vehicle = await findVehicle(conn, user, { id: req.vehicleId, vehicleNo: req.vehicleNo, dataTerminalId: req.dataTerminalId });
    if (start === undefined || end === undefined) throw invalid('开始时间：按车辆查询轨迹时开始时间和结束时间不能为空', { field: 'startTime' });
  } else {
    throw invalid('运单ID：请指定运单或车辆', { field: 'waybillId' });
  }
  if (!vehicle) throw failure(NOT_FOUND);
  if (end! < start!) {
    if (req.waybillId === undefined) throw invalid('结束时间：结束时间不能早于开始时间', { field: 'endTime' });
    end = start! - 1; // a range outside the waybill's period: nothing to show
  }
  return { vehicle, waybill, from: start!, to: end! };
}
