// 固定线路 and 固定线路排班: a schedule makes ONE waybill per day it runs — the line's stops as the
// waybill's nodes, their planned times as the required times — from 18:00 the day before until the
// departure, and none on other days; once however many sweeps or instances; a change to the schedule
// applies to the runs generated after it; a stopped or deleted line makes nothing; the road book gives
// the stops in order with their leg distances; partners see only their own lines, schedules and waybills.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { JobRunner } from '../server/jobs/runner.ts';
import { timedSweeps } from '../server/jobs/index.ts';
import { formatDay } from '../server/resources/time.ts';
import { dayAhead, HOUR, lineBody, saveLine, saveSchedule, worldOf, type Caller, type World } from './support/fixed-line-fixtures.ts';

let t: TestApp;
let dispatcher: Caller;
let w: World;

const runsOf = (schedulingId: number) => t.db.all<any>('SELECT run_day AS "runDay", waybill_id AS "waybillId" FROM fixed_line_runs WHERE scheduling_id = ? ORDER BY run_day', [schedulingId]);
const nodesOf = (waybillId: number) => t.db.all<any>(
  'SELECT node_type AS "nodeType", area_id AS "areaId", required_arrive_time AS "arriveAt", required_leave_time AS "leaveAt" FROM waybill_nodes WHERE waybill_id = ? ORDER BY seq', [waybillId]);
const sweep = async (now: number) => (await t.jobs.runOnce(now)).fixedLine;

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.as('dispatcher');
  w = await worldOf(t);
});

