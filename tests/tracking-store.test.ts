// The chunked store keeps every point exactly (at stored precision), in time order, whatever the
// order and the batching of ingestion; duplicates by gpsTime are dropped, the first stored wins.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './support/test-db.ts';
import { emptyColumns, pointAt, type TrackPoint } from '../server/tracking/columns.ts';
import { decodeChunk, encodeChunk } from '../server/tracking/store/codec.ts';
import { pointsToColumns } from '../server/tracking/store/merge.ts';
import { CHUNK_MS, readMotion, readTrack, readTrackPage, writeTrack } from '../server/tracking/store/store.ts';

// One migrated in-memory database for the file (writing a day also rewrites its summary, which reads the
// vehicle, alarm settings and waybills); each property run starts from an empty track. It holds the
// one vehicle (7 of corporation 1) the points belong to, and nothing else.
const shared = await openTestDatabase();
await shared.run("INSERT INTO corporations (id, corp_code, corp_name, created_at) VALUES (1, 'T1', '测试企业', 0)");
await shared.run("INSERT INTO vehicles (id, corp_id, vehicle_no, created_at, updated_at) VALUES (7, 1, '沪A00007', 0, 0)");
afterAll(() => shared.close());
async function memoryStore() {
  await shared.run('DELETE FROM track_chunks');
  await shared.run('DELETE FROM track_day_summaries');
  return shared;
}

const T0 = Date.UTC(2026, 10, 1);
const tenth = (lo: number, hi: number) => fc.integer({ min: lo * 10, max: hi * 10 }).map((v) => v / 10);
const point = fc.record({
  lon: fc.integer({ min: -180e6, max: 180e6 }).map((v) => v / 1e6),
  lat: fc.integer({ min: -90e6, max: 90e6 }).map((v) => v / 1e6),
  gpsTime: fc.integer({ min: 0, max: 5 * CHUNK_MS }).map((v) => T0 + v),
  speed: tenth(0, 300),
  direction: fc.integer({ min: 0, max: 359 }),
  odometer: fc.integer({ min: 0, max: 9_000_000_000 }).map((v) => v / 1000),
  status: fc.integer({ min: 0, max: 0x3ffff }),
  t1: tenth(-999, 99),
  h3: fc.option(tenth(-1, 100), { nil: undefined }),
  oil2: tenth(0, 999),
}) as fc.Arbitrary<TrackPoint>;

const stored = async (db: typeof shared) => {
  const cols = await readTrack(db, 7, 0, Number.MAX_SAFE_INTEGER);
  return Array.from({ length: cols.length }, (_, i) => pointAt(cols, i));
};
/** What the store should hold: the first point given per gpsTime, in time order. */
function expected(points: TrackPoint[]) {
  const cols = pointsToColumns(points);
  return Array.from({ length: cols.length }, (_, i) => pointAt(cols, i));
}

