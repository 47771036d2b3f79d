// The fleet map's calls (物流地图): the snapshot of every vehicle in scope with its state and
// current waybill, the info window, the route fences of waybills in view, and the live stream
// (Server-Sent Events) fed by /track/ingest: a carrier user never sees another carrier's vehicle,
// another corporation never sees ours, a burst reaches the browser as the newest point per vehicle,
// and the stream ends with the session.
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { waybillOnTheRoad, type WaybillFixture } from './support/waybill-fixture.ts';
import { asTerminal } from './support/terminal.ts';
import { authenticate } from '../server/http/auth.ts';
import { mountRoutes } from '../server/http/route.ts';
import { fleetMapRoutes } from '../server/routes/fleet-map.ts';
import { liveListenerCount, publishLive } from '../server/tracking/live-hub.ts';
import type { FleetPosition } from '../server/tracking/fleet-stream.ts';
import type { TrackPoint } from '../server/tracking/columns.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Snapshot = { vehicles: { vehicleId: number; vehicleNo: string; lon: number | null; state: string; waybillNo: string | null; waybillId: number | null; sensors: Record<string, number>; speed: number }[] };
const MIN = 60_000;

let t: TestApp;
let admin: Caller, carrier: Caller, customer: Caller, admin2: Caller, finance: Caller;
let gateway: Awaited<ReturnType<typeof asTerminal>>, gateway2: Awaited<ReturnType<typeof asTerminal>>;
let f: WaybillFixture;
/** The carrier user's vehicle on the fixture's waybill, another carrier's vehicle, and one of corporation 2. */
let own: { id: number; vehicleNo: string }, other: { id: number }, corp2: { id: number };
let base: { lon: number; lat: number };

const point = (over: Partial<TrackPoint> = {}): TrackPoint => ({ lon: base.lon, lat: base.lat, gpsTime: Date.now() - 5_000, speed: 48, direction: 90, odometer: 1000, status: 0, ...over });
const ingest = async (vehicleId: number, points: TrackPoint[], via = gateway) => {
  const r = await via.post('/track/ingest', { vehicleId, points });
  expect(r.code, r.message).toBe(1);
};
const snapshot = async (who: Caller) => {
  const r = await who.get('/fleetMap/vehicles');
  expect(r.code, r.message).toBe(1);
  return r.result as Snapshot;
};
const find = (s: Snapshot, id: number) => s.vehicles.find((v) => v.vehicleId === id);

beforeAll(async () => {
  t = await createTestApp();
  [admin, carrier, customer, admin2, finance] = await Promise.all(['admin', 'carrier', 'customer', 'admin2', 'finance'].map((u) => t.as(u)));
  let vehicle;
  ({ f, vehicle, start: base } = await waybillOnTheRoad(t.db, Date.now()));
  own = { id: vehicle.id, vehicleNo: vehicle.vehicleNo };
  const carrierId = (await t.db.one<{ c: number }>('SELECT carrier_id AS c FROM vehicles WHERE id = ?', [own.id]))!.c;
  other = (await t.db.one<{ id: number }>('SELECT id FROM vehicles WHERE corp_id = 1 AND is_deleted = 0 AND carrier_id <> ? ORDER BY id LIMIT 1', [carrierId]))!;
  corp2 = (await t.db.one<{ id: number }>('SELECT id FROM vehicles WHERE corp_id = 2 AND is_deleted = 0 ORDER BY id LIMIT 1'))!;
  gateway = await asTerminal(t, 1);
  gateway2 = await asTerminal(t, 2);
});

