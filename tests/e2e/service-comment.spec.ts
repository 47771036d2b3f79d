// 服务评价: the dispatcher adds a question to the settings, previews the evaluation dialog with it,
// then evaluates a waybill through the real dialog, which asks it; the answer shows as the
// question's column on 评价明细. The question is optional, so other journeys' evaluations still pass.
import { expect, test, type Page } from '@playwright/test';
import { api, getResult, login, mainArea, searchList, toast, uniqueSuffix } from './support.ts';

const rowOf = (page: Page, no: string) => mainArea(page).getByRole('row', { name: new RegExp(no) });

test('a question added to the settings is previewed, asked by the evaluation dialog and reported as a column', async ({ page }) => {
  await login(page, 'dispatcher');
  const title = `车厢整洁${uniqueSuffix(3)}`;
  const current = await (await page.request.get('/api/evaluate/getEvaluateSetting')).json();
  await api(page.request, '/evaluate/saveEvaluateSetting', { questions: [...current.result.questions, { title, kind: 'star', required: false, sort: 50, enabled: true }] });

  // 预览 shows the dialog with the question, before anything is evaluated.
  await page.goto('/serviceCommentSetting');
  await expect(mainArea(page).getByRole('textbox', { name: '题目' }).last()).toHaveValue(title);
  await mainArea(page).getByRole('button', { name: '预览', exact: true }).click();
  const preview = page.getByRole('dialog', { name: '评价（预览）' });
  await expect(preview.getByRole('radiogroup', { name: title }).getByRole('radio')).toHaveCount(5);
  await preview.getByRole('button', { name: '关闭' }).click();

  // A waybill awaiting evaluation, evaluated through its dialog with 4 stars for the new question.
  const waybills = await api<{ data: { id: number; waybillNo: string; step: number }[] }>(page.request, '/waybill/pageQueryByCondition', { curPage: 1, pageSize: 500 });
  const w = waybills.data.find((x) => x.step === 16)!;
  expect(w, '演示数据中没有待评价的运单').toBeDefined();
  await page.goto('/waybill');
  await searchList(page, '运单号', w.waybillNo);
  await rowOf(page, w.waybillNo).getByRole('button', { name: '评价', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '评价' });
  await dialog.getByRole('radiogroup', { name: title }).getByRole('radio', { name: '4星' }).click();
  await dialog.getByRole('button', { name: '保 存' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, '操作成功').first()).toBeVisible();

  await page.goto('/serviceCommentReport');
  await searchList(page, '运单号', w.waybillNo);
  await expect(mainArea(page).getByRole('columnheader', { name: title })).toBeVisible();
  await expect(rowOf(page, w.waybillNo)).toContainText('4星');
});

// Runs after the test above (one worker, file order): a business type's own setting starts from the common one, so the
// question added above is kept for that type too, and no evaluation of another journey asks anything required.
test('a business type gets its own questions, chosen on the same page, while the others keep the common ones', async ({ page }) => {
  await login(page, 'dispatcher');
  const title = `专车准时${uniqueSuffix(3)}`;
  await page.goto('/serviceCommentSetting');
  const main = mainArea(page);
  await main.getByRole('combobox', { name: '业务类型' }).click();
  await page.getByRole('listbox').getByRole('option', { name: '专车', exact: true }).click();
  // The page reopens for 专车: its address names the type, and it starts from the common questions.
  await expect(page).toHaveURL(/businessType=3/);
  await expect(main.getByRole('combobox', { name: '业务类型' })).toHaveText('专车');
  const common = await getResult<{ questions: { title: string }[] }>(page.request, '/evaluate/getEvaluateSetting');
  await expect(main.getByRole('textbox', { name: '题目' })).toHaveCount(common.questions.length);

  await main.getByRole('button', { name: '添加' }).click();
  await main.getByRole('textbox', { name: '题目' }).last().fill(title);
  await main.getByRole('button', { name: /保\s*存/ }).click();
  // Saved, the page closes back to where the user came from.
  await expect(page).not.toHaveURL(/serviceCommentSetting/);

  const own = await getResult<{ businessType: number; questions: { title: string }[] }>(page.request, '/evaluate/getEvaluateSetting?businessType=3');
  expect([own.businessType, own.questions.map((q) => q.title)]).toEqual([3, [...common.questions.map((q) => q.title), title]]);
  const after = await getResult<{ questions: { title: string }[] }>(page.request, '/evaluate/getEvaluateSetting');
  expect(after.questions.map((q) => q.title)).not.toContain(title);
});
