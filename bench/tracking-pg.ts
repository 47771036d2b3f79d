// `npm run bench -- tracking --pg`: the tracking bench's database on a throwaway PostgreSQL
// (bench/pg-bench.ts startBenchPg: migrated as the server migrates). The track store, the analytics
// and the route run on it through the database port, as on SQLite; the plain peer gets its own
// table there (one row per point, written and read back with the `pg` driver on the bench's raw
// pool), so both sides of every ratio run on PostgreSQL. This is bench code: its SQL is PostgreSQL's own.
import type pg from 'pg';
import type { Database } from '../server/db/port.ts';
import { toPostgres } from '../server/db/postgres.ts';
import type { TrackColumns } from '../server/tracking/columns.ts';
import { pgDriver, startBenchPg } from './pg-bench.ts';
import { PLAIN_ANALYTICS_SQL, PLAIN_READ_SQL, plainAnalyse, plainValues, type PlainPoints, type PlainRow } from './tracking-plain.ts';

/** Rows per INSERT of the plain table: 12 parameters a row, under the protocol's 65,535. */
const INSERT_ROWS = 1000;

/** The bench's database on one engine: the port for the store and the route, the plain peer's table beside it. */
export interface TrackingDb {
  db: Database;
  plain: PlainPoints;
  /** The engine and its version, for the printed header. */
  engine: string;
  close(): Promise<void>;
}

/** A throwaway cluster, migrated, empty: the bench seeds it through the port as it seeds SQLite. Closing removes it. */
export async function trackingOnPg(): Promise<TrackingDb> {
  const p = await startBenchPg();
  return { db: p.db, plain: pgPlainPoints(p.raw), engine: p.version, close: () => p.stop() };
}

/** The plain approach's table on PostgreSQL, through the `pg` pool (integers parsed as the server's adapter parses them). */
export function pgPlainPoints(pool: pg.Pool): PlainPoints {
  const driver = pgDriver(pool);
  const readObjects = driver.prepare(PLAIN_READ_SQL);
  const readAnalytics = driver.prepare(PLAIN_ANALYTICS_SQL);
  const readText = toPostgres(PLAIN_READ_SQL);
  return {
    labels: { write: ` (pg: INSERTs of ${INSERT_ROWS} rows in one transaction, then ANALYZE)`, objects: 'pg, rows as objects', arrays: "pg, rowMode 'array'" },
    async write(vehicleId: number, cols: TrackColumns) {
      const client = await pool.connect();
      try {
        await client.query('DROP TABLE IF EXISTS plain_track_points');
        // SQLite's REAL is an 8-byte float: double precision here, so both tables hold the same values.
        await client.query(`CREATE TABLE plain_track_points (vehicle_id integer NOT NULL, gps_time bigint NOT NULL, lon double precision, lat double precision,
          speed double precision, direction integer, odometer double precision, status integer, t1 double precision, t2 double precision,
          h1 double precision, oil1 double precision, PRIMARY KEY (vehicle_id, gps_time))`);
        await client.query('BEGIN');
        const full = insertText(INSERT_ROWS);
        for (let from = 0; from < cols.length; from += INSERT_ROWS) {
          const n = Math.min(INSERT_ROWS, cols.length - from);
          const values: unknown[] = [];
          for (let i = from; i < from + n; i++) values.push(...plainValues(vehicleId, cols, i));
          await client.query(n === INSERT_ROWS ? full : insertText(n), values);
        }
        await client.query('COMMIT');
        await client.query('ANALYZE plain_track_points');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    readObjects: async (vehicleId, from, to) => (await readObjects([vehicleId, from, to])).length,
    readArrays: async (vehicleId, from, to) => (await pool.query({ text: readText, values: [vehicleId, from, to], rowMode: 'array' })).rows.length,
    analytics: async (vehicleId, from, to, fences, windows) => plainAnalyse((await readAnalytics([vehicleId, from, to])) as unknown as PlainRow[], fences, windows),
  };
}

function insertText(rows: number): string {
  const tuples: string[] = [];
  for (let r = 0; r < rows; r++) tuples.push(`(${Array.from({ length: 12 }, (_, c) => `$${r * 12 + c + 1}`).join(', ')})`);
  return `INSERT INTO plain_track_points VALUES ${tuples.join(', ')}`;
}
