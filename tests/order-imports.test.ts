// Orders imported in the import centre: the 订单 template (the order form's fields, drop-downs of the
// user's customers, places and goods), good rows becoming orders as 新增订单 makes them (numbered,
// 待调度, with their goods line and a saved version), bad rows reported by row, column and message,
// 全部成功才导入 writing nothing, and a customer user importing for its own customer only.
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from './support/test-app.ts';
import { finished, sheetOf, upload, xlsxOf } from './support/import-files.ts';

type Row = Record<string, any>;
const t = await createTestApp();
const admin = await t.as('admin');
const customer = await t.as('customer');
const carrier = await t.as('carrier');
const ORDERS = { resourceId: 'order', mode: '2', onDuplicate: '2' };
const HEADER = ['订单号', '*客户', '*业务类型', '*发货地', '*收货地', '要求装货时间', '要求到达时间', '备注', '*货品', '*数量', '重量', '体积', '单位'];

const names = async (sql: string, ...params: unknown[]) => (await t.db.all<{ n: string }>(sql, params)).map((r) => r.n);
const [customer1, customer2] = await names('SELECT customer_name AS n FROM customers WHERE corp_id = 1 AND id IN (1, 2) ORDER BY id');
const [from, to] = await names('SELECT area_name AS n FROM areas WHERE corp_id = 1 AND id IN (1, 3) ORDER BY id');
/** A place of another customer than the customer user's (customer 1). */
const [othersPlace] = await names('SELECT area_name AS n FROM areas WHERE corp_id = 1 AND customer_id IS NOT NULL AND customer_id <> 1 ORDER BY id LIMIT 1');

const originalSettings = (await t.db.one<{ settings: string }>('SELECT settings FROM corporations WHERE id = 1', []))!.settings;
afterEach(async () => {
  await t.db.run('UPDATE corporations SET settings = ? WHERE id = 1', [originalSettings]);
});

const orderCount = async () => (await t.db.one<{ n: number }>('SELECT count(*) AS n FROM orders WHERE corp_id = 1', []))!.n;
async function ordersNumbered(prefix: string, caller = admin): Promise<Row[]> {
  return (await caller.post('/orderInfo/list', { orderNo: prefix, pageSize: 50 })).result.data;
}
async function errorRows(token: string, id: number) {
  const res = await t.app.request(`/api/importCenter/errors/${id}`, { headers: { token } });
  return (await sheetOf(res)).slice(1);
}
async function template(token: string) {
  const res = await t.app.request('/api/importCenter/template/order', { headers: { token } });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
  const lists = wb.worksheets[1];
  const titles = (lists.getRow(1).values as unknown[]).slice(1) as string[];
  const listOf = (title: string) => (lists.getColumn(titles.indexOf(title) + 1).values as unknown[]).slice(2);
  return { res, header: (wb.worksheets[0].getRow(1).values as unknown[]).slice(1), titles, listOf, data: wb.worksheets[0] };
}

/** A good row: one order of `qty` of 玉米 (HP003) from the first place to the second. */
const row = (orderNo: string | null, qty: number | string = 5, over: Partial<Record<string, unknown>> = {}) => {
  const r: Record<string, unknown> = {
    订单号: orderNo, 客户: customer1, 业务类型: '成品销售', 发货地: from, 收货地: to, 要求装货时间: '2026-12-01 08:00', 要求到达时间: '2026-12-02 18:30',
    备注: '导入的订单', 货品: 'HP003', 数量: qty, 重量: null, 体积: null, 单位: null, ...over,
  };
  return HEADER.map((h) => r[h.replace(/^\*/, '')]);
};

