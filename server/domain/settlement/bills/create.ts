// createBills: finance makes the bill of one party (a carrier or a customer) for one period, from the
// completed waybills (status 500) whose fee for that side belongs to the party and that are on no
// live bill of that party yet. A waybill counts in the period as ../completion.ts says (when the
// vehicle left the unloading place). Dates are Asia/Shanghai days, both ends included.
//
// Each waybill line carries the waybill's live deductions for the party (loss shares, lateness, alarms:
// docs/settlement.md "Deductions"). The same bill also carries the party's adjustments: a waybill already
// billed on a frozen bill whose fee or deductions changed since (an override, a new estimate, a loss
// share made or cancelled) gets a line with the signed differences and the reason, so the frozen bill
// never changes and the money still comes out right.
//
// Two finance users creating the party's bill at once: the party's lock makes the second wait and then
// find the waybills taken (one bill); the unique index bill_lines_waybill refuses a waybill on two
// live bills of one party even if some code path forgot the lock.
import type { SessionUser } from '../../../http/context.ts';
import { failure, invalid } from '../../../http/envelope.ts';
import { ConstraintError } from '../../../db/port.ts';
import { all, one, run, tx, type Conn } from '../../../resources/statements.ts';
import { nextNumber } from '../../workflow/numbering.ts';
import { FeeSide, PARTY_NAMES } from '../fees/store.ts';
import { applyComputedDeductions } from '../deductions/computed.ts';
import { insertLines, LineKind, recomputeTotals, type NewLine } from './lines.ts';
import { BillStatus, EDITABLE_STATUS } from './machine.ts';
import { recordBillHistory } from './history.ts';
import { COMPLETED_IN_PERIOD, periodBounds } from '../completion.ts';

export interface CreateBillsInput {
  side: number;
  partyId: number;
  /** 'YYYY-MM-DD' (Asia/Shanghai), both included. */
  from: string;
  to: string;
  remark?: string;
}

const PARTY_TABLE: Record<number, string> = { 1: 'customers', 2: 'carriers' };

export const BILL_TAKEN = '运单已在该结算对象的其他账单中，请刷新后重试';

export function createBills(conn: Conn, user: SessionUser, input: CreateBillsInput) {
  if (user.userType !== 0) throw failure('只有本公司财务人员可以生成账单');
  if (input.from > input.to) throw invalid('账期开始日期不能晚于账期结束日期');
  return tx(conn, async () => {
    const now = Date.now();
    const party = await one<{ id: number }>(conn, `SELECT id FROM ${PARTY_TABLE[input.side]} WHERE corp_id = ? AND id = ? AND is_deleted = 0`, user.corpId, input.partyId);
    if (!party) throw invalid(`${PARTY_NAMES[input.side]}不存在`);
    await conn.lock(`bills:party:${user.corpId}:${input.side}:${input.partyId}`);
    await makeComputedDeductions(conn, user, input, now);
    const adjustments = await adjustmentLines(conn, user.corpId, input);
    const billNo = await nextNumber(conn, 'bills', user.corpId, now);
    const id = await conn.insert(
      `INSERT INTO bills (corp_id, bill_no, side, party_id, period_from, period_to, status, fee_total, deduction_total, adjustment_total, total, waybill_count,
         remark, created_by, created_at, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, 0, ?, ?, ?, ?, ?)`,
      [user.corpId, billNo, input.side, input.partyId, input.from, input.to, EDITABLE_STATUS, input.remark?.trim() || null, user.userId, now, user.userId, now],
    );
    let waybillCount: number;
    try {
      waybillCount = await insertWaybillLines(conn, user.corpId, id, input);
      await insertLines(conn, { id, corpId: user.corpId, side: input.side, partyId: input.partyId }, adjustments);
    } catch (e) {
      if (e instanceof ConstraintError && e.kind === 'unique') throw failure(BILL_TAKEN);
      throw e;
    }
    // Thrown inside the transaction: the bill and its number go with it.
    if (!waybillCount && !adjustments.length) throw failure('该账期内没有可出账的已完成运单');
    await recomputeTotals(conn, id);
    await recordBillHistory(conn, user, id, 'create', null, BillStatus.AWAITING_CONFIRMATION, 1, null, now);
    const bill = (await one<{ total: number; waybillCount: number }>(conn, 'SELECT total, waybill_count AS "waybillCount" FROM bills WHERE id = ?', id))!;
    return { id, billNo, version: 1, status: EDITABLE_STATUS, ...bill };
  });
}

/** The completed waybills of the period with a fee of the party, not on a live bill of the party (SQL over `f` and `w`, its parameters). */
const billable = (corpId: number, input: CreateBillsInput) => ({
  sql: `waybill_fees f JOIN waybills w ON w.id = f.waybill_id
      WHERE f.corp_id = ? AND f.side = ? AND f.party_id = ? AND f.is_deleted = 0 AND w.is_deleted = 0
        AND ${COMPLETED_IN_PERIOD}
        AND NOT EXISTS (SELECT 1 FROM bill_lines l WHERE l.corp_id = f.corp_id AND l.side = f.side AND l.party_id = f.party_id AND l.waybill_id = f.waybill_id
          AND l.kind = 1 AND l.is_deleted = 0)`,
  params: [corpId, input.side, input.partyId, ...periodBounds(input.from, input.to)],
});

/**
 * The carrier's lateness and alarm deductions are made now, once the waybill is billed
 * (deductions/computed.ts): for the waybills about to be billed whose fee's rule charges them.
 */
