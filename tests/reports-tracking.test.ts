// The four tracking reports against figures computed here from the fixture itself: the alarms
// as inserted and the points as generated (not the summary table), for staff and a carrier user.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { seedReportData } from './reports-fixture.ts';
import { collectedChannels, fixtureTrack, RANGED_TRIPS, stopLength, TRACK_DAYS, type FixtureVehicle } from './support/tracking-report-fixture.ts';
import { BUSINESS_KINDS, DRIVER_KINDS } from '../server/alarms/catalogue.ts';

type Row = Record<string, any>;
let t: TestApp;
let vehicles: FixtureVehicle[];
const q = (sql: string, ...args: unknown[]) => t.db.all<Row>(sql, args);
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
const shanghaiDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
const names = async () => ({
  vehicle: new Map((await q('SELECT id, vehicle_no FROM vehicles')).map((r) => [r.id, r.vehicle_no])),
  carrier: new Map((await q('SELECT id, carrier_name FROM carriers')).map((r) => [r.id, r.carrier_name])),
  waybill: new Map((await q('SELECT id, waybill_no FROM waybills')).map((r) => [r.id, r.waybill_no])),
});

beforeAll(async () => {
  t = await createTestApp();
  await seedReportData(t.db);
  const picked = (await q(`SELECT DISTINCT vehicle_id AS id FROM track_day_summaries ORDER BY vehicle_id`)).map((r) => r.id as number);
  // The fixture numbers its vehicles in the order it picked them: carrier user's first, then others, then corporation 2.
  const order = (await q('SELECT vehicle_id AS id, min(first_time) AS first FROM track_day_summaries GROUP BY vehicle_id ORDER BY first')).map((r) => r.id as number);
  vehicles = [];
  for (const [k, id] of order.entries()) vehicles.push({ ...((await q('SELECT id, corp_id AS corpId, carrier_id AS carrierId FROM vehicles WHERE id = ?', id))[0] as FixtureVehicle), k });
  expect(vehicles.length).toBe(picked.length);
});

async function all(user: string, report: string, body: object = {}) {
  const caller = await t.as(user);
  const rows = await caller.post(`/report/${report}/query`, { ...body, curPage: 1, pageSize: 1000 });
  expect(rows.code, rows.message).toBe(1);
  const totals = await caller.post(`/report/${report}/total`, body);
  expect(totals.code, totals.message).toBe(1);
  return { rows: rows.result.data as Row[], total: rows.result.totalRecords as number, totals: totals.result as Row };
}

function sameRows(got: Row[], want: Row[], key: (r: Row) => string) {
  expect(got.length).toBe(want.length);
  const byKey = new Map(got.map((r) => [key(r), r]));
  for (const w of want) {
    const g = byKey.get(key(w));
    expect(g, key(w)).toBeDefined();
    for (const [k, v] of Object.entries(w)) {
      if (typeof v === 'number' && typeof g![k] === 'number') expect(g![k], `${key(w)} ${k}`).toBeCloseTo(v, 1);
      else expect(g![k], `${key(w)} ${k}`).toEqual(v);
    }
  }
}

/** A user's view of the alarms: corporation 1, confirmed, a carrier user only its carrier's. */
async function visibleAlarms(carrierId?: number) {
  return (await q('SELECT * FROM alarms WHERE corp_id = 1 AND confirmed = 1')).filter((a) => carrierId === undefined || a.carrier_id === carrierId);
}
const carrierPartner = async () => ((await q("SELECT partner_id AS p FROM users WHERE user_name = 'carrier'"))[0].p as number);

