// Where the factory shipment settings act (docs/rules.md "Factory shipment setting"):
// - 离开装货地 (leaveWaybillNode at the start node, nodes.ts) outside the factory's shipping hours is refused;
// - dispatching a vehicle to load at a factory on a day whose limit is reached is refused (the same calls the
//   access inspection guards: insertWaybill with a vehicle, waybill assignVehicle).
// Each is judged by the setting's version in force at the action's moment.
import { failure } from '../../http/envelope.ts';
import { one, type Conn } from '../../resources/statements.ts';
import { DAY_MS, formatDay, formatTime, shanghaiDayStart } from '../../resources/time.ts';
import { WaybillStatus } from '../workflow/waybill-machine.ts';
import { rulesAt, versionsDuring } from './versions.ts';
import { factoryShipmentType, type FactoryShipmentRecord } from './types/factory-shipment.ts';

/** The enabled setting of a factory in force at `at`, or null. */
export async function factorySettingAt(conn: Conn, corpId: number, areaId: number, at: number): Promise<FactoryShipmentRecord | null> {
  const versions = await versionsDuring<FactoryShipmentRecord>(conn, corpId, factoryShipmentType.key, at, at);
  return rulesAt(versions, at).find((s) => s.areaId === areaId && s.status === 0) ?? null;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** 'HH:mm' of a moment on the Shanghai clock. */
export const clockOf = (at: number) => formatTime(at).slice(11, 16);

/**
 * Whether `at` falls in the shipping hours, both ends' minutes included; an end before the start runs past midnight;
 * a start alone runs to midnight, an end alone from midnight.
 */
export function withinHours(setting: Pick<FactoryShipmentRecord, 'shipStart' | 'shipEnd'>, at: number): boolean {
  const m = minutesOf(clockOf(at));
  const start = setting.shipStart ? minutesOf(setting.shipStart) : 0;
  const end = setting.shipEnd ? minutesOf(setting.shipEnd) : 24 * 60 - 1;
  return start <= end ? m >= start && m <= end : m >= start || m <= end;
}

export function hoursText(s: Pick<FactoryShipmentRecord, 'shipStart' | 'shipEnd'>): string {
  if (s.shipStart && s.shipEnd) return `${s.shipStart}-${minutesOf(s.shipEnd) < minutesOf(s.shipStart) ? '次日' : ''}${s.shipEnd}`;
  if (s.shipStart) return `${s.shipStart}-24:00`;
  return s.shipEnd ? `00:00-${s.shipEnd}` : '不限';
}

/** The message refusing a departure at `time` from the factory named `areaName`. */
export const outsideHoursMessage = (areaName: string, s: FactoryShipmentRecord, time: number) =>
  `装货工厂「${areaName}」的出厂发运时段为${hoursText(s)}，${clockOf(time)}不在发运时段内，不能离开装货地（出厂发运设置）`;

/** Refuses 离开装货地 from `areaId` at `time` outside the hours of the setting in force then. */
export async function guardShippingHours(conn: Conn, corpId: number, areaId: number, areaName: string, time: number) {
  const setting = await factorySettingAt(conn, corpId, areaId, time);
  if (setting && !withinHours(setting, time)) throw failure(outsideHoursMessage(areaName, setting, time), { settingId: setting.id });
}

/**
 * Waybills that take a loading slot at a factory: a vehicle on them, not deleted, dispatched or on their way or
 * done (200, 300, 400, 500, 700), or ended abnormally after leaving the factory. A waybill sent back (司机拒单 1,
 * 待派车 100) or cancelled before leaving does not. Their day is the start node's required time's Shanghai day,
 * else the day the waybill was created.
 */
export const SLOT_SQL = `FROM waybills w JOIN waybill_nodes n ON n.waybill_id = w.id AND n.seq = 1
  WHERE w.corp_id = ? AND w.is_deleted = 0 AND w.vehicle_id IS NOT NULL AND n.area_id = ?
    AND (w.status IN (${[WaybillStatus.AWAITING_DRIVER, WaybillStatus.AWAITING_TRANSPORT, WaybillStatus.IN_TRANSIT, WaybillStatus.COMPLETED, WaybillStatus.TRANSFERRED].join(', ')})
      OR (w.status = ${WaybillStatus.ENDED_ABNORMALLY} AND n.actual_leave_time IS NOT NULL))
    AND coalesce(n.required_arrive_time, n.required_leave_time, w.created_at) >= ? AND coalesce(n.required_arrive_time, n.required_leave_time, w.created_at) < ?`;

/** Refuses putting a vehicle on the waybill when its factory's limit for its planned day is already reached. */
export async function guardDailyLimit(conn: Conn, corpId: number, waybillId: number, at: number) {
  const start = await one<{ areaId: number; areaName: string; planned: number | null; left: number | null; createdAt: number }>(conn,
    `SELECT n.area_id AS "areaId", a.area_name AS "areaName", coalesce(n.required_arrive_time, n.required_leave_time) AS planned,
       n.actual_leave_time AS "left", w.created_at AS "createdAt"
     FROM waybill_nodes n JOIN areas a ON a.id = n.area_id JOIN waybills w ON w.id = n.waybill_id WHERE n.waybill_id = ? AND n.seq = 1`, waybillId);
  // A waybill whose first place was already left (a transfer's onward leg) loads at no factory.
  if (!start || start.left !== null) return;
  const setting = await factorySettingAt(conn, corpId, start.areaId, at);
  if (!setting?.dailyLimit) return;
  const day = shanghaiDayStart(start.planned ?? start.createdAt);
  const { n } = (await one<{ n: number }>(conn, `SELECT count(*) AS n ${SLOT_SQL} AND w.id <> ?`, corpId, start.areaId, day, day + DAY_MS, waybillId))!;
  if (Number(n) >= setting.dailyLimit) {
    throw failure(`装货工厂「${start.areaName}」${formatDay(day)}已派车${n}辆，达到每日发运上限${setting.dailyLimit}车（出厂发运设置）`, { settingId: setting.id });
  }
}
