// What a temperature rule would have done over the last 30 days, before it is saved (docs/rules.md
// "Preview"): for every waybill whose trip overlaps the window and that the rule would have judged
// (the most specific rule in force at the trip's start, the candidate standing in for the rule it
// edits, for the whole window), the alarms its range and duration give over the trip's stored
// readings — through the alarm engine's own temperature rule, as a finished trip is judged when it is
// replayed. Nothing is written.
import type { Conn } from '../../../resources/statements.ts';
import { all } from '../../../resources/statements.ts';
import { DAY_MS, formatTime } from '../../../resources/time.ts';
import { greatest } from '../../../db/dialect.ts';
import { readTrack, timeSlice } from '../../../tracking/store/store.ts';
import type { TrackColumns } from '../../../tracking/columns.ts';
import { settingsOf } from '../../../alarms/settings.ts';
import { temperatureMask } from '../../../alarms/temperature-range.ts';
import { temperatureRule as temperatureAlarm } from '../../../alarms/rules/temperature.ts';
import { eachWindow } from '../../../alarms/rules/rule.ts';
import { BUSINESS_KINDS } from '../../../alarms/catalogue.ts';
import { WaybillStatus } from '../../workflow/waybill-machine.ts';
import { loadFactsOf } from '../../settlement/pricing/facts-loader.ts';
import { chooseRule } from '../choose.ts';
import { versionsDuring } from '../versions.ts';
import { waybillFactValues, waybillScope } from '../waybill-rules.ts';
import { temperatureRuleType, type TemperatureRuleRecord } from '../types/temperature.ts';
import { PREVIEW_DAYS, type PreviewTable } from './preview-table.ts';
import { candidateRule } from './candidate.ts';
import { waybillPartsFor } from './facts-needed.ts';
import { rulesInForce } from './rules-in-force.ts';
import { alarmRecipientsOfEach, type AlarmParties } from '../../../notify/recipients.ts';

/** The waybills whose alarms the answer lists one by one (the counts cover them all). */
const LISTED = 200;

interface TripRow { waybillId: number; waybillNo: string; vehicleId: number; carrierId: number | null; status: number; first: number | null; last: number | null }

export interface PreviewAlarm { beginTime: number; endTime: number; beginTimeStr: string; endTimeStr: string; durationMinutes: number; peakValue: number; content: string }
export interface PreviewWaybill {
  waybillId: number; waybillNo: string; plateNo: string;
  /** The stretch of the trip judged (inside the window). */
  tripFrom: number; tripTo: number; tripFromStr: string; tripToStr: string;
  alarms: PreviewAlarm[];
  /** Temperature alarms the waybill has now (as judged by the rules that were in force). */
  currentAlarms: number;
}
export interface PreviewResult extends PreviewTable {
  fromStr: string; toStr: string;
  /** Waybills the rule would have judged. */
  matched: number;
  /** Of those, the waybills it would have alarmed on, and the alarms. */
  alarmedWaybills: number;
  alarms: number;
  /** Temperature alarms the matched waybills have now. */
  currentAlarms: number;
  /** The alarm contacts its alarms would have notified (server/notify/recipients.ts), each once. */
  notifiedContacts: number;
  waybills: PreviewWaybill[];
}

// The vehicle's columns come by a second read (few vehicles): joined here, SQLite walks each temperature
// vehicle's whole waybill history instead of the window's waybills (3 s against 1 s on the bench file).
// The window's ids come from the update index first, then their rows by id: SQLite fetches them (and
// their nodes) in id order, each page once, instead of one page per row in update order (0.6–0.8 s CPU
// against 1.5–1.7 s on the bench file, and no sort).
const TRIPS_SQL = (conn: Conn) => `SELECT w.id AS "waybillId", w.waybill_no AS "waybillNo", w.vehicle_id AS "vehicleId", w.carrier_id AS "carrierId", w.status,
    (SELECT min(n.actual_arrive_time) FROM waybill_nodes n WHERE n.waybill_id = w.id) AS first,
    (SELECT max(${greatest(conn, 'coalesce(n.actual_arrive_time, 0)', 'coalesce(n.actual_leave_time, 0)')}) FROM waybill_nodes n WHERE n.waybill_id = w.id) AS last
  FROM waybills w
  WHERE w.id IN (SELECT id FROM waybills WHERE corp_id = ? AND is_deleted = 0 AND updated_at >= ?)
    AND EXISTS (SELECT 1 FROM vehicles v WHERE v.id = w.vehicle_id AND v.gather_temperature = 1)
    AND NOT EXISTS (SELECT 1 FROM waybill_temperature_ranges r WHERE r.waybill_id = w.id)
  ORDER BY w.id`;

