// Everything the playback page reads for one waybill, through the env's API client: the track in
// pages of 5000 (spec section 9: the shell track query) until totalRecords, the vehicle's sensors,
// the tables of the bottom tabs (with the flash photos and active-safety events on monitor pages)
// and the waybill's fences. Points are kept as typed columns so a
// 100,000-point replay moves an index, not objects.
import type { ApiClient } from '../../env/api-client.ts';
import { circleRing, parseAreaLonLat, type LngLat } from '../../map/geometry.ts';
import { RADIUS_DEFAULT } from '../../map/constants.ts';

export const SHELL_PAGE_SIZE = 5000;
export const NO_TRACK = '没有轨迹信息';
export const NO_TRACK_YET = '暂时没有轨迹信息';
export const noTrackDataOf = (vehicleNo: string) => `${vehicleNo}没有轨迹数据`;

export type Row = Record<string, unknown>;

export interface TrackColumns {
  lng: Float64Array;
  lat: Float64Array;
  time: Float64Array;
  speed: Float32Array;
  direction: Float32Array;
  alarm: Uint8Array;
  /** The server's rows, for the track-point table. */
  rows: Row[];
}

export interface VehicleSensors {
  detectDoor: number;
  coldMachine: number;
  gatherTemperature: number;
  gatherHumidity: number;
  oilControl: number;
  camera: number;
}

export interface WaybillFence {
  id: string;
  name: string;
  nodeType: string;
  typeId: number;
  centre: LngLat;
  radius: number;
  ring: LngLat[];
  areaId: number;
  isDelete?: number;
}

export interface TrackBundle {
  waybillId: string;
  vehicleNo: string;
  dataTerminalId: string;
  track: TrackColumns;
  totalRecords: number;
  startPlaceName: string;
  endPlaceName: string;
  sensors: VehicleSensors | null;
  fences: WaybillFence[];
}

interface ShellTrack {
  trackInfos: Row[];
  totalRecords: number;
  startPlaceName?: string;
  endPlaceName?: string;
  transportInfos?: { waybillId: number; dataterminalId: string; vehicleNo: string }[];
}

export function columnsOf(rows: Row[]): TrackColumns {
  const n = rows.length;
  const c: TrackColumns = { lng: new Float64Array(n), lat: new Float64Array(n), time: new Float64Array(n), speed: new Float32Array(n), direction: new Float32Array(n), alarm: new Uint8Array(n), rows };
  rows.forEach((r, i) => {
    c.lng[i] = Number(r.lon);
    c.lat[i] = Number(r.lat);
    c.time[i] = Number(r.gpsTimeMillisecond);
    c.speed[i] = Number(r.speed) || 0;
    c.direction[i] = Number(r.direction) || 0;
    c.alarm[i] = r.alarm ? 1 : 0;
  });
  return c;
}

/** The track of a waybill, page by page until the collected points reach totalRecords. */
export async function loadTrack(api: ApiClient, waybillId: string, onPage?: (loaded: number, total: number) => void) {
  const rows: Row[] = [];
  let first: ShellTrack | null = null;
  for (let curPage = 1; ; curPage++) {
    // Silent: the page shows one message for a waybill it cannot read (track-playback.tsx).
    const page = await api.post<ShellTrack>('/orderDetails/findTrackByEquipId', { waybillId: Number(waybillId), pageParamVO: { curPage, pageSize: SHELL_PAGE_SIZE } }, { silent: true });
    first ??= page;
    rows.push(...page.trackInfos);
    onPage?.(rows.length, page.totalRecords);
    if (page.trackInfos.length === 0 || rows.length >= page.totalRecords) break;
  }
  return { rows, head: first! };
}

function fenceOf(node: Row, detail: Row | null): WaybillFence {
  const typeId = Number(detail?.typeId ?? node.typeId);
  const centre: LngLat = [Number(detail?.lonCenter ?? node.lon), Number(detail?.latCenter ?? node.lat)];
  const radius = Number(detail?.radius ?? node.radius) || RADIUS_DEFAULT;
  const ring = typeId === 3 ? circleRing(centre, radius) : parseAreaLonLat(detail?.areaLonLat as string);
  return {
    id: String(node.id), areaId: Number(node.areaId ?? node.customAreaId), name: String(node.customAreaName ?? node.areaName ?? ''), nodeType: String(node.nodeType),
    typeId, centre, radius, ring: ring.length >= 3 ? ring : circleRing(centre, radius), isDelete: Number(detail?.isDelete ?? 0),
  };
}

export async function loadFences(api: ApiClient, waybillId: string): Promise<WaybillFence[]> {
  const nodes = await api.get<Row[]>('/waybill/getNodeListByIdVO', { id: waybillId }, { silent: true });
  return Promise.all(
    nodes.map(async (n) => {
      const detail = await api.get<Row>('/electronic/getCustomAreaByAreaId', { areaId: String(n.areaId ?? n.customAreaId) }, { silent: true }).catch(() => null);
      return fenceOf(n, detail);
    }),
  );
}

