// Actions that fit the record (issue 13, part 2), as a dispatcher meets them on the order list: an
// order awaiting dispatch offers 拆分 and 派车, one travelling whole on its waybill does not; a row shows
// at most three links and 更多, whose menu holds the rest; the 操作 column stays narrow; and after
// editing an order the list is back on the tab, page and page size the dispatcher had.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, login, mainArea, searchList, toast } from './support.ts';

type Order = { id: number; orderNo: string; status: number; goodsWaiting?: number; splittable?: number };
const ON_THE_WAY = [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];

async function ordersAt(page: Page, status: number[]) {
  const r = await api<{ data: Order[] }>(page.request, '/orderInfo/list', { businessType: [1], status, curPage: 1, pageSize: 50 });
  return r.data;
}

async function openOrderList(page: Page) {
  const menu = page.getByRole('navigation', { name: '主菜单' });
  const group = menu.getByRole('button', { name: '订单运单' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await menu.getByRole('link', { name: '订单管理', exact: true }).click();
  await expect(page).toHaveURL(/\/order$/);
  await expect(mainArea(page).getByRole('navigation', { name: '分页' })).toContainText(/共 \d+ 条/);
}

/** The row's action links (the buttons of its last cell), in order. */
async function linksOf(row: Locator) {
  return (await row.getByRole('cell').last().getByRole('button').allTextContents()).map((t) => t.trim());
}

async function rowOf(page: Page, orderNo: string) {
  await searchList(page, '订单号', orderNo);
  const main = mainArea(page);
  await expect(main.getByRole('navigation', { name: '分页' })).toContainText('共 1 条');
  const row = main.getByRole('row', { name: new RegExp(`^选择 ${orderNo} `) });
  await expect(row).toBeVisible();
  return row;
}

test('an order row offers the actions its status allows: three links and 更多', async ({ page }) => {
  await login(page, 'dispatcher');
  const waiting = (await ordersAt(page, [2])).find((o) => o.splittable !== 0 && o.goodsWaiting !== 0)!;
  expect(waiting, 'a demo order awaiting dispatch').toBeDefined();
  const travelling = (await ordersAt(page, ON_THE_WAY)).find((o) => o.goodsWaiting === 0 || o.goodsWaiting === undefined)!;
  expect(travelling, 'a demo order on its way').toBeDefined();
  await openOrderList(page);

  // Awaiting dispatch: 派车 and 拆分 are links, the rest wait under 更多.
  let row = await rowOf(page, waiting.orderNo);
  const links = await linksOf(row);
  expect(links.slice(0, 2)).toEqual(['派车', '拆分']);
  expect(links.length).toBeLessThanOrEqual(4);
  expect(links.at(-1)).toBe('更多');
  await row.getByRole('button', { name: '更多' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const rest = (await menu.getByRole('menuitem').allTextContents()).map((t) => t.trim());
  expect(rest).toEqual(expect.arrayContaining(['修改', '委托', '作废']));
  expect(rest).not.toContain('派车');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // The column holds three links and 更多, not every declared action (it was 667 px).
  const header = mainArea(page).getByRole('columnheader', { name: '操作' });
  const width = (await header.boundingBox())!.width;
  expect(width).toBeLessThan(280);

  // On its way: neither 拆分 nor 派车, as links or in the menu; 作废 neither.
  row = await rowOf(page, travelling.orderNo);
  const offered = await linksOf(row);
  expect(offered).not.toContain('拆分');
  expect(offered).not.toContain('派车');
  expect(offered.filter((l) => l !== '更多').length).toBeLessThanOrEqual(3);
  if (offered.includes('更多')) {
    await row.getByRole('button', { name: '更多' }).click();
    const items = (await page.getByRole('menu').getByRole('menuitem').allTextContents()).map((t) => t.trim());
    for (const never of ['拆分', '选择货物拆分', '派车', '修改', '作废', '委托']) expect(items).not.toContain(never);
    await page.keyboard.press('Escape');
  }
});

test('after editing an order the list is back on its tab, page and page size', async ({ page }) => {
  await login(page, 'dispatcher');
  await openOrderList(page);
  const main = mainArea(page);
  const pager = main.getByRole('navigation', { name: '分页' });

  await main.getByRole('tab', { name: /^待调度/ }).click();
  await expect(main.getByRole('tab', { name: /^待调度/ })).toHaveAttribute('aria-selected', 'true');
  await pager.getByRole('combobox', { name: '每页条数' }).selectOption('10');
  await pager.getByRole('button', { name: '2', exact: true }).click();
  await expect(pager.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
  // Every row of the tab awaits dispatch.
  await expect(main.getByRole('row', { name: / 待调度 / }).first()).toBeVisible();
  const rows = main.getByRole('row', { name: /^选择 DD/ });
  await expect(rows).toHaveCount(10);

  // 修改 sits under 更多 for an order awaiting dispatch; the form replaces the list.
  const row = rows.first();
  await row.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: '修改', exact: true }).click();
  await expect(main.getByRole('heading', { name: /修改订单|订单修改|修改/ })).toBeVisible();
  await expect(pager).toBeHidden();
  const remark = main.getByRole('textbox', { name: '备注' });
  await remark.fill(`门卫处交接 ${Date.now() % 100000}`);
  await main.getByRole('button', { name: /保\s*存/ }).click();
  // The order form saves its whole record like an action dialog: its notice is 操作成功.
  await expect(toast(page, '操作成功')).toBeVisible();

  // Back on the list: the same tab, page 2, 10 a page.
  await expect(page).toHaveURL(/\/order$/);
  await expect(main.getByRole('tab', { name: /^待调度/ })).toHaveAttribute('aria-selected', 'true');
  await expect(pager.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('combobox', { name: '每页条数' })).toHaveValue('10');
  await expect(rows).toHaveCount(10);
});