describe('alarm statistics (/businessAlarmReport)', () => {
  it('the alarmKind dictionary is the alarm catalogue', () => {
    const dict = t.registry.get().dictionaries.get('alarmKind')!;
    const catalogue = [...Object.values(BUSINESS_KINDS).map((k) => [k.lastAlarmType, k.name]), ...Object.entries(DRIVER_KINDS).map(([id, n]) => [Number(id), n])];
    expect(dict.items.map((i) => [i.id, i.label])).toEqual(catalogue);
  });

  for (const user of ['dispatcher', 'carrier']) {
    it(`counts by day, kind, carrier, vehicle and waybill with handling states and rate, for ${user}`, async () => {
      const n = await names();
      const partner = await carrierPartner();
      const groups = new Map<string, Row>();
      for (const a of await visibleAlarms(user === 'carrier' ? partner : undefined)) {
        const row = { day: shanghaiDay(a.begin_time), alarmKind: a.last_alarm_type, carrierName: n.carrier.get(a.carrier_id) ?? null, vehicleNo: n.vehicle.get(a.vehicle_id),
          waybillNo: a.waybill_id === null ? null : n.waybill.get(a.waybill_id), waybillId: a.waybill_id };
        const k = JSON.stringify(row);
        const g = groups.get(k) ?? { ...row, alarmCount: 0, handledCount: 0, unhandledCount: 0, ignoredCount: 0, alarmMinutes: 0 };
        g.alarmCount++;
        g[['unhandledCount', 'handledCount', 'ignoredCount'][a.handle_status]]++;
        g.alarmMinutes += (a.end_time - a.begin_time) / 60_000;
        groups.set(k, g);
      }
      const want = [...groups.values()].map((g) => ({ ...g, handleRate: round((g.handledCount * 100) / g.alarmCount, 2), alarmMinutes: round(g.alarmMinutes) }));
      expect(want.length).toBeGreaterThan(3);
      const got = await all(user, 'alarm-statistics');
      const key = (r: Row) => JSON.stringify([r.day, r.alarmKind, r.carrierName, r.vehicleNo, r.waybillNo, r.waybillId]);
      sameRows(got.rows, want, key);
      const sum = (f: string) => want.reduce((s, r: Row) => s + r[f], 0);
      expect(got.totals).toMatchObject({ alarmCount: sum('alarmCount'), handledCount: sum('handledCount'), unhandledCount: sum('unhandledCount'), ignoredCount: sum('ignoredCount') });
      expect(got.totals.handleRate).toBeCloseTo((sum('handledCount') * 100) / sum('alarmCount'), 2);
      if (user === 'carrier') expect(got.rows.every((r) => r.carrierName === n.carrier.get(partner))).toBe(true);
    });
  }

  it('filters by alarm kind and handle status narrow the rows and the totals', async () => {
    const want = (await visibleAlarms()).filter((a) => a.last_alarm_type === 104 && a.handle_status === 0);
    const got = await all('dispatcher', 'alarm-statistics', { alarmKind: [104], handleStatus: [0] });
    expect(got.totals.alarmCount).toBe(want.length);
    expect(got.rows.every((r) => r.alarmKind === 104 && r.unhandledCount === r.alarmCount)).toBe(true);
  });

  it('is the page of /businessAlarmReport: operation BusinessAlarmReport3, waybill jump column', async () => {
    const route = (await q("SELECT route, js_path FROM operations WHERE operation_id = 'BusinessAlarmReport3'"))[0];
    expect(route.route).toBe('/businessAlarmReport');
    const page = await (await t.as('monitor')).get('/ui/pages/report/alarm-statistics');
    expect(page.result).toMatchObject({ kind: 'report', title: '报警统计', api: { list: { path: '/report/alarm-statistics/query' } } });
    expect(page.result.columns.find((c: Row) => c.field === 'waybillNo')).toMatchObject({ link: 'waybill', linkId: 'waybillId' });
    // Another corporation's administrator sees that corporation's alarm only.
    const otherCorp = await (await t.as('admin2')).post('/report/alarm-statistics/query', {});
    expect(otherCorp.result.data.map((r: Row) => r.vehicleNo)).toEqual([(await names()).vehicle.get(vehicles.find((v) => v.corpId === 2)!.id)]);
  });
});

describe('parking abnormality report', () => {
  for (const user of ['dispatcher', 'carrier']) {
    it(`one row per long-stop alarm with place, times, duration and states; totals, for ${user}`, async () => {
      const n = await names();
      const want = (await visibleAlarms(user === 'carrier' ? await carrierPartner() : undefined)).filter((a) => a.last_alarm_type === 104).map((a) => ({
        alarmId: a.id, vehicleNo: n.vehicle.get(a.vehicle_id), waybillNo: a.waybill_id === null ? null : n.waybill.get(a.waybill_id), placeName: a.begin_place_name,
        beginTime: a.begin_time, endTime: a.end_time, alarmStatus: a.status, handleStatus: a.handle_status, stopMinutes: round((a.end_time - a.begin_time) / 60_000),
      }));
      expect(want.length).toBeGreaterThan(1);
      const got = await all(user, 'parking-abnormality');
      sameRows(got.rows, want, (r) => String(r.alarmId));
      expect(got.totals.stopCount).toBe(want.length);
      expect(got.totals.stopMinutes).toBeCloseTo(want.reduce((s, r) => s + r.stopMinutes, 0), 1);
      expect(got.rows.map((r) => r.beginTime)).toEqual([...want.map((r) => r.beginTime)].sort((a, b) => b - a));
    });
  }
});

/**
 * The range a reading of vehicle k at time t is judged by: the fixture's waybill on the road then
 * with its own range, else the corporation's default 2-8 ℃ (no alarm settings in the fixture).
 */
function rangeAt(k: number, t: number): [number, number] {
  const trip = RANGED_TRIPS.find((r) => r.k === k && r.from <= t && t <= (r.to ?? Infinity));
  return trip ? trip.range : [2, 8];
}

