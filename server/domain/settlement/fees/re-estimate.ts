// The automatic estimates (docs/settlement.md "Estimates (预估)"): after a dispatch, a delegation or a
// change of a waybill has committed, both of its sides are estimated again through the one service
// (estimate-fees.ts), as the system (user 0 系统预估). It runs after the commit, on its own: the action
// stands whatever pricing says, and a failure of the estimate itself (not a pricing failure, which is a
// recorded result) is logged and never reaches the user whose dispatch succeeded.
import type { Conn } from '../../../resources/statements.ts';
import { all } from '../../../resources/statements.ts';
import { WaybillStatus } from '../../workflow/waybill-machine.ts';
import { estimateAndRecord, type EstimateTrigger } from './estimate-fees.ts';
import { SYSTEM_WRITER } from './store.ts';

export async function reestimate(conn: Conn, corpId: number, waybillIds: readonly number[], trigger: EstimateTrigger): Promise<void> {
  for (const id of new Set(waybillIds)) {
    try {
      await estimateAndRecord(conn, corpId, id, trigger, SYSTEM_WRITER);
    } catch (err) {
      console.error(`[settlement] 运单${id}自动估算失败`, err);
    }
  }
}

/**
 * The live waybills of the orders that a change of an order reaches (goods, destination, delegation):
 * those still under way; a finished one keeps the fee it finished with.
 */
export async function waybillsOfOrders(conn: Conn, orderIds: readonly number[]): Promise<number[]> {
  if (!orderIds.length) return [];
  const rows = await all<{ id: number }>(conn,
    `SELECT DISTINCT w.id FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id
      WHERE wo.order_id IN (${orderIds.map(() => '?').join(', ')}) AND w.is_deleted = 0 AND w.status NOT IN (?, ?, ?)`,
    ...orderIds, WaybillStatus.COMPLETED, WaybillStatus.ENDED_ABNORMALLY, WaybillStatus.TRANSFERRED);
  return rows.map((r) => r.id);
}

/** Runs the action, then (committed) re-estimates the waybills it touched; answers the action's result. */
export async function thenReestimate<R>(conn: Conn, corpId: number, trigger: EstimateTrigger, action: Promise<R>, touched: (r: R) => number[] | Promise<number[]>): Promise<R> {
  const result = await action;
  let ids: number[] = [];
  try {
    ids = await touched(result);
  } catch (err) {
    console.error('[settlement] 自动估算的运单读取失败', err);
  }
  await reestimate(conn, corpId, ids, trigger);
  return result;
}
