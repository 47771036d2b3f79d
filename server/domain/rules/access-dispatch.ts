// The one check of every call that puts a vehicle or driver on a waybill (waybills/create.ts insertWaybill with a
// vehicle: orderInfo/assignVehicle, stowage confirmation, a transfer's onward leg; dispatch.ts assignVehicle and
// assignDriver): the access inspection rules, then, when a vehicle goes on, the loading factory's daily limit.
// Run inside the caller's transaction, after the waybill's rows are written and before anything is answered: a
// refusal rolls the whole dispatch back.
import type { Conn } from '../../resources/statements.ts';
import { guardAccess, type CrewOnWaybill } from './access-check.ts';
import { guardDailyLimit } from './factory-check.ts';

export async function guardDispatch(conn: Conn, corpId: number, waybillId: number, crew: CrewOnWaybill, at: number): Promise<void> {
  await guardAccess(conn, corpId, waybillId, crew, at);
  if (crew.vehicleId !== null) await guardDailyLimit(conn, corpId, waybillId, at);
}
