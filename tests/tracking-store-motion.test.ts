// withMotion reads the same columns as readMotion into scratch arrays reused from call to call: any
// sequence of ranges (larger, then smaller, then empty) gives exactly readMotion's rows, a read made
// while another holds the scratch leaves its columns alone, and a callback that would keep the
// columns is refused.
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from './support/test-db.ts';
import type { MotionColumns } from '../server/tracking/columns.ts';
import { detectStops } from '../server/tracking/analytics/stops.ts';
import { pointsToColumns } from '../server/tracking/store/merge.ts';
import { CHUNK_MS, readMotion, releaseMotionScratch, withMotion, writeTrack } from '../server/tracking/store/store.ts';

// A migrated database holding the one vehicle (7 of corporation 1) the track belongs to.
const db = await openTestDatabase();
await db.run("INSERT INTO corporations (id, corp_code, corp_name, created_at) VALUES (1, 'T1', '测试企业', 0)");
await db.run("INSERT INTO vehicles (id, corp_id, vehicle_no, created_at, updated_at) VALUES (7, 1, '沪A00007', 0, 0)");
afterAll(() => db.close());
const T0 = Date.UTC(2026, 10, 1);

/** A track of n points every 50 s from T0 (several day chunks for n in the thousands), parked now and then. */
async function storeTrack(n: number) {
  await db.run('DELETE FROM track_chunks');
  await db.run('DELETE FROM track_day_summaries');
  const points = Array.from({ length: n }, (_, i) => ({
    lon: 121 + Math.round(Math.sin(i / 40) * 5000) / 1e6, lat: 31 + (i % 997) / 1e6, gpsTime: T0 + i * 50_000,
    speed: i % 300 < 100 ? 0 : (i % 80) + 0.5, direction: i % 360, odometer: i / 10, status: i % 7 === 0 ? 1 : 0,
  }));
  await writeTrack(db, 1, 7, pointsToColumns(points));
}

const copy = (c: MotionColumns) => ({ length: c.length, gpsTime: c.gpsTime.slice(), lon: c.lon.slice(), lat: c.lat.slice(), speed: c.speed.slice(), status: c.status.slice() });
/** The columns as one comparable value: a byte compare, where toEqual walks thousands of typed array elements one by one. */
const bytesOf = (c: MotionColumns) => [c.length, ...[c.gpsTime, c.lon, c.lat, c.speed, c.status].map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64'))];
const range = fc.tuple(fc.integer({ min: -CHUNK_MS, max: 4 * CHUNK_MS }), fc.integer({ min: -CHUNK_MS, max: 4 * CHUNK_MS })).map(([a, b]) => [T0 + a, T0 + b] as const);

afterEach(() => releaseMotionScratch());

describe('withMotion', () => {
  it('gives exactly the rows readMotion gives, for any sequence of ranges', async () => {
    await storeTrack(6000);
    await fc.assert(fc.asyncProperty(fc.array(range, { minLength: 1, maxLength: 6 }), async (ranges) => {
      for (const [from, to] of ranges) {
        const got = await withMotion(db, 7, from, to, copy);
        expect(bytesOf(got)).toEqual(bytesOf(await readMotion(db, 7, from, to)));
        expect(got.gpsTime.length).toBe(got.length);
      }
    }), { numRuns: 40 });
  });

  it('reuses its columns from one call to the next, and the analytics over them match a fresh read', async () => {
    await storeTrack(5000);
    const all = [T0, T0 + 5 * CHUNK_MS] as const;
    const first = await withMotion(db, 7, ...all, (c) => c.lon.buffer.byteLength);
    const buffers = await withMotion(db, 7, T0 + CHUNK_MS, T0 + 2 * CHUNK_MS, (c) => [c.lon.buffer.byteLength, c.length]);
    expect(buffers[0]).toBe(first);
    expect(buffers[1]).toBeLessThan(5000);
    expect(await withMotion(db, 7, ...all, (c) => detectStops(c))).toEqual(detectStops(await readMotion(db, 7, ...all)));
  });

  it('lets reads made at once use arrays of their own, each getting its own rows', async () => {
    await storeTrack(3000);
    const ranges = [[T0, T0 + CHUNK_MS], [T0 + CHUNK_MS, T0 + 3 * CHUNK_MS], [T0 + CHUNK_MS / 2, T0 + 2 * CHUNK_MS]] as const;
    const expected = [];
    for (const [from, to] of ranges) expected.push(await readMotion(db, 7, from, to));
    const buffers: ArrayBufferLike[] = [];
    const got = await Promise.all(ranges.map(([from, to]) => withMotion(db, 7, from, to, (c) => (buffers.push(c.lon.buffer), copy(c)))));
    expect(got.map(bytesOf)).toEqual(expected.map(bytesOf));
    // The first holds the scratch while it awaits its chunks: the others read into arrays of their own.
    expect(new Set(buffers).size).toBe(3);
  });

  it('refuses a callback that returns the columns or a promise, and reads on afterwards', async () => {
    await storeTrack(500);
    await expect(withMotion(db, 7, T0, T0 + CHUNK_MS, (c) => c)).rejects.toThrow(/reused/);
    await expect(withMotion(db, 7, T0, T0 + CHUNK_MS, (c) => c.gpsTime)).rejects.toThrow(/reused/);
    await expect(withMotion(db, 7, T0, T0 + CHUNK_MS, async (c) => c.length)).rejects.toThrow(/reused/);
    expect(await withMotion(db, 7, T0, T0 + CHUNK_MS, (c) => c.length)).toBe(500);
  });

  it('reads an empty or reversed range as no rows', async () => {
    await storeTrack(500);
    expect(await withMotion(db, 7, T0 + 10 * CHUNK_MS, T0 + 11 * CHUNK_MS, (c) => [c.length, c.lon.length])).toEqual([0, 0]);
    expect(await withMotion(db, 7, T0 + CHUNK_MS, T0, (c) => c.length)).toBe(0);
  });
});