async function makeComputedDeductions(conn: Conn, user: SessionUser, input: CreateBillsInput, now: number) {
  if (input.side !== FeeSide.PAYABLE) return;
  const from = billable(user.corpId, input);
  const charged = await all<{ waybillId: number }>(conn,
    `SELECT f.waybill_id AS "waybillId" FROM ${from.sql}
        AND EXISTS (SELECT 1 FROM contract_rate_rules r WHERE r.id = f.rule_id AND (coalesce(r.late_fee_per_hour, 0) > 0 OR coalesce(r.alarm_fee_per_hour, 0) > 0))
      ORDER BY f.waybill_id`, ...from.params);
  for (const { waybillId } of charged) await applyComputedDeductions(conn, user.corpId, waybillId, input.partyId, user.userId, now);
}

/**
 * The bill's waybill lines in one INSERT … SELECT, each with the waybill's live deductions for the party
 * (a month of a carrier's lines never leaves the database); answers how many.
 */
async function insertWaybillLines(conn: Conn, corpId: number, billId: number, input: CreateBillsInput): Promise<number> {
  const from = billable(corpId, input);
  const deductions = `(SELECT coalesce(sum(d.amount), 0) FROM waybill_deductions d WHERE d.corp_id = f.corp_id AND d.side = f.side AND d.party_id = f.party_id
           AND d.waybill_id = f.waybill_id AND d.is_deleted = 0)`;
  // The bill id is cast so that PostgreSQL types the parameter of a SELECT list.
  const r = await run(conn,
    `INSERT INTO bill_lines (corp_id, bill_id, side, party_id, kind, waybill_id, fee_id, fee_amount, deductions, adjustments, total, reason)
     SELECT corp_id, CAST(? AS INTEGER), side, party_id, ${LineKind.WAYBILL}, waybill_id, fee_id, amount, deductions, 0, amount - deductions, NULL
       FROM (SELECT f.corp_id, f.side, f.party_id, f.waybill_id, f.id AS fee_id, f.amount, w.waybill_no, ${deductions} AS deductions FROM ${from.sql}) q
      ORDER BY waybill_no`,
    billId, ...from.params);
  return r.changes;
}

/**
 * Waybills of the party billed only on frozen bills, whose fee or live deductions now differ from what
 * those bills carry in all (the waybill's line plus earlier adjustment lines): one line with the fee's
 * difference in adjustments and the deductions' difference in deductions, so the line's total
 * (fee − deductions + adjustments, fee 0) is exactly what the party is still owed or owes back.
 */
async function adjustmentLines(conn: Conn, corpId: number, input: CreateBillsInput): Promise<NewLine[]> {
  const rows = await all<{ feeId: number; waybillId: number; amount: number; billedFee: number; billedDeductions: number; deductions: number; reason: string | null }>(conn,
    `SELECT f.id AS "feeId", f.waybill_id AS "waybillId", f.amount, f.override_reason AS reason,
        (SELECT sum(l.fee_amount + l.adjustments) FROM bill_lines l WHERE l.corp_id = f.corp_id AND l.side = f.side AND l.party_id = f.party_id
          AND l.waybill_id = f.waybill_id AND l.is_deleted = 0) AS "billedFee",
        (SELECT sum(l.deductions) FROM bill_lines l WHERE l.corp_id = f.corp_id AND l.side = f.side AND l.party_id = f.party_id
          AND l.waybill_id = f.waybill_id AND l.is_deleted = 0) AS "billedDeductions",
        (SELECT coalesce(sum(d.amount), 0) FROM waybill_deductions d WHERE d.corp_id = f.corp_id AND d.side = f.side AND d.party_id = f.party_id
          AND d.waybill_id = f.waybill_id AND d.is_deleted = 0) AS deductions
       FROM waybill_fees f JOIN waybills w ON w.id = f.waybill_id
      WHERE f.corp_id = ? AND f.side = ? AND f.party_id = ? AND f.is_deleted = 0
        AND EXISTS (SELECT 1 FROM bill_lines l WHERE l.corp_id = f.corp_id AND l.side = f.side AND l.party_id = f.party_id AND l.waybill_id = f.waybill_id
          AND l.kind = 1 AND l.is_deleted = 0)
        AND NOT EXISTS (SELECT 1 FROM bill_lines l JOIN bills b ON b.id = l.bill_id WHERE l.corp_id = f.corp_id AND l.side = f.side
          AND l.party_id = f.party_id AND l.waybill_id = f.waybill_id AND l.is_deleted = 0 AND b.status = ?)
      ORDER BY w.waybill_no`,
    corpId, input.side, input.partyId, EDITABLE_STATUS);
  return rows
    .map((r) => ({ ...r, feeDiff: Number(r.amount) - Number(r.billedFee), deductionDiff: Number(r.deductions) - Number(r.billedDeductions) }))
    .filter((r) => r.feeDiff !== 0 || r.deductionDiff !== 0)
    .map((r) => ({
      kind: LineKind.ADJUSTMENT, waybillId: r.waybillId, feeId: r.feeId, feeAmount: 0, deductions: r.deductionDiff, adjustments: r.feeDiff,
      reason: [r.feeDiff !== 0 ? `费用调整：${r.reason ?? '运费重新估算'}` : null, r.deductionDiff !== 0 ? '扣款调整：账单确认后扣款有变动' : null].filter(Boolean).join('；'),
    }));
}
