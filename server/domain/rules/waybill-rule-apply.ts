// Waybill rules acting (docs/rules.md "Waybill rules"): the sweep reads, for each waybill on the road
// (待运输 300 / 运输中 400, with a vehicle) of a corporation that has waybill rules, the vehicle's track
// since the waybill got it, finds its visits of the route's fences, plans the steps (waybill-rule-steps.ts)
// and applies them one by one through the person's own action (performAction 确认到达 / 确认离开, so
// the machine, the departure rules and the check rules still gate them), as 系统（运单规则：<name>）,
// the event keeping the rule's id and name. A step refused waits (a person, or the next sweep once
// the waybill moved on, e.g. after 确认装货). Signed waybills are closed (手动结束) the rule's hours after
// 签收. A corporation without waybill rules is not read beyond one query: nothing moves by itself.
import { ApiError } from '../../http/envelope.ts';
import type { SessionUser } from '../../http/context.ts';
import type { Registry } from '../../registry/types.ts';
import { all, type Conn } from '../../resources/statements.ts';
import { DAY_MS } from '../../resources/time.ts';
import { waybillFences } from '../../tracking/fences-read.ts';
import { readMotion, trackSignature } from '../../tracking/store/store.ts';
import { detectVisits, prepareFences, type Visit } from '../../tracking/analytics/visits.ts';
import { loadFactsOf } from '../settlement/pricing/facts-loader.ts';
import type { WaybillFacts } from '../settlement/pricing/types.ts';
import { performAction } from '../waybills/actions.ts';
import { Step, WaybillStatus } from '../workflow/waybill-machine.ts';
import { ruleForWaybill } from './waybill-rules.ts';
import { versionsDuring, type RuleVersion } from './versions.ts';
import { endDueAt, planAutoSteps, type AutoStep, type RouteNode, type RuleAt } from './waybill-rule-steps.ts';
import { WAYBILL_RULE_TYPE, type WaybillRuleRecord } from './types/waybill-rule.ts';

/** The track read for one waybill reaches back at most this far. */
export const TRACK_DAYS = 30;
const HOUR = 3_600_000;

export const waybillRuleVersions = (conn: Conn, corpId: number, from: number, to: number) =>
  versionsDuring<WaybillRuleRecord>(conn, corpId, WAYBILL_RULE_TYPE, from, to);

/** The rule chosen for the waybill at each moment, among the versions. */
export const ruleAtOf = (versions: readonly RuleVersion<WaybillRuleRecord>[], facts: WaybillFacts | undefined): RuleAt =>
  (at) => (facts ? ruleForWaybill(versions, facts, at) : null);

/** A waybill as the planning reads it. */
export interface RoadWaybill {
  id: number;
  waybillNo: string;
  vehicleId: number;
  /** When it got its vehicle (its last 派车), else when it was created: the track is read from here. */
  since: number;
}

export const routeNodes = (conn: Conn, waybillId: number) => all<RouteNode>(conn,
  `SELECT n.id, n.seq, n.node_type AS "nodeType", n.area_id AS "areaId", a.area_name AS "areaName",
     n.actual_arrive_time AS "actualArriveTime", n.actual_leave_time AS "actualLeaveTime"
   FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.waybill_id = ? ORDER BY n.seq`, waybillId);

/** The vehicle's visits of the waybill's route fences over [from, to], by fence (area id). */
export async function routeVisits(conn: Conn, w: Pick<RoadWaybill, 'id' | 'vehicleId'>, from: number, to: number): Promise<(areaId: number) => readonly Visit[]> {
  const fences = await waybillFences(conn, w.id);
  const cols = await readMotion(conn, w.vehicleId, from, to);
  const byFence = new Map<number, Visit[]>();
  if (cols.length > 0) {
    for (const v of detectVisits(cols, prepareFences(fences))) byFence.set(v.fenceId, [...(byFence.get(v.fenceId) ?? []), v]);
  }
  return (areaId) => byFence.get(areaId) ?? [];
}

