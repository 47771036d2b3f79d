// Actions that fit the record (issue 13, part 2): a page action declares where it applies (`state`
// from a machine, or `when` on the row), the schema load refuses a declaration naming an unknown
// action, field or status code, and the server refuses every status the page does not offer the
// action in — one rule (server/domain/workflow/order-gates.ts, the machines) drives both.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRegistry, SCHEMAS_DIR } from '../server/registry/load.ts';
import { SchemaError } from '../server/registry/types.ts';
import { ORDER_GATES, ORDER_STATUSES } from '../server/domain/workflow/order-gates.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { ORDER_BODY, vehicleInService } from './support/order-fixtures.ts';

type Row = Record<string, any>;

describe('the schema load checks where an action applies', () => {
  const temps: string[] = [];
  afterEach(() => temps.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
  function loadWith(change: (orderList: any) => void): SchemaError {
    const dir = mkdtempSync(join(tmpdir(), 'huoyun-gates-'));
    temps.push(dir);
    const root = join(dir, 'schemas');
    cpSync(SCHEMAS_DIR, root, { recursive: true });
    const file = join(root, 'pages/transport/order-list.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    change(doc);
    writeFileSync(file, JSON.stringify(doc));
    try {
      loadRegistry(root);
    } catch (err) {
      return err as SchemaError;
    }
    throw new Error('the load did not fail');
  }
  const action = (doc: any, id: string) => doc.actions.find((a: any) => a.id === id);
  const indexOf = (doc: any, id: string) => doc.actions.findIndex((a: any) => a.id === id);

  it('refuses an action its machine does not know, naming the ones it does', () => {
    let at = -1;
    const err = loadWith((d) => ((at = indexOf(d, 'split')), (action(d, 'split').state.action = 'splitt')));
    expect(err).toBeInstanceOf(SchemaError);
    expect(err.file).toBe('schemas/pages/transport/order-list.json');
    expect(err.pointer).toBe(`/actions/${at}/state/action`);
    expect(err.detail).toMatch(/状态机order没有动作: splitt（可用: .*split.*assignVehicle/);
  });

  it('refuses a row condition on a field the rows do not carry', () => {
    let at = -1;
    const err = loadWith((d) => {
      at = indexOf(d, 'copy');
      action(d, 'copy').when = { statsu: [2] };
    });
    expect(err.pointer).toBe(`/actions/${at}/when/statsu`);
    expect(err.detail).toMatch(/行上没有字段: statsu（可用: .*status/);
  });

  it('refuses a status code the status dictionary lacks, listing the codes with their names', () => {
    let at = -1;
    const err = loadWith((d) => {
      at = indexOf(d, 'copy');
      action(d, 'copy').when = [{ status: [2] }, { status: [5] }];
    });
    expect(err.pointer).toBe(`/actions/${at}/when/1/status`);
    expect(err.detail).toMatch(/订单状态没有编码: 5（可用: 2 待调度、3 待派车/);
  });

  it('refuses state and when together, and a condition on a toolbar action', () => {
    expect(loadWith((d) => (action(d, 'split').when = { status: [2] })).detail).toMatch(/不能同时声明 state 和 when/);
    expect(loadWith((d) => (action(d, 'add').when = { status: [2] })).detail).toMatch(/工具栏动作不针对某一行/);
  });

  it('refuses a malformed condition by the meta-schema', () => {
    let at = -1;
    const err = loadWith((d) => ((at = indexOf(d, 'copy')), (action(d, 'copy').when = { status: [] })));
    expect(err.pointer).toMatch(new RegExp(`^/actions/${at}/when`));
  });

  it('accepts a valid row condition and serves it as availableWhen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'huoyun-gates-'));
    temps.push(dir);
    const root = join(dir, 'schemas');
    cpSync(SCHEMAS_DIR, root, { recursive: true });
    const file = join(root, 'pages/transport/order-list.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    action(doc, 'copy').when = { status: [-1, -3] };
    writeFileSync(file, JSON.stringify(doc));
    expect(() => loadRegistry(root)).not.toThrow();
    const { withActionStates } = await import('../server/registry/route-shapes.ts');
    expect(withActionStates([action(doc, 'copy')])![0].availableWhen).toEqual([{ status: [-1, -3] }]);
  });
});

describe('order and waybill pages offer an action only where the server allows it', async () => {
  const t: TestApp = await createTestApp();
  let dispatcher: Awaited<ReturnType<TestApp['as']>>;
  let orderPage: Row;
  let waybillPage: Row;
  beforeAll(async () => {
    dispatcher = await t.as('dispatcher');
    orderPage = (await dispatcher.get('/ui/pages/transport/order-list')).result;
    waybillPage = (await dispatcher.get('/ui/pages/transport/waybill-list')).result;
  });
  const served = (page: Row, id: string) => page.actions.find((a: Row) => a.id === id);
  const offeredAt = (a: Row, row: Row) => !a.availableWhen || a.availableWhen.some((g: Row) => Object.entries(g).every(([f, v]) => (v as unknown[]).includes(row[f])));

  it('offers 拆分 and 派车 on an order awaiting dispatch, never on one in transit or ended', () => {
    const split = served(orderPage, 'split');
    const assign = served(orderPage, 'assignVehicle');
    const gateOf = (g: { statuses: readonly number[]; also?: Record<string, readonly number[]> }) => [{ status: [...g.statuses], ...Object.fromEntries(Object.entries(g.also ?? {}).map(([f, v]) => [f, [...v]])) }];
    expect(split.availableWhen).toEqual(gateOf(ORDER_GATES.split));
    expect(assign.availableWhen).toEqual(gateOf(ORDER_GATES.assignVehicle));
    // As the list serves the rows: a fresh order, one whose goods all travel on a waybill, one whose splitting was ended.
    const awaiting = { status: 2, splittable: 1, goodsWaiting: 1 };
    const inTransit = { status: 10, splittable: 1, goodsWaiting: 0 };
    expect(offeredAt(split, awaiting)).toBe(true);
    expect(offeredAt(assign, awaiting)).toBe(true);
    expect(offeredAt(split, { ...awaiting, splittable: 0 })).toBe(false);
    for (const status of [4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]) {
      expect(offeredAt(split, { ...inTransit, status }), `拆分 at ${status}`).toBe(false);
      expect(offeredAt(assign, { ...inTransit, status }), `派车 at ${status}`).toBe(false);
    }
    for (const status of [-1, -2, -3]) {
      expect(offeredAt(split, { ...awaiting, status }), `拆分 at ${status}`).toBe(false);
      expect(offeredAt(assign, { ...awaiting, status }), `派车 at ${status}`).toBe(false);
    }
    expect(served(waybillPage, 'update').availableWhen).toEqual([{ status: [100, 1, 200] }]);
  });

  it('declares a gate on every row action that changes a record (reading and copying apply anywhere)', () => {
    const free = new Set(['detail', 'record', 'trackPlayback', 'copy']);
    for (const page of [orderPage, waybillPage]) {
      for (const a of page.actions.filter((x: Row) => x.placement === 'row' && !free.has(x.id))) expect(a.availableWhen, `${page.id} ${a.id}`).toBeDefined();
    }
  });

  // Each gated order action with a body that is accepted in an allowed status, so a refusal
  // elsewhere is the status's doing.
  const one = async <T = Row>(sql: string, ...p: unknown[]) => (await t.db.one<T>(sql, p))!;
  const version = async (id: number) => (await one<{ v: number }>('SELECT version AS v FROM orders WHERE id = ?', id)).v;
  const goodsOf = (id: number) => t.db.all<Row>('SELECT id, goods_name AS goodsName, quantity, unit FROM order_goods WHERE order_id = ? ORDER BY id', [id]);
  const otherArea = async () => (await one<{ id: number }>('SELECT id FROM areas WHERE corp_id = 1 AND is_deleted = 0 AND id NOT IN (1, 3) ORDER BY id LIMIT 1')).id;
  const bodies: Record<string, { path: string; body: (id: number) => Promise<Row> }> = {
    update: { path: '/orderInfo/save', body: async (id) => ({ ...ORDER_BODY, id, version: await version(id), remark: '门卫处交接' }) },
    split: { path: '/orderInfo/splitOrder', body: async (id) => ({ orderId: id, version: await version(id), lines: [{ goodsId: (await goodsOf(id))[0].id, quantity: 1 }] }) },
    goodsSelect: { path: '/orderInfo/splitOrder', body: async (id) => ({ orderId: id, version: await version(id), lines: [{ goodsId: (await goodsOf(id))[1].id, quantity: 1 }] }) },
    assignVehicle: { path: '/orderInfo/assignVehicle', body: async (id) => ({ orderId: id, version: await version(id), vehicleId: (await vehicleInService(t)).id, driverId: (await vehicleInService(t)).driverId }) },
    changeDestination: { path: '/orderInfo/changeDestination', body: async (id) => ({ id, version: await version(id), receiverAreaId: await otherArea(), reason: '客户要求' }) },
    changeGoodsDetail: { path: '/orderInfo/changeGoodsDetail', body: async (id) => ({ id, version: await version(id), goods: (await goodsOf(id)).map((g) => ({ ...g, quantity: g.quantity + 1 })) }) },
    distribution: { path: '/orderInfo/distribution', body: async (id) => ({ id, version: await version(id), userId: (await one<{ id: number }>("SELECT id FROM users WHERE corp_id = 1 AND user_type = 0 AND enabled = 1 AND is_deleted = 0 ORDER BY id LIMIT 1")).id }) },
    delegate: { path: '/orderInfo/delegate', body: async (id) => ({ id, version: await version(id), carrierId: 1 }) },
    cancelDelegation: { path: '/orderInfo/cancelDelegation', body: async (id) => ({ id, version: await version(id) }) },
    cancel: { path: '/orderInfo/cancelOrder', body: async (id) => ({ id, version: await version(id) }) },
  };

  async function orderAt(status: number) {
    const r = await dispatcher.post('/orderInfo/save', ORDER_BODY);
    expect(r.code, r.message).toBe(1);
    // A delegated status names a carrier, as the machine leaves it.
    await t.db.run('UPDATE orders SET status = ?, carrier_id = ? WHERE id = ?', [status, [3, 20].includes(status) ? 1 : null, r.result.id]);
    return r.result.id as number;
  }

  it.each(Object.keys(bodies))('the server refuses %s in every status the page does not offer it in', async (actionId) => {
    const a = served(orderPage, actionId);
    expect(a.availableWhen, actionId).toBeDefined();
    const allowed: number[] = a.availableWhen.flatMap((g: Row) => g.status);
    const { path, body } = bodies[actionId];
    // Accepted in the first status offered: the body is right.
    const ok = await orderAt(allowed[0]);
    const r = await dispatcher.post(path, await body(ok));
    expect(r.code, `${actionId} at ${allowed[0]}: ${r.message}`).toBe(1);
    for (const status of ORDER_STATUSES.filter((s) => !allowed.includes(s))) {
      const id = await orderAt(status);
      const b = await body(id);
      const refused = await t.refused(() => dispatcher.post(path, b));
      expect(refused.message, `${actionId} at ${status}`).toMatch(/不能|已作废|已结束/);
    }
  });
});
