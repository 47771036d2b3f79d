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
import { all, one, run, type Sqlite } from './sql.ts';

const untouched = (w: { status: number; step: number }) => w.status === INITIAL_WAYBILL_STATE.status && w.step === INITIAL_WAYBILL_STATE.step;

/**
 * Hands a waybill's goods back to its orders: all of them (a deleted waybill keeps its links as a
 * record), or only `unlinkIds`, whose links are dropped (an edit that takes orders off the waybill).
 */
export function releaseOrders(sqlite: Sqlite, waybillId: number, now: number, unlinkIds?: number[]) {
  const orders = all<{ id: number; carrierId: number | null }>(
    sqlite, 'SELECT o.id, o.carrier_id AS carrierId FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id WHERE wo.waybill_id = ?', waybillId,
  ).filter((o) => !unlinkIds || unlinkIds.includes(o.id));
  for (const o of orders) {
    run(sqlite, 'UPDATE order_parts SET waybill_id = NULL WHERE waybill_id = ? AND order_id = ?', waybillId, o.id);
    if (unlinkIds) run(sqlite, 'DELETE FROM waybill_orders WHERE waybill_id = ? AND order_id = ?', waybillId, o.id);
  }
  for (const o of orders) {
    const live = one(sqlite, 'SELECT 1 FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id WHERE wo.order_id = ? AND w.is_deleted = 0 LIMIT 1', o.id);
    if (live) {
      refreshOrderStatus(sqlite, o.id, now);
      continue;
    }
    // order-sync leaves an order without waybills alone: its own status is the order's to set.
    const own = o.carrierId ? 3 : 2;
    run(sqlite, 'UPDATE orders SET status = ?, task_status = ?, updated_at = ?, version = version + 1 WHERE id = ? AND status <> ?', own, taskStatusOf(own), now, o.id, own);
  }
}

export function batchDeleteWaybills(sqlite: Sqlite, reg: Registry, user: SessionUser, ids: number[]) {
  return batchDeleteOutcome(ids, (id) => sqlite.transaction((): DeleteRefusal | undefined => {
    const now = Date.now();
    const w = findWaybill(sqlite, user, id);
    if (!w) return notFound(NOT_FOUND);
    if (!untouched(w) && !isFinished(w)) return cannotDelete(`${w.waybillNo}：运单状态为${labelOf(reg, DICTIONARY.status, w.status)}，不能删除`);
    run(sqlite, 'UPDATE waybills SET is_deleted = 1, version = version + 1, updated_at = ?, updated_by = ? WHERE id = ?', now, user.userId, id);
    if (untouched(w)) {
      reopenTaskOfWaybill(sqlite, id, user.userId, now);
      releaseOrders(sqlite, id, now);
    }
    recordWaybillVersion(sqlite, user, id, 'delete', now);
    return undefined;
  })());
}
