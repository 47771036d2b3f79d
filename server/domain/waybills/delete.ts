// Batch delete (code 105): a waybill may go while nothing happened on it yet (待派车 at step 2) or
// once it has ended; anything on its way is 'cannot delete' with the reason. Deleting a waybill
// that never left hands its goods back: split parts become free to assign again, and orders with
// no other live waybill return to their own status (2 待调度, or 3 when delegated). An ended
// waybill is archived without touching its orders, whose status records how they ended. A stowed
// waybill deleted untouched opens its stowage task again (orders/stowage/reopen.ts).
import type { SessionUser } from '../../http/context.ts';
import { batchDeleteOutcome, cannotDelete, notFound, type DeleteRefusal } from '../../http/batch-delete.ts';
import type { Registry } from '../../registry/types.ts';
import { reopenTaskOfWaybill } from '../orders/stowage/reopen.ts';
import { taskStatusOf } from '../workflow/order-machine.ts';
import { refreshOrderStatus } from '../workflow/order-sync.ts';
import { INITIAL_WAYBILL_STATE, isFinished } from '../workflow/waybill-machine.ts';
import { labelOf, DICTIONARY } from './labels.ts';
import { recordWaybillVersion } from './history.ts';
import { findWaybill, NOT_FOUND } from './scope.ts';
import { all, one, run, tx, type Conn } from './sql.ts';

const untouched = (w: { status: number; step: number }) => w.status === INITIAL_WAYBILL_STATE.status && w.step === INITIAL_WAYBILL_STATE.step;

/**
 * Hands a waybill's goods back to its orders: all of them (a deleted waybill keeps its links as a
 * record), or only `unlinkIds`, whose links are dropped (an edit that takes orders off the waybill).
 */
export async function releaseOrders(conn: Conn, waybillId: number, now: number, unlinkIds?: number[]): Promise<void> {
  const orders = (await all<{ id: number; carrierId: number | null }>(
    conn, 'SELECT o.id, o.carrier_id AS carrierId FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id WHERE wo.waybill_id = ?', waybillId,
  )).filter((o) => !unlinkIds || unlinkIds.includes(o.id));
  for (const o of orders) {
    await run(conn, 'UPDATE order_parts SET waybill_id = NULL WHERE waybill_id = ? AND order_id = ?', waybillId, o.id);
    if (unlinkIds) await run(conn, 'DELETE FROM waybill_orders WHERE waybill_id = ? AND order_id = ?', waybillId, o.id);
  }
  for (const o of orders) {
    const live = await one(conn, 'SELECT 1 FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id WHERE wo.order_id = ? AND w.is_deleted = 0 LIMIT 1', o.id);
    if (live) {
      await refreshOrderStatus(conn, o.id, now);
      continue;
    }
    // order-sync leaves an order without waybills alone: its own status is the order's to set.
    const own = o.carrierId ? 3 : 2;
    await run(conn, 'UPDATE orders SET status = ?, task_status = ?, updated_at = ?, version = version + 1 WHERE id = ? AND status <> ?', own, taskStatusOf(own), now, o.id, own);
  }
}

export function batchDeleteWaybills(conn: Conn, reg: Registry, user: SessionUser, ids: number[]) {
  return batchDeleteOutcome(ids, (id) => tx(conn, async (): Promise<DeleteRefusal | undefined> => {
    const now = Date.now();
    const w = await findWaybill(conn, user, id);
    if (!w) return notFound(NOT_FOUND);
    if (!untouched(w) && !isFinished(w)) return cannotDelete(`${w.waybillNo}：运单状态为${labelOf(reg, DICTIONARY.status, w.status)}，不能删除`);
    await run(conn, 'UPDATE waybills SET is_deleted = 1, version = version + 1, updated_at = ?, updated_by = ? WHERE id = ?', now, user.userId, id);
    if (untouched(w)) {
      await reopenTaskOfWaybill(conn, id, user.userId, now);
      await releaseOrders(conn, id, now);
    }
    await recordWaybillVersion(conn, user, id, 'delete', now);
    return undefined;
  }));
}