describe('fixed line schedules generate waybills', () => {
  it('makes one waybill on a day the schedule runs, from 18:00 the day before, with the stops and planned times', async () => {
    const lineId = await saveLine(dispatcher, lineBody(w));
    const { day, weekday } = dayAhead(1);
    const id = await saveSchedule(dispatcher, { lineId, weekdays: [weekday], departTime: '08:00' });
    expect(await sweep(day - 7 * HOUR)).toBe(0); // 17:00 the day before: not yet
    expect(await runsOf(id)).toHaveLength(0);
    expect(await sweep(day - 5 * HOUR)).toBe(1);
    const [run] = await runsOf(id);
    expect(Number(run.runDay)).toBe(day);
    const dep = day + 8 * HOUR;
    expect(await nodesOf(run.waybillId)).toEqual([
      { nodeType: 'start', areaId: w.areas[0], arriveAt: dep, leaveAt: dep + HOUR },
      { nodeType: 'via', areaId: w.areas[1], arriveAt: dep + 3 * HOUR, leaveAt: dep + 3 * HOUR + 15 * 60_000 },
      { nodeType: 'end', areaId: w.areas[2], arriveAt: dep + 6.5 * HOUR, leaveAt: dep + 6.5 * HOUR + 45 * 60_000 },
    ]);
    const wb = (await t.db.one<any>('SELECT waybill_name AS "name", carrier_id AS "carrierId", status, version FROM waybills WHERE id = ?', [run.waybillId]))!;
    expect(wb).toMatchObject({ carrierId: w.carrierId, status: 100, version: 1 });
    expect(wb.name).toContain('测试线路');
    // Made through the one waybill writer: its first event and its first history version.
    expect((await t.db.one<any>("SELECT count(*) AS n FROM waybill_events WHERE waybill_id = ? AND action = 'fixedLine'", [run.waybillId]))!.n).toBe(1);
    expect(Number((await t.db.one<any>('SELECT count(*) AS n FROM waybill_history WHERE waybill_id = ?', [run.waybillId]))!.n)).toBe(1);
    // Swept again (and after the departure): nothing more.
    expect(await sweep(day - 4 * HOUR)).toBe(0);
    expect(await sweep(day + 9 * HOUR)).toBe(0);
    // The next day is not one it runs on.
    expect(await sweep(day + 19 * HOUR)).toBe(0);
    expect(await runsOf(id)).toHaveLength(1);
  });

  it('makes the day\'s waybill once when two instances sweep at the same moment', async () => {
    const lineId = await saveLine(dispatcher, lineBody(w));
    const { day, weekday } = dayAhead(2);
    const id = await saveSchedule(dispatcher, { lineId, weekdays: [weekday] });
    const second = new JobRunner(t.db, timedSweeps(t.registry.get));
    const now = day - 2 * HOUR;
    const [a, b] = await Promise.all([t.jobs.runOnce(now), second.runOnce(now)]);
    expect((a.fixedLine ?? 0) + (b.fixedLine ?? 0)).toBeGreaterThanOrEqual(1);
    expect(await runsOf(id)).toHaveLength(1);
  });

  it('runs on chosen dates as well as weekdays, and only within its validity', async () => {
    const lineId = await saveLine(dispatcher, lineBody(w));
    const { day } = dayAhead(3, 2);
    const later = dayAhead(5, 2).day;
    const id = await saveSchedule(dispatcher, { lineId, dates: [formatDay(day), formatDay(later)], validTo: dayAhead(4).day });
    await sweep(day - 5 * HOUR);
    await sweep(later - 5 * HOUR); // after its validity
    expect((await runsOf(id)).map((r) => Number(r.runDay))).toEqual([day]);
  });

  it('applies a change to the schedule from its moment on', async () => {
    const lineId = await saveLine(dispatcher, lineBody(w));
    const first = dayAhead(6);
    const id = await saveSchedule(dispatcher, { lineId, weekdays: [first.weekday], departTime: '08:00' });
    await sweep(first.day - 5 * HOUR);
    const [run] = await runsOf(id);
    const detail = (await dispatcher.get(`/fixedLineScheduling/findById?id=${id}`)).result;
    const r = await dispatcher.post('/fixedLineScheduling/update', { id, version: detail.version, departTime: '10:00' });
    expect(r.code, r.message).toBe(1);
    // The waybill made before the change keeps its times; the next run follows the change.
    expect((await nodesOf(run.waybillId))[0].arriveAt).toBe(first.day + 8 * HOUR);
    const next = first.day + 7 * 86_400_000;
    await sweep(next - 5 * HOUR);
    const runs = await runsOf(id);
    expect(runs).toHaveLength(2);
    expect((await nodesOf(runs[1].waybillId))[0].arriveAt).toBe(next + 10 * HOUR);
    // Its history keeps both versions.
    const h = await dispatcher.post('/fixedLineScheduling/listHistoryByPage', { id });
    expect(h.code, h.message).toBe(1);
    expect(h.result.data.length).toBeGreaterThanOrEqual(2);
  });

  it('makes nothing for a stopped line, a stopped schedule or a deleted line', async () => {
    const stopped = await saveLine(dispatcher, lineBody(w, { status: 1 }));
    const deleted = await saveLine(dispatcher, lineBody(w));
    const live = await saveLine(dispatcher, lineBody(w));
    const { day, weekday } = dayAhead(7);
    const a = await saveSchedule(dispatcher, { lineId: stopped, weekdays: [weekday] });
    const b = await saveSchedule(dispatcher, { lineId: deleted, weekdays: [weekday] });
    const c = await saveSchedule(dispatcher, { lineId: live, weekdays: [weekday], status: 1 });
    // A line with a live schedule is kept, as every record another points at; its schedule goes first.
    expect((await dispatcher.post('/fixed/delete/batch', { ids: [deleted] })).result).toMatchObject({ successCount: 0, cannotDeleteCount: 1 });
    expect((await dispatcher.post('/fixedLineScheduling/deleteByIds', { ids: [b] })).result).toMatchObject({ successCount: 1 });
    expect((await dispatcher.post('/fixed/delete/batch', { ids: [deleted] })).result).toMatchObject({ successCount: 1 });
    await sweep(day - 5 * HOUR);
    for (const id of [a, b, c]) expect(await runsOf(id)).toHaveLength(0);
  });
});