/** The expected figures of a vehicle-day, from the generated points. */
function dayFigures(v: FixtureVehicle, d: number) {
  const pts = fixtureTrack(v.k, d);
  // Only the channels the vehicle collects count (vehicle 0's t2 probe does not).
  const mask = collectedChannels(v.k);
  const valuesAt = (i: number) => [pts[i].t1, pts[i].t2].filter((x, c): x is number => (mask & (1 << c)) !== 0 && x !== undefined && x !== -999);
  const readings = pts.flatMap((_, i) => valuesAt(i));
  const outside = (i: number) => {
    const [min, max] = rangeAt(v.k, pts[i].gpsTime);
    return valuesAt(i).some((x) => x < min || x > max);
  };
  const outMinutes = pts.slice(0, -1).filter((_, i) => outside(i)).length; // a point a minute
  // One range for all the day's readings is shown; several leave the range columns empty.
  const ranges = new Set(pts.filter((_, i) => valuesAt(i).length).map((p) => rangeAt(v.k, p.gpsTime).join('~')));
  const single = ranges.size === 1 ? [...ranges][0].split('~').map(Number) : [null, null];
  const L = stopLength(v.k, d);
  return {
    day: shanghaiDay(pts[0].gpsTime), points: pts.length, mileageKm: round(pts[pts.length - 1].odometer - pts[0].odometer),
    drivingHours: round((pts.length - 1 - L) / 60), maxSpeed: Math.max(...pts.map((p) => p.speed)), overspeedPoints: pts.filter((p) => p.speed > 100).length,
    stops: 1, stopMinutes: L, readings: readings.length, tempMin: readings.length ? Math.min(...readings) : null, tempMax: readings.length ? Math.max(...readings) : null,
    tempAvg: readings.length ? round(readings.reduce((a, b) => a + b, 0) / readings.length) : null, outOfRangeMinutes: outMinutes,
    rangeMin: single[0], rangeMax: single[1], ranges: ranges.size,
  };
}

async function fixtureDays(user: string) {
  const partner = await carrierPartner();
  const own = (v: FixtureVehicle) => v.corpId === 1 && (user !== 'carrier' || v.carrierId === partner);
  const n = await names();
  return vehicles.filter(own).flatMap((v) => Array.from({ length: TRACK_DAYS }, (_, d) => ({ vehicleNo: n.vehicle.get(v.id), carrierName: n.carrier.get(v.carrierId!) ?? null, ...dayFigures(v, d) })));
}

describe('vehicle mileage report', () => {
  for (const user of ['dispatcher', 'carrier']) {
    it(`per vehicle and day: mileage, driving time, points, max speed, overspeed and stops; totals, for ${user}`, async () => {
      const want = (await fixtureDays(user)).map(({ readings: _r, tempMin: _a, tempMax: _b, tempAvg: _c, outOfRangeMinutes: _d, rangeMin: _e, rangeMax: _f, ranges: _g, ...r }) => r);
      expect(want.length).toBeGreaterThanOrEqual(user === 'carrier' ? 6 : 12);
      const got = await all(user, 'vehicle-mileage');
      sameRows(got.rows, want, (r) => `${r.vehicleNo} ${r.day}`);
      const sum = (f: string) => want.reduce((s, r: Row) => s + r[f], 0);
      expect(got.totals.mileageKm).toBeCloseTo(sum('mileageKm'), 1);
      expect(got.totals).toMatchObject({ points: sum('points'), stops: sum('stops'), overspeedPoints: sum('overspeedPoints'), maxSpeed: Math.max(...want.map((r) => r.maxSpeed)) });
    });
  }

  it('the customer user sees no vehicles', async () => {
    const got = await all('customer', 'vehicle-mileage');
    expect(got.rows).toEqual([]);
  });
});

describe('temperature report', () => {
  for (const user of ['dispatcher', 'carrier']) {
    it(`per vehicle and day with readings: min, max, average over the collected channels, minutes outside the range that applied, for ${user}`, async () => {
      const days = (await fixtureDays(user)).filter((r) => r.readings > 0);
      const want = days.map((r) => ({
        day: r.day, vehicleNo: r.vehicleNo, carrierName: r.carrierName, tempMin: r.tempMin, tempMax: r.tempMax, tempAvg: r.tempAvg, readings: r.readings,
        rangeMin: r.rangeMin, rangeMax: r.rangeMax, outOfRangeMinutes: r.outOfRangeMinutes,
      }));
      expect(want.length).toBeGreaterThanOrEqual(3);
      expect(want.some((r) => r.outOfRangeMinutes > 0)).toBe(true);
      // The fixture has days judged by the corporation's range, by a waybill's alone, and by several.
      expect(days.some((r) => r.ranges > 1 && r.rangeMin === null)).toBe(true);
      if (user === 'dispatcher') expect(want.some((r) => r.rangeMin === 4 && r.rangeMax === 6)).toBe(true);
      expect(want.some((r) => r.rangeMin === 2 && r.rangeMax === 8)).toBe(true);
      const got = await all(user, 'temperature');
      sameRows(got.rows, want, (r) => `${r.vehicleNo} ${r.day}`);
      const readings = want.reduce((s, r) => s + r.readings, 0);
      expect(got.totals.readings).toBe(readings);
      expect(got.totals.tempMin).toBe(Math.min(...want.map((r) => r.tempMin!)));
      expect(got.totals.outOfRangeMinutes).toBeCloseTo(want.reduce((s, r) => s + r.outOfRangeMinutes, 0), 1);
    });
  }

  it('the date range filter keeps the days within it', async () => {
    const second = Date.UTC(2026, 8, 3) - 8 * 3600_000; // 3 Sep 2026 00:00 in Shanghai
    const got = await all('dispatcher', 'temperature', { day: [second, second + 86_400_000 - 1] });
    expect(got.rows.length).toBeGreaterThan(0);
    expect(got.rows.every((r) => r.day === '2026-09-03')).toBe(true);
  });
});

