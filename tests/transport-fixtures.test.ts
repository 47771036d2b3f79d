// The demo orders and waybills (fixtures/transport.ts) are what the workflow would have made:
// every status and business line appears, each waybill's stored state is what replaying its own
// timeline through the waybill machine gives, its route's times agree with its step, each order's
// status is what order-sync derives, quantities add up across parts and waybills, and the detail
// endpoints and the partner scopes work on them.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { applyWaybillAction, INITIAL_WAYBILL_STATE, Step, type ActionInput, type WaybillState } from '../server/domain/workflow/waybill-machine.ts';
import { OrderStatus, taskStatusOf } from '../server/domain/workflow/order-machine.ts';
import { refreshOrderStatus } from '../server/domain/workflow/order-sync.ts';
import { arriveLeaveState } from '../server/domain/waybills/timeline.ts';
import { BUSINESS_GROUPS } from '../fixtures/transport-goods.ts';

type Row = Record<string, any>;
let t: TestApp;
let now: number;
const all = (sql: string, ...p: unknown[]) => t.db.$client.prepare(sql).all(...p) as Row[];
const byKey = <T extends Row>(rows: T[], key: string) => {
  const m = new Map<number, T[]>();
  for (const r of rows) m.set(r[key], [...(m.get(r[key]) ?? []), r]);
  return m;
};

beforeAll(() => {
  now = Date.now();
  t = createTestApp({ transportDemo: true });
}, 60_000);

describe('coverage', () => {
  it('has thousands of orders and waybills of corporation 1, some of corporation 2', () => {
    const count = (table: string, corp: number) => all(`SELECT count(*) AS n FROM ${table} WHERE corp_id = ?`, corp)[0].n;
    expect(count('orders', 1)).toBeGreaterThan(2000);
    expect(count('waybills', 1)).toBeGreaterThan(2000);
    expect(count('waybills', 2)).toBeGreaterThan(100);
  });

  it('every waybill status, carriage step and sign-off status appears', () => {
    const values = (col: string) => all(`SELECT DISTINCT ${col} AS v FROM waybills WHERE corp_id = 1 ORDER BY 1`).map((r) => r.v);
    expect(values('status')).toEqual([1, 100, 200, 300, 400, 500, 600, 700]);
    expect(values('step')).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 90, 999]);
    expect(values('sign_status')).toEqual([1210, 1211, 1212, 1213]);
  });

  it('every order status the workflow reaches without the transfer records appears (31 待转运 needs a pending transfers row; 30 未委托 and 1 已接收 have no transition into them)', () => {
    const statuses = all('SELECT DISTINCT status AS v FROM orders WHERE corp_id = 1 ORDER BY 1').map((r) => r.v);
    expect(statuses).toEqual([-3, -2, -1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 999]);
  });

  it('every business line appears in orders and waybills', () => {
    for (const table of ['orders', 'waybills']) {
      const types = new Set(all(`SELECT DISTINCT business_type AS v FROM ${table} WHERE corp_id = 1`).map((r) => r.v));
      for (const [group, members] of Object.entries(BUSINESS_GROUPS)) expect(members.some((m) => types.has(m)), `${table} ${group}`).toBe(true);
    }
  });

  it('has split orders with waiting parts, delegated orders, stowed and transferred waybills', () => {
    expect(all('SELECT count(*) AS n FROM order_parts WHERE waybill_id IS NULL')[0].n).toBeGreaterThan(0);
    expect(all('SELECT count(*) AS n FROM orders WHERE carrier_id IS NOT NULL AND status NOT IN (3)')[0].n).toBeGreaterThan(0);
    expect(all('SELECT count(*) AS n FROM (SELECT waybill_id FROM waybill_orders GROUP BY waybill_id HAVING count(*) > 1)')[0].n).toBeGreaterThan(0);
    expect(all('SELECT count(*) AS n FROM waybills WHERE transferred_from_id IS NOT NULL')[0].n).toBeGreaterThan(0);
  });
});

