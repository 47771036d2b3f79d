// Which temperature channels and which range apply to a vehicle's reading at a time: the one rule
// the temperature alarms (raise.ts) and the day summary (tracking/day-summary.ts) share.
// Channels: those the vehicle collects. Range: that of the vehicle's waybill whose trip covers the
// time (first actual arrival at a route node to the last actual arrival or leave; still open while
// in transit) when the waybill has one (waybill_temperature_ranges), else that of the temperature rule
// in force (docs/rules.md), else the corporation's settings.
import { all, one, type Conn } from '../resources/statements.ts';
import { WaybillStatus } from '../domain/workflow/waybill-machine.ts';
import { settingsOf } from './settings.ts';
import { greatest } from '../db/dialect.ts';
import { loadFactsOf } from '../domain/settlement/pricing/facts-loader.ts';
import type { WaybillFacts } from '../domain/settlement/pricing/types.ts';
import { changesWithin, versionsDuring, type RuleVersion } from '../domain/rules/versions.ts';
import { ruleForWaybill } from '../domain/rules/waybill-rules.ts';
import { temperatureRuleType, type TemperatureRuleRecord } from '../domain/rules/types/temperature.ts';

export interface TempRange {
  tempMin: number;
  tempMax: number;
}

/** A waybill's trip with its own range, in epoch ms (`to` Infinity while in transit). */
export interface RangedTrip extends TempRange {
  waybillId: number;
  from: number;
  to: number;
}

/** What judging a vehicle's readings over a stretch of time needs. */
export interface TemperatureJudge {
  /** Channels the vehicle collects (bit c = channel t(c+1)). */
  mask: number;
  /** The corporation's range: off trip, or on a trip whose waybill has none. */
  fallback: TempRange;
  /** Trips with their own range that overlap the stretch, by start time. */
  trips: RangedTrip[];
}

/** A vehicle that collects temperature without naming its channels: every channel it sends. */
export function temperatureMask(v: { gatherTemperature: number; temperaturectrl: number }): number {
  return v.gatherTemperature ? v.temperaturectrl || 0xffff : 0;
}

/**
 * The range at time t. Trips of one vehicle should not overlap; if they do, the one that began
 * last is the load the vehicle carries at t.
 */
export function rangeAt(judge: TemperatureJudge, t: number): TempRange {
  let found: TempRange = judge.fallback;
  for (const trip of judge.trips) {
    if (trip.from > t) break;
    if (t <= trip.to) found = trip;
  }
  return found;
}

type TripRow = { waybillId: number; status: number; tempMin: number | null; tempMax: number | null; first: number | null; last: number | null };

/**
 * A trip without its own range, cut where a temperature rule changed: each piece judged by the rule in
 * force at its start (none: the corporation's range, so no piece).
 */
function ruledPieces(trip: { waybillId: number; from: number; to: number }, versions: readonly RuleVersion<TemperatureRuleRecord>[], facts: WaybillFacts | undefined): RangedTrip[] {
  if (!facts) return [];
  const bounds = [trip.from, ...changesWithin(versions, trip.from, trip.to), trip.to];
  const out: RangedTrip[] = [];
  for (let i = 0; i < bounds.length - 1; i++) {
    const rule = ruleForWaybill(versions, facts, bounds[i]);
    // A piece ends just before the next begins: rangeAt takes the later trip at a shared instant anyway.
    if (rule) out.push({ waybillId: trip.waybillId, tempMin: rule.tempMin, tempMax: rule.tempMax, from: bounds[i], to: i + 2 < bounds.length ? bounds[i + 1] - 1 : bounds[i + 1] });
  }
  return out;
}

/** The judge for a vehicle's readings in [from, to]; `corpRange`: the corporation's range, when the caller has read its settings already. */
export async function temperatureJudge(conn: Conn, corpId: number, vehicleId: number, from: number, to: number, corpRange?: TempRange): Promise<TemperatureJudge> {
  const vehicle = await one<{ gatherTemperature: number; temperaturectrl: number }>(conn,
    'SELECT gather_temperature AS gatherTemperature, temperaturectrl FROM vehicles WHERE id = ?', vehicleId);
  const { tempMin, tempMax } = corpRange ?? await settingsOf(conn, corpId, null);
  const versions = await versionsDuring<TemperatureRuleRecord>(conn, corpId, temperatureRuleType.key, from, to);
  // Without a temperature rule only the waybills with their own range matter (the common, cheap case).
  const rows = await all<TripRow>(conn,
    `SELECT w.id AS waybillId, w.status, r.temp_min AS tempMin, r.temp_max AS tempMax,
       (SELECT min(n.actual_arrive_time) FROM waybill_nodes n WHERE n.waybill_id = w.id) AS first,
       (SELECT max(${greatest(conn, 'coalesce(n.actual_arrive_time, 0)', 'coalesce(n.actual_leave_time, 0)')}) FROM waybill_nodes n WHERE n.waybill_id = w.id) AS last
     FROM waybills w ${versions.length ? 'LEFT ' : ''}JOIN waybill_temperature_ranges r ON r.waybill_id = w.id
     WHERE w.vehicle_id = ? AND w.is_deleted = 0`, vehicleId);
  const spans = rows
    .filter((r) => r.first !== null)
    .map((r) => ({ ...r, from: r.first!, to: r.status === WaybillStatus.IN_TRANSIT ? Infinity : Math.max(r.first!, r.last ?? 0) }))
    .filter((trip) => trip.from <= to && trip.to >= from);
  const ruled = spans.filter((r) => r.tempMin === null);
  const facts = ruled.length ? await loadFactsOf(conn, corpId, ruled.map((r) => r.waybillId)) : new Map<number, WaybillFacts>();
  const trips = spans
    .flatMap((r): RangedTrip[] => (r.tempMin !== null
      ? [{ waybillId: r.waybillId, tempMin: r.tempMin, tempMax: r.tempMax!, from: r.from, to: r.to }]
      : ruledPieces(r, versions, facts.get(r.waybillId))))
    .sort((a, b) => a.from - b.from || a.waybillId - b.waybillId);
  return { mask: vehicle ? temperatureMask(vehicle) : 0, fallback: { tempMin, tempMax }, trips };
}
