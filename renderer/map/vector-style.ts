// A style for a vector archive we did not make (a local PMTiles file, README "Settings"): the archive
// names its layers and nothing more, so each layer is drawn by what its name says it holds. Water is
// blue, green land green, roads and railways lines, boundaries dashed, buildings from zoom 13, and
// every point with a name is labelled (Chinese name first). A layer whose name says nothing is drawn
// as pale land with thin outlines, so no data is hidden. Labels use the browser's own fonts, as in
// the offline style: no glyph server is needed.
import type { ExpressionSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';

export const VECTOR_SOURCE = 'archive';

export interface VectorArchive {
  tiles: string[];
  minzoom: number;
  maxzoom: number;
  bounds: [number, number, number, number];
  layers: readonly string[];
  attribution: string;
}

type Kind = 'water' | 'green' | 'road' | 'boundary' | 'building' | 'label' | 'land';

const KINDS: [Kind, RegExp][] = [
  ['water', /water|ocean|sea|lake|river|水/i],
  ['green', /park|green|wood|forest|grass|landcover|绿/i],
  ['road', /road|street|transport|highway|rail|路/i],
  ['boundary', /boundar|admin|border|界/i],
  ['building', /building|建筑/i],
  ['label', /place|label|poi|name|地名/i],
];

export const kindOf = (layer: string): Kind => KINDS.find(([, re]) => re.test(layer))?.[0] ?? 'land';

const FONT = ['Microsoft YaHei', 'PingFang SC', 'Noto Sans CJK SC', 'sans-serif'];
const NAME: ExpressionSpecification = ['coalesce', ['get', 'name:zh'], ['get', 'name_zh'], ['get', 'name']];
// maplibre names a feature with several parts Multi…: both forms are meant.
const geometry = (type: string): ExpressionSpecification => ['in', ['geometry-type'], ['literal', [type, `Multi${type}`]]];
const POLYGON = geometry('Polygon');
const LINE = geometry('LineString');
const POINT = geometry('Point');

function layersFor(layer: string): { below: LayerSpecification[]; labels: LayerSpecification[] } {
  const on = { source: VECTOR_SOURCE, 'source-layer': layer };
  const kind = kindOf(layer);
  const labels: LayerSpecification[] = [{
    id: `${layer}-label`, type: 'symbol', ...on, filter: ['all', POINT, ['has', 'name']],
    layout: { 'text-field': NAME, 'text-font': FONT, 'text-size': kind === 'label' ? 13 : 11, 'text-padding': 4 },
    paint: { 'text-color': '#3b3530', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
  }];
  switch (kind) {
    case 'water':
      return { below: [
        { id: `${layer}-fill`, type: 'fill', ...on, filter: POLYGON, paint: { 'fill-color': '#b9d3e8' } },
        { id: `${layer}-line`, type: 'line', ...on, filter: LINE, paint: { 'line-color': '#9cc0de', 'line-width': 1 } },
      ], labels };
    case 'green':
      return { below: [{ id: `${layer}-fill`, type: 'fill', ...on, filter: POLYGON, paint: { 'fill-color': '#dde8d0' } }], labels };
    case 'road':
      return { below: [{ id: `${layer}-line`, type: 'line', ...on, filter: LINE, paint: { 'line-color': '#c9bfae', 'line-width': ['interpolate', ['linear'], ['zoom'], 5, 0.5, 16, 4] } }], labels };
    case 'boundary':
      return { below: [{ id: `${layer}-line`, type: 'line', ...on, paint: { 'line-color': '#a8998a', 'line-width': 1, 'line-dasharray': [3, 2] } }], labels };
    case 'building':
      return { below: [{ id: `${layer}-fill`, type: 'fill', ...on, minzoom: 13, filter: POLYGON, paint: { 'fill-color': '#e3ddd3' } }], labels };
    case 'label':
      return { below: [], labels };
    case 'land':
      return { below: [
        { id: `${layer}-fill`, type: 'fill', ...on, filter: POLYGON, paint: { 'fill-color': '#f8f6f0', 'fill-outline-color': '#c9c0b0' } },
        { id: `${layer}-line`, type: 'line', ...on, filter: LINE, paint: { 'line-color': '#c9c0b0', 'line-width': 0.8 } },
      ], labels };
  }
}

/** Fills and lines in the archive's own order, then every label on top. Tile URLs must be whole. */
export function vectorStyle(archive: VectorArchive): StyleSpecification {
  const parts = archive.layers.map(layersFor);
  return {
    version: 8,
    sources: {
      [VECTOR_SOURCE]: {
        type: 'vector', tiles: archive.tiles,
        minzoom: archive.minzoom, maxzoom: archive.maxzoom, bounds: archive.bounds, attribution: archive.attribution,
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#e4e9ee' } },
      ...parts.flatMap((p) => p.below),
      ...parts.flatMap((p) => p.labels),
    ],
  };
}
