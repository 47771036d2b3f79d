// A bill's lines and totals. The totals are always recomputed from the lines, in SQL over integers,
// so a bill's total equals the sum of its lines to the fen. Lines change only while the bill is at
// 2 待确认 (EDITABLE_STATUS); a frozen bill is never touched: a later change to a fee reaches the
// party's next bill as an adjustment line (create.ts).
import { all, one, run, type Conn } from '../../../resources/statements.ts';
import type { FeeRow } from '../fees/store.ts';
import { EDITABLE_STATUS } from './machine.ts';
import { liveDeductions, type LineKey } from '../deductions/store.ts';

export const LineKind = { WAYBILL: 1, ADJUSTMENT: 2 } as const;

export interface NewLine {
  kind: number;
  waybillId: number;
  feeId: number | null;
  feeAmount: number;
  deductions: number;
  adjustments: number;
  reason: string | null;
}

/** Line total: the fee less deductions plus adjustments (an adjustment line has only its signed amount). */
export const lineTotal = (l: Pick<NewLine, 'feeAmount' | 'deductions' | 'adjustments'>) => l.feeAmount - l.deductions + l.adjustments;

export async function insertLines(conn: Conn, bill: { id: number; corpId: number; side: number; partyId: number }, lines: NewLine[]) {
  for (const l of lines) {
    await run(conn,
      `INSERT INTO bill_lines (corp_id, bill_id, side, party_id, kind, waybill_id, fee_id, fee_amount, deductions, adjustments, total, reason)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      bill.corpId, bill.id, bill.side, bill.partyId, l.kind, l.waybillId, l.feeId, l.feeAmount, l.deductions, l.adjustments, lineTotal(l), l.reason);
  }
}

/** Sets the bill's totals and waybill count from its lines (the caller bumps the version). */
export function recomputeTotals(conn: Conn, billId: number) {
  return run(conn,
    `UPDATE bills SET
       fee_total = (SELECT coalesce(sum(fee_amount), 0) FROM bill_lines WHERE bill_id = ?),
       deduction_total = (SELECT coalesce(sum(deductions), 0) FROM bill_lines WHERE bill_id = ?),
       adjustment_total = (SELECT coalesce(sum(adjustments), 0) FROM bill_lines WHERE bill_id = ?),
       total = (SELECT coalesce(sum(total), 0) FROM bill_lines WHERE bill_id = ?),
       waybill_count = (SELECT count(*) FROM bill_lines WHERE bill_id = ? AND kind = 1)
     WHERE id = ?`,
    billId, billId, billId, billId, billId, billId);
}

/**
 * After a fee or a deduction changed: the waybill's line on a bill still being prepared (2 待确认)
 * follows the fee and the live deductions, and that bill moves to a new version. A line on a frozen
 * bill is left as it is (the next bill carries the difference, create.ts adjustmentLines).
 */
export async function refreshDraftLine(conn: Conn, key: LineKey, userId: number, now: number): Promise<void> {
  const line = await one<{ id: number; billId: number; adjustments: number }>(conn,
    `SELECT l.id, l.bill_id AS "billId", l.adjustments FROM bill_lines l JOIN bills b ON b.id = l.bill_id
      WHERE l.corp_id = ? AND l.side = ? AND l.party_id = ? AND l.waybill_id = ? AND l.kind = 1 AND l.is_deleted = 0 AND b.status = ?`,
    key.corpId, key.side, key.partyId, key.waybillId, EDITABLE_STATUS);
  if (!line) return;
  await conn.lock(`bills:${line.billId}`);
  const fee = await one<{ id: number; amount: number }>(conn,
    'SELECT id, amount FROM waybill_fees WHERE waybill_id = ? AND side = ? AND party_id = ? AND is_deleted = 0', key.waybillId, key.side, key.partyId);
  const feeAmount = Number(fee?.amount ?? 0);
  const deductions = await liveDeductions(conn, key);
  await run(conn, 'UPDATE bill_lines SET fee_id = ?, fee_amount = ?, deductions = ?, total = ? WHERE id = ?',
    fee?.id ?? null, feeAmount, deductions, lineTotal({ feeAmount, deductions, adjustments: Number(line.adjustments) }), line.id);
  await recomputeTotals(conn, line.billId);
  await run(conn, 'UPDATE bills SET version = version + 1, updated_by = ?, updated_at = ? WHERE id = ?', userId, now, line.billId);
}

export const followFeeOnDraftBill = (conn: Conn, fee: FeeRow, userId: number, now: number) =>
  refreshDraftLine(conn, { corpId: fee.corpId, side: fee.side, partyId: fee.partyId, waybillId: fee.waybillId }, userId, now);

export interface LineView {
  id: number;
  kind: number;
  waybillId: number;
  waybillNo: string;
  feeAmount: number;
  deductions: number;
  adjustments: number;
  total: number;
  reason: string | null;
}

export const linesOf = (conn: Conn, billId: number) =>
  all<LineView>(conn,
    `SELECT l.id, l.kind, l.waybill_id AS "waybillId", w.waybill_no AS "waybillNo", l.fee_amount AS "feeAmount", l.deductions, l.adjustments, l.total, l.reason
       FROM bill_lines l JOIN waybills w ON w.id = l.waybill_id WHERE l.bill_id = ? ORDER BY l.kind, w.waybill_no, l.id`, billId);