describe('track store', () => {
  it('round-trips any point set exactly through the codec', () => {
    fc.assert(fc.property(fc.array(point, { minLength: 1, maxLength: 200 }), (points) => {
      const cols = pointsToColumns(points);
      const back = decodeChunk(encodeChunk(cols));
      expect(back).toEqual(cols);
    }));
  });

  it('stores what was sent, whatever the batching and order of ingestion', async () => {
    await fc.assert(fc.asyncProperty(fc.array(point, { minLength: 1, maxLength: 300 }), fc.integer({ min: 1, max: 7 }), fc.integer(), async (points, batches, seed) => {
      const db = await memoryStore();
      // Shuffled deterministically by seed, then split in batches: later batches arrive out of order.
      const shuffled = points.map((p, i) => ({ p, k: (i * 2654435761 + seed) % 1000 })).sort((a, b) => a.k - b.k).map((x) => x.p);
      const size = Math.ceil(shuffled.length / batches);
      let added = 0;
      for (let i = 0; i < shuffled.length; i += size) added += (await writeTrack(db, 1, 7, pointsToColumns(shuffled.slice(i, i + size)))).added;
      const got = await stored(db);
      expect(got.length).toBe(added);
      expect(got.map((p) => p.gpsTime)).toEqual(expected(points).map((p) => p.gpsTime));
      // Whichever batch came first keeps its point at a duplicated time; a single batch keeps the first.
      if (batches === 1) expect(got).toEqual(expected(shuffled));
    }));
  });

  it('reads the analytics columns of any range exactly as the full read has them', async () => {
    await fc.assert(fc.asyncProperty(fc.array(point, { minLength: 1, maxLength: 300 }), fc.integer({ min: 0, max: 5 * CHUNK_MS }), fc.integer({ min: 0, max: 5 * CHUNK_MS }), async (points, a, b) => {
      const db = await memoryStore();
      await writeTrack(db, 1, 7, pointsToColumns(points));
      const [from, to] = [T0 + Math.min(a, b), T0 + Math.max(a, b)];
      const full = await readTrack(db, 7, from, to);
      const core = await readTrack(db, 7, from, to, { sensors: false });
      const motion = await readMotion(db, 7, from, to);
      expect(motion).toEqual({ length: full.length, gpsTime: full.gpsTime, lon: full.lon, lat: full.lat, speed: full.speed, status: full.status });
      expect({ ...core, temps: full.temps, humidities: full.humidities, oils: full.oils }).toEqual(full);
      expect([...full.gpsTime].every((t) => t >= from && t <= to)).toBe(true);
      expect(full.length).toBe(expected(points).filter((p) => p.gpsTime >= from && p.gpsTime <= to).length);
    }));
  });

  it('drops a repeated point and keeps the one stored first', async () => {
    const db = await memoryStore();
    const p = { lon: 121.5, lat: 31.2, gpsTime: T0 + 1000, speed: 50, direction: 90, odometer: 100, status: 0 };
    expect(await writeTrack(db, 1, 7, pointsToColumns([p]))).toEqual({ added: 1, duplicates: 0 });
    expect(await writeTrack(db, 1, 7, pointsToColumns([{ ...p, speed: 60 }, { ...p, gpsTime: T0 + 500 }]))).toEqual({ added: 1, duplicates: 1 });
    expect((await stored(db)).map((x) => [x.gpsTime, x.speed])).toEqual([[T0 + 500, 50], [T0 + 1000, 50]]);
  });

  it('pages across chunks give the same rows as one read of the range', async () => {
    const db = await memoryStore();
    const n = 5000;
    const points = Array.from({ length: n }, (_, i) => ({ lon: 120 + i / 1e5, lat: 30, gpsTime: T0 + i * 90_000, speed: i % 80, direction: i % 360, odometer: i / 10, status: 0 }));
    await writeTrack(db, 1, 7, pointsToColumns(points));
    const from = T0 + 1234 * 90_000 + 1;
    const to = T0 + 4321 * 90_000;
    const whole = await readTrack(db, 7, from, to);
    expect(whole.length).toBe(4321 - 1235 + 1);
    const seen: number[] = [];
    for (let off = 0; ; off += 700) {
      const { page, total } = await readTrackPage(db, 7, from, to, off, 700);
      expect(total).toBe(whole.length);
      if (page.length === 0) break;
      seen.push(...page.gpsTime);
    }
    expect(seen).toEqual([...whole.gpsTime]);
  });

  it('pages across chunks with different sensor channels hold every point as the whole read does', async () => {
    const db = await memoryStore();
    // Three days, each collecting other channels: a page spanning two days has the channels of both.
    const points: TrackPoint[] = Array.from({ length: 3000 }, (_, i) => {
      const day = Math.floor(i / 1000);
      const p: TrackPoint = { lon: 120 + i / 1e5, lat: 30, gpsTime: T0 + day * CHUNK_MS + (i % 1000) * 60_000, speed: i % 80, direction: i % 360, odometer: i / 10, status: i };
      if (day === 0) p.t1 = (i % 50) - 20;
      if (day === 1) p.h3 = i % 90;
      if (day === 2) (p.oil2 = 1 + (i % 200)), (p.t1 = 4.5);
      return p;
    });
    await writeTrack(db, 1, 7, pointsToColumns(points));
    const whole = await readTrack(db, 7, 0, Number.MAX_SAFE_INTEGER);
    const rows = (c: typeof whole) => Array.from({ length: c.length }, (_, i) => pointAt(c, i));
    const all = rows(whole);
    for (const off of [0, 650, 990, 1995, 2700]) {
      const { page } = await readTrackPage(db, 7, 0, Number.MAX_SAFE_INTEGER, off, 700);
      expect(rows(page)).toEqual(all.slice(off, off + 700));
    }
  });

  it('leaves channels no point collected out of the columns', () => {
    const cols = pointsToColumns([{ lon: 1, lat: 1, gpsTime: T0, speed: 0, direction: 0, odometer: 0, status: 0, t2: 4.5 }]);
    expect(cols.temps.map((a) => a !== null)).toEqual(emptyColumns(0, 0b10).temps.map((a) => a !== null));
    expect(cols.humidities.every((a) => a === null)).toBe(true);
  });
});
