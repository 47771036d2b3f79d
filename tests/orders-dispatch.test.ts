// Dispatch through the API (issue 13, items 3–4): a driver must belong to the vehicle's carrier on
// every dispatch path; a partly dispatched order shows its waybill's status and carrier; splits,
// delegations and dispatches are in the order's history with who and what; the vehicle picker says
// model, capacity and whether the vehicle is free; bad input to the dispatch endpoints is refused
// naming the field, changing nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { ORDER_BODY, vehicleInService } from './support/order-fixtures.ts';

type Row = Record<string, any>;
const t: TestApp = await createTestApp();
let dispatcher: Awaited<ReturnType<TestApp['as']>>;
const one = async <T = Row>(sql: string, ...params: unknown[]) => (await t.db.one<T>(sql, params)) as T;
const versionOf = async (id: number) => (await one<{ version: number }>('SELECT version FROM orders WHERE id = ?', id)).version;
/** A driver in service of another carrier than `carrierId`. */
const foreignDriver = async (carrierId: number) => (await one<{ id: number }>('SELECT id FROM drivers WHERE corp_id = 1 AND status = 0 AND is_deleted = 0 AND carrier_id <> ? LIMIT 1', carrierId)).id;
const carrierName = async (id: number) => (await one<{ n: string }>('SELECT carrier_name AS n FROM carriers WHERE id = ?', id)).n;

async function splitOrder() {
  const id = (await dispatcher.post('/orderInfo/save', ORDER_BODY)).result.id as number;
  const goods = (await one<{ id: number }>('SELECT id FROM order_goods WHERE order_id = ? ORDER BY id', id)).id;
  const part = (await dispatcher.post('/orderInfo/splitOrder', { orderId: id, version: 1, lines: [{ goodsId: goods, quantity: 4 }] })).result;
  return { id, goods, part };
}

beforeAll(async () => {
  dispatcher = await t.as('dispatcher');
});

describe('pairing a driver with a vehicle', () => {
  it('refuses a driver of another carrier on an order part, naming the driver field, and dispatches nothing', async () => {
    const { id, part } = await splitOrder();
    const vehicle = await vehicleInService(t);
    const r = await t.refused(async () => dispatcher.post('/orderInfo/assignVehicle', { orderId: id, version: part.version, partId: part.partId, vehicleId: vehicle.id, driverId: await foreignDriver(vehicle.carrierId) }));
    expect([r.code, r.message, r.result]).toEqual([100, `司机：不属于该车辆的承运商（${await carrierName(vehicle.carrierId)}）`, { field: 'driverId' }]);
    const other = (await one<{ id: number }>('SELECT id FROM carriers WHERE corp_id = 1 AND id <> ? LIMIT 1', vehicle.carrierId)).id;
    const c = await t.refused(() => dispatcher.post('/orderInfo/assignVehicle', { orderId: id, version: part.version, partId: part.partId, vehicleId: vehicle.id, carrierId: other }));
    expect([c.code, c.result]).toEqual([100, { field: 'carrierId' }]);
  });

  it('refuses a foreign driver on a waybill, when assigning the vehicle and when changing the driver', async () => {
    const { id, part } = await splitOrder();
    const vehicle = await vehicleInService(t);
    const w = (await dispatcher.post('/orderInfo/assignVehicle', { orderId: id, version: part.version, partId: part.partId, vehicleId: vehicle.id })).result;
    const wv = (await one<{ version: number }>('SELECT version FROM waybills WHERE id = ?', w.waybillId)).version;
    const d = await t.refused(async () => dispatcher.post('/waybill/assignDriver', { id: w.waybillId, version: wv, driverId: await foreignDriver(vehicle.carrierId) }));
    expect([d.code, d.result]).toEqual([100, { field: 'driverId' }]);
    const cancelled = await dispatcher.post('/waybill/cancelVehicle', { id: w.waybillId, version: wv });
    expect(cancelled.code, cancelled.message).toBe(1);
    const a = await t.refused(async () => dispatcher.post('/waybill/assignVehicle', { id: w.waybillId, version: cancelled.result.version, vehicleId: vehicle.id, driverId: await foreignDriver(vehicle.carrierId) }));
    expect([a.code, a.message.startsWith('司机：不属于该车辆的承运商'), a.result]).toEqual([100, true, { field: 'driverId' }]);
    const ok = await dispatcher.post('/waybill/assignVehicle', { id: w.waybillId, version: cancelled.result.version, vehicleId: vehicle.id, driverId: vehicle.driverId });
    expect(ok.code, ok.message).toBe(1);
  });

  it('refuses bad input to the dispatch endpoints with code 100 naming the field', async () => {
    const { id, part } = await splitOrder();
    const base = { orderId: id, version: part.version, partId: part.partId, vehicleId: (await vehicleInService(t)).id };
    const cases: [Row, string][] = [
      [{ ...base, vehicleId: 'x' }, '车辆'], [{ ...base, driverId: -1 }, '司机'], [{ ...base, partId: 1.5 }, '拆分单'],
      [{ ...base, vehicleId: "1; DROP TABLE orders" }, '车辆'], [{ ...base, extra: 1 }, ''], [{ orderId: id, version: part.version }, '车辆'],
    ];
    for (const [body, field] of cases) {
      const r = await t.refused(() => dispatcher.post('/orderInfo/assignVehicle', body));
      expect(r.code, JSON.stringify(body)).toBe(100);
      expect(r.message).toContain(field);
      expect(r.message).not.toMatch(/ID/);
    }
    for (const body of [{ vehicleNo: 'x'.repeat(21) }, { vehicleNo: '<script>' + 'a'.repeat(20) }, { pageSize: -1 }, { id: 'a' }, { unknown: 1 }]) {
      const r = await dispatcher.post('/waybill/pageQueryVehicleInfo', body);
      expect([r.status < 500, r.code], JSON.stringify(body)).toEqual([true, 100]);
    }
  });
});

