// What a prescription rule would have done over the last 30 days, before it is saved (docs/rules.md
// "Prescription rules"): every waybill that reached its unloading place in the window and that the
// candidate covers, replayed as the live path would have run it — the rule's times filled in at the
// generation and again after each arrival and leaving (prescription-times.ts, the same function), each
// arrival and leaving judged against the times as they stood then with the rule's tolerance — beside the
// required times and judgements the waybill carries now. The candidate is judged alone (the rule it
// edits stands aside). Times typed on the nodes are kept; times another rule set are taken as not typed.
// Nothing is written.
import { all, type Conn } from '../../../resources/statements.ts';
import { DAY_MS, formatTime } from '../../../resources/time.ts';
import { loadFactsOf } from '../../settlement/pricing/facts-loader.ts';
import { conditionsHold } from '../conditions.ts';
import { scopeCovers, validAt } from '../choose.ts';
import { distanceKmOf } from '../prescription-apply.ts';
import { deriveTimes, judge, type PlanNode } from '../prescription-times.ts';
import { prescriptionRuleType, type PrescriptionRuleRecord } from '../types/prescription.ts';
import { waybillFactValues, waybillScope } from '../waybill-rules.ts';
import type { PreviewTable } from './preview-table.ts';

export const PREVIEW_DAYS = 30;
/** The nodes the answer lists one by one (the counts cover them all). */
const LISTED = 200;

interface NodeRow extends PlanNode {
  waybillId: number; waybillNo: string; createdAt: number; areaName: string; arriveState: number | null; leaveState: number | null;
}
type Replayed = PlanNode & { arriveState: number | null; leaveState: number | null };

/** Early / on time / late counts of arrivals and leavings. */
export interface StateCounts { early: number; onTime: number; late: number }
const counts = (): StateCounts => ({ early: 0, onTime: 0, late: 0 });
const count = (c: StateCounts, state: number | null) => {
  if (state === 2) c.early++;
  else if (state === 1) c.onTime++;
  else if (state === 3) c.late++;
};
const STATE = (s: number | null) => (s === 1 ? '准时' : s === 2 ? '提前' : s === 3 ? '晚点' : '未判定');
const NODE_TYPE: Record<string, string> = { start: '装货地', end: '卸货地' };

export interface PrescriptionPreview extends PreviewTable {
  fromStr: string; toStr: string;
  /** Waybills the candidate covers. */
  judged: number;
  arrivals: { wouldBe: StateCounts; now: StateCounts };
  leavings: { wouldBe: StateCounts; now: StateCounts };
}

/** The candidate as a rule record: the id of the rule it edits, or one newer than any. */
function asRecord(candidate: Record<string, unknown>, id: number | null): PrescriptionRuleRecord {
  return {
    customerId: null, carrierId: null, businessType: null, originProvince: null, originCity: null, destProvince: null, destCity: null,
    ruleName: '', conditions: null, validFrom: null, validTo: null, status: 0, priority: 0, loadArriveHours: null, loadArriveClock: null,
    loadDwellHours: null, transportHours: null, kmPerDay: null, unloadDwellHours: null, toleranceMinutes: 0,
    ...candidate, id: id ?? Number.MAX_SAFE_INTEGER,
  } as PrescriptionRuleRecord;
}

/**
 * The route replayed under the rule: from the times typed on it (those a rule set removed), filled in at
 * the generation and after each recorded arrival and leaving, in route order (the order they happen),
 * each judged before it is recorded; the rule fills times only at the moments it is in force (validAt).
 */
export function replayRoute(rule: PrescriptionRuleRecord, nodes: readonly PlanNode[], createdAt: number, distanceKm: number | null): Replayed[] {
  const effect = prescriptionRuleType.effectOf(rule);
  let route: Replayed[] = nodes.map((n) => ({
    ...n,
    requiredArriveTime: n.arriveByRule === null ? n.requiredArriveTime : null, arriveByRule: null,
    requiredLeaveTime: n.leaveByRule === null ? n.requiredLeaveTime : null, leaveByRule: null,
    actualArriveTime: null, actualLeaveTime: null, arriveState: null, leaveState: null, toleranceMinutes: null,
  }));
  const derive = (at: number) => {
    if (validAt(rule, at)) route = deriveTimes(effect, route, createdAt, distanceKm) as Replayed[];
  };
  derive(createdAt);
  for (const [i, n] of nodes.entries()) {
    if (n.actualArriveTime !== null) {
      route[i].arriveState = judge(n.actualArriveTime, route[i].requiredArriveTime, route[i]);
      route[i].actualArriveTime = n.actualArriveTime;
      derive(n.actualArriveTime);
    }
    if (n.actualLeaveTime !== null) {
      route[i].leaveState = judge(n.actualLeaveTime, route[i].requiredLeaveTime, route[i]);
      route[i].actualLeaveTime = n.actualLeaveTime;
      derive(n.actualLeaveTime);
    }
  }
  return route;
}

