// Three server processes on one PostgreSQL database (docs/deploy.md), requests spread over them as a
// load balancer would: what one instance does, the others honour. Runs under `npm run test:pg` only;
// on SQLite there is one process per database file by design.
import ExcelJS from 'exceljs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresDatabase } from '../server/db/postgres.ts';
import { newSecret } from '../server/domain/terminals/credentials.ts';
import { RegisterResult, Result } from '../server/gateway/jt808/messages.ts';
import { HELD_WAIT_MS } from '../server/gateway/jt808/query-relay.ts';
import { SimTerminal } from '../server/gateway/jt808/terminal-client.ts';
import { TERMINAL_OFFLINE } from '../server/routes/gateway.ts';
import { freshDatabaseUrl, onPostgres } from './support/test-db.ts';
import { startInstances, type Instance } from './support/instances.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!onPostgres)('several instances on one PostgreSQL', () => {
  let db: PostgresDatabase;
  let a: Instance, b: Instance, c: Instance;
  let all: Instance[];

  beforeAll(async () => {
    const url = await freshDatabaseUrl('transport');
    db = PostgresDatabase.connect(url, 2);
    all = await startInstances(['A', 'B', 'C'], { databaseUrl: url, filesDir: mkdtempSync(join(tmpdir(), 'huoyun-shared-files-')), jt808: true });
    [a, b, c] = all;
  }, 120_000);

  afterAll(async () => {
    await Promise.all((all ?? []).map((i) => i.kill()));
    await db?.close();
  });

  it('50 identical actions on one waybill, spread over three instances, have one winner', async () => {
    const w = (await db.one<{ id: number; version: number }>('SELECT id, version FROM waybills WHERE status = 200 AND step = 3 AND corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1'))!;
    const tokens = await Promise.all(all.map((i) => i.login('dispatcher')));
    const replies = await Promise.all(Array.from({ length: 50 }, (_, k) =>
      all[k % 3].post('/waybillAction/receive', { id: Number(w.id), version: Number(w.version) }, tokens[k % 3])));
    expect(replies.every((r) => r.status < 500)).toBe(true);
    expect(replies.filter((r) => r.code === 1)).toHaveLength(1);
    expect(replies.filter((r) => r.code === 0)).toHaveLength(49);
    const after = (await db.one<{ version: number; events: number }>(
      "SELECT version, (SELECT count(*) FROM waybill_events WHERE waybill_id = ? AND action = 'receive') AS events FROM waybills WHERE id = ?", [w.id, w.id]))!;
    expect({ version: Number(after.version), events: Number(after.events) }).toEqual({ version: Number(w.version) + 1, events: 1 });
  });

  it('a sign-out on A is refused on B and C within one second', async () => {
    const token = await a.login('monitor');
    for (const i of [b, c]) expect((await i.post('/menu/menuTree', { useSystem: 3 }, token)).code).toBe(1);
    expect((await a.post('/signOut', {}, token)).code).toBe(1);
    const signedOut = Date.now();
    const refusedAfter = await Promise.all([b, c].map(async (i) => {
      for (;;) {
        const r = await i.post('/menu/menuTree', { useSystem: 3 }, token);
        if (r.code === 103) return Date.now() - signedOut;
        if (Date.now() - signedOut > 5_000) return Infinity;
        await sleep(25);
      }
    }));
    for (const ms of refusedAfter) expect(ms).toBeLessThanOrEqual(1_000);
  });

  it('the same track batch and the same driver event sent to all three are stored once and raise one alarm', async () => {
    const { secret, hash, prefix } = newSecret();
    await db.run('INSERT INTO terminal_credentials (corp_id, name, secret_hash, prefix, created_by, created_at) VALUES (1, ?, ?, ?, 1, ?)', ['多实例网关', hash, prefix, Date.now()]);
    const gateway = { authorization: `Bearer ${secret}` };
    const vehicle = (await db.one<{ id: number }>('SELECT id FROM vehicles WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id DESC LIMIT 1'))!;
    const vehicleId = Number(vehicle.id);
    // Ten minutes at 130 km/h: an overspeed alarm by the default thresholds.
    const t0 = Date.now() - 3_600_000;
    const points = Array.from({ length: 21 }, (_, k) => ({ lon: 113 + k * 0.01, lat: 34.7, gpsTime: t0 + k * 30_000, speed: 130, direction: 90, odometer: 100 + k }));
    const stored = await Promise.all(all.map((i) => i.post('/track/ingest', { vehicleId, points }, undefined, gateway)));
    expect(stored.map((r) => r.code)).toEqual([1, 1, 1]);
    expect(stored.map((r) => r.result.stored).sort()).toEqual([0, 0, 21]);
    const overspeed = await db.one<{ n: number }>('SELECT count(*) AS n FROM alarms WHERE vehicle_id = ? AND last_alarm_type = 102', [vehicleId]);
    expect(Number(overspeed!.n)).toBe(1);

    const event = { vehicleId, eventType: 301, eventLevel: 2, gpsTime: t0 + 60_000, lon: 113.01, lat: 34.7, speed: 80 };
    const sent = await Promise.all(all.map((i) => i.post('/driverAlarm/receiveEvent', event, undefined, gateway)));
    expect(sent.map((r) => r.code)).toEqual([1, 1, 1]);
    expect(new Set(sent.map((r) => r.result.id)).size).toBe(1);
    const fatigue = await db.one<{ n: number }>('SELECT count(*) AS n FROM alarms WHERE vehicle_id = ? AND last_alarm_type = 301 AND begin_time = ?', [vehicleId, event.gpsTime]);
    expect(Number(fatigue!.n)).toBe(1);

    // B's encoded track pages follow what A stored: the page cache is keyed on the database's state.
    const monitor = await b.login('monitor');
    const page = { vehicleId, startTime: t0 - 60_000, endTime: t0 + 3_600_000, pageParamVO: { curPage: 1, pageSize: 1000 } };
    expect((await b.post('/waybill/getTrackList', page, monitor)).result.totalRecords).toBe(21);
    const later = points.map((p, k) => ({ ...p, gpsTime: t0 + (21 + k) * 30_000, speed: 60 }));
    expect((await a.post('/track/ingest', { vehicleId, points: later }, undefined, gateway)).result.stored).toBe(21);
    expect((await b.post('/waybill/getTrackList', page, monitor)).result.totalRecords).toBe(42);
  });

  it('a position stored on A moves the marker on a fleet map open on B, without waiting for its snapshot', async () => {
    const { secret, hash, prefix } = newSecret();
    await db.run('INSERT INTO terminal_credentials (corp_id, name, secret_hash, prefix, created_by, created_at) VALUES (1, ?, ?, ?, 1, ?)', ['多实例实时位置', hash, prefix, Date.now()]);
    const vehicleId = Number((await db.one<{ id: number }>('SELECT id FROM vehicles WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1'))!.id);
    const stream = await b.get('/fleetMap/stream', await b.login('dispatcher'));
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const heard = async (lon: number, within: number) => {
      const until = Date.now() + within;
      for (;;) {
        const moved = text.split('\n').filter((l) => l.startsWith('data: [')).flatMap((l) => JSON.parse(l.slice(6)) as { vehicleId: number; lon: number }[])
          .some((p) => p.vehicleId === vehicleId && Math.abs(p.lon - lon) < 1e-6);
        if (moved) return Date.now();
        const left = until - Date.now();
        if (left <= 0) return Infinity;
        const chunk = await Promise.race([reader.read(), sleep(left).then(() => null)]);
        if (chunk === null || chunk.done) return Infinity;
        text += decoder.decode(chunk.value, { stream: true });
      }
    };
    // The stream says it is ready once subscribed: only then can a position reach it.
    for (const until = Date.now() + 5_000; !text.includes('event: ready') && Date.now() < until;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
    expect(text).toContain('event: ready');
    const lon = 113.654321;
    const sent = Date.now();
    const stored = await a.post('/track/ingest', { vehicleId, points: [{ lon, lat: 34.75, gpsTime: sent - 1_000, speed: 42, direction: 90, odometer: 1 }] }, undefined, { authorization: `Bearer ${secret}` });
    expect(stored.result.stored).toBe(1);
    // B's map re-reads its snapshot only every minute: the position comes through the relay.
    expect(await heard(lon, 3_000) - sent).toBeLessThan(2_000);
    await reader.cancel();
  });

  it('a location query on B reaches the terminal connected to A; one connected nowhere is offline at once', async () => {
    const [held, nowhere] = (await db.all<{ id: number; terminal: string }>(
      "SELECT id, dataterminal_id AS terminal FROM vehicles WHERE corp_id = 1 AND is_deleted = 0 AND dataterminal_id IS NOT NULL AND dataterminal_id <> '' ORDER BY id LIMIT 2"))
      .map((v) => ({ id: Number(v.id), terminal: v.terminal }));
    const term = await SimTerminal.connect(a.jt808Port!, { phone: '13912345670', version: 2019, terminalId: held.terminal, model: 'HY-SIM' });
    try {
      expect((await term.register()).result).toBe(RegisterResult.OK);
      expect((await term.authenticate()).result).toBe(Result.OK);
      const here = { lon: 113.702345, lat: 34.801234, gpsTime: Math.floor(Date.now() / 1000) * 1000 - 5_000, speed: 30, direction: 45, odometer: 500, status: 0 };
      expect((await term.report(here)).result).toBe(Result.OK);
      const token = await b.login('dispatcher');
      const r = await b.post('/gateway/locationQuery', { vehicleId: held.id }, token);
      expect(r).toMatchObject({ code: 1, result: { vehicleId: held.id, lon: here.lon, lat: here.lat, gpsTime: here.gpsTime } });
      const asked = Date.now();
      expect(await c.post('/gateway/locationQuery', { vehicleId: nowhere.id }, token)).toMatchObject({ code: 0, message: TERMINAL_OFFLINE });
      expect(Date.now() - asked).toBeLessThan(HELD_WAIT_MS + 1_000);
    } finally {
      term.destroy();
    }
  });

  /** Vehicles with their own plate prefix, inserted straight into the database: the rows of an export. */
  async function addVehicles(prefix: string, n: number) {
    await db.run(`INSERT INTO vehicles (corp_id, vehicle_no, load_weight, status, cold_machine, created_at, updated_at)
      SELECT 1, ? || lpad(g::text, 6, '0'), 10, 0, 0, ?, ? FROM generate_series(1, ?) AS g`, [prefix, Date.now(), Date.now(), n]);
  }

  const taskOf = (id: number) => db.one<{ status: number; runner: string | null; attempts: number; rowsDone: number }>(
    'SELECT status, runner, attempts, rows_done AS "rowsDone" FROM export_tasks WHERE id = ?', [id]);

  async function untilEnded(id: number, ms: number) {
    for (const until = Date.now() + ms; Date.now() < until; await sleep(100)) {
      const task = await taskOf(id);
      if (task && Number(task.status) !== 3) return task;
    }
    throw new Error(`export ${id} did not end within ${ms} ms`);
  }

  async function downloadRows(from: Instance, token: string, id: number) {
    const res = await from.get(`/exportCenter/download/${id}`, token);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    return wb.worksheets[0].rowCount - 1;
  }

  const doneMessages = async (fileName: string) =>
    Number((await db.one<{ n: number }>("SELECT count(*) AS n FROM messages WHERE title = '导出完成' AND content LIKE ?", [`${fileName}%`]))!.n);

  it('an export created on A is run once and downloadable from C', async () => {
    await addVehicles('DUO', 3_000);
    const token = await a.login('admin');
    const created = await a.post('/exportCenter/create', { pageId: 'base/vehicle-list', vehicleNo: 'DUO' }, token);
    expect(created.code).toBe(1);
    const task = await untilEnded(created.result.id, 60_000);
    expect({ status: Number(task.status), attempts: Number(task.attempts) }).toEqual({ status: 1, attempts: 1 });
    expect(await downloadRows(c, token, created.result.id)).toBe(3_000);
    expect(await doneMessages(created.result.fileName)).toBe(1);
  }, 90_000);

  it('kill -9 of the instance running an export: the task finishes on another instance', async () => {
    const rows = 20_000;
    await addVehicles('KIL', rows);
    const token = await a.login('admin');
    const created = await a.post('/exportCenter/create', { pageId: 'base/vehicle-list', vehicleNo: 'KIL' }, token);
    expect(created.code).toBe(1);
    const id = created.result.id as number;
    // Killed once it has written rows: in the middle of the file.
    let first: Awaited<ReturnType<typeof taskOf>>;
    for (;;) {
      first = await taskOf(id);
      if (Number(first!.rowsDone) > 0) break;
      expect(Number(first!.status)).toBe(3);
      await sleep(20);
    }
    await a.kill();
    const task = await untilEnded(id, 120_000);
    expect(Number(task.status)).toBe(1);
    expect(Number(task.attempts)).toBe(2);
    expect(task.runner).not.toBe(first!.runner);
    expect(await downloadRows(c, token, id)).toBe(rows);
    expect(await doneMessages(created.result.fileName)).toBe(1);
  }, 180_000);
});
