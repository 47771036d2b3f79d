// Property: random sequences of waybill work through the endpoints — new orders, splits, waybills
// generated from orders (whole, part or remainder), every step of the road, transfers to another
// vehicle, abnormal ends, cancelled vehicles, deleted untouched waybills — never leave a waybill in
// a state the machine cannot reach, never leave an order outside its catalogue, never create or
// lose quantity (each goods line is carried once or waits unassigned, and a transfer hands on
// exactly what it took off), and a refused call never moves a waybill.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { ORDER_BODY } from './support/order-fixtures.ts';
import { rowOf, vehicleOf } from './support/waybill-fixture.ts';
import {
  applyWaybillAction, INITIAL_WAYBILL_STATE, WAYBILL_TRANSITIONS, type ActionInput, type WaybillState,
} from '../server/domain/workflow/waybill-machine.ts';
import { milli } from '../server/domain/workflow/splits.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;

let t: TestApp;
let dispatcher: Caller;
let carrierId: number;
/** Rows this test made are those after the seeded ones: the invariants look at those only. */
let firstOrder = 0;
let firstWaybill = 0;

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.as('dispatcher');
  carrierId = (await rowOf(t.db, "SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p;
  firstOrder = (await rowOf(t.db, 'SELECT coalesce(max(id), 0) + 1 AS n FROM orders')).n;
  firstWaybill = (await rowOf(t.db, 'SELECT coalesce(max(id), 0) + 1 AS n FROM waybills')).n;
});

/** Every state the machine can reach from a new waybill, over every action and input variant. */
function reachableStates(): Set<string> {
  const key = (s: WaybillState) => `${s.status}/${s.step}/${s.signStatus}`;
  const inputs: ActionInput[] = [
    {}, { nodeType: 'start' }, { nodeType: 'via' }, { nodeType: 'end' }, { passed: true }, { passed: false },
    { signedQuantity: 1, deliveredQuantity: 1 }, { signedQuantity: 0, deliveredQuantity: 1 }, { abnormal: true },
  ];
  const seen = new Map([[key(INITIAL_WAYBILL_STATE), INITIAL_WAYBILL_STATE]]);
  const queue = [INITIAL_WAYBILL_STATE];
  while (queue.length) {
    const s = queue.shift()!;
    for (const action of new Set(WAYBILL_TRANSITIONS.map((r) => r.action))) {
      for (const input of inputs) {
        const o = applyWaybillAction(s, action, input);
        if (o.ok && !seen.has(key(o.state))) (seen.set(key(o.state), o.state), queue.push(o.state));
      }
    }
  }
  return new Set(seen.keys());
}
const REACHABLE = reachableStates();
const ORDER_STATUSES = new Set([2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, -1, -2, -3, 999, 31, 20, 30]);

const all = (sql: string, ...p: unknown[]) => t.db.all<Row>(sql, p);

// ---------- the invariants ----------

async function checkInvariants() {
  for (const w of await all('SELECT id, status, step, sign_status AS signStatus FROM waybills WHERE is_deleted = 0 AND id >= ?', firstWaybill)) {
    expect(REACHABLE.has(`${w.status}/${w.step}/${w.signStatus}`), `waybill ${w.id} at ${w.status}/${w.step}/${w.signStatus}`).toBe(true);
  }
  for (const o of await all('SELECT id, status FROM orders WHERE id >= ?', firstOrder)) expect(ORDER_STATUSES.has(o.status), `order ${o.id} at ${o.status}`).toBe(true);
  // Each goods line: carried by the live (not deleted, not handed on) waybills + waiting unassigned = its quantity.
  for (const g of await all('SELECT g.id, g.order_id AS orderId, g.quantity FROM order_goods g WHERE g.order_id >= ?', firstOrder)) {
    const carried = (await all(`SELECT CASE WHEN wo.part_id IS NULL THEN ? ELSE coalesce(pg.quantity, 0) END AS q
      FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id LEFT JOIN order_part_goods pg ON pg.part_id = wo.part_id AND pg.order_goods_id = ?
      WHERE wo.order_id = ? AND w.is_deleted = 0 AND w.status <> 700`, g.quantity, g.id, g.orderId)).reduce((s, r) => s + milli(r.q), 0);
    const parts = await all(`SELECT pg.quantity AS q, p.waybill_id AS waybillId FROM order_part_goods pg JOIN order_parts p ON p.id = pg.part_id
      WHERE pg.order_goods_id = ? AND p.cancelled = 0`, g.id);
    const free = parts.filter((p) => p.waybillId === null).reduce((s, p) => s + milli(p.q), 0);
    const split = parts.reduce((s, p) => s + milli(p.q), 0);
    const wholeOnWaybill = (await all(`SELECT 1 FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id
      WHERE wo.order_id = ? AND wo.part_id IS NULL AND w.is_deleted = 0`, g.orderId)).length > 0;
    const remainder = parts.length > 0 ? milli(g.quantity) - split : wholeOnWaybill ? 0 : milli(g.quantity);
    expect(remainder, `goods ${g.id}: split beyond its quantity`).toBeGreaterThanOrEqual(0);
    expect(carried + free + remainder, `goods ${g.id}: carried ${carried} + free ${free} + remainder ${remainder}`).toBe(milli(g.quantity));
  }
  // A transfer hands on exactly what it took off.
  for (const tr of await all('SELECT id, to_waybill_id AS toId FROM transfers WHERE status = 2')) {
    const moved = await all('SELECT goods_id AS goodsId, quantity FROM transfer_goods WHERE transfer_id = ? ORDER BY goods_id', tr.id);
    const event = await rowOf(t.db, "SELECT payload FROM waybill_events WHERE waybill_id = ? AND action = 'transferIn'", tr.toId);
    const got = (JSON.parse(event.payload).goods as Row[]).sort((a, b) => a.goodsId - b.goodsId);
    expect(got.map((g) => [g.goodsId, milli(g.quantity)])).toEqual(moved.map((g) => [g.goodsId, milli(g.quantity)]));
  }
}

