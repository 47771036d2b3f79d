// The track store: one row of track_chunks per vehicle and UTC day, its points as a column blob.
// Reads decode the chunks of a time range straight into one TrackColumns; a page reads only the
// chunks that hold its rows (the row counts of the others are in their `count` column).
import { all, one, run, type Conn } from '../../resources/statements.ts';
import { emptyColumns, emptyMotion, lowerBound, type MotionColumns, type TrackColumns } from '../columns.ts';
import { decodeChunk, decodeChunkInto, decodeMotionInto, encodeChunk, readHeader, rowsBetween } from './codec.ts';
import { appendColumns, mergeColumns, sliceView } from './merge.ts';
import { extendDaySummary, writeDaySummary } from '../day-summary.ts';

export const CHUNK_MS = 86_400_000;
export const chunkStart = (t: number) => Math.floor(t / CHUNK_MS) * CHUNK_MS;

interface ChunkRow {
  startMs: number;
  firstMs: number;
  endMs: number;
  count: number;
  columns: Buffer;
}

/**
 * Stores time-ordered, duplicate-free columns for a vehicle, merging each day into what is stored:
 * out-of-order points land in their place, points at an already stored gpsTime are dropped.
 * Run it inside the caller's transaction so a batch is stored whole or not at all.
 */
export async function writeTrack(conn: Conn, corpId: number, vehicleId: number, cols: TrackColumns): Promise<{ added: number; duplicates: number }> {
  bumpGeneration(conn, vehicleId);
  let added = 0;
  for (let from = 0; from < cols.length; ) {
    const start = chunkStart(cols.gpsTime[from]);
    const to = lowerBound(cols.gpsTime, start + CHUNK_MS, cols.length);
    added += await writeDay(conn, corpId, vehicleId, start, sliceView(cols, from, to));
    from = to;
  }
  return { added, duplicates: cols.length - added };
}

/**
 * A day of a vehicle is stored as one or more segments (track_chunks rows), each covering the times
 * [start_ms, end_ms] with no two overlapping, so ordered by start_ms they are the day in time order.
 * Appending points after the day's last one (what a terminal reporting live does, every few seconds)
 * rewrites only the day's last segment while it holds fewer than TAIL_POINTS points, and otherwise
 * begins a new one: the cost of an append follows the points appended, not the day's length (a whole
 * day re-encoded and rewritten for each point made a day of 8,640 reports quadratic). Points earlier
 * than that are merged with the segments their time range meets, which become one; a day cut into
 * more than MAX_SEGMENTS segments is merged whole at such a write. A segment begins at its first
 * point's time; the one-row-per-day chunks stored before segments begin at the day's start, and stay
 * valid segments.
 */
export const TAIL_POINTS = 512;
export const MAX_SEGMENTS = 48;

