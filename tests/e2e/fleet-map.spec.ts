// 物流地图 in Chromium against the demo data: a terminal gateway's points (POST /track/ingest with a
// terminal credential, as the JT/T 808 gateway hands them over) move the vehicle's marker on the
// open map without a reload; clicking it opens its info window with the way to track playback.
import { expect, test, type Page } from '@playwright/test';
import { api, CONSOLE_ORIGIN, getResult, login } from './support.ts';

type Vehicle = { vehicleId: number; vehicleNo: string; lon: number | null; lat: number | null; waybillId: number | null; waybillNo: string | null };

/** The vehicle's feature as the map's source holds it now (WGS-84 = display on the offline basemap). */
function featureOf(page: Page, vehicleId: number) {
  return page.getByRole('region', { name: '物流地图' }).evaluate(async (el, id) => {
    const map = (el as unknown as { maplibreMap: { getSource(id: string): { getData(): Promise<GeoJSON.FeatureCollection> } } }).maplibreMap;
    const data = await map.getSource('fleet').getData();
    const f = data.features.find((x) => x.id === id);
    return f ? { coordinates: (f.geometry as GeoJSON.Point).coordinates, state: f.properties?.state as string, rotation: f.properties?.rotation as number } : null;
  }, vehicleId);
}

test('the fleet map moves a vehicle as its terminal reports, without a reload, and opens its info window', async ({ page }) => {
  await login(page, 'admin');
  const { vehicles } = await getResult<{ vehicles: Vehicle[] }>(page.request, '/fleetMap/vehicles');
  // A vehicle on a waybill, so the info window leads to its track playback.
  const vehicle = vehicles.find((v) => v.waybillId !== null && v.lon !== null)!;
  const { secret } = await api<{ secret: string }>(page.request, '/terminalCredential/add', { name: '物流地图旅程网关' });
  const report = async (lon: number, lat: number, direction: number) => {
    const res = await page.request.post('/api/track/ingest', {
      headers: { authorization: `Bearer ${secret}`, origin: CONSOLE_ORIGIN },
      data: { vehicleId: vehicle.vehicleId, points: [{ lon, lat, gpsTime: Date.now() - 1000, speed: 60, direction, odometer: 100_000 }] },
    });
    expect((await res.json()).code).toBe(1);
  };

  await page.goto('/logisticsMap');
  const map = page.getByRole('region', { name: '物流地图' });
  await expect(map).toHaveAttribute('data-map-ready', /.+/, { timeout: 30_000 });
  await expect(map).toHaveAttribute('data-fleet-shown', /^[1-9]/);
  await expect(page.getByRole('group', { name: '图例' }).getByRole('button', { name: /^行驶 \d+$/ })).toBeVisible();
  await expect.poll(() => featureOf(page, vehicle.vehicleId)).not.toBeNull();
  // Marks this document: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { fleetJourney: number }).fleetJourney = 1));

  const start = { lon: 114.305539, lat: 30.593099 };
  await report(start.lon, start.lat, 90);
  await expect.poll(async () => (await featureOf(page, vehicle.vehicleId))?.coordinates, { timeout: 15_000 }).toEqual([start.lon, start.lat]);
  expect((await featureOf(page, vehicle.vehicleId))!.rotation).toBe(90);
  const moved = { lon: 114.412345, lat: 30.498765 };
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
