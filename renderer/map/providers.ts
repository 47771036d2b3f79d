// The map sources as the console draws them. The server says which exist (server/map/sources.ts,
// GET /api/map/sources); here each becomes a maplibre style. Sources drawing in GCJ-02 (高德, 腾讯)
// get our WGS-84 data converted on the way in and the user's clicks converted back; the offline
// basemap is our own vector tiles and needs no network beyond our server.
import gcoord from 'gcoord';
import type { StyleSpecification } from 'maplibre-gl';
import { BASEMAP_LAYERS, offlineStyle } from './offline-style.ts';
import { vectorStyle, type VectorArchive } from './vector-style.ts';

/** A source's id ('offline', 'amap', 'tencent', 'tianditu', 'osm', 'intranet', 'pmtiles'). */
export type MapType = string;
export type Datum = 'wgs84' | 'gcj02';

export interface MapSourceInfo {
  id: MapType;
  label: string;
  datum: Datum;
  attribution: string;
  layers: readonly { tiles: readonly string[]; scheme?: 'tms'; minzoom?: number; maxzoom: number; bounds?: [number, number, number, number] }[];
  /** A vector archive (a local PMTiles file): the console styles it from its layer names. */
  vector?: Omit<VectorArchive, 'attribution'>;
}

export const OFFLINE_SOURCE: MapSourceInfo = { id: 'offline', label: '离线底图', datum: 'wgs84', attribution: '', layers: [] };

/** Our own server's tiles are given as paths; maplibre fetches from a worker, which needs whole URLs. */
const absolute = (tiles: readonly string[], origin: string) => tiles.map((t) => (t.startsWith('/') ? origin + t : t));

/** The base style of a source; the data layers are added on top by the widget. */
export function styleOf(source: MapSourceInfo, origin: string): StyleSpecification {
  const { vector } = source;
  if (vector) {
    // An archive of our own basemap (npm run basemap:pmtiles) keeps the offline style's look.
    const ours = BASEMAP_LAYERS.every((l) => vector.layers.includes(l));
    const tiles = absolute(vector.tiles, origin);
    return ours ? offlineStyle(origin, { tiles, maxzoom: vector.maxzoom, attribution: source.attribution }) : vectorStyle({ ...vector, tiles, attribution: source.attribution });
  }
  if (source.layers.length === 0) return offlineStyle(origin);
  const style: StyleSpecification = { version: 8, sources: {}, layers: [] };
  source.layers.forEach((l, i) => {
    const extent = { ...(l.minzoom !== undefined ? { minzoom: l.minzoom } : {}), ...(l.bounds ? { bounds: l.bounds } : {}), ...(l.scheme ? { scheme: l.scheme } : {}) };
    style.sources[`base${i}`] = { type: 'raster', tiles: absolute(l.tiles, origin), tileSize: 256, maxzoom: l.maxzoom, attribution: source.attribution, ...extent };
    style.layers.push({ id: `base${i}`, type: 'raster', source: `base${i}` });
  });
  return style;
}

/** A WGS-84 point as the source draws it. */
export function toDisplay(datum: Datum, lng: number, lat: number): [number, number] {
  if (datum !== 'gcj02') return [lng, lat];
  const [x, y] = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02) as [number, number];
  return [x, y];
}

/** A point the user placed on the source's map, back in WGS-84. */
export function fromDisplay(datum: Datum, lng: number, lat: number): [number, number] {
  if (datum !== 'gcj02') return [lng, lat];
  const [x, y] = gcoord.transform([lng, lat], gcoord.GCJ02, gcoord.WGS84) as [number, number];
  return [x, y];
}

/** A stored or chosen map type; unknown ids are kept and resolved against the offered sources (map-sources.ts). */
export function mapTypeOf(value: unknown): MapType {
  return typeof value === 'string' ? value.slice(0, 32) : '';
}