describe('every waybill is consistent with its machine', () => {
  let waybills: Row[];
  let events: Map<number, Row[]>;
  let nodes: Map<number, Row[]>;
  beforeAll(() => {
    waybills = all('SELECT * FROM waybills');
    events = byKey(all('SELECT * FROM waybill_events ORDER BY waybill_id, at, id'), 'waybill_id');
    nodes = byKey(all('SELECT * FROM waybill_nodes ORDER BY waybill_id, seq'), 'waybill_id');
  });

  it('its stored state is what replaying its events through applyWaybillAction gives', () => {
    for (const w of waybills) {
      const list = events.get(w.id) ?? [];
      const nodeById = new Map((nodes.get(w.id) ?? []).map((n) => [n.id, n]));
      let state: WaybillState = w.transferred_from_id ? { status: 400, step: 9, signStatus: 1210 } : INITIAL_WAYBILL_STATE;
      let last = w.created_at;
      for (const e of list) {
        expect([e.from_status, e.from_step], `waybill ${w.id} event ${e.action}`).toEqual([state.status, state.step]);
        expect(e.at).toBeGreaterThanOrEqual(last);
        expect(e.at).toBeLessThanOrEqual(now);
        last = e.at;
        if (e.action === 'transferIn') continue; // the receiving side's handover: no machine row, the state carries on
        const payload = e.payload ? JSON.parse(e.payload) : {};
        const input: ActionInput = { ...payload, nodeType: e.node_id ? nodeById.get(e.node_id)?.node_type : undefined };
        const out = applyWaybillAction(state, e.action, input);
        expect(out.ok, `waybill ${w.id}: ${e.action} from ${JSON.stringify(state)}`).toBe(true);
        if (!out.ok) return;
        expect([out.state.status, out.state.step], `waybill ${w.id} ${e.action}`).toEqual([e.to_status, e.to_step]);
        state = out.state;
      }
      expect({ status: w.status, step: w.step, signStatus: w.sign_status }, `waybill ${w.id}`).toEqual(state);
      expect(w.updated_at).toBe(list.length ? list.at(-1)!.at : w.created_at);
    }
  });

  it('its route: earlier places reached before later ones, times as the events say, early/late judged against the required time', () => {
    for (const w of waybills) {
      const route = nodes.get(w.id)!;
      expect(route[0].node_type).toBe('start');
      expect(route.at(-1)!.node_type).toBe('end');
      let reachedLater = false;
      for (const n of [...route].reverse()) {
        if (reachedLater) expect(n.actual_leave_time, `waybill ${w.id} node ${n.seq}`).not.toBeNull();
        if (n.actual_arrive_time !== null) reachedLater = true;
        if (n.actual_leave_time !== null) expect(n.actual_leave_time).toBeGreaterThanOrEqual(n.actual_arrive_time);
        expect(n.arrive_state).toBe(arriveLeaveState(n.actual_arrive_time, n.required_arrive_time));
        expect(n.leave_state).toBe(arriveLeaveState(n.actual_leave_time, n.required_leave_time));
      }
      const nodeEvents = (events.get(w.id) ?? []).filter((e) => e.node_id !== null);
      for (const e of nodeEvents) {
        const n = route.find((x) => x.id === e.node_id)!;
        expect(e.action === 'arriveWaybillNode' ? n.actual_arrive_time : n.actual_leave_time).toBe(e.at);
      }
    }
  });

  it('its step says which places it has passed', () => {
    const live = waybills.filter((w) => w.status === 400 || w.status === 500);
    expect(live.length).toBeGreaterThan(500);
    for (const w of live) {
      const route = nodes.get(w.id)!;
      const [start, end] = [route[0], route.at(-1)!];
      if (w.step >= Step.AWAITING_LOADING_START) expect(start.actual_arrive_time, `waybill ${w.id}`).not.toBeNull();
      if (w.step >= Step.AWAITING_ARRIVAL_AT_UNLOADING) expect(start.actual_leave_time).not.toBeNull();
      if (w.step >= Step.AWAITING_LEAVING_UNLOADING && w.step !== Step.DONE) expect(end.actual_arrive_time).not.toBeNull();
      if (w.step >= Step.AWAITING_SIGN_OFF) expect(end.actual_leave_time).not.toBeNull();
      if (w.step < Step.AWAITING_DELIVERY) expect(end.actual_arrive_time).toBeNull();
    }
    // Some places were reached early (2), some late (3).
    const states = new Set(all('SELECT DISTINCT arrive_state AS s FROM waybill_nodes WHERE arrive_state IS NOT NULL').map((r) => r.s));
    expect([...states].sort()).toEqual([1, 2, 3]);
  });

  it('has a vehicle once dispatched, receipts and evaluations where those steps were reached', () => {
    for (const w of waybills) {
      if (w.status === 100) expect(w.vehicle_id).toBeNull();
      if ([200, 300, 400, 500, 1].includes(w.status)) expect(w.vehicle_id, `waybill ${w.id}`).not.toBeNull();
    }
    const receipts = new Set(all('SELECT waybill_id AS id FROM waybill_receipts').map((r) => r.id));
    const evaluated = new Set(all('SELECT waybill_id AS id FROM waybill_evaluations').map((r) => r.id));
    for (const w of waybills) {
      const actions = new Set((events.get(w.id) ?? []).map((e) => e.action));
      expect(receipts.has(w.id), `waybill ${w.id}`).toBe(actions.has('receipt'));
      expect(evaluated.has(w.id)).toBe(actions.has('evaluate'));
      if (w.status === 500 && [14, 15, 16].includes(w.step)) expect(receipts.has(w.id)).toBe(true);
    }
    expect(all('SELECT count(*) AS n FROM waybill_receipts r LEFT JOIN files f ON f.id = r.file_id WHERE f.id IS NULL')[0].n).toBe(0);
  });
});

