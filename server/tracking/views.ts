// What the track endpoints answer: rows in the fields of spec section 3 (track point, stop, area
// visit, door, cold machine) and the chart series, built from the analytics over the store.
import { formatTime } from '../resources/time.ts';
import { durationStr } from '../domain/waybills/timeline.ts';
import { all, one, type Conn } from '../resources/statements.ts';
import { ACC_BIT, COLD_MACHINE_BIT, DOOR_BITS, channelMask, type TimeWindow, type TrackColumns } from './columns.ts';
import { markAlarms } from './analytics/alarm-marks.ts';
import { coldMachineIntervals, doorIntervals } from './analytics/doors.ts';
import { contains, type FenceGrid, type PreparedFence } from './analytics/fence.ts';
import { channelSeries, type Series } from './analytics/sensors.ts';
import { detectStops } from './analytics/stops.ts';
import { detectVisits, prepareFences } from './analytics/visits.ts';
import { fencesFor } from './fences-read.ts';
import { JsonBytes, text } from './json-bytes.ts';
import { writePageRows, type PageRowsInput } from './track-page.ts';
import { readTrack, readTrackWindows, withMotion } from './store/store.ts';
import type { TrackTarget, VehicleRow } from './target.ts';
import type { SessionUser } from '../http/context.ts';
import { OfflineGeocoder } from '../fences/geocode/offline.ts';
import { round1, round6 as coord } from '../fences/geometry.ts';
import { joinedText } from '../db/dialect.ts';

export interface TrackPageResult {
  data: Record<string, unknown>[];
  totalRecords: number;
  curPage: number;
  pageSize: number;
  startPlaceName: string;
  endPlaceName: string;
}

/** Alarm windows of a vehicle in a range; the alarm rules (another module) supply them. */
export type AlarmWindowSource = (conn: Conn, vehicleId: number, from: number, to: number) => Promise<TimeWindow[]>;
export const noAlarmWindows: AlarmWindowSource = async () => [];

/** The channels to show: those the vehicle is set up to collect (its masks), else whatever was collected. */
export function shownChannels(v: VehicleRow, cols: TrackColumns) {
  const pick = (enabled: number, mask: number, present: number) => (enabled ? (mask || present) & present : 0);
  return {
    temps: pick(v.gatherTemperature, v.temperaturectrl, channelMask(cols.temps)),
    humidities: pick(v.gatherHumidity, v.humidityChannel, channelMask(cols.humidities)),
    oils: pick(v.dipstick || v.oilControl, v.oilControl, channelMask(cols.oils)),
    doors: v.detectDoor ? v.openDoorStatus || DOOR_BITS : 0,
  };
}

export function statusStr(status: number, v: VehicleRow): string {
  const parts = [status & ACC_BIT ? 'ACC开' : 'ACC关'];
  if (v.coldMachine) parts.push(status & COLD_MACHINE_BIT ? '冷机开' : '冷机关');
  if (v.detectDoor) {
    const doors = status & (v.openDoorStatus || DOOR_BITS);
    for (let c = 0; c < 16; c++) if (doors & (1 << c)) parts.push(`门${c + 1}开`);
  }
  return parts.join(',');
}

export class TrackContext {
  constructor(readonly conn: Conn, readonly user: SessionUser, readonly target: TrackTarget, readonly alarmWindows: AlarmWindowSource = noAlarmWindows) {}

  // A context serves one request: what the page cache's version and the page itself both need is read once.
  private gridCache: Promise<FenceGrid> | null = null;
  private windowsCache: Promise<TimeWindow[]> | null = null;
  private routeEndsCache: Promise<{ start: string; end: string }> | null = null;

  /** The prepared fences in the user's scope (and the waybill's route). */
  grid(): Promise<FenceGrid> {
    return (this.gridCache ??= fenceGridFor(this.conn, this.user, this.target.waybill?.id ?? null));
  }

  /** The alarm windows of the target's range. */
  rangeAlarmWindows(): Promise<TimeWindow[]> {
    const { vehicle, from, to } = this.target;
    return (this.windowsCache ??= this.alarmWindows(this.conn, vehicle.id, from, to));
  }

  /** The grid cell of the last areaAt, as its inner box, and the fences touching it. */
  private readonly cellBox = new Float64Array(4).fill(NaN);
  private cellFences: readonly PreparedFence[] = [];

  /** The fence a point is in ('' outside every fence). */
  async areaAt(lon: number, lat: number): Promise<string> {
    return this.areaIn(await this.grid(), lon, lat);
  }

  /** areaAt as a synchronous lookup, the grid read first: for a pass over many points (a page's rows). */
  async areaLookup(): Promise<(lon: number, lat: number) => string> {
    const grid = await this.grid();
    return (lon, lat) => this.areaIn(grid, lon, lat);
  }

  /** Consecutive points mostly share a grid cell: its fences are looked up again only when a point leaves it. */
  private areaIn(grid: FenceGrid, lon: number, lat: number): string {
    const box = this.cellBox;
    if (!(lon > box[0] && lat > box[1] && lon < box[2] && lat < box[3])) {
      this.cellFences = grid.at(grid.cellOf(lon, lat));
      grid.innerBox(lon, lat, box);
    }
    for (const f of this.cellFences) if (contains(f, lon, lat)) return f.name;
    return '';
  }

