// Completed waybills with fees, and bills in each status, for the settlement tests and the bad-input
// suite. Waybills are written through the waybill fixtures; fees through the server's own
// recordEstimate; bills through the API as finance would make them.
import type { Database } from '../../server/db/port.ts';
import { recordEstimate } from '../../server/domain/settlement/fees/estimates.ts';
import { shanghaiDateStart } from '../../server/resources/time.ts';
import { insertWaybill, placeAt, rowOf } from './waybill-fixture.ts';

type Row = Record<string, any>;

/** A priced result as the pricing engine answers it: one freight line of `total` fen. */
export const priced = (total: number, ruleId = 1) => ({
  lines: [{ kind: 'freight' as const, ruleId, quantity: '30', unit: '吨', unitPrice: null, amount: total }], total, ruleId,
});

/**
 * A waybill of `carrierId` completed (500) on `day` (its vehicle left the unloading place at noon,
 * Asia/Shanghai), with a payable fee of `payable` fen and a receivable of `receivable` fen.
 */
export async function completedWaybill(db: Database, o: { carrierId: number; day: string; payable: number; receivable?: number; customerId?: number }) {
  const f = await insertWaybill(db, o.customerId ? { customerId: o.customerId } : {});
  await placeAt(db, f, { status: 500, step: 13, signStatus: 1211 }, o.carrierId);
  await db.run('UPDATE waybill_nodes SET actual_leave_time = ? WHERE id = ?', [shanghaiDateStart(o.day) + 12 * 3600_000, f.nodes.end]);
  await recordEstimate(db, 1, f.waybillId, 2, o.carrierId, priced(o.payable));
  const customerId = (await rowOf(db, 'SELECT customer_id AS c FROM orders WHERE id = ?', f.orderId)).c as number;
  if (o.receivable !== undefined) await recordEstimate(db, 1, f.waybillId, 1, customerId, priced(o.receivable));
  return { ...f, customerId };
}

export const partnerOf = async (db: Database, userName: string) => (await rowOf(db, 'SELECT partner_id AS p FROM users WHERE user_name = ?', userName)).p as number;

type Caller = { post: (path: string, body?: unknown) => Promise<{ code: number; message: string; result: any }> };

async function ok(caller: Caller, path: string, body: Row) {
  const r = await caller.post(path, body);
  if (r.code !== 1) throw new Error(`${path}: ${r.message}`);
  return r.result;
}

/** A bill made and moved along `path` (each step an action path); answers its id and version. */
export async function billAt(caller: Caller, input: Row, path: string[] = []) {
  const made = await ok(caller, '/bill/createBills', input);
  let version = made.version as number;
  for (const p of path) version = (await ok(caller, p, { id: made.id, version, ...(p === '/bill/invoice' ? { invoiceNo: 'FP001' } : {}) })).version;
  return { id: made.id as number, version, billNo: made.billNo as string };
}

/** Bodies for the bad-input suite (logged in as admin): a bill in the status each action needs. */
export async function billFixtures(t: { db: Database; as: (u: string) => Promise<Caller> }) {
  const admin = await t.as('admin');
  const carrierId = await partnerOf(t.db, 'carrier');
  let n = 0;
  /** Each bill its own day, so each has its own waybill. */
  const bill = async (path: string[]) => {
    const day = `2025-01-${String(++n).padStart(2, '0')}`;
    await completedWaybill(t.db, { carrierId, day, payable: 100_00 });
    return billAt(admin, { side: 2, partyId: carrierId, from: day, to: day }, path);
  };
  const draft = await bill([]);
  const draft2 = await bill([]);
  const audited = await bill(['/bill/audit']);
  const audited2 = await bill(['/bill/audit']);
  const sent = await bill(['/bill/audit', '/bill/distribute']);
  const sent2 = await bill(['/bill/audit', '/bill/distribute']);
  const confirmed = await bill(['/bill/audit', '/bill/distribute', '/bill/billConfirm']);
  const invoiced = await bill(['/bill/audit', '/bill/distribute', '/bill/billConfirm', '/bill/invoice']);
  const invoicedDay = '2025-01-20';
  const sold = await completedWaybill(t.db, { carrierId, day: invoicedDay, payable: 1_00, receivable: 200_00 });
  const receivable = await billAt(admin, { side: 1, partyId: sold.customerId, from: invoicedDay, to: invoicedDay },
    ['/bill/audit', '/bill/distribute', '/bill/billConfirm', '/bill/invoice']);
  const open = `2025-02-01`;
  const w = await completedWaybill(t.db, { carrierId, day: open, payable: 100_00 });
  const body = (b: { id: number; version: number }, extra: Row = {}) => ({ id: b.id, version: b.version, ...extra });
  const fee = (await rowOf(t.db, 'SELECT version FROM waybill_fees WHERE waybill_id = ? AND side = 2', w.waybillId)).version as number;
  const bodies: Record<string, Row> = {
    '/financialFee/saveFee': { waybillId: w.waybillId, side: 2, amount: 120_00, reason: '装卸费补差', version: fee },
    '/financialFee/countRate': { waybillId: w.waybillId },
    '/bill/getBillList': {},
    '/bill/getBillCount': {},
    '/bill/partyDropBox': { side: 2 },
    '/bill/createBills': { side: 2, partyId: carrierId, from: open, to: open, remark: '二月账单' },
    '/bill/priceWaybills': { from: open, to: open },
    '/bill/audit': body(draft),
    '/bill/reopen': body(audited),
    '/bill/delete': body(draft2),
    '/bill/distribute': body(audited2),
    '/bill/billConfirm': body(sent),
    '/bill/billReject': body(sent2, { reason: '金额不符' }),
    '/bill/invoice': body(confirmed, { invoiceNo: 'FP20250101' }),
    '/bill/writeOff': body(receivable),
    '/bill/pay': body(invoiced),
  };
  const acceptedText: Record<string, string> = {
    '/financialFee/saveFee reason': 'the reason for an override is free text, stored as typed',
    '/bill/createBills remark': 'a remark is free text, stored as typed',
    '/bill/billReject reason': 'the reason for sending a bill back is free text, stored as typed',
    '/bill/invoice invoiceNo': 'an invoice number is stored as typed',
    '/bill/getBillList billNo': 'a bill number search: text matching no bill lists nothing',
    '/bill/getBillCount billNo': 'a bill number search: text matching no bill counts nothing',
    '/bill/getBillList partyName': 'a party name search: text matching no party lists nothing',
    '/bill/getBillCount partyName': 'a party name search: text matching no party counts nothing',
    '/bill/partyDropBox partyName': 'the 结算对象 picker\'s search: text matching no party lists nothing',
  };
  return { bodies, acceptedText };
}
