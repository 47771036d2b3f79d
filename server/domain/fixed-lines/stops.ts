// A fixed line's stops (固定线路 线路站点): an ordered list of fences, each 装货/卸货/途经 with its
// planned arrival as an offset from the departure (第几天 + 时:分) and its planned stay. Pure rules:
// the order a saved line must keep, and the planned times of one run.
import { invalid } from '../../http/envelope.ts';

export const StopType = { LOAD: 1, UNLOAD: 2, VIA: 3 } as const;

export interface LineStop {
  areaId: number;
  stopType: number;
  /** Days after the departure day (0: the day it leaves). */
  arriveDay: number;
  /** Hours and minutes after the departure on that day count, 'HH:mm'. */
  arriveTime: string;
  stayMinutes: number;
}

const MINUTE = 60_000;
const STOPS = '线路站点';

/** Minutes from the departure to the stop's planned arrival. */
export function arriveOffsetMinutes(s: Pick<LineStop, 'arriveDay' | 'arriveTime'>): number {
  const [h, m] = s.arriveTime.split(':').map(Number);
  return s.arriveDay * 1440 + h * 60 + m;
}

/**
 * A line loads first and unloads last (a waybill starts at its loading place and ends where it
 * unloads); two stops in a row are not the same fence; each stop is reached no earlier than the
 * previous one was left (its arrival plus its stay).
 */
export function checkStops(stops: readonly LineStop[]) {
  if (stops[0]?.stopType !== StopType.LOAD) throw invalid(`${STOPS}：第一个站点必须是装货站点`, { field: 'stops' });
  if (stops.at(-1)?.stopType !== StopType.UNLOAD) throw invalid(`${STOPS}：最后一个站点必须是卸货站点`, { field: 'stops' });
  for (let i = 1; i < stops.length; i++) {
    const prev = stops[i - 1];
    if (stops[i].areaId === prev.areaId) throw invalid(`${STOPS}：第${i + 1}个站点与上一个站点是同一个围栏`, { field: 'stops' });
    if (arriveOffsetMinutes(stops[i]) < arriveOffsetMinutes(prev) + prev.stayMinutes) {
      throw invalid(`${STOPS}：第${i + 1}个站点的计划到达时间早于上一个站点的计划离开时间`, { field: 'stops' });
    }
  }
}

/** The planned arrival and leave moments of each stop for a run that departs at `departAt`. */
export const plannedTimes = (stops: readonly LineStop[], departAt: number) =>
  stops.map((s) => {
    const arriveAt = departAt + arriveOffsetMinutes(s) * MINUTE;
    return { arriveAt, leaveAt: arriveAt + s.stayMinutes * MINUTE };
  });

/** The waybill node type of the i-th of n stops: the first is the start, the last the end. */
export const nodeTypeOf = (i: number, n: number): 'start' | 'via' | 'end' => (i === 0 ? 'start' : i === n - 1 ? 'end' : 'via');

/** "出发后0天 08:00" — how the console writes an offset. */
export const offsetText = (s: Pick<LineStop, 'arriveDay' | 'arriveTime'>) => `出发后${s.arriveDay}天 ${s.arriveTime}`;
