// `npm run bench -- tracking [--pg] [--page]`: a cold van with 1,000,000 points among 500 fences. The whole
// analytics (read from the store, stops, area visits, door and cold-machine intervals, alarm marks)
// side by side with the plain approach (one row per point, @turf per point), points per
// second and the ratio; then one 8000-point page of waybill/getTrackList through the real route.
// --pg: the same database on a throwaway PostgreSQL, the plain table there too (bench/tracking-pg.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { openDatabase } from '../server/db/connection.ts';
import { holdRegistry } from '../server/registry/holder.ts';
import { createApp } from '../server/app.ts';
import { DEMO_PASSWORD, seedDemo } from '../scripts/seed-demo.ts';
import { scaleFences, scaleTrack } from '../fixtures/tracks-scale.ts';
import { readMotion, readTrack, releaseMotionScratch, withMotion, writeTrack } from '../server/tracking/store/store.ts';
import { detectStops } from '../server/tracking/analytics/stops.ts';
import { detectVisits, prepareFences } from '../server/tracking/analytics/visits.ts';
import { doorAndColdIntervals } from '../server/tracking/analytics/doors.ts';
import { markAlarms } from '../server/tracking/analytics/alarm-marks.ts';
import type { TimeWindow } from '../server/tracking/columns.ts';
import { BenchError, ms, percentile, table } from './stats.ts';
import { pageCacheOf } from '../server/tracking/page-cache.ts';
import { plainFences, plainTrackPage, sqlitePlainPoints } from './tracking-plain.ts';
import { trackingOnPg, type TrackingDb } from './tracking-pg.ts';
import { TrackContext, writeTrackPage } from '../server/tracking/views.ts';
import { resolveTarget } from '../server/tracking/target.ts';
import { JsonBytes } from '../server/tracking/json-bytes.ts';
import { alarmWindows } from '../server/alarms/read.ts';
import { nodeListener } from './node-listener.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { one, run, type Conn } from '../server/resources/statements.ts';

const POINTS = 1_000_000;
const FENCES = 500;
/** The plain approach tests every fence for every point: measured on this many points, rated per point. */
const PLAIN_SAMPLE = 20_000;
const PAGE = 8000;
const PAGE_LIMIT_MS = 10;
/** An 8000-point page on the wire: at most this share of its raw JSON (issue 13). */
const WIRE_TARGET = 0.2;
const TARGET_PPS = 10_000_000;
const TARGET_RATIO = 10;

function ours(conn: Conn, vehicleId: number, from: number, to: number, fences: ReturnType<typeof scaleFences>, windows: TimeWindow[], doorMask: number) {
  return withMotion(conn, vehicleId, from, to, (cols) => {
    const stops = detectStops(cols);
    const visits = detectVisits(cols, prepareFences(fences));
    const { doors, cold } = doorAndColdIntervals(cols, doorMask);
    const marks = markAlarms(cols.gpsTime, windows, cols.length);
    let alarmed = 0;
    for (let i = 0; i < marks.length; i++) alarmed += marks[i];
    return { points: cols.length, stops: stops.length, visits: visits.length, doors: doors.length, cold: cold.length, alarms: alarmed };
  });
}

/** The whole analytics stage by stage (median wall and CPU of each), to see where the time goes. */
async function stageTimes(runs: number, read: <R>(use: (cols: import('../server/tracking/columns.ts').MotionColumns) => R) => Promise<R>, fences: ReturnType<typeof scaleFences>, windows: TimeWindow[], doorMask: number) {
  const names = ['read (withMotion)', 'stops', 'fence grid (500 fences)', 'area visits', 'doors + cold machine (one pass)', 'alarm marks'];
  const wall: number[][] = names.map(() => []);
  const cpu: number[][] = names.map(() => []);
  for (let k = 0; k < runs; k++) {
    let grid!: ReturnType<typeof prepareFences>;
    const t = performance.now();
    const c = process.cpuUsage();
    // The read is timed up to the moment the callback gets the columns (the awaited reads included); the other stages inside it.
    await read((cols) => {
      const d = process.cpuUsage(c);
      wall[0].push(performance.now() - t);
      cpu[0].push((d.user + d.system) / 1000);
      const steps = [() => detectStops(cols), () => (grid = prepareFences(fences)), () => detectVisits(cols, grid),
        () => doorAndColdIntervals(cols, doorMask), () => markAlarms(cols.gpsTime, windows, cols.length)];
      steps.forEach((step, s) => {
        const ts = performance.now();
        const cs = process.cpuUsage();
        step();
        const ds = process.cpuUsage(cs);
        wall[s + 1].push(performance.now() - ts);
        cpu[s + 1].push((ds.user + ds.system) / 1000);
      });
      return null;
    });
  }
  return names.map((stage, s) => ({ stage, median: percentile(wall[s], 50), cpu: percentile(cpu[s], 50) }));
}

