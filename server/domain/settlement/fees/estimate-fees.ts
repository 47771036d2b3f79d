// Estimates (预估) a waybill's fees on both sides from the contracts in force and stores them
// (financialFee/countRate): the payable to its carrier, the receivable from its customer. A side the
// contracts cannot price keeps its fee as it was and answers why (未找到适用的计价规则 …), so a
// dispatcher sees what to set up; an override stays unless the party changed (estimates.ts).
import type { SessionUser } from '../../../http/context.ts';
import { failure } from '../../../http/envelope.ts';
import type { Conn } from '../../../resources/statements.ts';
import { loadWaybill } from '../../waybills/scope.ts';
import { contractRuleSource, oilPriceTable } from '../contract-sources.ts';
import { estimateWaybill } from '../pricing/estimate.ts';
import type { PricingSide } from '../pricing/types.ts';
import { recordEstimate } from './estimates.ts';
import { FeeSide, writerOf } from './store.ts';
import { waybillFees } from './reads.ts';

const SIDES: { side: PricingSide; feeSide: number }[] = [{ side: 'carrier', feeSide: FeeSide.PAYABLE }, { side: 'customer', feeSide: FeeSide.RECEIVABLE }];

export async function estimateFees(conn: Conn, user: SessionUser, waybillId: number) {
  // Both sides are written: a partner, even one granted the operation, would price the other party's fee.
  if (user.userType !== 0) throw failure('只有本公司人员可以估算费用');
  const w = await loadWaybill(conn, user, waybillId);
  const sources = { rules: contractRuleSource(conn), oilPrices: oilPriceTable(conn) };
  const notes: { side: number; message: string }[] = [];
  for (const { side, feeSide } of SIDES) {
    const estimate = await estimateWaybill(conn, user.corpId, w.id, side, sources);
    if (!estimate.ok) {
      notes.push({ side: feeSide, message: estimate.message });
      continue;
    }
    const partyId = side === 'carrier' ? estimate.facts!.carrierId! : estimate.facts!.customerIds[0];
    await recordEstimate(conn, user.corpId, w.id, feeSide, partyId, estimate, writerOf(user));
    notes.push(...estimate.notes.map((message) => ({ side: feeSide, message })));
  }
  return { fees: await waybillFees(conn, user, w.id), notes };
}
