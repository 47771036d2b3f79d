// Ingestion of a terminal's batch of points: every point is checked before anything is written
// (a bad batch answers code 100 naming the point and the field, and stores nothing); a good batch
// is stored whole in one transaction, out-of-order points merged into place, duplicates dropped.
// Several batches may share one transaction (ingestMany; the gateway's group commit, ingest-queue.ts).
import type { ValidateFunction } from 'ajv';
import { createAjv, describeErrors } from '../http/validate.ts';
import { invalid } from '../http/envelope.ts';
import { tx, type Conn } from '../resources/statements.ts';
import { HUMIDITY_CHANNELS, HUMIDITY_NONE, OIL_CHANNELS, OIL_NONE, TEMP_CHANNELS, TEMP_NONE, type TrackPoint } from './columns.ts';
import { pointsToColumns } from './store/merge.ts';
import { writeTrack } from './store/store.ts';
import { raiseAlarms } from '../alarms/raise.ts';
import { kickNotifications } from '../notify/dispatch.ts';
import { publishLive } from './live-hub.ts';
import { keepLastPosition } from './last-position.ts';

/** Terminal clocks run a little ahead of ours; a point further in the future than this is refused. */
export const CLOCK_SKEW_MS = 60_000;
/** About what fits in the 1 MiB body limit. */
export const MAX_POINTS = 10_000;

const num = (title: string, minimum: number, maximum: number) => ({ title, type: 'number', minimum, maximum });
const channels = (prefix: string, n: number, title: string, min: number, max: number) =>
  Object.fromEntries(Array.from({ length: n }, (_, c) => [`${prefix}${c + 1}`, num(`${title}${c + 1}`, min, max)]));

export const pointSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['lon', 'lat', 'gpsTime', 'speed', 'direction', 'odometer'],
  properties: {
    lon: num('经度', -180, 180),
    lat: num('纬度', -90, 90),
    gpsTime: { title: '定位时间', type: 'integer', minimum: 946684800000, maximum: 253402300799999 },
    speed: num('速度', 0, 3000),
    direction: num('方向', 0, 360),
    odometer: num('里程', 0, 100_000_000),
    status: { title: '状态', type: 'integer', minimum: 0, maximum: 0x7fffffff },
    ...channels('t', TEMP_CHANNELS, '温度', TEMP_NONE, 3000),
    ...channels('h', HUMIDITY_CHANNELS, '湿度', HUMIDITY_NONE, 100),
    ...channels('oil', OIL_CHANNELS, '油量', OIL_NONE, 200_000),
  },
};

let validatePoint: ValidateFunction | null = null;

/** Checks every point; the first bad one answers 100 with its position (1-based) and field. */
export function checkPoints(points: readonly unknown[], now: number): TrackPoint[] {
  validatePoint ??= createAjv().compile(pointSchema);
  points.forEach((p, i) => {
    if (!validatePoint!(p)) {
      const [first] = describeErrors(validatePoint!.errors ?? [], pointSchema);
      throw invalid(`第${i + 1}个点 ${first.message}`, { field: `points.${i}.${first.field}`, index: i });
    }
    if ((p as TrackPoint).gpsTime > now + CLOCK_SKEW_MS) {
      throw invalid(`第${i + 1}个点 定位时间：不能晚于当前时间`, { field: `points.${i}.gpsTime`, index: i });
    }
  });
  return points.map((p) => { const point = p as TrackPoint; return { ...point, status: point.status ?? 0 }; });
}

/** A checked batch of one vehicle's points. */
export interface IngestBatch {
  corpId: number;
  vehicleId: number;
  points: readonly TrackPoint[];
}

export interface IngestResult {
  received: number;
  stored: number;
  duplicates: number;
}

/** Stores a checked batch for the vehicle in one transaction. */
export async function ingest(conn: Conn, corpId: number, vehicleId: number, points: readonly TrackPoint[]): Promise<IngestResult> {
  const [result] = await ingestMany(conn, [{ corpId, vehicleId, points }]);
  if (result instanceof Error) throw result;
  return result;
}

export interface IngestManyOptions {
  /**
   * Take no further batch once the transaction has run this long (ms, wall time): the answer then
   * covers only the batches taken, in order, and nothing of the rest is stored (the caller hands them
   * in again). At least one batch is always taken.
   */
  budgetMs?: number;
}

/**
 * Stores several checked batches (of one or many vehicles) in ONE transaction: the group commit of
 * ingest-queue.ts, and ingest() with a batch of one. Each batch is stored whole or not at all (a
 * savepoint of its own): a batch that fails answers its error in its place and the others go on;
 * a failed commit fails them all. Batches of one vehicle are stored in the order given. With a
 * budget the answer may be shorter than `batches` (see IngestManyOptions). After the commit, and
 * only then, the live hub hears of every batch that added points.
 */
export async function ingestMany(conn: Conn, batches: readonly IngestBatch[], options: IngestManyOptions = {}): Promise<(IngestResult | Error)[]> {
  if (batches.length === 0) return [];
  // Exclusive per vehicle: the store merges into the chunk it read and the rules continue the open
  // alarm they read, so two batches of one vehicle must not interleave. The locks are taken in
  // ascending vehicle order, so two instances' transactions cannot wait on each other.
  const vehicles = [...new Set(batches.map((b) => b.vehicleId))].sort((a, b) => a - b);
  const budget = options.budgetMs ?? Infinity;
  const results = await tx(conn, async () => {
    for (const v of vehicles.slice(1)) await conn.lock(ingestLock(v));
    const until = performance.now() + budget;
    const out: (IngestResult | Error)[] = [];
    for (const b of batches) {
      if (out.length > 0 && performance.now() >= until) break;
      try {
        out.push(await tx(conn, () => storeBatch(conn, b)));
      } catch (err) {
        out.push(err instanceof Error ? err : new Error(String(err)));
      }
    }
    return out;
  }, { exclusive: { lock: ingestLock(vehicles[0]) } });
  // Committed: the alarms' notifications may go now (server/notify).
  kickNotifications(conn);
  const storedAt = Date.now();
  results.forEach((r, i) => {
    const b = batches[i];
    if (!(r instanceof Error) && r.stored > 0) publishLive(b.corpId, b.vehicleId, b.points, storedAt, conn);
  });
  return results;
}

const ingestLock = (vehicleId: number) => `track-ingest-${vehicleId}`;

/** One batch inside the caller's transaction: the points, their alarms and the vehicle's last position go together. */
async function storeBatch(conn: Conn, { corpId, vehicleId, points }: IngestBatch): Promise<IngestResult> {
  const cols = pointsToColumns(points);
  const written = await writeTrack(conn, corpId, vehicleId, cols);
  // The alarm rules see the batch in the same transaction: stored points and their alarms go together.
  await raiseAlarms(conn, vehicleId, cols);
  if (written.added > 0) await keepLastPosition(conn, corpId, vehicleId, points, Date.now());
  return { received: points.length, stored: written.added, duplicates: points.length - written.added };
}
