// Encoded getTrackList answers, kept while nothing they were made from has changed. A track page is
// read again and again (the playback page loads every page of a range; several monitors watch one
// waybill) and finished days never change, so the bytes of a page can be served as they are. The
// version of an entry names everything the answer is made from: the vehicle's stored points in the
// range (trackVersion: any write moves it on), the vehicle's settings and plate, the fences in scope
// (the prepared grid, itself keyed by the fences' signature), the alarm windows and the route's ends.
// A different version is a miss and replaces the entry. Bounded by bytes, least recently used first out.
import type { Conn } from '../resources/statements.ts';
import type { FenceGrid } from './analytics/fence.ts';
import { trackVersion } from './store/store.ts';
import type { TrackContext } from './views.ts';

const MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  version: string;
  bytes: Buffer;
}

export class TrackPageCache {
  private readonly entries = new Map<string, Entry>();
  private size = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  get(key: string, version: string): Buffer | undefined {
    const e = this.entries.get(key);
    if (!e || e.version !== version) return undefined;
    this.entries.delete(key); // re-inserted: the most recently used come last
    this.entries.set(key, e);
    return e.bytes;
  }

  set(key: string, version: string, bytes: Buffer): void {
    this.delete(key);
    if (bytes.length > this.maxBytes) return;
    this.entries.set(key, { version, bytes });
    this.size += bytes.length;
    for (const [k] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.delete(k);
    }
  }

  clear(): void {
    this.entries.clear();
    this.size = 0;
  }

  private delete(key: string) {
    const e = this.entries.get(key);
    if (e) (this.entries.delete(key), (this.size -= e.bytes.length));
  }
}

const caches = new WeakMap<Conn, TrackPageCache>();

/** The page cache of a database (tests open many databases whose vehicle ids repeat). */
export function pageCacheOf(conn: Conn): TrackPageCache {
  let c = caches.get(conn);
  if (!c) caches.set(conn, (c = new TrackPageCache()));
  return c;
}

const gridIds = new WeakMap<FenceGrid, number>();
let nextGridId = 1;
/** A prepared grid stands for the fences it was prepared from (views.ts prepares a new one when they change). */
function gridId(grid: FenceGrid): number {
  let id = gridIds.get(grid);
  if (id === undefined) gridIds.set(grid, (id = nextGridId++));
  return id;
}

/**
 * The answer bytes of page `curPage` from the cache, or made by `make` and kept. `make` answers the
 * whole answer (envelope and all) from the context, in bytes of its own that the cache keeps. The
 * version is read before the page is made: a write in between leaves an entry newer than its
 * version, which the next request misses and replaces.
 */
export async function cachedTrackPage(ctx: TrackContext, curPage: number, pageSize: number, make: () => Promise<Buffer>): Promise<Buffer> {
  const { vehicle, waybill, from, to } = ctx.target;
  const cache = pageCacheOf(ctx.conn);
  const key = `${ctx.user.corpId}:${ctx.user.userType === 1 ? ctx.user.partnerId : '*'}:${vehicle.id}:${waybill?.id ?? ''}:${from}:${to}:${curPage}:${pageSize}`;
  const windows = await ctx.rangeAlarmWindows();
  const version = [
    await trackVersion(ctx.conn, vehicle.id, from, to), JSON.stringify(vehicle), gridId(await ctx.grid()), waybill ? JSON.stringify(await ctx.routeEnds()) : '',
    windows.map((w) => `${w.begin}-${w.end}`).join(','),
  ].join('|');
  const hit = cache.get(key, version);
  if (hit) return hit;
  const bytes = await make();
  cache.set(key, version, bytes);
  return bytes;
}
