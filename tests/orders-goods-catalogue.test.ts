// Order goods lines picked from the goods catalogue (货品, issue 15 item 4): the catalogue gives the
// line its name, code and unit, and its weight and volume from the quantity; a goods of another
// corporation or a disabled one is refused; hand-typed lines only while goodsSetting.freeText allows
// them, on every path that writes lines (save, copy, change goods detail); and the cold-chain range
// of the goods becomes the waybill's temperature range.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { settingsOf } from '../server/alarms/settings.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { ORDER_BODY, vehicleInService } from './support/order-fixtures.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;

const t: TestApp = await createTestApp();
let dispatcher: Caller;
const one = async <T = Row>(sql: string, ...params: unknown[]) => (await t.db.one<T>(sql, params)) as T;

/** The demo catalogue (fixtures/base-data.ts) by code. */
const goodsId = async (code: string) => (await one<{ id: number }>('SELECT id FROM goods WHERE corp_id = 1 AND goods_code = ?', code)).id;
const ids: Record<string, number> = {};

async function ok(path: string, body: Row) {
  const r = await dispatcher.post(path, body);
  expect(r.code, r.message).toBe(1);
  return r.result;
}
const saveOrder = (goods: Row[]) => ok('/orderInfo/save', { ...ORDER_BODY, goods });
const linesOf = async (orderId: number) => (await dispatcher.get(`/orderInfo/details?id=${orderId}`)).result.goods as Row[];

const originalSettings = (await one<{ settings: string }>('SELECT settings FROM corporations WHERE id = 1')).settings;
async function setFreeText(freeText: 0 | 1) {
  await t.db.run('UPDATE corporations SET settings = ? WHERE id = 1', [JSON.stringify({ ...JSON.parse(originalSettings), goodsSetting: { freeText } })]);
}

beforeAll(async () => {
  dispatcher = await t.as('dispatcher');
  for (const code of ['HP003', 'HP005', 'HP006', 'HP007', 'HP008', 'HP010']) ids[code] = await goodsId(code);
});
afterEach(async () => {
  await t.db.run('UPDATE corporations SET settings = ? WHERE id = 1', [originalSettings]);
});

describe('a goods line picked from the catalogue', () => {
  it('takes name, code and unit from the catalogue and computes weight and volume from the quantity, whatever the form sent', async () => {
    // 冷冻白条鸡: 20 kg and 0.05 m³ per 箱; the corporation counts weight in 吨 and volume in 立方米.
    const o = await saveOrder([{ goodsInfoId: ids.HP005, quantity: 30, goodsName: '别的名字', unit: '吨', weight: 999, volume: 999 }]);
    const [line] = await linesOf(o.id);
    expect(line).toMatchObject({ goodsInfoId: ids.HP005, goodsName: '冷冻白条鸡', goodsCode: 'HP005', unit: '箱', quantity: 30, weight: 0.6, volume: 1.5 });
    expect((await dispatcher.get(`/orderInfo/details?id=${o.id}`)).result).toMatchObject({ totalWeight: 0.6, totalVolume: 1.5 });
  });

  it('recomputes on an edit and on a change of the goods detail', async () => {
    const o = await saveOrder([{ goodsInfoId: ids.HP003, quantity: 2 }]);
    const [line] = await linesOf(o.id);
    expect(line).toMatchObject({ goodsName: '玉米', unit: '吨', weight: 2, volume: 2.8 });
    const edited = await ok('/orderInfo/save', { ...ORDER_BODY, id: o.id, version: o.version, goods: [{ id: line.id, goodsInfoId: ids.HP003, quantity: 5 }] });
    expect((await linesOf(o.id))[0]).toMatchObject({ id: line.id, quantity: 5, weight: 5, volume: 7 });
    await ok('/orderInfo/changeGoodsDetail', { id: o.id, version: edited.version, goods: [{ id: line.id, goodsInfoId: ids.HP010, quantity: 100 }] });
    expect((await linesOf(o.id))[0]).toMatchObject({ goodsName: '纸巾', goodsCode: 'HP010', unit: '箱', quantity: 100, weight: 0.5, volume: 8 });
  });

  it('refuses a goods of another corporation, and a disabled one, with code 100 naming 货品 and nothing written', async () => {
    const foreign = await t.db.insert(`INSERT INTO goods (corp_id, goods_code, goods_name, goods_category, unit, cold_chain, status, is_deleted, version, created_at, updated_at)
      VALUES (2, 'X001', '外司货品', 9, '件', 0, 0, 0, 1, 0, 0)`, []);
    const r = await t.refused(() => dispatcher.post('/orderInfo/save', { ...ORDER_BODY, goods: [{ goodsInfoId: foreign, quantity: 1 }] }));
    expect([r.code, r.message, r.result.field]).toEqual([100, '货品：所选货品不存在或无权访问', 'goods']);

    await t.db.run('UPDATE goods SET status = 1 WHERE id = ?', [ids.HP010]);
    try {
      const d = await t.refused(() => dispatcher.post('/orderInfo/save', { ...ORDER_BODY, goods: [{ goodsInfoId: ids.HP010, quantity: 1 }] }));
      expect([d.code, d.message]).toEqual([100, '货品：纸巾已停用，不能选择']);
    } finally {
      await t.db.run('UPDATE goods SET status = 0 WHERE id = ?', [ids.HP010]);
    }
  });
});

