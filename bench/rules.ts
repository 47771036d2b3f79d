// `npm run bench -- rules`: the rule engine's evaluation against a hand-written loop that applies the
// same rules with no engine (issue 18: at most 1.5×), in one process and one run.
//
// - 500 rules of two types: 300 temperature rules judged per waybill, 200 delegate rules judged per order,
//   with scopes (customer, carrier, business type, lines by province or city) and conditions drawn from a
//   few shapes (a goods category, a weight bound, a distance range, a set of temperature classes).
// - 1,000,000 events (600,000 waybills, 400,000 orders): the engine is `chooseRule` (server/domain/rules/
//   choose.ts) over the type's rules; the peer is a loop over the same rules written out field by field,
//   conditions as plain comparisons. Both must choose the same rule for every event (checked).
// - 10,000,000 temperature readings in 10,000 trips of 1,000: the engine is the alarm engine's temperature
//   rule (server/alarms/rules/temperature.ts) with the range of each trip's chosen rule; the peer a plain
//   loop finding the runs outside the range and their worst readings. Both must find the same runs (checked).
// The sides run in turns, three rounds, best of each. Nothing touches a database.
// Then each type's 30-day preview over the million-waybill database, against the 5 s limit (rules-preview.ts).
// Options: --engine (the engine against the loop only), --previews (the previews only).
import { performance } from 'node:perf_hooks';
import { chooseRule, compareRules } from '../server/domain/rules/choose.ts';
import type { Condition, FactValues, RuleRecord, ScopeFacts } from '../server/domain/rules/rule-type.ts';
import { samePlace } from '../server/domain/settlement/pricing/place-names.ts';
import { temperatureRule as temperatureAlarm } from '../server/alarms/rules/temperature.ts';
import { DEFAULT_SETTINGS } from '../server/alarms/settings.ts';
import { emptyColumns, TEMP_NONE, type TrackColumns } from '../server/tracking/columns.ts';
import { collectGarbage, ratio, table, threadCpuMs } from './stats.ts';
import { loadavg } from 'node:os';
import { previewBench } from './rules-preview.ts';

const RULES = { temperature: 300, delegate: 200 };
const EVENTS = { temperature: 600_000, delegate: 400_000 };
const TRIPS = 10_000;
const POINTS_PER_TRIP = 1_000;
const TARGET = 1.5;
const AT = Date.UTC(2026, 10, 20, 2);

/** A small deterministic generator: the same rules and events every run. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}
const PROVINCES = ['河南省', '山东省', '广东省', '浙江省', '江苏省', '四川省'];
const CITIES: Record<string, string[]> = {
  河南省: ['郑州市', '洛阳市'], 山东省: ['济南市', '青岛市'], 广东省: ['广州市', '深圳市'], 浙江省: ['杭州市', '宁波市'], 江苏省: ['南京市', '苏州市'], 四川省: ['成都市', '绵阳市'],
};
/** A rule names a place as people type it: sometimes without its suffix. */
const typed = (name: string, r: () => number) => (r() < 0.5 ? name.replace(/[省市]$/, '') : name);

type BenchRule = RuleRecord & { tempMin: number; tempMax: number };

function makeRules(type: string, n: number, r: () => number): BenchRule[] {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  return Array.from({ length: n }, (_, i): BenchRule => {
    const origin = pick(PROVINCES);
    const dest = pick(PROVINCES);
    const conditions: Condition[] = [];
    const shape = r();
    if (shape < 0.25) conditions.push({ field: 'goodsCategory', operator: 'eq', value: pick([3, 4, 5]) });
    else if (shape < 0.45) conditions.push({ field: 'weightT', operator: 'gt', value: Math.round(r() * 20) });
    else if (shape < 0.6) conditions.push({ field: 'distanceKm', operator: 'between', value: [100, 100 + Math.round(r() * 900)] });
    else if (shape < 0.75) conditions.push({ field: 'temperatureClass', operator: 'in', value: [3, 4] });
    const tempMin = -20 + Math.round(r() * 20);
    return {
      id: i + 1, ruleName: `${type}${i}`, status: r() < 0.1 ? 1 : 0, priority: Math.floor(r() * 3),
      validFrom: r() < 0.2 ? AT - 30 * 86_400_000 : null, validTo: r() < 0.1 ? AT - 86_400_000 : null,
      customerId: r() < 0.4 ? 1 + Math.floor(r() * 50) : null,
      carrierId: type === 'temperature' && r() < 0.2 ? 1 + Math.floor(r() * 20) : null,
      businessType: r() < 0.2 ? Math.floor(r() * 4) : null,
      originProvince: r() < 0.5 ? typed(origin, r) : null, originCity: r() < 0.2 ? typed(pick(CITIES[origin]), r) : null,
      destProvince: r() < 0.4 ? typed(dest, r) : null, destCity: null,
      conditions: conditions.length ? conditions : null, tempMin, tempMax: tempMin + 4 + Math.round(r() * 6),
    };
  });
}

