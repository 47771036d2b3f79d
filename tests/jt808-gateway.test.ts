// The JT/T 808 gateway over loopback, terminals played by the simulator's own terminal code: a
// terminal registers (matched by its terminal id, or by the SIM number of an equipment record),
// authenticates and reports; its points appear in getTrackList and raise the alarm their data
// implies; a blind-area batch goes in sub-packages and is stored whole. An unknown or
// unauthenticated terminal is answered, closed, and nothing is stored; noise and broken frames are
// counted and dropped while the connection goes on; a point the ingestion refuses is answered as a
// failure. Staff ask a connected terminal where it is (0x8201). Reports go through the group commit:
// a terminal hears success only after the commit, and failure (nothing stored) when it fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { waybillOnTheRoad } from './support/waybill-fixture.ts';
import { Jt808Gateway } from '../server/gateway/jt808/gateway.ts';
import { SimTerminal, type TerminalIdentity } from '../server/gateway/jt808/terminal-client.ts';
import { encodeFrame } from '../server/gateway/jt808/frame.ts';
import { MsgId, RegisterResult, Result } from '../server/gateway/jt808/messages.ts';
import { Status } from '../server/gateway/jt808/location.ts';
import { COLD_MACHINE_BIT, doorBit, type TrackPoint } from '../server/tracking/columns.ts';
import { TERMINAL_OFFLINE } from '../server/routes/gateway.ts';
import { IngestQueue } from '../server/tracking/ingest-queue.ts';
import type { Conn } from '../server/resources/statements.ts';
import { commitHook } from './support/commit-hook.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
const MIN = 60_000;
const NOW = Math.floor(Date.now() / 1000) * 1000;

let t: TestApp;
let gateway: Jt808Gateway;
let port: number;
let dispatcher: Caller, carrier: Caller;
let vehicle: { id: number; vehicleNo: string; terminal: string };
let away: { lon: number; lat: number };
const logs: string[] = [];
const open: SimTerminal[] = [];

const connect = async (id: TerminalIdentity) => {
  const s = await SimTerminal.connect(port, id);
  open.push(s);
  return s;
};
/** A terminal of the waybill's vehicle, matched by its terminal id (2019: 30 characters fit). */
const ofVehicle = (): TerminalIdentity => ({ phone: '13912345678', version: 2019, terminalId: vehicle.terminal, model: 'HY-SIM' });
const point = (min: number, extra: Partial<TrackPoint> = {}): TrackPoint => ({
  lon: away.lon, lat: away.lat, gpsTime: NOW - 40 * MIN + min * MIN, speed: 40, direction: 90, odometer: 1000 + min, status: COLD_MACHINE_BIT, t1: 4.5, ...extra,
});
const trackOf = async (from: number, to: number) => (await dispatcher.post('/waybill/getTrackList', { vehicleId: vehicle.id, startTime: from, endTime: to, pageParamVO: { curPage: 1, pageSize: 8000 } })).result;
const pointCount = async () => (await trackOf(0, NOW + MIN)).totalRecords as number;

beforeAll(async () => {
  t = await createTestApp();
  [dispatcher, carrier] = await Promise.all([t.as('dispatcher'), t.as('carrier')]);
  const road = await waybillOnTheRoad(t.db, NOW);
  vehicle = road.vehicle;
  away = { lon: +(road.start.lon + 0.5).toFixed(6), lat: road.start.lat };
  await t.db.run('UPDATE vehicles SET gather_temperature = 1, temperaturectrl = 1, detect_door = 1, open_door_status = 1, cold_machine = 1 WHERE id = ?', [vehicle.id]);
  gateway = new Jt808Gateway({ conn: t.db, log: (l) => logs.push(l) });
  port = await gateway.listen(0);
});

afterAll(async () => {
  for (const s of open) s.destroy();
  await gateway?.close();
});

