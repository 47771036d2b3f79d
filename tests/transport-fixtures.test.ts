// The demo orders and waybills (fixtures/transport.ts) are what the workflow would have made:
// every status and business line appears, each waybill's stored state is what replaying its own
// timeline through the waybill machine gives, its route's times agree with its step, each order's
// status is what order-sync derives, quantities add up across parts and waybills, and the detail
// endpoints and the partner scopes work on them.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { ACTION_NAMES, applyWaybillAction, INITIAL_WAYBILL_STATE, Step, type ActionInput, type WaybillState } from '../server/domain/workflow/waybill-machine.ts';
import { reachableCatalogue, reachableOrderStatuses, reachableWaybillStates } from './support/reachable-statuses.ts';
import { OrderStatus, taskStatusOf } from '../server/domain/workflow/order-machine.ts';
import { refreshOrderStatus } from '../server/domain/workflow/order-sync.ts';
import { arriveLeaveState } from '../server/domain/waybills/timeline.ts';
import { BUSINESS_GROUPS } from '../fixtures/transport-goods.ts';

type Row = Record<string, any>;
let t: TestApp;
let now: number;
const all = (sql: string, ...p: unknown[]) => t.db.all<Row>(sql, p);
const byKey = <T extends Row>(rows: T[], key: string) => {
  const m = new Map<number, T[]>();
  for (const r of rows) m.set(r[key], [...(m.get(r[key]) ?? []), r]);
  return m;
};

beforeAll(async () => {
  t = await createTestApp({ transportDemo: true });
  // The demo's transfers, edits and stowage ran through the server's functions at seeding time.
  now = Date.now();
}, 60_000);

