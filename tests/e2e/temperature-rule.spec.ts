// 温度规则: the dispatcher writes a rule for one customer (2~4 ℃), previews it over readings its trucks
// already sent (6 ℃, inside the corporation's 2~8), saves it, and the next readings alarm on that
// customer's waybill and not on another customer's.
import { expect, request as requests, test, type APIRequestContext } from '@playwright/test';
import { api, CONSOLE_ORIGIN, getResult, login, mainArea, toast, uniqueSuffix } from './support.ts';

const MIN = 60_000;
interface Haul { waybillId: number; waybillNo: string; vehicleId: number; vehicleNo: string; customerName: string }

async function terminalPost(request: APIRequestContext, secret: string, path: string, data: unknown) {
  const json = await (await request.post(`/api${path}`, { data, headers: { authorization: `Bearer ${secret}` } })).json();
  expect(json.code, `${path}: ${json.message}`).toBe(1);
}

/** Readings every 10 s from `from`, channel 1 at 6 ℃. */
const readings = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ lon: 116.4 + i * 0.001, lat: 39.9, gpsTime: from + i * 10_000, speed: 40, direction: 90, odometer: 500 + i, t1: 6 }));

/** Two waybills on the road, of two customers, each the only load of a truck that reads temperature, judged now by 2~8 ℃. */
async function twoHauls(request: APIRequestContext): Promise<[Haul, Haul]> {
  const transit = await api<{ data: { id: number; waybillNo: string; vehicleId: number | null; vehicleNo: string }[] }>(request, '/waybill/pageQueryByCondition', { status: [400], curPage: 1, pageSize: 500 });
  const estimated = await api<{ data: { waybillId: number; customerName: string | null }[] }>(request, '/settlement/estimatedList', { curPage: 1, pageSize: 1000 });
  const customerOf = new Map(estimated.data.map((r) => [r.waybillId, r.customerName]));
  const loads = new Map<number, number>();
  for (const w of transit.data) if (w.vehicleId) loads.set(w.vehicleId, (loads.get(w.vehicleId) ?? 0) + 1);
  const found: Haul[] = [];
  for (const w of transit.data) {
    const customerName = customerOf.get(w.id);
    if (!w.vehicleId || loads.get(w.vehicleId) !== 1 || !customerName || found.some((h) => h.customerName === customerName)) continue;
    const vehicle = await getResult<{ gatherTemperature: number }>(request, `/res/vehicle/detail?id=${w.vehicleId}`);
    if (!vehicle.gatherTemperature) continue;
    const range = await api<{ tempMin: number; tempMax: number; own: boolean; ruleName: string | null }>(request, '/waybill/getTemperatureRange', { waybillId: w.id });
    if (range.own || range.ruleName || range.tempMin > 6 || range.tempMax < 6) continue;
    found.push({ waybillId: w.id, waybillNo: w.waybillNo, vehicleId: w.vehicleId, vehicleNo: w.vehicleNo, customerName });
    if (found.length === 2) return [found[0], found[1]];
  }
  throw new Error('演示数据中没有两个符合条件的在途运单');
}

