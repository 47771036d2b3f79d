// withMotion reads the same columns as readMotion into scratch arrays reused from call to call: any
// sequence of ranges (larger, then smaller, then empty) gives exactly readMotion's rows, a nested read
// leaves the outer columns alone, and a callback that would keep the columns is refused.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.ts';
import type { MotionColumns } from '../columns.ts';
import { detectStops } from '../analytics/stops.ts';
import { pointsToColumns } from './merge.ts';
import { CHUNK_MS, readMotion, releaseMotionScratch, withMotion, writeTrack } from './store.ts';

const sqlite = openDatabase(':memory:').$client;
sqlite.pragma('foreign_keys = OFF');
const T0 = Date.UTC(2026, 10, 1);

/** A track of n points every 50 s from T0 (several day chunks for n in the thousands), parked now and then. */
function storeTrack(n: number) {
  sqlite.exec('DELETE FROM track_chunks; DELETE FROM track_day_summaries');
  const points = Array.from({ length: n }, (_, i) => ({
    lon: 121 + Math.round(Math.sin(i / 40) * 5000) / 1e6, lat: 31 + (i % 997) / 1e6, gpsTime: T0 + i * 50_000,
    speed: i % 300 < 100 ? 0 : (i % 80) + 0.5, direction: i % 360, odometer: i / 10, status: i % 7 === 0 ? 1 : 0,
  }));
  writeTrack(sqlite, 1, 7, pointsToColumns(points));
}

const copy = (c: MotionColumns) => ({ length: c.length, gpsTime: c.gpsTime.slice(), lon: c.lon.slice(), lat: c.lat.slice(), speed: c.speed.slice(), status: c.status.slice() });
const range = fc.tuple(fc.integer({ min: -CHUNK_MS, max: 4 * CHUNK_MS }), fc.integer({ min: -CHUNK_MS, max: 4 * CHUNK_MS })).map(([a, b]) => [T0 + a, T0 + b] as const);

afterEach(() => releaseMotionScratch());

describe('withMotion', () => {
  it('gives exactly the rows readMotion gives, for any sequence of ranges', () => {
    storeTrack(6000);
    fc.assert(fc.property(fc.array(range, { minLength: 1, maxLength: 6 }), (ranges) => {
      for (const [from, to] of ranges) {
        const got = withMotion(sqlite, 7, from, to, copy);
        expect(got).toEqual(readMotion(sqlite, 7, from, to));
        expect(got.gpsTime.length).toBe(got.length);
      }
    }), { numRuns: 40 });
  });

  it('reuses its columns from one call to the next, and the analytics over them match a fresh read', () => {
    storeTrack(5000);
    const all = [T0, T0 + 5 * CHUNK_MS] as const;
    const first = withMotion(sqlite, 7, ...all, (c) => c.lon.buffer.byteLength);
    const buffers = withMotion(sqlite, 7, T0 + CHUNK_MS, T0 + 2 * CHUNK_MS, (c) => [c.lon.buffer.byteLength, c.length]);
    expect(buffers[0]).toBe(first);
    expect(buffers[1]).toBeLessThan(5000);
    expect(withMotion(sqlite, 7, ...all, (c) => detectStops(c))).toEqual(detectStops(readMotion(sqlite, 7, ...all)));
  });

  it('lets a nested read use arrays of its own, leaving the outer columns as they were', () => {
    storeTrack(3000);
    const outer = readMotion(sqlite, 7, T0, T0 + CHUNK_MS);
    const inner = readMotion(sqlite, 7, T0 + CHUNK_MS, T0 + 3 * CHUNK_MS);
    const [a, b] = withMotion(sqlite, 7, T0, T0 + CHUNK_MS, (c) => {
      const nested = withMotion(sqlite, 7, T0 + CHUNK_MS, T0 + 3 * CHUNK_MS, copy);
      return [copy(c), nested];
    });
    expect(a).toEqual(outer);
    expect(b).toEqual(inner);
  });

  it('refuses a callback that returns the columns or a promise, and reads on afterwards', () => {
    storeTrack(500);
    expect(() => withMotion(sqlite, 7, T0, T0 + CHUNK_MS, (c) => c)).toThrow(/reused/);
    expect(() => withMotion(sqlite, 7, T0, T0 + CHUNK_MS, (c) => c.gpsTime)).toThrow(/reused/);
    expect(() => withMotion(sqlite, 7, T0, T0 + CHUNK_MS, async (c) => c.length)).toThrow(/reused/);
    expect(withMotion(sqlite, 7, T0, T0 + CHUNK_MS, (c) => c.length)).toBe(500);
  });

  it('reads an empty or reversed range as no rows', () => {
    storeTrack(500);
    expect(withMotion(sqlite, 7, T0 + 10 * CHUNK_MS, T0 + 11 * CHUNK_MS, (c) => [c.length, c.lon.length])).toEqual([0, 0]);
    expect(withMotion(sqlite, 7, T0 + CHUNK_MS, T0, (c) => c.length)).toBe(0);
  });
});