describe('coverage', () => {
  it('has thousands of orders and waybills of corporation 1, some of corporation 2', async () => {
    const count = async (table: string, corp: number) => (await all(`SELECT count(*) AS n FROM ${table} WHERE corp_id = ?`, corp))[0].n;
    expect(await count('orders', 1)).toBeGreaterThan(2000);
    expect(await count('waybills', 1)).toBeGreaterThan(2000);
    expect(await count('waybills', 2)).toBeGreaterThan(100);
  });

  // Exactly the statuses of the spec's catalogues that the machines reach: each at least once, and nothing else.
  const present = async (table: string, col: string) => (await all(`SELECT DISTINCT ${col} AS v FROM ${table} WHERE corp_id = 1`)).map((r) => r.v).sort((a, b) => a - b);
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  it('every waybill status, carriage step and sign-off status the waybill machine reaches appears', async () => {
    const states = reachableWaybillStates();
    const reach = (key: keyof WaybillState) => new Set(states.map((s) => s[key]));
    // 101 询价中 and 102 抢单中 (temporary dispatch) and the gate checks 2-4 are catalogue entries no transition enters.
    expect(reachableCatalogue('waybillStatus', reach('status'))).not.toContain(101);
    expect(await present('waybills', 'status')).toEqual(sorted(reachableCatalogue('waybillStatus', reach('status'))));
    expect(await present('waybills', 'step')).toEqual(sorted(reachableCatalogue('carriageContractOrderStatus', reach('step'))));
    expect(await present('waybills', 'sign_status')).toEqual(sorted(reachableCatalogue('signStatus', reach('signStatus'))));
  });

  it('every order status the order machine and its waybills reach appears, 31 待转运 included', async () => {
    const expected = reachableCatalogue('orderStatus', reachableOrderStatuses());
    // 30 未委托 and 1 已接收 are in the catalogue but no transition leads into them.
    expect(expected).toContain(31);
    expect(expected).not.toContain(30);
    expect(await present('orders', 'status')).toEqual(sorted(expected));
  });

  it('every business line appears in orders and waybills', async () => {
    for (const table of ['orders', 'waybills']) {
      const types = new Set((await all(`SELECT DISTINCT business_type AS v FROM ${table} WHERE corp_id = 1`)).map((r) => r.v));
      for (const [group, members] of Object.entries(BUSINESS_GROUPS)) expect(members.some((m) => types.has(m)), `${table} ${group}`).toBe(true);
    }
  });

  it('has split orders with waiting parts, delegated orders, stowed and transferred waybills', async () => {
    expect((await all('SELECT count(*) AS n FROM order_parts WHERE waybill_id IS NULL'))[0].n).toBeGreaterThan(0);
    expect((await all('SELECT count(*) AS n FROM orders WHERE carrier_id IS NOT NULL AND status NOT IN (3)'))[0].n).toBeGreaterThan(0);
    expect((await all('SELECT count(*) AS n FROM (SELECT waybill_id FROM waybill_orders GROUP BY waybill_id HAVING count(*) > 1) AS shared'))[0].n).toBeGreaterThan(0);
    expect((await all('SELECT count(*) AS n FROM waybills WHERE transferred_from_id IS NOT NULL'))[0].n).toBeGreaterThan(0);
  });

  it('has transfers both waiting (their orders at 31 待转运) and allocated onward, each with its receiving waybill', async () => {
    const transfers = await all('SELECT id, status, from_waybill_id AS fromId, to_waybill_id AS toId FROM transfers WHERE corp_id = 1');
    const waiting = transfers.filter((x) => x.status === 1);
    const allocated = transfers.filter((x) => x.status === 2);
    expect(waiting.length).toBeGreaterThan(2);
    expect(allocated.length).toBeGreaterThan(2);
    for (const x of waiting) {
      expect(x.toId).toBeNull();
      const orders = await all('SELECT o.status FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id WHERE wo.waybill_id = ?', x.fromId);
      expect(orders.map((o) => o.status), `transfer ${x.id}`).toEqual(orders.map(() => 31));
    }
    for (const x of allocated) {
      expect((await all('SELECT status FROM waybills WHERE id = ?', x.fromId))[0].status).toBe(700);
      expect((await all('SELECT transferred_from_id AS f, status, step FROM waybills WHERE id = ?', x.toId))[0]).toEqual({ f: x.fromId, status: 400, step: 9 });
    }
    // Every transferred waybill has its transfer: none was ended as 700 without one.
    expect((await all('SELECT count(*) AS n FROM waybills w WHERE status = 700 AND NOT EXISTS (SELECT 1 FROM transfers t WHERE t.from_waybill_id = w.id)'))[0].n).toBe(0);
  });

  it('has waybills edited before they started (history versions beyond 1), hand-entered goods, and stowage tasks open and confirmed', async () => {
    const edited = await all(`SELECT waybill_id AS id, count(*) AS n, max(version) AS v FROM waybill_history h WHERE corp_id = 1 AND action = 'update'
      AND EXISTS (SELECT 1 FROM waybill_orders wo WHERE wo.waybill_id = h.waybill_id) GROUP BY waybill_id`);
    expect(edited.length).toBeGreaterThan(3);
    expect(edited.some((e) => e.n > 1)).toBe(true);
    const dispatcher = await t.as('dispatcher');
    const history = await dispatcher.post('/waybillHistory/findByPage', { id: edited[0].id });
    expect(history.code, history.message).toBe(1);
    expect(history.result.totalRecords).toBeGreaterThanOrEqual(edited[0].n);
    // Every waybill's history ends at its current version and has no gap from the first one it shows.
    const gaps = await all(`SELECT w.id, w.version, max(h.version) AS last, min(h.version) AS first, count(DISTINCT h.version) AS n FROM waybills w
      LEFT JOIN waybill_history h ON h.waybill_id = w.id GROUP BY w.id
      HAVING max(h.version) IS NULL OR max(h.version) <> w.version OR count(DISTINCT h.version) <> max(h.version) - min(h.version) + 1`);
    expect(gaps).toEqual([]);
    const hand = await all(`SELECT w.id FROM waybills w WHERE w.corp_id = 1 AND EXISTS (SELECT 1 FROM waybill_goods g WHERE g.waybill_id = w.id)
      AND NOT EXISTS (SELECT 1 FROM waybill_orders wo WHERE wo.waybill_id = w.id)`);
    expect(hand.length).toBeGreaterThan(1);
    const tasks = await all('SELECT status, waybill_id AS w FROM order_stowage_tasks WHERE corp_id = 1');
    expect(tasks.filter((x) => x.w === null).map((x) => x.status).sort()).toEqual(expect.arrayContaining([1101, 1102]));
    const confirmed = tasks.filter((x) => x.w !== null);
    expect(confirmed.length).toBeGreaterThan(1);
    for (const x of confirmed) {
      expect((await all('SELECT count(*) AS n FROM waybill_orders WHERE waybill_id = ?', x.w))[0].n).toBeGreaterThan(0);
      expect((await all('SELECT status FROM waybills WHERE id = ?', x.w))[0].status).toBe(200);
    }
  });
});