/**
 * Wall time, and the process's CPU time beside it: on a shared machine the two part ways. The first
 * `warmup` runs are left out (a server runs this code again and again; the first runs also pay the JIT
 * and the first touch of fresh memory), and the very first run is reported on its own. An asynchronous
 * `f` (the store's reads through the database port) is timed until its promise settles; a synchronous
 * one (the plain approach on better-sqlite3; on `pg` it is asynchronous too) is not made to wait for an extra turn of the event loop.
 */
async function timeIt<T>(runs: number, f: () => T | Promise<T>, warmup = 0): Promise<{ best: number; median: number; cpu: number; first: number; result: T }> {
  const times: number[] = [];
  const cpu: number[] = [];
  let result!: T;
  let first = NaN;
  for (let k = 0; k < warmup; k++) {
    const t = performance.now();
    const r = f();
    if (r instanceof Promise) await r;
    if (k === 0) first = performance.now() - t;
  }
  for (let k = 0; k < runs; k++) {
    const t = performance.now();
    const c = process.cpuUsage();
    const r = f();
    result = r instanceof Promise ? await r : r;
    const d = process.cpuUsage(c);
    times.push(performance.now() - t);
    cpu.push((d.user + d.system) / 1000);
    if (Number.isNaN(first)) first = times[0];
  }
  return { best: Math.min(...times), median: percentile(times, 50), cpu: percentile(cpu, 50), first, result };
}

