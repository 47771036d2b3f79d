// Builds (or reuses) the million-vehicle benchmark database under .bench/ (git-ignored):
// migrations, the demo seed, then 1,000,000 extra vehicles for corporation 1, then ANALYZE.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../server/db/connection.ts';
import type { SqliteDatabase } from '../server/db/sqlite.ts';
import { addScaleVehicles, seedDemo } from '../scripts/seed-demo.ts';
import { addScaleWaybills } from '../scripts/seed-transport.ts';

export const BENCH_DIR = join(import.meta.dirname, '..', '.bench');
export const BENCH_DB = join(BENCH_DIR, 'list-api.db');
export const EXTRA_VEHICLES = 1_000_000;

// The benchmark files are SQLite databases: their checks read SQLite's own catalogue, synchronously.
type Db = SqliteDatabase;
const one = <T>(db: Db, sql: string, ...params: unknown[]) => db.$client.prepare(sql).get(...params) as T;

/** Rows the finished database must hold; a file that has fewer is an interrupted build. */
function isComplete(db: Db): boolean {
  const marker = one<{ n: number }>(db, "SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_stat1'").n;
  if (marker === 0) return false; // ANALYZE is the last step of a build
  const users = one<{ n: number }>(db, "SELECT count(*) AS n FROM users WHERE user_name = 'dispatcher'").n;
  const vehicles = one<{ n: number }>(db, 'SELECT count(*) AS n FROM vehicles WHERE corp_id = 1').n;
  return users === 1 && vehicles >= EXTRA_VEHICLES;
}

export interface BenchDb {
  db: Db;
  file: string;
  built: boolean;
  /** Vehicles visible to corporation 1 (live rows). */
  corp1Vehicles: number;
  totalVehicles: number;
}

export async function openBenchDb(opts: { rebuild?: boolean; file?: string; log?: (s: string) => void } = {}): Promise<BenchDb> {
  const file = opts.file ?? BENCH_DB;
  const log = opts.log ?? ((s: string) => console.log(s));
  if (!opts.rebuild && existsSync(file)) {
    const db = openDatabase(file);
    if (isComplete(db)) return { db, file, built: false, ...counts(db) };
    log(`  ${file} is incomplete (interrupted build?): rebuilding`);
    db.$client.close();
  }
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });

  const db = openDatabase(file);
  await seedDemo(db); // also loads the menus' operations that the demo roles are granted

  log(`  inserting ${EXTRA_VEHICLES.toLocaleString('en')} vehicles for corp 1`);
  const started = performance.now();
  const { inserted, skipped } = await addScaleVehicles(db, EXTRA_VEHICLES, (n) =>
    log(`    ${n.toLocaleString('en')} rows  ${((performance.now() - started) / 1000).toFixed(1)} s`),
  );
  const seconds = (performance.now() - started) / 1000;
  log(`  inserted ${inserted.toLocaleString('en')} rows and ran ANALYZE in ${seconds.toFixed(1)} s (${Math.round(inserted / seconds).toLocaleString('en')} rows/s, ${skipped} generated plates skipped as equal to a demo plate)`);
  return { db, file, built: true, ...counts(db) };
}

function counts(db: Db) {
  return {
    corp1Vehicles: one<{ n: number }>(db, 'SELECT count(*) AS n FROM vehicles WHERE corp_id = 1 AND is_deleted = 0').n,
    totalVehicles: one<{ n: number }>(db, 'SELECT count(*) AS n FROM vehicles').n,
  };
}

// --- the waybill-list bench's database ---------------------------------------------------------

export const WAYBILL_BENCH_DB = join(BENCH_DIR, 'waybill-list.db');
export const EXTRA_WAYBILLS = 1_000_000;

export interface WaybillBenchDb {
  db: Db;
  file: string;
  built: boolean;
  waybills: number;
  corp1Waybills: number;
  orders: number;
  nodes: number;
}

/**
 * .bench/waybill-list.db: migrations, the demo seed (with its demo orders and waybills), then at
 * least 1,000,000 more waybills of corporation 1 from fixtures/transport.ts, then ANALYZE. The same
 * file `npm run seed -- --db .bench/waybill-list.db --waybills 1000000` makes.
 */
export async function openWaybillBenchDb(opts: { rebuild?: boolean; file?: string; log?: (s: string) => void; minWaybills?: number } = {}): Promise<WaybillBenchDb> {
  const file = opts.file ?? WAYBILL_BENCH_DB;
  const log = opts.log ?? ((s: string) => console.log(s));
  const complete = (db: Db) =>
    one<{ n: number }>(db, "SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_stat1'").n > 0 &&
    one<{ n: number }>(db, "SELECT count(*) AS n FROM users WHERE user_name IN ('dispatcher', 'carrier')").n === 2 &&
    one<{ n: number }>(db, 'SELECT count(*) AS n FROM waybills WHERE corp_id = 1').n >= (opts.minWaybills ?? EXTRA_WAYBILLS);
  let built = false;
  let db: Db | undefined;
  if (!opts.rebuild && existsSync(file)) {
    db = openDatabase(file);
    if (!complete(db)) {
      log(`  ${file} is incomplete (interrupted build?): rebuilding`);
      db.$client.close();
      db = undefined;
    }
  }
  if (!db) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    db = openDatabase(file);
    await seedDemo(db);
    log(`  inserting ${EXTRA_WAYBILLS.toLocaleString('en')} waybills for corp 1 (with orders, goods, parts, links, nodes)`);
    const started = performance.now();
    // A million rows land at random places of the time and number indexes: with SQLite's default
    // 2 MB page cache nearly every insert misses it. 512 MB for the build, then back.
    const cacheSize = db.$client.pragma('cache_size', { simple: true });
    db.$client.pragma('cache_size = -524288');
    await addScaleWaybills(db, EXTRA_WAYBILLS, Date.now(), (n) => {
      if (n % 200_000 < 50_000) log(`    ${n.toLocaleString('en')} waybills  ${((performance.now() - started) / 1000).toFixed(1)} s`);
    });
    db.$client.pragma(`cache_size = ${Number(cacheSize)}`);
    log(`  built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    built = true;
  }
  const count = (sql: string) => one<{ n: number }>(db!, sql).n;
  return {
    db, file, built,
    waybills: count('SELECT count(*) AS n FROM waybills'),
    corp1Waybills: count('SELECT count(*) AS n FROM waybills WHERE corp_id = 1 AND is_deleted = 0'),
    orders: count('SELECT count(*) AS n FROM orders'),
    nodes: count('SELECT count(*) AS n FROM waybill_nodes'),
  };
}