describe('every waybill is consistent with its machine', () => {
  let waybills: Row[];
  let events: Map<number, Row[]>;
  let nodes: Map<number, Row[]>;
  beforeAll(async () => {
    waybills = await all('SELECT * FROM waybills');
    events = byKey(await all('SELECT * FROM waybill_events ORDER BY waybill_id, at, id'), 'waybill_id');
    nodes = byKey(await all('SELECT * FROM waybill_nodes ORDER BY waybill_id, seq'), 'waybill_id');
  });

  it('its stored state is what replaying its events through applyWaybillAction gives', async () => {
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
        // Writes that are not transitions (edits, a transfer's unloading and handover, ...) leave the state as it was.
        if (!(e.action in ACTION_NAMES)) {
          expect([e.to_status, e.to_step], `waybill ${w.id} ${e.action}`).toEqual([state.status, state.step]);
          continue;
        }
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

  it('its route: earlier places reached before later ones, times as the events say, early/late judged against the required time', async () => {
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

  it('its step says which places it has passed', async () => {
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
    const states = new Set((await all('SELECT DISTINCT arrive_state AS s FROM waybill_nodes WHERE arrive_state IS NOT NULL')).map((r) => r.s));
    expect([...states].sort()).toEqual([1, 2, 3]);
  });

  it('has a vehicle once dispatched, receipts and evaluations where those steps were reached', async () => {
    for (const w of waybills) {
      if (w.status === 100) expect(w.vehicle_id).toBeNull();
      if ([200, 300, 400, 500, 1].includes(w.status)) expect(w.vehicle_id, `waybill ${w.id}`).not.toBeNull();
    }
    const receipts = new Set((await all('SELECT waybill_id AS id FROM waybill_receipts')).map((r) => r.id));
    const evaluated = new Set((await all('SELECT waybill_id AS id FROM waybill_evaluations')).map((r) => r.id));
    for (const w of waybills) {
      const actions = new Set((events.get(w.id) ?? []).map((e) => e.action));
      expect(receipts.has(w.id), `waybill ${w.id}`).toBe(actions.has('receipt'));
      expect(evaluated.has(w.id)).toBe(actions.has('evaluate'));
      if (w.status === 500 && [14, 15, 16].includes(w.step)) expect(receipts.has(w.id)).toBe(true);
    }
    expect((await all('SELECT count(*) AS n FROM waybill_receipts r LEFT JOIN files f ON f.id = r.file_id WHERE f.id IS NULL'))[0].n).toBe(0);
  });
});

describe('orders', () => {
  it('store exactly the status order-sync derives from their waybills, and the task status that follows it', async () => {
    const before = await all('SELECT id, status, task_status AS task, version FROM orders ORDER BY id');
    expect(before.length).toBeGreaterThan(2000);
    for (const o of before) expect(o.task, `order ${o.id}`).toBe(taskStatusOf(o.status));
    await t.db.transaction(async () => {
      for (const o of before) await refreshOrderStatus(t.db, o.id, now);
    });
    const after = await all('SELECT id, status, task_status AS task, version FROM orders ORDER BY id');
    expect(after).toEqual(before);
  });

  it('conserve quantities: live parts plus what remains make each goods line, a finished split leaves nothing', async () => {
    const goods = await all('SELECT g.id, g.order_id AS orderId, g.quantity, o.splittable FROM order_goods g JOIN orders o ON o.id = g.order_id');
    const used = new Map((await all(`SELECT pg.order_goods_id AS id, sum(CAST(round(pg.quantity * 1000) AS INTEGER)) AS m FROM order_part_goods pg
      JOIN order_parts p ON p.id = pg.part_id WHERE p.cancelled = 0 GROUP BY pg.order_goods_id`)).map((r) => [r.id, r.m]));
    const splitOrders = new Set((await all('SELECT DISTINCT order_id AS id FROM order_parts')).map((r) => r.id));
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
    const delivered = await all(`SELECT e.waybill_id AS id FROM waybill_events e WHERE e.action = 'confirmDelivery' GROUP BY e.waybill_id ORDER BY e.waybill_id LIMIT 400`);
    expect(delivered.length).toBeGreaterThan(100);
    for (const { id } of delivered) {
      for (const g of await goodsOfWaybill(t.db, id)) {
        expect(g.loadedQuantity, `waybill ${id} goods ${g.goodsId}`).toBe(g.quantity);
        expect(g.deliveredQuantity).toBe(g.quantity);
      }
    }
  });

  it('a waybill that took over a transferred load has loaded exactly what was unloaded from the first vehicle', async () => {
    const { goodsOfWaybill } = await import('../server/domain/waybills/goods.ts');
    const received = await all('SELECT t.id, t.to_waybill_id AS toId FROM transfers t WHERE t.status = 2');
    expect(received.length).toBeGreaterThan(2);
    for (const { id, toId } of received) {
      const unloaded = await all('SELECT goods_id AS goodsId, quantity FROM transfer_goods WHERE transfer_id = ? ORDER BY goods_id', id);
      const loaded = (await goodsOfWaybill(t.db, toId)).map((g) => ({ goodsId: g.goodsId, quantity: g.loadedQuantity })).sort((a, b) => a.goodsId - b.goodsId);
      expect(loaded, `transfer ${id}`).toEqual(unloaded);
    }
  });

  it('a split order\'s parts each ride one waybill, and a whole order is not also split', async () => {
    const partOnTwo = await all(`SELECT p.id FROM order_parts p JOIN waybill_orders wo ON wo.part_id = p.id JOIN waybills w ON w.id = wo.waybill_id
      WHERE w.status <> 700 GROUP BY p.id HAVING count(*) > 1`);
    expect(partOnTwo).toEqual([]);
    expect((await all('SELECT count(*) AS n FROM waybill_orders wo JOIN order_parts p ON p.order_id = wo.order_id WHERE wo.part_id IS NULL'))[0].n).toBe(0);
    expect((await all(`SELECT count(*) AS n FROM orders WHERE status = ?`, OrderStatus.AWAITING_DISPATCH))[0].n).toBeGreaterThan(0);
  });
});

describe('the endpoints on the demo data', () => {
  it('answer code 1 for waybill detail, node list and order details across every status', async () => {
    const dispatcher = await t.as('dispatcher');
    const sample = await all('SELECT min(id) AS id FROM waybills WHERE corp_id = 1 GROUP BY status, step');
    for (const { id } of sample) {
      for (const path of [`/waybill/getWaybillDetailById?id=${id}`, `/waybill/getNodeListByIdVO?id=${id}`]) {
        const r = await dispatcher.get(path);
        expect([r.status, r.code], `${path}: ${r.message}`).toEqual([200, 1]);
      }
    }
    const orders = await all('SELECT min(id) AS id FROM orders WHERE corp_id = 1 GROUP BY status');
    for (const { id } of orders) {
      const r = await dispatcher.get(`/orderInfo/details?id=${id}`);
      expect([r.code, r.result.id], r.message).toEqual([1, id]);
    }
  });

  it('the carrier user sees only its carrier\'s waybills, and some', async () => {
    const carrier = await t.as('carrier');
    const partner = (await all("SELECT partner_id AS p FROM users WHERE user_name = 'carrier'"))[0].p;
    const r = await carrier.post('/waybill/pageQueryByCondition', { pageSize: 1000 });
    expect(r.code, r.message).toBe(1);
    expect(r.result.totalRecords).toBe((await all('SELECT count(*) AS n FROM waybills WHERE corp_id = 1 AND carrier_id = ?', partner))[0].n);
    expect(r.result.totalRecords).toBeGreaterThan(100);
    expect(new Set(r.result.data.map((w: Row) => w.carrierId))).toEqual(new Set([partner]));
  });

  it('the customer user sees only its customer\'s orders, and some', async () => {
    const customer = await t.as('customer');
    const partner = (await all("SELECT partner_id AS p FROM users WHERE user_name = 'customer'"))[0].p;
    const r = await customer.post('/orderInfo/list', { pageSize: 1000 });
    expect(r.code, r.message).toBe(1);
    expect(r.result.totalRecords).toBe((await all('SELECT count(*) AS n FROM orders WHERE corp_id = 1 AND customer_id = ?', partner))[0].n);
    expect(r.result.totalRecords).toBeGreaterThan(100);
    expect(new Set(r.result.data.map((o: Row) => o.customerId))).toEqual(new Set([partner]));
  });
});

describe('the maintained tab counts (waybill_status_counts)', () => {
  const exact = async () => {
    const kept = await all('SELECT corp_id AS c, carrier_id AS k, business_type AS b, status AS s, n FROM waybill_status_counts WHERE n <> 0 ORDER BY 1, 2, 3, 4');
    const counted = await all(`SELECT corp_id AS c, coalesce(carrier_id, 0) AS k, business_type AS b, status AS s, count(*) AS n FROM waybills WHERE is_deleted = 0
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`);
    expect(kept).toEqual(counted);
    return kept.length;
  };

  it('equal a count of the rows after the seed, after actions, a vehicle change and a batch delete', async () => {
    expect(await exact()).toBeGreaterThan(20);
    const dispatcher = await t.as('dispatcher');
    const fresh = await all('SELECT id, version FROM waybills WHERE corp_id = 1 AND status = 100 ORDER BY id LIMIT 2');
    const vehicle = (await all('SELECT id FROM vehicles WHERE corp_id = 1 AND status = 0 AND carrier_id IS NOT NULL AND driver_id IS NOT NULL ORDER BY id LIMIT 1'))[0].id;
    const assigned = await dispatcher.post('/waybill/assignVehicle', { id: fresh[0].id, version: fresh[0].version, vehicleId: vehicle });
    expect(assigned.code, assigned.message).toBe(1);
    const waiting = (await all('SELECT id, version FROM waybills WHERE corp_id = 1 AND status = 200 ORDER BY id LIMIT 1'))[0];
    expect((await dispatcher.post('/waybillAction/abnormalEnd', { id: waiting.id, version: waiting.version, reason: '车辆故障' })).code).toBe(1);
    expect((await dispatcher.post('/waybill/batchDeleteWaybill', { ids: [fresh[1].id] })).code).toBe(105);
    expect((await all('SELECT is_deleted AS d FROM waybills WHERE id = ?', fresh[1].id))[0].d).toBe(1);
    await exact();
  });
});
