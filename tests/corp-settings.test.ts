// 企业参数设置 (docs/api.md "Corporation settings"): an administrator reads and saves the settings the
// console offers; the server's rules follow at once (a hand-typed goods line is refused after 只能从货品
// 档案选择), other settings of the corporation are kept, bad input changes nothing, and partner users or
// users without the operation are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { ORDER_BODY } from './support/order-fixtures.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;

const t: TestApp = await createTestApp();
let admin: Caller;
const stored = async () => JSON.parse((await t.db.one<{ settings: string }>('SELECT settings FROM corporations WHERE id = 1', []))!.settings);
const original = await stored();
const DEFAULTS = { goodsFreeText: 1, displayOfGoods: 1, msgLayerDisplayMode: 1 };

beforeAll(async () => {
  admin = await t.as('admin');
});
afterAll(async () => {
  await t.db.run('UPDATE corporations SET settings = ? WHERE id = 1', [JSON.stringify(original)]);
});

describe('企业参数设置', () => {
  it('reads the defaults, saves, and the order rules follow at once', async () => {
    expect((await admin.get('/corpSetting/get')).result).toEqual(DEFAULTS);
    const dispatcher = await t.as('dispatcher');
    expect((await dispatcher.post('/orderInfo/save', ORDER_BODY)).code).toBe(1);

    const saved = await admin.post('/corpSetting/save', { goodsFreeText: 0, displayOfGoods: 2, msgLayerDisplayMode: 2 });
    expect([saved.code, saved.result]).toEqual([1, { goodsFreeText: 0, displayOfGoods: 2, msgLayerDisplayMode: 2 }]);
    expect((await admin.get('/corpSetting/get')).result).toEqual({ goodsFreeText: 0, displayOfGoods: 2, msgLayerDisplayMode: 2 });

    const refused = await t.refused(() => dispatcher.post('/orderInfo/save', ORDER_BODY));
    expect(refused.message).toBe('货品：请从货品档案中选择货品');
    // The order list's goods column and the login settings read the same values.
    expect((await dispatcher.get('/orderInfo/getDisplayOfGoodsField')).result).toMatchObject({ displayOfGoods: 2, fieldLabel: '重量' });
    await admin.post('/corpSetting/save', DEFAULTS);
    expect((await dispatcher.post('/orderInfo/save', ORDER_BODY)).code).toBe(1);
  });

  it('keeps the corporation\'s other settings, and goodsSetting\'s other keys', async () => {
    await admin.post('/log/retention/save', { operationLogRetentionDays: 33, interfaceLogRetentionDays: 11 });
    await t.db.run('UPDATE corporations SET settings = ? WHERE id = 1', [JSON.stringify({ ...(await stored()), goodsSetting: { freeText: 1, other: 'x' } })]);
    await admin.post('/corpSetting/save', { goodsFreeText: 0, displayOfGoods: 3, msgLayerDisplayMode: 1 });
    expect(await stored()).toMatchObject({ operationLogRetentionDays: 33, interfaceLogRetentionDays: 11, goodsSetting: { freeText: 0, other: 'x' }, displayOfGoods: 3 });
    expect((await admin.get('/log/retention/get')).result).toEqual({ operationLogRetentionDays: 33, interfaceLogRetentionDays: 11 });
  });

  it.each([
    ['a missing field', { displayOfGoods: 1, msgLayerDisplayMode: 1 }, '订单货品录入'],
    ['text for a number', { ...DEFAULTS, displayOfGoods: '2' }, '订单列表货量显示'],
    ['a value outside the list', { ...DEFAULTS, msgLayerDisplayMode: 7 }, '新消息提示'],
    ['a negative value', { ...DEFAULTS, goodsFreeText: -1 }, '订单货品录入'],
    ['an unknown field', { ...DEFAULTS, weightUnit: '千克' }, 'weightUnit'],
    ['SQL-looking text', { ...DEFAULTS, goodsFreeText: "1; DROP TABLE corporations; --" }, '订单货品录入'],
    ['script-looking text', { ...DEFAULTS, displayOfGoods: '<script>alert(1)</script>' }, '订单列表货量显示'],
    ['a huge value', { ...DEFAULTS, displayOfGoods: 'x'.repeat(200_000) }, '订单列表货量显示'],
  ])('refuses %s with code 100 naming the field, changing nothing', async (_why, body, field) => {
    const r = await t.refused(() => admin.post('/corpSetting/save', body));
    expect(r.code).toBe(100);
    expect(r.message).toContain(field);
  });

  it('is refused to partner users whatever their roles, and to staff without the operation', async () => {
    await t.db.run(
      `INSERT INTO role_operations (corp_id, role_id, operation_id) SELECT 1, ur.role_id, 'corpSetting3' FROM user_roles ur JOIN users u ON u.id = ur.user_id
        WHERE u.user_name IN ('customer', 'carrier') ON CONFLICT DO NOTHING`, []);
    for (const name of ['customer', 'carrier', 'dispatcher']) {
      const caller = await t.as(name);
      expect((await caller.get('/corpSetting/get')).code, name).not.toBe(1);
      const r = await t.refused(() => caller.post('/corpSetting/save', { ...DEFAULTS, goodsFreeText: 0 }));
      expect(r.code, name).toBe(104);
    }
  });
});