async function writeDay(conn: Conn, corpId: number, vehicleId: number, day: number, part: TrackColumns): Promise<number> {
  const segments = await all<ChunkMeta>(conn, `SELECT start_ms AS startMs, first_ms AS firstMs, end_ms AS endMs, count FROM track_chunks
    WHERE vehicle_id = ? AND start_ms >= ? AND start_ms < ? ORDER BY start_ms`, vehicleId, day, day + CHUNK_MS);
  const first = part.gpsTime[0], last = part.gpsTime[part.length - 1];
  const tail = segments.at(-1);
  let added = part.length;
  let whole: TrackColumns | null = null;
  /** Appended after the day's last point: the tail segment's points, then the new ones (from row `newFrom`). */
  let appended: { around: TrackColumns; newFrom: number } | null = null;
  if (!tail || first > tail.endMs) {
    if (!tail) {
      await insertSegment(conn, corpId, vehicleId, first, part);
      whole = part;
    } else {
      const stored = decodeChunk(await blobOf(conn, vehicleId, tail.startMs));
      const around = appendColumns(stored, part);
      if (tail.count < TAIL_POINTS) {
        await run(conn, 'UPDATE track_chunks SET end_ms = ?, count = ?, columns = ? WHERE vehicle_id = ? AND start_ms = ?',
          last, around.length, encodeChunk(around), vehicleId, tail.startMs);
      } else {
        await insertSegment(conn, corpId, vehicleId, first, part);
      }
      if (segments.length === 1) whole = around;
      else appended = { around, newFrom: stored.length };
    }
  } else {
    let met = segments.filter((m) => m.endMs >= first && m.startMs <= last);
    if (segments.length - met.length + 1 > MAX_SEGMENTS) met = segments;
    if (met.length === 0) {
      await insertSegment(conn, corpId, vehicleId, first, part);
    } else {
      const stored = decodeSpans(await Promise.all(met.map(async (m) => {
        const blob = await blobOf(conn, vehicleId, m.startMs);
        return { blob, a: 0, b: readHeader(blob).count };
      })));
      const merge = mergeColumns(stored, part);
      added = merge.added;
      await run(conn, `DELETE FROM track_chunks WHERE vehicle_id = ? AND start_ms IN (${met.map(() => '?').join(', ')})`, vehicleId, ...met.map((m) => m.startMs));
      await insertSegment(conn, corpId, vehicleId, Math.min(first, met[0].startMs), merge.merged);
      if (met.length === segments.length) whole = merge.merged;
    }
  }
  // The day's summary row follows the day as now stored, so it never drifts from the track: summed up from
  // the whole day when the write has it in hand or put points before the day's last, else (an append to a
  // day of several segments, what a live terminal does all day) extended from its row and the tail segment
  // (extendDaySummary), which falls back to the whole day when that cannot be exact.
  if (whole) await writeDaySummary(conn, corpId, vehicleId, day, whole);
  else if (!appended || !(await extendDaySummary(conn, corpId, vehicleId, day, appended.around, appended.newFrom, segments.reduce((n, m) => n + m.count, 0)))) {
    await writeDaySummary(conn, corpId, vehicleId, day, await readTrack(conn, vehicleId, day, day + CHUNK_MS - 1));
  }
  return added;
}

function insertSegment(conn: Conn, corpId: number, vehicleId: number, startMs: number, cols: TrackColumns) {
  return run(conn, 'INSERT INTO track_chunks (vehicle_id, corp_id, start_ms, first_ms, end_ms, count, columns) VALUES (?, ?, ?, ?, ?, ?, ?)',
    vehicleId, corpId, startMs, cols.gpsTime[0], cols.gpsTime[cols.length - 1], cols.length, encodeChunk(cols));
}

/** Per database, a counter per vehicle that every write of its track moves on (see trackVersion). */
const generations = new WeakMap<Conn, Map<number, number>>();

function bumpGeneration(conn: Conn, vehicleId: number) {
  let byVehicle = generations.get(conn);
  if (!byVehicle) generations.set(conn, (byVehicle = new Map()));
  byVehicle.set(vehicleId, (byVehicle.get(vehicleId) ?? 0) + 1);
}

/**
 * A text that changes whenever the vehicle's stored points in [from, to] may have: this process's
 * write counter for the vehicle, and each chunk's day, point count and last time (a merge only ever
 * adds points, so another process's write shows in the counts). Keys caches of encoded pages.
 */
export async function trackVersion(conn: Conn, vehicleId: number, from: number, to: number): Promise<string> {
  const metas = to < from ? [] : await chunkMetas(conn, vehicleId, from, to);
  let v = `${generations.get(conn)?.get(vehicleId) ?? 0}`;
  for (const m of metas) v += `;${m.startMs}:${m.count}:${m.endMs}`;
  return v;
}

/** First row of sorted times at or after t. */
function firstAtOrAfter(times: Float64Array, length: number, t: number): number {
  let lo = 0, hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The rows of columns already read whose time is within [from, to], as views (nothing copied): one
 * read of a vehicle's longer range serves several trips of it (a rule's preview).
 */
export function timeSlice(cols: TrackColumns, from: number, to: number): TrackColumns {
  const a = firstAtOrAfter(cols.gpsTime, cols.length, from);
  return sliceView(cols, a, Math.max(a, firstAtOrAfter(cols.gpsTime, cols.length, to + 1)));
}

interface ChunkMeta {
  startMs: number;
  firstMs: number;
  endMs: number;
  count: number;
}