describe('what a dispatch does to the order', () => {
  it('shows the waybill\'s status and carrier on a partly dispatched order, and lists split, delegation and dispatch in its history', async () => {
    const { id, part } = await splitOrder();
    const vehicle = await vehicleInService(t);
    const before = (await dispatcher.get(`/orderInfo/details?id=${id}`)).result;
    expect([before.statusStr, before.carrierName, before.goodsWaiting]).toEqual(['待调度', null, 1]);
    const w = (await dispatcher.post('/orderInfo/assignVehicle', { orderId: id, version: part.version, partId: part.partId, vehicleId: vehicle.id })).result;
    const d = (await dispatcher.get(`/orderInfo/details?id=${id}`)).result;
    expect([d.statusStr, d.carrierName, d.goodsWaiting]).toEqual(['待司机接单', await carrierName(vehicle.carrierId), 1]);
    expect(d.waybills.map((x: Row) => [x.waybillNo, x.partName, x.carrierName])).toEqual([[w.waybillNo, '第1单', await carrierName(vehicle.carrierId)]]);
    expect(d.parts.map((p: Row) => [p.partName, p.goodsText, p.waybillNo])).toEqual([['第1单', '测试货物 4件', w.waybillNo]]);
    const listed = (await dispatcher.post('/orderInfo/list', { orderNo: d.orderNo })).result.data[0];
    expect([listed.statusStr, listed.carrierName, listed.goodsWaiting]).toEqual(['待司机接单', await carrierName(vehicle.carrierId), 1]);

    const events = (await dispatcher.get(`/orderDetails/findOrderEventById?id=${id}`)).result as Row[];
    const vehicleNo = (await one<{ n: string }>('SELECT vehicle_no AS n FROM vehicles WHERE id = ?', vehicle.id)).n;
    const driverName = (await one<{ n: string }>('SELECT driver_name AS n FROM drivers WHERE id = ?', vehicle.driverId)).n;
    expect(events.map((e) => [e.actionName, e.userName, e.summary])).toEqual([
      ['新增', '张调度', '创建订单'],
      ['拆分', '张调度', '拆分出 第1单：测试货物 4件'],
      ['派车', '张调度', `第1单 派车 ${vehicleNo} / ${driverName}（${await carrierName(vehicle.carrierId)}）`],
    ]);

    const other = (await dispatcher.post('/orderInfo/save', ORDER_BODY)).result.id as number;
    expect((await dispatcher.post('/orderInfo/delegate', { id: other, version: await versionOf(other), carrierId: 1 })).code).toBe(1);
    const delegated = (await dispatcher.get(`/orderDetails/findOrderEventById?id=${other}`)).result as Row[];
    expect(delegated.at(-1)).toMatchObject({ actionName: '委托', summary: `委托给 ${await carrierName(1)}` });
  });

  it('offers vehicles with model, capacity and whether they are free or on a waybill', async () => {
    const { id, part } = await splitOrder();
    // Free vehicles come first; earlier tests of this file dispatched some.
    const vehicle = ((await dispatcher.post('/waybill/pageQueryVehicleInfo', { pageSize: 50 })).result.data as Row[]).find((v) => v.loadState === 0 && v.driverId)!;
    const pick = async () => (await dispatcher.post('/waybill/pageQueryVehicleInfo', { id: vehicle.id })).result.data[0];
    const free = await pick();
    expect([free.loadStateStr, free.waybillNo]).toEqual(['空闲', null]);
    expect(free.description).toContain(free.carModelName ?? '未填车型');
    const w = (await dispatcher.post('/orderInfo/assignVehicle', { orderId: id, version: part.version, partId: part.partId, vehicleId: vehicle.id })).result;
    const busy = await pick();
    expect([busy.loadStateStr, busy.waybillNo, busy.description.endsWith(`已派车 ${w.waybillNo}`)]).toEqual(['已派车', w.waybillNo, true]);
    const carrier = await t.as('carrier');
    const own = (await carrier.post('/waybill/pageQueryVehicleInfo', {})).result.data as Row[];
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((v) => v.carrierId))).toEqual(new Set([1]));
  });
});