// ---------- the moves ----------

type Move =
  | { kind: 'order' }
  | { kind: 'split'; o: number; q: number }
  | { kind: 'generate'; o: number; part: boolean }
  /** advance: up to `steps` steps of the road in a row. */
  | { kind: 'advance'; w: number; steps: number }
  | { kind: 'abnormalEnd' | 'transfer' | 'cancelVehicle' | 'delete'; w: number };

const move: fc.Arbitrary<Move> = fc.oneof(
  fc.constant<Move>({ kind: 'order' }),
  fc.record({ kind: fc.constant('split' as const), o: fc.nat(20), q: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('generate' as const), o: fc.nat(20), part: fc.boolean() }),
  { arbitrary: fc.record({ kind: fc.constant('advance' as const), w: fc.nat(20), steps: fc.integer({ min: 1, max: 8 }) }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant('transfer' as const), w: fc.nat(20) }), weight: 2 },
  fc.record({ kind: fc.constantFrom('abnormalEnd' as const, 'cancelVehicle' as const, 'delete' as const), w: fc.nat(20) }),
);

/** Mostly the latest items, so that a sequence works on a few records long enough to reach the road's later steps. */
const pick = <T>(list: T[], i: number) => (list.length ? list[list.length - 1 - (i % Math.min(list.length, 3))] : undefined);
const waybillAt = async (id: number) => await rowOf(t.db, 'SELECT id, status, step, version, vehicle_id AS vehicleId FROM waybills WHERE id = ?', id);
const nodeOf = async (id: number, type: string) => (await rowOf(t.db, 'SELECT id FROM waybill_nodes WHERE waybill_id = ? AND node_type = ? ORDER BY seq DESC LIMIT 1', id, type)).id;

/** The next step of the road for a waybill in `w`'s state, as the driver or dispatcher would take it. */
async function advance(w: Row): Promise<[string, Row] | undefined> {
  const body = { id: w.id, version: w.version };
  const goods = async () => (await dispatcher.get(`/waybill/findGoodsListByWaybillId?id=${w.id}`)).result.goods as Row[];
  switch (`${w.status}/${w.step}`) {
    case '100/2': case '1/2': return ['/waybill/assignVehicle', { ...body, vehicleId: (await vehicleOf(t.db, carrierId)).id }];
    case '200/3': return ['/waybillAction/receive', body];
    case '300/4': return ['/waybillAction/arriveWaybillNode', { ...body, nodeId: await nodeOf(w.id, 'start') }];
    case '400/6': return ['/waybillAction/startLoad', body];
    case '400/7': return ['/waybillAction/confirmLoad', { ...body, goods: (await goods()).map((g) => ({ goodsId: g.goodsId, quantity: g.quantity })) }];
    case '400/8': return ['/waybillAction/leaveWaybillNode', { ...body, nodeId: await nodeOf(w.id, 'start') }];
    case '400/9': return ['/waybillAction/arriveWaybillNode', { ...body, nodeId: await nodeOf(w.id, 'end') }];
    case '400/10': return ['/waybillAction/confirmDelivery', { ...body, goods: (await goods()).map((g) => ({ goodsId: g.goodsId, quantity: g.loadedQuantity ?? g.quantity })) }];
    case '400/11': return ['/waybillAction/leaveWaybillNode', { ...body, nodeId: await nodeOf(w.id, 'end') }];
    case '400/12': {
      const total = (await goods()).reduce((s, g) => s + (g.deliveredQuantity ?? 0), 0);
      return ['/waybillAction/signOrder', { ...body, signedQuantity: total, deliveredQuantity: total }];
    }
    case '500/13': return ['/waybillAction/manualEnd', body];
    default: return undefined;
  }
}

