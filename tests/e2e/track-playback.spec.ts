// Track playback in Chromium against the demo data: replay a waybill's track at 32× to the end and
// jump with the slider; redraw a circle fence and read the radius messages; handle an alarm.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, demoWaybillWithTrack, getResult as get, login, toast } from './support.ts';

/** A demo waybill with a recorded track and a circle fence among its nodes. */
async function waybillWithTrack(request: APIRequestContext) {
  const { id, points, node } = await demoWaybillWithTrack(request, (n) => n.typeId === 3);
  return { id, points, circle: node };
}

async function openPlayback(page: Page) {
  await login(page, 'admin');
  const target = await waybillWithTrack(page.request);
  await page.goto(`/trackPlayback?id=${target.id}`);
  await expect(page.getByRole('table', { name: '轨迹点' })).toBeVisible({ timeout: 30_000 });
  return target;
}

test('plays a demo waybill at 32× until 回放完成 and jumps with the slider', async ({ page }) => {
  await openPlayback(page);
  const progress = page.getByRole('status', { name: '回放进度' });
  await expect(progress).toHaveText('0%');
  await page.getByRole('combobox', { name: '回放速度' }).selectOption('32');
  await page.getByRole('button', { name: '播放' }).click();
  // While playing the slider is disabled and 暂停 replaces 播放.
  await expect(page.getByRole('slider', { name: '回放进度条' })).toBeDisabled();
  await expect(toast(page, '回放完成')).toBeVisible({ timeout: 30_000 });
  await expect(progress).toHaveText('100%');
  await expect(page.getByRole('button', { name: '播放' })).toBeVisible();

  // Drag the slider's thumb to about the middle: the replay jumps there.
  const slider = page.getByRole('slider', { name: '回放进度条' });
  await expect(slider).toBeEnabled();
  const box = (await slider.boundingBox())!;
  await page.mouse.move(box.x + box.width - 4, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  const value = Number((await progress.textContent())!.replace('%', ''));
  expect(value).toBeGreaterThan(30);
  expect(value).toBeLessThan(70);
  // The highlighted track point follows the jump.
  await expect(page.getByRole('table', { name: '轨迹点' }).locator('tr[aria-selected="true"]')).toHaveCount(1);
});

test('redraws a circle fence and reads the radius messages', async ({ page }) => {
  const { circle } = await openPlayback(page);
  await page.getByRole('button', { name: `编辑围栏 ${circle.customAreaName}` }).first().click();
  const editor = page.getByRole('dialog', { name: `编辑围栏 ${circle.customAreaName}` });
  await editor.getByRole('radio', { name: '标点' }).check();
  // Place the circle's centre by clicking the map.
  const map = page.getByRole('region', { name: '轨迹地图' });
  await expect(map).toHaveAttribute('data-map-ready', /.+/, { timeout: 30_000 });
  const mb = (await map.boundingBox())!;
  await page.mouse.click(mb.x + mb.width / 3, mb.y + mb.height / 3);
  await editor.getByRole('button', { name: '坐标校准' }).click();
  const dialog = page.getByRole('dialog', { name: '坐标校准' });
  const radius = dialog.getByRole('textbox', { name: /半径/ });
  await radius.fill('0');
  await expect(dialog.getByText('半径必须为正整数值')).toBeVisible();
  await radius.fill('2001');
  await expect(dialog.getByText('半径必须小于等于2000')).toBeVisible();
  await radius.fill('12.5');
  await expect(dialog.getByText('半径必须为正整数值')).toBeVisible();
  await radius.fill('');
  await expect(dialog.getByText('半径不能为空')).toBeVisible();
  await dialog.getByRole('textbox', { name: /经度/ }).fill('116.1234567');
  await expect(dialog.getByText('经度必须为数字值，且最多输入六位小数')).toBeVisible();
  await dialog.getByRole('textbox', { name: /经度/ }).fill('116.397128');
  await radius.fill('300');
  await expect(dialog.getByText(/半径(不能|必须)/)).toHaveCount(0);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(editor).toBeHidden();
  const saved = await get<{ radius: number; lonCenter: number }>(page.request, `/electronic/getCustomAreaByAreaId?areaId=${circle.areaId}`);
  expect(saved.radius).toBe(300);
  expect(saved.lonCenter).toBeCloseTo(116.397128, 5);
});

test('handles an alarm from the top bar: an empty opinion is refused, a valid one is saved', async ({ page }) => {
  await login(page, 'admin');
  await page.getByRole('button', { name: '业务报警' }).click();
  const list = page.getByRole('dialog', { name: '报警信息' });
  const first = list.getByRole('listitem').first();
  await expect(first).toBeVisible();
  await first.getByRole('button', { name: '处理' }).click();
  const dialog = page.getByRole('dialog', { name: '报警处理' });
  await expect(dialog.getByRole('textbox')).toBeVisible();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('处理意见不能为空')).toBeVisible();
  await dialog.getByRole('textbox').fill('已联系司机核实，情况正常');
  await expect(dialog.getByText('12/256')).toBeVisible();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: /成功/ }).first()).toBeVisible();
});

/** A demo waybill whose vehicle's camera took several flash photos on the trip. */
async function waybillWithPhotos(request: APIRequestContext) {
  const list = await api<{ data: { id: number; status: number }[] }>(request, '/waybill/pageQueryByCondition', { curPage: 1, pageSize: 100 });
  // In transit or completed: a vehicle and a track.
  for (const w of list.data.filter((x) => x.status === 400 || x.status === 500)) {
    const photos = await api<{ totalRecords: number }>(request, '/orderDetails/findImageById', { waybillId: w.id });
    if (photos.totalRecords >= 2) return { id: w.id, photos: photos.totalRecords };
  }
  throw new Error('no demo waybill with flash photos');
}

test('opens a flash photo from the 抓拍 tab in the photo preview', async ({ page }) => {
  await login(page, 'admin');
  const target = await waybillWithPhotos(page.request);
  await page.goto(`/trackPlayback?id=${target.id}`);
  await expect(page.getByRole('table', { name: '轨迹点' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: '抓拍' }).click();
  await page.getByRole('table', { name: '抓拍' }).locator('tbody tr').first().click();
  const preview = page.getByRole('dialog');
  await expect(preview).toContainText(`1/${target.photos}`);
  // The seeded snapshot is a real picture the browser decodes, not a broken image.
  const image = preview.getByRole('img');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await preview.getByRole('button', { name: '下一张' }).click();
  await expect(preview).toContainText(`2/${target.photos}`);
  await preview.getByRole('button', { name: '关闭' }).click();
  await expect(preview).toHaveCount(0);
});
