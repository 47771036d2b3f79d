// Dispatching an existing waybill: assign or cancel the vehicle (machine actions assignVehicle /
// cancelVehicle), change the driver, rename, and batch delete (code 105). A carrier user assigns
// only its own carrier's vehicles and drivers; other ids read as not found.
import type { SessionUser } from '../../http/context.ts';
import { failure, invalid } from '../../http/envelope.ts';
import type { Registry } from '../../registry/types.ts';
import { WaybillStatus } from '../workflow/waybill-machine.ts';
import { recordWaybillVersion } from './history.ts';
import { lockWaybill, type WaybillRow } from './scope.ts';
import { all, one, tx, type Conn } from './sql.ts';
import { bumpWaybill, recordEvent, runTransition } from './transition.ts';
import { requireDriver } from '../settings/business-personal.ts';
import { guardDispatch } from '../rules/access-dispatch.ts';
import { guardAccess } from '../rules/access-check.ts';

interface Vehicle {
  id: number;
  vehicleNo: string;
  carrierId: number | null;
  driverId: number | null;
}

/**
 * A vehicle or driver of the corporation in service; a carrier user reaches only its own carrier's.
 * Refused as invalid input naming the field, as the assign dialog shows it beside the select.
 */
async function partnerRow<T>(conn: Conn, user: SessionUser, table: 'vehicles' | 'drivers', columns: string, id: number, field: string, what: string): Promise<T> {
  const own = user.userType === 2 ? ' AND carrier_id = ?' : '';
  const row = await one<T & { status: number }>(
    conn, `SELECT ${columns}, status FROM ${table} WHERE id = ? AND corp_id = ? AND is_deleted = 0${own}`, id, user.corpId, ...(own ? [user.partnerId ?? -1] : []),
  );
  if (!row) throw invalid(`${what}：${what}不存在或无权访问`, { field });
  if (row.status !== 0) throw invalid(`${what}：${what}已停用`, { field });
  return row;
}

/**
 * A vehicle travels with a driver of its own carrier (spec: one carrier does the carriage): a
 * driver of another carrier, or a carrier's driver on a vehicle of no carrier, is refused naming
 * the driver field. The one rule for every dispatch: orders, waybills, stowage, changing the driver.
 */
export async function assertDriverFitsVehicle(conn: Conn, vehicle: { carrierId: number | null }, driverId: number): Promise<void> {
  const driver = await one<{ carrierId: number | null }>(conn, 'SELECT carrier_id AS carrierId FROM drivers WHERE id = ?', driverId);
  if (!driver || driver.carrierId === vehicle.carrierId) return;
  const carrier = vehicle.carrierId === null ? undefined
    : (await one<{ name: string }>(conn, 'SELECT carrier_name AS name FROM carriers WHERE id = ?', vehicle.carrierId))?.name;
  throw invalid(carrier ? `司机：不属于该车辆的承运商（${carrier}）` : '司机：不属于该车辆的承运商（自有车辆）', { field: 'driverId' });
}

export const vehicleOf = (conn: Conn, user: SessionUser, id: number) =>
  partnerRow<Vehicle>(conn, user, 'vehicles', 'id, vehicle_no AS vehicleNo, carrier_id AS carrierId, driver_id AS driverId', id, 'vehicleId', '车辆');
export const driverOf = (conn: Conn, user: SessionUser, id: number) =>
  partnerRow<{ id: number; driverName: string }>(conn, user, 'drivers', 'id, driver_name AS driverName', id, 'driverId', '司机');

/** The carrier the waybill's orders are delegated to (one carrier for all of them), if any. */
async function delegatedCarrier(conn: Conn, waybillId: number): Promise<number | null> {
  const rows = await all<{ carrierId: number | null }>(
    conn, 'SELECT DISTINCT o.carrier_id AS carrierId FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id WHERE wo.waybill_id = ?', waybillId,
  );
  return rows.length === 1 ? rows[0].carrierId : null;
}

