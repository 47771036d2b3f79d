// What a waybill rule would have done over the last 30 days, before it is saved (docs/rules.md
// "Waybill rules"): for every waybill that got its vehicle in the window, the vehicle's visits of the
// route's fences are planned with the candidate alone in force (planAutoSteps, the sweep's own
// planning) from a route on which nothing was recorded by hand, so the answer says which
// arrivals and exits the rule would have recorded and when, beside what people recorded. The machine
// is not replayed: a step it would refuse then (离开装货地 before 确认装货) is listed as the fence says.
// Signed waybills of the window are listed when the rule would have closed them. Nothing is written.
import { all, type Conn } from '../../../resources/statements.ts';
import { DAY_MS, formatTime } from '../../../resources/time.ts';
import { loadFactsOf } from '../../settlement/pricing/facts-loader.ts';
import { chooseRule } from '../choose.ts';
import { waybillFactValues, waybillScope } from '../waybill-rules.ts';
import { routeNodes, routeVisits, TRACK_DAYS } from '../waybill-rule-apply.ts';
import { endDueAt, planAutoSteps, type RuleAt } from '../waybill-rule-steps.ts';
import type { WaybillRuleRecord } from '../types/waybill-rule.ts';
import { candidateRule } from './candidate.ts';
import { PREVIEW_DAYS, type PreviewTable } from './preview-table.ts';

/** The steps the answer lists one by one (the counts cover them all). */
const LISTED = 300;

const NODE_LABEL = { start: '装货地', via: '途经点', end: '卸货地' } as const;

export interface WaybillRulePreviewStep {
  waybillId: number; waybillNo: string; nodeId: number; kind: 'arrive' | 'leave'; time: number; timeStr: string;
  /** What a person recorded at that node (null: nothing). */
  recorded: number | null;
}

export interface WaybillRulePreview extends PreviewTable {
  fromStr: string; toStr: string;
  /** Waybills the rule covers (its scope and conditions) among those that got a vehicle in the window. */
  covered: number;
  arrivals: number;
  exits: number;
  ended: number;
  steps: WaybillRulePreviewStep[];
}

export const WAYBILL_RULE_DEFAULTS: Partial<WaybillRuleRecord> = {
  ruleName: '', arriveStart: 0, leaveStart: 0, viaAuto: 0, arriveEnd: 0, leaveEnd: 0, minStayMinutes: 5, endAfterSignHours: null,
};

export async function previewWaybillRule(conn: Conn, corpId: number, candidate: Record<string, unknown>, editedId: number | null, now = Date.now()): Promise<WaybillRulePreview> {
  const from = now - PREVIEW_DAYS * DAY_MS;
  const rule = candidateRule<WaybillRuleRecord>(candidate, editedId, WAYBILL_RULE_DEFAULTS);
  const result: WaybillRulePreview = { fromStr: formatTime(from), toStr: formatTime(now), covered: 0, arrivals: 0, exits: 0, ended: 0, steps: [], summary: [], columns: COLUMNS, rows: [] };
  const waybills = await all<{ id: number; waybillNo: string; vehicleId: number; since: number; signedAt: number | null }>(conn,
    `SELECT * FROM (SELECT w.id, w.waybill_no AS "waybillNo", w.vehicle_id AS "vehicleId",
       coalesce((SELECT max(e.at) FROM waybill_events e WHERE e.waybill_id = w.id AND e.action = 'assignVehicle'), w.created_at) AS since,
       (SELECT max(e.at) FROM waybill_events e WHERE e.waybill_id = w.id AND e.action = 'signOrder') AS "signedAt"
     FROM waybills w WHERE w.corp_id = ? AND w.is_deleted = 0 AND w.vehicle_id IS NOT NULL) x WHERE x.since >= ? AND x.since <= ? ORDER BY x.since, x.id`,
    corpId, from, now);
  const facts = await loadFactsOf(conn, corpId, waybills.map((w) => w.id));
  for (const w of waybills) {
    const f = facts.get(w.id);
    if (!f) continue;
    const ruleAt: RuleAt = (at) => chooseRule([rule], at, waybillScope(f), waybillFactValues(f));
    if (!ruleAt(w.since) && !ruleAt(now)) continue;
    result.covered++;
    const nodes = await routeNodes(conn, w.id);
    const recorded = new Map(nodes.map((n) => [n.id, n]));
    const visits = await routeVisits(conn, w, w.since, Math.min(now, w.since + TRACK_DAYS * DAY_MS));
    for (const s of planAutoSteps(nodes.map((n) => ({ ...n, actualArriveTime: null, actualLeaveTime: null })), visits, ruleAt)) {
      if (s.kind === 'arrive') result.arrivals++;
      else result.exits++;
      const n = recorded.get(s.nodeId)!;
      if (result.steps.length < LISTED) {
        result.steps.push({ waybillId: w.id, waybillNo: w.waybillNo, nodeId: s.nodeId, kind: s.kind, time: s.time, timeStr: formatTime(s.time),
          recorded: s.kind === 'arrive' ? n.actualArriveTime : n.actualLeaveTime });
        result.rows.push({
          waybillNo: w.waybillNo, node: `${NODE_LABEL[s.nodeType]}（${s.areaName}）`, action: s.kind === 'arrive' ? '自动到达' : '自动离开',
          timeStr: formatTime(s.time), recordedStr: formatTime(s.kind === 'arrive' ? n.actualArriveTime : n.actualLeaveTime) || '未记录',
        });
      }
    }
    const due = w.signedAt === null ? null : endDueAt(w.signedAt, ruleAt);
    if (due && due.dueAt <= now) {
      result.ended++;
      if (result.rows.length < LISTED) result.rows.push({ waybillNo: w.waybillNo, node: '—', action: '签收后自动结束', timeStr: formatTime(due.dueAt), recordedStr: '—' });
    }
  }
  result.summary = [
    { label: '预览区间', value: `${result.fromStr} 至 ${result.toStr}` },
    { label: '适用运单', value: `${result.covered}单` },
    { label: '将自动到达', value: `${result.arrivals}次` },
    { label: '将自动离开', value: `${result.exits}次` },
    { label: '将自动结束', value: `${result.ended}单` },
  ];
  return result;
}

const COLUMNS = [
  { key: 'waybillNo', title: '运单号' }, { key: 'node', title: '节点' }, { key: 'action', title: '动作' },
  { key: 'timeStr', title: '时间' }, { key: 'recordedStr', title: '人工记录时间' },
];
