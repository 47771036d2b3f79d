// Settlement data for the report tests, over the completed waybills of reports-fixture.ts: a payable
// fee for each and a receivable for most, a third of them poultry (business types 16 and 15), a paid
// carrier bill (已完成, one line with a deduction), a carrier's draft bill (待确认, hidden from the
// carrier), a customer bill sent for confirmation, and one network-freight payment paid. Fees go through
// the server's recordEstimate; bills and payments are written as their code leaves them.
import type { Database } from '../../server/db/port.ts';
import { recordEstimate } from '../../server/domain/settlement/fees/estimates.ts';
import { priced } from './bill-fixtures.ts';

type Done = { id: number; carrierId: number; customerId: number | null };

export async function seedSettlementReportData(db: Database) {
  const done = await db.all<Done>(`SELECT w.id, w.carrier_id AS "carrierId",
      (SELECT min(o.customer_id) FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id WHERE wo.waybill_id = w.id) AS "customerId"
    FROM waybills w WHERE w.corp_id = 1 AND w.status = 500 AND w.carrier_id IS NOT NULL AND w.is_deleted = 0 ORDER BY w.id`);
  if (done.length < 4) throw new Error('settlement report fixture: too few completed waybills');
  const fees = new Map<number, { payable: number; receivable: number | null }>();
  for (const [i, w] of done.entries()) {
    const payable = 100_00 + i * 123_45 + 1;
    const receivable = i % 4 === 3 || w.customerId === null ? null : 150_00 + i * 234_56;
    await recordEstimate(db, 1, w.id, 2, w.carrierId, priced(payable));
    if (receivable !== null) await recordEstimate(db, 1, w.id, 1, w.customerId!, priced(receivable));
    fees.set(w.id, { payable, receivable });
    if (i % 3 !== 2) await db.run('UPDATE waybills SET business_type = ? WHERE id = ?', [i % 3 === 0 ? 16 : 15, w.id]);
  }
  const now = Date.now();
  let n = 0;
  const bill = async (side: 1 | 2, partyId: number, status: number, lines: { waybillId: number; deductions: number }[]) => {
    const rows = await Promise.all(lines.map(async (l) => {
      const fee = (await db.one<{ id: number; amount: number }>('SELECT id, amount FROM waybill_fees WHERE waybill_id = ? AND side = ? AND is_deleted = 0', [l.waybillId, side]))!;
      return { ...l, fee, total: fee.amount - l.deductions };
    }));
    const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((a, r) => a + f(r), 0);
    const billId = await db.insert(`INSERT INTO bills (corp_id, bill_no, side, party_id, period_from, period_to, status, fee_total, deduction_total, adjustment_total, total, waybill_count, created_at, updated_at)
      VALUES (1, ?, ?, ?, '2026-09-01', '2026-11-30', ?, ?, ?, 0, ?, ?, ?, ?)`,
      [`ZD20261201${String(++n).padStart(6, '0')}`, side, partyId, status, sum((r) => r.fee.amount), sum((r) => r.deductions), sum((r) => r.total), rows.length, now, now]);
    for (const r of rows) {
      await db.run(`INSERT INTO bill_lines (corp_id, bill_id, side, party_id, kind, waybill_id, fee_id, fee_amount, deductions, adjustments, total)
        VALUES (1, ?, ?, ?, 1, ?, ?, ?, ?, 0, ?)`, [billId, side, partyId, r.waybillId, r.fee.id, r.fee.amount, r.deductions, r.total]);
    }
  };
  const first = done[0].carrierId;
  const ofFirst = done.filter((w) => w.carrierId === first);
  const other = done.find((w) => w.carrierId !== first) ?? done[done.length - 1];
  await bill(2, first, 8, [{ waybillId: ofFirst[0].id, deductions: 12_34 }, ...(ofFirst[1] ? [{ waybillId: ofFirst[1].id, deductions: 0 }] : [])]);
  await bill(2, other.carrierId, 2, [{ waybillId: other.id, deductions: 0 }]);
  const sold = done.find((w) => fees.get(w.id)!.receivable !== null)!;
  await bill(1, sold.customerId!, 5, [{ waybillId: sold.id, deductions: 0 }]);
  await db.run(`INSERT INTO waybill_payments (corp_id, waybill_id, carrier_id, driver_id, amount, status, process_status, attempts, created_at, updated_at)
    VALUES (1, ?, ?, NULL, ?, 7, 1, 1, ?, ?)`, [done[0].id, first, fees.get(done[0].id)!.payable, now, now]);
  return { done, fees };
}

/** The bad-input suite's view of the poultry cost download: its search fields behave like a report's. */
export function poultryCostFixtures() {
  const path = '/poultryCostReport/exportPoultryWaybillCostReportList';
  return {
    bodies: { [path]: {} },
    acceptedText: { [`${path} waybillNo`]: 'a waybill number search: text matching no waybill downloads an empty list' },
    acceptedNull: Object.fromEntries(['waybillNo', 'businessType', 'carrierId', 'finishedAt'].map((f) => [`${path} ${f}`, 'null leaves the search condition out'])),
  };
}
