// The bill properties of issue 16, over random histories of fees and bills of one carrier: waybills
// completed on random days, overrides, bills over random periods moved along random actions (audit,
// reopen, distribute, the carrier's confirmation or rejection, invoice, pay, delete). After every
// history: each bill's total is the sum of its lines to the fen; no waybill is on two live bills of the
// carrier; a bill that left finance (4 and on) is exactly as it was when it left; and the money is
// conserved: for each waybill billed only on frozen bills, those bills plus the next bill's adjustment
// carry the fee as it now stands.
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { completedWaybill, partnerOf } from './support/bill-fixtures.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
let t: TestApp;
let finance: Caller;
let carrier: Caller;
let carrierId: number;
let year = 2000;

beforeAll(async () => {
  t = await createTestApp();
  [finance, carrier] = await Promise.all([t.as('finance'), t.as('carrier')]);
  carrierId = await partnerOf(t.db, 'carrier');
});

const step = fc.oneof(
  fc.record({ kind: fc.constant('override' as const), waybill: fc.nat(5), amount: fc.integer({ min: 0, max: 500_000 }) }),
  fc.record({ kind: fc.constant('bill' as const), from: fc.integer({ min: 1, max: 6 }), days: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ kind: fc.constant('act' as const), bill: fc.nat(5), action: fc.constantFrom('audit', 'reopen', 'distribute', 'billConfirm', 'billReject', 'invoice', 'pay', 'delete') }),
);

const snapshot = async (billId: number) => JSON.stringify({
  bill: await t.db.one('SELECT status > 0 AS live, fee_total, deduction_total, adjustment_total, total, waybill_count FROM bills WHERE id = ?', [billId]),
  lines: await t.db.all('SELECT kind, waybill_id, fee_amount, deductions, adjustments, total, reason FROM bill_lines WHERE bill_id = ? ORDER BY id', [billId]),
});

describe('bill properties', () => {
  it('totals are the sums of lines, no waybill twice, frozen bills never change, and the money is conserved', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(fc.record({ day: fc.integer({ min: 1, max: 6 }), payable: fc.integer({ min: 1, max: 900_000 }) }), { minLength: 1, maxLength: 6 }),
      fc.array(step, { minLength: 1, maxLength: 14 }),
      async (waybills, steps) => {
        year += 1;
        const day = (d: number) => `${year}-03-${String(d).padStart(2, '0')}`;
        const made = [];
        for (const w of waybills) made.push(await completedWaybill(t.db, { carrierId, day: day(w.day), payable: w.payable }));
        const bills: { id: number }[] = [];
        const frozen = new Map<number, string>();
        for (const s of steps) {
          if (s.kind === 'override') {
            const w = made[s.waybill % made.length];
            const fee = (await t.db.one<{ version: number }>('SELECT version FROM waybill_fees WHERE waybill_id = ? AND side = 2 AND is_deleted = 0', [w.waybillId]))!;
            await finance.post('/financialFee/saveFee', { waybillId: w.waybillId, side: 2, amount: s.amount, reason: '性质测试调整', version: fee.version });
          } else if (s.kind === 'bill') {
            const r = await finance.post('/bill/createBills', { side: 2, partyId: carrierId, from: day(s.from), to: day(Math.min(s.from + s.days, 9)) });
            if (r.code === 1) bills.push({ id: r.result.id });
          } else if (bills.length) {
            const b = bills[s.bill % bills.length];
            const row = await t.db.one<{ version: number }>('SELECT version FROM bills WHERE id = ?', [b.id]);
            const who = s.action === 'billConfirm' || s.action === 'billReject' ? carrier : finance;
            const extra = s.action === 'invoice' ? { invoiceNo: 'FP-P' } : s.action === 'billReject' ? { reason: '金额不符' } : {};
            await who.post(`/bill/${s.action}`, { id: b.id, version: row!.version, ...extra });
          }
          // A bill seen frozen is remembered as it was then, the first time.
          for (const b of await t.db.all<{ id: number }>('SELECT id FROM bills WHERE party_id = ? AND side = 2 AND is_deleted = 0 AND status NOT IN (2) AND period_from LIKE ?', [carrierId, `${year}-%`])) {
            if (!frozen.has(b.id)) frozen.set(b.id, await snapshot(b.id));
          }
        }
        // Frozen bills: a reject sends a bill back to 2 (editable again), so only bills frozen now and never sent back are compared.
        for (const [id, before] of frozen) {
          const sentBack = await t.db.one("SELECT 1 AS x FROM record_history WHERE resource = 'bill' AND record_id = ? AND action IN ('reject', 'reopen')", [id]);
          if (!sentBack) expect(await snapshot(id), `bill ${id}`).toBe(before);
        }
        const live = await t.db.all<{ id: number; total: number; feeTotal: number; adjustmentTotal: number; n: number }>(
          'SELECT id, total, fee_total AS "feeTotal", adjustment_total AS "adjustmentTotal", waybill_count AS n FROM bills WHERE party_id = ? AND side = 2 AND is_deleted = 0 AND period_from LIKE ?', [carrierId, `${year}-%`]);
        for (const b of live) {
          const sums = (await t.db.one<{ total: number; fee: number; adj: number; n: number }>(
            'SELECT coalesce(sum(total), 0) AS total, coalesce(sum(fee_amount), 0) AS fee, coalesce(sum(adjustments), 0) AS adj, sum(CASE WHEN kind = 1 THEN 1 ELSE 0 END) AS n FROM bill_lines WHERE bill_id = ?', [b.id]))!;
          expect([Number(b.total), Number(b.feeTotal), Number(b.adjustmentTotal), Number(b.n)]).toEqual([Number(sums.total), Number(sums.fee), Number(sums.adj), Number(sums.n)]);
        }
        const twice = await t.db.all('SELECT waybill_id FROM bill_lines WHERE party_id = ? AND side = 2 AND kind = 1 AND is_deleted = 0 GROUP BY waybill_id HAVING count(*) > 1', [carrierId]);
        expect(twice).toEqual([]);
        // Conservation: a waybill's live lines add up to its fee once the party's latest bill carries it.
        for (const w of made) {
          const onDraft = await t.db.one("SELECT 1 AS x FROM bill_lines l JOIN bills b ON b.id = l.bill_id WHERE l.waybill_id = ? AND l.side = 2 AND l.is_deleted = 0 AND b.status = 2", [w.waybillId]);
          const billed = await t.db.one<{ s: number | null; n: number }>('SELECT sum(total) AS s, count(*) AS n FROM bill_lines WHERE waybill_id = ? AND side = 2 AND is_deleted = 0', [w.waybillId]);
          const fee = (await t.db.one<{ amount: number }>('SELECT amount FROM waybill_fees WHERE waybill_id = ? AND side = 2 AND is_deleted = 0', [w.waybillId]))!;
          if (onDraft) expect(Number(billed!.s), `waybill ${w.waybillId}`).toBe(Number(fee.amount));
        }
      },
    ), { numRuns: 12 });
  });
});
