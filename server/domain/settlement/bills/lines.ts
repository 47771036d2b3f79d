// A bill's lines and totals. The totals are always recomputed from the lines, in SQL over integers,
// so a bill's total equals the sum of its lines to the fen. Lines change only while the bill is at
// 2 待确认 (EDITABLE_STATUS); a frozen bill is never touched: a later change to a fee reaches the
// party's next bill as an adjustment line (create.ts).
import { all, run, type Conn } from '../../../resources/statements.ts';
import type { FeeRow } from '../fees/store.ts';
import { EDITABLE_STATUS } from './machine.ts';
import type { LineKey } from '../deductions/store.ts';

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

const LINE_COLUMNS = 12;

/** The lines, in multi-row INSERTs below the engine's parameter limit (a carrier's month may be 10,000 lines). */
export async function insertLines(conn: Conn, bill: { id: number; corpId: number; side: number; partyId: number }, lines: NewLine[]) {
  const perStatement = Math.floor(conn.maxParams / LINE_COLUMNS);
  for (let i = 0; i < lines.length; i += perStatement) {
    const part = lines.slice(i, i + perStatement);
    await run(conn,
      `INSERT INTO bill_lines (corp_id, bill_id, side, party_id, kind, waybill_id, fee_id, fee_amount, deductions, adjustments, total, reason)
       VALUES ${part.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      ...part.flatMap((l) => [bill.corpId, bill.id, bill.side, bill.partyId, l.kind, l.waybillId, l.feeId, l.feeAmount, l.deductions, l.adjustments, lineTotal(l), l.reason]));
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
 * Brings a bill being prepared (2 待确认) to the fees and deductions as they now stand, for all its lines
 * or one waybill's: a waybill line takes the fee's amount and the live deductions; an adjustment line
 * the fee and deductions less what the party's other bills carry for that waybill (dropped when both
 * are 0); a waybill whose fee now belongs to another party leaves the bill. Run when a fee or a
 * deduction changes and when a bill comes back to finance (退回修改, 驳回), since what changed while it
 * was frozen did not reach it.
 */
export async function refreshDraftLines(conn: Conn, billId: number, waybillId?: number): Promise<void> {
  const only = waybillId === undefined ? '' : ' AND waybill_id = ?';
  const p = waybillId === undefined ? [] : [waybillId];
  const same = (t: string) => `${t}.corp_id = bill_lines.corp_id AND ${t}.side = bill_lines.side AND ${t}.party_id = bill_lines.party_id
    AND ${t}.waybill_id = bill_lines.waybill_id AND ${t}.is_deleted = 0`;
  const fee = `(SELECT f.amount FROM waybill_fees f WHERE ${same('f')})`;
  const deductions = `(SELECT coalesce(sum(d.amount), 0) FROM waybill_deductions d WHERE ${same('d')})`;
  const others = (column: string) => `(SELECT coalesce(sum(${column}), 0) FROM bill_lines o WHERE ${same('o')} AND o.bill_id <> bill_lines.bill_id)`;
  const adjustment = `${fee} - ${others('o.fee_amount + o.adjustments')}`;
  const deductionAdjustment = `${deductions} - ${others('o.deductions')}`;
  await run(conn, `DELETE FROM bill_lines WHERE bill_id = ?${only} AND ${fee} IS NULL`, billId, ...p);
  await run(conn, `UPDATE bill_lines SET fee_amount = ${fee}, deductions = ${deductions}, total = ${fee} - ${deductions} + adjustments
    WHERE bill_id = ? AND kind = 1${only}`, billId, ...p);
  await run(conn, `UPDATE bill_lines SET adjustments = ${adjustment}, deductions = ${deductionAdjustment}, total = ${adjustment} - (${deductionAdjustment})
    WHERE bill_id = ? AND kind = 2${only}`, billId, ...p);
  await run(conn, `DELETE FROM bill_lines WHERE bill_id = ? AND kind = 2 AND adjustments = 0 AND deductions = 0${only}`, billId, ...p);
  await recomputeTotals(conn, billId);
}

/**
 * After a fee or a deduction of a waybill changed: the bills still being prepared (2 待确认) that carry
 * the waybill on that side follow (refreshDraftLines) and move to a new version. A line on a frozen bill
 * is left as it is (the next bill carries the difference, create.ts adjustmentLines).
 */
export async function refreshDraftLine(conn: Conn, key: Pick<LineKey, 'corpId' | 'side' | 'waybillId'>, userId: number, now: number): Promise<void> {
  const drafts = await all<{ billId: number }>(conn,
    `SELECT DISTINCT l.bill_id AS "billId" FROM bill_lines l JOIN bills b ON b.id = l.bill_id
      WHERE l.corp_id = ? AND l.side = ? AND l.waybill_id = ? AND l.is_deleted = 0 AND b.status = ? ORDER BY l.bill_id`,
    key.corpId, key.side, key.waybillId, EDITABLE_STATUS);
  for (const { billId } of drafts) {
    await conn.lock(`bills:${billId}`);
    await refreshDraftLines(conn, billId, key.waybillId);
    await run(conn, 'UPDATE bills SET version = version + 1, updated_by = ?, updated_at = ? WHERE id = ?', userId, now, billId);
  }
}

export const followFeeOnDraftBill = (conn: Conn, fee: FeeRow, userId: number, now: number) =>
  refreshDraftLine(conn, { corpId: fee.corpId, side: fee.side, waybillId: fee.waybillId }, userId, now);

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
  /** The rate rule that priced the waybill's fee (its name), or null for a fee typed by hand without one. */
  ruleName: string | null;
  /** 2: the fee was adjusted by hand (its priced rule is kept for reference). */
  feeState: number | null;
}

/**
 * The bill's lines, waybill lines then adjustments, each in the order they were made (by waybill number:
 * create.ts inserts them so), or only the first `limit`. The lines are chosen and ordered on bill_lines
 * alone before the join, so the first page of a bill of 10,000 lines reads 10,000 index entries and
 * joins only that page's waybills.
 */
export const linesOf = (conn: Conn, billId: number, limit?: number) =>
  all<LineView>(conn,
    `SELECT l.id, l.kind, l.waybill_id AS "waybillId", w.waybill_no AS "waybillNo", l.fee_amount AS "feeAmount", l.deductions, l.adjustments, l.total, l.reason,
            r.rule_name AS "ruleName", f.state AS "feeState"
       FROM (SELECT * FROM bill_lines WHERE bill_id = ? ORDER BY kind, id${limit === undefined ? '' : ' LIMIT ?'}) l JOIN waybills w ON w.id = l.waybill_id
       LEFT JOIN waybill_fees f ON f.id = l.fee_id LEFT JOIN contract_rate_rules r ON r.id = f.rule_id ORDER BY l.kind, l.id`,
    billId, ...(limit === undefined ? [] : [limit]));

/** How many lines the bill has (waybill lines and adjustments). */
export const lineCountOf = async (conn: Conn, billId: number) =>
  Number((await all<{ n: number }>(conn, 'SELECT count(*) AS n FROM bill_lines WHERE bill_id = ?', billId))[0].n);
