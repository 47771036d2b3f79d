// Access inspection (准入检查): a rule refuses putting a vehicle or driver on a waybill it covers when a qualification
// is missing — every dispatch path (waybill 派车, orderInfo/assignVehicle, 指派司机) with code 100 naming the vehicle
// or driver, each failed item and the rule — while another customer's identical dispatch goes through; the version
// in force at the dispatch judges; the preview lists exactly the dispatch that saving the rule then refuses; bad
// input is refused naming the field; partners neither read nor write the rules.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertOrder, insertWaybill, vehicleOf } from './support/waybill-fixture.ts';
import { DAY_MS, formatDay, shanghaiDateStart, shanghaiDayStart } from '../server/resources/time.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
let t: TestApp;
let dispatcher: Caller;
let carrierUser: Caller;
let ownCarrier: number;
let customers: number[];
let vehicle: { id: number; driverId: number | null; vehicleNo: string };
let driverName: string;

const row = async (q: string, ...p: unknown[]) => (await t.db.one<any>(q, p))!;
const versionOf = async (id: number) => (await row('SELECT version FROM waybills WHERE id = ?', id)).version as number;
const ruleVersion = async (id: number) => (await row('SELECT version FROM access_inspection_rules WHERE id = ?', id)).version as number;
const today = shanghaiDayStart(Date.now());
const yesterday = today - DAY_MS;
const nextYear = today + 365 * DAY_MS;

const assign = async (who: Caller, waybillId: number) => who.post('/waybill/assignVehicle', { id: waybillId, version: await versionOf(waybillId), vehicleId: vehicle.id });
const cancel = async (waybillId: number) => dispatcher.post('/waybill/cancelVehicle', { id: waybillId, version: await versionOf(waybillId) });
const setVehicle = (column: string, value: number | null) => t.db.run(`UPDATE vehicles SET ${column} = ? WHERE id = ?`, [value, vehicle.id]);
const setDriver = (column: string, value: number | null) => t.db.run(`UPDATE drivers SET ${column} = ? WHERE id = ?`, [value, vehicle.driverId]);
const expiredTransport = (rule: string) => `车辆${vehicle.vehicleNo}道路运输证已于${formatDay(yesterday)}过期（准入检查「${rule}」）`;

beforeAll(async () => {
  t = await createTestApp();
  [dispatcher, carrierUser] = await Promise.all([t.as('dispatcher'), t.as('carrier')]);
  ownCarrier = (await row("SELECT partner_id AS id FROM users WHERE user_name = 'carrier'")).id;
  const ownCustomer = (await row("SELECT partner_id AS id FROM users WHERE user_name = 'customer'")).id as number;
  const other = (await row('SELECT id FROM customers WHERE corp_id = 1 AND is_deleted = 0 AND id <> ? ORDER BY id LIMIT 1', ownCustomer)).id as number;
  customers = [ownCustomer, other];
  vehicle = await vehicleOf(t.db, ownCarrier);
  driverName = (await row('SELECT driver_name AS n FROM drivers WHERE id = ?', vehicle.driverId)).n;
  // A vehicle and driver fully qualified but for the 道路运输证, which ran out yesterday.
  for (const c of ['driving_license_expiry', 'insurance_expiry']) await setVehicle(c, nextYear);
  await setVehicle('transport_license_expiry', yesterday);
  // Registered three years ago to the day: 3 full years of age.
  await setVehicle('register_date', shanghaiDateStart(`${Number(formatDay(today).slice(0, 4)) - 3}${formatDay(today).slice(4)}`));
  for (const c of ['license_expiry', 'qualification_expiry']) await setDriver(c, nextYear);
});

const RULE = () => ({ ruleName: '测试客户准入', customerId: customers[0], checkTransportLicense: 1, checkDriverLicense: 1 });