describe('orders', () => {
  it('store exactly the status order-sync derives from their waybills, and the task status that follows it', () => {
    const before = all('SELECT id, status, task_status AS task, version FROM orders ORDER BY id');
    expect(before.length).toBeGreaterThan(2000);
    for (const o of before) expect(o.task, `order ${o.id}`).toBe(taskStatusOf(o.status));
    const sqlite = t.db.$client;
    sqlite.transaction(() => {
      for (const o of before) refreshOrderStatus(sqlite, o.id, now);
    })();
    const after = all('SELECT id, status, task_status AS task, version FROM orders ORDER BY id');
    expect(after).toEqual(before);
  });

  it('conserve quantities: live parts plus what remains make each goods line, a finished split leaves nothing', () => {
    const goods = all('SELECT g.id, g.order_id AS orderId, g.quantity, o.splittable FROM order_goods g JOIN orders o ON o.id = g.order_id');
    const used = new Map(all(`SELECT pg.order_goods_id AS id, sum(CAST(round(pg.quantity * 1000) AS INTEGER)) AS m FROM order_part_goods pg
      JOIN order_parts p ON p.id = pg.part_id WHERE p.cancelled = 0 GROUP BY pg.order_goods_id`).map((r) => [r.id, r.m]));
    const splitOrders = new Set(all('SELECT DISTINCT order_id AS id FROM order_parts').map((r) => r.id));
    let split = 0;
    for (const g of goods) {
      if (!splitOrders.has(g.orderId)) continue;
      split++;
      const left = Math.round(g.quantity * 1000) - (used.get(g.id) ?? 0);
      expect(left, `goods ${g.id}`).toBeGreaterThanOrEqual(0);
      if (g.splittable === 0) expect(left).toBe(0);
    }
    expect(split).toBeGreaterThan(100);
  });

  it('each waybill loads and delivers exactly what it carries (a split part, or whole orders)', async () => {
    const { goodsOfWaybill } = await import('../server/domain/waybills/goods.ts');
    // A waybill that took over a transferred load records what was put on it (transferIn) as its loading.
    const delivered = all(`SELECT e.waybill_id AS id, w.transferred_from_id AS fromId FROM waybill_events e JOIN waybills w ON w.id = e.waybill_id
      WHERE e.action = 'confirmDelivery' GROUP BY e.waybill_id ORDER BY w.transferred_from_id IS NULL, e.waybill_id LIMIT 400`);
    expect(delivered.filter((d) => d.fromId !== null).length).toBeGreaterThan(5);
    for (const { id, fromId } of delivered) {
      for (const g of goodsOfWaybill(t.db.$client, id)) {
        expect(g.loadedQuantity, `waybill ${id} (transferred in: ${fromId !== null}) goods ${g.goodsId}`).toBe(g.quantity);
        expect(g.deliveredQuantity).toBe(g.quantity);
      }
    }
  });

  it('a split order\'s parts each ride one waybill, and a whole order is not also split', () => {
    const partOnTwo = all(`SELECT p.id FROM order_parts p JOIN waybill_orders wo ON wo.part_id = p.id JOIN waybills w ON w.id = wo.waybill_id
      WHERE w.status <> 700 GROUP BY p.id HAVING count(*) > 1`);
    expect(partOnTwo).toEqual([]);
    expect(all('SELECT count(*) AS n FROM waybill_orders wo JOIN order_parts p ON p.order_id = wo.order_id WHERE wo.part_id IS NULL')[0].n).toBe(0);
    expect(all(`SELECT count(*) AS n FROM orders WHERE status = ?`, OrderStatus.AWAITING_DISPATCH)[0].n).toBeGreaterThan(0);
  });
});