describe('temperature report on the demo data', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp({ transportDemo: true, tracksDemo: true });
  }, 120_000);

  it('a frozen waybill\'s days are judged by its range: none shows the whole tracked time out of range', async () => {
    const sql = (s: string, ...a: unknown[]) => demo.db.all<Row>(s, a);
    // The latest of each node's arrival and leave times (0 for none), the greatest over the nodes.
    const frozen = await sql(`SELECT w.id, w.vehicle_id AS vehicleId, w.status,
        (SELECT min(actual_arrive_time) FROM waybill_nodes WHERE waybill_id = w.id) AS "from",
        (SELECT max(CASE WHEN coalesce(actual_arrive_time, 0) > coalesce(actual_leave_time, 0) THEN coalesce(actual_arrive_time, 0) ELSE coalesce(actual_leave_time, 0) END)
          FROM waybill_nodes WHERE waybill_id = w.id) AS "to"
      FROM waybills w JOIN waybill_temperature_ranges r ON r.waybill_id = w.id WHERE r.temp_max < 0`);
    expect(frozen.length).toBeGreaterThan(0);
    let days = 0;
    let wholeDaysOnTrip = 0;
    let longDaysOnTrip = 0;
    for (const w of frozen) {
      const to = w.status === 400 ? Infinity : w.to;
      for (const d of await sql('SELECT * FROM track_day_summaries WHERE vehicle_id = ? AND temp_readings > 0 AND last_time >= ? AND first_time <= ?', w.vehicleId, w.from, Math.min(to, 9e15))) {
        days++;
        const trackedMinutes = (d.last_time - d.first_time) / 60_000;
        // Against 2-8 ℃ a -18 ℃ hold is outside from the first point to the last (less the silent gaps).
        // The day the trip begins also holds the drive to the loading place, judged by the corporation's
        // range: a day mostly on that drive may be all outside, so the check is for days mostly on the trip.
        const onTripMinutes = (Math.min(d.last_time, to) - Math.max(d.first_time, w.from)) / 60_000;
        // Shares are judged over two hours or more: today's day so far may be minutes long, and one door
        // opening can fill it (the test failed at 08:25 Shanghai time on a 21-minute day).
        const long = trackedMinutes >= 120;
        if (long && onTripMinutes >= trackedMinutes / 2) expect(d.out_of_range_minutes, `waybill ${w.id} day ${d.day_start_ms}`).toBeLessThan(trackedMinutes * 0.9);
        // A vehicle carrying another live waybill that day judges its readings by both ranges: the day has no
        // one range (day-summary.ts), so it is no day wholly on this trip.
        const shared = (await sql(`SELECT 1 FROM waybills o WHERE o.vehicle_id = ? AND o.id <> ? AND (o.status = 400 OR EXISTS (SELECT 1 FROM waybill_nodes n
          WHERE n.waybill_id = o.id AND coalesce(n.actual_leave_time, n.actual_arrive_time) BETWEEN ? AND ?))`, w.vehicleId, w.id, d.first_time, d.last_time)).length > 0;
        if (d.first_time >= w.from && d.last_time <= to && !shared) {
          // Wholly on the trip: only the excursions (doors open, defrosting) are outside.
          wholeDaysOnTrip++;
          expect([d.temp_range_min, d.temp_range_max]).toEqual([-22, -12]);
          if (long) {
            longDaysOnTrip++;
            expect(d.out_of_range_minutes, `waybill ${w.id} day ${d.day_start_ms}`).toBeLessThan(trackedMinutes * 0.25);
          }
        }
      }
    }
    expect(days).toBeGreaterThan(0);
    expect(wholeDaysOnTrip).toBeGreaterThan(0);
    expect(longDaysOnTrip).toBeGreaterThan(0);
  });
});
