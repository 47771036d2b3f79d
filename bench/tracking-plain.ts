// The peer of the tracking bench: what a user would write without a track store — one row per
// point in a table of its own, read back as objects, and @turf functions per point (distance for
// stops, booleanPointInPolygon against every fence for visits, circles made polygons by turf.circle).
// The table lives in the bench's database: SQLite here (better-sqlite3, synchronous prepared
// statements), PostgreSQL in bench/tracking-pg.ts (the `pg` driver); the analysis of the rows is the same.
import type Database from 'better-sqlite3';
import * as turf from '@turf/turf';
import type { ScaleFence } from '../fixtures/tracks-scale.ts';
import type { TrackColumns, TimeWindow } from '../server/tracking/columns.ts';
import { COLD_MACHINE_BIT } from '../server/tracking/columns.ts';
import type { TrackContext } from '../server/tracking/views.ts';
import { formatTime } from '../server/resources/time.ts';
import { round1, round6 as coord } from '../server/fences/geometry.ts';

export interface PlainRow { gps_time: number; lon: number; lat: number; speed: number; status: number }
export interface PlainCounts { points: number; stops: number; visits: number; doors: number; cold: number; alarms: number }
type Sync<T> = T | Promise<T>;

/** The plain approach's table on one engine: a row per point written, read back whole, analysed. */
export interface PlainPoints {
  /** How the rows go in, and how each read hands them over (the bench's labels). */
  labels: { write: string; objects: string; arrays: string };
  write(vehicleId: number, cols: TrackColumns): Sync<void>;
  /** All columns of the range's rows as one object each; answers how many. */
  readObjects(vehicleId: number, from: number, to: number): Sync<number>;
  /** The same as arrays of values. */
  readArrays(vehicleId: number, from: number, to: number): Sync<number>;
  /** The rows the analytics read, then plainAnalyse over them. */
  analytics(vehicleId: number, from: number, to: number, fences: ReturnType<typeof plainFences>, windows: readonly TimeWindow[]): Sync<PlainCounts>;
}

export const PLAIN_READ_SQL = 'SELECT * FROM plain_track_points WHERE vehicle_id = ? AND gps_time BETWEEN ? AND ? ORDER BY gps_time';
export const PLAIN_ANALYTICS_SQL = 'SELECT gps_time, lon, lat, speed, status FROM plain_track_points WHERE vehicle_id = ? AND gps_time BETWEEN ? AND ? ORDER BY gps_time';

/** A point's twelve values, in the table's column order (the SQLite writer spells them out: no array per row). */
export function plainValues(vehicleId: number, cols: TrackColumns, i: number): unknown[] {
  return [vehicleId, cols.gpsTime[i], cols.lon[i], cols.lat[i], cols.speed[i], cols.direction[i], cols.odometer[i], cols.status[i],
    cols.temps[0]?.[i] ?? null, cols.temps[1]?.[i] ?? null, cols.humidities[0]?.[i] ?? null, cols.oils[0]?.[i] ?? null];
}

