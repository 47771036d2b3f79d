// Recording a waybill's estimated fee (预估) and a dispatcher's override (调整), docs/settlement.md
// "Estimates (预估)". An overridden fee is a person's decision: a later estimate for the same party does
// not replace it; only when the party changed (another carrier took the waybill, another customer)
// does the new estimate replace it, since the override was about someone else. Each change is a new
// version with a history row; a fee already on a frozen bill may still change, and the difference
// reaches the party's next bill as an adjustment line (bills/create.ts), the frozen bill never.
import type { SessionUser } from '../../../http/context.ts';
import { failure } from '../../../http/envelope.ts';
import { tx, one, type Conn } from '../../../resources/statements.ts';
import { loadWaybill, STALE } from '../../waybills/scope.ts';
import type { PriceResult } from '../pricing/types.ts';
import { followFeeOnDraftBill } from '../bills/lines.ts';
import { FeeState, feeOf, insertFee, SYSTEM_WRITER, updateFee, writerOf, type FeeRow, type FeeValues, type Writer } from './store.ts';

const lockFee = (conn: Conn, waybillId: number, side: number) => conn.lock(`waybillFees:${waybillId}:${side}`);

function checkSide(side: number) {
  if (side !== 1 && side !== 2) throw new Error(`waybill fee side must be 1 or 2, got ${side}`);
}

/** The fee values an estimate stands for. */
export function estimatedValues(side: number, partyId: number, price: Pick<PriceResult, 'lines' | 'total' | 'ruleId'>): FeeValues {
  checkSide(side);
  // The engine rounds once and answers fen; anything else is a programming error, not a user's.
  if (!Number.isSafeInteger(price.total) || price.total < 0) throw new Error(`estimate total must be whole fen, got ${price.total}`);
  return { partyId, amount: price.total, lines: JSON.stringify(price.lines), ruleId: price.ruleId, state: FeeState.ESTIMATED, overrideReason: null };
}

/**
 * What an estimate does to the fee as it stands: insert a first fee; keep it (an override for the same
 * party, or the same estimate again); or update it (a new amount, or another party).
 */
export function estimateOutcome(existing: FeeRow | undefined, next: FeeValues): 'insert' | 'keep' | 'update' {
  if (!existing) return 'insert';
  const keepOverride = existing.state === FeeState.OVERRIDDEN && existing.partyId === next.partyId;
  const same = existing.state === FeeState.ESTIMATED && existing.partyId === next.partyId && existing.amount === next.amount
    && existing.lines === next.lines && existing.ruleId === next.ruleId;
  return keepOverride || same ? 'keep' : 'update';
}

/** Moves a fee to an estimate's values; its line on a bill being prepared follows. */
export async function applyEstimate(conn: Conn, existing: FeeRow, next: FeeValues, by: Writer, now: number): Promise<FeeRow> {
  if (!(await updateFee(conn, existing, next, 'estimate', by, now))) throw failure(STALE);
  const fee = (await feeOf(conn, existing.waybillId, existing.side))!;
  await followFeeOnDraftBill(conn, fee, by.userId, now);
  return fee;
}

/**
 * Stores the pricing engine's result as the waybill's fee for the side (upsert). Answers the fee as
 * it now stands and whether this call changed it.
 */
export function recordEstimate(
  conn: Conn, corpId: number, waybillId: number, side: number, partyId: number, price: Pick<PriceResult, 'lines' | 'total' | 'ruleId'>, by: Writer = SYSTEM_WRITER,
): Promise<{ fee: FeeRow; changed: boolean }> {
  const next = estimatedValues(side, partyId, price);
  return tx(conn, async () => {
    const now = Date.now();
    await lockFee(conn, waybillId, side);
    const existing = await feeOf(conn, waybillId, side);
    const outcome = estimateOutcome(existing, next);
    if (outcome === 'insert') return { fee: await insertFee(conn, corpId, waybillId, side, next, by, now), changed: true };
    if (outcome === 'keep') return { fee: existing!, changed: false };
    return { fee: await applyEstimate(conn, existing!, next, by, now), changed: true };
  });
}

export interface OverrideInput {
  waybillId: number;
  side: number;
  /** Fen. */
  amount: number;
  reason: string;
  /** The fee's version the user read; absent when the waybill has no fee yet. */
  version?: number;
}

/** The party a new fee of the side belongs to: the waybill's carrier, or the one customer of its orders. */
async function partyOfWaybill(conn: Conn, waybillId: number, side: number): Promise<number> {
  if (side === 2) {
    const w = await one<{ carrierId: number | null }>(conn, 'SELECT carrier_id AS "carrierId" FROM waybills WHERE id = ?', waybillId);
    if (!w?.carrierId) throw failure('运单尚未指定承运商，不能调整应付费用');
    return w.carrierId;
  }
  const customers = await conn.all<{ customerId: number }>(
    'SELECT DISTINCT o.customer_id AS "customerId" FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id WHERE wo.waybill_id = ?', [waybillId]);
  if (customers.length !== 1) throw failure('运单的订单不属于同一个客户，不能调整应收费用');
  return customers[0].customerId;
}

/** financialFee/saveFee: a dispatcher sets the fee's amount, with a reason; the priced lines stay for reference. */
export function overrideFee(conn: Conn, user: SessionUser, input: OverrideInput) {
  checkSide(input.side);
  if (user.userType !== 0) throw failure('只有本公司人员可以调整费用');
  return tx(conn, async () => {
    const now = Date.now();
    await loadWaybill(conn, user, input.waybillId);
    await lockFee(conn, input.waybillId, input.side);
    const existing = await feeOf(conn, input.waybillId, input.side);
    const by = writerOf(user);
    const reason = input.reason.trim();
    if (!existing) {
      if (input.version !== undefined) throw failure(STALE);
      const partyId = await partyOfWaybill(conn, input.waybillId, input.side);
      const fee = await insertFee(conn, user.corpId, input.waybillId, input.side,
        { partyId, amount: input.amount, lines: null, ruleId: null, state: FeeState.OVERRIDDEN, overrideReason: reason }, by, now);
      return fee;
    }
    if (input.version !== existing.version) throw failure(STALE);
    const next: FeeValues = { ...existing, amount: input.amount, state: FeeState.OVERRIDDEN, overrideReason: reason };
    if (!(await updateFee(conn, existing, next, 'override', by, now))) throw failure(STALE);
    const fee = (await feeOf(conn, input.waybillId, input.side))!;
    await followFeeOnDraftBill(conn, fee, user.userId, now);
    return fee;
  });
}