describe('a terminal of a known vehicle', () => {
  let term: SimTerminal;

  it('registers by its terminal id, gets a code, and authenticates with it', async () => {
    term = await connect(ofVehicle());
    const reg = await term.register();
    expect(reg.result).toBe(RegisterResult.OK);
    expect(reg.authCode).toMatch(/^[0-9a-f]{16}$/);
    expect((await term.authenticate()).result).toBe(Result.OK);
    expect((await term.heartbeat()).result).toBe(Result.OK);
  });

  it('reports a point that appears in the track with its door, cold machine and temperature, and raises the door alarm', async () => {
    const before = await pointCount();
    const answer = await term.report(point(0, { status: COLD_MACHINE_BIT | doorBit(1), speed: 0 }));
    expect(answer).toMatchObject({ msgId: MsgId.LOCATION, result: Result.OK });
    const track = await trackOf(NOW - 41 * MIN, NOW - 39 * MIN);
    expect(track.totalRecords).toBe(1);
    expect(track.data[0]).toMatchObject({ vehicleId: vehicle.id, gpsTimeMillisecond: NOW - 40 * MIN, speed: 0, t1: 4.5, odometer: 1000 });
    expect(track.data[0].statusStr).toBe('ACC关,冷机开,门1开');
    expect(await pointCount()).toBe(before + 1);
    // A door opened away from every fence of the waybill: the rule alarms at once (tests/alarms.test.ts).
    const alarms = await t.db.all<{ alarm_content: string }>('SELECT alarm_content FROM alarms WHERE vehicle_id = ? AND last_alarm_type = 103', [vehicle.id]);
    expect(alarms.map((a) => a.alarm_content)).toEqual(['在围栏外开门：门1']);
  });

  it('re-uploads 100 blind-area points in one 0x0704 that travels as sub-packages, all stored', async () => {
    const before = await pointCount();
    const points = Array.from({ length: 100 }, (_, i) => point(1 + i * 0.25));
    expect((await term.batch(points, 1)).result).toBe(Result.OK);
    expect(await pointCount()).toBe(before + 100);
    expect(gateway.stats.pointsAcknowledged).toBe(gateway.stats.pointsStored);
  });

  it('answers a point the ingestion refuses with a failure, stores nothing, and keeps the connection', async () => {
    const before = await pointCount();
    const refusedBefore = gateway.stats.pointsRefused;
    const answer = await term.report(point(0, { gpsTime: NOW + 10 * MIN }));
    expect(answer.result).toBe(Result.FAILED);
    expect(gateway.stats.pointsRefused).toBe(refusedBefore + 1);
    expect(logs.at(-1)).toContain('定位时间');
    expect(await pointCount()).toBe(before);
    expect((await term.heartbeat()).result).toBe(Result.OK);
  });

  it('drops noise and broken frames, counting them, and stores the good frame after them on the same connection', async () => {
    const before = await pointCount();
    const malformed = gateway.stats.malformed;
    term.sendRaw(Buffer.from('GET / HTTP/1.1\r\n\r\n'));
    const broken = encodeFrame({ msgId: MsgId.LOCATION, version: 2019, protocolVersion: 1, phone: '13912345678', serial: 999, encryption: 0 }, Buffer.alloc(30, 1));
    broken[broken.length - 2] ^= 0x55; // the checksum no longer matches
    term.sendRaw(broken);
    term.sendRaw(Buffer.of(0x7e, 0x7d, 0x09, 0x7e)); // an escape that means nothing
    expect((await term.report(point(30))).result).toBe(Result.OK);
    expect(await pointCount()).toBe(before + 1);
    expect(gateway.stats.malformed).toBe(malformed + 3);
    expect(logs.some((l) => l.includes('校验码错误'))).toBe(true);
  });

  it('answers a location query from staff with the terminal\'s current position', async () => {
    const r = await dispatcher.post('/gateway/locationQuery', { vehicleId: vehicle.id });
    expect(r.code).toBe(1);
    expect(r.result).toMatchObject({ vehicleId: vehicle.id, vehicleNo: vehicle.vehicleNo, lon: away.lon, lat: away.lat, gpsTime: NOW - 10 * MIN, odometer: 1030 });
    expect(r.result.gpsTimeStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('refuses the query to a carrier user, for a vehicle whose terminal is offline, and on bad input', async () => {
    expect((await carrier.post('/gateway/locationQuery', { vehicleId: vehicle.id })).code).toBe(104);
    const other = (await t.db.one<{ id: number }>('SELECT id FROM vehicles WHERE corp_id = 1 AND id <> ? AND is_deleted = 0 ORDER BY id LIMIT 1', [vehicle.id]))!;
    expect(await dispatcher.post('/gateway/locationQuery', { vehicleId: other.id })).toMatchObject({ code: 0, message: TERMINAL_OFFLINE });
    expect((await dispatcher.post('/gateway/locationQuery', { vehicleId: 'x' })).code).toBe(100);
    expect((await dispatcher.post('/gateway/locationQuery', {})).message).toContain('车辆ID');
  });

  it('after a reconnect, authenticates with the code it was given without registering again', async () => {
    const code = term.authCode;
    await term.close();
    const again = await connect(ofVehicle());
    expect((await again.authenticate(code)).result).toBe(Result.OK);
    expect((await again.report(point(31))).result).toBe(Result.OK);
  });
});

describe('terminals refused', () => {
  it('matches a 2013 terminal by the SIM number of an equipment record bound to a vehicle', async () => {
    const sim = (await t.db.one<{ simNo: string; vehicleId: number }>('SELECT sim_no AS "simNo", vehicle_id AS "vehicleId" FROM equips WHERE sim_no IS NOT NULL AND vehicle_id IS NOT NULL AND is_deleted = 0 ORDER BY id LIMIT 1'))!;
    const term = await connect({ phone: sim.simNo, version: 2013, terminalId: 'X1' });
    expect((await term.register()).result).toBe(RegisterResult.OK);
    expect((await term.authenticate()).result).toBe(Result.OK);
    const row = await t.db.one<{ vehicleId: number }>('SELECT vehicle_id AS "vehicleId" FROM jt808_terminals WHERE phone = ?', [sim.simNo]);
    expect(row?.vehicleId).toBe(sim.vehicleId);
  });

  it('an unknown terminal is answered "no such terminal", closed, and nothing is stored', async () => {
    const before = await t.snapshot();
    const term = await connect({ phone: '19900000001', version: 2013, terminalId: 'NOPE' });
    expect((await term.register()).result).toBe(RegisterResult.NO_TERMINAL);
    await term.closed;
    await t.assertUnchanged(before);
  });

  it('a terminal that reports without authenticating is answered with a failure, closed, and nothing is stored', async () => {
    const before = await t.snapshot();
    const refused = gateway.stats.refused;
    const term = await connect(ofVehicle());
    expect((await term.report(point(35))).result).toBe(Result.FAILED);
    await term.closed;
    expect(gateway.stats.refused).toBe(refused + 1);
    await t.assertUnchanged(before);
  });

  it('a wrong code does not authenticate', async () => {
    const term = await connect(ofVehicle());
    expect((await term.authenticate('0000000000000000')).result).toBe(Result.FAILED);
    await term.closed;
  });

  it('a report without a position fix is answered and not stored', async () => {
    const term = await connect(ofVehicle());
    await term.register();
    await term.authenticate();
    const before = await pointCount();
    const answer = await term.reportRaw({ alarm: 0, status: Status.ACC, latitude: 0, longitude: 0, altitude: 0, speed: 0, direction: 0, time: NOW - MIN, extras: [] });
    expect(answer.result).toBe(Result.OK);
    expect(await pointCount()).toBe(before);
  });
});

describe('reports stored through the group commit', () => {
  /** A second gateway whose ingestion queue stores through `conn`; its terminal of the vehicle, authenticated. */
  const gatewayOver = async (conn: Conn) => {
    const gw = new Jt808Gateway({ conn: t.db, log: (l) => logs.push(l), ingestion: new IngestQueue(conn) });
    const term = await SimTerminal.connect(await gw.listen(0), ofVehicle());
    open.push(term);
    await term.register();
    expect((await term.authenticate()).result).toBe(Result.OK);
    return { gw, term };
  };

  it('answers a report only once its points are committed, then shows them', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const atCommit = new Promise<void>((r) => (reached = r));
    const { gw, term } = await gatewayOver(commitHook(t.db, async () => { reached(); await held; }).conn);
    const before = await pointCount();
    let answered = false;
    const answer = term.report(point(36)).finally(() => { answered = true; });
    await atCommit;
    expect(answered).toBe(false);
    release();
    expect((await answer).result).toBe(Result.OK);
    expect(await pointCount()).toBe(before + 1);
    await gw.close();
  });

  it('answers failure when the commit fails, stores nothing, and keeps the connection', async () => {
    const { gw, term } = await gatewayOver(commitHook(t.db, async () => { throw new Error('磁盘已满'); }).conn);
    const before = await t.snapshot();
    expect((await term.batch([point(37), point(38)], 1)).result).toBe(Result.FAILED);
    expect(gw.stats.pointsAcknowledged).toBe(0);
    expect(gw.stats.pointsRefused).toBe(2);
    expect(logs.at(-1)).toContain('磁盘已满');
    await t.assertUnchanged(before);
    expect((await term.heartbeat()).result).toBe(Result.OK);
    await gw.close();
  });
});
