// Drives orders and their waybills through the API for the order tests: new orders, a vehicle,
// and a waybill moved step by step (receive, arrive, load, leave, via points, deliver, sign) as
// a driver and dispatcher would, always at the version just read.
import { expect } from 'vitest';
import type { Reply, TestApp } from './test-app.ts';
import { ORDER_BODY, vehicleInService } from './order-fixtures.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;

export function orderDriver(t: TestApp, caller: () => Caller) {
  const one = async <T = Row>(sql: string, ...params: unknown[]) => (await t.db.one<T>(sql, params)) as T;
  const all = <T = Row>(sql: string, ...params: unknown[]) => t.db.all<T>(sql, params);
  const ok = (r: Reply) => {
    expect(r.code, r.message).toBe(1);
    return r.result;
  };
  const versionOf = async (id: number) => (await one<{ version: number }>('SELECT version FROM orders WHERE id = ?', id)).version;
  const goodsIds = async (orderId: number) => (await all<{ id: number }>('SELECT id FROM order_goods WHERE order_id = ? ORDER BY id', orderId)).map((g) => g.id);

  async function newOrder(body: Row = {}) {
    return ok(await caller().post('/orderInfo/save', { ...ORDER_BODY, ...body })).id as number;
  }

  async function assign(orderId: number, partId?: number) {
    const r = ok(await caller().post('/orderInfo/assignVehicle', { orderId, version: await versionOf(orderId), vehicleId: (await vehicleInService(t)).id, ...(partId ? { partId } : {}) }));
    return r.waybillId as number;
  }

  /** The next person-driven action for a waybill at its current step, with its body. */
  async function nextAction(id: number): Promise<[string, Row]> {
    const w = await one('SELECT version, step FROM waybills WHERE id = ?', id);
    const nodes = await all('SELECT id, node_type AS type, actual_arrive_time AS arrived, actual_leave_time AS left FROM waybill_nodes WHERE waybill_id = ? ORDER BY seq', id);
    const at = { id, version: w.version };
    const goods = async () => ok(await caller().post('/waybillAction/getGoodsInfoBeforeLoad', { id })).goods.map((g: Row) => ({ goodsId: g.goodsId, quantity: g.quantity }));
    const start = nodes.find((n) => n.type === 'start')!;
    const end = nodes.find((n) => n.type === 'end')!;
    switch (w.step) {
      case 3: return ['receive', at];
      case 4: case 5: return ['arriveWaybillNode', { ...at, nodeId: start.id }];
      case 6: return ['startLoad', at];
      case 7: return ['confirmLoad', { ...at, goods: await goods() }];
      case 8: return ['leaveWaybillNode', { ...at, nodeId: start.id }];
      case 9: {
        const via = nodes.find((n) => n.type === 'via' && (n.arrived === null || n.left === null));
        if (via) return [via.arrived === null ? 'arriveWaybillNode' : 'leaveWaybillNode', { ...at, nodeId: via.id }];
        return ['arriveWaybillNode', { ...at, nodeId: end.id }];
      }
      case 10: return ['confirmDelivery', { ...at, goods: await goods() }];
      case 11: return ['leaveWaybillNode', { ...at, nodeId: end.id }];
      case 12: {
        const total = (await goods()).reduce((s: number, g: Row) => s + g.quantity, 0);
        return ['signOrder', { ...at, signedQuantity: total, deliveredQuantity: total }];
      }
      default: throw new Error(`no driven action at step ${w.step}`);
    }
  }

  /** Moves the waybill until it reaches `step` (a carriage step of the waybill machine). */
  async function drive(id: number, step: number) {
    while ((await one<{ step: number }>('SELECT step FROM waybills WHERE id = ?', id)).step < step) {
      const [action, body] = await nextAction(id);
      ok(await caller().post(`/waybillAction/${action}`, body));
    }
  }

  return { one, all, ok, versionOf, goodsIds, newOrder, assign, drive };
}
