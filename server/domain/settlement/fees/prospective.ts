// Freight estimates for what might be (the freight-estimation dialog, spec section 7 financialFee/*):
// a saved waybill's fees for a prospective vehicle (assignVehicleFee), a prospective delegated carrier
// (delegateFee) or a proposed change (changeFee), and a waybill not saved yet from the form's facts
// (delegateFeeForNew, changeFeeForNew). The same engine and sources as the stored estimates
// (estimate-fees.ts); these write nothing. Staff only: both sides are answered, and each side is
// another party's price.
import type { SessionUser } from '../../../http/context.ts';
import { failure } from '../../../http/envelope.ts';
import type { Conn } from '../../../resources/statements.ts';
import { loadWaybill } from '../../waybills/scope.ts';
import { contractRuleSource, oilPriceTable } from '../contract-sources.ts';
import { estimateFromFacts } from '../pricing/estimate.ts';
import { loadWaybillFacts } from '../pricing/facts-loader.ts';
import { checkParty, factsOfForm, type FormFacts } from '../pricing/form-facts.ts';
import type { WaybillFacts } from '../pricing/types.ts';
import { SIDES } from './estimate-fees.ts';
import { namedLines, namesOf } from './reads.ts';
import { SIDE_NAMES } from './store.ts';
import { formatYuan } from '../../../../schemas/keywords/money.ts';

function staffOnly(user: SessionUser) {
  if (user.userType !== 0) throw failure('只有本公司人员可以估算费用');
}

/** Both sides priced from the facts: amount, lines, the rule, or why not. */
async function priceBothSides(conn: Conn, corpId: number, facts: WaybillFacts) {
  const sources = { rules: contractRuleSource(conn), oilPrices: oilPriceTable(conn) };
  const results = [];
  for (const { side, feeSide } of SIDES) results.push({ feeSide, estimate: await estimateFromFacts(facts, side, sources) });
  const priced = results.flatMap((r) => (r.estimate.ok ? [r.estimate] : []));
  const names = await namesOf(conn, corpId, priced.map((e) => e.ruleId), priced.flatMap((e) => e.lines));
  return {
    estimates: results.map(({ feeSide, estimate: e }) => (e.ok ? {
      side: feeSide, sideStr: SIDE_NAMES[feeSide], priced: true, partyId: feeSide === 2 ? facts.carrierId : facts.customerIds[0],
      amount: e.total, ruleId: e.ruleId, ruleName: names.rules.get(e.ruleId)?.ruleName ?? null, contractName: names.rules.get(e.ruleId)?.contractName ?? null,
      reason: e.reason, lines: namedLines(e.lines, names), notes: e.notes, message: null,
    } : {
      side: feeSide, sideStr: SIDE_NAMES[feeSide], priced: false, partyId: null, amount: null, ruleId: null, ruleName: null, contractName: null,
      reason: null, lines: [], notes: [], message: e.message,
    })),
  };
}

async function savedFacts(conn: Conn, user: SessionUser, waybillId: number): Promise<WaybillFacts> {
  staffOnly(user);
  const w = await loadWaybill(conn, user, waybillId);
  return (await loadWaybillFacts(conn, user.corpId, w.id))!;
}

/**
 * One line a dialog shows (派车's advisory): each side's amount and rule, or why not.
 * e.g. 预估运费：应收 ¥2,000.00（整车按趟）；应付 未能估算，承运商在运单日期没有生效的合同
 */
export function estimateSummary(r: Awaited<ReturnType<typeof priceBothSides>>): string {
  return `预估运费：${r.estimates.map((e) => (e.priced
    ? `${e.sideStr} ${formatYuan(e.amount!)}${e.ruleName ? `（${e.ruleName}）` : ''}`
    : `${e.sideStr} 未能估算，${e.message}`)).join('；')}`;
}

/** financialFee/assignVehicleFee: the waybill as it would be with this vehicle (its car model, its carrier). */
export async function assignVehicleFee(conn: Conn, user: SessionUser, body: { waybillId: number; vehicleId: number }) {
  const base = await savedFacts(conn, user, body.waybillId);
  return priceBothSides(conn, user.corpId, await factsOfForm(conn, user.corpId, { vehicleId: body.vehicleId }, base));
}

/** financialFee/delegateFee: the waybill delegated to this carrier (a delegation clears the vehicle). */
export async function delegateFee(conn: Conn, user: SessionUser, body: { waybillId: number; carrierId: number }) {
  const base = await savedFacts(conn, user, body.waybillId);
  await checkParty(conn, user.corpId, 'carriers', body.carrierId);
  return priceBothSides(conn, user.corpId, { ...base, carrierId: body.carrierId, carModelId: null });
}

/** financialFee/changeFee: the waybill with the proposed change (each fact given replaces the saved one). */
export async function changeFee(conn: Conn, user: SessionUser, body: FormFacts & { waybillId: number }) {
  const { waybillId, ...change } = body;
  const base = await savedFacts(conn, user, waybillId);
  return priceBothSides(conn, user.corpId, await factsOfForm(conn, user.corpId, change, base));
}

/** financialFee/changeFeeForNew: a waybill not saved yet, from the form's facts. */
export async function changeFeeForNew(conn: Conn, user: SessionUser, body: FormFacts) {
  staffOnly(user);
  return priceBothSides(conn, user.corpId, await factsOfForm(conn, user.corpId, body, null));
}

/** financialFee/delegateFeeForNew: a waybill not saved yet, delegated to the carrier (no vehicle yet). */
export async function delegateFeeForNew(conn: Conn, user: SessionUser, body: FormFacts & { carrierId: number }) {
  staffOnly(user);
  return priceBothSides(conn, user.corpId, await factsOfForm(conn, user.corpId, body, null));
}
