// `npm run bench -- fleet-map`: 物流地图 in Chromium with 10,000 vehicles while 1,000 positions a
// second arrive through the real stream. The server runs in this process (a fresh demo database,
// the vehicles added by addScaleVehicles, each given a last position near a city), so the bench can
// publish into the live hub exactly where ingest() publishes after its commit; from there the
// positions take the real path: the SSE route, its filter and coalescing, the browser's
// EventSource, the page's store and its canvas overlay over the map. Storing the points is the gateway
// bench's subject (npm run bench -- gateway), not this one's.
// Printed: frame intervals from requestAnimationFrame (p50/p95/p99, dropped) at rest and under the
// stream, in the whole-country view (clusters) and zoomed on one city (single vehicles); the
// page's work per batch (the 'fleet-batch' measures: store + the overlay's markers), the overlay's
// redraws (the 'fleet-draw' measures: clustering and canvas commands) and Chromium's main-thread time
// (CDP TaskDuration, map and canvas rendering included) and the CPU time of all Chromium's processes
// (the GPU process's software GL included) per batch. Then the same two views with the peer design,
// a maplibre custom layer drawing the vehicles from a vertex buffer (fleet-map-gl-peer.ts), side by
// side with the overlay. Target: frame p95 within one 60 Hz vsync (16.7 ms), i.e. no dropped frame at p95.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { connectDatabase } from '../server/db/connection.ts';
import { holdRegistry } from '../server/registry/holder.ts';
import { createApp } from '../server/app.ts';
import { DIST_DIR } from '../server/http/static.ts';
import { publishLive } from '../server/tracking/live-hub.ts';
import { addScaleVehicles, DEMO_PASSWORD, seedDemo } from '../scripts/seed-demo.ts';
import { CITIES } from '../fixtures/cities.ts';
import { createRng } from '../fixtures/prng.ts';
import { BenchError, ms, percentile, table } from './stats.ts';
import { INSTALL_GL_PEER, REMOVE_GL_PEER } from './fleet-map-gl-peer.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const VEHICLES = 10_000;
const RATE = 1_000;
const SAMPLE_MS = 8_000;
const VSYNC = 1000 / 60;
/** The page's own work on a batch should leave most of a frame to rendering. */
const BATCH_TARGET_MS = 4;

type Spot = { lon: number; lat: number; direction: number };

/** Every corporation-1 vehicle placed near a city (the fleet clusters where freight does), reporting now. */
async function placeFleet(db: Awaited<ReturnType<typeof connectDatabase>>, now: number): Promise<Map<number, Spot>> {
  const have = (await db.one<{ n: number }>('SELECT count(*) AS n FROM vehicles WHERE corp_id = 1 AND is_deleted = 0'))!;
  await addScaleVehicles(db, VEHICLES - Number(have.n));
  const ids = (await db.all<{ id: number }>('SELECT id FROM vehicles WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id')).map((r) => Number(r.id));
  const rng = createRng(17);
  const spots = new Map<number, Spot>();
  const cities = CITIES.slice(0, 120);
  for (const id of ids) {
    const c = rng.pick(cities);
    spots.set(id, { lon: +(c.lon + rng.float(-0.3, 0.3, 6)).toFixed(6), lat: +(c.lat + rng.float(-0.3, 0.3, 6)).toFixed(6), direction: rng.int(0, 359) });
  }
  await db.run('DELETE FROM vehicle_last_positions');
  const rows = [...spots];
  for (let i = 0; i < rows.length; i += 500) {
    const part = rows.slice(i, i + 500);
    await db.run(`INSERT INTO vehicle_last_positions (vehicle_id, corp_id, gps_time, lon, lat, speed, direction, odometer, status, sensors, stored_at) VALUES ${part.map(() => '(?, 1, ?, ?, ?, ?, ?, 0, 0, ?, ?)').join(', ')}`,
      part.flatMap(([id, s]) => [id, now, s.lon, s.lat, 40, s.direction, '{"t1":4.5}', now]));
  }
  return spots;
}

/** Clock ticks per second of /proc/<pid>/stat's times (Linux: 100). */
const CLK_TCK = 100;

/**
 * CPU seconds used so far by every process under this one (Chromium's browser, renderer and GPU
 * processes): with software GL the map's raster runs in the GPU process, outside the renderer's main
 * thread, and on a loaded machine CPU time is fairer than wall time.
 */
function chromiumCpuSeconds(): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Fields after the command's closing parenthesis: state ppid ... utime (14th field) stime (15th).
      const rest = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ').pop()!.split(' ');
      stats.set(Number(name), { ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) });
    } catch {
      // The process ended meanwhile.
    }
  }
  const mine = new Set([process.pid]);
  let ticks = 0;
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, s] of stats) {
      if (mine.has(pid) || !mine.has(s.ppid)) continue;
      mine.add(pid);
      ticks += s.ticks;
      grew = true;
    }
  }
  return ticks / CLK_TCK;
}