/** Rejects with the track's ApiError (not found / no access) without a toast: the caller shows it once. */
export async function loadBundle(api: ApiClient, waybillId: string, onPage?: (loaded: number, total: number) => void): Promise<TrackBundle> {
  const fencesP = loadFences(api, waybillId);
  // The fences load beside the track; when the track fails they fail the same way and are not awaited.
  fencesP.catch(() => undefined);
  const { rows, head } = await loadTrack(api, waybillId, onPage);
  const transport = head.transportInfos?.find((t) => String(t.waybillId) === waybillId) ?? head.transportInfos?.[0];
  const dataTerminalId = transport?.dataterminalId ?? '';
  const sensors = dataTerminalId ? await api.post<VehicleSensors>('/orderDetails/findCarMesByEquipId', { dataTerminalId }, { silent: true }).catch(() => null) : null;
  return {
    waybillId, vehicleNo: String(rows[0]?.vehicleNo ?? transport?.vehicleNo ?? ''), dataTerminalId, track: columnsOf(rows), totalRecords: head.totalRecords,
    startPlaceName: head.startPlaceName ?? '', endPlaceName: head.endPlaceName ?? '', sensors, fences: await fencesP,
  };
}

export interface TabData {
  stops: Row[];
  areas: Row[];
  doors: Row[];
  cold: Row[];
  alarms: Row[];
  /** Monitor pages only (spec section 2): flash photos and active-safety events. */
  flash: Row[];
  safety: Row[];
  temperature: Record<string, { x: string; y: number }[]>;
  humidity: Record<string, { x: string; y: number }[]>;
  oil: Record<string, { x: string; y: number }[]>;
  /** The allowed temperature range (℃) the alarms judge the waybill by; null without temperature. */
  temperatureRange: TemperatureRange | null;
}

export interface TemperatureRange {
  tempMin: number;
  tempMax: number;
  /** The waybill's own range (else the corporation's alarm settings). */
  own: boolean;
}

/** The media calls answer pages (10 by default, spec section 9); the tabs read them 1000 at a time until totalRecords. */
export const MEDIA_PAGE_SIZE = 1000;

async function loadAllPages(api: ApiClient, path: string, target: Row): Promise<Row[]> {
  const rows: Row[] = [];
  for (let curPage = 1; ; curPage++) {
    const page = await api.post<{ data: Row[]; totalRecords: number }>(path, { ...target, pageParamVO: { curPage, pageSize: MEDIA_PAGE_SIZE } }, { silent: true });
    rows.push(...page.data);
    if (page.data.length === 0 || rows.length >= page.totalRecords) return rows;
  }
}

/** The bottom tabs' tables and series; a sensor the vehicle lacks is not asked for, nor media outside monitor pages. */
export async function loadTabs(api: ApiClient, b: TrackBundle, opts: { monitor?: boolean } = {}): Promise<TabData> {
  const target = { waybillId: Number(b.waybillId) };
  const s = b.sensors;
  const post = <T>(path: string, when = true, empty: T) => (when ? api.post<T>(path, target, { silent: true }).catch(() => empty) : Promise.resolve(empty));
  const media = (path: string) => (opts.monitor ? loadAllPages(api, path, target).catch(() => []) : Promise.resolve([]));
  const [stops, areas, doors, cold, temperature, humidity, oil, alarms, flash, safety, temperatureRange] = await Promise.all([
    post<Row[]>('/waybill/getStopCarList', true, []),
    post<Row[]>('/waybill/getAreaList', true, []),
    post<Row[]>('/waybill/getOpenDoorList', !!s?.detectDoor, []),
    post<Row[]>('/waybill/getRefrigeratorList', !!s?.coldMachine, []),
    post<TabData['temperature']>('/waybill/getTemperatureList', !!s?.gatherTemperature, {}),
    post<TabData['humidity']>('/waybill/getHumidityList', !!s?.gatherHumidity, {}),
    post<TabData['oil']>('/waybill/getOilList', !!s?.oilControl, {}),
    api.post<{ data: Row[] }>('/alarmResult/findByPage', { curPage: 1, pageSize: 1000, waybillId: Number(b.waybillId) }, { silent: true }).then((r) => r.data, () => []),
    media('/orderDetails/findImageById'),
    media('/orderDetails/getAlarmList'),
    post<TemperatureRange | null>('/waybill/getTemperatureRange', !!s?.gatherTemperature, null),
  ]);
  return { stops, areas, doors, cold, alarms, flash, safety, temperature, humidity, oil, temperatureRange };
}

/** Alarm sub-counts by type name, for the alarm tab's title. */
export function alarmCounts(alarms: readonly Row[]): [string, number][] {
  const m = new Map<string, number>();
  for (const a of alarms) {
    const k = String(a.lastAlarmTypeName ?? '其他');
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return [...m.entries()];
}