interface BenchEvent { scope: ScopeFacts; facts: FactValues }

function makeEvents(n: number, r: () => number): BenchEvent[] {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  return Array.from({ length: n }, () => {
    const op = pick(PROVINCES);
    const dp = pick(PROVINCES);
    return {
      scope: {
        customerIds: [1 + Math.floor(r() * 50)], carrierId: 1 + Math.floor(r() * 20), businessType: Math.floor(r() * 4),
        origin: { province: op, city: pick(CITIES[op]) }, destination: { province: dp, city: pick(CITIES[dp]) },
      },
      facts: { goodsCategory: [pick([3, 4, 5, 6])], weightT: Math.round(r() * 300) / 10, distanceKm: Math.round(r() * 1200), temperatureClass: pick([1, 2, 3, 4]) },
    };
  });
}

/** The peer: the same rules as plain data, matched field by field with no operator strings. */
interface PlainRule {
  rule: BenchRule; live: boolean; from: number; until: number; customer: number; carrier: number; businessType: number;
  originProvince: string | null; originCity: string | null; destProvince: string | null;
  goodsCategory: number; weightAbove: number; distanceLow: number; distanceHigh: number; coldOnly: boolean;
}

function plain(rules: readonly BenchRule[]): PlainRule[] {
  return [...rules].sort(compareRules).map((rule) => {
    const c = rule.conditions?.[0];
    const value = c?.value as number | number[] | undefined;
    return {
      rule, live: rule.status === 0, from: rule.validFrom ?? -Infinity,
      // The end of validTo's Shanghai day.
      until: rule.validTo === null ? Infinity : Math.floor((rule.validTo + 8 * 3_600_000) / 86_400_000) * 86_400_000 - 8 * 3_600_000 + 86_400_000,
      customer: rule.customerId ?? 0, carrier: rule.carrierId ?? 0, businessType: rule.businessType ?? -1,
      originProvince: rule.originProvince, originCity: rule.originCity, destProvince: rule.destProvince,
      goodsCategory: c?.field === 'goodsCategory' ? (value as number) : 0,
      weightAbove: c?.field === 'weightT' ? (value as number) : -Infinity,
      distanceLow: c?.field === 'distanceKm' ? (value as number[])[0] : -Infinity,
      distanceHigh: c?.field === 'distanceKm' ? (value as number[])[1] : Infinity,
      coldOnly: c?.field === 'temperatureClass',
    };
  });
}

/** Rules sorted most specific first: the first that matches wins. */
function handChoose(rules: readonly PlainRule[], e: BenchEvent): BenchRule | null {
  const s = e.scope;
  const f = e.facts as { goodsCategory: number[]; weightT: number; distanceKm: number; temperatureClass: number };
  for (const p of rules) {
    if (!p.live || AT < p.from || AT >= p.until) continue;
    if (p.customer && s.customerIds[0] !== p.customer) continue;
    if (p.carrier && s.carrierId !== p.carrier) continue;
    if (p.businessType >= 0 && s.businessType !== p.businessType) continue;
    if (p.originProvince && !samePlace(p.originProvince, s.origin.province!)) continue;
    if (p.originCity && !samePlace(p.originCity, s.origin.city!)) continue;
    if (p.destProvince && !samePlace(p.destProvince, s.destination.province!)) continue;
    if (p.goodsCategory && f.goodsCategory[0] !== p.goodsCategory) continue;
    if (!(f.weightT > p.weightAbove)) continue;
    if (f.distanceKm < p.distanceLow || f.distanceKm > p.distanceHigh) continue;
    if (p.coldOnly && f.temperatureClass !== 3 && f.temperatureClass !== 4) continue;
    return p.rule;
  }
  return null;
}

