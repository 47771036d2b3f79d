// The offline basemap as Mapbox vector tiles (geojson-vt cuts, vt-pbf encodes). One index per
// level, each used from the zoom where its outlines and names belong, so a country-wide tile never
// carries 2,885 counties. The indexes are built on the first tile request, not at start: a server
// that nobody asks for a map pays nothing. Encoded tiles are kept in a small LRU.
import GeoJSONVT from 'geojson-vt';
import vtpbf from 'vt-pbf';
import { loadBasemap, type Level, type Region } from './basemap-data.ts';

/** Vector tile layer names; the console's offline style (renderer/map/offline-style.ts) reads them. */
export const LAYER_OF: Record<Level, string> = { 1: 'province', 2: 'city', 3: 'county' };
/** The first zoom whose tiles carry a level: outlines and names appear in the console from here (or later). */
export const MIN_ZOOM_OF: Record<Level, number> = { 1: 0, 2: 5, 3: 7 };
/** Past this the console stretches the last tiles: the data is no finer than about 100 m. */
export const BASEMAP_MAX_ZOOM = 10;
const CACHE_TILES = 2000;
const SCALE = 1e5;

type Feature = GeoJSON.Feature<GeoJSON.MultiPolygon | GeoJSON.Point, { name: string }>;

function featuresOf(regions: readonly Region[]): GeoJSON.FeatureCollection {
  const features: Feature[] = [];
  for (const r of regions) {
    const coordinates = r.polygons.map((poly) => poly.map((ring) => ring.map(([x, y]) => [x / SCALE, y / SCALE])));
    features.push({ type: 'Feature', properties: { name: r.name }, geometry: { type: 'MultiPolygon', coordinates } });
    features.push({ type: 'Feature', properties: { name: r.name }, geometry: { type: 'Point', coordinates: r.label } });
  }
  return { type: 'FeatureCollection', features };
}

export class BasemapTiles {
  private indexes: Map<Level, GeoJSONVT> | null = null;
  private readonly cache = new Map<string, Uint8Array | null>();

  private build(): Map<Level, GeoJSONVT> {
    const { regions } = loadBasemap(false);
    const out = new Map<Level, GeoJSONVT>();
    for (const level of [1, 2, 3] as Level[]) {
      out.set(level, new GeoJSONVT(featuresOf(regions.filter((r) => r.level === level)) as never, {
        maxZoom: BASEMAP_MAX_ZOOM, indexMaxZoom: level === 1 ? 4 : 0, tolerance: 3, buffer: 64,
      }));
    }
    return out;
  }

  /** The encoded tile, or null when no region touches it. */
  tile(z: number, x: number, y: number): Uint8Array | null {
    const key = `${z}/${x}/${y}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    this.indexes ??= this.build();
    const layers: Record<string, unknown> = {};
    for (const [level, index] of this.indexes) {
      if (z < MIN_ZOOM_OF[level]) continue;
      const t = index.getTile(z, x, y);
      if (t && t.features.length) layers[LAYER_OF[level]] = t;
    }
    const out = Object.keys(layers).length ? (vtpbf.fromGeojsonVt(layers as never, { version: 2 }) as Uint8Array) : null;
    this.cache.set(key, out);
    if (this.cache.size > CACHE_TILES) this.cache.delete(this.cache.keys().next().value!);
    return out;
  }
}
