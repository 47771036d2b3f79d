// What the timeline popover shows at each node (spec section 3 "Waybill node", "Timeline node"):
// the vehicle's stored point at the node's actual arrive (else leave) time — speed, temperatures,
// place — and the alarms of the waybill during the stay (pointAlarm) and on the way there
// (lineAlarm). One track range read and one alarm query per waybill, however many nodes it has.
import type { SessionUser } from '../../http/context.ts';
import { alarmTypeName } from '../../alarms/catalogue.ts';
import { alarmScope } from '../../alarms/scope.ts';
import { OfflineGeocoder } from '../../fences/geocode/offline.ts';
import { formatTime } from '../../resources/time.ts';
import { lowerBound, TEMP_NONE, type TrackColumns } from '../../tracking/columns.ts';
import { vehicleById } from '../../tracking/target.ts';
import { shownChannels, TrackContext } from '../../tracking/views.ts';
import type { NodeRow } from './nodes.ts';
import type { WaybillRow } from './scope.ts';
import { all, type Conn } from './sql.ts';
import { NodeStatus, nodeStatusOf } from './timeline.ts';
import { round6 as coord } from '../../fences/geometry.ts';

/**
 * A point further than this from the node's time says nothing about the node: the same gap after
 * which the alarm rules stop continuing a reading (terminals report every 30 s while driving).
 */
export const NEAR_MS = 10 * 60_000;

/** vehicle.status: the reading was taken when the vehicle arrived (1) or, with no arrival recorded, when it left (2). */
export const ReadingAt = { ARRIVE: 1, LEAVE: 2 } as const;

export interface AlarmRange {
  startTimeStr: string;
  endTimeStr: string;
  alarmTypeStr: string;
}

export interface NodeReading {
  vehicle: Record<string, unknown>;
  temperature: { name: string; value: number }[];
  pointAlarm: AlarmRange[];
  lineAlarm: AlarmRange[];
}

interface AlarmSpan {
  begin: number;
  end: number;
  type: number;
}

/** Index of the stored point closest in time to `t` within NEAR_MS, or -1. */
export function nearestPoint(cols: TrackColumns, t: number): number {
  const i = lowerBound(cols.gpsTime, t, cols.length);
  let best = -1;
  for (const j of [i - 1, i]) {
    if (j < 0 || j >= cols.length) continue;
    const gap = Math.abs(cols.gpsTime[j] - t);
    if (gap <= NEAR_MS && (best < 0 || gap < Math.abs(cols.gpsTime[best] - t))) best = j;
  }
  return best;
}

/** Alarms overlapping [from, to] (either end may be open: the node still being stayed at, the leg still driven). */
const overlapping = (alarms: readonly AlarmSpan[], from: number, to: number): AlarmRange[] =>
  alarms.filter((a) => a.begin <= to && a.end >= from)
    .map((a) => ({ startTimeStr: formatTime(a.begin), endTimeStr: formatTime(a.end), alarmTypeStr: alarmTypeName(a.type) }));

/** The time the node's reading is taken at: its arrival, else its departure; null when not reached. */
const readingTime = (n: NodeRow) => n.actualArriveTime ?? n.actualLeaveTime;

/**
 * The readings of the waybill's nodes, in the order given. Nodes not reached, or a vehicle with no
 * point near the time, keep only the vehicle number: nothing is estimated.
 */
export async function nodeReadings(conn: Conn, user: SessionUser, w: WaybillRow, nodes: readonly NodeRow[], vehicleNo: string | null): Promise<NodeReading[]> {
  const times = nodes.map(readingTime).filter((t): t is number => t !== null);
  const vehicle = w.vehicleId !== null && times.length ? await vehicleById(conn, w.vehicleId) : undefined;
  const from = Math.min(...times) - NEAR_MS;
  const to = Math.max(...times) + NEAR_MS;
  const ctx = vehicle ? new TrackContext(conn, user, { vehicle, waybill: w, from, to }) : null;
  const cols = ctx ? await ctx.track() : null;
  const temps = vehicle && cols ? shownChannels(vehicle, cols).temps : 0;
  const geocoder = new OfflineGeocoder(conn, w.corpId);
  const scope = alarmScope(user);
  const alarms = times.length
    ? await all<AlarmSpan>(conn, `SELECT a.begin_time AS begin, a.end_time AS end, a.last_alarm_type AS type FROM alarms a
        WHERE ${scope.sql} AND a.waybill_id = ? ORDER BY a.begin_time, a.id`, ...scope.params, w.id)
    : [];

  const lastReached = nodes.findLastIndex((n) => readingTime(n) !== null);
  let lastEnd: number | null = null; // where the previous reached node's stay ended
  let lastLeft = false;
  const readings: NodeReading[] = [];
  for (const [k, n] of nodes.entries()) {
    const at = readingTime(n);
    const reading: NodeReading = { vehicle: { vehicleNo }, temperature: [], pointAlarm: [], lineAlarm: [] };
    readings.push(reading);
    if (at === null) {
      // The next node after one already left, still ahead: the leg to it is being driven now.
      const next = k === lastReached + 1 && lastLeft && nodeStatusOf(n, w) === NodeStatus.NOT_REACHED;
      if (next) reading.lineAlarm = overlapping(alarms, lastEnd!, Infinity);
      continue;
    }
    const stayEnd = n.actualLeaveTime ?? Infinity;
    reading.pointAlarm = overlapping(alarms, at, stayEnd);
    if (lastEnd !== null) reading.lineAlarm = overlapping(alarms, lastEnd, at);
    lastEnd = n.actualLeaveTime ?? at;
    lastLeft = n.actualLeaveTime !== null;

    const i = cols && ctx ? nearestPoint(cols, at) : -1;
    if (i < 0 || !cols || !ctx) continue;
    for (let c = 0; c < cols.temps.length; c++) {
      const value = cols.temps[c]?.[i];
      if (temps & (1 << c) && value !== undefined && value !== TEMP_NONE) reading.temperature.push({ name: `温度${c + 1}`, value });
    }
    const lon = coord(cols.lon[i]), lat = coord(cols.lat[i]);
    const temp = reading.temperature[0]?.value ?? null;
    reading.vehicle = {
      vehicleNo,
      status: n.actualArriveTime !== null ? ReadingAt.ARRIVE : ReadingAt.LEAVE,
      timeStr: formatTime(cols.gpsTime[i]),
      speed: cols.speed[i],
      temp,
      temperature: temp,
      placeName: (await ctx.areaAt(lon, lat)) || (await geocoder.placeName(lon, lat)) || `${lon},${lat}`,
    };
  }
  return readings;
}
