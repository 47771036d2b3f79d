// The map's server side: the sources come from the settings and the CSP lets exactly their hosts
// through; the offline basemap answers vector tiles with China's provinces, cities and counties by
// name; the places layer holds the user's own fences only.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PbfReader } from 'pbf';
import { VectorTile } from '@mapbox/vector-tile';
import { holdRegistry } from '../server/registry/holder.ts';
import { createApp } from '../server/app.ts';
import { mapSettingsFrom } from '../server/map/sources.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { openTestDatabase } from './support/test-db.ts';

async function cspOf(env: Record<string, string>) {
  const db = await openTestDatabase();
  const { app } = await createApp({ db, registry: holdRegistry(), filesDir: mkdtempSync(join(tmpdir(), 'huoyun-map-')), mapSettings: mapSettingsFrom(env) });
  const r = await app.request('/api/map/sources');
  await db.close();
  const csp = r.headers.get('content-security-policy') ?? '';
  const directive = (name: string) => (csp.split(';').map((d) => d.trim().split(/\s+/)).find((d) => d[0] === name) ?? []).slice(1);
  return { connect: directive('connect-src'), img: directive('img-src') };
}

describe('map sources and the Content-Security-Policy', () => {
  it('with nothing configured only the offline basemap is offered and the CSP opens no outside host', async () => {
    expect(mapSettingsFrom({}).sources.map((s) => s.id)).toEqual(['offline']);
    const csp = await cspOf({});
    expect(csp.connect).toEqual(["'self'"]);
    expect(csp.img).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('lists exactly the tile hosts of the enabled sources, in connect-src and img-src', async () => {
    const csp = await cspOf({ HUOYUN_MAP_SOURCES: 'amap,osm', HUOYUN_MAP_TIANDITU_KEY: 'abcdef0123456789' });
    const amap = ['1', '2', '3', '4'].map((s) => `https://webrd0${s}.is.autonavi.com`);
    expect(csp.connect).toEqual(["'self'", ...amap, 'https://tile.openstreetmap.org']);
    expect(csp.img).toEqual(["'self'", 'data:', 'blob:', ...amap, 'https://tile.openstreetmap.org']);
    // A key alone does not enable 天地图, and Tencent is not listed.
    expect(csp.connect.join(' ')).not.toMatch(/tianditu|gtimg/);
  });

  it('an intranet tile server and 天地图 add their own hosts only', async () => {
    const csp = await cspOf({ HUOYUN_MAP_SOURCES: 'intranet,tianditu', HUOYUN_MAP_INTRANET_URL: 'http://10.1.2.3:8090/tiles/{z}/{x}/{y}.png', HUOYUN_MAP_TIANDITU_KEY: 'abcdef0123456789' });
    expect(csp.connect).toEqual(["'self'", 'http://10.1.2.3:8090', ...['0', '1', '2', '3', '4', '5', '6', '7'].map((s) => `https://t${s}.tianditu.gov.cn`)]);
  });

  it('orders the sources as configured, the first the default, the offline basemap always offered', () => {
    const s = mapSettingsFrom({ HUOYUN_MAP_SOURCES: 'osm, tencent' });
    expect(s.sources.map((x) => [x.id, x.label, x.datum])).toEqual([['osm', 'OpenStreetMap', 'wgs84'], ['tencent', '腾讯地图', 'gcj02'], ['offline', '离线底图', 'wgs84']]);
  });

  it('refuses a wrong setting at start, naming it', () => {
    expect(() => mapSettingsFrom({ HUOYUN_MAP_SOURCES: 'google' })).toThrow(/HUOYUN_MAP_SOURCES.*google/);
    expect(() => mapSettingsFrom({ HUOYUN_MAP_SOURCES: 'tianditu' })).toThrow(/HUOYUN_MAP_TIANDITU_KEY/);
    expect(() => mapSettingsFrom({ HUOYUN_MAP_SOURCES: 'intranet', HUOYUN_MAP_INTRANET_URL: 'http://10.0.0.1/tiles.png' })).toThrow(/HUOYUN_MAP_INTRANET_URL/);
    expect(() => mapSettingsFrom({ HUOYUN_MAP_SOURCES: 'intranet', HUOYUN_MAP_INTRANET_URL: 'javascript:{z}{x}{y}' })).toThrow(/HUOYUN_MAP_INTRANET_URL/);
  });
});

describe('the offline basemap and the places layer', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('dispatcher');
  });
  afterAll(() => t.db.close());

  const tile = async (z: number, x: number, y: number, auth = token) => {
    const res = await t.app.request(`/api/map/tiles/${z}/${x}/${y}.pbf`, { headers: auth ? { token: auth } : {} });
    const layers: Record<string, { names: string[]; kinds: number[] }> = {};
    if (res.status === 200) {
      const vt = new VectorTile(new PbfReader(new Uint8Array(await res.arrayBuffer())));
      for (const [name, layer] of Object.entries(vt.layers)) {
        layers[name] = { names: [], kinds: [] };
        for (let i = 0; i < layer.length; i++) {
          const f = layer.feature(i);
          layers[name].names.push(String(f.properties.name));
          layers[name].kinds.push(f.type);
        }
      }
    }
    return { status: res.status, type: res.headers.get('content-type'), layers };
  };

  it('the sources answer names the default and the offline basemap', async () => {
    const r = await (await t.as('dispatcher')).get('/map/sources');
    expect(r.result.defaultId).toBe('offline');
    expect(r.result.sources.map((s: { label: string }) => s.label)).toEqual(['离线底图']);
  });

  it('serves provinces at low zoom, cities from zoom 5 and counties from zoom 7, each with its name', async () => {
    // Zoom 4 tile over central China (河南, 湖北 ... 浙江): provinces only.
    const low = await tile(4, 13, 6);
    expect(low.status).toBe(200);
    expect(low.type).toBe('application/x-protobuf');
    expect(Object.keys(low.layers)).toEqual(['province']);
    expect(low.layers.province.names, low.layers.province.names.join()).toEqual(expect.arrayContaining(['河南', '湖北', '浙江']));
    // Polygons (3) for the outlines and points (1) where the names are written.
    expect(new Set(low.layers.province.kinds)).toEqual(new Set([1, 3]));
    // Zoom 8 around Zhengzhou: the city of 郑州市 and its county 中牟县.
    const high = await tile(8, 208, 101);
    expect(high.layers.city.names).toContain('郑州市');
    expect(high.layers.county.names).toContain('中牟县');
  }, 180_000);

  it('answers 204 for open sea, 404 past the last zoom, and nothing without a session', async () => {
    expect((await tile(6, 60, 20)).status).toBe(204);
    expect((await tile(11, 1700, 800)).status).toBe(404);
    expect((await tile(2, 9, 9)).status).toBe(404);
    expect((await tile(2, 3, 1, '')).status).toBe(401);
  }, 180_000);

  it('the places layer holds the fences the user may see, by name, and a customer sees only its own', async () => {
    const names = (sql: string, ...params: unknown[]) => t.db.all<{ name: string }>(sql, params);
    const own = await names('SELECT area_name AS name FROM areas WHERE corp_id = 1 AND is_deleted = 0');
    const staff = await (await t.as('dispatcher')).get('/map/places');
    expect(staff.result.type).toBe('FeatureCollection');
    expect(staff.result.features.map((f: { properties: { name: string } }) => f.properties.name).sort()).toEqual(own.map((r) => r.name).sort());
    const customer = await (await t.as('customer')).get('/map/places');
    const partner = (await t.db.one<{ id: number }>("SELECT partner_id AS id FROM users WHERE user_name = 'customer'"))!.id;
    const visible = await names('SELECT area_name AS name FROM areas WHERE corp_id = 1 AND is_deleted = 0 AND (customer_id IS NULL OR customer_id = ?)', partner);
    expect(customer.result.features.map((f: { properties: { name: string } }) => f.properties.name).sort()).toEqual(visible.map((r) => r.name).sort());
    const foreign = (await t.db.one<{ n: number }>('SELECT count(*) AS n FROM areas WHERE corp_id = 1 AND is_deleted = 0 AND customer_id IS NOT NULL AND customer_id <> ?', [partner]))!;
    expect(foreign.n, 'the demo has fences of other customers').toBeGreaterThan(0);
    // Another corporation sees none of corporation 1's fences.
    const other = await (await t.as('admin2')).get('/map/places');
    const corp2 = await names('SELECT area_name AS name FROM areas WHERE corp_id = 2 AND is_deleted = 0');
    expect(other.result.features.map((f: { properties: { name: string } }) => f.properties.name).sort()).toEqual(corp2.map((r) => r.name).sort());
  });
});
