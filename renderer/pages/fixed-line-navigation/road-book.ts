// A road book (fixed/fixedLineNavigation) as the map draws it: the stops as numbered markers joined in
// order by one line, and the stops' fences as their shapes. Pure, so it is tested without a map.
import { circleRing, parseAreaLonLat, type LngLat } from '../../map/geometry.ts';
import type { MapFence, MapLine, MapPoint } from '../../map/map-model.ts';

export interface RoadBookStop {
  seq: number;
  areaId: number;
  areaName: string;
  stopType: number;
  stopTypeStr: string;
  arriveOffsetStr: string;
  stayMinutes: number;
  typeId?: number;
  radius?: number | null;
  areaLonLat?: string | null;
  lonCenter: number | null;
  latCenter: number | null;
  legKm: number | null;
  legSource: string | null;
  plannedArriveTimeStr: string | null;
  plannedLeaveTimeStr: string | null;
}

export interface RoadBook {
  lineId: number;
  lineName: string;
  waybillId: number | null;
  waybillNo: string | null;
  runDayStr: string | null;
  totalKm: number;
  stops: RoadBookStop[];
}

const CIRCLE = 3;
const RADIUS_DEFAULT = 200;
export const ROUTE_COLOUR = '#1f7cff';

const placed = (stops: readonly RoadBookStop[]) => stops.filter((s) => s.lonCenter !== null && s.latCenter !== null);
const centre = (s: RoadBookStop): LngLat => [s.lonCenter!, s.latCenter!];

export function roadBookFences(book: RoadBook): MapFence[] {
  return placed(book.stops).map((s) => {
    const ring = s.typeId === CIRCLE ? [] : parseAreaLonLat(s.areaLonLat);
    return { id: `stop-${s.seq}`, name: s.areaName, ring: ring.length >= 3 ? ring : circleRing(centre(s), s.radius || RADIUS_DEFAULT) };
  });
}

export function roadBookPoints(book: RoadBook): MapPoint[] {
  const list = placed(book.stops);
  return list.map((s, i) => ({
    id: `stop-${s.seq}`, lngLat: centre(s), kind: i === 0 ? 'start' : i === list.length - 1 ? 'end' : 'via', text: String(s.seq),
    label: `${s.seq}. ${s.stopTypeStr} ${s.areaName}`,
    info: { title: `${s.seq}. ${s.areaName}`, rows: [['停靠类型', s.stopTypeStr], ['计划到达', s.plannedArriveTimeStr ?? s.arriveOffsetStr], ['计划停留', `${s.stayMinutes}分钟`]] },
  }));
}

export function roadBookLine(book: RoadBook): MapLine[] {
  const coords = placed(book.stops).map(centre);
  return coords.length >= 2 ? [{ id: 'road-book', coords, colour: ROUTE_COLOUR }] : [];
}

/** "123.4公里（直线距离）" — a leg as the table writes it. */
export const legText = (s: Pick<RoadBookStop, 'legKm' | 'legSource'>) =>
  s.legKm === null ? '—' : `${s.legKm}公里${s.legSource === '直线距离' ? '（直线距离）' : ''}`;
