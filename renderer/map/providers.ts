// The four map providers chosen by map type (spec section 2: default the first). The Chinese
// providers draw in GCJ-02, so coordinates are converted for them only; the offline style needs no
// network at all (tests, and the fallback when tiles cannot load).
import gcoord from 'gcoord';
import type { StyleSpecification } from 'maplibre-gl';

export type MapType = 'amap' | 'tencent' | 'osm' | 'offline';
export const MAP_TYPES: readonly MapType[] = ['amap', 'tencent', 'osm', 'offline'];
export const MAP_TYPE_LABELS: Record<MapType, string> = { amap: '高德地图', tencent: '腾讯地图', osm: 'OpenStreetMap', offline: '离线底图' };

const raster = (tiles: string[], attribution: string): StyleSpecification => ({
  version: 8,
  sources: { base: { type: 'raster', tiles, tileSize: 256, attribution } },
  layers: [{ id: 'base', type: 'raster', source: 'base' }],
});

/** The base style of a provider; the GeoJSON layers are added on top by the widget. */
export function styleOf(type: MapType): StyleSpecification {
  switch (type) {
    case 'amap':
      return raster(['1', '2', '3', '4'].map((s) => `https://webrd0${s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}`), '© 高德地图');
    case 'tencent':
      // Tencent numbers tile rows from the south (TMS).
      return { ...raster(['https://rt0.map.gtimg.com/realtimerender?z={z}&x={x}&y={y}&type=vector&style=0'], '© 腾讯地图'), sources: { base: { type: 'raster', scheme: 'tms', tiles: ['https://rt0.map.gtimg.com/realtimerender?z={z}&x={x}&y={y}&type=vector&style=0'], tileSize: 256, attribution: '© 腾讯地图' } } };
    case 'osm':
      return raster(['https://tile.openstreetmap.org/{z}/{x}/{y}.png'], '© OpenStreetMap contributors');
    case 'offline':
      return { version: 8, sources: {}, layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#eef2f5' } }] };
  }
}

export const needsGcj02 = (type: MapType) => type === 'amap' || type === 'tencent';

/** A WGS-84 point as the provider draws it. */
export function toDisplay(type: MapType, lng: number, lat: number): [number, number] {
  if (!needsGcj02(type)) return [lng, lat];
  const [x, y] = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02) as [number, number];
  return [x, y];
}

/** A point the user placed on the provider's map, back in WGS-84. */
export function fromDisplay(type: MapType, lng: number, lat: number): [number, number] {
  if (!needsGcj02(type)) return [lng, lat];
  const [x, y] = gcoord.transform([lng, lat], gcoord.GCJ02, gcoord.WGS84) as [number, number];
  return [x, y];
}

export function mapTypeOf(value: unknown): MapType {
  return MAP_TYPES.includes(value as MapType) ? (value as MapType) : MAP_TYPES[0];
}
