// The demo's settlement centre: a framework contract for every partner (fixtures/settlement.ts), every
// completed demo waybill priced on both sides by 批量估算 (the same service finance runs), the ones on
// the road estimated as a dispatch estimates them, and last
// month's bills for the first carriers and customers, walked through the bill machine to a spread of
// statuses, so that each settlement screen and each partner's bill page opens on real rows. The demo
// carrier and customer accounts find a bill waiting for their confirmation.
import type { SessionUser } from '../server/http/context.ts';
import type { Registry } from '../server/registry/types.ts';
import { all, one, type Conn } from '../server/resources/statements.ts';
import { DAY_MS, SHANGHAI_OFFSET_MS } from '../server/resources/time.ts';
import { pricePeriod } from '../server/domain/settlement/fees/price-period.ts';
import { reestimate } from '../server/domain/settlement/fees/re-estimate.ts';
import { WaybillStatus } from '../server/domain/workflow/waybill-machine.ts';
import { createBills } from '../server/domain/settlement/bills/create.ts';
import { runBillAction } from '../server/domain/settlement/bills/actions.ts';
import { BillSide, type BillAction } from '../server/domain/settlement/bills/machine.ts';
import { COMPLETED_IN_PERIOD, periodBounds } from '../server/domain/settlement/completion.ts';
import { demoFrameworkContracts, demoFrameworkRules } from '../fixtures/settlement.ts';
import { insertRows } from './seed-demo.ts';

/** The framework contracts and their rules; run with the other base data, before any waybill. */
export async function seedFrameworkContracts(conn: Conn, corpId: number, now: number) {
  const parties = (table: string, name: string) => all<{ id: number; name: string }>(conn,
    `SELECT id, ${name} AS "name" FROM ${table} WHERE corp_id = ? AND is_deleted = 0 ORDER BY id`, corpId);
  const rows = demoFrameworkContracts(corpId, now, await parties('carriers', 'carrier_name'), await parties('customers', 'customer_name'));
  await insertRows(conn, 'contracts', rows);
  const contracts = await all<{ id: number; customerId: number | null; carrierId: number | null }>(conn,
    `SELECT id, customer_id AS "customerId", carrier_id AS "carrierId" FROM contracts WHERE corp_id = ? AND contract_no LIKE 'KJ%' ORDER BY id`, corpId);
  const loadingFee = await one<{ id: number }>(conn, `SELECT id FROM fee_items WHERE corp_id = ? AND fee_code = 'FY001'`, corpId);
  await insertRows(conn, 'contract_rate_rules', demoFrameworkRules(corpId, now, contracts, loadingFee?.id));
}

/** 'YYYY-MM-DD' of a Shanghai day. */
const dayOf = (ms: number) => new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);

/** Last calendar month in Shanghai, as the bills' period. */
function lastMonth(now: number): { from: string; to: string } {
  const today = new Date(now + SHANGHAI_OFFSET_MS);
  const first = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1);
  const last = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1) - DAY_MS;
  return { from: new Date(first).toISOString().slice(0, 10), to: new Date(last).toISOString().slice(0, 10) };
}

// How far each demo bill is walked, in order of its party: one bill per status the side can reach.
const PAYABLE_WALKS: BillAction[][] = [['audit', 'distribute'], [], ['audit'], ['audit', 'distribute', 'confirm'], ['audit', 'distribute', 'confirm', 'invoice'], ['audit', 'distribute', 'confirm', 'invoice', 'pay']];
const RECEIVABLE_WALKS: BillAction[][] = [['audit', 'distribute'], [], ['audit'], ['audit', 'distribute', 'confirm'], ['audit', 'distribute', 'confirm', 'invoice'], ['audit', 'distribute', 'confirm', 'invoice', 'writeOff']];

export async function seedSettlement(conn: Conn, reg: Registry, corpId: number, now: number) {
  const staff = await one<{ userId: number; userName: string; realName: string }>(conn,
    `SELECT id AS "userId", user_name AS "userName", real_name AS "realName" FROM users WHERE corp_id = ? AND user_name IN ('finance', 'admin') ORDER BY user_name = 'finance' DESC LIMIT 1`, corpId);
  if (!staff) return;
  const finance: SessionUser = { ...staff, corpId, orgId: null, userType: 0, parentId: null, partnerId: null, token: '', operationIds: new Set() };
  await pricePeriod(conn, finance, dayOf(now - 150 * DAY_MS), dayOf(now), { userId: staff.userId, name: '批量估算' });
  // The waybills on the road were estimated when their vehicle was dispatched (the seed writes them directly).
  const onTheRoad = await all<{ id: number }>(conn, 'SELECT id FROM waybills WHERE corp_id = ? AND is_deleted = 0 AND vehicle_id IS NOT NULL AND status IN (?, ?, ?)',
    corpId, WaybillStatus.AWAITING_DRIVER, WaybillStatus.AWAITING_TRANSPORT, WaybillStatus.IN_TRANSIT);
  await reestimate(conn, corpId, onTheRoad.map((w) => w.id), 'assignVehicle');
  const period = lastMonth(now);
  // The demo partner accounts belong to the first carrier and the first customer: their bills wait for them.
  for (const [side, table, walks] of [[BillSide.PAYABLE, 'carriers', PAYABLE_WALKS], [BillSide.RECEIVABLE, 'customers', RECEIVABLE_WALKS]] as const) {
    const parties = await all<{ id: number }>(conn, `SELECT p.id FROM ${table} p WHERE p.corp_id = ? AND EXISTS (SELECT 1 FROM waybill_fees f
        JOIN waybills w ON w.id = f.waybill_id WHERE f.corp_id = p.corp_id AND f.side = ? AND f.party_id = p.id AND f.is_deleted = 0 AND ${COMPLETED_IN_PERIOD})
      ORDER BY p.id LIMIT ?`, corpId, side, ...periodBounds(period.from, period.to), walks.length);
    for (const [i, party] of parties.entries()) {
      let bill: { id: number; version: number } = await createBills(conn, finance, { side, partyId: party.id, ...period, remark: '演示账单' });
      for (const action of walks[i]) {
        const input = { id: bill.id, version: bill.version, invoiceNo: action === 'invoice' ? `FP${period.from.replaceAll('-', '').slice(0, 6)}${String(i + 1).padStart(4, '0')}` : undefined };
        await runBillAction(conn, reg, finance, action, input);
        bill = { id: bill.id, version: bill.version + 1 };
      }
    }
  }
}
