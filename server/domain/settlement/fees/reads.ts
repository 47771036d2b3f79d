// The fees of one waybill (financialFee/getWaybillFees): each side's amount, state, reason, the priced
// lines and the change history. Staff see both sides; a carrier user only the payable side of its own
// carrier's waybill, a customer user only the receivable side of its own (waybills/scope.ts decides
// which waybills they reach at all).
import type { SessionUser } from '../../../http/context.ts';
import type { Conn } from '../../../resources/statements.ts';
import { formatTime } from '../../../resources/time.ts';
import { loadWaybill } from '../../waybills/scope.ts';
import { feeHistory, feesOfWaybill, FeeSide, SIDE_NAMES } from './store.ts';

const STATE_NAMES: Record<number, string> = { 1: '预估', 2: '已调整' };

export async function waybillFees(conn: Conn, user: SessionUser, waybillId: number) {
  const w = await loadWaybill(conn, user, waybillId);
  const visibleSide = user.userType === 2 ? FeeSide.PAYABLE : user.userType === 1 ? FeeSide.RECEIVABLE : null;
  const fees = (await feesOfWaybill(conn, w.id)).filter((f) => visibleSide === null || f.side === visibleSide)
    // A customer reaches the waybill through its orders; its receivable fee is only shown when billed to it.
    .filter((f) => user.userType === 0 || f.partyId === user.partnerId);
  return Promise.all(fees.map(async (f) => ({
    id: f.id, side: f.side, sideStr: SIDE_NAMES[f.side], partyId: f.partyId, amount: f.amount, state: f.state, stateStr: STATE_NAMES[f.state],
    ruleId: f.ruleId, overrideReason: f.overrideReason, version: f.version, lines: f.lines ? JSON.parse(f.lines) : [],
    history: (await feeHistory(conn, f.id)).map((h) => ({ ...h, changedAtStr: formatTime(h.changedAt), changes: JSON.parse(h.changes) })),
  })));
}
