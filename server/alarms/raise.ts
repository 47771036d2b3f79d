// raiseAlarms: the rules applied to a batch of points just stored for a vehicle. An alarm whose
// condition still holds at the batch's last point stays open (status 1) and is continued by the
// next batch if that one starts with the condition holding; otherwise it ends (status 0). A
// condition shorter than its rule's minimum is kept unconfirmed (hidden) while open and dropped
// if it ends that short. A batch older than an open alarm (late points) only adds ended alarms,
// and a run already covered by an alarm of the same kind is not raised twice (re-sent points).
import { all, insert, one, run, tx, type Conn } from '../resources/statements.ts';
import type { TrackColumns } from '../tracking/columns.ts';
import { contains, prepareFence, type PreparedFence } from '../tracking/analytics/fence.ts';
import { waybillFences } from '../tracking/fences-read.ts';
import { WaybillStatus } from '../domain/workflow/waybill-machine.ts';
import { OfflineGeocoder } from '../fences/geocode/offline.ts';
import { ALARM_TYPE, BUSINESS_KINDS, FIRST_BUSINESS, STATUS } from './catalogue.ts';
import { alarmEnabled, settingsOf } from './settings.ts';
import { enqueueAlarmNotifications } from '../notify/outbox.ts';
import { temperatureMask } from './temperature-range.ts';
import { eachWindow, RULES, type AlarmRule, type AlarmWindow, type RuleInput } from './rules/index.ts';

/** Names the place of a point (begin and end place of an alarm); '' when unknown. */
export type PlaceNamer = (lon: number, lat: number) => Promise<string>;

export interface RaiseResult {
  raised: number;
  continued: number;
  ended: number;
}

interface VehicleFacts {
  corpId: number;
  carrierId: number | null;
  driverId: number | null;
  detectDoor: number;
  openDoorStatus: number;
  gatherTemperature: number;
  temperaturectrl: number;
}

interface OpenAlarm {
  id: number;
  beginTime: number;
  endTime: number;
  peakValue: number;
  confirmed: number;
}

type WaybillFacts = { id: number; carrierId: number | null; driverId: number | null };

/**
 * A vehicle carries a waybill awaiting transport or in transit: the one its alarms are raised on,
 * and the vehicle monitor's current waybill (../tracking/monitor).
 */
export const CARRYING_STATUSES: readonly number[] = [WaybillStatus.AWAITING_TRANSPORT, WaybillStatus.IN_TRANSIT];

/** The waybill the vehicle is carrying, the latest touched. */
function currentWaybill(conn: Conn, vehicleId: number) {
  return one<WaybillFacts>(conn,
    `SELECT id, carrier_id AS carrierId, driver_id AS driverId FROM waybills
     WHERE vehicle_id = ? AND is_deleted = 0 AND status IN (${CARRYING_STATUSES.join(', ')})
     ORDER BY updated_at DESC, id DESC LIMIT 1`, vehicleId);
}

export interface RaiseOptions {
  now?: number;
  placeName?: PlaceNamer;
  /** The waybill the points belong to, when known (replaying a finished trip); else the vehicle's current one. */
  waybillId?: number;
  /** No points will follow (a finished trip replayed): what still holds at the last point ends there. */
  final?: boolean;
  /** Whether alarms confirmed by this batch notify their contacts (server/notify); default yes. The demo seed's replays of past trips do not. */
  notify?: boolean;
}

