// The offline basemap with no network beyond our own server: every request to another host is
// aborted, yet the track playback map and the alarm's map dialog show China's provinces, cities and
// counties by name, the places of our own fences, the track on top and inside the view, and the zoom
// and recenter buttons; the console reports no Content-Security-Policy error and the page asks no
// outside host for anything. The maplibre map is read through the container's `maplibreMap`
// property (renderer/map/map-view.tsx).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, login } from './support.ts';

interface Waybill { id: number; status: number }
type Rendered = { layers: Record<string, string[]>; zoom: number };

const CHINESE_NAME = /^[\u4e00-\u9fa5]{2,}$/;

/** Every request to a host other than our server is aborted and remembered. */
async function offline(page: Page) {
  const outside: string[] = [];
  const cspErrors: string[] = [];
  await page.context().route((url) => url.hostname !== '127.0.0.1', (route) => {
    outside.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  page.on('console', (m) => {
    if (/Content.Security.Policy|Refused to (connect|load)/i.test(m.text())) cspErrors.push(m.text());
  });
  return { outside, cspErrors };
}

/** Waits until the map has drawn every tile, then names the rendered features per layer. */
async function rendered(map: Locator): Promise<Rendered> {
  await expect.poll(() => map.evaluate((el) => {
    const m = (el as unknown as { maplibreMap?: import('maplibre-gl').Map }).maplibreMap;
    return !!m && m.loaded() && !m.isMoving();
  }), { timeout: 90_000 }).toBe(true);
  // Labels are placed in the frames after the last tile arrived.
  await map.page().waitForTimeout(1000);
  return map.evaluate((el) => {
    const m = (el as unknown as { maplibreMap: import('maplibre-gl').Map }).maplibreMap;
    const layers: Record<string, string[]> = {};
    for (const f of m.queryRenderedFeatures()) (layers[f.layer.id] ??= []).push(String(f.properties?.name ?? ''));
    return { layers, zoom: m.getZoom() };
  });
}

const jump = (map: Locator, center: [number, number], zoom: number) =>
  map.evaluate((el, [c, z]) => (el as unknown as { maplibreMap: import('maplibre-gl').Map }).maplibreMap.jumpTo({ center: c as [number, number], zoom: z as number }), [center, zoom] as const);

/** A demo waybill in transit or completed with a track of a few hundred points. */
async function waybillWithTrack(page: Page) {
  const list = await api<{ data: Waybill[] }>(page.request, '/waybill/pageQueryByCondition', { curPage: 1, pageSize: 100 });
  for (const w of list.data.filter((x) => x.status === 400 || x.status === 500)) {
    const track = await api<{ totalRecords: number }>(page.request, '/waybill/getTrackList', { waybillId: w.id, pageParamVO: { curPage: 1, pageSize: 1 } });
    if (track.totalRecords >= 20) return w.id;
  }
  throw new Error('no demo waybill with a track');
}

test.use({ viewport: { width: 1600, height: 900 } });

test('the track playback map shows China by name, our places, the whole track and its controls, offline', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const net = await offline(page);
  await login(page, 'admin');
  const id = await waybillWithTrack(page);
  await page.goto(`/trackPlayback?id=${id}`);
  const map = page.getByRole('region', { name: '轨迹地图' });
  await expect(map).toHaveAttribute('data-map-ready', 'offline', { timeout: 60_000 });
  // The switcher offers what the server enables: the journeys' server (playwright.config.ts) adds a
  // local PMTiles archive to the offline basemap.
  await expect(page.getByRole('combobox', { name: '地图类型' }).locator('option')).toHaveText(['离线底图', '本地地图']);

  const fitted = await rendered(map);
  expect(fitted.layers['province-fill']?.length, 'provinces are drawn').toBeGreaterThan(0);
  expect(fitted.layers['province-line']?.length).toBeGreaterThan(0);
  const labels = [...(fitted.layers['province-label'] ?? []), ...(fitted.layers['city-label'] ?? [])];
  expect(labels.length, 'province or city names are written').toBeGreaterThan(0);
  for (const name of labels) expect(name).toMatch(CHINESE_NAME);
  expect(fitted.layers['track-solid']?.length, 'the track is drawn').toBeGreaterThan(0);
  await page.screenshot({ path: testInfo.outputPath('track-playback-offline.png') });

  // Every point of the track lies inside the map, clear of its edges: nothing is clipped.
  const outsidePoints = await map.evaluate(async (el) => {
    const m = (el as unknown as { maplibreMap: import('maplibre-gl').Map }).maplibreMap;
    const data = (await (m.getSource('lines') as import('maplibre-gl').GeoJSONSource).getData()) as GeoJSON.FeatureCollection<GeoJSON.LineString>;
    const { clientWidth: w, clientHeight: h } = m.getContainer();
    return data.features.flatMap((f) => f.geometry.coordinates).map((c) => m.project(c as [number, number])).filter((p) => p.x < 8 || p.y < 8 || p.x > w - 8 || p.y > h - 8).length;
  });
  expect(outsidePoints).toBe(0);

  // Zoom and recenter: 放大 zooms in, 回到数据范围 returns to the fitted view.
  await map.getByRole('button', { name: '放大' }).click();
  await expect.poll(async () => (await rendered(map)).zoom, { timeout: 60_000 }).toBeGreaterThan(fitted.zoom + 0.5);
  await map.getByRole('button', { name: '缩小' }).click();
  await jump(map, [90, 45], 4);
  await map.getByRole('button', { name: '回到数据范围' }).click();
  await expect.poll(async () => Math.abs((await rendered(map)).zoom - fitted.zoom), { timeout: 60_000 }).toBeLessThan(0.01);

  // Around 郑州 at zoom 9: the city and its counties are named.
  await jump(map, [113.65, 34.75], 9);
  const city = await rendered(map);
  expect(city.layers['city-line']?.length).toBeGreaterThan(0);
  expect(city.layers['county-line']?.length).toBeGreaterThan(0);
  // Names may give way to each other (our places first), but a zoom-9 view of 郑州 names several counties.
  expect(city.layers['county-label']?.length).toBeGreaterThan(2);
  for (const name of [...(city.layers['city-label'] ?? []), ...city.layers['county-label']]) expect(name).toMatch(CHINESE_NAME);
  await page.screenshot({ path: testInfo.outputPath('track-playback-zoom9.png') });

  // Our own fences are places on the basemap: one of the corporation's fences, named at zoom 12.
  const places = (await (await page.request.get('/api/map/places')).json()) as { result: GeoJSON.FeatureCollection<GeoJSON.Point, { name: string }> };
  const place = places.result.features[0];
  await jump(map, place.geometry.coordinates as [number, number], 12);
  expect((await rendered(map)).layers['place-label']).toContain(place.properties.name);

  expect(net.cspErrors).toEqual([]);
  expect(net.outside, 'no request leaves our server').toEqual([]);
});

test('the alarm\'s map dialog draws the same basemap, offline', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const net = await offline(page);
  await login(page, 'admin');
  await page.getByRole('button', { name: '业务报警' }).click();
  const list = page.getByRole('dialog', { name: '报警信息' });
  await list.getByRole('listitem').first().getByRole('button', { name: '处理' }).click();
  await page.getByRole('dialog', { name: '报警处理' }).getByRole('button', { name: '查看位置' }).click();
  const map = page.getByRole('region', { name: '点位地图' });
  await expect(map).toHaveAttribute('data-map-ready', 'offline', { timeout: 60_000 });
  // Close to the alarm's place the county it lies in fills the view, with its outline nearby.
  const close = await rendered(map);
  expect(close.layers['province-fill']?.length).toBeGreaterThan(0);
  await expect(map.getByRole('button', { name: '放大' })).toBeVisible();
  await expect(map.getByRole('button', { name: '回到数据范围' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('map-dialog-offline.png') });
  // Zoomed out the cities and counties around it are named.
  await map.evaluate((el) => (el as unknown as { maplibreMap: import('maplibre-gl').Map }).maplibreMap.setZoom(8.5));
  const wide = await rendered(map);
  const labels = [...(wide.layers['city-label'] ?? []), ...(wide.layers['county-label'] ?? [])];
  expect(labels.length).toBeGreaterThan(0);
  for (const name of labels) expect(name).toMatch(CHINESE_NAME);
  await page.screenshot({ path: testInfo.outputPath('map-dialog-zoom8.png') });
  expect(net.cspErrors).toEqual([]);
  expect(net.outside).toEqual([]);
});

test('a local PMTiles archive is a map source of its own, read tile by tile from our server, offline', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const net = await offline(page);
  const archiveTiles: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/map/pmtiles/')) archiveTiles.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  await login(page, 'admin');
  const id = await waybillWithTrack(page);
  await page.goto(`/trackPlayback?id=${id}`);
  const map = page.getByRole('region', { name: '轨迹地图' });
  await expect(map).toHaveAttribute('data-map-ready', 'offline', { timeout: 60_000 });
  expect(archiveTiles, 'the archive is not read while another source is shown').toEqual([]);

  await page.getByRole('combobox', { name: '地图类型' }).selectOption({ label: '本地地图' });
  await expect(map).toHaveAttribute('data-map-ready', 'pmtiles', { timeout: 60_000 });
  const fitted = await rendered(map);
  expect(fitted.layers['province-fill']?.length, 'provinces are drawn from the archive').toBeGreaterThan(0);
  const labels = [...(fitted.layers['province-label'] ?? []), ...(fitted.layers['city-label'] ?? [])];
  expect(labels.length).toBeGreaterThan(0);
  for (const name of labels) expect(name).toMatch(CHINESE_NAME);
  expect(fitted.layers['track-solid']?.length, 'the track is drawn on top').toBeGreaterThan(0);
  // The tiles came from the archive's own call, every one answered.
  expect(archiveTiles.length).toBeGreaterThan(0);
  for (const t of archiveTiles) expect(t).toMatch(/^(200|204) \/api\/map\/pmtiles\/\d+\/\d+\/\d+$/);

  // Around 郑州 at zoom 9 (past the archive's zoom 8, drawn from its last tiles): counties by name.
  await jump(map, [113.65, 34.75], 9);
  const city = await rendered(map);
  expect(city.layers['county-label']?.length).toBeGreaterThan(2);
  await page.screenshot({ path: testInfo.outputPath('track-playback-pmtiles.png') });
  // The choice is kept: a reload shows the archive again.
  await page.reload();
  await expect(map).toHaveAttribute('data-map-ready', 'pmtiles', { timeout: 60_000 });

  expect(net.cspErrors).toEqual([]);
  expect(net.outside, 'no request leaves our server').toEqual([]);
});
