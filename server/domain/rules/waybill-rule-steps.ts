// The automatic steps a waybill rule makes of the vehicle's fence visits (pure; docs/rules.md
// "Waybill rules"). The route is walked in order from what is already recorded: a node not yet
// reached is reached at the first visit of its fence that starts no earlier than the route's latest
// recorded time and lasted the rule's minimum stay; it is left when that visit ends. Each entry is
// judged by the rule in force at the moment of the entry, each exit by the rule in force at the
// exit, so a change applies from its moment on. The steps still go through the waybill machine
// (waybill-rule-apply.ts): a step the machine or a departure/check rule refuses waits for a person.
import type { Visit } from '../../tracking/analytics/visits.ts';
import { nodeTypeOf } from '../waybills/timeline.ts';
import type { NodeType } from '../workflow/waybill-machine.ts';
import { waybillRuleType, type WaybillRuleEffect, type WaybillRuleRecord } from './types/waybill-rule.ts';

export interface RouteNode {
  id: number;
  seq: number;
  nodeType: string;
  areaId: number;
  areaName: string;
  actualArriveTime: number | null;
  actualLeaveTime: number | null;
}

export interface AutoStep {
  kind: 'arrive' | 'leave';
  nodeId: number;
  nodeType: NodeType;
  areaName: string;
  /** When it happened: the fence entry (first point inside) or exit (last point inside). */
  time: number;
  /** The rule version that made it. */
  rule: WaybillRuleRecord;
}

/** The rule chosen for the waybill at a moment (null: none, nothing happens by itself then). */
export type RuleAt = (at: number) => WaybillRuleRecord | null;

const effectOf = (rule: WaybillRuleRecord): WaybillRuleEffect => waybillRuleType.effectOf(rule);

/**
 * The first visit of the node's fence from `after` on that the rule in force at its entry turns into
 * 确认到达: one that allows it at this kind of node, and a stay of at least its minimum (shorter is GPS
 * drift or driving by). Visits no rule counts are passed over.
 */
function entryOf(visits: readonly Visit[], after: number, type: NodeType, ruleAt: RuleAt): { visit: Visit; rule: WaybillRuleRecord } | null {
  for (const v of visits) {
    if (v.inTime < after) continue;
    const rule = ruleAt(v.inTime);
    if (rule && effectOf(rule).arrive[type] && v.durationMs >= effectOf(rule).minStayMs) return { visit: v, rule };
  }
  return null;
}

/** The visit the vehicle was in when the node was reached (by hand or by the rule). */
const visitAround = (visits: readonly Visit[], at: number) =>
  visits.find((v) => v.inTime <= at && (v.outTime === null || at <= v.outTime)) ?? null;

/**
 * The steps, in the order they are to be applied. `visitsOf`: the visits of a fence (area id), in
 * time order, over the track since the waybill got its vehicle.
 */
export function planAutoSteps(nodes: readonly RouteNode[], visitsOf: (areaId: number) => readonly Visit[], ruleAt: RuleAt): AutoStep[] {
  const steps: AutoStep[] = [];
  let latest = -Infinity;
  for (const n of nodes) {
    for (const t of [n.actualArriveTime, n.actualLeaveTime]) if (t !== null && t > latest) latest = t;
  }
  const step = (kind: AutoStep['kind'], n: RouteNode, time: number, rule: WaybillRuleRecord) =>
    steps.push({ kind, nodeId: n.id, nodeType: nodeTypeOf(n.nodeType), areaName: n.areaName, time, rule });

  for (const n of nodes) {
    const type = nodeTypeOf(n.nodeType);
    const visits = visitsOf(n.areaId);
    let arrivedAt = n.actualArriveTime;
    let visit: Visit | null = null;
    if (arrivedAt === null) {
      const entry = entryOf(visits, latest, type, ruleAt);
      if (entry) {
        visit = entry.visit;
        arrivedAt = visit.inTime;
        step('arrive', n, arrivedAt, entry.rule);
        latest = arrivedAt;
      } else if (type === 'via') {
        continue; // A via point passed by is no reason to stop: the unloading place may still be reached.
      } else {
        break; // The route goes on only from the loading place, and ends at the unloading place.
      }
    } else {
      visit = visitAround(visits, arrivedAt);
    }
    if (n.actualLeaveTime !== null) continue;
    const exit = visit?.outTime ?? null;
    const rule = exit === null ? null : ruleAt(exit);
    if (exit !== null && rule && effectOf(rule).leave[type] && exit >= arrivedAt) {
      step('leave', n, exit, rule);
      latest = exit;
    } else if (type !== 'via') {
      break; // Not left: nothing after the loading place (or nothing at all after the end).
    }
  }
  return steps;
}

/** When a waybill signed at `signedAt` is closed by itself, under the rule in force at the sign-off; null: never. */
export function endDueAt(signedAt: number, ruleAt: RuleAt): { dueAt: number; rule: WaybillRuleRecord } | null {
  const rule = ruleAt(signedAt);
  const ms = rule ? effectOf(rule).endAfterSignMs : null;
  return rule && ms !== null ? { dueAt: signedAt + ms, rule } : null;
}