describe('snapshot', () => {
  it('shows every vehicle of the corporation with its state and current waybill', async () => {
    await ingest(own.id, [point({ speed: 48, t1: 4.2 })]);
    await ingest(other.id, [point({ speed: 0, lon: base.lon + 0.5 })]);
    const s = await snapshot(admin);
    const total = (await t.db.one<{ n: number }>('SELECT count(*) AS n FROM vehicles WHERE corp_id = 1 AND is_deleted = 0'))!;
    expect(s.vehicles).toHaveLength(Number(total.n));
    expect(find(s, own.id)).toMatchObject({ vehicleNo: own.vehicleNo, state: 'moving', waybillNo: f.waybillNo, waybillId: f.waybillId, sensors: { t1: 4.2 }, speed: 48 });
    expect(find(s, other.id)).toMatchObject({ state: 'parked' });
    // A vehicle that never reported has no place on the map and counts as offline.
    const silent = s.vehicles.find((v) => v.vehicleId !== own.id && v.vehicleId !== other.id)!;
    expect(silent).toMatchObject({ lon: null, state: 'offline' });
    expect(find(s, corp2.id)).toBeUndefined();
  });

  it('shows an unhandled open alarm as alarming until it is handled', async () => {
    const now = Date.now();
    const alarmId = await t.db.insert(`INSERT INTO alarms (corp_id, vehicle_id, waybill_id, first_alarm_type, last_alarm_type, alarm_type, begin_time, end_time, alarm_content, status, confirmed, handle_status, created_at)
      VALUES (1, ?, ?, 100, 1, 1, ?, ?, '超速', 1, 1, 0, ?)`, [own.id, f.waybillId, now - MIN, now, now]);
    expect(find(await snapshot(admin), own.id)!.state).toBe('alarming');
    await t.db.run('UPDATE alarms SET handle_status = 2 WHERE id = ?', [alarmId]);
    expect(find(await snapshot(admin), own.id)!.state).toBe('moving');
  });

  it('counts a vehicle whose last point is older than the online rule as offline', async () => {
    const row = (await t.db.one<{ g: number }>('SELECT gps_time AS g FROM vehicle_last_positions WHERE vehicle_id = ?', [other.id]))!;
    await t.db.run('UPDATE vehicle_last_positions SET gps_time = ? WHERE vehicle_id = ?', [Date.now() - 11 * MIN, other.id]);
    expect(find(await snapshot(admin), other.id)!.state).toBe('offline');
    await t.db.run('UPDATE vehicle_last_positions SET gps_time = ? WHERE vehicle_id = ?', [Number(row.g), other.id]);
  });

  it('gives a carrier user only its carrier\'s vehicles, a customer only vehicles carrying its waybills', async () => {
    const mine = await snapshot(carrier);
    expect(find(mine, own.id)).toBeTruthy();
    expect(find(mine, other.id)).toBeUndefined();
    const carrierOf = await t.db.all<{ c: number }>(`SELECT DISTINCT carrier_id AS c FROM vehicles WHERE id IN (${mine.vehicles.map((v) => Number(v.vehicleId)).join(',')})`);
    expect(carrierOf).toHaveLength(1);
    // Customers are not granted the map by default; a corporation may grant it to their role.
    const role = (await t.db.one<{ id: number }>("SELECT role_id AS id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.user_name = 'customer'"))!;
    const ops = (await t.db.all<{ op: string }>('SELECT operation_id AS op FROM role_operations WHERE role_id = ?', [role.id])).map((r) => r.op);
    expect((await admin.post('/role/saveOperations', { roleId: role.id, operationIds: [...ops, 'logisticsMap3'] })).code).toBe(1);
    customer = await t.as('customer');
    const theirs = await snapshot(customer);
    expect(find(theirs, own.id)).toMatchObject({ waybillNo: f.waybillNo });
    expect(theirs.vehicles.every((v) => v.waybillId !== null)).toBe(true);
    expect(find(await snapshot(admin2), own.id)).toBeUndefined();
  });

  it('needs the 物流地图 operation', async () => {
    const r = await finance.get('/fleetMap/vehicles');
    expect(r.code).toBe(104);
  });
});

