// The benches' `--pg`: a throwaway PostgreSQL cluster (scripts/pg-cluster.ts) holding the same data
// the SQLite benches build (demo seed + 1,000,000 vehicles, or + 1,000,000 waybills), migrated as the
// server migrates (migrateLocked), and the "raw" side: the `pg` driver itself on a pool of its own,
// running the very SQL text the engine sends (toPostgres of the engine's statement) with the same
// integer parsing. The cluster lives in a temporary folder and is removed at the end, on error, on
// Ctrl-C and at process exit: nothing is kept between runs, so every --pg run builds its data again
// and prints how long that took.
import pg from 'pg';
import { startCluster, type Cluster } from '../scripts/pg-cluster.ts';
import { addScaleVehicles, seedDemo } from '../scripts/seed-demo.ts';
import { addScaleWaybills } from '../scripts/seed-transport.ts';
import { migrateLocked } from '../server/db/connection.ts';
import type { Database } from '../server/db/port.ts';
// The raw driver parses values as server/db/postgres.ts does.
import { PostgresDatabase, toPostgres, types } from '../server/db/postgres.ts';
import type { SqliteDatabase } from '../server/db/sqlite.ts';

type Row = Record<string, unknown>;


export interface BenchPg {
  cluster: Cluster;
  url: string;
  /** The port the app runs on (a pool of 10, as the server's). */
  db: PostgresDatabase;
  /** The raw driver: a pool of its own, for the raw and floor sides. */
  raw: pg.Pool;
  version: string;
  stop(): Promise<void>;
}

const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Starts the cluster and migrates its `postgres` database; stop() ends the pools and removes the cluster (once). */
export async function startBenchPg(log: (s: string) => void = console.log): Promise<BenchPg> {
  const t = performance.now();
  const cluster = startCluster();
  let stopped = false;
  const stopCluster = () => {
    if (stopped) return;
    stopped = true;
    try {
      cluster.stop();
    } catch (err) {
      console.error(`stopping the PostgreSQL cluster failed: ${(err as Error).message}`);
    }
  };
  // Also when the bench dies another way: process exit runs synchronously, and cluster.stop() is.
  const onSignal = () => {
    stopCluster();
    process.exit(130);
  };
  process.once('exit', stopCluster);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const url = cluster.url();
  const db = PostgresDatabase.connect(url, 10);
  const raw = new pg.Pool({ connectionString: url, max: 4, types });
  raw.on('error', (err) => console.error(`raw pool: ${err.message}`));
  try {
    await migrateLocked(db);
  } catch (err) {
    await Promise.allSettled([db.close(), raw.end()]);
    stopCluster();
    throw err;
  }
  const version = ((await raw.query('SELECT version() AS v')).rows[0] as { v: string }).v.split(' ').slice(0, 2).join(' ');
  log(`${version}: throwaway cluster started and migrated in ${elapsed(t)} (fsync off, Unix socket; see scripts/pg-cluster.ts)`);
  return {
    cluster, url, db, raw, version,
    async stop() {
      await Promise.allSettled([db.close(), raw.end()]);
      stopCluster();
      process.removeListener('exit', stopCluster);
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
    },
  };
}

/** After a bulk load: what autovacuum would do in time (visibility map for index-only counts) and fresh statistics. */
async function vacuumAnalyze(p: BenchPg) {
  await p.raw.query('VACUUM (ANALYZE)');
}

export const PG_EXTRA_VEHICLES = 1_000_000;
export const PG_EXTRA_WAYBILLS = 1_000_000;

/** Demo seed, then `insert` (the generator, timed on its own), then VACUUM (ANALYZE): each step's time logged. */
async function buildThroughGenerators(p: BenchPg, log: (s: string) => void, what: string, insert: (t1: number) => Promise<string>): Promise<{ seconds: number }> {
  const t = performance.now();
  await seedDemo(p.db);
  log(`  demo seed in ${elapsed(t)}; inserting ${what} (multi-row INSERTs through the port)`);
  const t1 = performance.now();
  log(`  inserted ${await insert(t1)} in ${elapsed(t1)}`);
  const t2 = performance.now();
  await vacuumAnalyze(p);
  log(`  VACUUM (ANALYZE) in ${elapsed(t2)}`);
  const seconds = (performance.now() - t) / 1000;
  log(`  data built in ${seconds.toFixed(1)} s`);
  return { seconds };
}

/** The list-api data on PostgreSQL: demo seed + 1,000,000 vehicles of corporation 1 (bench-db.ts's recipe). */
export function buildPgVehicles(p: BenchPg, log: (s: string) => void = console.log): Promise<{ seconds: number }> {
  return buildThroughGenerators(p, log, `${PG_EXTRA_VEHICLES.toLocaleString('en')} vehicles for corp 1`, async (t1) => {
    const { inserted } = await addScaleVehicles(p.db, PG_EXTRA_VEHICLES, (n) => {
      if (n % 250_000 === 0) log(`    ${n.toLocaleString('en')} rows  ${elapsed(t1)}`);
    });
    return `${inserted.toLocaleString('en')} vehicles`;
  });
}

/** The waybill-list / report data on PostgreSQL: demo seed + 1,000,000 waybills of corporation 1 with their orders, goods, parts, links, nodes. */
export function buildPgWaybills(p: BenchPg, log: (s: string) => void = console.log): Promise<{ seconds: number }> {
  return buildThroughGenerators(p, log, `${PG_EXTRA_WAYBILLS.toLocaleString('en')} waybills for corp 1 with orders, goods, parts, links, nodes (the summary triggers firing per row)`, async (t1) => {
    await addScaleWaybills(p.db, PG_EXTRA_WAYBILLS, Date.now(), (n) => {
      if (n % 200_000 < 50_000) log(`    ${n.toLocaleString('en')} waybills  ${elapsed(t1)}`);
    });
    return `${PG_EXTRA_WAYBILLS.toLocaleString('en')} waybills`;
  });
}

/**
 * A statement run directly on the driver, "prepared once" where the driver can: better-sqlite3 prepares
 * it; on `pg` the text is translated once (the engine's own toPostgres: `$n` placeholders, quoted
 * camelCase, ILIKE) and sent as an unnamed statement each time, as the engine's adapter sends it.
 * SQLite answers synchronously (no await in the timed path), PostgreSQL with a promise.
 */
export type RawStatement = (params: readonly unknown[]) => Row[] | Promise<Row[]>;

export interface RawDriver {
  label: string;
  prepare(sql: string): RawStatement;
}

export function sqliteDriver(db: SqliteDatabase): RawDriver {
  return {
    label: 'better-sqlite3, prepared once, .all()',
    prepare(sql) {
      const stmt = db.$client.prepare(sql);
      return (params) => stmt.all(...params) as Row[];
    },
  };
}

export function pgDriver(pool: pg.Pool): RawDriver {
  return {
    label: 'pg Pool.query, the same text and params',
    prepare(sql) {
      const text = toPostgres(sql);
      return async (params) => (await pool.query(text, params as unknown[])).rows as Row[];
    },
  };
}

export const isPostgres = (db: Database) => db.dialect === 'postgres';
