// The fees of one waybill (financialFee/getWaybillFees): each side's amount, state, reason, the pricing
// rule's name, the priced lines, the change history, and how the latest estimate of each side went (why
// a side has no fee). Staff see both sides; a carrier user only the payable side of its own carrier's
// waybill, a customer user only the receivable side of its own (waybills/scope.ts decides which
// waybills they reach at all).
import type { SessionUser } from '../../../http/context.ts';
import { all, type Conn } from '../../../resources/statements.ts';
import { formatTime } from '../../../resources/time.ts';
import { loadWaybill } from '../../waybills/scope.ts';
import { estimateNotesOf, feeHistory, feesOfWaybill, FeeSide, SIDE_NAMES } from './store.ts';

export const STATE_NAMES: Record<number, string> = { 1: '预估', 2: '已调整' };
const TRIGGER_NAMES: Record<string, string> = {
  countRate: '运费估算', pricePeriod: '批量估算', assignVehicle: '派车', cancelVehicle: '取消派车', delegate: '委托', change: '运单变更',
};
/** The pricing engine's line kinds as a reader names them; a fee line is named by its fee item. */
const LINE_NAMES: Record<string, string> = { freight: '运费', tier: '运费（阶梯）', minimum: '最低收费补差', fuel: '燃油附加费' };

/** The side a partner user may see (null: staff, both). */
export const visibleSideOf = (user: SessionUser) => (user.userType === 2 ? FeeSide.PAYABLE : user.userType === 1 ? FeeSide.RECEIVABLE : null);

type Line = { kind: string; ruleId: number; feeItemId?: number };

/** Rule names (with their contract's) and fee item names, for the lines a reader sees. */
export async function namesOf(conn: Conn, corpId: number, ruleIdsIn: (number | null)[], lines: Line[]) {
  const ruleIds = [...new Set([...ruleIdsIn, ...lines.map((l) => l.ruleId)].filter((id): id is number => id != null))];
  const itemIds = [...new Set(lines.map((l) => l.feeItemId).filter((id): id is number => id != null))];
  const marks = (ids: number[]) => ids.map(() => '?').join(', ');
  const rules = ruleIds.length ? await all<{ id: number; ruleName: string; contractName: string }>(conn,
    `SELECT r.id, r.rule_name AS "ruleName", c.contract_name AS "contractName" FROM contract_rate_rules r JOIN contracts c ON c.id = r.contract_id
      WHERE r.corp_id = ? AND r.id IN (${marks(ruleIds)})`, corpId, ...ruleIds) : [];
  const items = itemIds.length ? await all<{ id: number; name: string }>(conn,
    `SELECT id, fee_name AS name FROM fee_items WHERE corp_id = ? AND id IN (${marks(itemIds)})`, corpId, ...itemIds) : [];
  return { rules: new Map(rules.map((r) => [r.id, r])), items: new Map(items.map((i) => [i.id, i.name])) };
}

/** Each line with what a reader calls it (运费, 装卸费, 燃油附加费 …). */
export const namedLines = <L extends Line>(lines: L[], names: Awaited<ReturnType<typeof namesOf>>) =>
  lines.map((l) => ({ ...l, kindStr: l.kind === 'fee' ? names.items.get(l.feeItemId!) ?? '附加费' : LINE_NAMES[l.kind] ?? l.kind }));

/** The fee rows of the waybill the user may see, with names and history. */
export async function feeList(conn: Conn, user: SessionUser, waybillId: number) {
  const visibleSide = visibleSideOf(user);
  const fees = (await feesOfWaybill(conn, waybillId)).filter((f) => visibleSide === null || f.side === visibleSide)
    // A customer reaches the waybill through its orders; its receivable fee is only shown when billed to it.
    .filter((f) => user.userType === 0 || f.partyId === user.partnerId);
  const names = await namesOf(conn, user.corpId, fees.map((f) => f.ruleId), fees.flatMap((f) => (f.lines ? JSON.parse(f.lines) as Line[] : [])));
  return Promise.all(fees.map(async (f) => ({
    id: f.id, side: f.side, sideStr: SIDE_NAMES[f.side], partyId: f.partyId, amount: f.amount, state: f.state, stateStr: STATE_NAMES[f.state],
    ruleId: f.ruleId, ruleName: f.ruleId === null ? null : names.rules.get(f.ruleId)?.ruleName ?? null,
    contractName: f.ruleId === null ? null : names.rules.get(f.ruleId)?.contractName ?? null,
    overrideReason: f.overrideReason, version: f.version,
    lines: namedLines(f.lines ? JSON.parse(f.lines) as Line[] : [], names),
    history: (await feeHistory(conn, f.id)).map((h) => ({ ...h, changedAtStr: formatTime(h.changedAt), changes: JSON.parse(h.changes) })),
  })));
}

/** The latest estimate of each side the user may see: priced or not and why. */
export async function estimateList(conn: Conn, user: SessionUser, waybillId: number) {
  const visibleSide = visibleSideOf(user);
  return (await estimateNotesOf(conn, waybillId)).filter((n) => visibleSide === null || n.side === visibleSide).map((n) => ({
    side: n.side, sideStr: SIDE_NAMES[n.side], priced: n.priced === 1, message: n.message,
    triggerStr: TRIGGER_NAMES[n.trigger] ?? n.trigger, estimatedAtStr: formatTime(n.estimatedAt),
  }));
}

/** financialFee/getWaybillFees. */
export async function waybillFees(conn: Conn, user: SessionUser, waybillId: number) {
  const w = await loadWaybill(conn, user, waybillId);
  return { fees: await feeList(conn, user, w.id), estimates: await estimateList(conn, user, w.id) };
}
