// A getTrackList page is served from the page cache while nothing it is made from changes, and a
// user never sees a stale page: a new point in the range, a renamed fence, a changed vehicle setting
// or a new alarm window each give the new answer at once.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill, placeAt, type WaybillFixture } from './support/waybill-fixture.ts';
import { COLD_MACHINE_BIT, type TrackPoint } from '../server/tracking/columns.ts';
import { pageCacheOf } from '../server/tracking/page-cache.ts';
import { asTerminal } from './support/terminal.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
const MIN = 60_000;
const NOW = Date.now();

let t: TestApp;
let dispatcher: Caller;
/** Points come from the corporation's terminal gateway (a credential, not a session). */
let gateway: Awaited<ReturnType<typeof asTerminal>>;
let f: WaybillFixture;
let vehicleId: number;
let area: { id: number; name: string; lon: number; lat: number };

/** 20 points a minute apart, parked in the loading fence, cold machine running. */
const parked = (i: number): TrackPoint => ({
  lon: area.lon, lat: area.lat, gpsTime: NOW - 40 * MIN + i * MIN, speed: 0, direction: 0, odometer: 100 + i / 10, status: COLD_MACHINE_BIT, t1: 3 + i / 10,
});

beforeAll(async () => {
  t = await createTestApp();
  const rowOf = async <T>(sql: string, ...params: unknown[]) => (await t.db.one<T>(sql, params))!;
  dispatcher = await t.as('dispatcher');
  gateway = await asTerminal(t);
  const carrierId = (await rowOf<{ p: number }>("SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p;
  f = await insertWaybill(t.db, { carrierId });
  await placeAt(t.db, f, { status: 400, step: 10 }, carrierId);
  vehicleId = (await rowOf<{ v: number }>('SELECT vehicle_id AS v FROM waybills WHERE id = ?', f.waybillId)).v;
  await t.db.run('UPDATE vehicles SET gather_temperature = 1, temperaturectrl = 1, cold_machine = 1 WHERE id = ?', [vehicleId]);
  area = await rowOf<typeof area>("SELECT a.id, a.area_name AS name, a.lon, a.lat FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.waybill_id = ? AND n.node_type = 'start'", f.waybillId);
  const stored = await gateway.post('/track/ingest', { vehicleId, points: Array.from({ length: 20 }, (_, i) => parked(i)) });
  expect(stored.result.stored).toBe(20);
});

const page = () => dispatcher.post('/waybill/getTrackList', { vehicleId, startTime: NOW - 60 * MIN, endTime: NOW, pageParamVO: { curPage: 1, pageSize: 8000 } });

describe('track page cache', () => {
  it('serves the same page again from the cache', async () => {
    pageCacheOf(t.db).clear();
    const first = await page();
    expect(first.result.totalRecords).toBe(20);
    expect(first.result.data[0]).toMatchObject({ trackPlace: area.name, statusStr: 'ACC关,冷机开', t1: 3 });
    const served: Buffer[] = [];
    const cache = pageCacheOf(t.db);
    const get = cache.get.bind(cache);
    cache.get = (key, version) => {
      const hit = get(key, version);
      if (hit) served.push(hit);
      return hit;
    };
    try {
      expect(await page()).toEqual(first);
    } finally {
      cache.get = get;
    }
    expect(served).toHaveLength(1);
    expect(JSON.parse(served[0].toString('utf8'))).toEqual({ code: first.code, message: first.message, result: first.result });
  });

  it('shows a point stored after the page was cached', async () => {
    await page();
    expect((await gateway.post('/track/ingest', { vehicleId, points: [parked(20)] })).result.stored).toBe(1);
    const after = await page();
    expect(after.result.totalRecords).toBe(21);
    expect(after.result.data[20]).toMatchObject({ sn: 21, gpsTimeMillisecond: parked(20).gpsTime, t1: 5 });
  });

  it('shows a renamed fence and a changed vehicle setting at once', async () => {
    await page();
    await t.db.run('UPDATE areas SET area_name = ?, updated_at = ? WHERE id = ?', ['改名后的"装货区"', Date.now() + 1000, area.id]);
    const renamed = await page();
    expect(renamed.result.data[0].trackPlace).toBe('改名后的"装货区"');
    await t.db.run('UPDATE vehicles SET cold_machine = 0 WHERE id = ?', [vehicleId]);
    expect((await page()).result.data[0].statusStr).toBe('ACC关');
  });

  it('marks the points of an alarm window confirmed after the page was cached', async () => {
    expect((await page()).result.data[3].alarm).toBe(0);
    await t.db.run(`INSERT INTO alarms (corp_id, vehicle_id, first_alarm_type, last_alarm_type, alarm_type, begin_time, end_time, alarm_content, confirmed, created_at)
      VALUES (1, ?, 1, 1, 1, ?, ?, '温度异常', 1, ?)`, [vehicleId, parked(3).gpsTime, parked(4).gpsTime, Date.now()]);
    const data = (await page()).result.data;
    expect(data.map((p: { alarm: number }) => p.alarm).slice(2, 6)).toEqual([0, 1, 1, 0]);
  });
});