describe('the endpoints on the demo data', () => {
  it('answer code 1 for waybill detail, node list and order details across every status', async () => {
    const dispatcher = await t.as('dispatcher');
    const sample = all('SELECT min(id) AS id FROM waybills WHERE corp_id = 1 GROUP BY status, step');
    for (const { id } of sample) {
      for (const path of [`/waybill/getWaybillDetailById?id=${id}`, `/waybill/getNodeListByIdVO?id=${id}`]) {
        const r = await dispatcher.get(path);
        expect([r.status, r.code], `${path}: ${r.message}`).toEqual([200, 1]);
      }
    }
    const orders = all('SELECT min(id) AS id FROM orders WHERE corp_id = 1 GROUP BY status');
    for (const { id } of orders) {
      const r = await dispatcher.get(`/orderInfo/details?id=${id}`);
      expect([r.code, r.result.id], r.message).toEqual([1, id]);
    }
  });

  it('the carrier user sees only its carrier\'s waybills, and some', async () => {
    const carrier = await t.as('carrier');
    const partner = all("SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")[0].p;
    const r = await carrier.post('/waybill/pageQueryByCondition', { pageSize: 1000 });
    expect(r.code, r.message).toBe(1);
    expect(r.result.totalRecords).toBe(all('SELECT count(*) AS n FROM waybills WHERE corp_id = 1 AND carrier_id = ?', partner)[0].n);
    expect(r.result.totalRecords).toBeGreaterThan(100);
    expect(new Set(r.result.data.map((w: Row) => w.carrierId))).toEqual(new Set([partner]));
  });

  it('the customer user sees only its customer\'s orders, and some', async () => {
    const customer = await t.as('customer');
    const partner = all("SELECT partner_id AS p FROM users WHERE user_name = 'customer'")[0].p;
    const r = await customer.post('/orderInfo/list', { pageSize: 1000 });
    expect(r.code, r.message).toBe(1);
    expect(r.result.totalRecords).toBe(all('SELECT count(*) AS n FROM orders WHERE corp_id = 1 AND customer_id = ?', partner)[0].n);
    expect(r.result.totalRecords).toBeGreaterThan(100);
    expect(new Set(r.result.data.map((o: Row) => o.customerId))).toEqual(new Set([partner]));
  });
});

describe('the maintained tab counts (waybill_status_counts)', () => {
  const exact = () => {
    const kept = all('SELECT corp_id AS c, carrier_id AS k, business_type AS b, status AS s, n FROM waybill_status_counts WHERE n <> 0 ORDER BY 1, 2, 3, 4');
    const counted = all(`SELECT corp_id AS c, coalesce(carrier_id, 0) AS k, business_type AS b, status AS s, count(*) AS n FROM waybills WHERE is_deleted = 0
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`);
    expect(kept).toEqual(counted);
    return kept.length;
  };

  it('equal a count of the rows after the seed, after actions, a vehicle change and a batch delete', async () => {
    expect(exact()).toBeGreaterThan(20);
    const dispatcher = await t.as('dispatcher');
    const fresh = all('SELECT id, version FROM waybills WHERE corp_id = 1 AND status = 100 ORDER BY id LIMIT 2');
    const vehicle = all('SELECT id FROM vehicles WHERE corp_id = 1 AND status = 0 AND carrier_id IS NOT NULL AND driver_id IS NOT NULL ORDER BY id LIMIT 1')[0].id;
    const assigned = await dispatcher.post('/waybill/assignVehicle', { id: fresh[0].id, version: fresh[0].version, vehicleId: vehicle });
    expect(assigned.code, assigned.message).toBe(1);
    const waiting = all('SELECT id, version FROM waybills WHERE corp_id = 1 AND status = 200 ORDER BY id LIMIT 1')[0];
    expect((await dispatcher.post('/waybillAction/abnormalEnd', { id: waiting.id, version: waiting.version, reason: '车辆故障' })).code).toBe(1);
    expect((await dispatcher.post('/waybill/batchDeleteWaybill', { ids: [fresh[1].id] })).code).toBe(105);
    expect(all('SELECT is_deleted AS d FROM waybills WHERE id = ?', fresh[1].id)[0].d).toBe(1);
    exact();
  });
});
