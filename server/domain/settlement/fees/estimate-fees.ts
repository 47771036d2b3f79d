// Estimates (预估) a waybill's fees on both sides from the contracts in force and stores them: the
// payable to its carrier, the receivable from its customer. The one service behind 运费估算
// (financialFee/countRate) and the automatic estimates after a dispatch, delegation or change
// (re-estimate.ts). A side the contracts cannot price is recorded with its reason (waybill_fee_estimates,
// shown by getWaybillFees); its fee is voided when it belonged to a party who no longer has the waybill
// (another carrier, no carrier, another customer), and otherwise kept as it was: an override is a
// person's decision, an earlier estimate for the same party the best figure there is. An override of
// the same party stays against a new estimate too (estimates.ts).
import type { SessionUser } from '../../../http/context.ts';
import { failure } from '../../../http/envelope.ts';
import { tx, one, type Conn } from '../../../resources/statements.ts';
import { loadWaybill } from '../../waybills/scope.ts';
import { contractRuleSource, oilPriceTable } from '../contract-sources.ts';
import { estimateWaybill } from '../pricing/estimate.ts';
import { partyOf } from '../pricing/match.ts';
import type { PricingSide } from '../pricing/types.ts';
import { recordEstimate } from './estimates.ts';
import { feeOf, FeeSide, noteEstimate, voidFee, writerOf, type Writer } from './store.ts';
import { waybillFees } from './reads.ts';

export const SIDES: { side: PricingSide; feeSide: number }[] = [{ side: 'customer', feeSide: FeeSide.RECEIVABLE }, { side: 'carrier', feeSide: FeeSide.PAYABLE }];

/** What asked for an estimate (stored with its outcome). */
export type EstimateTrigger = 'countRate' | 'pricePeriod' | 'assignVehicle' | 'cancelVehicle' | 'delegate' | 'change';

/** A fee on a live bill is the bill's business (bills/create.ts adjustments), never voided here. */
const onLiveBill = async (conn: Conn, feeId: number) =>
  !!(await one(conn, 'SELECT 1 FROM bill_lines WHERE fee_id = ? AND kind = 1 AND is_deleted = 0', feeId));

/** The side could not be priced: drop a fee that belongs to someone who no longer has the waybill. */
export async function unpriced(conn: Conn, waybillId: number, feeSide: number, partyId: number | null, by: Writer, now: number) {
  await tx(conn, async () => {
    await conn.lock(`waybillFees:${waybillId}:${feeSide}`);
    const fee = await feeOf(conn, waybillId, feeSide);
    if (!fee || fee.partyId === partyId || await onLiveBill(conn, fee.id)) return;
    await voidFee(conn, fee, by, now);
  });
}

/**
 * Prices both sides of the waybill and stores what priced; answers the notes per side (why a side was
 * not priced, and the pricing's own notes such as a missing oil price). Never refuses: a pricing
 * failure is news for the dispatcher, not an error of the action that asked.
 */
export async function estimateAndRecord(conn: Conn, corpId: number, waybillId: number, trigger: EstimateTrigger, by: Writer) {
  const sources = { rules: contractRuleSource(conn), oilPrices: oilPriceTable(conn) };
  const notes: { side: number; message: string }[] = [];
  for (const { side, feeSide } of SIDES) {
    const estimate = await estimateWaybill(conn, corpId, waybillId, side, sources);
    const now = Date.now();
    if (!estimate.ok) {
      if (!estimate.facts) continue;
      const party = partyOf(estimate.facts, side);
      await unpriced(conn, waybillId, feeSide, 'partyId' in party ? party.partyId : null, by, now);
      await noteEstimate(conn, corpId, waybillId, feeSide, estimate.message, trigger, now);
      notes.push({ side: feeSide, message: estimate.message });
      continue;
    }
    const partyId = side === 'carrier' ? estimate.facts!.carrierId! : estimate.facts!.customerIds[0];
    await recordEstimate(conn, corpId, waybillId, feeSide, partyId, estimate, by);
    await noteEstimate(conn, corpId, waybillId, feeSide, null, trigger, now);
    notes.push(...estimate.notes.map((message) => ({ side: feeSide, message })));
  }
  return notes;
}

/** financialFee/countRate: a staff member asks for the estimate of a waybill now. */
export async function estimateFees(conn: Conn, user: SessionUser, waybillId: number) {
  // Both sides are written: a partner, even one granted the operation, would price the other party's fee.
  if (user.userType !== 0) throw failure('只有本公司人员可以估算费用');
  const w = await loadWaybill(conn, user, waybillId);
  const notes = await estimateAndRecord(conn, user.corpId, w.id, 'countRate', writerOf(user));
  return { ...await waybillFees(conn, user, w.id), notes };
}