  /** A place for a point: the fence it is in, else the offline geocoder's (nearest fence, else city), else its coordinates. */
  async placeAt(lon: number, lat: number): Promise<string> {
    return (await this.areaAt(lon, lat)) || (await new OfflineGeocoder(this.conn, this.target.vehicle.corpId).placeName(lon, lat)) || `${coord(lon)},${coord(lat)}`;
  }

  /** The whole range; without sensors when only positions and status bits are needed. */
  track(sensors = true): Promise<TrackColumns> {
    return readTrack(this.conn, this.target.vehicle.id, this.target.from, this.target.to, { sensors });
  }

  /** Page `curPage` of the track points as rows, with the total and the start and end places. */
  async trackPage(curPage: number, pageSize: number): Promise<TrackPageResult> {
    const w = new JsonBytes();
    writeTrackPage(w, await this.pageParts(curPage, pageSize));
    return JSON.parse(w.result().toString('utf8')) as TrackPageResult;
  }

  /** What page `curPage` is made from (everything read): its rows' columns and inputs, the total and the two place names. */
  async pageParts(curPage: number, pageSize: number): Promise<PageParts> {
    const { vehicle, from, to } = this.target;
    const offset = (curPage - 1) * pageSize;
    // One point before the page, for the first row's odometer interval.
    const before = offset > 0 ? 1 : 0;
    // The page's rows, the range's first point (curOdom counts from it) and its last (the end place), in one read.
    const { windows: [page, first, last], total } = await readTrackWindows(this.conn, vehicle.id, from, to,
      (n) => [{ offset: offset - before, limit: pageSize + before }, { offset: 0, limit: 1 }, { offset: n - 1, limit: 1 }]);
    const rows: PageRowsInput = {
      page, before, snOffset: offset, vehicleId: vehicle.id, vehicleNo: vehicle.vehicleNo, startOdo: first.length ? first.odometer[0] : 0,
      shown: shownChannels(vehicle, page), alarms: markAlarms(page.gpsTime, await this.rangeAlarmWindows(), page.length),
      areaAt: await this.areaLookup(), statusText: (status) => statusStr(status, vehicle),
    };
    const names = this.target.waybill ? await this.routeEnds() : null;
    const startPlaceName = names?.start ?? (first.length ? await this.placeAt(first.lon[0], first.lat[0]) : '');
    const endPlaceName = names?.end ?? (last.length ? await this.placeAt(last.lon[last.length - 1], last.lat[last.length - 1]) : '');
    return { rows, total, curPage, pageSize, startPlaceName, endPlaceName };
  }

  /** The names of the waybill's start and end fences (the page's place names when the track is a waybill's). */
  routeEnds(): Promise<{ start: string; end: string }> {
    return (this.routeEndsCache ??= this.readRouteEnds());
  }

  private async readRouteEnds(): Promise<{ start: string; end: string }> {
    const nodes = await all<{ name: string; type: string }>(this.conn, `SELECT a.area_name AS name, n.node_type AS type FROM waybill_nodes n JOIN areas a ON a.id = n.area_id
      WHERE n.waybill_id = ? AND n.node_type IN ('start', 'end') ORDER BY n.seq`, this.target.waybill!.id);
    return { start: nodes.find((n) => n.type === 'start')?.name ?? '', end: nodes.find((n) => n.type === 'end')?.name ?? '' };
  }

  async stops() {
    const cols = await this.track(false);
    const doors = shownChannels(this.target.vehicle, cols).doors;
    const startOdo = cols.length ? cols.odometer[0] : 0;
    const out = [];
    for (const s of detectStops(cols)) {
      let opened = 0;
      for (let i = s.beginIndex; i <= s.endIndex; i++) opened |= cols.status[i] & doors;
      out.push({
        blon: coord(s.lon), blat: coord(s.lat), beginTime: s.begin, endTime: s.end, beginTimeStr: formatTime(s.begin), endTimeStr: formatTime(s.end),
        duration: s.durationMs, durationStr: durationStr(s.durationMs), areaName: await this.areaAt(s.lon, s.lat), stopPlaceName: await this.placeAt(s.lon, s.lat),
        odometer: round1(cols.odometer[s.beginIndex]), curOdom: round1(cols.odometer[s.beginIndex] - startOdo), openDoorStatus: opened,
      });
    }
    return out;
  }

  async doors() {
    const cols = await this.track(false);
    const startOdo = cols.length ? cols.odometer[0] : 0;
    const out = [];
    for (const d of doorIntervals(cols, shownChannels(this.target.vehicle, cols).doors)) {
      const lon = cols.lon[d.beginIndex], lat = cols.lat[d.beginIndex];
      out.push({
        doorNumber: d.door, bTime: d.begin, eTime: d.end, bTimeStr: formatTime(d.begin), eTimeStr: formatTime(d.end),
        duration: durationStr(d.end - d.begin), durationMs: d.end - d.begin, blon: coord(lon), blat: coord(lat),
        areaName: await this.areaAt(lon, lat), bPlaceName: await this.placeAt(lon, lat),
        odometer: round1(cols.odometer[d.beginIndex]), curOdom: round1(cols.odometer[d.beginIndex] - startOdo),
      });
    }
    return out;
  }

