import { describe, expect, it } from 'vitest';
import { centreOf, circleAreaKm2, circleRing, directionIndex, formatAreaLonLat, moveShape, nearestPointIndex, parseAreaLonLat, rectangleRing } from './geometry.ts';
import { planRoute, splitLegs } from './route-planner.ts';

describe('map geometry', () => {
  it('maps a direction to one of 8 arrows: round(direction / 45) mod 8', () => {
    expect([0, 22, 23, 90, 180, 270, 337, 338, 360].map(directionIndex)).toEqual([0, 0, 1, 2, 4, 6, 7, 0, 0]);
  });

  it('finds the nearest track point', () => {
    const lngs = [120, 120.01, 120.02, 120.03];
    const lats = [30, 30, 30.01, 30.01];
    expect(nearestPointIndex(lngs, lats, [120.021, 30.009])).toBe(2);
    expect(nearestPointIndex([], [], [0, 0])).toBe(-1);
  });

  it('draws a circle of the given radius around its centre', () => {
    const ring = circleRing([116.4, 39.9], 200, 8);
    expect(ring).toHaveLength(9);
    // North point: 200 m ≈ 0.0018 degrees of latitude.
    expect(ring[0][1] - 39.9).toBeCloseTo(200 / 111_320, 4);
    expect(circleAreaKm2(200)).toBe(0.126);
  });

  it('moves the whole shape when the centre is dragged', () => {
    const rect = rectangleRing([116, 39], [116.2, 39.1]);
    const moved = moveShape(rect, centreOf(rect), [117.1, 40.05]);
    expect(centreOf(moved)[0]).toBeCloseTo(117.1, 9);
    expect(centreOf(moved)[1]).toBeCloseTo(40.05, 9);
    expect(moved[1][0] - moved[0][0]).toBeCloseTo(0.2, 9);
  });

  it('writes and reads areaLonLat as lat,lng pairs joined by ;', () => {
    const text = formatAreaLonLat([[116.1234567, 39.5]]);
    expect(text).toBe('39.500000,116.123457');
    expect(parseAreaLonLat(text)).toEqual([[116.123457, 39.5]]);
  });

  it('plans routes in legs of 17 points sharing one point', async () => {
    const pts = Array.from({ length: 33 }, (_, i) => [i, 0] as [number, number]);
    const legs = splitLegs(pts);
    expect(legs.map((l) => l.length)).toEqual([17, 17]);
    expect(legs[1][0]).toBe(legs[0][16]);
    const route = await planRoute(pts);
    expect(route.code).toBe(1);
    expect(route.lngLat).toHaveLength(33);
    expect((await planRoute([[1, 1]])).code).toBe(0);
  });
});