describe('order import', { timeout: 300_000 }, () => {
  it('template: the order form fields, required marked, drop-downs of the user own customers, places and goods', async () => {
    const tpl = await template(admin.token);
    expect(tpl.res.status).toBe(200);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(tpl.res.headers.get('content-disposition')!)![1])).toBe('订单导入模板.xlsx');
    expect(tpl.header).toEqual(HEADER);
    expect(tpl.titles).toEqual(['客户', '业务类型', '发货地', '收货地', '货品']);
    expect(tpl.listOf('客户')).toEqual(expect.arrayContaining([customer1, customer2]));
    expect(tpl.listOf('业务类型')).toContain('成品销售');
    expect(tpl.listOf('发货地')).toEqual(expect.arrayContaining([from, to, othersPlace]));
    expect(tpl.listOf('货品')).toContain('玉米');
    // The cells offer the lists; 货品 also takes a code or (where allowed) a name typed by hand.
    const validations = (tpl.data as unknown as { dataValidations: { model: Record<string, { formulae: string[]; showErrorMessage: boolean }> } }).dataValidations.model;
    expect(validations.B2).toMatchObject({ formulae: [`'可选值'!$A$2:$A$${tpl.listOf('客户').length + 1}`], showErrorMessage: true });
    expect(validations.I2).toMatchObject({ formulae: [`'可选值'!$E$2:$E$${tpl.listOf('货品').length + 1}`] });
    expect(validations.I2.showErrorMessage).toBeFalsy();

    // A customer user: its own customer only, and no place of another customer.
    const mine = await template(customer.token);
    expect(mine.header[1]).toBe('客户');
    expect(mine.listOf('客户')).toEqual([customer1]);
    expect(mine.listOf('发货地')).not.toContain(othersPlace);
    // Carriers do not place orders.
    expect((await carrier.get('/importCenter/template/order')).code).toBe(104);
  });

  it('good rows become orders as 新增订单 makes them: numbered, 待调度, with their goods line and a saved version', async () => {
    const before = await orderCount();
    const file = await xlsxOf(HEADER, [
      row('IMPA-1', 5),
      row(null, '2.5', { 货品: '冷冻白条鸡', 备注: null }),
      row('IMPA-3', 3, { 货品: '手填的样品', 单位: '件', 重量: 1.5, 要求装货时间: null, 要求到达时间: null }),
    ]);
    const created = await upload(t, admin.token, ORDERS, file, '订单.xlsx');
    expect(created).toMatchObject({ code: 1, message: '导入任务已创建，请在导入中心查看进度' });
    const task = await finished(admin, created.result.id);
    expect(task).toMatchObject({ status: 1, statusName: '导入完成', rowsTotal: 3, rowsOk: 3, rowsFailed: 0, resourceName: '订单', hasErrorReport: false });
    expect(await orderCount()).toBe(before + 3);

    const [a] = await ordersNumbered('IMPA-1');
    expect(a).toMatchObject({ orderNo: 'IMPA-1', customerName: customer1, businessType: 1, statusStr: '待调度', shipperAreaName: from, receiverAreaName: to,
      goodsLineCount: 1, totalQuantity: 5, requiredLoadTimeStr: '2026-12-01 08:00:00', requiredArriveTimeStr: '2026-12-02 18:30:00', remark: '导入的订单', version: 1 });
    const detail = (await admin.get(`/orderInfo/details?id=${a.id}`)).result;
    // The catalogue's line: its name, code and unit, the weight from the quantity.
    expect(detail.goods).toMatchObject([{ goodsCode: 'HP003', goodsName: '玉米', unit: '吨', quantity: 5, weight: 5 }]);
    expect((await admin.post('/orderInfoHistory/findByPage', { orderNo: 'IMPA-1' })).result.data).toHaveLength(1);

    // The row without an order number got the next number, as a form's save would.
    const numbered = (await t.db.one<Row>(`SELECT o.order_no AS orderNo, g.goods_name AS goodsName, g.quantity FROM orders o JOIN order_goods g ON g.order_id = o.id
      WHERE o.corp_id = 1 AND o.remark IS NULL ORDER BY o.id DESC LIMIT 1`, []))!;
    expect(numbered).toMatchObject({ goodsName: '冷冻白条鸡', quantity: 2.5 });
    expect(numbered.orderNo).toMatch(/^[A-Za-z0-9_-]+$/);
    const [hand] = await ordersNumbered('IMPA-3');
    expect((await admin.get(`/orderInfo/details?id=${hand.id}`)).result.goods).toMatchObject([{ goodsInfoId: null, goodsName: '手填的样品', unit: '件', quantity: 3, weight: 1.5 }]);
  });

  it('bad rows are reported by row, column title and message; the good ones are imported', async () => {
    await t.db.run('UPDATE corporations SET settings = ? WHERE id = 1', [JSON.stringify({ ...JSON.parse(originalSettings), goodsSetting: { freeText: 0 } })]);
    const file = await xlsxOf(HEADER, [
      row('IMPB-1'),
      row('IMPB-2', 5, { 客户: '没有这个客户' }),
      row('IMPB-3', 5, { 要求装货时间: '2026-13-45' }),
      row('IMPB-4', 5, { 发货地: null }),
      row('IMPB-5', 5, { 货品: '不在档案里的货', 单位: '件' }),
      row('IMPB-6', -2),
      row('IMPA-1'),
      row('IMPB-1'),
      row('IMPB-9', 5, { 收货地: from }),
      row('IMPB-10', '五箱'),
      row('IMPB-11', 5, { 备注: '长'.repeat(501) }),
      row("IMPB-12' OR 1=1", 5),
      row('IMPB-13', 5, { 客户: '<script>alert(1)</script>' }),
    ]);
    const task = await finished(admin, (await upload(t, admin.token, ORDERS, file, '订单.xlsx')).result.id);
    expect(task).toMatchObject({ status: 4, statusName: '部分导入', rowsTotal: 13, rowsOk: 1, rowsFailed: 12, hasErrorReport: true });
    expect(await errorRows(admin.token, task.id)).toEqual([
      [3, '客户', '客户：客户“没有这个客户”不存在'],
      [4, '要求装货时间', '要求装货时间：日期格式不正确，请填写 YYYY-MM-DD 或 YYYY-MM-DD HH:mm'],
      [5, '发货地', '发货地不能为空'],
      [6, '货品', '货品：请从货品档案中选择货品'],
      [7, '数量', expect.stringMatching(/^数量：/)],
      [8, '订单号', '订单号：订单号已存在'],
      [9, '订单号', '订单号：订单号已存在'],
      [10, '收货地', '收货地：收货地不能与发货地相同'],
      [11, '数量', expect.stringMatching(/^数量：/)],
      [12, '备注', expect.stringMatching(/^备注：/)],
      [13, '订单号', '订单号只能由字母、数字、-和_组成'],
      [14, '客户', '客户：客户“<script>alert(1)</script>”不存在'],
    ]);
    expect((await ordersNumbered('IMPB-')).map((o) => o.orderNo)).toEqual(['IMPB-1']);
  });

  it('全部成功才导入: one bad row and nothing is written; a clean file is written whole', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => row(`IMPC-${i}`));
    rows[240] = row('IMPC-240', 0);
    const before = await orderCount();
    const bad = await finished(admin, (await upload(t, admin.token, { ...ORDERS, mode: '1' }, await xlsxOf(HEADER, rows), '订单.xlsx')).result.id);
    expect(bad).toMatchObject({ status: 2, rowsOk: 0, rowsFailed: 1 });
    expect(bad.failReason).toBe('1行数据有误，按“全部成功才导入”没有导入任何数据');
    expect(await errorRows(admin.token, bad.id)).toEqual([[242, '数量', expect.stringMatching(/^数量：/)]]);
    expect(await orderCount()).toBe(before);

    // Two rows of one file with one order number: told apart before anything is written.
    rows[240] = row('IMPC-3');
    const dup = await finished(admin, (await upload(t, admin.token, { ...ORDERS, mode: '1' }, await xlsxOf(HEADER, rows), '订单.xlsx')).result.id);
    expect(await errorRows(admin.token, dup.id)).toEqual([[242, '订单号', '订单号与第5行重复']]);
    expect(await orderCount()).toBe(before);

    rows[240] = row('IMPC-240');
    const good = await finished(admin, (await upload(t, admin.token, { ...ORDERS, mode: '1' }, await xlsxOf(HEADER, rows), '订单.xlsx')).result.id);
    expect(good).toMatchObject({ status: 1, rowsOk: 250 });
    expect(await orderCount()).toBe(before + 250);
  });

  it('a customer user imports for its own customer only', async () => {
    const file = await xlsxOf(HEADER, [
      row('IMPD-1', 1, { 客户: null }),
      row('IMPD-2', 1),
      row('IMPD-3', 1, { 客户: customer2 }),
      row('IMPD-4', 1, { 发货地: othersPlace }),
    ]);
    const task = await finished(customer, (await upload(t, customer.token, ORDERS, file, '订单.xlsx')).result.id);
    expect(task).toMatchObject({ rowsOk: 2, rowsFailed: 2 });
    expect(await errorRows(customer.token, task.id)).toEqual([
      [4, '客户', `客户：客户“${customer2}”不存在`],
      [5, '发货地', `发货地：地点“${othersPlace}”不存在`],
    ]);
    const mine = await ordersNumbered('IMPD-', customer);
    expect(mine.map((o) => [o.orderNo, o.customerName]).sort()).toEqual([['IMPD-1', customer1], ['IMPD-2', customer1]]);
    expect((await t.db.all<{ c: number }>("SELECT DISTINCT customer_id AS c FROM orders WHERE order_no LIKE 'IMPD-%'", [])).map((r) => r.c)).toEqual([1]);
  });

  it('货品: a disabled goods is refused as disabled, a name two goods share asks for the code', async () => {
    await t.db.run("UPDATE goods SET status = 1 WHERE corp_id = 1 AND goods_code = 'HP010'", []);
    await t.db.run(`INSERT INTO goods (corp_id, goods_code, goods_name, goods_category, unit, status, created_at, updated_at)
      SELECT corp_id, 'HPDUP', goods_name, goods_category, unit, 0, created_at, updated_at FROM goods WHERE corp_id = 1 AND goods_code = 'HP003'`, []);
    try {
      const file = await xlsxOf(HEADER, [row('IMPF-1', 1, { 货品: 'HP010' }), row('IMPF-2', 1, { 货品: '玉米' }), row('IMPF-3', 1, { 货品: 'HPDUP' })]);
      const task = await finished(admin, (await upload(t, admin.token, ORDERS, file, '订单.xlsx')).result.id);
      expect(task).toMatchObject({ rowsOk: 1, rowsFailed: 2 });
      expect(await errorRows(admin.token, task.id)).toEqual([
        [2, '货品', '货品：纸巾已停用，不能选择'],
        [3, '货品', '货品：有多个货品名为“玉米”，请填写货品编码'],
      ]);
      const [byCode] = await ordersNumbered('IMPF-3');
      expect((await admin.get(`/orderInfo/details?id=${byCode.id}`)).result.goods).toMatchObject([{ goodsCode: 'HPDUP', goodsName: '玉米' }]);
    } finally {
      await t.db.run("UPDATE goods SET status = 0 WHERE corp_id = 1 AND goods_code = 'HP010'", []);
      await t.db.run("UPDATE goods SET is_deleted = 1 WHERE corp_id = 1 AND goods_code = 'HPDUP'", []);
    }
  });

  it('refuses 更新已有记录 for orders, a carrier, and a user without the add right — writing nothing', async () => {
    const file = await xlsxOf(HEADER, [row('IMPE-1')]);
    let r = await t.refused(async () => ({ ...(await upload(t, admin.token, { ...ORDERS, onDuplicate: '1' }, file, '订单.xlsx')), headers: new Headers() }));
    expect(r).toMatchObject({ code: 100, message: '重复数据：订单导入不更新已有记录，请选择“拒绝”' });
    r = await t.refused(async () => ({ ...(await upload(t, carrier.token, ORDERS, file, '订单.xlsx')), headers: new Headers() }));
    expect(r).toMatchObject({ code: 104, message: '没有新增订单的权限，不能导入' });
    const monitor = await t.as('monitor');
    r = await t.refused(async () => ({ ...(await upload(t, monitor.token, ORDERS, file, '订单.xlsx')), headers: new Headers() }));
    expect(r.code).toBe(104);
  });
});