function trips(r: () => number): TrackColumns[] {
  return Array.from({ length: TRIPS }, (_, trip) => {
    const cols = emptyColumns(POINTS_PER_TRIP, 1);
    let temp = -10 + r() * 15;
    for (let i = 0; i < POINTS_PER_TRIP; i++) {
      cols.gpsTime[i] = AT + trip * 86_400_000 + i * 30_000;
      temp += (r() - 0.5) * 0.8;
      cols.temps[0]![i] = r() < 0.001 ? TEMP_NONE : temp;
    }
    return cols;
  });
}

/** The peer of the alarm engine's temperature rule: runs of readings outside [min, max], split at gaps, with the worst reading of each. */
function handRuns(cols: TrackColumns, min: number, max: number, maxGapMs: number): number[] {
  const t = cols.gpsTime;
  const v = cols.temps[0]!;
  const out: number[] = [];
  let from = -1;
  let peak = 0;
  let peakExcess = 0;
  for (let i = 0; i < cols.length; i++) {
    const x = v[i];
    const excess = x === TEMP_NONE ? 0 : x > max ? x - max : x < min ? min - x : 0;
    const on = excess > 0;
    if (from >= 0 && (!on || t[i] - t[i - 1] > maxGapMs)) {
      out.push(from, i - 1, peak);
      from = -1;
    }
    if (!on) continue;
    if (from < 0) ((from = i), (peak = x), (peakExcess = excess));
    else if (excess > peakExcess) ((peak = x), (peakExcess = excess));
  }
  if (from >= 0) out.push(from, cols.length - 1, peak);
  return out;
}

/** A side timed from a collected heap (it pays for its own garbage, not the previous side's): wall ms and the main thread's CPU ms. */
function timed<T>(run: () => T): { ms: number; cpuMs: number; value: T } {
  collectGarbage();
  const cpu = threadCpuMs();
  const start = performance.now();
  const value = run();
  return { ms: performance.now() - start, cpuMs: threadCpuMs() - cpu, value };
}

export async function main(args: string[]) {
  // --engine or --previews runs one half alone (a profile, or a re-run of the half that changed).
  if (!args.includes('--previews')) engineBench();
  if (args.includes('--engine')) return;
  console.log('\n30-day previews over the million-waybill database (.bench/waybill-list.db, built on first use):');
  await previewBench((line) => console.log(line));
}

