// 车辆监控: three terminals of a carrier whose trucks were all silent report through /track/ingest
// with a terminal credential; the monitor, filtered to that carrier, counts them online and lists them.
import { expect, request as requests, test, type APIRequestContext } from '@playwright/test';
import { api, CONSOLE_ORIGIN, login, mainArea, uniqueSuffix } from './support.ts';

/** The terminal gateway's own HTTP client: a credential, never the console's session cookie. */
const terminalClient = () => requests.newContext({ baseURL: CONSOLE_ORIGIN });

type Counts = { totalRecords: number; tabs: { monitorStatusStr: string; count: number }[] };
const tabsOf = (c: Counts) => Object.fromEntries(c.tabs.map((t) => [t.monitorStatusStr, t.count]));

async function ingest(request: APIRequestContext, secret: string, vehicleId: number, speed: number) {
  const now = Date.now();
  const points = [60_000, 30_000].map((ago, i) => ({ lon: 113.62 + i * 0.001, lat: 34.75, gpsTime: now - ago, speed, direction: 90, odometer: 500 + i }));
  const res = await request.post('/api/track/ingest', { data: { vehicleId, points }, headers: { authorization: `Bearer ${secret}` } });
  expect((await res.json()).code).toBe(1);
}

test("the monitor list's counts match the terminals that reported", async ({ page }) => {
  await login(page, 'admin');
  const { secret } = await api<{ secret: string }>(page.request, '/terminalCredential/add', { name: `监控旅程${uniqueSuffix()}` });
  // A carrier with at least four trucks, none online: whatever is online afterwards is ours.
  const carriers = await api<{ data: { id: number; carrierName: string }[] }>(page.request, '/customerCarrier/findAllCarrierForNomalProductionByPage', { curPage: 1, pageSize: 1000 });
  let chosen: { id: number; carrierName: string; total: number; before: Record<string, number> } | undefined;
  for (const c of carriers.data) {
    const counts = await api<Counts>(page.request, '/vehicleMonitor/count', { carrierId: c.id });
    if (counts.totalRecords >= 4 && tabsOf(counts).在线 === 0) {
      chosen = { ...c, total: counts.totalRecords, before: tabsOf(counts) };
      break;
    }
  }
  expect(chosen, 'a carrier whose trucks are all silent').toBeDefined();
  const carrier = chosen!;
  const { data } = await api<{ data: { id: number; vehicleNo: string }[] }>(page.request, '/vehicleMonitor/list', { carrierId: carrier.id, curPage: 1, pageSize: 100 });
  const reporting = data.slice(0, 3);
  const terminal = await terminalClient();
  for (const [i, v] of reporting.entries()) await ingest(terminal, secret, v.id, 40 + i);

  await page.goto('/vehicleMonitor');
  const main = mainArea(page);
  await expect(main.getByRole('heading', { name: '车辆监控' })).toBeVisible();
  await main.getByRole('search').getByRole('button', { name: '承运商' }).click();
  await page.getByRole('textbox', { name: '搜索' }).fill(carrier.carrierName);
  await page.getByRole('option', { name: carrier.carrierName, exact: true }).click();
  await main.getByRole('button', { name: '查询', exact: true }).click();

  const tab = (label: string, n: number) => main.getByRole('tab', { name: new RegExp(`^${label}\\s*\\(${n}\\)$`) });
  await expect(tab('全部', carrier.total)).toBeVisible();
  await expect(tab('在线', 3)).toBeVisible();
  await expect(tab('离线', carrier.total - 3)).toBeVisible();
  // Reporting changes no truck's waybill nor alarms.
  await expect(tab('运输中', carrier.before.运输中)).toBeVisible();
  await expect(tab('空闲', carrier.before.空闲)).toBeVisible();
  await expect(tab('报警', carrier.before.报警)).toBeVisible();
  // The page's counts are the server's.
  expect(tabsOf(await api<Counts>(page.request, '/vehicleMonitor/count', { carrierId: carrier.id }))).toMatchObject({ 在线: 3, 离线: carrier.total - 3 });

  await tab('在线', 3).click();
  const rows = main.getByRole('row').filter({ has: page.getByRole('cell', { name: '在线', exact: true }) });
  await expect(rows).toHaveCount(3);
  for (const v of reporting) await expect(main.getByRole('row').filter({ hasText: v.vehicleNo })).toContainText('在线');
  // Newest report first: the third truck reported last at 42 km/h.
  await expect(rows.first()).toContainText(reporting[2].vehicleNo);
  await expect(rows.first()).toContainText('42');
});
