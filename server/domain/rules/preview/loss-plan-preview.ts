// What a loss plan would have charged over the last 30 days, before it is saved (docs/rules.md "Loss
// plans"): every sign-off in the window with goods short (部分签收, or 异常签收 with less signed than
// delivered) on a waybill with a carrier, judged at the sign-off's moment with the candidate standing in
// for the plan it edits among the others as they then stood; beside each, the share that was made (by a
// plan or by hand). Nothing is written.
import { all, type Conn } from '../../../resources/statements.ts';
import { DAY_MS, formatTime } from '../../../resources/time.ts';
import { formatYuan } from '../../../../schemas/keywords/money.ts';
import { loadFactsOf } from '../../settlement/pricing/facts-loader.ts';
import { choosePlan, planShareOf, type PlanShare } from '../loss-plan-amounts.ts';
import { lossOf } from '../loss-plan-apply.ts';
import { waybillFactValues, waybillScope } from '../waybill-rules.ts';
import { rulesAt, versionsDuring } from '../versions.ts';
import { lossPlanRuleType, type LossPlanRuleRecord } from '../types/loss-plan.ts';
import { PREVIEW_DAYS, type PreviewTable } from './preview-table.ts';
import { candidateRule } from './candidate.ts';

/** The sign-offs the answer lists one by one (the counts and sums cover them all). */
const LISTED = 200;

interface SignRow { waybillId: number; waybillNo: string; at: number; payload: string | null; signStatus: number; shareCarrierAmount: number | null; shareBy: string | null }

export interface PreviewSignOff extends PlanShare {
  waybillId: number; waybillNo: string; signedAt: number; signedAtStr: string;
  /** The live share made for the waybill: the carrier's part, and who made it (a plan or a person). */
  actualCarrierAmount: number | null;
  actualBy: string | null;
}
export interface LossPlanPreview extends PreviewTable {
  fromStr: string; toStr: string;
  /** Sign-offs with a loss in the window, those the candidate would have judged, and its charges in fen. */
  signOffs: number;
  matched: number;
  carrierTotal: number;
  /** Of the matched, those with a share made, and what those charged the carrier. */
  shared: number;
  actualTotal: number;
  items: PreviewSignOff[];
}

export async function previewLossPlan(conn: Conn, corpId: number, candidate: Record<string, unknown>, editedId: number | null, now = Date.now()): Promise<LossPlanPreview> {
  const from = now - PREVIEW_DAYS * DAY_MS;
  const rule = candidateRule<LossPlanRuleRecord>(candidate, editedId, { allowancePermille: 0, capAmount: null, shareMode: 2 });
  const others = (await versionsDuring<LossPlanRuleRecord>(conn, corpId, lossPlanRuleType.key, from, now)).filter((v) => v.rule.id !== rule.id);
  // The candidate stands for the whole window: one version that was always in force.
  const versions = [...others, { rule, version: 0, validSince: from, validUntil: null }];
  // Each waybill's last sign-off (the one its loss share values) in the window.
  const signs = await all<SignRow>(conn, `SELECT e.waybill_id AS "waybillId", w.waybill_no AS "waybillNo", e.at, e.payload, w.sign_status AS "signStatus",
      s.carrier_amount AS "shareCarrierAmount", h.user_name AS "shareBy"
    FROM waybill_events e JOIN waybills w ON w.id = e.waybill_id
      LEFT JOIN carrier_loss_shares s ON s.waybill_id = w.id AND s.is_deleted = 0
      LEFT JOIN record_history h ON h.resource = 'carrierLossShare' AND h.record_id = s.id AND h.action = 'create'
    WHERE e.corp_id = ? AND e.action = 'signOrder' AND e.at >= ? AND e.at <= ? AND w.is_deleted = 0 AND w.carrier_id IS NOT NULL AND w.sign_status IN (1212, 1213)
      AND NOT EXISTS (SELECT 1 FROM waybill_events l WHERE l.waybill_id = e.waybill_id AND l.action = 'signOrder' AND (l.at > e.at OR (l.at = e.at AND l.id > e.id)))
    ORDER BY e.at, e.id`, corpId, from, now);
  const losses = signs.map((s) => ({ s, loss: lossOf(s.payload ? JSON.parse(s.payload) : {}, s.signStatus) })).filter((x) => x.loss !== null);
  const facts = await loadFactsOf(conn, corpId, [...new Set(losses.map((x) => x.s.waybillId))]);
  const result: LossPlanPreview = {
    fromStr: formatTime(from), toStr: formatTime(now), signOffs: losses.length, matched: 0, carrierTotal: 0, shared: 0, actualTotal: 0, items: [],
    summary: [], columns: COLUMNS, rows: [],
  };
  const effect = lossPlanRuleType.effectOf(rule);
  for (const { s, loss } of losses) {
    const f = facts.get(s.waybillId);
    if (!f || choosePlan(rulesAt(versions, s.at), s.at, waybillScope(f), waybillFactValues(f), loss!) !== rule) continue;
    const share = planShareOf(effect, loss!);
    result.matched++;
    result.carrierTotal += share.carrierAmount;
    if (s.shareCarrierAmount !== null) {
      result.shared++;
      result.actualTotal += Number(s.shareCarrierAmount);
    }
    if (result.items.length < LISTED) {
      result.items.push({
        ...share, waybillId: s.waybillId, waybillNo: s.waybillNo, signedAt: Number(s.at), signedAtStr: formatTime(Number(s.at)),
        actualCarrierAmount: s.shareCarrierAmount === null ? null : Number(s.shareCarrierAmount), actualBy: s.shareBy,
      });
    }
  }
  result.summary = [
    { label: '预览区间', value: `${result.fromStr} 至 ${result.toStr}` },
    { label: '有货损的签收', value: `${result.signOffs}单` },
    { label: '适用本方案', value: `${result.matched}单` },
    { label: '承运商将承担', value: formatYuan(result.carrierTotal) },
    { label: '其中已分摊', value: `${result.shared}单，承运商实际承担${formatYuan(result.actualTotal)}` },
  ];
  result.rows = result.items.map((i) => ({
    waybillNo: i.waybillNo, signedAtStr: i.signedAtStr, lostQuantity: String(i.lostQuantity), lossAmount: formatYuan(i.lossAmount),
    carrierAmount: formatYuan(i.carrierAmount), companyAmount: formatYuan(i.companyAmount),
    actualCarrierAmount: i.actualCarrierAmount === null ? '未分摊' : formatYuan(i.actualCarrierAmount), actualBy: i.actualBy ?? '',
  }));
  return result;
}

const COLUMNS = [
  { key: 'waybillNo', title: '运单号' }, { key: 'signedAtStr', title: '签收时间' }, { key: 'lostQuantity', title: '货损数量' },
  { key: 'lossAmount', title: '货损金额' }, { key: 'carrierAmount', title: '承运商将承担' }, { key: 'companyAmount', title: '公司将承担' },
  { key: 'actualCarrierAmount', title: '承运商实际承担' }, { key: 'actualBy', title: '分摊人' },
];
