// Where prescription rules act on a waybill (docs/rules.md "Prescription rules"): when its route is
// written (generated, edited) and after each arrival or leaving, the rule in force at that moment (the
// version then, versions.ts) fills the required times its nodes do not carry (prescription-times.ts), and
// the waybill's timeliness statuses are brought up to date. One indexed query when the corporation has
// no prescription rule.
import { all, one, run, type Conn } from '../../resources/statements.ts';
import { loadFactsOf } from '../settlement/pricing/facts-loader.ts';
import type { WaybillFacts } from '../settlement/pricing/types.ts';
import { deriveTimes, transportLimitMinutes, type PlanNode } from './prescription-times.ts';
import { timelinessStatus, transportStatus } from './prescription-status.ts';
import { prescriptionRuleType, type PrescriptionRuleRecord } from './types/prescription.ts';
import { versionsDuring } from './versions.ts';
import { ruleForWaybill, waybillFactValues } from './waybill-rules.ts';

type NodeTimes = PlanNode & { id: number; arriveState: number | null; leaveState: number | null };

const NODES_SQL = `SELECT id, node_type AS "nodeType", required_arrive_time AS "requiredArriveTime", required_leave_time AS "requiredLeaveTime",
    actual_arrive_time AS "actualArriveTime", actual_leave_time AS "actualLeaveTime", arrive_by_rule AS "arriveByRule", leave_by_rule AS "leaveByRule",
    tolerance_minutes AS "toleranceMinutes", arrive_state AS "arriveState", leave_state AS "leaveState"
  FROM waybill_nodes WHERE waybill_id = ? ORDER BY seq`;

/** The prescription rule for a waybill of known facts at `at` (null: none in force covers it). */
export async function prescriptionRuleAt(conn: Conn, corpId: number, facts: WaybillFacts, at: number): Promise<PrescriptionRuleRecord | null> {
  const versions = await versionsDuring<PrescriptionRuleRecord>(conn, corpId, prescriptionRuleType.key, at, at);
  return versions.length ? ruleForWaybill(versions, facts, at) : null;
}

export const distanceKmOf = (facts: WaybillFacts) => waybillFactValues(facts).distanceKm as number | null;

/**
 * Fills the waybill's required times from the rule in force at `at` and refreshes its statuses as of
 * `now`. `routeWritten`: the route was just (re)written, so a transport limit of an earlier rule no
 * longer holds; after an arrival or leaving, a waybill no rule covers any more keeps the times and the
 * limit it was given.
 */
export async function applyPrescription(conn: Conn, corpId: number, waybillId: number, at: number, now: number, routeWritten: boolean): Promise<void> {
  let nodes = await all<NodeTimes>(conn, NODES_SQL, waybillId);
  const w = (await one<{ createdAt: number; limit: number | null }>(conn,
    'SELECT created_at AS "createdAt", transport_limit_minutes AS "limit" FROM waybills WHERE id = ?', waybillId))!;
  let limit = routeWritten ? null : w.limit;
  const versions = await versionsDuring<PrescriptionRuleRecord>(conn, corpId, prescriptionRuleType.key, at, at);
  const facts = versions.length ? (await loadFactsOf(conn, corpId, [waybillId])).get(waybillId) : undefined;
  const rule = facts ? ruleForWaybill(versions, facts, at) : null;
  if (rule && facts) {
    const effect = prescriptionRuleType.effectOf(rule);
    const derived = deriveTimes(effect, nodes, w.createdAt, distanceKmOf(facts));
    for (const [i, d] of derived.entries()) {
      const n = nodes[i];
      if (d.requiredArriveTime === n.requiredArriveTime && d.requiredLeaveTime === n.requiredLeaveTime && d.toleranceMinutes === n.toleranceMinutes) continue;
      await run(conn, 'UPDATE waybill_nodes SET required_arrive_time = ?, arrive_by_rule = ?, required_leave_time = ?, leave_by_rule = ?, tolerance_minutes = ? WHERE id = ?',
        d.requiredArriveTime, d.arriveByRule, d.requiredLeaveTime, d.leaveByRule, d.toleranceMinutes, n.id);
    }
    nodes = derived.map((d, i) => ({ ...nodes[i], ...d }));
    limit = transportLimitMinutes(effect, distanceKmOf(facts)) ?? limit;
  }
  await run(conn, 'UPDATE waybills SET transport_limit_minutes = ?, timeliness_status = ?, transport_status = ? WHERE id = ?',
    limit, timelinessStatus(nodes, now), transportStatus(nodes, limit, now), waybillId);
}

/** The waybill's timeliness statuses as of `now` (the stored ones are as of its last node action). */
export async function timelinessNow(conn: Conn, waybillId: number, now: number) {
  const nodes = await all<NodeTimes>(conn, NODES_SQL, waybillId);
  const w = await one<{ limit: number | null }>(conn, 'SELECT transport_limit_minutes AS "limit" FROM waybills WHERE id = ?', waybillId);
  return { timelinessStatus: timelinessStatus(nodes, now), transportStatus: transportStatus(nodes, w?.limit ?? null, now), transportLimitMinutes: w?.limit ?? null };
}

/**
 * Stores every waybill's timeliness statuses of a corporation as of `now`, from its nodes: for waybills
 * written without the apply path (the demo seed writes its transport history straight into the tables).
 */
export async function refreshTimelinessOfCorp(conn: Conn, corpId: number, now: number): Promise<void> {
  const rows = await all<NodeTimes & { waybillId: number; limit: number | null }>(conn,
    `SELECT n.waybill_id AS "waybillId", w.transport_limit_minutes AS "limit", n.id, n.node_type AS "nodeType", n.required_arrive_time AS "requiredArriveTime",
       n.required_leave_time AS "requiredLeaveTime", n.actual_arrive_time AS "actualArriveTime", n.actual_leave_time AS "actualLeaveTime",
       n.arrive_by_rule AS "arriveByRule", n.leave_by_rule AS "leaveByRule", n.tolerance_minutes AS "toleranceMinutes", n.arrive_state AS "arriveState", n.leave_state AS "leaveState"
     FROM waybill_nodes n JOIN waybills w ON w.id = n.waybill_id WHERE w.corp_id = ? ORDER BY n.waybill_id, n.seq`, corpId);
  const byWaybill = new Map<number, typeof rows>();
  for (const r of rows) byWaybill.set(r.waybillId, [...(byWaybill.get(r.waybillId) ?? []), r]);
  for (const [id, nodes] of byWaybill) {
    await run(conn, 'UPDATE waybills SET timeliness_status = ?, transport_status = ? WHERE id = ?',
      timelinessStatus(nodes, now), transportStatus(nodes, nodes[0].limit, now), id);
  }
}