describe('hand-typed goods lines follow goodsSetting.freeText', () => {
  it('are allowed while the setting is absent or 1', async () => {
    await setFreeText(1);
    const o = await saveOrder([{ goodsName: '手填货物', quantity: 3, unit: '件', weight: 0.1 }]);
    expect((await linesOf(o.id))[0]).toMatchObject({ goodsInfoId: null, goodsName: '手填货物', weight: 0.1 });
  });

  it('are refused on save and copy when it is 0, while catalogue lines are taken', async () => {
    const handOrder = await saveOrder(ORDER_BODY.goods);
    await setFreeText(0);
    const r = await t.refused(() => dispatcher.post('/orderInfo/save', ORDER_BODY));
    expect([r.code, r.message, r.result.field]).toEqual([100, '货品：请从货品档案中选择货品', 'goods']);
    const copy = await t.refused(() => dispatcher.post('/orderInfo/copyOrder', { id: handOrder.id }));
    expect([copy.code, copy.message]).toEqual([100, '货品：请从货品档案中选择货品']);
    const picked = await saveOrder([{ goodsInfoId: ids.HP003, quantity: 1 }]);
    expect((await ok('/orderInfo/copyOrder', { id: picked.id })).orders).toHaveLength(1);
  });

  it('when 0, an order saved earlier keeps its hand lines unchanged but cannot retype them', async () => {
    const o = await saveOrder(ORDER_BODY.goods);
    const lines = await linesOf(o.id);
    await setFreeText(0);
    const kept = lines.map((l) => ({ id: l.id, goodsName: l.goodsName, unit: l.unit, quantity: l.quantity + 1 }));
    const changed = await ok('/orderInfo/changeGoodsDetail', { id: o.id, version: o.version, goods: kept });
    const retyped = await t.refused(() => dispatcher.post('/orderInfo/changeGoodsDetail', {
      id: o.id, version: changed.version, goods: [{ ...kept[0], goodsName: '改过的名字' }, kept[1]],
    }));
    expect([retyped.code, retyped.message]).toEqual([100, '货品：请从货品档案中选择货品']);
  });

  it('without a catalogue goods, a line needs its name and unit', async () => {
    const r = await t.refused(() => dispatcher.post('/orderInfo/save', { ...ORDER_BODY, goods: [{ quantity: 1, unit: '件' }] }));
    expect([r.code, r.result.field]).toEqual([100, 'goods']);
    expect(r.message).toContain('货物名称');
  });
});