describe('info window and route fences', () => {
  it('answers the info window of a vehicle in scope, with its place', async () => {
    const r = await carrier.post('/fleetMap/vehicleInfo', { vehicleId: own.id });
    expect(r.code, r.message).toBe(1);
    expect(r.result).toMatchObject({ vehicleNo: own.vehicleNo, waybillNo: f.waybillNo, sensors: { t1: 4.2 } });
    expect(r.result.placeName).toMatch(/\S/);
    expect(r.result.gpsTimeStr).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('refuses the info window of another carrier\'s or corporation\'s vehicle as not found', async () => {
    expect((await carrier.post('/fleetMap/vehicleInfo', { vehicleId: other.id })).message).toBe('记录不存在或无权访问');
    expect((await admin2.post('/fleetMap/vehicleInfo', { vehicleId: own.id })).code).toBe(0);
  });

  it('answers the route fences (start, end) of waybills in scope, and nothing of others', async () => {
    const r = await admin.post('/fleetMap/waybillRoutes', { waybillIds: [f.waybillId, f.waybillId] });
    expect(r.code, r.message).toBe(1);
    expect(r.result).toHaveLength(1);
    expect(r.result[0].nodes.map((n: { nodeType: string }) => n.nodeType)).toEqual(['start', 'end']);
    expect(r.result[0].nodes[0]).toMatchObject({ typeId: expect.any(Number), lon: expect.any(Number), lat: expect.any(Number), name: expect.any(String) });
    expect((await admin2.post('/fleetMap/waybillRoutes', { waybillIds: [f.waybillId] })).result).toEqual([]);
  });

  it('refuses bad lists with code 100 naming the field', async () => {
    for (const body of [{ waybillIds: [] }, { waybillIds: 'x' }, { waybillIds: Array.from({ length: 101 }, (_, i) => i + 1) }, { waybillIds: [-1] }, { waybillIds: [1], extra: 1 }, {}]) {
      const r = await t.refused(() => admin.post('/fleetMap/waybillRoutes', body));
      expect(r.code, JSON.stringify(body)).toBe(100);
      expect(r.message).toMatch(/运单ID|extra|未知/);
    }
    const r = await t.refused(() => admin.post('/fleetMap/vehicleInfo', { vehicleId: "1; DROP TABLE vehicles" }));
    expect(r.code).toBe(100);
    expect(r.message).toContain('车辆ID');
  });
});

// ---------- the stream ----------

type Event = { event: string; data: string };

/** Opens the stream on `app` and reads its events as they come. */
async function openStream(app: Pick<Hono<any>, 'request'>, token: string) {
  const res = await app.request('/api/fleetMap/stream', { headers: { token } });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const seen: Event[] = [];
  let buffer = '';
  /** Reads until an event `until` accepts (every event read is kept in `seen`). */
  const next = async (until: (e: Event) => boolean): Promise<Event> => {
    for (;;) {
      const cut = buffer.indexOf('\n\n');
      if (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const lines = block.split('\n');
        const e = { event: lines.find((l) => l.startsWith('event: '))?.slice(7) ?? '', data: lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n') };
        if (block.startsWith(':')) e.event = 'comment';
        seen.push(e);
        if (until(e)) return e;
        continue;
      }
      const { done, value } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  const positions = () => seen.filter((e) => e.event === 'positions').flatMap((e) => JSON.parse(e.data) as FleetPosition[]);
  await next((e) => e.event === 'ready');
  return { res, next, positions, close: () => reader.cancel() };
}
const hasVehicle = (id: number) => (e: Event) => e.event === 'positions' && (JSON.parse(e.data) as FleetPosition[]).some((p) => p.vehicleId === id);

describe('stream', () => {
  it('is an event stream, never compressed', async () => {
    const s = await openStream(t.app, admin.token);
    expect(s.res.headers.get('content-type')).toContain('text/event-stream');
    expect(s.res.headers.get('content-encoding')).toBeNull();
    // nginx would otherwise hold the batches back.
    expect(s.res.headers.get('x-accel-buffering')).toBe('no');
    await s.close();
  });

  it('sends a carrier user its own vehicles\' positions and never another carrier\'s', async () => {
    const mine = await openStream(t.app, carrier.token);
    const all = await openStream(t.app, admin.token);
    const elsewhere = await openStream(t.app, admin2.token);
    // The other carrier's point goes in first: by the time the carrier's own arrives, it was offered too.
    await ingest(other.id, [point({ lon: base.lon + 0.6, speed: 0 })]);
    await ingest(own.id, [point({ lon: base.lon + 0.01, speed: 52, direction: 180, t1: 3.9 })]);
    await ingest(corp2.id, [point({ lon: 120.1, lat: 30.2 })], gateway2);
    const got = await mine.next(hasVehicle(own.id));
    const moved = (JSON.parse(got.data) as FleetPosition[]).find((p) => p.vehicleId === own.id)!;
    expect(moved).toMatchObject({ speed: 52, direction: 180, state: 'moving', sensors: { t1: 3.9 } });
    expect(moved.lon).toBeCloseTo(base.lon + 0.01, 6);
    expect(mine.positions().some((p) => p.vehicleId === other.id)).toBe(false);
    await all.next(() => [own.id, other.id].every((id) => all.positions().some((p) => p.vehicleId === id)));
    // Corporation 2 gets its own vehicle's point; corporation 1's never reach it.
    await elsewhere.next(hasVehicle(corp2.id));
    expect(elsewhere.positions().every((p) => p.vehicleId === corp2.id)).toBe(true);
    expect(all.positions().some((p) => p.vehicleId === corp2.id)).toBe(false);
    await Promise.all([mine.close(), all.close(), elsewhere.close()]);
  });

  it('coalesces a burst to the newest point per vehicle', async () => {
    const s = await openStream(t.app, admin.token);
    const t0 = Date.now() - 60_000;
    // Published in one turn of the event loop, before any flush: one batch, one entry per vehicle.
    for (let i = 0; i < 50; i++) publishLive(1, own.id, [point({ gpsTime: t0 + i * 1000, lon: base.lon + i / 1000 })]);
    const batch = JSON.parse((await s.next(hasVehicle(own.id))).data) as FleetPosition[];
    const entries = batch.filter((p) => p.vehicleId === own.id);
    expect(entries).toHaveLength(1);
    expect(entries[0].gpsTime).toBe(t0 + 49_000);
    await s.close();
  });

  it('stops listening when the browser goes away', async () => {
    const before = liveListenerCount(1);
    const s = await openStream(t.app, admin.token);
    expect(liveListenerCount(1)).toBe(before + 1);
    await s.close();
    await vi.waitFor(() => expect(liveListenerCount(1)).toBe(before));
  });

  it('refuses a user without the 物流地图 operation, and no session at all', async () => {
    const r = await finance.get('/fleetMap/stream');
    expect(r.code).toBe(104);
    expect((await t.call('GET', '/fleetMap/stream')).code).toBe(103);
  });

  describe('with short timings', () => {
    let fast: Hono<any>;
    beforeAll(() => {
      fast = new Hono();
      fast.use('/api/*', authenticate(t.sessions));
      mountRoutes(fast, fleetMapRoutes(t.db, t.sessions, { flushMs: 20, heartbeatMs: 30, refreshMs: 50 }));
    });

    it('sends heartbeat comments while nothing moves', async () => {
      const s = await openStream(fast, admin.token);
      await s.next((e) => e.event === 'comment');
      await s.close();
    });

    it('ends when the user signs out', async () => {
      const who = await t.as('carrier');
      const s = await openStream(fast, who.token);
      expect((await who.post('/signOut')).code).toBe(1);
      const end = await s.next((e) => e.event === 'end');
      expect(JSON.parse(end.data).message).toBe('登录已失效，请重新登录');
      await s.close();
    });
  });
});

afterAll(async () => {
  await t?.close();
});