/** The chunks of the range without their blobs: a page fetches only the blobs it decodes. */
function chunkMetas(conn: Conn, vehicleId: number, from: number, to: number): Promise<ChunkMeta[]> {
  return all<ChunkMeta>(conn, `SELECT start_ms AS startMs, first_ms AS firstMs, end_ms AS endMs, count FROM track_chunks
    WHERE vehicle_id = ? AND start_ms >= ? AND start_ms <= ? AND end_ms >= ? AND first_ms <= ? ORDER BY start_ms`, vehicleId, chunkStart(from), to, from, to);
}

/**
 * What the vehicle's stored track over [from, to] is made of, without reading a point: its chunks'
 * spans and counts (`text`), and the newest point's time of those chunks (`lastMs`). Any point stored, replaced or removed in the range changes it, so a caller that
 * judged the range once may skip judging it again while this stays the same.
 */
export async function trackSignature(conn: Conn, vehicleId: number, from: number, to: number): Promise<{ lastMs: number; text: string }> {
  const metas = await chunkMetas(conn, vehicleId, from, to);
  return { lastMs: Math.max(-Infinity, ...metas.map((c) => c.endMs)), text: JSON.stringify(metas.map((c) => [c.startMs, c.firstMs, c.endMs, c.count])) };
}

/** A chunk's blob; a chunk gone since its meta was read means the track changed under the read. */
async function blobOf(conn: Conn, vehicleId: number, startMs: number): Promise<Buffer> {
  const row = await one<{ columns: Buffer }>(conn, 'SELECT columns FROM track_chunks WHERE vehicle_id = ? AND start_ms = ?', vehicleId, startMs);
  if (!row) throw changedWhileRead(vehicleId);
  return row.columns;
}

const changedWhileRead = (vehicleId: number) => new Error(`track chunks of vehicle ${vehicleId} changed while being read`);

function chunksOf(conn: Conn, vehicleId: number, from: number, to: number): Promise<ChunkRow[]> {
  return all<ChunkRow>(conn, `SELECT start_ms AS startMs, first_ms AS firstMs, end_ms AS endMs, count, columns FROM track_chunks
    WHERE vehicle_id = ? AND start_ms >= ? AND start_ms <= ? AND end_ms >= ? AND first_ms <= ? ORDER BY start_ms`, vehicleId, chunkStart(from), to, from, to);
}

/** Rows [a, b) of each chunk that fall in [from, to]: all of a chunk wholly inside, else by binary search on its times. */
function spansOf(rows: readonly ChunkRow[], from: number, to: number) {
  return rows.map((r) => {
    if (r.firstMs >= from && r.endMs <= to) return { blob: r.columns, a: 0, b: readHeader(r.columns).count };
    const [a, b] = rowsBetween(r.columns, from, to);
    return { blob: r.columns, a, b };
  });
}

/**
 * The vehicle's points with from <= gpsTime <= to, in time order. `sensors: false` skips the
 * temperature, humidity and oil channels (stops, visits, doors and alarms do not read them).
 * Only the rows inside the range are decoded: the edge chunks are cut by binary search first.
 */
export async function readTrack(conn: Conn, vehicleId: number, from: number, to: number, opts: { sensors?: boolean } = {}): Promise<TrackColumns> {
  if (to < from) return emptyColumns(0);
  return decodeSpans(spansOf(await chunksOf(conn, vehicleId, from, to), from, to), opts.sensors !== false);
}

/** Rows [a, b) of each blob, one after another, decoded straight into one set of columns (the channels of any of them). */
function decodeSpans(spans: readonly { blob: Uint8Array; a: number; b: number }[], sensors = true): TrackColumns {
  let t = 0, h = 0, o = 0, n = 0;
  for (const s of spans) {
    const head = readHeader(s.blob);
    t |= head.tempMask; h |= head.humidityMask; o |= head.oilMask; n += s.b - s.a;
  }
  const out = sensors ? emptyColumns(n, t, h, o) : emptyColumns(n);
  let at = 0;
  for (const s of spans) if (s.b > s.a) at += decodeChunkInto(s.blob, out, at, { sensors, from: s.a, to: s.b });
  return out;
}

