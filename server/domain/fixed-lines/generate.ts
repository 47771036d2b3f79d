// Where the fixed-line schedules act (docs/rules.md "Fixed lines"): the job runner's sweep makes, for
// each live schedule of a live line due on a day (calendar.ts: from GENERATE_HOUR the day before until
// the departure), ONE waybill with the line's stops as its nodes and their planned times as the nodes'
// required times, through the one waybill writer (waybills/create.ts: number, nodes, first event,
// history). The run's row (fixed_line_runs, unique per schedule and day) is written in the same
// exclusive transaction, so a day's waybill is made once however many instances sweep. The schedule
// and the line are read again under the lock: what stands at the moment of generation decides, and a
// later change applies to the runs generated after it.
import { ApiError } from '../../http/envelope.ts';
import type { SessionUser } from '../../http/context.ts';
import { all, one, run, tx, type Conn } from '../../resources/statements.ts';
import { insertWaybill, type NewNode } from '../waybills/create.ts';
import { crewOf } from '../orders/waybill-creation.ts';
import { applyWaybillAction, INITIAL_WAYBILL_STATE } from '../workflow/waybill-machine.ts';
import { formatDay } from '../../resources/time.ts';
import { departureOn, dueDays, type ScheduleDays } from './calendar.ts';
import { nodeTypeOf, plannedTimes, type LineStop } from './stops.ts';

export const FIXED_LINE_USER_NAME = '系统（固定线路排班）';
const LOCK = 'fixed-line-runs';

interface ScheduleRow extends ScheduleDays {
  id: number;
  corpId: number;
  lineId: number;
  vehicleId: number | null;
  driverId: number | null;
  updatedBy: number;
}

interface LineRow {
  id: number;
  lineName: string;
  businessType: number;
  carrierId: number | null;
  vehicleId: number | null;
  driverId: number | null;
  stops: LineStop[];
}

const json = <T>(v: unknown): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T | null));

/** The live schedules of live lines (one, with `id`), as the calendar reads them. */
async function liveSchedules(conn: Conn, id?: number): Promise<ScheduleRow[]> {
  const rows = await all<Record<string, unknown>>(conn,
    `SELECT s.id, s.corp_id AS "corpId", s.line_id AS "lineId", s.weekdays, s.dates, s.depart_time AS "departTime", s.valid_from AS "validFrom",
       s.valid_to AS "validTo", s.vehicle_id AS "vehicleId", s.driver_id AS "driverId", s.updated_by AS "updatedBy"
     FROM fixed_line_schedulings s JOIN fixed_lines l ON l.id = s.line_id
     WHERE s.is_deleted = 0 AND s.status = 0 AND l.is_deleted = 0 AND l.status = 0${id === undefined ? '' : ' AND s.id = ?'}
     ORDER BY s.id`, ...(id === undefined ? [] : [id]));
  return rows.map((r) => ({ ...r, weekdays: json<number[]>(r.weekdays), dates: json<string[]>(r.dates) }) as ScheduleRow);
}

async function lineOf(conn: Conn, id: number): Promise<LineRow> {
  const r = (await one<Record<string, unknown>>(conn,
    `SELECT id, line_name AS "lineName", business_type AS "businessType", carrier_id AS "carrierId", vehicle_id AS "vehicleId", driver_id AS "driverId", stops
     FROM fixed_lines WHERE id = ?`, id))!;
  return { ...r, stops: json<LineStop[]>(r.stops) ?? [] } as LineRow;
}

/** The system as the one who generates: staff of the corporation, on behalf of who saved the schedule. */
export const fixedLineUser = (corpId: number, onBehalfOf: number): SessionUser => ({
  userId: onBehalfOf, userName: 'system', realName: FIXED_LINE_USER_NAME, corpId, orgId: null, userType: 0, parentId: null, partnerId: null, token: '', operationIds: new Set(),
});

/** The crew of a run: the schedule's, else the line's default; dispatched only when the vehicle still may be. */
async function crewFor(conn: Conn, user: SessionUser, s: ScheduleRow, line: LineRow) {
  const vehicleId = s.vehicleId ?? line.vehicleId;
  if (vehicleId === null) return null;
  try {
    return await crewOf(conn, user, { vehicleId, driverId: (s.vehicleId !== null ? s.driverId : line.driverId) ?? undefined, carrierId: line.carrierId ?? undefined }, line.carrierId);
  } catch (e) {
    // A stopped vehicle or driver must not stop the run: the waybill waits for a dispatcher instead.
    if (e instanceof ApiError) return null;
    throw e;
  }
}

async function generateRun(conn: Conn, s: ScheduleRow, day: number, now: number) {
  const line = await lineOf(conn, s.lineId);
  const user = fixedLineUser(s.corpId, s.updatedBy);
  const times = plannedTimes(line.stops, departureOn(s, day));
  const nodes: NewNode[] = line.stops.map((st, i) => ({
    nodeType: nodeTypeOf(i, line.stops.length), areaId: st.areaId, requiredArriveTime: times[i].arriveAt, requiredLeaveTime: times[i].leaveAt,
  }));
  const crew = await crewFor(conn, user, s, line);
  const dispatched = crew ? applyWaybillAction(INITIAL_WAYBILL_STATE, 'assignVehicle') : null;
  const runDay = formatDay(day);
  const created = await insertWaybill(conn, user, {
    state: dispatched?.ok ? dispatched.state : INITIAL_WAYBILL_STATE,
    waybillName: `${line.lineName} ${runDay}`, businessType: line.businessType,
    carrierId: crew?.carrierId ?? line.carrierId, vehicleId: crew?.vehicleId ?? null, driverId: crew?.driverId ?? null,
    remark: `固定线路「${line.lineName}」${runDay}班次自动生成`, links: [], nodes, goods: [],
    event: { action: 'fixedLine', from: INITIAL_WAYBILL_STATE, payload: { lineId: line.id, lineName: line.lineName, schedulingId: s.id, runDay } },
  }, now);
  await run(conn, 'INSERT INTO fixed_line_runs (corp_id, line_id, scheduling_id, run_day, waybill_id, at) VALUES (?, ?, ?, ?, ?, ?)',
    s.corpId, line.id, s.id, day, created.id, now);
}

/** Generates the run of (schedule, day) once: under the lock, unless its row exists or the schedule stopped meanwhile. */
async function generateOnce(conn: Conn, scheduleId: number, day: number, now: number): Promise<boolean> {
  return tx(conn, async () => {
    if (await one(conn, 'SELECT 1 AS x FROM fixed_line_runs WHERE scheduling_id = ? AND run_day = ?', scheduleId, day)) return false;
    const [s] = await liveSchedules(conn, scheduleId);
    if (!s || !dueDays(s, now).includes(day)) return false;
    await generateRun(conn, s, day, now);
    return true;
  }, { exclusive: { lock: LOCK } });
}

/** The sweep (server/jobs): every due run of every live schedule; answers how many waybills it made. */
export async function sweepFixedLines(conn: Conn, now: number): Promise<number> {
  let made = 0;
  for (const s of await liveSchedules(conn)) {
    for (const day of dueDays(s, now)) {
      try {
        if (await generateOnce(conn, s.id, day, now)) made += 1;
      } catch (e) {
        // One run the waybill writer refuses does not hold up the others; it is tried again next sweep.
        if (!(e instanceof ApiError)) throw e;
        console.error(`jobs: fixedLine: schedule ${s.id} day ${formatDay(day)}: ${e.message}`);
      }
    }
  }
  return made;
}
