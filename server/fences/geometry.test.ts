import { describe, expect, it } from 'vitest';
import {
  circleAreaKm2, contains, distanceM, formatLatLngList, parseLatLngList, rectangleCorners, ringAreaKm2, ringCentre, selfIntersects, shapeOf,
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

describe('point in fence', () => {
  it('circle by great-circle distance', () => {
    const c = shapeOf({ typeId: 3, lon: 121.474, lat: 31.23, radius: 200, areaLonLat: null })!;
    expect(contains(c, 121.474, 31.2317)).toBe(true); // ~189 m north
    expect(contains(c, 121.474, 31.2320)).toBe(false); // ~222 m north
    expect(distanceM(121.474, 31.23, 121.474, 31.2317)).toBeCloseTo(189, 0);
  });
  it('a circle without radius is 200 m; a negative one is no shape', () => {
    expect(shapeOf({ typeId: 3, lon: 0, lat: 0, radius: null, areaLonLat: null })).toMatchObject({ radius: 200 });
    expect(shapeOf({ typeId: 3, lon: 0, lat: 0, radius: -5, areaLonLat: null })).toBeNull();
  });
  it('concave polygon: the notch is outside', () => {
    // A 'U' opening north ('lat,lng'): the notch between the arms (lon 1..2, lat 1..3) is outside.
    const u = shapeOf({ typeId: 2, lon: 0, lat: 0, radius: null, areaLonLat: '0,0;0,3;3,3;3,2;1,2;1,1;3,1;3,0' })!;
    expect(contains(u, 0.5, 1.5)).toBe(true);
    expect(contains(u, 1.5, 2)).toBe(false);
    expect(contains(u, 2, 0.5)).toBe(true);
    expect(contains(u, 5, 5)).toBe(false);
  });
  it('a rectangle given by two corners', () => {
    const r = shapeOf({ typeId: 1, lon: 0, lat: 0, radius: null, areaLonLat: '31.0,121.0;31.1,121.2' })!;
    expect(contains(r, 121.1, 31.05)).toBe(true);
    expect(contains(r, 121.3, 31.05)).toBe(false);
  });
});

it('GCJ-02 is offset by a few hundred metres inside China and 6 decimals', () => {
  const g = toGcj02({ lon: 121.474, lat: 31.23 });
  expect(g).toEqual({ lon: 121.478522, lat: 31.228057 });
  expect(distanceM(121.474, 31.23, g.lon, g.lat)).toBeGreaterThan(300);
});
