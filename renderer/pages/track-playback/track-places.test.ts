import { describe, expect, it } from 'vitest';
import { keysToFetch, PLACE_BATCH, positionText } from './track-places.ts';

const row = (lon: number, lat: number, trackPlace = '') => ({ lon, lat, trackPlace, position: trackPlace || `${lon},${lat}` });

describe('the track table 位置', () => {
  it('asks only for rows in view outside every fence, not known nor asked for yet, once per coordinate', () => {
    const rows = [row(116.1, 39.1), row(116.1, 39.1), row(116.2, 39.2, '北京仓'), row(116.3, 39.3), row(116.4, 39.4), row(116.5, 39.5)];
    expect(keysToFetch(rows, 0, 4, new Map(), new Set())).toEqual(['116.1,39.1', '116.3,39.3']);
    expect(keysToFetch(rows, 0, 6, new Map([['116.1,39.1', '北京市']]), new Set(['116.3,39.3']))).toEqual(['116.4,39.4', '116.5,39.5']);
    const many = Array.from({ length: 500 }, (_, i) => row(100 + i / 1000, 30));
    expect(keysToFetch(many, 0, 500, new Map(), new Set())).toHaveLength(PLACE_BATCH);
  });

  it('shows the fence inside one, else the place name once known, else the coordinates', () => {
    const known = new Map([['116.1,39.1', '北京市（距市中心12.0公里）'], ['116.3,39.3', '']]);
    expect(positionText(row(116.2, 39.2, '北京仓'), known)).toBe('北京仓');
    expect(positionText(row(116.1, 39.1), known)).toBe('北京市（距市中心12.0公里）');
    expect(positionText(row(116.3, 39.3), known)).toBe('116.3,39.3');
    expect(positionText(row(116.4, 39.4), known)).toBe('116.4,39.4');
  });
});
