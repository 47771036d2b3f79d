// Runs one waybill action: in ONE transaction, load the waybill in scope, check the version the
// user read, ask the state machine (waybill-machine.ts) for the next state, write it guarded by
// the version, apply the action's own writes (node times, receipts, evaluation), leave the event on
// the timeline and bring the carried orders in step (order-sync.ts). A refusal at any point throws,
// so the transaction rolls back and nothing is half-applied.
import type { SessionUser } from '../../http/context.ts';
import { failure } from '../../http/envelope.ts';
import type { Registry } from '../../registry/types.ts';
import { ACTION_NAMES, applyWaybillAction, type ActionInput, type WaybillAction, type WaybillState } from '../workflow/waybill-machine.ts';
import { refreshOrdersOfWaybill } from '../workflow/order-sync.ts';
import { recordWaybillVersion } from './history.ts';
import { stateLabels } from './labels.ts';
import { lockWaybill, STALE, type WaybillRow } from './scope.ts';
import { one, run, tx, type Conn } from './sql.ts';
import { holdForCheck } from '../rules/check-gate.ts';

export interface Step {
  nodeId?: number | null;
  /** The dialog's input kept on the event (quantities, opinion, file ids...). */
  payload?: unknown;
  /** Other waybill columns the action sets (vehicle, driver), by column name. */
  set?: Record<string, unknown>;
  /** The action's own writes, after the waybill row moved. */
  effects?: (now: number) => Promise<void>;
}

export interface Transition {
  action: WaybillAction;
  id: number;
  version: number;
  /** What the machine needs to pick its row (the node's type, review passed, sign quantities). */
  input?: (waybill: WaybillRow) => Promise<ActionInput>;
  /**
   * After the machine accepted: reads and checks what the action needs and may still refuse,
   * before anything is written. The machine speaks first, so an action out of order always
   * answers the machine's message.
   */
  prepare?: (waybill: WaybillRow, now: number) => Promise<Step>;
}

export async function recordEvent(
  conn: Conn, user: SessionUser, waybillId: number, action: string, from: WaybillState, to: WaybillState, nodeId: number | null, payload: unknown, now: number,
): Promise<void> {
  await run(
    conn,
    `INSERT INTO waybill_events (corp_id, waybill_id, action, from_status, to_status, from_step, to_step, node_id, payload, user_id, user_name, at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    user.corpId, waybillId, action, from.status, to.status, from.step, to.step, nodeId, payload === undefined ? null : JSON.stringify(payload),
    user.userId, user.realName || user.userName, now,
  );
}

/** Moves the waybill to version + 1 with the given columns; the version in the WHERE clause is the guard. */
export async function bumpWaybill(conn: Conn, user: SessionUser, w: Pick<WaybillRow, 'id' | 'version'>, now: number, set: Record<string, unknown>): Promise<number> {
  const cols = Object.keys(set);
  const sql = `UPDATE waybills SET ${cols.map((c) => `${c} = ?, `).join('')}version = version + 1, updated_at = ?, updated_by = ? WHERE id = ? AND version = ?`;
  if ((await run(conn, sql, ...cols.map((c) => set[c]), now, user.userId, w.id, w.version)).changes !== 1) throw failure(STALE);
  return w.version + 1;
}

/** Goods unloaded for a transfer (transfer/transferUnload) and not yet on the receiving vehicle. */
export const pendingTransferOf = (conn: Conn, waybillId: number) =>
  one<{ id: number; version: number }>(conn, 'SELECT id, version FROM transfers WHERE from_waybill_id = ? AND status = 1 AND is_deleted = 0', waybillId);

export function runTransition(conn: Conn, reg: Registry, user: SessionUser, t: Transition) {
  return tx(conn, async () => {
    const now = Date.now();
    const w = await lockWaybill(conn, user, t.id, t.version);
    const from: WaybillState = { status: w.status, step: w.step, signStatus: w.signStatus };
    // Once the goods are off the vehicle for a transfer, only the transfer itself may move the waybill.
    if (t.action !== 'transfer' && (await pendingTransferOf(conn, w.id))) throw failure(`运单货物已卸车待转运，不能${ACTION_NAMES[t.action]}`);
    const outcome = applyWaybillAction(from, t.action, (await t.input?.(w)) ?? {});
    if (!outcome.ok) throw failure(outcome.message);
    const to = outcome.state;
    // A check rule in force holds the waybill at its check point until the check is answered (check-gate.ts).
    await holdForCheck(conn, w.corpId, w.id, from, t.action, now);
    const step = (await t.prepare?.(w, now)) ?? {};
    const version = await bumpWaybill(conn, user, w, now, { status: to.status, step: to.step, sign_status: to.signStatus, ...step.set });
    await step.effects?.(now);
    await recordEvent(conn, user, w.id, t.action, from, to, step.nodeId ?? null, step.payload, now);
    await refreshOrdersOfWaybill(conn, w.id, now);
    await recordWaybillVersion(conn, user, w.id, t.action, now);
    return { id: w.id, version, status: to.status, step: to.step, signStatus: to.signStatus, ...stateLabels(reg, to) };
  });
}