/** On SQLite: prepared statements on better-sqlite3, answering synchronously. */
export function sqlitePlainPoints(sqlite: Database.Database): PlainPoints {
  // Prepared once (after write made the table), as a user would keep it: one handle for objects, one for arrays.
  let objects: Database.Statement | undefined, arrays: Database.Statement | undefined;
  return {
    labels: { write: '', objects: '.all', arrays: '.raw().iterate' },
    write(vehicleId, cols) {
      sqlite.exec(`DROP TABLE IF EXISTS plain_track_points;
        CREATE TABLE plain_track_points (vehicle_id INTEGER NOT NULL, gps_time INTEGER NOT NULL, lon REAL, lat REAL, speed REAL, direction INTEGER,
          odometer REAL, status INTEGER, t1 REAL, t2 REAL, h1 REAL, oil1 REAL, PRIMARY KEY (vehicle_id, gps_time))`);
      const ins = sqlite.prepare('INSERT INTO plain_track_points VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
      sqlite.transaction(() => {
        for (let i = 0; i < cols.length; i++) {
          ins.run(vehicleId, cols.gpsTime[i], cols.lon[i], cols.lat[i], cols.speed[i], cols.direction[i], cols.odometer[i], cols.status[i],
            cols.temps[0]?.[i] ?? null, cols.temps[1]?.[i] ?? null, cols.humidities[0]?.[i] ?? null, cols.oils[0]?.[i] ?? null);
        }
      })();
    },
    readObjects: (vehicleId, from, to) => (objects ??= sqlite.prepare(PLAIN_READ_SQL)).all(vehicleId, from, to).length,
    readArrays(vehicleId, from, to) {
      let n = 0;
      for (const _ of (arrays ??= sqlite.prepare(PLAIN_READ_SQL).raw(true)).iterate(vehicleId, from, to)) n++;
      return n;
    },
    analytics: (vehicleId, from, to, fences, windows) =>
      plainAnalyse(sqlite.prepare(PLAIN_ANALYTICS_SQL).all(vehicleId, from, to) as PlainRow[], fences, windows),
  };
}

export function plainFences(fences: readonly ScaleFence[]) {
  return fences.map((f) => {
    if (f.typeId === 3) return { f, poly: turf.circle([f.lon, f.lat], (f.radius ?? 200) / 1000, { steps: 32, units: 'kilometers' }) };
    const ring = f.areaLonLat!.split(';').map((p) => { const [lat, lon] = p.split(',').map(Number); return [lon, lat]; });
    return { f, poly: turf.polygon([[...ring, ring[0]]]) };
  });
}

/** The whole analytics the plain way over the rows read; returns counts so the bench can compare answers roughly. */
export function plainAnalyse(rows: readonly PlainRow[], fences: ReturnType<typeof plainFences>, windows: readonly TimeWindow[]): PlainCounts {
  let stops = 0, visits = 0, doors = 0, cold = 0, alarms = 0;
  let anchor: PlainRow | null = null, last: PlainRow | null = null;
  const inside = new Map<number, boolean>();
  let prevStatus = 0;
  for (const r of rows) {
    const pt = turf.point([r.lon, r.lat]);
    // Stops: within 100 m of where it stopped, at walking speed, for 3 minutes.
    if (anchor && r.speed <= 5 && turf.distance(turf.point([anchor.lon, anchor.lat]), pt, { units: 'meters' }) <= 100) last = r;
    else {
      if (anchor && last && last.gps_time - anchor.gps_time >= 180_000) stops++;
      anchor = r.speed <= 5 ? r : null;
      last = anchor;
    }
    // Visits: every fence, every point.
    for (const { f, poly } of fences) {
      const now = turf.booleanPointInPolygon(pt, poly);
      if (now && !inside.get(f.id)) visits++;
      inside.set(f.id, now);
    }
    if ((r.status & 0xffff) && !(prevStatus & 0xffff)) doors++;
    if ((r.status & COLD_MACHINE_BIT) && !(prevStatus & COLD_MACHINE_BIT)) cold++;
    if (windows.some((w) => r.gps_time >= w.begin && r.gps_time <= w.end)) alarms++;
    prevStatus = r.status;
  }
  return { points: rows.length, stops, visits, doors, cold, alarms };
}

/**
 * A getTrackList page the plain way: the same read and inputs as the server's page (pageParts),
 * then one object per row and JSON.stringify, encoded to UTF-8 for the response. The bench checks
 * that the bytes equal the server's.
 */
export async function plainTrackPage(ctx: TrackContext, curPage: number, pageSize: number): Promise<Buffer> {
  const { rows: input, total, startPlaceName, endPlaceName } = await ctx.pageParts(curPage, pageSize);
  const { page, before, snOffset, startOdo, alarms } = input;
  const sensors: [string, Float64Array][] = [];
  const pick = (prefix: string, arrays: (Float64Array | null)[], mask: number) =>
    arrays.forEach((a, c) => { if (a && mask & (1 << c)) sensors.push([`${prefix}${c + 1}`, a]); });
  pick('t', page.temps, input.shown.temps);
  pick('h', page.humidities, input.shown.humidities);
  pick('oil', page.oils, input.shown.oils);
  const data: Record<string, unknown>[] = [];
  for (let i = before; i < page.length; i++) {
    const lon = coord(page.lon[i]), lat = coord(page.lat[i]);
    const area = input.areaAt(lon, lat);
    const row: Record<string, unknown> = {
      sn: snOffset + i - before + 1, vehicleId: input.vehicleId, vehicleNo: input.vehicleNo, lon, lat, direction: page.direction[i],
      gpsTime: formatTime(page.gpsTime[i]), gpsTimeMillisecond: page.gpsTime[i], speed: page.speed[i], odometer: round1(page.odometer[i]),
      curOdom: round1(page.odometer[i] - startOdo), odometerInterval: i > 0 ? round1(page.odometer[i] - page.odometer[i - 1]) : 0,
      position: area || `${lon},${lat}`, trackPlace: area, statusStr: input.statusText(page.status[i]), alarm: alarms[i],
    };
    for (const [key, a] of sensors) row[key] = a[i];
    data.push(row);
  }
  return Buffer.from(JSON.stringify({ data, totalRecords: total, curPage, pageSize, startPlaceName, endPlaceName }), 'utf8');
}