describe('an access inspection rule', () => {
  let ruleId: number;
  let earlier: Awaited<ReturnType<typeof insertWaybill>>;

  it('previews the past dispatch it would have refused, then refuses it once saved, not another customer\'s', async () => {
    // Before any rule: the vehicle goes on the customer's waybill.
    earlier = await insertWaybill(t.db, { customerId: customers[0] });
    expect((await assign(dispatcher, earlier.waybillId)).code).toBe(1);

    const preview = await dispatcher.post('/accessInspection/preview', { rule: RULE() });
    expect(preview.code).toBe(1);
    const listed = preview.result.refusals.filter((r: any) => r.waybillId === earlier.waybillId);
    expect(listed.map((r: any) => [r.action, r.failures])).toEqual([['assignVehicle', [expiredTransport('测试客户准入')]]]);
    expect(preview.result.rows.find((r: any) => r.waybillNo === earlier.waybillNo)).toMatchObject({ actionStr: '派车', reason: expiredTransport('测试客户准入') });
    expect(preview.result.summary.map((s: any) => s.label)).toEqual(['预览区间', '派车及指派司机', '适用本规则', '将被拒绝']);

    const saved = await dispatcher.post('/accessInspection/save', RULE());
    expect(saved.code).toBe(1);
    ruleId = saved.result.id;
    // Replayed: the same vehicle on the same waybill is now refused with the preview's words, and nothing changes.
    expect((await cancel(earlier.waybillId)).code).toBe(1);
    const refused = await t.refused(() => assign(dispatcher, earlier.waybillId));
    expect([refused.code, refused.message]).toEqual([100, expiredTransport('测试客户准入')]);
    expect(refused.result).toMatchObject({ field: 'vehicleId' });
    expect((await row('SELECT vehicle_id AS v FROM waybills WHERE id = ?', earlier.waybillId)).v).toBeNull();

    // Another customer's identical waybill is outside the rule.
    const other = await insertWaybill(t.db, { customerId: customers[1] });
    expect((await assign(dispatcher, other.waybillId)).code).toBe(1);
  });

  it('lets the vehicle through once its document is renewed, and names every failed item of vehicle and driver', async () => {
    await setVehicle('transport_license_expiry', nextYear);
    const f = await insertWaybill(t.db, { customerId: customers[0] });
    expect((await assign(dispatcher, f.waybillId)).code).toBe(1);
    expect((await cancel(f.waybillId)).code).toBe(1);

    await setVehicle('transport_license_expiry', null);
    await setDriver('license_expiry', yesterday);
    const both = await t.refused(() => assign(dispatcher, f.waybillId));
    expect(both.message).toBe(`车辆${vehicle.vehicleNo}未登记道路运输证有效期（准入检查「测试客户准入」）；司机${driverName}驾驶证已于${formatDay(yesterday)}过期（准入检查「测试客户准入」）`);
    await setVehicle('transport_license_expiry', nextYear);
    await setDriver('license_expiry', nextYear);
  });

  it('guards orderInfo/assignVehicle (the waybill is not created) and 指派司机', async () => {
    await setVehicle('transport_license_expiry', yesterday);
    const order = await insertOrder(t.db, { customerId: customers[0] });
    const version = (await row('SELECT version FROM orders WHERE id = ?', order.orderId)).version;
    const r = await t.refused(() => dispatcher.post('/orderInfo/assignVehicle', { orderId: order.orderId, version, vehicleId: vehicle.id }));
    expect([r.code, r.message]).toEqual([100, expiredTransport('测试客户准入')]);
    expect((await row('SELECT count(*) AS n FROM waybill_orders WHERE order_id = ?', order.orderId)).n).toBe(0);
    await setVehicle('transport_license_expiry', nextYear);

    const f = await insertWaybill(t.db, { customerId: customers[0] });
    expect((await assign(dispatcher, f.waybillId)).code).toBe(1);
    // A driver whose 驾驶证 expires before the planned load day is refused when put on.
    const loadDay = today + 3 * DAY_MS;
    await t.db.run('UPDATE waybill_nodes SET required_arrive_time = ? WHERE id = ?', [loadDay + 10 * 3600_000, f.nodes.start]);
    await setDriver('license_expiry', today + DAY_MS);
    const dv = await versionOf(f.waybillId);
    const d = await t.refused(() => dispatcher.post('/waybill/assignDriver', { id: f.waybillId, version: dv, driverId: vehicle.driverId }));
    expect([d.code, d.message]).toEqual([100, `司机${driverName}驾驶证有效期至${formatDay(today + DAY_MS)}，早于计划装货日${formatDay(loadDay)}（准入检查「测试客户准入」）`]);
    expect(d.result).toMatchObject({ field: 'driverId' });
    await setDriver('license_expiry', nextYear);
    expect((await dispatcher.post('/waybill/assignDriver', { id: f.waybillId, version: await versionOf(f.waybillId), driverId: vehicle.driverId })).code).toBe(1);
  });

  it('judges by the version in force at the dispatch: a change applies from its moment, a stopped rule does nothing', async () => {
    await setVehicle('transport_license_expiry', yesterday);
    const f = await insertWaybill(t.db, { customerId: customers[0] });
    expect((await t.refused(() => assign(dispatcher, f.waybillId))).code).toBe(100);
    // Version 2 asks for a bound temperature device and at most 2 years of age instead of the 道路运输证.
    const changed = await dispatcher.post('/accessInspection/update', { id: ruleId, version: await ruleVersion(ruleId), checkTransportLicense: 0, requireTemperatureDevice: 1, maxVehicleAgeYears: 2 });
    expect(changed.code).toBe(1);
    const v2 = await t.refused(() => assign(dispatcher, f.waybillId));
    expect(v2.message).toBe(`车辆${vehicle.vehicleNo}未绑定温度设备（准入检查「测试客户准入」）；车辆${vehicle.vehicleNo}车龄3年，超过准入上限2年（准入检查「测试客户准入」）`);
    const history = await dispatcher.post('/accessInspection/history', { id: ruleId });
    expect(history.code).toBe(1);
    const versions = await t.db.all<any>("SELECT version, valid_until AS until FROM rule_versions WHERE rule_type = 'access' AND rule_id = ? ORDER BY version", [ruleId]);
    expect(versions.map((v) => [v.version, v.until === null])).toEqual([[1, false], [2, true]]);
    const detail = (await dispatcher.get(`/accessInspection/detail?id=${ruleId}`)).result;
    expect(detail.requirementsText).toBe('驾驶证有效；绑定温度设备；车龄不超过2年');

    const stopped = await dispatcher.post('/accessInspection/update', { id: ruleId, version: await ruleVersion(ruleId), status: 1 });
    expect(stopped.code).toBe(1);
    expect((await assign(dispatcher, f.waybillId)).code).toBe(1);
    await setVehicle('transport_license_expiry', nextYear);
  });
});

