// On PostgreSQL the track store's table is partitioned by UTC year (pg-migrations/0004): each day's
// chunk lands in its year's partition, days outside the years made land in the default one, and a
// read across the turn of a year answers every point in order. SQLite keeps one table.
import { describe, expect, it } from 'vitest';
import { pointsToColumns } from '../server/tracking/store/merge.ts';
import { readTrack, writeTrack } from '../server/tracking/store/store.ts';
import { onPostgres, openTestDatabase } from './support/test-db.ts';

describe.skipIf(!onPostgres)('track chunks partitioned by year on PostgreSQL', () => {
  it('stores each day in its year, reads across years, and keeps days outside the years made', async () => {
    const db = await openTestDatabase();
    await db.run("INSERT INTO corporations (id, corp_code, corp_name, created_at) VALUES (1, 'T1', '测试企业', 0)");
    await db.run("INSERT INTO vehicles (id, corp_id, vehicle_no, created_at, updated_at) VALUES (7, 1, '沪A00007', 0, 0)");
    // The last hour of 2026 and the first of 2027 (UTC), and a day of 1999.
    const turn = Date.UTC(2027, 0, 1);
    const times = [turn - 3_600_000, turn - 60_000, turn, turn + 3_600_000];
    const old = Date.UTC(1999, 5, 1, 8);
    const points = [old, ...times].map((gpsTime, k) => ({ lon: 121 + k / 100, lat: 31, gpsTime, speed: 40, direction: 90, odometer: k, status: 0 }));
    expect((await writeTrack(db, 1, 7, pointsToColumns(points))).added).toBe(5);

    const where = await db.all<{ partition: string; n: number }>(
      'SELECT tableoid::regclass::text AS partition, count(*) AS n FROM track_chunks GROUP BY 1 ORDER BY 1');
    expect(where.map((r) => [r.partition, Number(r.n)])).toEqual([['track_chunks_other', 1], ['track_chunks_y2026', 1], ['track_chunks_y2027', 1]]);
    const kind = await db.one<{ kind: string }>("SELECT relkind AS kind FROM pg_class WHERE relname = 'track_chunks'");
    expect(kind!.kind).toBe('p');

    const read = await readTrack(db, 7, turn - 7_200_000, turn + 7_200_000);
    expect(Array.from(read.gpsTime)).toEqual(times);
    expect(Array.from((await readTrack(db, 7, old - 1, old + 1)).gpsTime)).toEqual([old]);
    await db.close();
  });
});