/** Frame intervals (ms) seen by requestAnimationFrame over `duration`. */
function frames(page: Page, duration: number): Promise<number[]> {
  // A string, not a function: tsx would wrap a function with helpers the page does not have.
  return page.evaluate(`new Promise((resolve) => {
    const out = [];
    let last = performance.now();
    const t0 = last;
    const loop = (now) => {
      out.push(now - last);
      last = now;
      if (now - t0 < ${duration}) requestAnimationFrame(loop);
      else resolve(out.slice(1));
    };
    requestAnimationFrame(loop);
  })`) as Promise<number[]>;
}

/** Publishes RATE positions a second (on schedule however the timer drifts), each a small step of a random vehicle. */
function startPublishing(spots: Map<number, Spot>) {
  const ids = [...spots.keys()];
  const rng = createRng(808);
  const t0 = performance.now();
  let sent = 0;
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - t0) * RATE) / 1000) - sent;
    for (let i = 0; i < due; i++) {
      const id = ids[rng.int(0, ids.length - 1)];
      const s = spots.get(id)!;
      s.direction = (s.direction + rng.int(-30, 30) + 360) % 360;
      s.lon = +(s.lon + Math.sin((s.direction * Math.PI) / 180) * 0.002).toFixed(6);
      s.lat = +(s.lat + Math.cos((s.direction * Math.PI) / 180) * 0.002).toFixed(6);
      publishLive(1, id, [{ lon: s.lon, lat: s.lat, gpsTime: Date.now(), speed: rng.int(20, 90), direction: s.direction, odometer: 0, status: 0, t1: 4.5 }]);
    }
    sent += due;
  }, 10);
  return { stop: () => clearInterval(timer), sent: () => sent };
}

interface Sample { name: string; frames: number[]; busyMs: number; cpuMs: number; batches: number; batchWork: number[]; draws: number[] }

async function sample(page: Page, cdp: CDPSession, name: string): Promise<Sample> {
  const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
  const batchCount = async () => Number(await page.getByRole('region', { name: '物流地图' }).getAttribute('data-fleet-batches'));
  await page.evaluate("performance.clearMeasures('fleet-batch'); performance.clearMeasures('fleet-draw')");
  const [busy0, batches0, cpu0] = [await taskSeconds(), await batchCount(), chromiumCpuSeconds()];
  const f = await frames(page, SAMPLE_MS);
  const cpuMs = (chromiumCpuSeconds() - cpu0) * 1000;
  const busyMs = ((await taskSeconds()) - busy0) * 1000;
  const batches = (await batchCount()) - batches0;
  const batchWork = (await page.evaluate("performance.getEntriesByName('fleet-batch').map((e) => e.duration)")) as number[];
  const draws = (await page.evaluate("performance.getEntriesByName('fleet-draw').map((e) => e.duration)")) as number[];
  console.log(`  sampled ${name}: ${f.length} frames, ${batches} batches, ${draws.length} overlay redraws`);
  return { name, frames: f, busyMs, cpuMs, batches, batchWork, draws };
}

