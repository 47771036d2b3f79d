// Packs the offline basemap into one PMTiles archive (npm run basemap:pmtiles -- --out FILE --maxzoom N):
// every vector tile over China from zoom 0 to N, as the server would cut it. Another Huoyun server
// can then show it as its local map source (HUOYUN_MAP_SOURCES=pmtiles, HUOYUN_MAP_PMTILES_FILE),
// and any PMTiles-aware tool can read it. Prints what it wrote and what it cost.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { basemapDir } from '../server/map/basemap-data.ts';
import { BASEMAP_MAX_ZOOM, BasemapTiles, LAYER_OF, MIN_ZOOM_OF } from '../server/map/basemap-tiles.ts';
import { writePmtiles, type TileInput } from '../server/map/pmtiles-writer.ts';
import { OFFLINE_ATTRIBUTION } from '../server/map/sources.ts';

/** China with its islands, west/south/east/north. */
const CHINA: [number, number, number, number] = [73.4, 3.3, 135.1, 53.6];

const lonToX = (lon: number, z: number) => Math.floor(((lon + 180) / 360) * 2 ** z);
const latToY = (lat: number, z: number) => {
  const r = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
};

function* tilesOverChina(tiles: BasemapTiles, maxZoom: number): Generator<TileInput> {
  const [west, south, east, north] = CHINA;
  for (let z = 0; z <= maxZoom; z++) {
    for (let x = lonToX(west, z); x <= lonToX(east, z); x++) {
      for (let y = latToY(north, z); y <= latToY(south, z); y++) {
        const data = tiles.tile(z, x, y);
        if (data) yield { z, x, y, data };
      }
    }
  }
}

const { values } = parseArgs({ options: { out: { type: 'string' }, maxzoom: { type: 'string' } } });
const out = resolve(values.out ?? `${basemapDir()}/china.pmtiles`);
const maxZoom = Number(values.maxzoom ?? 8);
if (!Number.isInteger(maxZoom) || maxZoom < 0 || maxZoom > BASEMAP_MAX_ZOOM) {
  console.error(`--maxzoom 须为 0 到 ${BASEMAP_MAX_ZOOM} 的整数`);
  process.exit(2);
}
mkdirSync(dirname(out), { recursive: true });
const t0 = performance.now();
const tiles = [...tilesOverChina(new BasemapTiles(), maxZoom)];
const vectorLayers = Object.entries(LAYER_OF).map(([level, id]) => ({ id, fields: { name: 'String' }, minzoom: MIN_ZOOM_OF[Number(level) as 1 | 2 | 3], maxzoom: maxZoom }));
const bytes = writePmtiles(out, {
  tileType: 'mvt', tiles,
  metadata: { name: '货运数字化平台离线底图', attribution: OFFLINE_ATTRIBUTION, type: 'baselayer', vector_layers: vectorLayers },
  bounds: CHINA, center: [104.2, 35.9, 3],
});
console.log(`已写入 ${out}: ${tiles.length} 个瓦片, 0-${maxZoom} 级, ${(bytes / 1e6).toFixed(1)} MB, ${Math.round(performance.now() - t0)} ms`);