export async function previewPrescriptionRule(conn: Conn, corpId: number, candidate: Record<string, unknown>, editedId: number | null, now = Date.now()): Promise<PrescriptionPreview> {
  const from = now - PREVIEW_DAYS * DAY_MS;
  const rule = asRecord(candidate, editedId);
  const result: PrescriptionPreview = {
    fromStr: formatTime(from), toStr: formatTime(now), judged: 0,
    arrivals: { wouldBe: counts(), now: counts() }, leavings: { wouldBe: counts(), now: counts() }, summary: [], columns: COLUMNS, rows: [],
  };
  const nodes = await all<NodeRow>(conn,
    `SELECT n.waybill_id AS "waybillId", w.waybill_no AS "waybillNo", w.created_at AS "createdAt", a.area_name AS "areaName", n.node_type AS "nodeType",
       n.required_arrive_time AS "requiredArriveTime", n.required_leave_time AS "requiredLeaveTime", n.actual_arrive_time AS "actualArriveTime",
       n.actual_leave_time AS "actualLeaveTime", n.arrive_by_rule AS "arriveByRule", n.leave_by_rule AS "leaveByRule", n.tolerance_minutes AS "toleranceMinutes",
       n.arrive_state AS "arriveState", n.leave_state AS "leaveState"
     FROM waybill_nodes n JOIN waybills w ON w.id = n.waybill_id JOIN areas a ON a.id = n.area_id
     WHERE w.corp_id = ? AND w.is_deleted = 0 AND n.waybill_id IN (
       SELECT e.waybill_id FROM waybill_nodes e WHERE e.corp_id = ? AND e.node_type = 'end' AND e.actual_arrive_time >= ? AND e.actual_arrive_time <= ?)
     ORDER BY w.created_at, n.waybill_id, n.seq`, corpId, corpId, from, now);
  const byWaybill = new Map<number, NodeRow[]>();
  for (const n of nodes) byWaybill.set(n.waybillId, [...(byWaybill.get(n.waybillId) ?? []), n]);
  const facts = await loadFactsOf(conn, corpId, [...byWaybill.keys()]);
  for (const [id, route] of byWaybill) {
    const f = facts.get(id);
    if (!f || !scopeCovers(rule, waybillScope(f)) || !conditionsHold(rule.conditions, waybillFactValues(f))) continue;
    const replayed = replayRoute(rule, route, route[0].createdAt, distanceKmOf(f));
    // A rule not in force at any moment of the trip would have done nothing.
    if (replayed.every((r) => r.arriveByRule === null && r.leaveByRule === null && r.toleranceMinutes === null)) continue;
    result.judged++;
    for (const [i, n] of route.entries()) {
      const r = replayed[i];
      count(result.arrivals.wouldBe, r.arriveState);
      count(result.arrivals.now, n.arriveState);
      count(result.leavings.wouldBe, r.leaveState);
      count(result.leavings.now, n.leaveState);
      if (result.rows.length < LISTED) {
        result.rows.push({
          waybillNo: n.waybillNo, node: `${NODE_TYPE[n.nodeType] ?? '途经点'}：${n.areaName}`,
          requiredArrive: formatTime(n.requiredArriveTime), wouldArrive: formatTime(r.requiredArriveTime),
          arriveState: STATE(n.arriveState), wouldArriveState: STATE(r.arriveState),
          requiredLeave: formatTime(n.requiredLeaveTime), wouldLeave: formatTime(r.requiredLeaveTime),
          leaveState: STATE(n.leaveState), wouldLeaveState: STATE(r.leaveState),
        });
      }
    }
  }
  const words = (c: StateCounts) => `提前${c.early}、准时${c.onTime}、晚点${c.late}`;
  result.summary = [
    { label: '预览区间', value: `${result.fromStr} 至 ${result.toStr}` },
    { label: '适用运单', value: `${result.judged}单` },
    { label: '到达（按此规则）', value: words(result.arrivals.wouldBe) },
    { label: '到达（现在）', value: words(result.arrivals.now) },
    { label: '离开（按此规则）', value: words(result.leavings.wouldBe) },
    { label: '离开（现在）', value: words(result.leavings.now) },
  ];
  return result;
}

const COLUMNS = [
  { key: 'waybillNo', title: '运单号' }, { key: 'node', title: '节点' },
  { key: 'requiredArrive', title: '要求到达（现在）' }, { key: 'wouldArrive', title: '要求到达（按此规则）' },
  { key: 'arriveState', title: '到达状态（现在）' }, { key: 'wouldArriveState', title: '到达状态（按此规则）' },
  { key: 'requiredLeave', title: '要求离开（现在）' }, { key: 'wouldLeave', title: '要求离开（按此规则）' },
  { key: 'leaveState', title: '离开状态（现在）' }, { key: 'wouldLeaveState', title: '离开状态（按此规则）' },
];
