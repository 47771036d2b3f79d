// Group commit (server/tracking/ingest-queue.ts): batches of several vehicles handed to the queue at
// once are stored in one transaction, and each caller hears back only after that commit; a flush
// whose time budget is spent commits and answers what it stored before storing the rest; a flush
// whose commit fails answers every batch in it with the failure and leaves nothing of them stored
// (no point, no last position, nothing on the live hub); one vehicle's batches keep the order they
// were handed in, within a flush and across flushes; a point is readable as soon as it is answered,
// and a full queue makes callers wait instead of growing. The store's day segments: appends past a
// segment's size and late points in between read back as one day, with its summary.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from './support/test-db.ts';
import { commitHook } from './support/commit-hook.ts';
import type { TrackPoint } from '../server/tracking/columns.ts';
import { IngestQueue } from '../server/tracking/ingest-queue.ts';
import { ingest } from '../server/tracking/ingest.ts';
import { subscribeLive } from '../server/tracking/live-hub.ts';
import { MAX_SEGMENTS, TAIL_POINTS, readTrack } from '../server/tracking/store/store.ts';

const db = await openTestDatabase();
await db.run("INSERT INTO corporations (id, corp_code, corp_name, created_at) VALUES (1, 'T1', '测试企业', 0)");
for (const id of [7, 8, 9]) await db.run("INSERT INTO vehicles (id, corp_id, vehicle_no, created_at, updated_at) VALUES (?, 1, ?, 0, 0)", [id, `沪A0000${id}`]);
afterAll(() => db.close());

beforeEach(async () => {
  for (const t of ['track_chunks', 'track_day_summaries', 'vehicle_last_positions', 'alarms']) await db.run(`DELETE FROM ${t}`);
});

const DAY = Date.UTC(2026, 10, 2);
const point = (s: number, lon = 121.5): TrackPoint => ({ lon, lat: 31.2, gpsTime: DAY + s * 10_000, speed: 40, direction: 90, odometer: 1000 + s / 10, status: 0 });
const track = async (vehicleId: number) => {
  const cols = await readTrack(db, vehicleId, 0, Number.MAX_SAFE_INTEGER);
  return { times: Array.from(cols.gpsTime), lons: Array.from(cols.lon) };
};
const segments = async (vehicleId: number) =>
  Number((await db.one<{ n: number }>('SELECT count(*) AS n FROM track_chunks WHERE vehicle_id = ?', [vehicleId]))!.n);

