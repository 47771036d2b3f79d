// The map calls: which sources the console may offer (from the settings, server/map/sources.ts), the
// offline basemap's vector tiles, and the places of our own fence data as a GeoJSON layer, scoped
// like every fence read (a partner user sees only the fences it may see).
import type { Conn } from '../db/connection.ts';
import { route, type RouteDef } from '../http/route.ts';
import { ApiError, Code } from '../http/envelope.ts';
import { fenceLabels } from '../fences/read.ts';
import { FENCE_READ } from './electronic.ts';
import { BASEMAP_MAX_ZOOM, BasemapTiles } from '../map/basemap-tiles.ts';
import { basemapVersion } from '../map/basemap-data.ts';
import type { MapSettings } from '../map/sources.ts';
import { PmtilesArchive, readPmtilesInfo } from '../map/pmtiles-archive.ts';

const notFound = () => new ApiError(Code.FAILURE, '地图瓦片不存在', null, 404);
// Tiles change only with the data packages or the archive file: a day's cache.
const TILE_CACHE = 'private, max-age=86400';

/** z/x/y from the path, or a 404 for anything that is not a tile of zoom 0..maxZoom. */
function tileAddress(c: { req: { param(name: string): string | undefined } }, maxZoom: number): [number, number, number] {
  const z = Number(c.req.param('z'));
  const x = Number(c.req.param('x'));
  const y = Number(String(c.req.param('y')).replace(/\.[a-z]+$/, ''));
  if (![z, x, y].every(Number.isInteger) || z < 0 || z > maxZoom || x < 0 || y < 0 || x >= 2 ** z || y >= 2 ** z) throw notFound();
  return [z, x, y];
}

/** The local PMTiles archive's tiles, when that source is on. */
function pmtilesRoute(file: string): RouteDef {
  const info = readPmtilesInfo(file);
  const archive = new PmtilesArchive(file);
  return route({
    method: 'GET', path: '/map/pmtiles/:z/:x/:y', access: { session: true }, input: { type: 'object', additionalProperties: false },
    handler: async ({ c }) => {
      const [z, x, y] = tileAddress(c, info.maxzoom);
      const body = await archive.tile(z, x, y);
      if (body) return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers: { 'content-type': info.contentType, 'cache-control': TILE_CACHE } });
      // An empty vector tile draws nothing; a missing image is a 404, which maplibre leaves blank.
      if (info.kind === 'vector') return new Response(null, { status: 204, headers: { 'cache-control': TILE_CACHE } });
      throw notFound();
    },
  });
}

export function mapRoutes(conn: Conn, settings: MapSettings, tiles = new BasemapTiles()): RouteDef[] {
  return [
    route({
      method: 'GET', path: '/map/sources', access: { session: true }, input: { type: 'object', additionalProperties: false },
      handler: () => ({ defaultId: settings.sources[0].id, basemapVersion: basemapVersion(), maxZoom: BASEMAP_MAX_ZOOM, sources: settings.sources }),
    }),
    route({
      method: 'GET', path: '/map/tiles/:z/:x/:y', access: { session: true }, input: { type: 'object', additionalProperties: false },
      handler: ({ c }) => {
        const [z, x, y] = tileAddress(c, BASEMAP_MAX_ZOOM);
        const body = tiles.tile(z, x, y);
        const headers = { 'content-type': 'application/x-protobuf', 'cache-control': TILE_CACHE };
        return body ? new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers }) : new Response(null, { status: 204, headers });
      },
    }),
    route({
      method: 'GET', path: '/map/places', access: { anyOf: FENCE_READ }, input: { type: 'object', additionalProperties: false },
      handler: async ({ user }): Promise<GeoJSON.FeatureCollection> => ({
        type: 'FeatureCollection',
        features: (await fenceLabels(conn, user, {})).map((f) => ({
          type: 'Feature', properties: { name: f.areaName }, geometry: { type: 'Point', coordinates: [f.lonCenter, f.latCenter] },
        })),
      }),
    }),
    ...(settings.pmtilesFile ? [pmtilesRoute(settings.pmtilesFile)] : []),
  ];
}