  async coldMachine() {
    if (!this.target.vehicle.coldMachine) return [];
    // Only times, positions and status bits: the analytics' read, into reused columns; the intervals'
    // ends are copied out of them before it returns, and their places named afterwards.
    const intervals = await withMotion(this.conn, this.target.vehicle.id, this.target.from, this.target.to, (cols) => coldMachineIntervals(cols).map((x) => ({
      begin: x.begin, end: x.end, bLon: cols.lon[x.beginIndex], bLat: cols.lat[x.beginIndex], eLon: cols.lon[x.endIndex], eLat: cols.lat[x.endIndex],
    })));
    const out = [];
    for (const x of intervals) {
      out.push({
        bTime: x.begin, eTime: x.end, bTimeStr: formatTime(x.begin), eTimeStr: formatTime(x.end), duration: durationStr(x.end - x.begin), durationMs: x.end - x.begin,
        areaName: await this.areaAt(x.bLon, x.bLat), bPlaceName: await this.placeAt(x.bLon, x.bLat), ePlaceName: await this.placeAt(x.eLon, x.eLat),
      });
    }
    return out;
  }

  async areas() {
    const grid = await this.grid();
    const visits = await withMotion(this.conn, this.target.vehicle.id, this.target.from, this.target.to, (cols) => detectVisits(cols, grid));
    return visits.map((v) => ({
      areaId: v.fenceId, areaName: v.name, inGpsTime: formatTime(v.inTime), outGpsTime: formatTime(v.outTime), inTime: v.inTime, outTime: v.outTime,
      duration: durationStr(v.durationMs), durationMs: v.durationMs,
    }));
  }

  /** Chart series keyed th1..th16 (temperature, humidity) or oilCalc1..2, each [{x, y}] with x the gpsTime. */
  async series(kind: 'temps' | 'humidities' | 'oils') {
    const cols = await this.track();
    const mask = shownChannels(this.target.vehicle, cols)[kind];
    const prefix = kind === 'oils' ? 'oilCalc' : 'th';
    const out: Record<string, { x: number; y: number }[]> = {};
    for (const [channel, s] of channelSeries(cols, kind, mask)) out[`${prefix}${channel}`] = pairs(s);
    return out;
  }
}

export interface PageParts {
  rows: PageRowsInput;
  total: number;
  curPage: number;
  pageSize: number;
  startPlaceName: string;
  endPlaceName: string;
}

/**
 * A page (TrackContext.pageParts) as JSON bytes written into `w` (track-page.ts): an 8000-point page
 * is about 3 MB, and writing bytes spares the 8000 row objects, a stringify walk and the UTF-8
 * encoding of a 3 MB string (the getTrackList route sends these bytes as they are; other callers
 * parse them). Synchronous: a writer shared between requests is filled with no await in between.
 */
export function writeTrackPage(w: JsonBytes, { rows, total, curPage, pageSize, startPlaceName, endPlaceName }: PageParts): void {
  w.ascii('{"data":[');
  writePageRows(w, rows);
  w.bytes(text(`],"totalRecords":${total},"curPage":${curPage},"pageSize":${pageSize},`
    + `"startPlaceName":${JSON.stringify(startPlaceName)},"endPlaceName":${JSON.stringify(endPlaceName)}}`));
}

/**
 * Prepared fence grids, kept per database and scope while the corporation's fences are unchanged
 * (their count, newest edit and highest id): every track request names places, and preparing
 * hundreds of polygons each time would cost more than the page itself.
 */
const grids = new WeakMap<Conn, Map<string, { signature: string; grid: FenceGrid }>>();

async function fenceGridFor(conn: Conn, user: SessionUser, waybillId: number | null): Promise<FenceGrid> {
  const sig = (await one<Record<string, unknown>>(conn, `SELECT count(*) AS n, max(updated_at) AS u, max(id) AS m, sum(is_deleted) AS d,
    (SELECT ${joinedText(conn, 'area_id')} FROM waybill_nodes WHERE waybill_id = ?) AS route FROM areas WHERE corp_id = ?`, waybillId ?? -1, user.corpId))!;
  const signature = `${sig.n}:${sig.u}:${sig.m}:${sig.d}:${sig.route}`;
  const key = `${user.corpId}:${user.userType === 1 ? user.partnerId : '*'}:${waybillId ?? ''}`;
  let byKey = grids.get(conn);
  if (!byKey) grids.set(conn, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit && hit.signature === signature) return hit.grid;
  if (byKey.size > 200) byKey.clear();
  const grid = prepareFences(await fencesFor(conn, user, waybillId));
  byKey.set(key, { signature, grid });
  return grid;
}

const pairs = (s: Series) => s.x.map((x, i) => ({ x, y: s.y[i] }));
