// 报警列表: a truck's terminal reports three overspeed episodes and an active-safety event; the
// dispatcher finds them by plate, ticks two overspeed alarms and the driver alarm, and ignores them
// at once: those three are 已忽略, the fourth is still 未处理.
import { expect, request as requests, test, type APIRequestContext } from '@playwright/test';
import { api, CONSOLE_ORIGIN, login, mainArea, uniqueSuffix } from './support.ts';

/** The terminal gateway's own HTTP client: a credential, never the console's session cookie. */
const terminalClient = () => requests.newContext({ baseURL: CONSOLE_ORIGIN });

const MIN = 60_000;
type Alarm = { id: number; lastAlarmTypeName: string; firstAlarmType: number; handleStatus: number };

async function terminalPost(request: APIRequestContext, secret: string, path: string, data: unknown) {
  const json = await (await request.post(`/api${path}`, { data, headers: { authorization: `Bearer ${secret}` } })).json();
  expect(json.code, `${path}: ${json.message}`).toBe(1);
}

test('the alarm list batch-ignores three alarms', async ({ page }) => {
  await login(page, 'admin');
  const { secret } = await api<{ secret: string }>(page.request, '/terminalCredential/add', { name: `报警旅程${uniqueSuffix()}` });
  // A truck with no alarm yet, so the list by its plate holds exactly what this journey raises.
  const idle = await api<{ data: { id: number; vehicleNo: string }[] }>(page.request, '/vehicleMonitor/list', { monitorStatus: [4], curPage: 1, pageSize: 200 });
  let vehicle: { id: number; vehicleNo: string } | undefined;
  for (const v of idle.data) {
    const mine = await api<{ totalRecords: number }>(page.request, '/alarmResult/findByPage', { vehicleNo: v.vehicleNo, curPage: 1, pageSize: 1 });
    if (mine.totalRecords === 0) {
      vehicle = v;
      break;
    }
  }
  expect(vehicle).toBeDefined();
  const { id: vehicleId, vehicleNo } = vehicle!;
  // Three episodes of two minutes at 125 km/h, two minutes apart: three overspeed alarms.
  const t0 = Date.now() - 40 * MIN;
  const points = Array.from({ length: 24 }, (_, i) => ({
    lon: 113.6 + i * 0.002, lat: 34.7, gpsTime: t0 + i * 30_000, speed: i % 8 < 5 ? 125 : 60, direction: 90, odometer: 800 + i,
  }));
  const terminal = await terminalClient();
  await terminalPost(terminal, secret, '/track/ingest', { vehicleId, points });
  await terminalPost(terminal, secret, '/driverAlarm/receiveEvent', { vehicleId, eventType: 301, eventLevel: 2, gpsTime: t0 + 20 * MIN, lon: 113.7, lat: 34.7, speed: 66 });

  await page.goto('/alarmList');
  const main = mainArea(page);
  await expect(main.getByRole('heading', { name: '报警列表' })).toBeVisible();
  await main.getByRole('search').getByRole('textbox', { name: '车牌号' }).fill(vehicleNo);
  await main.getByRole('button', { name: '查询', exact: true }).click();
  await expect(main.getByRole('tab', { name: /^超速\s*\(3\)$/ })).toBeVisible();
  await expect(main.getByRole('tab', { name: /^疲劳驾驶\s*\(1\)$/ })).toBeVisible();

  const dataRows = main.getByRole('row').filter({ hasText: vehicleNo });
  await expect(dataRows).toHaveCount(4);
  const overspeed = dataRows.filter({ hasText: '超速' });
  const fatigue = dataRows.filter({ hasText: '疲劳驾驶' });
  // Newest first: leave the oldest overspeed alarm alone.
  await overspeed.nth(0).getByRole('checkbox', { name: '选择' }).check();
  await overspeed.nth(1).getByRole('checkbox', { name: '选择' }).check();
  await fatigue.getByRole('checkbox', { name: '选择' }).check();
  await main.getByRole('toolbar', { name: '操作' }).getByRole('button', { name: '忽略', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: '提示' });
  await expect(confirm).toContainText('确定忽略所选报警吗？');
  await confirm.getByRole('button', { name: '确定' }).click();

  await expect(dataRows.filter({ hasText: '已忽略' })).toHaveCount(3);
  await expect(fatigue).toContainText('已忽略');
  await expect(overspeed.nth(2)).toContainText('未处理');
  const after = await api<{ data: Alarm[] }>(page.request, '/alarmResult/findByPage', { vehicleNo, curPage: 1, pageSize: 10 });
  expect(after.data.map((a) => [a.lastAlarmTypeName, a.handleStatus])).toEqual([['疲劳驾驶', 2], ['超速', 2], ['超速', 2], ['超速', 0]]);

  // The one left is handled from its row, through the alarm dialog.
  await overspeed.nth(2).getByRole('button', { name: '处理' }).click();
  const dialog = page.getByRole('dialog', { name: '报警处理' });
  await dialog.getByRole('textbox').fill('已提醒司机控制车速');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(overspeed.nth(2)).toContainText('已处理');
});