describe('the ingestion queue', () => {
  it('stores batches of several vehicles handed in together in one transaction, answering each only after its commit', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let reachedCommit!: () => void;
    const atCommit = new Promise<void>((r) => (reachedCommit = r));
    const h = commitHook(db, async () => { reachedCommit(); await held; });
    // No time budget: on a slow machine the first batch alone may outlast the default one.
    const queue = new IngestQueue(h.conn, { maxFlushMs: Infinity });
    const answered: number[] = [];
    const results = [7, 8, 9].map((v) => queue.submit(1, v, [point(v)]).then((r) => { answered.push(v); return r; }));
    await atCommit;
    // Written, not committed: no caller has its answer yet.
    expect(answered).toEqual([]);
    release();
    expect(await Promise.all(results)).toEqual([7, 8, 9].map(() => ({ received: 1, stored: 1, duplicates: 0 })));
    expect(h.transactions()).toBe(1);
    for (const v of [7, 8, 9]) expect((await track(v)).times).toEqual([point(v).gpsTime]);
  });

  it('commits what a flush stored once its time budget is spent, answering those batches before storing the rest', async () => {
    const answered: number[] = [];
    const answeredAtCommits: number[][] = [];
    const h = commitHook(db, async () => { answeredAtCommits.push([...answered]); });
    // A budget of 0: every flush takes one batch, the least it takes.
    const queue = new IngestQueue(h.conn, { maxFlushMs: 0 });
    const results = [7, 8, 9].map((v) => queue.submit(1, v, [point(v)]).then((r) => { answered.push(v); return r; }));
    expect(await Promise.all(results)).toEqual([7, 8, 9].map(() => ({ received: 1, stored: 1, duplicates: 0 })));
    expect(h.transactions()).toBe(3);
    // The terminal of the first batch had its answer before the second batch was committed, and so on.
    expect(answeredAtCommits).toEqual([[], [7], [7, 8]]);
    for (const v of [7, 8, 9]) expect((await track(v)).times).toEqual([point(v).gpsTime]);
  });

  it('answers every batch of a flush whose commit fails with the failure, and stores nothing of any of them', async () => {
    const heard: number[] = [];
    const stop = subscribeLive(1, (p) => heard.push(p.vehicleId));
    const queue = new IngestQueue(commitHook(db, async () => { throw new Error('磁盘已满'); }).conn);
    const results = await Promise.allSettled([7, 8].map((v) => queue.submit(1, v, [point(1), point(2)])));
    stop();
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toContain('磁盘已满');
    for (const v of [7, 8]) expect((await track(v)).times).toEqual([]);
    expect(await db.one('SELECT vehicle_id FROM vehicle_last_positions')).toBeUndefined();
    expect(await db.one('SELECT vehicle_id FROM track_day_summaries')).toBeUndefined();
    expect(heard).toEqual([]);
  });

  it('keeps the order one vehicle\'s batches were handed in, in one flush and across flushes', async () => {
    // One flush for both; one each (by size); one each (by time).
    for (const options of [{ maxPoints: 1_000, maxFlushMs: Infinity }, { maxPoints: 1 }, { maxFlushMs: 0 }]) {
      await db.run('DELETE FROM track_chunks');
      const queue = new IngestQueue(db, options);
      // Both batches carry a point at the same time: the one handed in first is kept, the other is a duplicate.
      const [first, second] = await Promise.all([queue.submit(1, 7, [point(1, 121.1)]), queue.submit(1, 7, [point(1, 121.9), point(2, 121.9)])]);
      expect(first).toEqual({ received: 1, stored: 1, duplicates: 0 });
      expect(second).toEqual({ received: 2, stored: 1, duplicates: 1 });
      expect(await track(7)).toEqual({ times: [point(1).gpsTime, point(2).gpsTime], lons: [121.1, 121.9] });
    }
  });

  it('has every answered point readable at once, and makes callers wait while it is full', async () => {
    const queue = new IngestQueue(db, { maxPoints: 3, maxPending: 4 });
    const sent: Promise<void>[] = [];
    for (let s = 0; s < 40; s++) {
      const v = 7 + (s % 3);
      sent.push(queue.submit(1, v, [point(s)]).then(async () => {
        expect((await track(v)).times).toContain(point(s).gpsTime);
      }));
      if (s === 10) expect(queue.full).toBe(true);
    }
    await Promise.all(sent);
    await queue.drain();
    expect(queue.full).toBe(false);
    expect((await track(7)).times.length + (await track(8)).times.length + (await track(9)).times.length).toBe(40);
  });
});

describe('a day stored in segments', () => {
  it('reads back a day of one-point reports and late points in between as one day, and summarises all of it', async () => {
    const n = TAIL_POINTS * 3 + 7;
    for (let s = 0; s < n; s += 2) await ingest(db, 1, 7, [point(s)]);
    expect(await segments(7)).toBeGreaterThan(1);
    // A blind-area batch into the gaps, then one more report at the end.
    await ingest(db, 1, 7, Array.from({ length: Math.ceil(n / 2) }, (_, k) => point(2 * k + 1)).filter((p) => p.gpsTime < point(n).gpsTime));
    await ingest(db, 1, 7, [point(n)]);
    const all = Array.from({ length: n + 1 }, (_, s) => point(s).gpsTime);
    expect((await track(7)).times).toEqual(all);
    const summary = (await db.one<{ points: number; lastTime: number }>('SELECT points, last_time AS "lastTime" FROM track_day_summaries WHERE vehicle_id = 7'))!;
    expect({ points: Number(summary.points), lastTime: Number(summary.lastTime) }).toEqual({ points: n + 1, lastTime: all.at(-1) });
    // Re-sent points are duplicates, whichever segment holds them.
    expect(await ingest(db, 1, 7, [point(3), point(TAIL_POINTS + 1), point(n)])).toEqual({ received: 3, stored: 0, duplicates: 3 });
  });

  it('merges a day cut into too many segments back into fewer, losing nothing', async () => {
    // Every other batch lands in the gap before the last one: a segment of its own each time.
    for (let k = 0; k < MAX_SEGMENTS + 5; k++) await ingest(db, 1, 8, [point(1_000 - 2 * k)]);
    expect(await segments(8)).toBeLessThanOrEqual(MAX_SEGMENTS);
    expect((await track(8)).times).toEqual(Array.from({ length: MAX_SEGMENTS + 5 }, (_, k) => point(1_000 - 2 * (MAX_SEGMENTS + 4 - k)).gpsTime));
    const summary = await db.one<{ points: number }>('SELECT points FROM track_day_summaries WHERE vehicle_id = 8 AND day_start_ms = ?', [DAY]);
    expect(Number(summary!.points)).toBe(MAX_SEGMENTS + 5);
  });
});
