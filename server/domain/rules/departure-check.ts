// The departure check (docs/rules.md "Departure rules"): before a waybill 开始运输 or 离开装货地, every
// departure rule in force at the moment whose scope covers the waybill and which guards the action must
// have all its conditions hold; the first that does not (most specific first, as choose.ts orders
// rules) refuses the action with its 提示信息. One function serves the waybill actions, checkRule and
// the preview, so the three always agree.
import { failure } from '../../http/envelope.ts';
import { one, type Conn } from '../../resources/statements.ts';
import { readTrack } from '../../tracking/store/store.ts';
import { DOOR_BITS, TEMP_NONE, type TrackColumns } from '../../tracking/columns.ts';
import { settingsOf } from '../../alarms/settings.ts';
import { temperatureMask } from '../../alarms/temperature-range.ts';
import { loadFactsOf } from '../settlement/pricing/facts-loader.ts';
import type { WaybillFacts } from '../settlement/pricing/types.ts';
import { compareRules, scopeCovers, validAt } from './choose.ts';
import { conditionsHold } from './conditions.ts';
import type { Condition, FactValues, ScopeFacts } from './rule-type.ts';
import { rulesAt, versionsDuring } from './versions.ts';
import { waybillFactValues, waybillScope } from './waybill-rules.ts';
import { CHANNEL_FIELDS, departureRuleType, guards, splitConditions, type DepartureActionCode, type DepartureRuleRecord } from './types/departure.ts';

const MIN = 60_000;
/** A reading older than this at the moment says nothing about the vehicle now: its facts are absent. */
export const FRESH_MINUTES = 30;
/** How far back pre-cooling is traced; a vehicle in range for longer counts this many minutes. */
export const PRECOOL_LOOKBACK_MINUTES = 720;

interface VehicleRow { gatherTemperature: number; temperaturectrl: number; detectDoor: number; openDoorStatus: number }

/** The temperatures of the channels in `mask` at point i (no reading: left out). */
function readingsAt(cols: TrackColumns, i: number, mask: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let c = 0; c < cols.temps.length; c++) {
    if (!(mask & (1 << c))) continue;
    const v = cols.temps[c]?.[i];
    out.push(v === undefined || v === TEMP_NONE || !Number.isFinite(v) ? null : v);
  }
  return out;
}

/**
 * Minutes the readings have been inside [min, max] up to point `last`: from the first in-range point
 * after the last point with a channel outside (0 when the latest is outside). Points with no reading
 * neither start nor break the stretch. In range over the whole lookback: the minutes since its first point.
 */
function minutesInRange(cols: TrackColumns, last: number, mask: number, min: number, max: number, at: number): number | null {
  let since: number | null = null;
  for (let i = last; i >= 0; i--) {
    const values = readingsAt(cols, i, mask).filter((v): v is number => v !== null);
    if (values.length === 0) continue;
    if (values.some((v) => v < min || v > max)) break;
    since = cols.gpsTime[i];
  }
  return since === null ? 0 : Math.floor((at - since) / MIN);
}

/** What the vehicle's track says at `at`: its latest temperatures, its doors and how long it has been pre-cooled. */
async function vehicleFactsAt(conn: Conn, corpId: number, waybillId: number, vehicleId: number | null, at: number): Promise<FactValues> {
  const none: FactValues = { temperature: null, doorOpen: null, precooledMinutes: null };
  for (let c = 1; c <= CHANNEL_FIELDS; c++) none[`temperature${c}`] = null;
  if (vehicleId === null) return none;
  const vehicle = await one<VehicleRow>(conn, `SELECT gather_temperature AS "gatherTemperature", temperaturectrl, detect_door AS "detectDoor",
    open_door_status AS "openDoorStatus" FROM vehicles WHERE id = ?`, vehicleId);
  if (!vehicle) return none;
  const cols = await readTrack(conn, vehicleId, at - PRECOOL_LOOKBACK_MINUTES * MIN, at);
  const last = cols.length - 1;
  if (last < 0 || at - cols.gpsTime[last] > FRESH_MINUTES * MIN) return none;
  const out: FactValues = { ...none };
  const collected = temperatureMask(vehicle);
  if (collected) {
    out.temperature = readingsAt(cols, last, collected).filter((v) => v !== null);
    for (let c = 1; c <= CHANNEL_FIELDS; c++) if (collected & (1 << (c - 1))) out[`temperature${c}`] = readingsAt(cols, last, 1 << (c - 1))[0] ?? null;
    // Pre-cooled into the range the waybill's load is held to at that moment (its own, a temperature rule's, the corporation's).
    const range = await settingsOf(conn, corpId, waybillId, at);
    const watched = collected & (range.tempChannelMask ?? -1);
    out.precooledMinutes = watched ? minutesInRange(cols, last, watched, range.tempMin, range.tempMax, at) : null;
  }
  if (vehicle.detectDoor && vehicle.openDoorStatus & DOOR_BITS) out.doorOpen = cols.status[last] & vehicle.openDoorStatus & DOOR_BITS ? 1 : 0;
  return out;
}