const SINCE_SQL = `coalesce((SELECT max(e.at) FROM waybill_events e WHERE e.waybill_id = w.id AND e.action = 'assignVehicle'), w.created_at)`;

/** The corporation's waybills on the road with a vehicle (or one of them). */
export function roadWaybills(conn: Conn, corpId: number, waybillId?: number) {
  return all<RoadWaybill>(conn,
    `SELECT w.id, w.waybill_no AS "waybillNo", w.vehicle_id AS "vehicleId", ${SINCE_SQL} AS since
     FROM waybills w WHERE w.corp_id = ? AND w.is_deleted = 0 AND w.vehicle_id IS NOT NULL AND w.status IN (?, ?)${waybillId ? ' AND w.id = ?' : ''}
     ORDER BY w.id`, corpId, WaybillStatus.AWAITING_TRANSPORT, WaybillStatus.IN_TRANSIT, ...(waybillId ? [waybillId] : []));
}

/**
 * The system as the one who acts: staff of the corporation named after the rule on the timeline; the
 * timeline and the history keep a user id (a user's row): the one who last saved the rule.
 */
export const ruleUser = (corpId: number, rule: WaybillRuleRecord): SessionUser => ({
  userId: Number(rule.updatedBy ?? rule.createdBy ?? 0), userName: 'system', realName: `系统（运单规则：${rule.ruleName}）`, corpId,
  orgId: null, userType: 0, parentId: null, partnerId: null, token: '', operationIds: new Set(),
});

const currentVersion = async (conn: Conn, id: number) =>
  (await all<{ version: number }>(conn, 'SELECT version FROM waybills WHERE id = ?', id))[0]?.version ?? 0;

/** Applies the steps in order; stops at the first the waybill refuses (the rest depend on it). Returns the steps made. */
async function applySteps(conn: Conn, reg: Registry, corpId: number, waybillId: number, steps: readonly AutoStep[]): Promise<number> {
  let made = 0;
  for (const s of steps) {
    try {
      await performAction(conn, reg, ruleUser(corpId, s.rule), s.kind === 'arrive' ? 'arriveWaybillNode' : 'leaveWaybillNode', {
        id: waybillId, version: await currentVersion(conn, waybillId), nodeId: s.nodeId, time: s.time, rule: { id: s.rule.id, name: s.rule.ruleName },
      });
      made += 1;
    } catch (e) {
      if (e instanceof ApiError) break;
      throw e;
    }
  }
  return made;
}

/**
 * Per connection, the waybills whose last sweep planned no step, each with what that plan was made of
 * (quietInputs). The sweep runs every minute over every waybill on the road, and most of them have no
 * new point since the last: their track is not read and judged again while nothing it rests on moved.
 */
const quietPlans = new WeakMap<Conn, Map<number, string>>();

/**
 * Everything a waybill's plan rests on, but the points themselves: the waybill (its version moves with
 * every change of it), its nodes, the facts and rule versions choosing its rule, the track's range and
 * the chunks holding it. Null when the plan must be made anyway: a stored point after `now` (clock
 * skew) enters the read as time passes, with no chunk changing.
 */
async function quietInputs(conn: Conn, w: RoadWaybill, nodes: readonly RouteNode[], versions: readonly RuleVersion<WaybillRuleRecord>[], facts: WaybillFacts | undefined, from: number, now: number): Promise<string | null> {
  const track = await trackSignature(conn, w.vehicleId, from, now);
  if (track.lastMs > now) return null;
  const version = await currentVersion(conn, w.id);
  return JSON.stringify([version, w.vehicleId, from, nodes, versions.map((v) => [v.rule.id, v.version, v.validSince, v.validUntil]), facts ?? null, track.text]);
}