export async function raiseAlarms(conn: Conn, vehicleId: number, cols: TrackColumns, options: RaiseOptions = {}): Promise<RaiseResult> {
  const result: RaiseResult = { raised: 0, continued: 0, ended: 0 };
  const n = cols.length;
  if (n === 0) return result;
  const vehicle = await one<VehicleFacts>(conn,
    `SELECT corp_id AS corpId, carrier_id AS carrierId, driver_id AS driverId, detect_door AS detectDoor, open_door_status AS openDoorStatus,
       gather_temperature AS gatherTemperature, temperaturectrl FROM vehicles WHERE id = ?`, vehicleId);
  if (!vehicle) return result;
  const now = options.now ?? Date.now();
  const placeName = options.placeName ?? ((lon, lat) => new OfflineGeocoder(conn, vehicle.corpId).placeName(lon, lat));
  const waybill = (options.waybillId !== undefined
    ? await one<WaybillFacts>(conn, 'SELECT id, carrier_id AS carrierId, driver_id AS driverId FROM waybills WHERE id = ? AND vehicle_id = ?', options.waybillId, vehicleId)
    : await currentWaybill(conn, vehicleId)) ?? null;
  const routeFences = waybill ? await waybillFences(conn, waybill.id) : [];
  const fences: PreparedFence[] = routeFences.map((f) => prepareFence(f, 0));
  // The rules in force when the batch began judge it: a late batch by the rules of its time.
  const settings = await settingsOf(conn, vehicle.corpId, waybill?.id ?? null, cols.gpsTime[0]);
  const input: RuleInput = {
    cols, settings, fences, onWaybill: waybill !== null,
    doorMask: vehicle.detectDoor ? vehicle.openDoorStatus : 0,
    tempMask: temperatureMask(vehicle) & (settings.tempChannelMask ?? -1),
  };
  const t = cols.gpsTime;
  const areaAt = (i: number) => fences.find((f) => contains(f, cols.lon[i], cols.lat[i]))?.name ?? null;
  /** Alarms that became visible (confirmed) in this batch: their contacts are told, once each. */
  const confirmedNow: number[] = [];

  /** `open`: the rule's open alarm on the vehicle, the latest begun, if any. */
  const apply = async (rule: AlarmRule, open: OpenAlarm | null) => {
    const kind = BUSINESS_KINDS[rule.kind];
    const min = rule.minDurationMs(settings);
    const late = open !== null && t[n - 1] <= open.endTime;
    if (late) open = null;

    const close = async (row: OpenAlarm) => {
      if (row.confirmed) await run(conn, 'UPDATE alarms SET status = 0, version = version + 1 WHERE id = ?', row.id);
      else await run(conn, 'DELETE FROM alarms WHERE id = ?', row.id);
      result.ended++;
    };
    const endOf = (w: AlarmWindow) => ({ time: t[w.to], lon: cols.lon[w.to], lat: cols.lat[w.to] });

    // A rule that no longer applies (the waybill ended, say), or whose alarm is switched off (业务报警设置),
    // still ends its open alarm.
    for (const w of eachWindow(alarmEnabled(settings, rule.kind) && rule.applies(input) ? rule.windows(input) : [])) {
      const ongoing = !late && !options.final && w.to === n - 1;
      const end = endOf(w);
      if (open && w.from === 0 && t[0] - open.endTime <= rule.maxGapMs) {
        const peak = rule.worse(open.peakValue, w.peak, settings);
        const lasted = end.time - open.beginTime;
        const confirmed = lasted >= min ? 1 : 0;
        if (!ongoing && !confirmed) await run(conn, 'DELETE FROM alarms WHERE id = ?', open.id);
        else {
          await run(conn,
            // created_at is when the alarm became visible: the top bar's "new since" counts from it.
            `UPDATE alarms SET end_time = ?, end_lon = ?, end_lat = ?, end_place_name = ?, peak_value = ?, alarm_content = ?, status = ?,
               created_at = CASE WHEN confirmed = 0 AND ? = 1 THEN ? ELSE created_at END, confirmed = ?, version = version + 1 WHERE id = ?`,
            end.time, end.lon, end.lat, await placeName(end.lon, end.lat), peak, rule.describe(peak, lasted, settings), ongoing ? STATUS.ONGOING : STATUS.ENDED,
            confirmed, now, confirmed, open.id);
          if (confirmed && !open.confirmed) confirmedNow.push(open.id);
        }
        result.continued++;
        open = null;
        continue;
      }
      if (open) {
        await close(open);
        open = null;
      }
      const begin = t[w.from];
      const lasted = end.time - begin;
      const confirmed = lasted >= min ? 1 : 0;
      if (!ongoing && !confirmed) continue;
      const covered = await one(conn, 'SELECT 1 FROM alarms WHERE vehicle_id = ? AND last_alarm_type = ? AND begin_time <= ? AND end_time >= ?',
        vehicleId, kind.lastAlarmType, end.time, begin);
      if (covered) continue;
      const bLon = cols.lon[w.from];
      const bLat = cols.lat[w.from];
      const alarmId = await insert(conn,
        `INSERT INTO alarms (corp_id, vehicle_id, waybill_id, carrier_id, driver_id, first_alarm_type, last_alarm_type, alarm_type,
           begin_time, end_time, begin_lon, begin_lat, end_lon, end_lat, begin_place_name, end_place_name, area_name, alarm_content,
           peak_value, status, confirmed, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        vehicle.corpId, vehicleId, waybill?.id ?? null, waybill?.carrierId ?? vehicle.carrierId, waybill?.driverId ?? vehicle.driverId,
        FIRST_BUSINESS, kind.lastAlarmType, ALARM_TYPE.PERIOD, begin, end.time, bLon, bLat, end.lon, end.lat,
        await placeName(bLon, bLat), await placeName(end.lon, end.lat), areaAt(w.from), rule.describe(w.peak, lasted, settings), w.peak,
        ongoing ? STATUS.ONGOING : STATUS.ENDED, confirmed, now);
      if (confirmed) confirmedNow.push(alarmId);
      result.raised++;
    }
    // The condition no longer held when this batch began: the open alarm ended with the last batch.
    if (open) await close(open);
  };

  await tx(conn, async () => {
    // The vehicle's open alarms in one read for all the rules (a read each was most of a report's
    // statements): a rule changes only alarms of its own kind, so what one rule does never moves another's.
    const openRows = await all<OpenAlarm & { lastAlarmType: number }>(conn,
      `SELECT id, last_alarm_type AS "lastAlarmType", begin_time AS "beginTime", end_time AS "endTime", peak_value AS "peakValue", confirmed FROM alarms
       WHERE vehicle_id = ? AND last_alarm_type IN (${RULES.map(() => '?').join(', ')}) AND status = 1`, vehicleId, ...RULES.map((r) => BUSINESS_KINDS[r.kind].lastAlarmType));
    const latestOpen = (type: number) => openRows.reduce<OpenAlarm | null>((a, r) => (r.lastAlarmType === type && (!a || r.beginTime > a.beginTime) ? r : a), null);
    for (const rule of RULES) await apply(rule, latestOpen(BUSINESS_KINDS[rule.kind].lastAlarmType));
    // In the alarm's own transaction: an alarm and its notifications are kept together or not at all.
    if (options.notify !== false) {
      for (const alarmId of confirmedNow) await enqueueAlarmNotifications(conn, alarmId, settings.temperatureRule?.contactIds ?? [], now);
    }
  });
  return result;
}

/** Every open alarm of a vehicle (for tests and the ingestion's answer). */
export function openAlarms(conn: Conn, vehicleId: number) {
  return all<{ id: number; lastAlarmType: number; confirmed: number }>(conn,
    'SELECT id, last_alarm_type AS lastAlarmType, confirmed FROM alarms WHERE vehicle_id = ? AND status = 1 ORDER BY id', vehicleId);
}