function engineBench() {
  const r = rng(20261127);
  const rules = { temperature: makeRules('temperature', RULES.temperature, r), delegate: makeRules('delegate', RULES.delegate, r) };
  const events = { temperature: makeEvents(EVENTS.temperature, r), delegate: makeEvents(EVENTS.delegate, r) };
  const plainRules = { temperature: plain(rules.temperature), delegate: plain(rules.delegate) };
  const readings = trips(r);
  console.log(`rules: ${RULES.temperature + RULES.delegate} (${RULES.temperature} temperature, ${RULES.delegate} delegate); events: ${(EVENTS.temperature + EVENTS.delegate).toLocaleString()}; readings: ${(TRIPS * POINTS_PER_TRIP).toLocaleString()} in ${TRIPS.toLocaleString()} trips`);

  const engineEvents = () => {
    const chosen: (BenchRule | null)[] = [];
    for (const type of ['temperature', 'delegate'] as const) for (const e of events[type]) chosen.push(chooseRule(rules[type], AT, e.scope, e.facts));
    return chosen;
  };
  const handEvents = () => {
    const chosen: (BenchRule | null)[] = [];
    for (const type of ['temperature', 'delegate'] as const) for (const e of events[type]) chosen.push(handChoose(plainRules[type], e));
    return chosen;
  };
  // Each trip judged by the rule chosen for one of the temperature events (the first 10,000): its
  // thresholds made once, after the first round's choice, as the alarm engine's caller gets them
  // (settingsOf); both sides read the same objects.
  let settings: (typeof DEFAULT_SETTINGS)[] = [];
  const engineReadings = () => readings.map((cols, i) =>
    temperatureAlarm.windows({ cols, settings: settings[i], fences: [], onWaybill: true, doorMask: 0, tempMask: 1 }));
  const handReadings = () => readings.map((cols, i) => handRuns(cols, settings[i].tempMin, settings[i].tempMax, temperatureAlarm.maxGapMs));

  const best = { engineEvents: Infinity, handEvents: Infinity, engineReadings: Infinity, handReadings: Infinity };
  const cpu = { engineEvents: Infinity, handEvents: Infinity, engineReadings: Infinity, handReadings: Infinity };
  let matched = 0;
  console.log(`load average before: ${loadavg().map((x) => x.toFixed(2)).join(', ')}`);
  for (let round = 0; round < 7; round++) {
    const a = timed(engineEvents);
    const b = timed(handEvents);
    if (round === 0) {
      const differ = a.value.findIndex((x, i) => x !== b.value[i]);
      if (differ >= 0) throw new Error(`事件${differ}：引擎与手写循环选出的规则不同`);
      matched = a.value.filter(Boolean).length;
      settings = readings.map((_, i) => {
        const rule = a.value[i];
        return rule ? { ...DEFAULT_SETTINGS, tempMin: rule.tempMin, tempMax: rule.tempMax } : DEFAULT_SETTINGS;
      });
    }
    const c = timed(engineReadings);
    const d = timed(handReadings);
    if (round === 0) {
      // Both answer the runs as flat triples [from, to, peak, …] (the engine's AlarmWindows).
      const differ = c.value.findIndex((x, i) => x.join() !== d.value[i].join());
      if (differ >= 0) throw new Error(`行程${differ}：引擎与手写循环找到的超温区段不同`);
    }
    best.engineEvents = Math.min(best.engineEvents, a.ms);
    best.handEvents = Math.min(best.handEvents, b.ms);
    best.engineReadings = Math.min(best.engineReadings, c.ms);
    best.handReadings = Math.min(best.handReadings, d.ms);
    cpu.engineEvents = Math.min(cpu.engineEvents, a.cpuMs);
    cpu.handEvents = Math.min(cpu.handEvents, b.cpuMs);
    cpu.engineReadings = Math.min(cpu.engineReadings, c.cpuMs);
    cpu.handReadings = Math.min(cpu.handReadings, d.cpuMs);
  }
  const load = loadavg().map((x) => x.toFixed(2)).join(', ');
  const eventCount = EVENTS.temperature + EVENTS.delegate;
  const pointCount = TRIPS * POINTS_PER_TRIP;
  const perSecond = (n: number, ms: number) => Math.round(n / (ms / 1000)).toLocaleString();
  const verdict = (x: number) => (x <= TARGET ? 'met' : 'NOT met');
  console.log(`events with a rule: ${matched.toLocaleString()} of ${eventCount.toLocaleString()}; same choices and same runs on both sides: yes\n`);
  // The verdict is on wall time, as the issue states it; the main thread's CPU ms beside it are the
  // figures to compare when other processes share the cores.
  const line = (what: string, n: number, e: 'engineEvents' | 'engineReadings', h: 'handEvents' | 'handReadings') => [
    what, best[e].toFixed(0), perSecond(n, best[e]), best[h].toFixed(0), perSecond(n, best[h]), `${ratio(best[e], best[h]).toFixed(2)}x`,
    cpu[e].toFixed(0), cpu[h].toFixed(0), `${ratio(cpu[e], cpu[h]).toFixed(2)}x`, verdict(ratio(best[e], best[h])),
  ];
  console.log(table([
    ['what', 'engine ms', 'engine /s', 'hand-written ms', 'hand-written /s', 'ratio', 'engine cpu ms', 'hand cpu ms', 'cpu ratio', `verdict (<= ${TARGET}x)`],
    line('choose a rule per event', eventCount, 'engineEvents', 'handEvents'),
    line('judge the readings', pointCount, 'engineReadings', 'handReadings'),
  ]));
  console.log(`load average after: ${load}`);
}
