// Track and alarm data for the tracking reports (alarm statistics, temperature, parking
// abnormality, vehicle mileage): a few vehicles of two carriers (one of them the demo carrier
// user's) and one of the second corporation, three days of points each written through the
// store (so the day summaries are the store's own), and alarms of every kind and handling state.
// Two waybills with their own temperature range cover part of the days (set before the points are
// written, as in real life), so the temperature report judges readings by the range that applies.
// Deterministic (index-driven); the tests rebuild the same points with `fixtureTrack`.
import type { Database } from '../../server/db/port.ts';
import type { TrackPoint } from '../../server/tracking/columns.ts';
import { pointsToColumns } from '../../server/tracking/store/merge.ts';
import { writeTrack } from '../../server/tracking/store/store.ts';
import { insertWaybill } from './waybill-fixture.ts';

const MIN = 60_000;
const DAY = 86_400_000;
/** 2 Sep 2026 00:00 UTC: the report fixture's first month. */
export const TRACK_BASE = Date.UTC(2026, 8, 2);
export const TRACK_DAYS = 3;
export const POINTS_PER_DAY = 40;

export interface FixtureVehicle {
  id: number;
  corpId: number;
  carrierId: number | null;
  /** Even vehicles carry two temperature channels. */
  k: number;
}

/** The channels vehicle k collects (bit c = t(c+1)): vehicle 0 only t1 (its t2 probe is not collected), the other even ones t1 and t2. */
export const collectedChannels = (k: number) => (k % 2 ? 0 : k === 0 ? 0b1 : 0b11);

/** The first point of vehicle k on day d; a point a minute follows. */
export const dayStart = (k: number, d: number) => TRACK_BASE + d * DAY + 3600_000 + k * 10 * MIN;

/** A waybill of vehicle k with its own temperature range, on the road from `from` to `to` (null: still in transit). */
export interface RangedTrip {
  k: number;
  from: number;
  to: number | null;
  range: [number, number];
}

/** Vehicle 0 on a 3-9 ℃ trip in the middle of day 0; vehicle 2 on a 4-6 ℃ trip from minute 20 of day 1, still under way. */
export const RANGED_TRIPS: RangedTrip[] = [
  { k: 0, from: dayStart(0, 0) + 10 * MIN, to: dayStart(0, 0) + 25 * MIN, range: [3, 9] },
  { k: 2, from: dayStart(2, 1) + 20 * MIN, to: null, range: [4, 6] },
];

/** The length (minutes) of the one stop of vehicle k on day d. */
export const stopLength = (k: number, d: number) => 5 + k + d;
const STOP_AT = 15;

/**
 * One day of vehicle k: a point a minute, moving ~1 km a minute at 30-119 km/h, standing still
 * from point 15 for stopLength(k, d) minutes; t1 swings between 2 and 10 ℃ with a "no reading"
 * every 11th point, t2 holds 5 ℃ (even vehicles only).
 */
export function fixtureTrack(k: number, d: number): TrackPoint[] {
  const start = dayStart(k, d);
  const stopEnd = STOP_AT + stopLength(k, d);
  const pts: TrackPoint[] = [];
  let odometer = 10_000 + k * 1000 + d * 300;
  let moved = 0;
  for (let i = 0; i < POINTS_PER_DAY; i++) {
    const still = i >= STOP_AT && i <= stopEnd;
    const speed = still ? 0 : 30 + ((i * 7 + k * 13 + d * 5) % 90);
    if (!still && i > 0) {
      odometer += speed / 60;
      moved++;
    }
    const p: TrackPoint = {
      lon: Math.round((110 + k + moved * 0.012) * 1e6) / 1e6, lat: 30 + d * 0.1, gpsTime: start + i * MIN, speed, direction: 90,
      odometer: Math.round(odometer * 1000) / 1000, status: 0,
    };
    if (k % 2 === 0) {
      p.t1 = i % 11 === 10 ? -999 : 2 + ((i * 4 + k) % 9);
      p.t2 = 5;
    }
    pts.push(p);
  }
  return pts;
}

export interface TrackingReportData {
  vehicles: FixtureVehicle[];
}

