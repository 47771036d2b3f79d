import { describe, expect, it } from 'vitest';
import { fitPadding } from './map-controls.ts';
import { resolveSource } from './map-sources.ts';
import { OFFLINE_SOURCE, styleOf, toDisplay, type MapSourceInfo } from './providers.ts';

const amap: MapSourceInfo = { id: 'amap', label: '高德地图', datum: 'gcj02', attribution: '© 高德地图', layers: [{ tiles: ['https://webrd01.is.autonavi.com/{z}/{x}/{y}'], maxzoom: 18 }] };
const tencent: MapSourceInfo = { id: 'tencent', label: '腾讯地图', datum: 'gcj02', attribution: '© 腾讯地图', layers: [{ tiles: ['https://rt0.map.gtimg.com/{z}/{x}/{y}'], scheme: 'tms', maxzoom: 18 }] };

describe('map sources in the console', () => {
  it('a stored source the server no longer offers falls back to the server default', () => {
    const offered = { sources: [amap, OFFLINE_SOURCE], defaultId: 'amap' };
    expect(resolveSource('offline', offered).id).toBe('offline');
    expect(resolveSource('osm', offered).id).toBe('amap');
    expect(resolveSource('', offered).id).toBe('amap');
  });

  it('the offline style reads our own tiles and asks no glyph server, so names draw without network', () => {
    const style = styleOf(OFFLINE_SOURCE, 'http://127.0.0.1:8080');
    expect(style.glyphs).toBeUndefined();
    expect(style.sources.basemap).toMatchObject({ type: 'vector', tiles: ['http://127.0.0.1:8080/api/map/tiles/{z}/{x}/{y}.pbf'] });
    const labels = style.layers.filter((l) => l.type === 'symbol').map((l) => [l.id, l.minzoom]);
    expect(labels).toEqual([['county-label', 8], ['city-label', 6], ['province-label', 2], ['place-label', 9]]);
  });

  it('a raster source becomes its tile layers, Tencent numbered from the south', () => {
    expect(styleOf(tencent, '').sources.base0).toMatchObject({ type: 'raster', scheme: 'tms', tiles: tencent.layers[0].tiles });
    expect(styleOf(amap, '').sources.base0).not.toHaveProperty('scheme');
  });

  it('a local archive of our basemap keeps the offline look; another archive is styled by its layer names', () => {
    const extent = { tiles: ['/api/map/pmtiles/{z}/{x}/{y}'], minzoom: 0, maxzoom: 8, bounds: [73, 3, 135, 54] as [number, number, number, number] };
    const ours: MapSourceInfo = { id: 'pmtiles', label: '本地地图', datum: 'wgs84', attribution: 'x', layers: [], vector: { ...extent, layers: ['province', 'city', 'county'] } };
    const oursStyle = styleOf(ours, 'http://127.0.0.1:8080');
    expect(oursStyle.sources.basemap).toMatchObject({ type: 'vector', tiles: ['http://127.0.0.1:8080/api/map/pmtiles/{z}/{x}/{y}'], maxzoom: 8 });
    expect(oursStyle.layers.map((l) => l.id)).toContain('province-label');

    const other: MapSourceInfo = { ...ours, vector: { ...extent, layers: ['water', 'roads', 'places', 'parcels'] } };
    const style = styleOf(other, 'http://127.0.0.1:8080');
    expect(style.sources.archive).toMatchObject({ type: 'vector', tiles: ['http://127.0.0.1:8080/api/map/pmtiles/{z}/{x}/{y}'], bounds: extent.bounds });
    const ids = style.layers.map((l) => l.id);
    expect(ids).toEqual(['background', 'water-fill', 'water-line', 'roads-line', 'parcels-fill', 'parcels-line', 'water-label', 'roads-label', 'places-label', 'parcels-label']);
    expect(style.glyphs).toBeUndefined();
  });

  it('a raster archive on our server is fetched from our origin and only within its bounds', () => {
    const raster: MapSourceInfo = { id: 'pmtiles', label: '本地地图', datum: 'wgs84', attribution: 'x', layers: [{ tiles: ['/api/map/pmtiles/{z}/{x}/{y}'], minzoom: 2, maxzoom: 9, bounds: [100, 20, 120, 40] }] };
    expect(styleOf(raster, 'http://h:1').sources.base0).toMatchObject({ tiles: ['http://h:1/api/map/pmtiles/{z}/{x}/{y}'], minzoom: 2, maxzoom: 9, bounds: [100, 20, 120, 40] });
  });

  it('GCJ-02 sources get converted points, WGS-84 ones the points as they are', () => {
    expect(toDisplay('wgs84', 116.397, 39.909)).toEqual([116.397, 39.909]);
    const [x, y] = toDisplay('gcj02', 116.397, 39.909);
    expect(x - 116.397).toBeGreaterThan(0.004);
    expect(y - 39.909).toBeGreaterThan(0.0005);
  });

  it('fitting leaves room for markers and controls, but never more than a fifth of a small map', () => {
    expect(fitPadding(1400, 400, 10)).toEqual({ top: 48, bottom: 48, left: 48, right: 56 });
    expect(fitPadding(200, 100, 10)).toEqual({ top: 20, bottom: 20, left: 40, right: 40 });
  });
});