describe('bad input', () => {
  const stops = (over: Record<number, Record<string, unknown>>) => lineBody(w).stops.map((st, i) => ({ ...st, ...over[i] }));
  it('refuses a line whose stops break the order, naming 线路站点, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ stops: stops({ 0: { stopType: 2 } }) }, '线路站点：第一个站点必须是装货站点'],
      [{ stops: stops({ 2: { stopType: 3 } }) }, '线路站点：最后一个站点必须是卸货站点'],
      [{ stops: stops({ 1: { areaId: w.areas[0] } }) }, '线路站点：第2个站点与上一个站点是同一个围栏'],
      [{ stops: stops({ 1: { arriveTime: '00:30' } }) }, '线路站点：第2个站点的计划到达时间早于上一个站点的计划离开时间'],
      [{ stops: stops({ 2: { areaId: 987654321 } }) }, '线路站点：电子围栏不存在或无权访问'],
      [{ stops: stops({ 1: { arriveTime: '25:00' } }) }, '到达时间：请输入正确的时间，格式为HH:mm'],
      [{ stops: stops({ 1: { stayMinutes: -1 } }) }, '计划停留'],
      [{ stops: [lineBody(w).stops[0]] }, '线路站点'],
      [{ lineName: 'x'.repeat(51) }, '线路名称'],
      [{ unknownField: 1 }, 'unknownField'],
    ];
    for (const [over, message] of cases) {
      const r = await t.refused(() => dispatcher.post('/fixed/save', lineBody(w, over)));
      expect([r.code, r.status], JSON.stringify(over)).toEqual([100, 400]);
      expect(r.message).toContain(message);
    }
    const taken = lineBody(w);
    await saveLine(dispatcher, taken);
    expect((await t.refused(() => dispatcher.post('/fixed/save', { ...lineBody(w), lineName: taken.lineName }))).message).toContain('线路名称');
  });

  it('refuses a default vehicle of another carrier, and a schedule without days or of an unknown line', async () => {
    const other = (await t.db.one<any>('SELECT id FROM vehicles WHERE corp_id = 1 AND is_deleted = 0 AND carrier_id IS NOT NULL AND carrier_id <> ? ORDER BY id LIMIT 1', [w.carrierId]))!.id;
    expect((await t.refused(() => dispatcher.post('/fixed/save', lineBody(w, { vehicleId: other })))).message).toBe('默认车辆：车辆不属于该承运商');
    const lineId = await saveLine(dispatcher, lineBody(w));
    const base = { lineId, weekdays: [1], departTime: '08:00', validFrom: Date.now() };
    const cases: [Record<string, unknown>, string][] = [
      [{ weekdays: [] }, '每周发车日：请选择每周发车日或指定发车日期'],
      [{ lineId: 987654321 }, '固定线路：线路不存在或无权访问'],
      [{ departTime: '8:00' }, '发车时间'],
      [{ dates: ['2026-13-01'] }, '指定发车日期'],
      [{ weekdays: [8] }, '每周发车日'],
      [{ validTo: Date.now() - 10 * 86_400_000 }, '失效日期不能早于生效日期'],
      [{ customerId: w.otherCustomerId }, 'customerId'],
    ];
    for (const [over, message] of cases) {
      const r = await t.refused(() => dispatcher.post('/fixedLineScheduling/save', { ...base, ...over }));
      expect([r.code, r.status], JSON.stringify(over)).toEqual([100, 400]);
      expect(r.message).toContain(message);
    }
    expect((await t.refused(() => dispatcher.post('/fixed/fixedLineNavigation', {}))).message).toBe('线路：请选择线路或运单');
  });
});

describe('the road book', () => {
  it('gives the stops in order with their fences, leg distances (kept or straight) and a run\'s planned times', async () => {
    const lineId = await saveLine(dispatcher, lineBody(w));
    // No distance kept between the second and third fences: that leg is the straight line.
    await t.db.run('UPDATE area_distances SET is_deleted = 1 WHERE from_area_id IN (?, ?) AND to_area_id IN (?, ?)', [w.areas[1], w.areas[2], w.areas[1], w.areas[2]]);
    const d = await dispatcher.post('/res/distance/save', { fromAreaId: w.areas[1], toAreaId: w.areas[0], distanceKm: 123.4 });
    expect(d.code, d.message).toBe(1);
    const r = await dispatcher.post('/fixed/fixedLineNavigation', { lineId });
    expect(r.code, r.message).toBe(1);
    expect(r.result.stops.map((s: any) => [s.seq, s.areaId, s.stopTypeStr])).toEqual([[1, w.areas[0], '装货'], [2, w.areas[1], '途经'], [3, w.areas[2], '卸货']]);
    expect(r.result.stops[0]).toMatchObject({ legKm: null, arriveOffsetStr: '出发后0天 00:00' });
    expect(r.result.stops[1]).toMatchObject({ legKm: 123.4, legSource: '距离维护' });
    expect(r.result.stops[2].legSource).toBe('直线距离');
    expect(r.result.stops[2].legKm).toBeGreaterThanOrEqual(0);
    expect(typeof r.result.stops[0].lonCenter).toBe('number');
    expect(r.result.totalKm).toBeCloseTo(123.4 + r.result.stops[2].legKm, 1);
    // For a waybill of the line: the run's planned times.
    const { day, weekday } = dayAhead(8);
    await saveSchedule(dispatcher, { lineId, weekdays: [weekday], departTime: '08:00' });
    await sweep(day - 5 * HOUR);
    const run = (await t.db.one<any>('SELECT waybill_id AS "waybillId" FROM fixed_line_runs WHERE line_id = ?', [lineId]))!;
    const byWaybill = await dispatcher.post('/fixed/fixedLineNavigation', { waybillId: run.waybillId });
    expect(byWaybill.code, byWaybill.message).toBe(1);
    expect(byWaybill.result.stops[0].plannedArriveTimeStr).toMatch(/ 08:00:00$/);
    expect(byWaybill.result.stops[2].plannedArriveTimeStr).toMatch(/ 14:30:00$/);
    const areas = await dispatcher.post('/fixed/findAreaList', { id: lineId });
    expect(areas.result.map((s: any) => s.areaName)).toHaveLength(3);
    const bills = await dispatcher.post('/fixed/findFixedBillWay/page', { lineId });
    expect(bills.result.data.map((b: any) => b.waybillId)).toEqual([run.waybillId]);
  });
});

