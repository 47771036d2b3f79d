// How many waybills a check rule would have held over the last 30 days, before it is saved (docs/rules.md
// "Check rules"): every waybill that reached the rule's check point in the window (the machine's event
// into that step: arrived at the loading place, at the unloading place, delivery confirmed), judged at that
// moment as the gate judges (the candidate in force then, its scope and conditions on the waybill's load).
// The candidate is judged alone: a waybill another rule also holds is still counted. Nothing is written.
import { all, type Conn } from '../../../resources/statements.ts';
import { DAY_MS, formatTime } from '../../../resources/time.ts';
import { loadFactsOf } from '../../settlement/pricing/facts-loader.ts';
import { ruleApplies } from '../choose.ts';
import { checkPointOfType } from '../check-gate.ts';
import { waybillFactValues, waybillScope } from '../waybill-rules.ts';
import { CHECK_TYPE_NAMES, type CheckRuleRecord } from '../types/check.ts';
import { PREVIEW_DAYS, type PreviewTable } from './preview-table.ts';
import { candidateRule } from './candidate.ts';

const LISTED = 200;

interface EventRow { waybillId: number; waybillNo: string; at: number }

export interface CheckPreview extends PreviewTable {
  fromStr: string; toStr: string;
  /** Waybills that reached the check point in the window. */
  reached: number;
  /** Of those, the ones the rule would have held for its check. */
  held: number;
  heldWaybills: { waybillId: number; waybillNo: string; at: number; atStr: string }[];
}

export async function previewCheckRule(conn: Conn, corpId: number, candidate: Record<string, unknown>, editedId: number | null, now = Date.now()): Promise<CheckPreview> {
  const from = now - PREVIEW_DAYS * DAY_MS;
  const rule = candidateRule<CheckRuleRecord>(candidate, editedId, { ruleName: '', checkType: 0, questions: [] });
  const point = checkPointOfType(rule.checkType)!;
  const name = CHECK_TYPE_NAMES[rule.checkType];
  const result: CheckPreview = { fromStr: formatTime(from), toStr: formatTime(now), reached: 0, held: 0, heldWaybills: [], summary: [], columns: COLUMNS, rows: [] };
  // Each waybill once: the first time it reached the point (a waybill never steps back past it).
  const events = await all<EventRow>(conn,
    `SELECT e.waybill_id AS "waybillId", w.waybill_no AS "waybillNo", min(e.at) AS at
     FROM waybill_events e JOIN waybills w ON w.id = e.waybill_id
     WHERE e.corp_id = ? AND e.to_status = 400 AND e.to_step = ? AND e.from_step <> e.to_step AND e.at >= ? AND e.at <= ?
     GROUP BY e.waybill_id, w.waybill_no ORDER BY min(e.at), e.waybill_id`, corpId, point.step, from, now);
  const facts = await loadFactsOf(conn, corpId, events.map((e) => e.waybillId));
  for (const e of events) {
    const f = facts.get(e.waybillId);
    if (!f) continue;
    result.reached++;
    if (!ruleApplies(rule, e.at, waybillScope(f), waybillFactValues(f))) continue;
    result.held++;
    if (result.heldWaybills.length < LISTED) result.heldWaybills.push({ waybillId: e.waybillId, waybillNo: e.waybillNo, at: e.at, atStr: formatTime(e.at) });
  }
  result.summary = [
    { label: '预览区间', value: `${result.fromStr} 至 ${result.toStr}` },
    { label: `到达${name}环节`, value: `${result.reached}单` },
    { label: `须${name}`, value: `${result.held}单` },
  ];
  result.rows = result.heldWaybills.map((w) => ({ waybillNo: w.waybillNo, checkTypeStr: name, atStr: w.atStr }));
  return result;
}

const COLUMNS = [{ key: 'waybillNo', title: '运单号' }, { key: 'checkTypeStr', title: '检查' }, { key: 'atStr', title: '到达检查环节时间' }];
