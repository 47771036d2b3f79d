// 物流地图 in Chromium against the demo data: a terminal gateway's points (POST /track/ingest with a
// terminal credential, as the JT/T 808 gateway hands them over) move the vehicle's marker on the
// open map without a reload; zoomed out the fleet is clustered and a cluster's click zooms in; zoomed in, its waybill's start fence shows; clicking it opens its info
// window with the way to track playback.
import { expect, test, type Page } from '@playwright/test';
import { api, CONSOLE_ORIGIN, getResult, login } from './support.ts';

type Vehicle = { vehicleId: number; vehicleNo: string; lon: number | null; lat: number | null; waybillId: number | null; waybillNo: string | null };

/** The vehicle's marker as the map's fleet overlay holds it now (WGS-84 = display on the offline basemap). */
function featureOf(page: Page, vehicleId: number) {
  return page.getByRole('region', { name: '物流地图' }).evaluate((el, id) => {
    type Overlay = { vehicle(id: number): { coordinates: [number, number]; state: string; rotation: number } | null };
    return (el as unknown as { fleetOverlay?: Overlay }).fleetOverlay?.vehicle(id) ?? null;
  }, vehicleId);
}

test('the fleet map moves a vehicle as its terminal reports, without a reload, and opens its info window', async ({ page, playwright }) => {
  await login(page, 'admin');
  const { vehicles } = await getResult<{ vehicles: Vehicle[] }>(page.request, '/fleetMap/vehicles');
  // A vehicle on a waybill, so the info window leads to its track playback.
  const vehicle = vehicles.find((v) => v.waybillId !== null && v.lon !== null)!;
  const { secret } = await api<{ secret: string }>(page.request, '/terminalCredential/add', { name: '物流地图旅程网关' });
  // The gateway is not the browser: its own connection, no session cookie. A fresh one per report, so
  // a kept-alive socket the server closed meanwhile is never reused.
  const report = async (lon: number, lat: number, direction: number) => {
    const gateway = await playwright.request.newContext({ baseURL: CONSOLE_ORIGIN });
    const res = await gateway.post('/api/track/ingest', {
      headers: { authorization: `Bearer ${secret}` },
      data: { vehicleId: vehicle.vehicleId, points: [{ lon, lat, gpsTime: Date.now() - 1000, speed: 60, direction, odometer: 100_000 }] },
    });
    expect((await res.json()).code).toBe(1);
    await gateway.dispose();
  };

  await page.goto('/logisticsMap');
  const map = page.getByRole('region', { name: '物流地图' });
  await expect(map).toHaveAttribute('data-map-ready', /.+/, { timeout: 30_000 });
  await expect(map).toHaveAttribute('data-fleet-shown', /^[1-9]/);
  await expect(page.getByRole('group', { name: '图例' }).getByRole('button', { name: /^行驶 \d+$/ })).toBeVisible();
  await expect.poll(() => featureOf(page, vehicle.vehicleId)).not.toBeNull();
  // The whole fleet in view is clustered; clicking a cluster zooms in on its vehicles.
  type Drawn = { kind: 'cluster' | 'vehicle'; x: number; y: number; count: number };
  const drawn = () => map.evaluate((el) => (el as unknown as { fleetOverlay: { drawn(): Drawn[] } }).fleetOverlay.drawn());
  const zoom = () => map.evaluate((el) => (el as unknown as { maplibreMap: { getZoom(): number } }).maplibreMap.getZoom());
  await expect.poll(async () => (await drawn()).some((d) => d.kind === 'cluster')).toBe(true);
  const mapBox = (await map.boundingBox())!;
  // Away from the map's controls in the corners.
  const cluster = (await drawn()).find((d) => d.kind === 'cluster' && d.x > 80 && d.x < mapBox.width - 80 && d.y > 80 && d.y < mapBox.height - 80)!;
  const before = await zoom();
  await page.mouse.click(mapBox.x + cluster.x, mapBox.y + cluster.y);
  await expect.poll(zoom).toBeGreaterThan(before + 1);
  // Marks this document: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { fleetJourney: number }).fleetJourney = 1));

  // Near the start fence of its waybill, so the route shows once zoomed in.
  const [route] = await api<{ nodes: { nodeType: string; name: string; lon: number; lat: number }[] }[]>(page.request, '/fleetMap/waybillRoutes', { waybillIds: [vehicle.waybillId] });
  const first = route.nodes.find((n) => n.nodeType === 'start')!;
  const start = { lon: +(first.lon + 0.01).toFixed(6), lat: first.lat };
  await report(start.lon, start.lat, 90);
  await expect.poll(async () => (await featureOf(page, vehicle.vehicleId))?.coordinates, { timeout: 15_000 }).toEqual([start.lon, start.lat]);
  expect((await featureOf(page, vehicle.vehicleId))!.rotation).toBe(90);
  const moved = { lon: +(first.lon + 0.02).toFixed(6), lat: +(first.lat - 0.01).toFixed(6) };
  await report(moved.lon, moved.lat, 180);
  await expect.poll(async () => (await featureOf(page, vehicle.vehicleId))?.coordinates, { timeout: 15_000 }).toEqual([moved.lon, moved.lat]);
  expect(await featureOf(page, vehicle.vehicleId)).toMatchObject({ state: expect.stringMatching(/^(moving|alarming)$/), rotation: 180 });
  expect(await page.evaluate(() => (window as unknown as { fleetJourney?: number }).fleetJourney)).toBe(1);
  await expect(map).not.toHaveAttribute('data-fleet-batches', '0');

  // Zoomed in on it (no cluster), a click opens its info window.
  const at = await map.evaluate(async (el, p) => {
    const m = (el as unknown as { maplibreMap: { jumpTo(o: object): void; once(e: string, f: () => void): void; project(p: [number, number]): { x: number; y: number } } }).maplibreMap;
    await new Promise<void>((resolve) => {
      m.once('idle', resolve);
      m.jumpTo({ center: [p.lon, p.lat], zoom: 12 });
    });
    return m.project([p.lon, p.lat]);
  }, moved);
  // Zoomed in, the waybill's route fences are on the map with their 起/终 markers.
  await expect(page.getByLabel(`起点 ${first.name}`)).toBeVisible();
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + at.x, box.y + at.y);
  const info = page.getByRole('dialog', { name: vehicle.vehicleNo });
  await expect(info).toBeVisible();
  await expect(info).toContainText('速度：60 km/h');
  await expect(info).toContainText(/定位时间：\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
  await expect(info).toContainText(/位置：\S+/);
  await expect(info).toContainText(`运单号：${vehicle.waybillNo}`);
  await info.getByRole('link', { name: '轨迹回放' }).click();
  await expect(page).toHaveURL(new RegExp(`/trackPlayback\\?id=${vehicle.waybillId}$`));
});
