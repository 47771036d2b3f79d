// The road book on the map: the stops as numbered markers (first the start, last the end) joined in
// order by one line, each fence drawn by its shape (a circle by its radius), and a stop without a place
// left off rather than drawn at 0,0.
import { describe, expect, it } from 'vitest';
import { legText, roadBookFences, roadBookLine, roadBookPoints, type RoadBook, type RoadBookStop } from '../renderer/pages/fixed-line-navigation/road-book.ts';

const stop = (seq: number, lon: number | null, extra: Partial<RoadBookStop> = {}): RoadBookStop => ({
  seq, areaId: seq, areaName: `围栏${seq}`, stopType: 3, stopTypeStr: '途经', arriveOffsetStr: '出发后0天 01:00', stayMinutes: 10,
  typeId: 3, radius: 300, areaLonLat: null, lonCenter: lon, latCenter: lon === null ? null : 30, legKm: null, legSource: null,
  plannedArriveTimeStr: null, plannedLeaveTimeStr: null, ...extra,
});
const book = (stops: RoadBookStop[]): RoadBook => ({ lineId: 1, lineName: '线路', waybillId: null, waybillNo: null, runDayStr: null, totalKm: 0, stops });

describe('road book drawing', () => {
  it('numbers the stops in order and joins them by one line', () => {
    const b = book([stop(1, 120), stop(2, 121), stop(3, 122)]);
    expect(roadBookPoints(b).map((p) => [p.text, p.kind])).toEqual([['1', 'start'], ['2', 'via'], ['3', 'end']]);
    expect(roadBookLine(b)).toEqual([{ id: 'road-book', coords: [[120, 30], [121, 30], [122, 30]], colour: '#1f7cff' }]);
  });

  it('draws a polygon fence by its points and a circle by its radius', () => {
    const b = book([stop(1, 120, { typeId: 2, areaLonLat: '30,120;30.1,120;30.1,120.1' }), stop(2, 121)]);
    const [poly, circle] = roadBookFences(b);
    expect(poly.ring).toEqual([[120, 30], [120, 30.1], [120.1, 30.1]]);
    expect(circle.ring.length).toBeGreaterThan(10);
    expect(Math.max(...circle.ring.map(([lng]) => lng)) - 121).toBeCloseTo(300 / (111_320 * Math.cos(Math.PI / 6)), 4);
  });

  it('leaves off a stop with no place, and writes a leg as kept or straight', () => {
    const b = book([stop(1, 120), stop(2, null), stop(3, 122)]);
    expect(roadBookPoints(b).map((p) => p.text)).toEqual(['1', '3']);
    expect(roadBookLine(b)[0].coords).toHaveLength(2);
    expect(legText({ legKm: 12.5, legSource: '直线距离' })).toBe('12.5公里（直线距离）');
    expect(legText({ legKm: 80, legSource: '距离维护' })).toBe('80公里');
    expect(legText({ legKm: null, legSource: null })).toBe('—');
  });
});
