// A local PMTiles file as a map source: the archive we write reads back tile for tile with the
// `pmtiles` package (root and leaf directories, shared blobs, runs), the setting offers it without
// opening the CSP, a wrong file stops the start naming the setting, and the server answers its
// tiles to a session only: vector tiles with our provinces by name, images as they are stored.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PbfReader } from 'pbf';
import { VectorTile } from '@mapbox/vector-tile';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BasemapTiles } from '../server/map/basemap-tiles.ts';
import { mapSettingsFrom, sourceOrigins } from '../server/map/sources.ts';
import { writePmtiles, type TileInput } from '../server/map/pmtiles-writer.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const dir = mkdtempSync(join(tmpdir(), 'huoyun-pmtiles-'));
/** A 1×1 PNG, opaque red. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

/** The `pmtiles` package reading a file we wrote, as any other reader would. */
class BufferSource implements Source {
  constructor(private readonly bytes: Buffer) {}
  getKey = () => 'test';
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const slice = this.bytes.subarray(offset, offset + length);
    return { data: slice.buffer.slice(slice.byteOffset, slice.byteOffset + slice.byteLength) as ArrayBuffer };
  }
}

function vectorArchive(file: string, tiles: TileInput[]) {
  writePmtiles(file, {
    tileType: 'mvt', tiles, bounds: [73, 3, 136, 54], center: [104, 36, 3],
    metadata: { attribution: '测试底图', vector_layers: ['province', 'city', 'county'].map((id) => ({ id })) },
  });
}

describe('the PMTiles archives we write', () => {
  it('read back tile for tile through root and leaf directories, identical tiles stored once', async () => {
    // 40,000 tiles at zoom 8 overflow the root's 16 KB, so leaves are written; every fifth is the same blob.
    const tiles: TileInput[] = [];
    for (let i = 0; i < 40_000; i++) tiles.push({ z: 8, x: i % 256, y: Math.floor(i / 256), data: i % 5 === 0 ? PNG : Buffer.from(`tile ${i}`) });
    const file = join(dir, 'many.pmtiles');
    writePmtiles(file, { tileType: 'png', tiles, metadata: {}, bounds: [-180, -85, 180, 85], center: [0, 0, 8] });
    const reader = new PMTiles(new BufferSource(readFileSync(file)));
    const header = await reader.getHeader();
    expect(header.leafDirectoryLength).toBeGreaterThan(0);
    expect(header.rootDirectoryOffset + header.rootDirectoryLength).toBeLessThanOrEqual(16_384);
    expect(header.numAddressedTiles).toBe(40_000);
    expect(header.numTileContents).toBe(32_001);
    for (const i of [0, 1, 4, 5, 255, 256, 12_345, 39_999]) {
      const t = await reader.getZxy(8, i % 256, Math.floor(i / 256));
      expect(Buffer.from(t!.data).equals(i % 5 === 0 ? PNG : Buffer.from(`tile ${i}`)), `tile ${i}`).toBe(true);
    }
    expect(await reader.getZxy(8, 0, 200)).toBeUndefined();
  });

  it('an archive of our basemap holds exactly the tiles the server cuts', async () => {
    const cut = new BasemapTiles();
    const at: [number, number, number][] = [[0, 0, 0], [4, 13, 6], [5, 26, 12], [6, 52, 25]];
    const file = join(dir, 'ours.pmtiles');
    vectorArchive(file, at.map(([z, x, y]) => ({ z, x, y, data: cut.tile(z, x, y)! })));
    const reader = new PMTiles(new BufferSource(readFileSync(file)));
    expect((await reader.getHeader()).tileType).toBe(1);
    expect(await reader.getMetadata()).toMatchObject({ attribution: '测试底图' });
    for (const [z, x, y] of at) expect(Buffer.from((await reader.getZxy(z, x, y))!.data).equals(Buffer.from(cut.tile(z, x, y)!))).toBe(true);
  }, 180_000);
});