/**
 * What the analytics read of the range (time, position, speed, status) and nothing else: a third
 * less to decode and allocate than readTrack without sensors, for the million-point passes. The
 * columns are the caller's own (fresh arrays); withMotion reads the same into reused ones.
 */
export function readMotion(conn: Conn, vehicleId: number, from: number, to: number): Promise<MotionColumns> {
  return readMotionInto(conn, vehicleId, from, to, emptyMotion);
}

/**
 * Runs `use` over the motion columns of the range (the same values readMotion gives) decoded into
 * scratch arrays that the next withMotion reuses, and returns what `use` returns. A million points
 * are 36 MB of columns: fresh ones cost more to map and zero (and then to collect) than the decoding
 * itself. So the columns are valid only while `use` runs: it must compute its answer from them
 * (the analytics return stops, visits and intervals of plain numbers and new arrays), never return
 * or keep them; `use` is synchronous (a returned promise or column array is refused). The scratch
 * is held from the first read to the end of `use`: a call made meanwhile (another request's, while
 * this one awaits its chunks), or a range over SCRATCH_MAX_POINTS, gets fresh arrays instead.
 */
export async function withMotion<R>(conn: Conn, vehicleId: number, from: number, to: number, use: (cols: MotionColumns) => R): Promise<R> {
  if (scratchBusy) return use(await readMotion(conn, vehicleId, from, to));
  scratchBusy = true;
  try {
    const cols = await readMotionInto(conn, vehicleId, from, to, borrowScratch);
    const result = use(cols);
    if (result === cols || isScratchView(result) || typeof (result as PromiseLike<unknown> | null)?.then === 'function') {
      throw new Error('withMotion: the columns are reused by the next read; return what was computed from them, synchronously');
    }
    return result;
  } finally {
    scratchBusy = false;
    // Held while analyses follow one another; an idle server gives the memory back.
    (scratchTimer ??= setTimeout(releaseMotionScratch, SCRATCH_IDLE_MS)).refresh().unref();
  }
}

/** Ranges up to this many points (144 MB of columns) are read into the scratch; larger ones get arrays of their own. */
export const SCRATCH_MAX_POINTS = 4_000_000;
const SCRATCH_IDLE_MS = 30_000;
let scratch: MotionColumns | null = null;
let scratchBusy = false;
let scratchTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Drops the scratch columns (after SCRATCH_IDLE_MS without a withMotion; the bench calls it to measure
 * a first read). Not while a withMotion holds them: it re-arms the timer when it ends.
 */
export function releaseMotionScratch(): void {
  if (!scratchBusy) scratch = null;
}

/** Views of the first n rows of the scratch, grown (in steps of 64 Ki rows) when n does not fit. */
function borrowScratch(n: number): MotionColumns {
  if (n > SCRATCH_MAX_POINTS) return emptyMotion(n);
  if (!scratch || scratch.length < n) scratch = emptyMotion(Math.ceil(n / 65_536) * 65_536);
  const s = scratch;
  return { length: n, gpsTime: s.gpsTime.subarray(0, n), lon: s.lon.subarray(0, n), lat: s.lat.subarray(0, n), speed: s.speed.subarray(0, n), status: s.status.subarray(0, n) };
}

function isScratchView(x: unknown): boolean {
  if (!scratch || !ArrayBuffer.isView(x)) return false;
  const s = scratch;
  return [s.gpsTime, s.lon, s.lat, s.speed, s.status].some((a) => a.buffer === x.buffer);
}

/**
 * The body of readMotion and withMotion: counts the range's rows, takes columns for them from
 * `alloc`, and fetches and decodes the day blobs one query at a time, so each is garbage at once
 * instead of a whole range of them (34 MB for a million points) living until the last is decoded.
 * A chunk that a write changed between the reads (its row count moved) fails the read.
 */