describe('partner scoping', () => {
  it('a carrier user sees only its own lines, schedules and waybills; a customer only its customer\'s', async () => {
    const mine = await saveLine(dispatcher, lineBody(w));
    const theirs = await saveLine(dispatcher, lineBody(w, { customerId: w.otherCustomerId, carrierId: w.otherCarrierId }));
    const { day, weekday } = dayAhead(9);
    const s1 = await saveSchedule(dispatcher, { lineId: mine, weekdays: [weekday] });
    const s2 = await saveSchedule(dispatcher, { lineId: theirs, weekdays: [weekday] });
    await sweep(day - 5 * HOUR);
    for (const name of ['carrier', 'customer']) {
      const as = await t.as(name);
      const lines = (await as.post('/fixed/page', { pageSize: 1000 })).result.data.map((l: any) => l.id);
      expect(lines, name).toContain(mine);
      expect(lines, name).not.toContain(theirs);
      expect((await as.get(`/fixed/findFixedLineById?id=${theirs}`)).code).not.toBe(1);
      const schedules = (await as.post('/fixedLineScheduling/listByPage', { pageSize: 1000 })).result.data.map((s: any) => s.id);
      expect(schedules, name).toContain(s1);
      expect(schedules, name).not.toContain(s2);
      const bills = (await as.post('/fixed/findFixedBillWay/page', { pageSize: 1000 })).result.data.map((b: any) => b.lineId);
      expect(bills.length, name).toBeGreaterThan(0);
      expect(bills.every((l: number) => l !== theirs), name).toBe(true);
      expect((await as.post('/fixed/fixedLineNavigation', { lineId: theirs })).code).not.toBe(1);
      expect((await as.post('/fixed/getFixedLineInfoDropBox', {})).result.map((l: any) => l.id)).not.toContain(theirs);
      // Partners read; they do not write.
      expect((await as.post('/fixed/save', lineBody(w))).code).toBe(104);
    }
  });
});

describe('the other calls', () => {
  it('checks a name, answers one line\'s history, the mode setting, and exports the lists as .xlsx', async () => {
    const body = lineBody(w);
    const id = await saveLine(dispatcher, body);
    expect((await dispatcher.get(`/fixed/checkName?lineName=${encodeURIComponent(body.lineName)}`)).result).toBe(false);
    expect((await dispatcher.get(`/fixed/checkName?lineName=${encodeURIComponent(body.lineName)}&id=${id}`)).result).toBe(true);
    const h = await dispatcher.get(`/fixed/findFixedLineHistoryById?id=${id}`);
    expect(h.code, h.message).toBe(1);
    expect(h.result.data[0].action ?? h.result.data[0].actionStr).toBeTruthy();
    const detail = (await dispatcher.get(`/fixed/findFixedLineById?id=${id}`)).result;
    expect(detail.stopsText).toMatch(/^1\.装货 .+ → 2\.途经 .+ → 3\.卸货 /);
    expect((await dispatcher.get('/personalSet/getFixedLineModeSet')).result).toMatchObject({ autoGenerate: 1, generateHour: 18 });
    for (const path of ['/fixed/exportFixedLineInfo', '/fixedLineScheduling/exportFixedLineScheduling']) {
      const res = await t.app.request(`/api${path}`, { method: 'POST', headers: { token: dispatcher.token, 'content-type': 'application/json' }, body: '{}' });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-disposition'), path).toMatch(/attachment/);
      expect((await res.arrayBuffer()).byteLength, path).toBeGreaterThan(100);
    }
  });
});
