// The pricing facts of a waybill read from the transport tables (docs/settlement.md "Quantities"), on
// SQLite and, under `npm run test:pg`, PostgreSQL; and the estimate that prices them through in-memory
// rule and oil price sources.
import { beforeAll, describe, expect, it } from 'vitest';
import { estimateWaybill } from '../server/domain/settlement/pricing/estimate.ts';
import { loadWaybillFacts } from '../server/domain/settlement/pricing/facts-loader.ts';
import { memoryOilPriceSource, memoryRuleSource } from '../server/domain/settlement/pricing/sources.ts';
import type { ContractWithRules } from '../server/domain/settlement/pricing/types.ts';
import { carrierContract, rateRule } from './support/pricing-fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill, placeAt, rowOf, type WaybillFixture } from './support/waybill-fixture.ts';

let t: TestApp;
let carrierId: number;
let carModelId: number;
let feed: number;
let grain: number;

const run = (sql: string, ...params: unknown[]) => t.db.run(sql, params);
const areasOf = async (f: WaybillFixture) => {
  const ids = async (node: number) => (await rowOf(t.db, 'SELECT area_id AS a FROM waybill_nodes WHERE id = ?', node)).a as number;
  return { from: await ids(f.nodes.start), to: await ids(f.nodes.end) };
};
const catalogue = (code: string, category: number) => t.db.insert(
  `INSERT INTO goods (corp_id, goods_code, goods_name, goods_category, unit, status, created_at, updated_at) VALUES (1, ?, ?, ?, '吨', 0, 0, 0)`,
  [code, `货品${code}`, category],
);

/** A waybill of the fixture's order (30吨 饲料 + 12.5吨 玉米), on the road with the demo carrier's vehicle. */
async function waybill(): Promise<WaybillFixture> {
  const f = await insertWaybill(t.db, { carrierId });
  await placeAt(t.db, f, { status: 300, step: 4 }, carrierId);
  const [a, b] = f.goodsIds;
  await run('UPDATE order_goods SET goods_info_id = ?, weight = 30, volume = 45.5 WHERE id = ?', feed, a);
  await run('UPDATE order_goods SET goods_info_id = ?, weight = 12.5, volume = 20.25 WHERE id = ?', grain, b);
  return f;
}

