// A stowed waybill deleted before anything happened on it (waybill/batchDeleteWaybill of an
// untouched waybill): the stowage task it came from opens again, as it was before its result was
// confirmed, so the dispatcher can confirm it anew. The parts the confirmation made of split
// orders' remainders are cancelled (their goods are the task's to take again, and splitting, which
// the confirmation ended, is open again); orders carried whole simply have no waybill again.
import { all, one, run, type Conn } from '../sql.ts';
import { StowageStatus } from './rules.ts';

/** Call in the delete's transaction, before the waybill's orders are handed back (waybills/delete.ts). */
export async function reopenTaskOfWaybill(conn: Conn, waybillId: number, userId: number, now: number) {
  const task = await one<{ id: number; vehicleId: number | null; carModelId: number | null }>(conn,
    'SELECT id, vehicle_id AS vehicleId, car_model_id AS carModelId FROM order_stowage_tasks WHERE waybill_id = ? AND is_deleted = 0', waybillId);
  if (!task) return;
  const parts = await all<{ partId: number; orderId: number }>(conn,
    'SELECT part_id AS partId, order_id AS orderId FROM waybill_orders WHERE waybill_id = ? AND part_id IS NOT NULL', waybillId);
  for (const p of parts) {
    await run(conn, 'UPDATE order_parts SET cancelled = 1, waybill_id = NULL WHERE id = ?', p.partId);
    await run(conn, 'UPDATE orders SET splittable = 1 WHERE id = ?', p.orderId);
  }
  // The same rule as saving a task: with a vehicle or car model it is 配载中, else 未配载.
  const status = task.vehicleId !== null || task.carModelId !== null ? StowageStatus.STOWING : StowageStatus.NOT_STOWED;
  await run(conn, 'UPDATE order_stowage_tasks SET waybill_id = NULL, confirmed_at = NULL, status = ?, version = version + 1, updated_by = ?, updated_at = ? WHERE id = ?',
    status, userId, now, task.id);
}
