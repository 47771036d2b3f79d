// The map calls: which sources the console may offer (from the settings, server/map/sources.ts), the
// offline basemap's vector tiles, and the places of our own fence data as a GeoJSON layer, scoped
// like every fence read (a partner user sees only the fences it may see).
import type { Db } from '../db/connection.ts';
import { route, type RouteDef } from '../http/route.ts';
import { ApiError, Code } from '../http/envelope.ts';
import { fenceLabels } from '../fences/read.ts';
import { FENCE_READ } from './electronic.ts';
import { BASEMAP_MAX_ZOOM, BasemapTiles } from '../map/basemap-tiles.ts';
import { basemapVersion } from '../map/basemap-data.ts';
import type { MapSettings } from '../map/sources.ts';

const notFound = () => new ApiError(Code.FAILURE, '地图瓦片不存在', null, 404);

export function mapRoutes(db: Db, settings: MapSettings, tiles = new BasemapTiles()): RouteDef[] {
  const sqlite = db.$client;
  return [
    route({
      method: 'GET', path: '/map/sources', access: { session: true }, input: { type: 'object', additionalProperties: false },
      handler: () => ({ defaultId: settings.sources[0].id, basemapVersion: basemapVersion(), maxZoom: BASEMAP_MAX_ZOOM, sources: settings.sources }),
    }),
    route({
      method: 'GET', path: '/map/tiles/:z/:x/:y', access: { session: true }, input: { type: 'object', additionalProperties: false },
      handler: ({ c }) => {
        const z = Number(c.req.param('z'));
        const x = Number(c.req.param('x'));
        const y = Number(String(c.req.param('y')).replace(/\.pbf$/, ''));
        if (![z, x, y].every(Number.isInteger) || z < 0 || z > BASEMAP_MAX_ZOOM || x < 0 || y < 0 || x >= 2 ** z || y >= 2 ** z) throw notFound();
        const body = tiles.tile(z, x, y);
        // The tiles change only with the data packages (their version is in the sources answer): a day's cache.
        const headers = { 'content-type': 'application/x-protobuf', 'cache-control': 'private, max-age=86400' };
        return body ? new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers }) : new Response(null, { status: 204, headers });
      },
    }),
    route({
      method: 'GET', path: '/map/places', access: { anyOf: FENCE_READ }, input: { type: 'object', additionalProperties: false },
      handler: ({ user }): GeoJSON.FeatureCollection => ({
        type: 'FeatureCollection',
        features: fenceLabels(sqlite, user, {}).map((f) => ({
          type: 'Feature', properties: { name: f.areaName }, geometry: { type: 'Point', coordinates: [f.lonCenter, f.latCenter] },
        })),
      }),
    }),
  ];
}