export interface AssignVehicleBody {
  id: number;
  version: number;
  vehicleId: number;
  driverId?: number;
}

export function assignVehicle(conn: Conn, reg: Registry, user: SessionUser, body: AssignVehicleBody) {
  return runTransition(conn, reg, user, {
    action: 'assignVehicle', id: body.id, version: body.version,
    prepare: async (w, now) => {
      const v = await vehicleOf(conn, user, body.vehicleId);
      const driverId = body.driverId ?? v.driverId;
      await requireDriver(conn, w.corpId, driverId);
      const driver = driverId === null ? null : await driverOf(conn, user, driverId);
      if (driver) await assertDriverFitsVehicle(conn, v, driver.id);
      // The vehicle's carrier takes the waybill; a vehicle of no carrier leaves it where it was.
      const carrierId = v.carrierId ?? w.carrierId;
      await guardDispatch(conn, w.corpId, w.id, { vehicleId: v.id, driverId: driver?.id ?? null, carrierId }, now);
      return {
        set: { vehicle_id: v.id, driver_id: driver?.id ?? null, carrier_id: carrierId },
        payload: { vehicleId: v.id, vehicleNo: v.vehicleNo, driverId: driver?.id ?? null, driverName: driver?.driverName ?? null, carrierId },
      };
    },
  });
}

export function cancelVehicle(conn: Conn, reg: Registry, user: SessionUser, body: { id: number; version: number }) {
  return runTransition(conn, reg, user, {
    action: 'cancelVehicle', id: body.id, version: body.version,
    // Back to the dispatcher, or to the carrier the orders were delegated to.
    prepare: async (w) => ({ set: { vehicle_id: null, driver_id: null, carrier_id: await delegatedCarrier(conn, w.id) }, payload: { vehicleId: w.vehicleId, driverId: w.driverId } }),
  });
}

/** A driver may change while a vehicle is assigned and the goods are not yet signed for. */
const DRIVER_CHANGEABLE: number[] = [WaybillStatus.AWAITING_DRIVER, WaybillStatus.DRIVER_REFUSED, WaybillStatus.AWAITING_TRANSPORT, WaybillStatus.IN_TRANSIT];

export function assignDriver(conn: Conn, user: SessionUser, body: { id: number; version: number; driverId: number }) {
  return tx(conn, async () => {
    const now = Date.now();
    const w: WaybillRow = await lockWaybill(conn, user, body.id, body.version);
    if (!DRIVER_CHANGEABLE.includes(w.status) || w.vehicleId === null) throw failure('运单当前状态不能指派司机，请刷新后重试');
    const driver = await driverOf(conn, user, body.driverId);
    const vehicle = await one<{ carrierId: number | null }>(conn, 'SELECT carrier_id AS carrierId FROM vehicles WHERE id = ?', w.vehicleId);
    if (vehicle) await assertDriverFitsVehicle(conn, vehicle, driver.id);
    // Only the driver is new here: the vehicle answered to the rules when it was dispatched.
    await guardAccess(conn, w.corpId, w.id, { vehicleId: null, driverId: driver.id }, now);
    const version = await bumpWaybill(conn, user, w, now, { driver_id: driver.id });
    await recordEvent(conn, user, w.id, 'assignDriver', w, w, null, { driverId: driver.id, driverName: driver.driverName, previousDriverId: w.driverId }, now);
    await recordWaybillVersion(conn, user, w.id, 'assignDriver', now);
    return { id: w.id, version };
  });
}

export function editWaybillName(conn: Conn, user: SessionUser, body: { id: number; version: number; waybillName: string }) {
  return tx(conn, async () => {
    const now = Date.now();
    const w = await lockWaybill(conn, user, body.id, body.version);
    const version = await bumpWaybill(conn, user, w, now, { waybill_name: body.waybillName.trim() || null });
    await recordWaybillVersion(conn, user, w.id, 'editWaybillName', now);
    return { id: w.id, version };
  });
}