async function play(m: Move, orders: number[], waybills: number[]) {
  const post = async (path: string, body: Row) => {
    const before = body.id && path.startsWith('/waybill') ? (await waybillAt(body.id))?.version : undefined;
    const r = await dispatcher.post(path, body);
    expect(r.status, `${path}: ${r.message}`).toBeLessThan(500);
    if (r.code !== 1 && before !== undefined && !path.endsWith('batchDeleteWaybill')) expect((await waybillAt(body.id)).version, `refused ${path} moved the waybill`).toBe(before);
    return r;
  };
  if (m.kind === 'order') {
    const r = await post('/orderInfo/save', ORDER_BODY);
    if (r.code === 1) orders.push(r.result.id);
    return;
  }
  if (m.kind === 'split' || m.kind === 'generate') {
    const id = pick(orders, m.o);
    if (id === undefined) return;
    const o = await rowOf(t.db, 'SELECT version FROM orders WHERE id = ?', id);
    if (m.kind === 'split') {
      const goodsId = (await rowOf(t.db, 'SELECT id FROM order_goods WHERE order_id = ? ORDER BY id LIMIT 1', id)).id;
      await post('/orderInfo/splitOrder', { orderId: id, version: o.version, lines: [{ goodsId, quantity: m.q }] });
      return;
    }
    const free = m.part ? await rowOf(t.db, 'SELECT id FROM order_parts WHERE order_id = ? AND cancelled = 0 AND waybill_id IS NULL LIMIT 1', id) : undefined;
    const r = await post('/waybill/generateWaybillFromOrder', { orders: [{ orderId: id, version: o.version, ...(free ? { partId: free.id } : {}) }] });
    if (r.code === 1) waybills.push(r.result.id);
    return;
  }
  const id = pick(waybills, m.w);
  if (id === undefined) return;
  const w = await waybillAt(id);
  const body = { id, version: w.version };
  if (m.kind === 'advance') {
    for (let i = 0; i < m.steps; i++) {
      const next = await advance(await waybillAt(id));
      if (!next || (await post(...next)).code !== 1) break;
    }
  } else if (m.kind === 'abnormalEnd') {
    await post('/waybillAction/abnormalEnd', { ...body, reason: '随机异常' });
  } else if (m.kind === 'cancelVehicle') {
    await post('/waybill/cancelVehicle', body);
  } else if (m.kind === 'delete') {
    if (w.status === 100) await post('/waybill/batchDeleteWaybill', { ids: [id] });
  } else {
    // Drive on to the transfer point (400 / 9) if the waybill is still before it, then hand the goods over.
    for (let cur = await waybillAt(id); cur.status !== 400 || cur.step !== 9; cur = await waybillAt(id)) {
      const next = cur.step < 9 && cur.status !== 600 ? await advance(cur) : undefined;
      if (!next || (await post(...next)).code !== 1) break;
    }
    const areaId = (await rowOf(t.db, 'SELECT id FROM areas WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1 OFFSET 1')).id;
    const u = await post('/transfer/transferUnload', { ...body, version: (await waybillAt(id)).version, areaId });
    if (u.code !== 1) return;
    const other = (await rowOf(t.db, 'SELECT id FROM vehicles WHERE corp_id = 1 AND status = 0 AND is_deleted = 0 AND id <> ? ORDER BY id LIMIT 1', (await waybillAt(id)).vehicleId ?? 0)).id;
    const r = await post('/transfer/transferAllocate', { id: u.result.transferId, version: u.result.transferVersion, vehicleId: other });
    expect(r.code, r.message).toBe(1);
    waybills.push(r.result.waybillId);
  }
}

describe('random waybill work', () => {
  it('keeps every waybill in a reachable state, every order in its catalogue, and every quantity', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 5, maxLength: 30 }), async (moves) => {
        const orders: number[] = [];
        const waybills: number[] = [];
        for (const m of [{ kind: 'order' } as Move, ...moves]) {
          await play(m, orders, waybills);
          await checkInvariants();
        }
      }),
      { numRuns: 25 },
    );
    // The runs reached the interesting moves, so the invariants above were tested on them.
    const count = async (sql: string) => (await rowOf(t.db, sql, firstWaybill)).n as number;
    expect(await count('SELECT count(*) AS n FROM transfers WHERE status = 2 AND from_waybill_id >= ?')).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM waybills WHERE step IN (12, 13, 999) AND id >= ?')).toBeGreaterThan(0);
  }, 600_000);
});
