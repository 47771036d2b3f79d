// Builds (or reuses) the million-vehicle benchmark database under .bench/ (git-ignored):
// migrations, the demo seed, then 1,000,000 extra vehicles for corporation 1, then ANALYZE.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type Db } from '../server/db/connection.ts';
import { holdRegistry } from '../server/registry/holder.ts';
import { syncMenus } from '../server/domain/menus/sync.ts';
import { generateVehiclesAtScale } from '../fixtures/index.ts';
import { insertRows, seedDemo } from '../scripts/seed-demo.ts';

export const BENCH_DIR = join(import.meta.dirname, '..', '.bench');
export const BENCH_DB = join(BENCH_DIR, 'list-api.db');
export const EXTRA_VEHICLES = 1_000_000;
const BATCH = 100_000;

const one = <T>(db: Db, sql: string, ...params: unknown[]) => db.$client.prepare(sql).get(...params) as T;
const ids = (db: Db, sql: string, ...params: unknown[]) => (db.$client.prepare(sql).all(...params) as { id: number }[]).map((r) => r.id);

/** Rows the finished database must hold; a file that has fewer is an interrupted build. */
function isComplete(db: Db): boolean {
  const marker = one<{ n: number }>(db, "SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_stat1'").n;
  if (marker === 0) return false; // ANALYZE is the last step of a build
  const users = one<{ n: number }>(db, "SELECT count(*) AS n FROM users WHERE user_name = 'dispatcher'").n;
  const vehicles = one<{ n: number }>(db, 'SELECT count(*) AS n FROM vehicles WHERE corp_id = 1').n;
  return users === 1 && vehicles >= EXTRA_VEHICLES;
}

/** Takes the next n items of an iterator without closing it. */
function* take<T>(it: Iterator<T>, n: number): Generator<T> {
  for (let i = 0; i < n; i++) {
    const r = it.next();
    if (r.done) return;
    yield r.value;
  }
}

export interface BenchDb {
  db: Db;
  file: string;
  built: boolean;
  /** Vehicles visible to corporation 1 (live rows). */
  corp1Vehicles: number;
  totalVehicles: number;
}

export function openBenchDb(opts: { rebuild?: boolean; file?: string; log?: (s: string) => void } = {}): BenchDb {
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
  const sqlite = db.$client;
  // The demo roles are granted operations by id, so the operations table is filled first,
  // exactly as createApp does at start.
  const registry = holdRegistry();
  syncMenus(db, registry.get().menus);
  registry.close();
  seedDemo(sqlite);

  const carrierIds = ids(db, 'SELECT id FROM carriers WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id');
  const carModelIds = ids(db, 'SELECT id FROM car_models WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id');
  const startId = one<{ m: number | null }>(db, 'SELECT max(id) AS m FROM vehicles').m! + 1;
  // The generator's plates are unique among themselves, but may by chance equal one of the demo
  // plates (unique per corporation): such rows are skipped and the next generated row taken, so
  // that exactly EXTRA_VEHICLES rows are added.
  const taken = new Set((sqlite.prepare('SELECT vehicle_no AS p FROM vehicles WHERE corp_id = 1').all() as { p: string }[]).map((r) => r.p));
  const source = generateVehiclesAtScale(EXTRA_VEHICLES + taken.size, { corpId: 1, carrierIds, carModelIds, startId });
  let skipped = 0;
  const fresh = (function* () {
    for (const v of { [Symbol.iterator]: () => source }) {
      if (taken.has(v.vehicleNo)) skipped++;
      else yield v;
    }
  })();

  log(`  inserting ${EXTRA_VEHICLES.toLocaleString('en')} vehicles for corp 1 (${carrierIds.length} carriers, ${carModelIds.length} car models, ids from ${startId})`);
  const started = performance.now();
  let inserted = 0;
  while (inserted < EXTRA_VEHICLES) {
    const n = Math.min(BATCH, EXTRA_VEHICLES - inserted);
    const done = sqlite.transaction(() => insertRows(sqlite, 'vehicles', take(fresh, n) as Iterable<never>))();
    if (done === 0) throw new Error('the generator ran dry');
    inserted += done;
    log(`    ${inserted.toLocaleString('en')} rows  ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const insertS = (performance.now() - started) / 1000;
  const a = performance.now();
  sqlite.exec('ANALYZE');
  log(`  inserted ${inserted.toLocaleString('en')} rows in ${insertS.toFixed(1)} s (${Math.round(inserted / insertS).toLocaleString('en')} rows/s, ${skipped} generated plates skipped as equal to a demo plate); ANALYZE ${((performance.now() - a) / 1000).toFixed(1)} s`);
  return { db, file, built: true, ...counts(db) };
}

function counts(db: Db) {
  return {
    corp1Vehicles: one<{ n: number }>(db, 'SELECT count(*) AS n FROM vehicles WHERE corp_id = 1 AND is_deleted = 0').n,
    totalVehicles: one<{ n: number }>(db, 'SELECT count(*) AS n FROM vehicles').n,
  };
}