export async function seedTrackingReportData(db: Database): Promise<TrackingReportData> {
  const vehicle = (where: string) => db.all<Omit<FixtureVehicle, 'k'>>(`SELECT id, corp_id AS corpId, carrier_id AS carrierId FROM vehicles WHERE is_deleted = 0 AND ${where} ORDER BY id LIMIT 2`);
  const carrierUser = (await db.one<{ p: number }>("SELECT partner_id AS p FROM users WHERE user_name = 'carrier'"))!;
  const picked = [
    ...(await vehicle(`corp_id = 1 AND carrier_id = ${carrierUser.p}`)),
    ...(await vehicle(`corp_id = 1 AND carrier_id <> ${carrierUser.p}`)),
    ...(await vehicle('corp_id = 2')).slice(0, 1),
  ];
  const vehicles = picked.map((v, k) => ({ ...v, k }));
  for (const v of vehicles) {
    await db.run('UPDATE vehicles SET gather_temperature = ?, temperaturectrl = ? WHERE id = ?', [collectedChannels(v.k) ? 1 : 0, collectedChannels(v.k), v.id]);
  }
  for (const trip of RANGED_TRIPS) await rangedWaybill(db, vehicles[trip.k], trip);
  for (const v of vehicles) for (let d = 0; d < TRACK_DAYS; d++) await writeTrack(db, v.corpId, v.id, pointsToColumns(fixtureTrack(v.k, d)));

  // Alarms: the corporation's first waybills for some (the business jump), none for others.
  const waybills = (await db.all<{ id: number }>('SELECT id FROM waybills WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 6')).map((r) => r.id);
  const insert = (...params: unknown[]) => db.run(`INSERT INTO alarms (corp_id, vehicle_id, waybill_id, carrier_id, first_alarm_type, last_alarm_type, alarm_type,
      begin_time, end_time, begin_place_name, alarm_content, status, confirmed, handle_status, created_at)
    VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)`, params);
  const KINDS = [101, 102, 104, 104, 301];
  for (let i = 0; i < 30; i++) {
    const v = vehicles[i % 4];
    const kind = KINDS[i % KINDS.length];
    const begin = TRACK_BASE + (i % 4) * DAY + 2 * 3600_000 + i * 37 * MIN;
    await insert(v.corpId, v.id, i % 3 === 0 || !waybills.length ? null : waybills[i % waybills.length], v.carrierId, kind === 301 ? 300 : 100, kind,
      begin, begin + (20 + i * 3) * MIN, `测试地点${i % 5}`, `测试报警${i}`, i % 7 === 0 ? 1 : 0, i === 5 ? 0 : 1, i % 3, begin);
  }
  // The demo customer and carrier roles lack the alarm operation; here they get it, so the alarm
  // statistics' scoping is checked for them like every other report's.
  await db.run(`INSERT INTO role_operations (corp_id, role_id, operation_id)
    SELECT u.corp_id, ur.role_id, 'BusinessAlarmReport3' FROM users u JOIN user_roles ur ON ur.user_id = u.id WHERE u.user_name IN ('customer', 'carrier')
    ON CONFLICT DO NOTHING`);
  const other = vehicles[vehicles.length - 1];
  await insert(other.corpId, other.id, null, other.carrierId, 100, 104, TRACK_BASE, TRACK_BASE + 90 * MIN, '测试地点', '另一企业的报警', 0, 1, 0, TRACK_BASE);
  return { vehicles };
}

/** A waybill of the vehicle's carrier on the trip: loading place reached at `from`, unloading place left at `to` (or not yet). */
async function rangedWaybill(db: Database, v: FixtureVehicle, trip: RangedTrip) {
  const w = await insertWaybill(db, { corpId: v.corpId, carrierId: v.carrierId, now: trip.from });
  const node = (arrive: number, leave: number, id: number) =>
    db.run('UPDATE waybill_nodes SET actual_arrive_time = ?, arrive_state = 1, actual_leave_time = ? WHERE id = ?', [arrive, leave, id]);
  await node(trip.from, trip.from + 5 * MIN, w.nodes.start);
  if (trip.to !== null) await node(trip.to - 5 * MIN, trip.to, w.nodes.end);
  await db.run('UPDATE waybills SET status = ?, vehicle_id = ? WHERE id = ?', [trip.to === null ? 400 : 500, v.id, w.waybillId]);
  await db.run('INSERT INTO waybill_temperature_ranges (waybill_id, corp_id, temp_min, temp_max) VALUES (?, ?, ?, ?)', [w.waybillId, v.corpId, ...trip.range]);
}
