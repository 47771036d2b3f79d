// The electronic road book (电子路书, fixed/fixedLineNavigation and fixed/findAreaList): a line's stops in
// order with their fences (names, centres, shapes), the leg distance from the previous stop and the
// planned times — of a run when a waybill generated from the line is named (its nodes' required
// times), else the line's offsets from the departure. A leg's distance is the 距离 record between the
// two fences as distance/getAreaDistance answers it (either direction), failing that the straight line
// between the fences' centres (marked as such).
import type { SessionUser } from '../../http/context.ts';
import { failure } from '../../http/envelope.ts';
import type { ResourceEngine } from '../../resources/engine.ts';
import { NOT_FOUND } from '../../resources/engine.ts';
import { all, one } from '../../resources/statements.ts';
import { fenceView } from '../../fences/view.ts';
import { formatTime } from '../../resources/time.ts';
import { haversineKm, km1 } from '../orders/distance.ts';
import { areasById } from './areas.ts';
import { offsetText, type LineStop } from './stops.ts';

const STOP_LABELS: Record<number, string> = { 1: '装货', 2: '卸货', 3: '途经' };

/** The line in the user's scope (a customer user its customer's lines, a carrier user its own). */
export async function visibleLine(engine: ResourceEngine, user: SessionUser, lineId: number) {
  const line = await engine.find(engine.resource('fixedLine'), user, lineId);
  if (!line) throw failure(NOT_FOUND);
  return line as { id: number; lineName: string; stops: LineStop[] } & Record<string, unknown>;
}

/** The line's stops with their fences, as fixed/findAreaList answers. */
export async function stopsWithAreas(engine: ResourceEngine, user: SessionUser, lineId: number) {
  const line = await visibleLine(engine, user, lineId);
  const areas = await areasById(engine.db, user.corpId, line.stops.map((s) => s.areaId));
  const stops = line.stops.map((s, i) => {
    const area = areas.get(s.areaId);
    return {
      seq: i + 1, ...s, stopTypeStr: STOP_LABELS[s.stopType] ?? '', arriveOffsetStr: offsetText(s),
      ...(area ? fenceView(area) : { areaName: '（围栏不存在）', lonCenter: null, latCenter: null }), areaId: s.areaId,
    };
  });
  return { line, stops };
}

type Stop = Awaited<ReturnType<typeof stopsWithAreas>>['stops'][number];

/** The road distance kept between two fences (distance/getAreaDistance's answer), or null. */
export type RoadKm = (fromAreaId: number, toAreaId: number) => Promise<number | null>;

async function legKm(roadKm: RoadKm, a: Stop, b: Stop) {
  const road = await roadKm(a.areaId, b.areaId);
  if (road !== null) return { legKm: road, legSource: '距离维护' };
  if (a.lonCenter == null || b.lonCenter == null) return { legKm: null, legSource: null };
  return { legKm: km1(haversineKm({ lon: a.lonCenter, lat: a.latCenter! }, { lon: b.lonCenter, lat: b.latCenter! })), legSource: '直线距离' };
}

/** The waybill of a run of the line (its run row), in the user's scope through the line. */
async function runWaybill(engine: ResourceEngine, lineId: number, waybillId: number) {
  const w = await one<{ waybillId: number; waybillNo: string; runDay: number }>(engine.db,
    `SELECT w.id AS "waybillId", w.waybill_no AS "waybillNo", r.run_day AS "runDay" FROM fixed_line_runs r JOIN waybills w ON w.id = r.waybill_id
     WHERE r.line_id = ? AND r.waybill_id = ? AND w.is_deleted = 0`, lineId, waybillId);
  if (!w) throw failure(NOT_FOUND);
  const nodes = await all<{ arriveAt: number | null; leaveAt: number | null }>(engine.db,
    'SELECT required_arrive_time AS "arriveAt", required_leave_time AS "leaveAt" FROM waybill_nodes WHERE waybill_id = ? ORDER BY seq', waybillId);
  return { ...w, nodes };
}

/** The line of a waybill generated from one (fixedLineNavigation called with a waybill only). */
export async function lineOfWaybill(engine: ResourceEngine, user: SessionUser, waybillId: number): Promise<number> {
  const r = await one<{ lineId: number }>(engine.db, 'SELECT line_id AS "lineId" FROM fixed_line_runs WHERE waybill_id = ? AND corp_id = ?', waybillId, user.corpId);
  if (!r) throw failure(NOT_FOUND);
  return r.lineId;
}

export async function navigation(engine: ResourceEngine, user: SessionUser, roadKm: RoadKm, lineId: number, waybillId?: number) {
  const { line, stops } = await stopsWithAreas(engine, user, lineId);
  const run = waybillId === undefined ? null : await runWaybill(engine, lineId, waybillId);
  let totalKm = 0;
  const out = [];
  for (const [i, s] of stops.entries()) {
    const leg = i === 0 ? { legKm: null, legSource: null } : await legKm(roadKm, stops[i - 1], s);
    totalKm += leg.legKm ?? 0;
    const node = run?.nodes[i];
    out.push({ ...s, ...leg, plannedArriveTimeStr: node ? formatTime(node.arriveAt) : null, plannedLeaveTimeStr: node ? formatTime(node.leaveAt) : null });
  }
  return {
    lineId: line.id, lineName: line.lineName, waybillId: run?.waybillId ?? null, waybillNo: run?.waybillNo ?? null,
    runDayStr: run ? formatTime(run.runDay).slice(0, 10) : null, totalKm: km1(totalKm), stops: out,
  };
}
