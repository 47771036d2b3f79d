// Control characters in "contains" searches (docs/security.md): SQLite reads a LIKE pattern only
// up to a NUL, so a NUL in a search box used to match every row. Every search text, on resource
// lists, order and waybill number searches (both paths of the waybill one: short scan and trigram
// index), fences, stowage and report filters, now refuses any control character with code 100
// naming the field; text with %, _ or \ still searches literally.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { insertWaybill } from '../support/waybill-fixture.ts';
import { likePattern } from '../../server/resources/like.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;

/** [path, search field, its title]: every request that takes a "contains" text. */
const SEARCHES: [string, string, string][] = [
  ['/res/vehicle/list', 'vehicleNo', '车牌号'],
  ['/res/vehicle/count', 'vehicleNo', '车牌号'],
  ['/res/customer/list', 'customerName', '客户名称'],
  ['/res/carrier/list', 'carrierName', '承运商名称'],
  ['/orderInfo/list', 'orderNo', '订单号'],
  ['/orderInfo/count', 'orderNo', '订单号'],
  ['/waybill/pageQueryByCondition', 'waybillNo', '运单号'],
  ['/waybill/getWaybillNumberByCondition', 'waybillNo', '运单号'],
  ['/electronic/getAreaLablePositionNew', 'areaName', '围栏名称'],
  ['/electronic/getAreaLablePositionNew', 'areaCode', '围栏编码'],
  ['/orderStowageTask/list', 'taskNo', '配载任务号'],
  ['/orderStowageTask/unStowageOrderList', 'orderNo', '订单号'],
  ['/report/order-details/query', 'orderNo', '订单号'],
  ['/report/loading-rate/total', 'waybillNo', '运单号'],
];

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 3; i++) await insertWaybill(t.db);
  admin = await t.as('admin');
});

const rowsOf = (r: { result: any }) => (Array.isArray(r.result?.data) ? r.result.data.length : undefined);

describe('a control character in a search text is refused, never read as "everything"', () => {
  it.each(SEARCHES)('%s %s', async (path, field, title) => {
    for (const text of ['\u0000', 'YD\u0000', 'YD2\u0000X', '\u0000%', '\t', 'A\u001f', '\u007f', 'A\r\n']) {
      const r = await admin.post(path, { [field]: text });
      expect([r.code, r.message], JSON.stringify(text)).toEqual([100, `${title}：不能包含控制字符`]);
      expect(r.result?.field).toBe(field);
    }
  });

  it('the lists that a NUL used to empty into every row have rows to leak', async () => {
    const lists: [string, string][] = [['/res/vehicle/list', 'vehicleNo'], ['/orderInfo/list', 'orderNo'], ['/waybill/pageQueryByCondition', 'waybillNo']];
    for (const [path, field] of lists) {
      const all = await admin.post(path, { pageSize: 1000 });
      expect(rowsOf(all), path).toBeGreaterThan(0);
      // A search that matches nothing stays empty; the refused NUL is not a wildcard.
      const none = await admin.post(path, { [field]: 'ZZZ-无此号' });
      expect(none.code === 100 || rowsOf(none) === 0, path).toBe(true);
    }
  });

  it('%, _ and \\ still search literally', async () => {
    for (const [path, field] of [['/res/vehicle/list', 'vehicleNo'], ['/waybill/pageQueryByCondition', 'waybillNo']]) {
      for (const text of ['%', '_', '\\']) {
        const r = await admin.post(path, { [field]: text });
        expect(r.code, `${path} ${text}: ${r.message}`).toBe(1);
        expect(rowsOf(r), `${path} ${text}`).toBe(0);
      }
    }
  });

  it('a search that reaches LIKE without its schema is refused too', () => {
    expect(() => likePattern('A\u0000')).toThrow(expect.objectContaining({ code: 100, message: '搜索内容：不能包含控制字符' }));
    expect(likePattern('5%_\\')).toBe('%5\\%\\_\\\\%');
  });
});
