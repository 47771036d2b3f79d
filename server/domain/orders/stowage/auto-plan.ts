// The plan of an auto-stowage (智能配载): for each order the stowage rule in force (order-rules.ts, the
// engine's choice), the orders of one rule grouped as the rule and the stowage settings ask (same
// loading / unloading place or city, same business type), each group packed onto the rule's
// carrier's free in-service vehicles of its car models (auto-pack.ts) within the rule's and the
// settings' limits. Reads only: the run (auto-run.ts) writes the plan, the preview shows it.
import type { OrderRow } from '../access.ts';
import { all, type Conn } from '../sql.ts';
import { loadOrderFacts, ruleForOrder } from '../../rules/order-rules.ts';
import type { RuleVersion } from '../../rules/versions.ts';
import { PlaceMatch, stowageRuleType, type StowageEffect, type StowageRuleRecord } from '../../rules/types/stowage.ts';
import type { Capacity } from './rules.ts';
import type { StowageSetting } from './settings.ts';
import { capacityOf } from './tasks.ts';
import { packFirstFitDecreasing, type PackBin, type PackItem } from './auto-pack.ts';

/** An order to plan: what stowing would carry of it, and the moment its rule is judged at. */
export interface PlanOrder {
  order: OrderRow;
  weight: number;
  volume: number;
  at: number;
}

export interface PlanVehicle {
  id: number;
  vehicleNo: string;
  carModelId: number | null;
  capacity: Capacity;
}

export interface PlannedProposal {
  rule: StowageRuleRecord;
  /** null: generation failed (reason says why) and the orders stay free. */
  vehicle: PlanVehicle | null;
  orders: OrderRow[];
  totalWeight: number;
  totalVolume: number;
  loadRate: number | null;
  reason: string | null;
}

export interface Plan {
  proposals: PlannedProposal[];
  /** Orders no rule in force covers (or delegated to another carrier than their rule's): not touched. */
  untouched: OrderRow[];
}

export const NO_VEHICLE = '无可用车辆';
export const OVER_WEIGHT = '超出载重';
export const OVER_VOLUME = '超出容积';
export const TOO_FEW = '车辆不足';

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** The load rate (%) as the stowage checks work it out (rules.ts loadOf): the fuller of weight and volume. */
export function rateOf(capacity: Capacity, weight: number, volume: number): number | null {
  const rates = [capacity.loadWeight ? (weight / capacity.loadWeight) * 100 : null, capacity.volume ? (volume / capacity.volume) * 100 : null].filter((r): r is number => r !== null);
  return rates.length ? Math.round(Math.max(...rates) * 10) / 10 : null;
}

/** The carrier's in-service vehicles of the car models, not in `busy`, with their capacity (tasks.ts capacityOf). */
export async function vehiclesFor(conn: Conn, corpId: number, effect: StowageEffect, busy: ReadonlySet<number>): Promise<PlanVehicle[]> {
  if (!effect.carModelIds.length) return [];
  const rows = await all<{ id: number; vehicleNo: string; carModelId: number | null }>(conn, `SELECT id, vehicle_no AS "vehicleNo", car_model_id AS "carModelId" FROM vehicles
    WHERE corp_id = ? AND is_deleted = 0 AND status = 0 AND carrier_id = ? AND car_model_id IN (${effect.carModelIds.map(() => '?').join(', ')}) ORDER BY id`,
  corpId, effect.carrierId, ...effect.carModelIds);
  const out: PlanVehicle[] = [];
  for (const v of rows) {
    if (busy.has(v.id)) continue;
    const capacity = await capacityOf(conn, corpId, v.id, null);
    if (capacity) out.push({ ...v, capacity });
  }
  return out;
}

/** Vehicles an open stowage task or a live proposal already counts on. */
export async function busyVehicles(conn: Conn, corpId: number): Promise<Set<number>> {
  const rows = await all<{ id: number }>(conn, `SELECT vehicle_id AS id FROM order_stowage_tasks WHERE corp_id = ? AND is_deleted = 0 AND waybill_id IS NULL AND vehicle_id IS NOT NULL
    UNION SELECT vehicle_id AS id FROM stowage_proposals WHERE corp_id = ? AND status IN (1, 2) AND vehicle_id IS NOT NULL`, corpId, corpId);
  return new Set(rows.map((r) => r.id));
}

/** What the orders of one group must share: the rule, and the places and business type the rule and settings ask to be the same. */
function groupKey(o: OrderRow, city: { shipper: string | null; receiver: string | null }, effect: StowageEffect, setting: StowageSetting): string {
  const place = (match: number, areaId: number, cityName: string | null) => (match === PlaceMatch.SAME_PLACE ? `a${areaId}` : match === PlaceMatch.SAME_CITY ? `c${cityName ?? ''}` : '');
  return [
    place(effect.loadingPlace, o.shipperAreaId, city.shipper),
    place(effect.unloadingPlace, o.receiverAreaId, city.receiver),
    // The settings bind every task (rules.ts checkTask): a group keeps them too.
    setting.sameShipperArea ? `s${o.shipperAreaId}` : '',
    setting.sameBusinessType ? `b${o.businessType}` : '',
  ].join('|');
}