async function readMotionInto(conn: Conn, vehicleId: number, from: number, to: number, alloc: (n: number) => MotionColumns): Promise<MotionColumns> {
  if (to < from) return alloc(0);
  const metas = await chunkMetas(conn, vehicleId, from, to);
  const edges = new Map<number, { blob: Buffer; a: number; b: number }>();
  let n = 0;
  for (const m of metas) {
    if (m.firstMs >= from && m.endMs <= to) n += m.count;
    else {
      const blob = await blobOf(conn, vehicleId, m.startMs);
      const [a, b] = rowsBetween(blob, from, to);
      edges.set(m.startMs, { blob, a, b });
      n += b - a;
    }
  }
  const out = alloc(n);
  let at = 0;
  for (const m of metas) {
    const edge = edges.get(m.startMs);
    if (edge) at += edge.b > edge.a ? decodeMotionInto(edge.blob, out, at, edge.a, edge.b) : 0;
    else {
      const blob = await blobOf(conn, vehicleId, m.startMs);
      if (readHeader(blob).count !== m.count) throw changedWhileRead(vehicleId);
      at += decodeMotionInto(blob, out, at);
    }
  }
  if (at !== n) throw changedWhileRead(vehicleId);
  return out;
}

/**
 * Rows [offset, offset + limit) of the vehicle's points in [from, to] and the total count. Chunks
 * wholly inside the range are counted from their row; only the chunks at the range's edges and
 * under the page are fetched and decoded.
 */
export async function readTrackPage(conn: Conn, vehicleId: number, from: number, to: number, offset: number, limit: number): Promise<{ page: TrackColumns; total: number }> {
  const { windows, total } = await readTrackWindows(conn, vehicleId, from, to, () => [{ offset, limit }]);
  return { page: windows[0], total };
}

/**
 * Several windows of rows of one range, the chunk list and each blob read once for all of them (a
 * track page wants its rows, the range's first point and its last). `windowsOf` gets the range's
 * total, so a window may count from the end.
 */
export async function readTrackWindows(conn: Conn, vehicleId: number, from: number, to: number,
  windowsOf: (total: number) => { offset: number; limit: number }[]): Promise<{ windows: TrackColumns[]; total: number }> {
  const metas = to < from ? [] : await chunkMetas(conn, vehicleId, from, to);
  const blobs = new Map<number, Buffer>();
  const blob = async (m: ChunkMeta) => {
    let b = blobs.get(m.startMs);
    if (!b) {
      b = await blobOf(conn, vehicleId, m.startMs);
      // The spans count on the rows the chunk list gave: a write in between fails the read.
      if (readHeader(b).count !== m.count) throw changedWhileRead(vehicleId);
      blobs.set(m.startMs, b);
    }
    return b;
  };
  const spans: { m: ChunkMeta; a: number; b: number }[] = [];
  for (const m of metas) {
    if (m.firstMs >= from && m.endMs <= to) spans.push({ m, a: 0, b: m.count });
    else {
      const [a, b] = rowsBetween(await blob(m), from, to);
      spans.push({ m, a, b });
    }
  }
  const total = spans.reduce((s, x) => s + (x.b - x.a), 0);
  const windows: TrackColumns[] = [];
  for (const { offset, limit } of windowsOf(total)) {
    const parts: { blob: Buffer; a: number; b: number }[] = [];
    let skip = Math.max(0, offset);
    let need = Math.max(0, Math.min(limit, total - skip));
    for (const s of spans) {
      if (need === 0) break;
      const n = s.b - s.a;
      if (skip >= n) { skip -= n; continue; }
      const take = Math.min(n - skip, need);
      parts.push({ blob: await blob(s.m), a: s.a + skip, b: s.a + skip + take });
      need -= take;
      skip = 0;
    }
    windows.push(decodeSpans(parts));
  }
  return { windows, total };
}

/** First and last gpsTime stored for the vehicle (the default range of a vehicle query), or null. */
export async function trackExtent(conn: Conn, vehicleId: number): Promise<{ first: number; last: number } | null> {
  const r = await one<{ first: number | null; last: number | null }>(conn, 'SELECT min(first_ms) AS first, max(end_ms) AS last FROM track_chunks WHERE vehicle_id = ?', vehicleId);
  return r && r.first !== null && r.last !== null ? { first: r.first, last: r.last } : null;
}
