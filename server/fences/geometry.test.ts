import { describe, expect, it } from 'vitest';
import {
  circleAreaKm2, distanceM, formatLatLngList, parseLatLngList, rectangleCorners, ringAreaKm2, ringCentre, selfIntersects,
} from './geometry.ts';
import { toGcj02 } from './coords.ts';

describe('fence text', () => {
  it("reads 'lat,lng;...' and writes 6 decimals", () => {
    const pts = parseLatLngList('31.23,121.474; 31.2301234567,121.5')!;
    expect(pts).toEqual([{ lat: 31.23, lon: 121.474 }, { lat: 31.2301234567, lon: 121.5 }]);
    expect(formatLatLngList(pts)).toBe('31.230000,121.474000;31.230123,121.500000');
  });
  it('refuses anything that is not pairs of numbers', () => {
    for (const bad of ['', '31.2', '31.2,abc', '1,2,3', '31.2,;5,6', null]) expect(parseLatLngList(bad)).toBeNull();
  });
});

describe('areas', () => {
  it('circle: pi r² / 10^6 with 3 decimals', () => {
    expect(circleAreaKm2(200)).toBe(0.126);
    expect(circleAreaKm2(2000)).toBe(12.566);
    expect(circleAreaKm2(1)).toBe(0);
  });
  it('a 1 km x 1 km square near the equator is 1 km²', () => {
    const d = 1000 / 111195; // degrees per km on the mean sphere
    const ring = rectangleCorners({ lon: 0, lat: 0 }, { lon: d, lat: d });
    expect(ringAreaKm2(ring)).toBeCloseTo(1, 2);
    expect(ringAreaKm2([...ring].reverse())).toBe(ringAreaKm2(ring));
  });
});

describe('shape checks', () => {
  const square = [{ lon: 0, lat: 0 }, { lon: 1, lat: 0 }, { lon: 1, lat: 1 }, { lon: 0, lat: 1 }];
  it('a bow tie crosses itself, a square does not', () => {
    expect(selfIntersects(square)).toBe(false);
    expect(selfIntersects([square[0], square[2], square[1], square[3]])).toBe(true);
  });
  it('a vertex lying on another edge counts as crossing', () => {
    expect(selfIntersects([{ lon: 0, lat: 0 }, { lon: 2, lat: 0 }, { lon: 1, lat: 0 }, { lon: 1, lat: 1 }])).toBe(true);
  });
  it('the centre of a square is its middle', () => {
    expect(ringCentre(square)).toEqual({ lon: 0.5, lat: 0.5 });
  });
});

it('GCJ-02 is offset by a few hundred metres inside China and 6 decimals', () => {
  const g = toGcj02({ lon: 121.474, lat: 31.23 });
  expect(g).toEqual({ lon: 121.478522, lat: 31.228057 });
  expect(distanceM(121.474, 31.23, g.lon, g.lat)).toBeGreaterThan(300);
});