/** Why an order no vehicle took stayed behind. */
function reasonFor(item: PackItem, vehicles: readonly PlanVehicle[], maxRate: number): string {
  if (!vehicles.length) return NO_VEHICLE;
  const over = (limit: number | null, v: number) => limit !== null && limit > 0 && Math.round((v / limit) * 1000) / 10 > maxRate;
  if (vehicles.every((v) => over(v.capacity.loadWeight, item.weight))) return OVER_WEIGHT;
  if (vehicles.every((v) => over(v.capacity.volume, item.volume) || over(v.capacity.loadWeight, item.weight))) return OVER_VOLUME;
  return TOO_FEW;
}

/**
 * The plan over `orders` with the rule versions given (the run: those in force now; the preview: with
 * the candidate). `busy` vehicles are not used; each vehicle serves one proposal.
 */
export async function planStowage(conn: Conn, corpId: number, orders: readonly PlanOrder[], versions: readonly RuleVersion<StowageRuleRecord>[],
  setting: StowageSetting, busy: ReadonlySet<number>, onlyRuleIds?: ReadonlySet<number>): Promise<Plan> {
  const facts = await loadOrderFacts(conn, corpId, orders.map((p) => p.order.id));
  const byRule = new Map<number, { rule: StowageRuleRecord; effect: StowageEffect; groups: Map<string, PlanOrder[]> }>();
  const untouched: OrderRow[] = [];
  for (const p of [...orders].sort((a, b) => a.order.id - b.order.id)) {
    const f = facts.get(p.order.id);
    const rule = f ? ruleForOrder(versions, f, p.at) : null;
    if (!rule || (onlyRuleIds && !onlyRuleIds.has(rule.id))) { untouched.push(p.order); continue; }
    const effect = stowageRuleType.effectOf(rule);
    // An order already delegated goes on its carrier's vehicles only.
    if (p.order.carrierId !== null && p.order.carrierId !== effect.carrierId) { untouched.push(p.order); continue; }
    const entry = byRule.get(rule.id) ?? { rule, effect, groups: new Map() };
    byRule.set(rule.id, entry);
    const key = groupKey(p.order, { shipper: f!.shipper.city, receiver: f!.receiver.city }, effect, setting);
    entry.groups.set(key, [...(entry.groups.get(key) ?? []), p]);
  }
  const taken = new Set(busy);
  const proposals: PlannedProposal[] = [];
  for (const { rule, effect, groups } of [...byRule.values()].sort((a, b) => a.rule.id - b.rule.id)) {
    const limits = { maxItems: Math.min(effect.maxOrders, setting.maxOrders), maxRate: Math.min(effect.maxLoadRate, setting.maxLoadRate) };
    for (const key of [...groups.keys()].sort()) {
      const group = groups.get(key)!;
      const vehicles = await vehiclesFor(conn, corpId, effect, taken);
      const bins: PackBin[] = vehicles.map((v) => ({ id: v.id, weight: v.capacity.loadWeight, volume: v.capacity.volume }));
      const items: PackItem[] = group.map((p) => ({ id: p.order.id, weight: p.weight, volume: p.volume }));
      const { packed, left } = packFirstFitDecreasing(items, bins, limits);
      const orderOf = new Map(group.map((p) => [p.order.id, p.order]));
      for (const b of packed) {
        const vehicle = vehicles.find((v) => v.id === b.bin.id)!;
        taken.add(vehicle.id);
        proposals.push({
          rule, vehicle, orders: b.items.map((i) => orderOf.get(i.id)!).sort((x, y) => x.id - y.id),
          totalWeight: round3(b.weight), totalVolume: round3(b.volume), loadRate: rateOf(vehicle.capacity, b.weight, b.volume), reason: null,
        });
      }
      const failed = new Map<string, PackItem[]>();
      for (const i of left) {
        const reason = reasonFor(i, vehicles, limits.maxRate);
        failed.set(reason, [...(failed.get(reason) ?? []), i]);
      }
      for (const [reason, list] of failed) {
        proposals.push({
          rule, vehicle: null, orders: list.map((i) => orderOf.get(i.id)!).sort((x, y) => x.id - y.id),
          totalWeight: round3(list.reduce((s, i) => s + i.weight, 0)), totalVolume: round3(list.reduce((s, i) => s + i.volume, 0)), loadRate: null, reason,
        });
      }
    }
  }
  return { proposals, untouched };
}