/**
 * The facts a departure rule's conditions test, for a waybill at `at` (the moment the action says it
 * happened), with the load counted as confirmed when 确认装货 was recorded by `recordedAt` (the moment
 * the action itself is recorded).
 */
export async function departureFacts(conn: Conn, corpId: number, facts: WaybillFacts, at: number, recordedAt: number): Promise<FactValues> {
  const w = await one<{ vehicleId: number | null }>(conn, 'SELECT vehicle_id AS "vehicleId" FROM waybills WHERE id = ?', facts.waybillId);
  const loaded = await one(conn, "SELECT 1 AS x FROM waybill_events WHERE waybill_id = ? AND action = 'confirmLoad' AND at <= ?", facts.waybillId, recordedAt);
  return {
    ...waybillFactValues(facts),
    ...(await vehicleFactsAt(conn, corpId, facts.waybillId, w?.vehicleId ?? null, at)),
    loadConfirmed: loaded ? 1 : 0,
  };
}

/**
 * Of the rules as they stood at `at`, the one that refuses the action (pure): in force, covering the
 * waybill (scope and conditions on the load), guarding the action, a condition on the moment failing.
 */
export function refusingRule<R extends DepartureRuleRecord>(rules: readonly R[], action: DepartureActionCode, at: number, scope: ScopeFacts, facts: FactValues): R | null {
  const guarding = rules.filter((r) => validAt(r, at) && scopeCovers(r, scope) && guards(r, action)
    && conditionsHold(splitConditions(r.conditions).covers, facts)).sort(compareRules);
  return guarding.find((r) => !conditionsHold(splitConditions(r.conditions).requires, facts)) ?? null;
}

/** The conditions of a rule that fail on the facts, each with the value judged. */
export const unmetConditions = (rule: DepartureRuleRecord, facts: FactValues) =>
  splitConditions(rule.conditions).requires.filter((c: Condition) => !conditionsHold([c], facts)).map((c) => ({ ...c, actual: facts[c.field] ?? null }));

export interface DepartureVerdict {
  pass: boolean;
  rule: DepartureRuleRecord | null;
  facts: FactValues | null;
}

/** The departure check of one waybill: the rules versions in force at `at` judge the facts of `at`. */
export async function checkDeparture(conn: Conn, corpId: number, waybillId: number, action: DepartureActionCode, at: number, recordedAt = at): Promise<DepartureVerdict> {
  const rules = rulesAt(await versionsDuring<DepartureRuleRecord>(conn, corpId, departureRuleType.key, at, at), at);
  // No rule guards the action: nothing else is read.
  if (!rules.some((r) => guards(r, action))) return { pass: true, rule: null, facts: null };
  const facts = (await loadFactsOf(conn, corpId, [waybillId])).get(waybillId);
  if (!facts) return { pass: true, rule: null, facts: null };
  const values = await departureFacts(conn, corpId, facts, at, recordedAt);
  const rule = refusingRule(rules, action, at, waybillScope(facts), values);
  return { pass: rule === null, rule, facts: values };
}

/** Refuses the action (code 0, the rule's 提示信息) when a departure rule in force is not met. */
export async function guardDeparture(conn: Conn, corpId: number, waybillId: number, action: DepartureActionCode, at: number, recordedAt: number): Promise<void> {
  const verdict = await checkDeparture(conn, corpId, waybillId, action, at, recordedAt);
  if (verdict.rule) throw failure(verdict.rule.message, { ruleId: verdict.rule.id, ruleName: verdict.rule.ruleName, unmet: unmetConditions(verdict.rule, verdict.facts!) });
}