describe('the cold chain of the goods becomes the waybill temperature range', () => {
  const rangeOf = (waybillId: number) => one('SELECT temp_min AS tempMin, temp_max AS tempMax FROM waybill_temperature_ranges WHERE waybill_id = ?', waybillId);
  const assign = async (o: { id: number; version: number }, partId?: number) =>
    dispatcher.post('/orderInfo/assignVehicle', { orderId: o.id, version: o.version, vehicleId: (await vehicleInService(t)).id, ...(partId ? { partId } : {}) });

  it('is the band every cold goods tolerates (鲜奶 2~6 ℃ with 鲜鸡蛋 0~8 ℃: 2~6 ℃); the alarms read it', async () => {
    const o = await saveOrder([{ goodsInfoId: ids.HP007, quantity: 10 }, { goodsInfoId: ids.HP008, quantity: 5 }, { goodsInfoId: ids.HP010, quantity: 1 }]);
    const r = await assign(o);
    expect(r.code, r.message).toBe(1);
    expect(await rangeOf(r.result.waybillId)).toEqual({ tempMin: 2, tempMax: 6 });
    expect(await settingsOf(t.db, 1, r.result.waybillId)).toMatchObject({ tempMin: 2, tempMax: 6 });
  });

  it('also when generated from the order (waybill/generateWaybillFromOrder)', async () => {
    const o = await saveOrder([{ goodsInfoId: ids.HP005, quantity: 10 }]);
    const w = await ok('/waybill/generateWaybillFromOrder', { orders: [{ orderId: o.id, version: o.version }] });
    expect(await rangeOf(w.id)).toEqual({ tempMin: -22, tempMax: -18 });
  });

  it('is absent without cold goods (the corporation range applies)', async () => {
    const o = await saveOrder([{ goodsInfoId: ids.HP003, quantity: 10 }, { goodsName: '手填冷货', quantity: 1, unit: '箱' }]);
    const r = await assign(o);
    expect(r.code, r.message).toBe(1);
    expect(await rangeOf(r.result.waybillId)).toBeUndefined();
  });

  it('refuses goods with no common band on one waybill, naming them; a split part carries only its own goods', async () => {
    const o = await saveOrder([{ goodsInfoId: ids.HP005, quantity: 10 }, { goodsInfoId: ids.HP007, quantity: 10 }]);
    const r = await t.refused(() => assign(o));
    expect(r.message).toBe('货品温度范围不相容：冷冻白条鸡（-22~-18℃）与巴氏鲜奶（2~6℃）没有共同的温度范围，不能装在同一运单');
    // Split the frozen line off: its waybill is frozen, the milk's is chilled.
    const [frozen, milk] = await linesOf(o.id);
    const part = await ok('/orderInfo/splitOrder', { orderId: o.id, version: o.version, lines: [{ goodsId: frozen.id, quantity: 10 }] });
    const first = await assign({ id: o.id, version: part.version }, part.partId);
    expect(first.code, first.message).toBe(1);
    expect(await rangeOf(first.result.waybillId)).toEqual({ tempMin: -22, tempMax: -18 });
    const second = await ok('/orderInfo/splitOrder', { orderId: o.id, version: first.result.version, lines: [{ goodsId: milk.id, quantity: 10 }] });
    const next = await assign({ id: o.id, version: second.version }, second.partId);
    expect(next.code, next.message).toBe(1);
    expect(await rangeOf(next.result.waybillId)).toEqual({ tempMin: 2, tempMax: 6 });
  });

  it('follows a change of the goods detail on a waybill still under way', async () => {
    const o = await saveOrder([{ goodsInfoId: ids.HP008, quantity: 5 }]);
    const r = await assign(o);
    expect(await rangeOf(r.result.waybillId)).toEqual({ tempMin: 0, tempMax: 8 });
    const [line] = await linesOf(o.id);
    const version = (await one<{ version: number }>('SELECT version FROM orders WHERE id = ?', o.id)).version;
    await ok('/orderInfo/changeGoodsDetail', { id: o.id, version, goods: [{ id: line.id, goodsInfoId: ids.HP006, quantity: 5 }] });
    expect(await rangeOf(r.result.waybillId)).toEqual({ tempMin: -22, tempMax: -18 });
  });
});
