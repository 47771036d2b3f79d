// The pending check as the waybill status text (docs/state-machines.md "Check rules"): a waybill held at a
// check point reads 待入厂检查 / 待卸货检查 / 待出厂检查 (the spec's waybill statuses 2/3/4) on lists and the
// detail, with checkStatus beside status, which stays 400 for every filter and count.
import type { Registry } from '../../registry/types.ts';
import { labelOf } from '../../registry/labels.ts';
import type { Conn } from '../../resources/statements.ts';
import { checkPointOfType, pendingChecks } from './check-gate.ts';
import { availableActions } from '../workflow/waybill-machine.ts';

type Row = Record<string, unknown>;

/**
 * Sets checkStatus (2/3/4, or null) on each row and, when held, its statusStr and the actions it offers
 * (in place): the machine's, less the one the check must come before, so the console does not offer
 * 开始装货 on a waybill the server would refuse it to.
 */
export async function withCheckStatus<T extends Row>(conn: Conn, reg: Registry, corpId: number, rows: T[]): Promise<T[]> {
  const held = await pendingChecks(conn, corpId, rows as unknown as { id: number; status: number; step: number }[], Date.now());
  for (const row of rows as Row[]) {
    const pending = held.get(row.id as number);
    row.checkStatus = pending?.checkStatus ?? null;
    if (!pending) continue;
    row.statusStr = labelOf(reg, 'waybillStatus', pending.checkStatus);
    const heldAction = checkPointOfType(pending.checkType)?.action;
    row.availableActions = availableActions({ status: row.status as number, step: row.step as number, signStatus: row.signStatus as number })
      .filter((a) => a !== heldAction);
  }
  return rows;
}
