// The column settings of a list are the user's own and kept on the server: hidden in one browser,
// still hidden in the next.
import { expect, test, type Page } from '@playwright/test';
import { api, CONSOLE_ORIGIN, login, mainArea } from './support.ts';

const PAGE_ID = 'base/vehicle-list';
const DIALOG_TITLE = '表格列和查询条件设置';

async function openSettings(page: Page) {
  await mainArea(page).getByRole('toolbar', { name: '操作' }).getByRole('button', { name: DIALOG_TITLE }).click();
  const dialog = page.getByRole('dialog', { name: DIALOG_TITLE });
  await expect(dialog.getByRole('region', { name: '显示字段' }).getByRole('listitem').first()).toBeVisible();
  return dialog;
}

/** Every column of the page shown again, so the journey starts alike on a reused database. */
async function showAllColumns(page: Page) {
  const columns = await page.request.get(`/api/tms/field/getColumn/${PAGE_ID}`).then((r) => r.json());
  await api(page.request, '/tms/field/setColumn', {
    id: PAGE_ID,
    columns: (columns.result as { fieldId: string }[]).map(({ fieldId }) => ({ fieldId, display: true })),
  });
}

test('a dispatcher hides the 司机 column and it stays hidden in a new browser', async ({ page, browser }) => {
  await login(page, 'dispatcher');
  await showAllColumns(page);
  await page.goto('/vehicle');
  const header = mainArea(page).getByRole('row').first();
  await expect(header.getByRole('columnheader', { name: '司机', exact: true })).toBeVisible();

  const dialog = await openSettings(page);
  await expect(dialog.getByRole('heading', { name: DIALOG_TITLE })).toBeVisible();
  await expect(dialog.getByText('可以通过拖拽列名称调整显示内容和显示顺序')).toBeVisible();
  const hidden = dialog.getByRole('region', { name: '隐藏字段' });
  const shown = dialog.getByRole('region', { name: '显示字段' });
  await expect(hidden.getByText('隐藏字段', { exact: true })).toBeVisible();
  await expect(shown.getByText('显示字段', { exact: true })).toBeVisible();
  await expect(hidden.getByRole('listitem')).toHaveCount(0);

  await shown.getByRole('button', { name: '隐藏司机' }).click();
  await expect(hidden.getByRole('listitem').filter({ hasText: '司机' })).toBeVisible();
  await expect(shown.getByRole('listitem').filter({ hasText: /^司机$/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expect(header.getByRole('columnheader', { name: '司机', exact: true })).toHaveCount(0);
  await expect(header.getByRole('columnheader', { name: '载重(吨)' })).toBeVisible();

  // Another browser (no shared storage): the setting came from the server.
  const other = await browser.newContext();
  try {
    const page2 = await other.newPage();
    await login(page2, 'dispatcher');
    await page2.goto('/vehicle');
    const header2 = mainArea(page2).getByRole('row').first();
    await expect(header2.getByRole('columnheader', { name: '车牌号' })).toBeVisible();
    await expect(header2.getByRole('columnheader', { name: '载重(吨)' })).toBeVisible();
    await expect(header2.getByRole('columnheader', { name: '司机', exact: true })).toHaveCount(0);
    const dialog2 = await openSettings(page2);
    await expect(dialog2.getByRole('region', { name: '隐藏字段' }).getByRole('listitem')).toHaveText(['司机']);
    await dialog2.getByRole('button', { name: '取消' }).click();
  } finally {
    await other.close();
  }
  await showAllColumns(page);
});

test('the column settings refuse to hide every column', async ({ page }) => {
  await login(page, 'dispatcher');
  await page.goto('/vehicle');
  const dialog = await openSettings(page);
  const shown = dialog.getByRole('region', { name: '显示字段' });
  const hidden = dialog.getByRole('region', { name: '隐藏字段' });

  // Every column that may be hidden goes; the fixed 车牌号 has no way to leave.
  const hideButtons = shown.getByRole('button', { name: /^隐藏/ });
  while ((await hideButtons.count()) > 0) await hideButtons.first().click();
  await expect(shown.getByRole('listitem')).toHaveText(['车牌号']);
  await expect(shown.getByRole('listitem').getByRole('img', { name: '固定' })).toBeVisible();
  await expect(hidden.getByRole('listitem')).toHaveCount(12);
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();

  // A page whose columns are all movable: the dialog itself refuses to save none shown.
  await page.route(`**/api/tms/field/getColumn/**`, async (route) => {
    const res = await route.fetch();
    const json = await res.json();
    json.result = json.result.map((c: { disabled: boolean }) => ({ ...c, disabled: false }));
    await route.fulfill({ response: res, json });
  });
  const setColumn: string[] = [];
  page.on('request', (r) => r.url().includes('/tms/field/setColumn') && setColumn.push(r.url()));
  const again = await openSettings(page);
  const shownAgain = again.getByRole('region', { name: '显示字段' });
  const hideAll = shownAgain.getByRole('button', { name: /^隐藏/ });
  while ((await hideAll.count()) > 0) await hideAll.first().click();
  await expect(shownAgain.getByRole('listitem')).toHaveCount(0);
  await again.getByRole('button', { name: '确定' }).click();
  await expect(again.getByRole('alert')).toHaveText('不能全部隐藏');
  await expect(again).toBeVisible();
  expect(setColumn).toHaveLength(0);
  await again.getByRole('button', { name: '取消' }).click();
  await page.unroute(`**/api/tms/field/getColumn/**`);

  // And the server says the same to anyone who asks it directly.
  const columns = (await page.request.get(`/api/tms/field/getColumn/${PAGE_ID}`).then((r) => r.json())).result as { fieldId: string }[];
  const res = await page.request.post('/api/tms/field/setColumn', {
    headers: { origin: CONSOLE_ORIGIN },
    data: { id: PAGE_ID, columns: columns.map(({ fieldId }) => ({ fieldId, display: false })) },
  });
  const body = await res.json();
  expect(body).toMatchObject({ code: 100, message: '不能全部隐藏' });
});