describe('input and partners', () => {
  it('refuses bad rules naming the field, changing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ruleName: '空规则' }, '准入要求：请至少设置一项证件、温度设备、准入车型或车龄要求'],
      [{ ruleName: '负车龄', maxVehicleAgeYears: -1 }, '车龄上限：'],
      [{ ruleName: '车型', allowedCarModelIds: ['x'] }, '准入车型'],
      [{ ruleName: '车型2', allowedCarModelIds: [999999] }, '准入车型：所选车型不存在'],
      [{ ruleName: '证件', checkInsurance: 2 }, '保险须在有效期内'],
      [{ ruleName: 'x'.repeat(51), checkInsurance: 1 }, '规则名称'],
      [{ ruleName: '条件', checkInsurance: 1, conditions: [{ field: 'carModelId', operator: 'eq', value: 1 }] }, '条件'],
      [{ ruleName: '未知', checkInsurance: 1, sqlField: "1'; DROP TABLE vehicles;--" }, ''],
    ];
    for (const [body, words] of cases) {
      const r = await t.refused(() => dispatcher.post('/accessInspection/save', body));
      expect(r.code, JSON.stringify(body)).toBe(100);
      expect(r.message).toContain(words);
    }
    const p = await t.refused(() => dispatcher.post('/accessInspection/preview', { rule: { ruleName: '空' } }));
    expect(p.code).toBe(100);
  });

  it('keeps the rules to staff: a carrier user neither reads, previews nor saves them', async () => {
    expect((await t.refused(() => carrierUser.post('/accessInspection/save', { ...RULE(), ruleName: '承运商规则' }))).code).toBe(104);
    expect((await t.refused(() => carrierUser.post('/accessInspection/preview', { rule: RULE() }))).code).toBe(104);
    expect((await carrierUser.post('/accessInspection/page', {})).code).toBe(104);
  });
});