test('a temperature rule for one customer: previewed, saved, then alarming on its waybill only', async ({ page }) => {
  await login(page, 'admin');
  const [mine, other] = await twoHauls(page.request);
  const { secret } = await api<{ secret: string }>(page.request, '/terminalCredential/add', { name: `温度规则旅程${uniqueSuffix()}` });
  const terminal = await requests.newContext({ baseURL: CONSOLE_ORIGIN });
  for (const h of [mine, other]) await terminalPost(terminal, secret, '/track/ingest', { vehicleId: h.vehicleId, points: readings(Date.now() - 10 * MIN, 12) });

  await page.goto('/temperatureRule');
  const main = mainArea(page);
  await main.getByRole('button', { name: '新增', exact: true }).click();
  await expect(main.getByRole('heading', { name: '新增温度规则' })).toBeVisible();
  const ruleName = `鲜品温控${uniqueSuffix()}`;
  await main.getByRole('textbox', { name: '规则名称' }).fill(ruleName);
  const customer = main.getByRole('combobox', { name: '客户' });
  await customer.click();
  await customer.pressSequentially(mine.customerName.slice(0, 4));
  await page.getByRole('listbox').getByRole('option', { name: mine.customerName, exact: true }).click();
  await main.getByRole('textbox', { name: '温度下限(℃)' }).fill('2');
  await main.getByRole('textbox', { name: '温度上限(℃)' }).fill('4');
  await main.getByRole('textbox', { name: '持续时长(分钟)' }).fill('0');
  // A condition through the shared editor: every 温层 a load can have, so it covers both hauls' loads.
  await main.getByRole('button', { name: '添加条件' }).click();
  await main.getByRole('combobox', { name: '第1条条件的字段' }).click();
  await page.getByRole('listbox').getByRole('option', { name: '温层' }).click();
  await main.getByRole('combobox', { name: '第1条条件的运算符' }).click();
  await page.getByRole('listbox').getByRole('option', { name: '属于', exact: true }).click();
  const layers = main.getByRole('combobox', { name: '第1条条件的值' });
  await layers.click();
  for (const layer of ['常温', '恒温', '冷藏', '冷冻']) await page.getByRole('menuitemcheckbox', { name: layer }).click();
  await page.keyboard.press('Escape');
  await expect(layers).toHaveText('常温、恒温、冷藏、冷冻');

  // The preview: what the rule would have done to the readings already sent, and nothing saved.
  await main.getByRole('button', { name: '预览近30天' }).click();
  const preview = page.getByRole('dialog', { name: '规则预览（近30天，不保存）' });
  await expect(preview).toBeVisible();
  const previewRow = preview.getByRole('row').filter({ hasText: mine.waybillNo });
  await expect(previewRow.first()).toContainText('温度6℃，超出2~4℃的范围');
  await expect(preview.getByRole('row').filter({ hasText: other.waybillNo })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('preview.png') });
  await preview.getByRole('button', { name: '关闭' }).click();
  expect((await api<{ totalRecords: number }>(page.request, '/temperatureRule/page', { ruleName })).totalRecords).toBe(0);

  await main.getByRole('button', { name: '保 存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/temperatureRule$/);
  const saved = (await api<{ data: { conditions: unknown }[] }>(page.request, '/temperatureRule/page', { ruleName })).data[0];
  expect(saved.conditions).toEqual([{ field: 'temperatureClass', operator: 'in', value: [1, 2, 3, 4] }]);

  // The next readings, sent after the save, are judged by it.
  const after = Date.now() + 1000;
  for (const h of [mine, other]) await terminalPost(terminal, secret, '/track/ingest', { vehicleId: h.vehicleId, points: readings(after, 4) });
  const temperatureAlarms = async (h: Haul) =>
    (await api<{ data: { lastAlarmTypeName: string; waybillNo: string }[] }>(page.request, '/alarmResult/findByPage', { vehicleNo: h.vehicleNo, curPage: 1, pageSize: 50 }))
      .data.filter((a) => a.lastAlarmTypeName === '温度异常');
  await expect.poll(async () => (await temperatureAlarms(mine)).map((a) => a.waybillNo)).toContain(mine.waybillNo);
  expect(await temperatureAlarms(other)).toEqual([]);

  // And the alarm list shows it to the dispatcher's eye.
  await page.goto('/alarmList');
  await main.getByRole('search').getByRole('textbox', { name: '车牌号' }).fill(mine.vehicleNo);
  await main.getByRole('button', { name: '查询', exact: true }).click();
  await expect(main.getByRole('row').filter({ hasText: mine.vehicleNo }).filter({ hasText: '温度异常' }).first()).toBeVisible();
});