export async function main(args: string[]) {
  const unknown = args.filter((a) => a !== '--pg' && a !== '--page');
  if (unknown.length) throw new BenchError(`unknown option(s): ${unknown.join(' ')} (known: --pg, --page)`);
  // --page: only the 8000-point page through the route (section 2), e.g. to read its bytes on the wire.
  const pageOnly = args.includes('--page');
  const dir = mkdtempSync(join(tmpdir(), 'huoyun-track-bench-'));
  let tdb: TrackingDb | undefined;
  let closeApp: () => void | Promise<void> = () => {};
  try {
    console.log(`== tracking: a van with ${POINTS.toLocaleString('en')} points among ${FENCES} fences, on ${args.includes('--pg') ? 'PostgreSQL' : 'SQLite'} ==`);
    console.log(`node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    // The port (what the server reads through) for the store and the route; the plain approach's own
    // table beside it, on the same engine: better-sqlite3, or `pg` on a throwaway cluster.
    if (args.includes('--pg')) tdb = await trackingOnPg();
    else {
      const sqliteDb = openDatabase(join(dir, 'track.db'));
      const version = (sqliteDb.$client.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
      tdb = { db: sqliteDb, plain: sqlitePlainPoints(sqliteDb.$client), engine: `SQLite ${version}`, close: () => sqliteDb.close() };
    }
    const { db, plain } = tdb;
    let t = performance.now();
    await seedDemo(db, Date.now(), { transport: false });
    console.log(`${tdb.engine}: demo seed (no transport) in ${ms(performance.now() - t, 0)} ms`);
    const vehicle = (await one<{ id: number; vehicleNo: string }>(db, 'SELECT id, vehicle_no AS vehicleNo FROM vehicles WHERE corp_id = 1 ORDER BY id LIMIT 1'))!;
    await run(db, 'UPDATE vehicles SET gather_temperature = 1, temperaturectrl = 3, gather_humidity = 1, humidity_channel = 1, detect_door = 1, open_door_status = 3, cold_machine = 1, oil_control = 1 WHERE id = ?', vehicle.id);

    t = performance.now();
    const fences = scaleFences(FENCES);
    const start = Date.now() - 130 * 86_400_000;
    const cols = scaleTrack(POINTS, fences, start);
    console.log(`\ngenerated ${POINTS.toLocaleString()} points over ${((cols.gpsTime[POINTS - 1] - start) / 86_400_000).toFixed(0)} days and ${FENCES} fences in ${ms(performance.now() - t, 0)} ms`);
    t = performance.now();
    await writeTrack(db, 1, vehicle.id, cols);
    const chunks = (await one<{ n: number; bytes: number }>(db, 'SELECT count(*) AS n, sum(length(columns)) AS bytes FROM track_chunks WHERE vehicle_id = ?', vehicle.id))!;
    console.log(`store: ${chunks.n} day chunks, ${(chunks.bytes / 1e6).toFixed(1)} MB (${(chunks.bytes / POINTS).toFixed(1)} bytes/point), written in ${ms(performance.now() - t, 0)} ms`);
    if (!pageOnly) {
      t = performance.now();
      await plain.write(vehicle.id, cols);
      console.log(`plain: one row per point${plain.labels.write}, written in ${ms(performance.now() - t, 0)} ms`);
    }

    // 300 alarm windows of 5-30 minutes spread over the period.
    const span = cols.gpsTime[POINTS - 1] - start;
    const windows: TimeWindow[] = Array.from({ length: 300 }, (_, k) => ({ begin: start + (span * k) / 300, end: start + (span * k) / 300 + (5 + (k % 26)) * 60_000 }));
    const from = start, to = cols.gpsTime[POINTS - 1];
    const pps = (n: number, msv: number) => (n / msv) * 1000;

    if (!pageOnly) {
      console.log('\n0. Reading the range back (the storage choice alone)');
      const readChunks = await timeIt(7, async () => (await readTrack(db, vehicle.id, from, to)).length, 3);
      const readChunksCore = await timeIt(7, async () => (await readTrack(db, vehicle.id, from, to, { sensors: false })).length, 3);
      const readChunksMotion = await timeIt(7, async () => (await readMotion(db, vehicle.id, from, to)).length, 3);
      const readChunksScratch = await timeIt(7, () => withMotion(db, vehicle.id, from, to, (c) => c.length), 3);
      const readRows = await timeIt(3, () => plain.readObjects(vehicle.id, from, to));
      const readRaw = await timeIt(3, () => plain.readArrays(vehicle.id, from, to));
      console.log(table([
        ['layout', 'points', 'median ms', 'cpu ms', 'points/s'],
        ['day chunks -> typed arrays (all channels)', readChunks.result, ms(readChunks.median, 1), ms(readChunks.cpu, 1), Math.round(pps(POINTS, readChunks.median)).toLocaleString()],
        ['day chunks -> typed arrays (no sensors)', readChunksCore.result, ms(readChunksCore.median, 1), ms(readChunksCore.cpu, 1), Math.round(pps(POINTS, readChunksCore.median)).toLocaleString()],
        ['day chunks -> what the analytics read (readMotion)', readChunksMotion.result, ms(readChunksMotion.median, 1), ms(readChunksMotion.cpu, 1), Math.round(pps(POINTS, readChunksMotion.median)).toLocaleString()],
        ['  same, into reused scratch arrays (withMotion)', readChunksScratch.result, ms(readChunksScratch.median, 1), ms(readChunksScratch.cpu, 1), Math.round(pps(POINTS, readChunksScratch.median)).toLocaleString()],
        [`row per point -> objects (${plain.labels.objects})`, readRows.result, ms(readRows.median, 1), ms(readRows.cpu, 1), Math.round(pps(POINTS, readRows.median)).toLocaleString()],
        [`row per point -> arrays (${plain.labels.arrays})`, readRaw.result, ms(readRaw.median, 1), ms(readRaw.cpu, 1), Math.round(pps(POINTS, readRaw.median)).toLocaleString()],
      ]));

      console.log('\n1. Whole analytics: read + stops + area visits + doors + cold machine + alarm marks');
      const full = await timeIt(7, () => ours(db, vehicle.id, from, to, fences, windows, 3), 3);
      // The same with the scratch columns given back before each run: a server's first analysis after an idle spell.
      const fresh = await timeIt(7, () => { releaseMotionScratch(); return ours(db, vehicle.id, from, to, fences, windows, 3); }, 3);
      const sampleTo = cols.gpsTime[PLAIN_SAMPLE - 1];
      const oursSample = await timeIt(7, () => ours(db, vehicle.id, from, sampleTo, fences, windows, 3), 3);
      const pf = plainFences(fences);
      const plainRun = await timeIt(2, () => plain.analytics(vehicle.id, from, sampleTo, pf, windows), 1);
      if (full.result.points !== POINTS || plainRun.result.points !== PLAIN_SAMPLE) throw new BenchError(`read ${full.result.points} / ${plainRun.result.points} points`);
      if (JSON.stringify(fresh.result) !== JSON.stringify(full.result)) throw new BenchError(`fresh scratch answered ${JSON.stringify(fresh.result)}, reused ${JSON.stringify(full.result)}`);
      const oursPps = pps(POINTS, full.median);
      const plainPps = pps(PLAIN_SAMPLE, plainRun.median);
      console.log(table([
        ['approach', 'points', 'median ms', 'cpu ms', 'points/s', 'stops', 'visits', 'door opens', 'cold runs', 'alarm points'],
        ['track store + typed-array analytics', POINTS, ms(full.median, 1), ms(full.cpu, 1), Math.round(oursPps).toLocaleString(), full.result.stops, full.result.visits, full.result.doors, full.result.cold, full.result.alarms],
        ['  same, scratch columns released before each run', POINTS, ms(fresh.median, 1), ms(fresh.cpu, 1), Math.round(pps(POINTS, fresh.median)).toLocaleString(), fresh.result.stops, fresh.result.visits, fresh.result.doors, fresh.result.cold, fresh.result.alarms],
        ['  same, first 20,000 points', PLAIN_SAMPLE, ms(oursSample.median, 2), ms(oursSample.cpu, 2), Math.round(pps(PLAIN_SAMPLE, oursSample.median)).toLocaleString(), oursSample.result.stops, oursSample.result.visits, oursSample.result.doors, oursSample.result.cold, oursSample.result.alarms],
        ['plain: row per point + @turf (first 20,000 points)', PLAIN_SAMPLE, ms(plainRun.median, 1), ms(plainRun.cpu, 1), Math.round(plainPps).toLocaleString(), plainRun.result.stops, plainRun.result.visits, plainRun.result.doors, plainRun.result.cold, plainRun.result.alarms],
      ]));
      console.log(`  (the plain approach does ${FENCES} point-in-polygon tests per point, so it is rated on a sample; at its rate 1,000,000 points take ${ms(POINTS / plainPps, 0)} s)`);
      const r = oursPps / plainPps;
      console.log(`  end to end: ${Math.round(oursPps).toLocaleString()} points/s by wall time, ${Math.round(pps(POINTS, full.cpu)).toLocaleString()} by CPU time (target ${TARGET_PPS.toLocaleString()}): ${oursPps >= TARGET_PPS ? 'met' : 'NOT met'}`);
      console.log(`  medians of 7 runs after 3 warm-up runs (the plain approach: 2 after 1); the very first run of the whole analytics took ${ms(full.first, 1)} ms`);
      console.log(`  ratio to the plain approach: ${r.toFixed(1)}x (target ${TARGET_RATIO}x): ${r >= TARGET_RATIO ? 'met' : 'NOT met'}`);
      const stages = await stageTimes(9, (use) => withMotion(db, vehicle.id, from, to, use), fences, windows, 3);
      console.log('  where the time goes (median of 9 more runs; CPU counts the garbage collector\'s threads too):');
      console.log(table([['stage', 'median ms', 'cpu ms'], ...stages.map((x) => [x.stage, ms(x.median, 1), ms(x.cpu, 1)])]));
    }

    console.log(`\n2. One ${PAGE}-point page of POST /api/waybill/getTrackList through the route (auth, validation, rows, JSON bytes): served by node-server's listener as \`npm start\` does, and through app.request`);
    const platformApp = await createApp({ db, registry: holdRegistry(), filesDir: dir });
    const { app, sessions } = platformApp;
    closeApp = platformApp.close;
    const login = await app.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password: DEMO_PASSWORD }) });
    const token = ((await login.json()) as { result: { token: string } }).result.token;
    const pages = Math.floor(POINTS / PAGE);
    const pageBody = (curPage: number) => JSON.stringify({ vehicleId: vehicle.id, startTime: from, endTime: to, pageParamVO: { curPage, pageSize: PAGE } });
    const timed = async (send: () => Promise<number>) => {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const length = await send();
      const dc = process.cpuUsage(c0);
      return { wall: performance.now() - t0, cpu: (dc.user + dc.system) / 1000, length };
    };
    // app.request: the answer as a WHATWG Response, read back whole (arrayBuffer copies it twice).
    const viaAppRequest = (curPage: number) => timed(async () => {
      const res = await app.request('/api/waybill/getTrackList', { method: 'POST', headers: { token, 'content-type': 'application/json' }, body: pageBody(curPage) });
      return (await res.arrayBuffer()).byteLength; // what goes on the wire; parsing it is the browser's work
    });
    const first = new Uint8Array(await (await app.request('/api/waybill/getTrackList', { method: 'POST', headers: { token, 'content-type': 'application/json' }, body: pageBody(1) })).arrayBuffer());
    const body = JSON.parse(Buffer.from(first).toString('utf8'));
    if (body.code !== 1 || body.result.data.length !== PAGE || body.result.totalRecords !== POINTS) throw new BenchError(`page answer: ${Buffer.from(first).subarray(0, 200).toString()}`);
    // Cold: the page cache emptied before every request, a different page each time. Warm: the page
    // just served asked for again (a player paging back, a second monitor on the same waybill).
    const coldAndWarm = async (request: (curPage: number) => Promise<{ wall: number; cpu: number }>) => {
      const cold = { wall: [] as number[], cpu: [] as number[] };
      const warm = { wall: [] as number[], cpu: [] as number[] };
      for (let k = 0; k < 120; k++) {
        const curPage = 1 + ((k * 37) % pages);
        pageCacheOf(db).clear();
        const c = await request(curPage);
        cold.wall.push(c.wall); cold.cpu.push(c.cpu);
        const w = await request(curPage);
        warm.wall.push(w.wall); warm.cpu.push(w.cpu);
      }
      return { cold, warm };
    };
    const inApp = await coldAndWarm(viaAppRequest);
    // Served: node-server's listener, as `npm start` runs it (after app.request: it swaps the global Response).
    // Each way a browser may ask: plain, gzip, brotli (the console's browsers all send br). Cold pays the
    // compression too; warm serves the compressed bytes kept beside the cached page (http/compress.ts).
    const inject = nodeListener(app.fetch);
    const ENCODINGS = ['identity', 'gzip', 'br'] as const;
    const headersFor = (encoding: string) => ({ token, 'content-type': 'application/json', 'accept-encoding': encoding });
    const viaServer = (encoding: string) => (curPage: number) => timed(async () => (await inject('POST', '/api/waybill/getTrackList', headersFor(encoding), pageBody(curPage))).length);
    const wire: Record<string, number> = {};
    for (const encoding of ENCODINGS) {
      const check = await inject('POST', '/api/waybill/getTrackList', headersFor(encoding), pageBody(1));
      const raw = check.body();
      const decoded = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
      if (check.status !== 200 || !decoded.equals(first)) throw new BenchError(`the served page (${encoding}) differs from the app.request page: ${check.status} ${decoded.subarray(0, 120).toString()}`);
      wire[encoding] = raw.length;
    }
    const served: Record<string, Awaited<ReturnType<typeof coldAndWarm>>> = {};
    for (const encoding of ENCODINGS) served[encoding] = await coldAndWarm(viaServer(encoding));
    const row = (name: string, x: { wall: number[]; cpu: number[] }, bytes: number) => {
      const after = (a: number[]) => a.slice(20);
      return [name, ms(percentile(after(x.wall), 50)), ms(percentile(after(x.wall), 99)), ms(percentile(after(x.cpu), 50)), PAGE_LIMIT_MS, bytes.toLocaleString(), `${((bytes / first.length) * 100).toFixed(1)}%`];
    };
    console.log(table([
      ['page of 8000 points (100 requests after 20 warm-up)', 'p50 ms', 'p99 ms', 'cpu p50 ms', 'limit ms', 'bytes on the wire', 'of raw'],
      ...ENCODINGS.flatMap((e) => [
        row(`served ${e}, cold: written from the store${e === 'identity' ? '' : ' and compressed'}`, served[e].cold, wire[e]),
        row(`served ${e}, warm: the same page again (page cache)`, served[e].warm, wire[e]),
      ]),
      row('app.request, cold (+ Response and arrayBuffer copies)', inApp.cold, first.length),
      row('app.request, warm', inApp.warm, first.length),
    ]));
    for (const [name, x] of [['served, cold', served.identity.cold], ['served, warm', served.identity.warm], ['served br, cold', served.br.cold], ['served br, warm', served.br.warm], ['app.request, cold', inApp.cold]] as const) {
      const p50 = percentile(x.wall.slice(20), 50), p99 = percentile(x.wall.slice(20), 99);
      console.log(`  ${name}: p50 ${p50 <= PAGE_LIMIT_MS ? 'within' : 'OVER'} the ${PAGE_LIMIT_MS} ms limit; p99 ${p99 <= PAGE_LIMIT_MS ? 'within' : 'over'} it`);
    }
    const brShare = wire.br / first.length;
    console.log(`  on the wire: ${first.length.toLocaleString()} raw bytes, ${wire.gzip.toLocaleString()} as gzip, ${wire.br.toLocaleString()} as brotli (${(brShare * 100).toFixed(1)}% of raw; target at most ${WIRE_TARGET * 100}%): ${brShare <= WIRE_TARGET ? 'met' : 'NOT met'}`);

    if (!pageOnly) {
      console.log(`\n3. The same ${PAGE}-point pages without the route: the server's byte writer vs the plain way (a row object each, JSON.stringify, UTF-8), read included, taken in turns`);
      const user = (await sessions.resolve(token, Date.now()))!;
      // As the route does: a context per request (its target resolved), the page's parts read, then written.
      const contextOf = async () => new TrackContext(db, user, await resolveTarget(db, user, { vehicleId: vehicle.id, startTime: from, endTime: to }), alarmWindows);
      const writer = new JsonBytes(4 << 20);
      const byWriter = async (curPage: number) => {
        const parts = await (await contextOf()).pageParts(curPage, PAGE);
        writeTrackPage(writer.reset(), parts);
        return writer.result();
      };
      const sample = 1 + ((7 * 37) % pages);
      if (!(await byWriter(sample)).equals(await plainTrackPage(await contextOf(), sample, PAGE))) throw new BenchError('the plain page and the writer\'s page differ');
      const turns = { writer: [] as number[], plain: [] as number[] };
      for (let k = 0; k < 80; k++) {
        const curPage = 1 + ((k * 37) % pages);
        // Alternate which goes first, so neither always follows the other's garbage.
        for (const name of k % 2 ? (['writer', 'plain'] as const) : (['plain', 'writer'] as const)) {
          const t0 = performance.now();
          if (name === 'writer') await byWriter(curPage);
          else await plainTrackPage(await contextOf(), curPage, PAGE);
          turns[name].push(performance.now() - t0);
        }
      }
      const p50 = (a: number[]) => percentile(a.slice(10), 50);
      console.log(table([
        ['page of 8000 points (70 of each after 10 warm-up)', 'p50 ms', 'p99 ms'],
        ['server: JSON bytes written from the columns', ms(p50(turns.writer)), ms(percentile(turns.writer.slice(10), 99))],
        ['plain: row objects + JSON.stringify + UTF-8', ms(p50(turns.plain)), ms(percentile(turns.plain.slice(10), 99))],
      ]));
      console.log(`  ratio (plain / server, p50): ${(p50(turns.plain) / p50(turns.writer)).toFixed(2)}x; the bytes are identical`);
    }
    console.log(`  load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    await closeApp();
    await tdb?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