export async function main(args: string[]): Promise<void> {
  if (args.length) throw new BenchError(`unknown option(s): ${args.join(' ')} (none known)`);
  console.log(`# fleet-map bench: 物流地图 with ${VEHICLES.toLocaleString('en')} vehicles, ${RATE.toLocaleString('en')} positions/s through the live stream (Chromium, headless, software GL, offline map style)`);
  console.log(`load average at start: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const dir = mkdtempSync(join(tmpdir(), 'huoyun-bench-fleet-'));
  const db = await connectDatabase({ file: join(dir, 'bench.db') });
  const { app, close } = await createApp({ db, registry: holdRegistry(), consoleDir: DIST_DIR, filesDir: join(dir, 'files') });
  const now = Date.now();
  await seedDemo(db, now, { transport: false, tracks: false, filesDir: null });
  const spots = await placeFleet(db, now);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  let publisher: ReturnType<typeof startPublishing> | undefined;
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    await page.getByRole('textbox', { name: '用户名', exact: true }).fill('admin');
    await page.getByRole('textbox', { name: '密码', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/home$/);
    const guide = page.getByRole('button', { name: '知道了' });
    await guide.waitFor({ timeout: 3000 }).then(() => guide.click(), () => undefined);
    const t1 = performance.now();
    await page.goto(`${origin}/logisticsMap`);
    const map = page.getByRole('region', { name: '物流地图' });
    await map.and(page.locator(`[data-fleet-shown="${VEHICLES}"]`)).waitFor({ timeout: 120_000 });
    console.log(`page ready with ${VEHICLES} vehicles on the map in ${ms((performance.now() - t1) / 1000, 1)} s`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');

    const mapJs = "document.querySelector('[data-fleet-shown]').maplibreMap";
    const country = await map.evaluate(`(() => { const m = ${mapJs}; return { center: m.getCenter().toArray(), zoom: m.getZoom() }; })()`) as { center: [number, number]; zoom: number };
    const results: Sample[] = [await sample(page, cdp, 'country, at rest (peer)')];
    publisher = startPublishing(spots);
    results.push(await sample(page, cdp, `country, ${RATE}/s`));
    // Zoomed on the busiest city: single vehicles with their arrows, no clusters.
    const city = CITIES[0];
    const cityView = `${city.city} zoom 11`;
    // The map never goes idle while positions flow: a moment for the tiles, then the sample.
    const jump = async (to: { center: [number, number]; zoom: number }) => {
      await map.evaluate(`${mapJs}.jumpTo(${JSON.stringify(to)})`);
      await page.waitForTimeout(2000);
    };
    await jump({ center: [city.lon, city.lat], zoom: 11 });
    results.push(await sample(page, cdp, `${cityView}, ${RATE}/s`));
    // The peer design (bench/fleet-map-gl-peer.ts) on the same two views, last: it leaves the overlay's markers behind.
    const glShown = Number(await page.evaluate(INSTALL_GL_PEER));
    console.log(`  GL peer installed with ${glShown} vehicles`);
    results.push(await sample(page, cdp, `${cityView}, ${RATE}/s, GL peer`));
    await jump(country);
    results.push(await sample(page, cdp, `country, ${RATE}/s, GL peer`));
    await page.evaluate(REMOVE_GL_PEER);
    const sent = publisher.sent();
    publisher.stop();

    const dropped = (f: number[]) => `${ms((f.filter((x) => x > VSYNC * 1.5).length / f.length) * 100, 1)}%`;
    const perBatch = (r: Sample, total: number) => (r.batches ? ms(total / r.batches) : '-');
    console.log(`\nframe intervals (ms) from requestAnimationFrame over ${SAMPLE_MS / 1000} s each; ${sent.toLocaleString('en')} positions published:`);
    console.log(table([
      ['view', 'frames', 'p50', 'p95', 'p99', 'max', 'dropped', 'batches', 'page work/batch p50', 'p95', 'redraws', 'redraw p50', 'p95', 'main thread/batch', 'Chromium CPU/batch', 'Chromium CPU/s'],
      ...results.map((r) => [r.name, r.frames.length, ms(percentile(r.frames, 50)), ms(percentile(r.frames, 95)), ms(percentile(r.frames, 99)), ms(Math.max(...r.frames)), dropped(r.frames),
        r.batches, r.batchWork.length ? ms(percentile(r.batchWork, 50)) : '-', r.batchWork.length ? ms(percentile(r.batchWork, 95)) : '-',
        r.draws.length, r.draws.length ? ms(percentile(r.draws, 50)) : '-', r.draws.length ? ms(percentile(r.draws, 95)) : '-', perBatch(r, r.busyMs), perBatch(r, r.cpuMs),
        `${ms(r.cpuMs / SAMPLE_MS * 1000, 0)} ms`]),
    ]));
    for (const r of results.slice(1, 3)) {
      const p95 = percentile(r.frames, 95);
      const work = percentile(r.batchWork, 95);
      console.log(`${r.name}: frame p95 ${ms(p95)} ms vs target ${ms(VSYNC)} ms (one 60 Hz vsync): ${p95 <= VSYNC + 0.5 ? 'met (no dropped frame at p95)' : 'NOT met'}; `
        + `page work per batch p95 ${ms(work)} ms vs ${BATCH_TARGET_MS} ms: ${work <= BATCH_TARGET_MS ? 'met' : 'NOT met'}; main-thread time per batch (rendering included) ${perBatch(r, r.busyMs)} ms`);
    }
    for (const [overlay, peer] of [[results[2], results[3]], [results[1], results[4]]]) {
      console.log(`${overlay.name}: canvas overlay vs GL peer: frame p95 ${ms(percentile(overlay.frames, 95))} vs ${ms(percentile(peer.frames, 95))} ms; `
        + `Chromium CPU per batch ${perBatch(overlay, overlay.cpuMs)} vs ${perBatch(peer, peer.cpuMs)} ms`);
    }
    if (results.slice(1).some((r) => r.batches === 0)) throw new BenchError('no batch reached the page while positions were published');
  } finally {
    publisher?.stop();
    await browser.close();
    server.close();
    await close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
    console.log(`load average at end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  }
}