describe('the pmtiles map source setting', () => {
  it('offers the archive by the configured name, on our own origin, so the CSP opens nothing', () => {
    const file = join(dir, 'setting.pmtiles');
    vectorArchive(file, [{ z: 0, x: 0, y: 0, data: new BasemapTiles().tile(0, 0, 0)! }]);
    const settings = mapSettingsFrom({ HUOYUN_MAP_SOURCES: 'pmtiles', HUOYUN_MAP_PMTILES_FILE: file, HUOYUN_MAP_PMTILES_NAME: '公司内网底图' });
    expect(settings.sources.map((s) => [s.id, s.label])).toEqual([['pmtiles', '公司内网底图'], ['offline', '离线底图']]);
    expect(settings.sources[0]).toMatchObject({ datum: 'wgs84', attribution: '测试底图', layers: [], vector: { tiles: ['/api/map/pmtiles/{z}/{x}/{y}'], minzoom: 0, maxzoom: 0, layers: ['province', 'city', 'county'] } });
    expect(sourceOrigins(settings)).toEqual([]);
  });

  it('a raster archive is offered as image tiles within its bounds', () => {
    const file = join(dir, 'raster.pmtiles');
    writePmtiles(file, { tileType: 'png', tiles: [{ z: 3, x: 6, y: 3, data: PNG }, { z: 4, x: 13, y: 6, data: PNG }], metadata: {}, bounds: [100, 20, 120, 40], center: [110, 30, 4] });
    const [source] = mapSettingsFrom({ HUOYUN_MAP_SOURCES: 'pmtiles', HUOYUN_MAP_PMTILES_FILE: file }).sources;
    expect(source).toMatchObject({ label: '本地地图', layers: [{ tiles: ['/api/map/pmtiles/{z}/{x}/{y}'], minzoom: 3, maxzoom: 4, bounds: [100, 20, 120, 40] }] });
    expect(source.vector).toBeUndefined();
  });

  it('refuses a missing, foreign or unstyleable file at start, naming the setting', () => {
    expect(() => mapSettingsFrom({ HUOYUN_MAP_SOURCES: 'pmtiles' })).toThrow(/HUOYUN_MAP_PMTILES_FILE 未设置/);
    expect(() => mapSettingsFrom({ HUOYUN_MAP_SOURCES: 'pmtiles', HUOYUN_MAP_PMTILES_FILE: join(dir, 'nope.pmtiles') })).toThrow(/HUOYUN_MAP_PMTILES_FILE: 找不到/);
    const text = join(dir, 'text.pmtiles');
    writeFileSync(text, 'not an archive '.repeat(20));
    expect(() => mapSettingsFrom({ HUOYUN_MAP_SOURCES: 'pmtiles', HUOYUN_MAP_PMTILES_FILE: text })).toThrow(/不是 PMTiles 第 3 版归档/);
    const bare = join(dir, 'bare.pmtiles');
    writePmtiles(bare, { tileType: 'mvt', tiles: [{ z: 0, x: 0, y: 0, data: Buffer.from([0]) }], metadata: {}, bounds: [0, 0, 1, 1], center: [0, 0, 0] });
    expect(() => mapSettingsFrom({ HUOYUN_MAP_SOURCES: 'pmtiles', HUOYUN_MAP_PMTILES_FILE: bare })).toThrow(/没有 vector_layers/);
    const good = join(dir, 'setting.pmtiles');
    expect(() => mapSettingsFrom({ HUOYUN_MAP_SOURCES: 'pmtiles', HUOYUN_MAP_PMTILES_FILE: good, HUOYUN_MAP_PMTILES_DATUM: 'bd09' })).toThrow(/HUOYUN_MAP_PMTILES_DATUM 只能是/);
  });
});

describe('the server answers the archive\'s tiles', () => {
  let vector: TestApp;
  let raster: TestApp;
  let token: string;
  let rasterToken: string;
  beforeAll(async () => {
    const cut = new BasemapTiles();
    const vectorFile = join(dir, 'served.pmtiles');
    vectorArchive(vectorFile, [[0, 0, 0], [4, 13, 6]].map(([z, x, y]) => ({ z, x, y, data: cut.tile(z, x, y)! })));
    vector = await createTestApp({ mapSettings: mapSettingsFrom({ HUOYUN_MAP_SOURCES: 'offline,pmtiles', HUOYUN_MAP_PMTILES_FILE: vectorFile }) });
    token = await vector.login('dispatcher');
    const rasterFile = join(dir, 'served-raster.pmtiles');
    writePmtiles(rasterFile, { tileType: 'png', tiles: [{ z: 2, x: 3, y: 1, data: PNG }], metadata: {}, bounds: [90, 0, 180, 66], center: [120, 30, 2] });
    raster = await createTestApp({ mapSettings: mapSettingsFrom({ HUOYUN_MAP_SOURCES: 'pmtiles', HUOYUN_MAP_PMTILES_FILE: rasterFile }) });
    rasterToken = await raster.login('dispatcher');
  }, 180_000);
  afterAll(async () => {
    await vector.db.close();
    await raster.db.close();
  });

  const get = (t: TestApp, path: string, auth: string) => t.app.request(`/api/map/pmtiles/${path}`, { headers: auth ? { token: auth } : {} });

  it('vector tiles carry our provinces by name; a tile outside the archive is empty, past its zoom absent', async () => {
    const res = await get(vector, '4/13/6', token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-protobuf');
    const layer = new VectorTile(new PbfReader(new Uint8Array(await res.arrayBuffer()))).layers.province;
    const names = Array.from({ length: layer.length }, (_, i) => String(layer.feature(i).properties.name));
    expect(names).toEqual(expect.arrayContaining(['河南', '湖北']));
    expect((await get(vector, '4/0/0', token)).status).toBe(204);
    expect((await get(vector, '5/26/12', token)).status).toBe(404);
    expect((await get(vector, 'a/b/c', token)).status).toBe(404);
    expect((await get(vector, '4/13/6', '')).status).toBe(401);
  });

  it('the sources answer offers it second and does not tell where the file lies', async () => {
    const r = await (await vector.as('dispatcher')).get('/map/sources');
    expect(r.result.sources.map((s: { id: string }) => s.id)).toEqual(['offline', 'pmtiles']);
    expect(JSON.stringify(r.result)).not.toContain(dir);
  });

  it('image tiles come back as stored, and a missing image is a 404', async () => {
    const res = await get(raster, '2/3/1.png', rasterToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await get(raster, '2/0/0', rasterToken)).status).toBe(404);
  });

  it('without the setting there is no such call', async () => {
    const plain = await createTestApp();
    const res = await plain.app.request('/api/map/pmtiles/0/0/0', { headers: { token: await plain.login('dispatcher') } });
    expect(res.status).toBe(404);
    await plain.db.close();
  });
});