beforeAll(async () => {
  t = await createTestApp();
  carrierId = (await rowOf(t.db, "SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p;
  carModelId = await t.db.insert("INSERT INTO car_models (corp_id, model_name, created_at, updated_at) VALUES (1, '计价测试9.6米', 0, 0)", []);
  await run('UPDATE vehicles SET car_model_id = ? WHERE corp_id = 1 AND carrier_id = ?', carModelId, carrierId);
  feed = await catalogue('PRC-FEED', 1);
  grain = await catalogue('PRC-GRAIN', 2);
  // The fixture's first and third areas are every waybill's start and end here.
  const [first, , third] = (await t.db.all<{ id: number }>('SELECT id FROM areas WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 3', [])).map((r) => r.id);
  await run("UPDATE areas SET province = '广东省', city = '广州市', district = '白云区' WHERE id = ?", first);
  await run("UPDATE areas SET province = '湖南省', city = '长沙市', district = '雨花区' WHERE id = ?", third);
});

describe('loadWaybillFacts', () => {
  it('the line, business type, car model, categories, quantities in small units, distance from the table and the trip date', async () => {
    const f = await waybill();
    const { from, to } = await areasOf(f);
    await run('DELETE FROM area_distances WHERE corp_id = 1');
    await t.db.insert('INSERT INTO area_distances (corp_id, from_area_id, to_area_id, distance_km, created_at, updated_at) VALUES (1, ?, ?, 312.5, 0, 0)', [from, to]);
    await run('INSERT INTO waybill_temperature_ranges (waybill_id, corp_id, temp_min, temp_max) VALUES (?, 1, 2, 8)', f.waybillId);
    const start = await rowOf(t.db, 'SELECT required_leave_time AS t FROM waybill_nodes WHERE id = ?', f.nodes.start);
    const customer = await rowOf(t.db, 'SELECT customer_id AS c FROM orders WHERE id = ?', f.orderId);
    expect(await loadWaybillFacts(t.db, 1, f.waybillId)).toEqual({
      waybillId: f.waybillId, corpId: 1,
      origin: { province: '广东省', city: '广州市', district: '白云区' },
      destination: { province: '湖南省', city: '长沙市', district: '雨花区' },
      businessType: 1, carModelId, goodsCategories: [1, 2], temperatureClass: 3,
      weightG: 42_500_000, volumeCm3: 65_750_000, piecesMilli: 42_500,
      distanceM: 312_500, distanceSource: 'table',
      tripDate: Number(start.t), carrierId, customerIds: [customer.c],
    });
  });

  it('the actual departure, once recorded, is the trip date', async () => {
    const f = await waybill();
    await placeAt(t.db, f, { status: 400, step: 10 }, carrierId);
    const left = await rowOf(t.db, 'SELECT actual_leave_time AS t FROM waybill_nodes WHERE id = ?', f.nodes.start);
    expect((await loadWaybillFacts(t.db, 1, f.waybillId))!.tripDate).toBe(Number(left.t));
  });

  it('distance: the reverse row when the direct one is missing, else the straight line between the areas', async () => {
    const f = await waybill();
    const { from, to } = await areasOf(f);
    await run('DELETE FROM area_distances WHERE corp_id = 1');
    await t.db.insert('INSERT INTO area_distances (corp_id, from_area_id, to_area_id, distance_km, created_at, updated_at) VALUES (1, ?, ?, 298.25, 0, 0)', [to, from]);
    expect(await loadWaybillFacts(t.db, 1, f.waybillId)).toMatchObject({ distanceM: 298_250, distanceSource: 'reverse' });
    await run('DELETE FROM area_distances WHERE corp_id = 1');
    const facts = (await loadWaybillFacts(t.db, 1, f.waybillId))!;
    expect(facts.distanceSource).toBe('straightLine');
    expect(Number.isInteger(facts.distanceM)).toBe(true);
  });

  it('a split part carries its share of the line weight, rounded once to the gram', async () => {
    const f = await waybill();
    await run('UPDATE order_goods SET weight = 1.5 WHERE id = ?', f.goodsIds[0]); // 30 units weigh 1.5吨
    const partId = await t.db.insert('INSERT INTO order_parts (corp_id, order_id, part_no, created_at) VALUES (1, ?, 1, 0)', [f.orderId]);
    await run('INSERT INTO order_part_goods (part_id, order_goods_id, quantity) VALUES (?, ?, 7)', partId, f.goodsIds[0]);
    await run('UPDATE waybill_orders SET part_id = ? WHERE waybill_id = ?', partId, f.waybillId);
    expect(await loadWaybillFacts(t.db, 1, f.waybillId)).toMatchObject({ weightG: 350_000, piecesMilli: 7000, goodsCategories: [1] });
  });

  it('goods typed on the waybill find their category by code; a line without weight leaves the weight unknown', async () => {
    const f = await waybill();
    await run('DELETE FROM waybill_orders WHERE waybill_id = ?', f.waybillId);
    await run("INSERT INTO waybill_goods (corp_id, waybill_id, seq, goods_name, goods_code, quantity, weight, unit) VALUES (1, ?, 1, '饲料', 'PRC-FEED', 10, 10, '吨')", f.waybillId);
    await run("INSERT INTO waybill_goods (corp_id, waybill_id, seq, goods_name, goods_code, quantity, weight, unit) VALUES (1, ?, 2, '杂货', NULL, 3, NULL, '箱')", f.waybillId);
    expect(await loadWaybillFacts(t.db, 1, f.waybillId)).toMatchObject({ goodsCategories: [1, null], weightG: null, volumeCm3: null, piecesMilli: 13_000, customerIds: [] });
  });

  it("in kilograms when that is the corporation's weight unit", async () => {
    const f = await waybill();
    await run(`UPDATE corporations SET settings = '{"weightUnit":"千克"}' WHERE id = 1`);
    try {
      expect((await loadWaybillFacts(t.db, 1, f.waybillId))!.weightG).toBe(42_500);
    } finally {
      await run(`UPDATE corporations SET settings = '{}' WHERE id = 1`);
    }
  });

  it("another corporation's or a deleted waybill has no facts", async () => {
    const f = await waybill();
    expect(await loadWaybillFacts(t.db, 2, f.waybillId)).toBeNull();
    await run('UPDATE waybills SET is_deleted = 1 WHERE id = ?', f.waybillId);
    expect(await loadWaybillFacts(t.db, 1, f.waybillId)).toBeNull();
  });
});

describe('estimateWaybill through in-memory sources', () => {
  it("prices the carrier's waybill by its contract's rule, with the fuel surcharge of the origin province", async () => {
    const f = await waybill();
    const facts = (await loadWaybillFacts(t.db, 1, f.waybillId))!;
    const contract = carrierContract({ id: 41, carrierId, validFrom: facts.tripDate - 86_400_000, validUntil: facts.tripDate + 86_400_000 });
    const rules: ContractWithRules[] = [{ contract, rules: [
      rateRule({ id: 1, contractId: 41, originProvince: '广东省', unitPrice: 12_000, fuelLinked: 1, fuelBasePrice: 700, fuelCoefficient: 0.5 }),
      rateRule({ id: 2, contractId: 41, unitPrice: 99_999 }),
    ] }];
    const sources = {
      rules: memoryRuleSource({ 1: rules }),
      oilPrices: memoryOilPriceSource({ 1: [{ region: '广东省', oilType: 0, price: 735, effectiveDate: facts.tripDate - 1000 }] }),
    };
    const estimate = await estimateWaybill(t.db, 1, f.waybillId, 'carrier', sources);
    // 120元/吨 × 42.5吨 = 5100元; fuel 5100 × 0.5 × 0.35/7 = 127.5元.
    expect(estimate).toMatchObject({ ok: true, ruleId: 1, contractId: 41, total: 510_000 + 12_750 });
    expect(await estimateWaybill(t.db, 1, f.waybillId, 'customer', sources)).toMatchObject({ ok: false, code: 'noContract', message: '客户在运单日期没有生效的合同' });
    expect(await estimateWaybill(t.db, 1, 987_654, 'carrier', sources)).toMatchObject({ ok: false, message: '运单不存在' });
  });
});