/** The automatic steps for one waybill now (what the sweep would apply to it). */
export async function stepsForWaybill(conn: Conn, corpId: number, w: RoadWaybill, versions: readonly RuleVersion<WaybillRuleRecord>[], facts: WaybillFacts | undefined, now: number) {
  const from = Math.max(w.since, now - TRACK_DAYS * DAY_MS);
  const nodes = await routeNodes(conn, w.id);
  let quiet = quietPlans.get(conn);
  if (!quiet) quietPlans.set(conn, (quiet = new Map()));
  const inputs = await quietInputs(conn, w, nodes, versions, facts, from, now);
  if (inputs !== null && quiet.get(w.id) === inputs) return [];
  const steps = planAutoSteps(nodes, await routeVisits(conn, w, from, now), ruleAtOf(versions, facts));
  if (steps.length === 0 && inputs !== null) quiet.set(w.id, inputs);
  else quiet.delete(w.id);
  return steps;
}

/** Signed waybills (500, before 已完成) with their sign-off time. */
const signedWaybills = (conn: Conn, corpId: number) => all<{ id: number; signedAt: number }>(conn,
  `SELECT w.id, (SELECT max(e.at) FROM waybill_events e WHERE e.waybill_id = w.id AND e.action = 'signOrder') AS "signedAt"
   FROM waybills w WHERE w.corp_id = ? AND w.is_deleted = 0 AND w.status = ? AND w.step IN (?, ?, ?, ?)`,
  corpId, WaybillStatus.COMPLETED, Step.AWAITING_RECEIPT, Step.AWAITING_RECEIPT_REVIEW, Step.AWAITING_RE_REVIEW, Step.AWAITING_EVALUATION);

/** Closes the signed waybills whose rule's hours after 签收 have passed. Returns how many. */
async function endSigned(conn: Conn, reg: Registry, corpId: number, now: number): Promise<number> {
  const signed = (await signedWaybills(conn, corpId)).filter((s) => s.signedAt !== null);
  if (signed.length === 0) return 0;
  const versions = await waybillRuleVersions(conn, corpId, Math.min(...signed.map((s) => s.signedAt)), now);
  const facts = await loadFactsOf(conn, corpId, signed.map((s) => s.id));
  let ended = 0;
  for (const s of signed) {
    const due = endDueAt(s.signedAt, ruleAtOf(versions, facts.get(s.id)));
    if (!due || due.dueAt > now) continue;
    const hours = Math.round((due.dueAt - s.signedAt) / HOUR);
    try {
      await performAction(conn, reg, ruleUser(corpId, due.rule), 'manualEnd', {
        id: s.id, version: await currentVersion(conn, s.id), remark: `签收后${hours}小时，按运单规则自动结束`, ruleId: due.rule.id, ruleName: due.rule.ruleName,
      });
      ended += 1;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  }
  return ended;
}

/** The sweep (server/jobs): every corporation with waybill rules. Returns the steps made. */
export async function sweepWaybillRules(conn: Conn, registry: () => Registry, now: number): Promise<number> {
  const corps = await all<{ corpId: number }>(conn, 'SELECT DISTINCT corp_id AS "corpId" FROM rule_versions WHERE rule_type = ?', WAYBILL_RULE_TYPE);
  let made = 0;
  const onRoad = new Set<number>();
  for (const { corpId } of corps) {
    const road = await roadWaybills(conn, corpId);
    for (const w of road) onRoad.add(w.id);
    if (road.length > 0) {
      const versions = await waybillRuleVersions(conn, corpId, Math.min(...road.map((w) => w.since)), now);
      if (versions.length > 0) {
        const facts = await loadFactsOf(conn, corpId, road.map((w) => w.id));
        for (const w of road) {
          const steps = await stepsForWaybill(conn, corpId, w, versions, facts.get(w.id), now);
          if (steps.length > 0) made += await applySteps(conn, registry(), corpId, w.id, steps);
        }
      }
    }
    made += await endSigned(conn, registry(), corpId, now);
  }
  // A waybill off the road is not planned again: its memo goes.
  for (const id of quietPlans.get(conn)?.keys() ?? []) if (!onRoad.has(id)) quietPlans.get(conn)!.delete(id);
  return made;
}