type VehicleRow = { id: number; plateNo: string; carrierId: number | null; gatherTemperature: number; temperaturectrl: number };
const temperatureVehicles = async (conn: Conn, corpId: number) => new Map((await all<VehicleRow>(conn,
  'SELECT id, vehicle_no AS "plateNo", carrier_id AS "carrierId", gather_temperature AS "gatherTemperature", temperaturectrl FROM vehicles WHERE corp_id = ? AND gather_temperature = 1', corpId))
  .map((v) => [v.id, v]));

export async function previewTemperatureRule(conn: Conn, corpId: number, candidate: Record<string, unknown>, editedId: number | null, now = Date.now()): Promise<PreviewResult> {
  const from = now - PREVIEW_DAYS * DAY_MS;
  const rule = candidateRule<TemperatureRuleRecord>(candidate, editedId, { channels: null, toleranceMinutes: 5 });
  const effect = temperatureRuleType.effectOf(rule);
  const others = (await versionsDuring<TemperatureRuleRecord>(conn, corpId, temperatureRuleType.key, from, now)).filter((v) => v.rule.id !== rule.id);
  const vehicles = await temperatureVehicles(conn, corpId);
  const trips = (await all<TripRow>(conn, TRIPS_SQL(conn), corpId, from))
    .filter((r) => vehicles.has(r.vehicleId) && r.first !== null && r.first <= now && (r.status === WaybillStatus.IN_TRANSIT || Math.max(r.first, r.last ?? 0) >= from));
  const settings = { ...(await settingsOf(conn, corpId, null)), tempMin: effect.tempMin, tempMax: effect.tempMax, tempMinMs: effect.toleranceMs };
  // Only the facts the rules in play can test (who an alarm notifies is read apart, for the alarmed waybills only).
  const facts = await loadFactsOf(conn, corpId, trips.map((t) => t.waybillId), waybillPartsFor([...others.map((v) => v.rule), rule]));
  const rulesOf = rulesInForce(others, [rule]);
  const result: PreviewResult = { fromStr: formatTime(from), toStr: formatTime(now), matched: 0, alarmedWaybills: 0, alarms: 0, currentAlarms: 0, notifiedContacts: 0, waybills: [], summary: [], columns: COLUMNS, rows: [] };
  const matched: TripRow[] = [];
  // The alarmed waybills' parties: who their alarms notify is asked once for all of them, after the loop.
  const alarmed: AlarmParties[] = [];
  const contactIds = Array.isArray(rule.contactIds) ? (rule.contactIds as number[]) : [];
  for (const trip of trips) {
    const f = facts.get(trip.waybillId);
    const at = Math.max(trip.first!, from);
    if (f && chooseRule(rulesOf(at), at, waybillScope(f), waybillFactValues(f)) === rule) matched.push(trip);
  }
  result.matched = matched.length;
  const current = await currentAlarmCounts(conn, matched.map((t) => t.waybillId));
  const spanOf = (trip: TripRow) => ({
    start: Math.max(trip.first!, from),
    to: trip.status === WaybillStatus.IN_TRANSIT ? now : Math.min(now, Math.max(trip.first!, trip.last ?? 0)),
  });
  // Each vehicle's track is read once, over the span of all its trips, and each trip judged on its slice.
  const reach = new Map<number, { start: number; to: number }>();
  for (const trip of matched) {
    const span = spanOf(trip);
    const r = reach.get(trip.vehicleId);
    reach.set(trip.vehicleId, r ? { start: Math.min(r.start, span.start), to: Math.max(r.to, span.to) } : span);
  }
  const tracks = new Map<number, TrackColumns>();
  for (const [vehicleId, r] of reach) tracks.set(vehicleId, await readTrack(conn, vehicleId, r.start, r.to));
  for (const trip of matched) {
    const { start, to } = spanOf(trip);
    const cols = timeSlice(tracks.get(trip.vehicleId)!, start, to);
    const vehicle = vehicles.get(trip.vehicleId)!;
    const tempMask = temperatureMask(vehicle) & (effect.channelMask ?? -1);
    const input = { cols, settings, fences: [], onWaybill: true, doorMask: 0, tempMask };
    // As a finished trip replayed in one batch: a run counts once it lasted the rule's duration.
    const alarms = [...eachWindow(temperatureAlarm.applies(input) ? temperatureAlarm.windows(input) : [])]
      .map((w) => ({ beginTime: cols.gpsTime[w.from], endTime: cols.gpsTime[w.to], peak: w.peak }))
      .filter((w) => w.endTime - w.beginTime >= effect.toleranceMs)
      .map((w) => ({
        beginTime: w.beginTime, endTime: w.endTime, beginTimeStr: formatTime(w.beginTime), endTimeStr: formatTime(w.endTime),
        durationMinutes: Math.round((w.endTime - w.beginTime) / 60_000), peakValue: w.peak,
        content: temperatureAlarm.describe(w.peak, w.endTime - w.beginTime, settings),
      }));
    const currentAlarms = current.get(trip.waybillId) ?? 0;
    result.currentAlarms += currentAlarms;
    if (alarms.length) {
      result.alarmedWaybills++;
      result.alarms += alarms.length;
      alarmed.push({ waybillId: trip.waybillId, carrierId: trip.carrierId ?? vehicle.carrierId });
    }
    if (result.waybills.length < LISTED && (alarms.length || currentAlarms)) {
      result.waybills.push({ waybillId: trip.waybillId, waybillNo: trip.waybillNo, plateNo: vehicle.plateNo, tripFrom: start, tripTo: to, tripFromStr: formatTime(start), tripToStr: formatTime(to), alarms, currentAlarms });
    }
  }
  const notified = new Set((await alarmRecipientsOfEach(conn, corpId, alarmed, contactIds)).flatMap((rs) => rs.map((r) => r.contactId)));
  result.notifiedContacts = notified.size;
  result.summary = [
    { label: '预览区间', value: `${result.fromStr} 至 ${result.toStr}` },
    { label: '适用运单', value: `${result.matched}单` },
    { label: '将报警运单', value: `${result.alarmedWaybills}单` },
    { label: '将产生报警', value: `${result.alarms}条` },
    { label: '这些运单现有温度报警', value: `${result.currentAlarms}条` },
    { label: '将通知报警联系人', value: `${result.notifiedContacts}人` },
  ];
  result.rows = result.waybills.flatMap((w): Record<string, unknown>[] => {
    const base = { waybillNo: w.waybillNo, plateNo: w.plateNo, currentAlarms: w.currentAlarms };
    return w.alarms.length
      ? w.alarms.map((a) => ({ ...base, beginTimeStr: a.beginTimeStr, endTimeStr: a.endTimeStr, durationMinutes: a.durationMinutes, content: a.content }))
      : [{ ...base, beginTimeStr: '', endTimeStr: '', durationMinutes: null, content: '不报警' }];
  });
  return result;
}

const COLUMNS = [
  { key: 'waybillNo', title: '运单号' }, { key: 'plateNo', title: '车牌号' }, { key: 'beginTimeStr', title: '报警开始' },
  { key: 'endTimeStr', title: '报警结束' }, { key: 'durationMinutes', title: '持续(分钟)' }, { key: 'content', title: '报警内容' },
  { key: 'currentAlarms', title: '现有温度报警' },
];

async function currentAlarmCounts(conn: Conn, waybillIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < waybillIds.length; i += 500) {
    const part = waybillIds.slice(i, i + 500);
    const rows = await all<{ waybillId: number; n: number }>(conn,
      `SELECT waybill_id AS "waybillId", count(*) AS n FROM alarms WHERE last_alarm_type = ? AND confirmed = 1 AND waybill_id IN (${part.map(() => '?').join(', ')}) GROUP BY waybill_id`,
      BUSINESS_KINDS.temperature.lastAlarmType, ...part);
    for (const r of rows) out.set(r.waybillId, Number(r.n));
  }
  return out;
}
