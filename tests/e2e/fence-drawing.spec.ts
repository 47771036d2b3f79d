// Drawing fences in the playback page's edit layer (issue 13), in Chromium against the demo data: a
// circle (then its radius field and undo), a rectangle, and a polygon whose crossing vertex is refused,
// whose last vertex is undone, which a double-click finishes and whose vertex is dragged and undone.
// Each is saved, the page reloaded, and what the user then sees is read: the editor opened again on the
// saved shape, drawn on the map, with its shape, radius and area.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { demoWaybillWithTrack, getResult as get, login, toast, type DemoNode } from './support.ts';

type Node = DemoNode;

/** A demo waybill with a short recorded track, and its start fence. */
async function waybillWithFence(request: APIRequestContext) {
  const { id, node } = await demoWaybillWithTrack(request, (n) => n.nodeType === 'start');
  return { id, fence: node };
}

interface Opened { page: Page; editor: Locator; map: Locator; box: { x: number; y: number; width: number; height: number }; fence: Node; waybillId: number }

async function openEditor(page: Page, target?: { id: number; fence: Node }, navigate = true): Promise<Opened> {
  const t = target ?? await waybillWithFence(page.request);
  if (navigate) await page.goto(`/trackPlayback?id=${t.id}`);
  const map = page.getByRole('region', { name: '轨迹地图' });
  await expect(map).toHaveAttribute('data-map-ready', /.+/, { timeout: 30_000 });
  await expect(page.getByRole('table', { name: '轨迹点' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: `编辑围栏 ${t.fence.customAreaName}` }).first().click();
  const editor = page.getByRole('dialog', { name: `编辑围栏 ${t.fence.customAreaName}` });
  await expect(editor.getByRole('button', { name: '重新绘制' })).toBeEnabled({ timeout: 30_000 });
  return { page, editor, map, box: (await map.boundingBox())!, fence: t.fence, waybillId: t.id };
}

/** A point of the map's free area: right of the editor panel, below the top bar, left of the zoom buttons. */
const at = (o: Opened, fx: number, fy: number) => ({ x: o.box.x + 360 + (o.box.width - 460) * fx, y: o.box.y + 40 + (o.box.height - 80) * fy });

async function click(o: Opened, fx: number, fy: number) {
  const p = at(o, fx, fy);
  await o.page.mouse.move(p.x, p.y, { steps: 4 });
  await o.page.mouse.click(p.x, p.y);
}

/** What the editor says of the shape (圆形，半径 … / 矩形，面积 …). */
const summary = (o: Opened) => o.editor.getByLabel('围栏大小');

/** After a reload: the editor opened again draws the saved shape (its layer on the map) and says the same shape and size. */
async function expectSaved(o: Opened, size: string) {
  await o.page.reload();
  const map = o.page.getByRole('region', { name: '轨迹地图' });
  await expect(map).toHaveAttribute('data-map-ready', /.+/, { timeout: 30_000 });
  const again = await openEditor(o.page, { id: o.waybillId, fence: o.fence }, false);
  await expect(summary(again)).toHaveText(size);
  await expect.poll(() => map.evaluate((el) => {
    const m = (el as unknown as { maplibreMap: { queryRenderedFeatures(o: object): unknown[] } }).maplibreMap;
    return m.queryRenderedFeatures({ layers: ['fence-edit-polygon'] }).length;
  }), { timeout: 15_000 }).toBeGreaterThan(0);
}

test.beforeEach(async ({ page }) => {
  await login(page, 'admin');
});

test('draws a circle, sets and undoes its radius, saves it and sees it after a reload', async ({ page }) => {
  const o = await openEditor(page);
  await o.editor.getByRole('radio', { name: '标点(圆形)' }).check();
  await o.editor.getByRole('button', { name: '重新绘制' }).click();
  await expect(o.editor).toContainText('点击地图确定圆心');
  // Centre, then a point at some distance for the radius.
  await click(o, 0.3, 0.35);
  await click(o, 0.42, 0.35);
  await expect(summary(o)).toHaveText(/^圆形，半径 \d+ 米，面积 \d+\.\d{3} 平方公里$/);
  const drawn = Number((await summary(o).textContent())!.match(/半径 (\d+) 米/)![1]);
  expect(drawn).toBeGreaterThan(0);
  expect(drawn).toBeLessThanOrEqual(2000);

  const radius = o.editor.getByRole('textbox', { name: /半径/ });
  await radius.fill('2001');
  await expect(o.editor.getByText('半径必须小于等于2000')).toBeVisible();
  await radius.fill('350');
  await expect(summary(o)).toHaveText('圆形，半径 350 米，面积 0.385 平方公里');
  await o.editor.getByRole('button', { name: '撤销' }).click();
  await expect(summary(o)).toHaveText(new RegExp(`^圆形，半径 ${drawn} 米`));
  await radius.fill('350');
  await expect(summary(o)).toHaveText('圆形，半径 350 米，面积 0.385 平方公里');

  await o.editor.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(o.editor).toBeHidden();
  const saved = await get<{ typeId: number; radius: number; areaAcreage: number }>(page.request, `/electronic/getCustomAreaByAreaId?areaId=${o.fence.areaId}`);
  expect(saved).toMatchObject({ typeId: 3, radius: 350 });
  await expectSaved(o, '圆形，半径 350 米，面积 0.385 平方公里');
});

test('draws a rectangle with two clicks, saves it and sees it after a reload', async ({ page }) => {
  const o = await openEditor(page);
  await o.editor.getByRole('radio', { name: '矩形' }).check();
  await expect(o.editor).toContainText('点击地图确定矩形的一个角');
  await click(o, 0.3, 0.25);
  await click(o, 0.7, 0.75);
  await expect(summary(o)).toHaveText(/^矩形，面积 \d+\.\d{3} 平方公里$/);
  const size = (await summary(o).textContent())!;
  await o.editor.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  const saved = await get<{ typeId: number; areaLonLat: string }>(page.request, `/electronic/getCustomAreaByAreaId?areaId=${o.fence.areaId}`);
  expect(saved.typeId).toBe(1);
  expect(saved.areaLonLat.split(';')).toHaveLength(4);
  await expectSaved(o, size);
});

test('draws a polygon: a crossing vertex is refused, the last vertex undone, a double-click finishes, a dragged vertex undone', async ({ page }) => {
  const o = await openEditor(page);
  await o.editor.getByRole('radio', { name: '多边形' }).check();
  await expect(o.editor).toContainText('依次点击地图添加顶点');
  await click(o, 0.3, 0.3);
  await click(o, 0.7, 0.3);
  await click(o, 0.7, 0.6);
  // This vertex would make the new edge cross the first one: refused, the three vertices stay.
  await click(o, 0.5, 0.1);
  await expect(o.editor.getByRole('alert')).toHaveText(/围栏的边不能相交/);
  // A misplaced vertex, then 撤销 takes it back.
  await click(o, 0.95, 0.95);
  await o.editor.getByRole('button', { name: '撤销' }).click();
  await click(o, 0.5, 0.8);
  // The last vertex with a double-click: it is placed and the polygon is finished (not broken).
  const last = at(o, 0.3, 0.6);
  await page.mouse.move(last.x, last.y, { steps: 4 });
  await page.mouse.dblclick(last.x, last.y);
  await expect(summary(o)).toHaveText(/^多边形，面积 \d+\.\d{3} 平方公里$/);
  await expect(o.editor.getByRole('alert')).toHaveCount(0);
  const finished = await summary(o).textContent();

  // Drag a vertex outwards: the area grows; 撤销 gives the shape back.
  const v = at(o, 0.7, 0.6);
  await page.mouse.move(v.x, v.y, { steps: 4 });
  await page.mouse.down();
  await page.mouse.move(v.x + 60, v.y + 40, { steps: 10 });
  await page.mouse.up();
  await expect(summary(o)).not.toHaveText(finished!);
  await o.editor.getByRole('button', { name: '撤销' }).click();
  await expect(summary(o)).toHaveText(finished!);

  await o.editor.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  const saved = await get<{ typeId: number; areaLonLat: string }>(page.request, `/electronic/getCustomAreaByAreaId?areaId=${o.fence.areaId}`);
  expect(saved.typeId).toBe(2);
  expect(saved.areaLonLat.split(';')).toHaveLength(5);
  await expectSaved(o, finished!);
});

test('a waybill the user cannot open says so once, with no error in the console', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('/trackPlayback?id=99999999');
  await expect(toast(page, '记录不存在或无权访问')).toHaveCount(1);
  await expect(toast(page, '没有轨迹信息')).toHaveCount(0);
  await page.waitForTimeout(1000);
  expect(errors).toEqual([]);
});
