// Waybills for the waybill tests, written straight into the database: an order with goods, a
// waybill at 100/2 (INITIAL_WAYBILL_STATE) carrying it, its start / via / end nodes and the
// waybill_orders link, with the order brought in step by order-sync. `placeAt` moves a fixture
// to any state with consistent node times, for tests that start mid-way. Those that number or bring
// orders in step go through the server's own (awaited) functions; everything goes through the
// database port (`t.db`), so the fixtures work on either engine.
import { randomUUID } from 'node:crypto';
import type { Conn, Database } from '../../server/db/port.ts';
import { nextNumber } from '../../server/domain/workflow/numbering.ts';
import { refreshOrdersOfWaybill } from '../../server/domain/workflow/order-sync.ts';
import { INITIAL_WAYBILL_STATE, type WaybillState } from '../../server/domain/workflow/waybill-machine.ts';

type Row = Record<string, any>;
const HOUR = 3600_000;

export interface WaybillFixture {
  waybillId: number;
  waybillNo: string;
  orderId: number;
  orderNo: string;
  goodsIds: number[];
  nodes: { start: number; via?: number; end: number };
}

export interface FixtureOptions {
  corpId?: number;
  customerId?: number;
  /** The carrier the order (and so the waybill) is delegated to; none by default. */
  carrierId?: number | null;
  via?: boolean;
  goods?: { goodsName: string; quantity: number; unit: string }[];
  /** Required times relative to now: the start is due 2 h ago (arriving now is late), the rest later. */
  now?: number;
}

const firstId = async (conn: Conn, table: string, corpId: number, offset = 0) =>
  (await rowOf(conn, `SELECT id FROM ${table} WHERE corp_id = ? AND is_deleted = 0 ORDER BY id LIMIT 1 OFFSET ?`, corpId, offset)).id as number;

/** An order of the fixture's shape (no waybill yet): 待调度, or 待派车 when delegated to `carrierId`. */
export async function insertOrder(db: Conn, opts: FixtureOptions = {}) {
  const corpId = opts.corpId ?? 1;
  const now = opts.now ?? Date.now();
  const customerId = opts.customerId ?? await firstId(db, 'customers', corpId);
  const carrierId = opts.carrierId ?? null;
  const areas: number[] = [];
  for (const i of [0, 1, 2]) areas.push(await firstId(db, 'areas', corpId, i));
  const goods = opts.goods ?? [{ goodsName: '饲料', quantity: 30, unit: '吨' }, { goodsName: '玉米', quantity: 12.5, unit: '吨' }];
  // The number is taken as the server takes it: inside the transaction that stores it.
  const { orderNo, orderId } = await db.transaction(async () => {
    const orderNo = await nextNumber(db, 'orders', corpId, now);
    const orderId = await db.insert(
      `INSERT INTO orders (corp_id, order_no, customer_id, business_type, status, task_status, carrier_id, shipper_area_id, receiver_area_id,
         required_load_time, required_arrive_time, created_at, updated_at) VALUES (?, ?, ?, 1, ?, 10, ?, ?, ?, ?, ?, ?, ?)`,
      [corpId, orderNo, customerId, carrierId ? 3 : 2, carrierId, areas[0], areas[2], now - 2 * HOUR, now + 5 * HOUR, now, now],
    );
    return { orderNo, orderId };
  });
  const goodsIds: number[] = [];
  for (const g of goods) {
    goodsIds.push(await db.insert(
      'INSERT INTO order_goods (corp_id, order_id, goods_name, quantity, unit) VALUES (?, ?, ?, ?, ?)',
      [corpId, orderId, g.goodsName, g.quantity, g.unit],
    ));
  }
  return { orderId, orderNo, goodsIds, areas, corpId, now, carrierId };
}

export function insertWaybill(db: Conn, opts: FixtureOptions = {}): Promise<WaybillFixture> {
  return db.transaction(async () => {
    const { orderId, orderNo, goodsIds, areas, corpId, now, carrierId } = await insertOrder(db, opts);
    const waybillNo = await nextNumber(db, 'waybills', corpId, now);
    const s = INITIAL_WAYBILL_STATE;
    const waybillId = await db.insert(
      `INSERT INTO waybills (corp_id, waybill_no, business_type, status, step, sign_status, carrier_id, created_at, updated_at)
       VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?)`,
      [corpId, waybillNo, s.status, s.step, s.signStatus, carrierId, now, now],
    );
    await db.run('INSERT INTO waybill_orders (corp_id, waybill_id, order_id) VALUES (?, ?, ?)', [corpId, waybillId, orderId]);
    const node = (seq: number, type: string, areaId: number, arrive: number, leave: number) => db.insert(
      `INSERT INTO waybill_nodes (corp_id, waybill_id, seq, node_type, area_id, required_arrive_time, required_leave_time) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [corpId, waybillId, seq, type, areaId, now + arrive * HOUR, now + leave * HOUR],
    );
    const start = await node(1, 'start', areas[0], -2, 1);
    const via = opts.via ? await node(2, 'via', areas[1], 2, 3) : undefined;
    const end = await node(3, 'end', areas[2], 5, 6);
    const nodes = { start, ...(via !== undefined ? { via } : {}), end };
    await refreshOrdersOfWaybill(db, waybillId, now);
    return { waybillId, waybillNo, orderId, orderNo, goodsIds, nodes };
  });
}

/** A vehicle of the carrier in service, with its driver in service, for assigning. */
export async function vehicleOf(conn: Conn, carrierId: number, corpId = 1): Promise<{ id: number; driverId: number | null; vehicleNo: string }> {
  return (await conn.one<{ id: number; driverId: number | null; vehicleNo: string }>(
    `SELECT v.id, v.driver_id AS driverId, v.vehicle_no AS vehicleNo FROM vehicles v JOIN drivers d ON d.id = v.driver_id
      WHERE v.corp_id = ? AND v.carrier_id = ? AND v.is_deleted = 0 AND v.status = 0 AND d.is_deleted = 0 AND d.status = 0 ORDER BY v.id LIMIT 1`,
    [corpId, carrierId],
  ))!;
}

/**
 * Moves a fixture to `state` with a vehicle of `carrierId` and node times that fit the step (the
 * loading place reached from step 6 and left from 9, the unloading place reached from 10 and left from 12).
 */
export async function placeAt(db: Conn, f: WaybillFixture, state: Partial<WaybillState> & { status: number; step: number }, carrierId: number) {
  const v = await vehicleOf(db, carrierId);
  const t = Date.now() - HOUR;
  await db.run('UPDATE waybills SET status = ?, step = ?, sign_status = ?, carrier_id = ?, vehicle_id = ?, driver_id = ? WHERE id = ?',
    [state.status, state.step, state.signStatus ?? INITIAL_WAYBILL_STATE.signStatus, carrierId, v.id, v.driverId, f.waybillId]);
  const times = (id: number, arrive: boolean, leave: boolean) =>
    db.run('UPDATE waybill_nodes SET actual_arrive_time = ?, arrive_state = ?, actual_leave_time = ?, leave_state = ? WHERE id = ?',
      [arrive ? t : null, arrive ? 3 : null, leave ? t + 60_000 : null, leave ? 2 : null, id]);
  const step = state.step === 90 ? 0 : state.step;
  await times(f.nodes.start, step >= 6, step >= 9);
  await times(f.nodes.end, step >= 10, step >= 12);
  await refreshOrdersOfWaybill(db, f.waybillId);
}

/** A row in the corporation's files table, as the upload endpoint leaves it (no bytes needed here). */
export async function insertFile(conn: Conn, userId: number, corpId = 1): Promise<string> {
  const id = randomUUID();
  await conn.run(
    `INSERT INTO files (id, corp_id, file_name, extension, size, uploaded_by, created_at) VALUES (?, ?, '回单.jpg', '.jpg', 3, ?, ?)`,
    [id, corpId, userId, Date.now()],
  );
  return id;
}

/** The first row of a query (undefined when there is none, typed as a row for the tests' brevity). */
export const rowOf = async (conn: Conn, sql: string, ...params: unknown[]): Promise<Row> => (await conn.one<Row>(sql, params)) as Row;

/**
 * A waybill on the road (400, step 10) given to the demo carrier, created 50 minutes before `now`:
 * the track tests' subject, with its vehicle (terminal id) and its loading place.
 */
export async function waybillOnTheRoad(db: Conn, now: number) {
  const carrierId = (await rowOf(db, "SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p as number;
  const f = await insertWaybill(db, { carrierId });
  await placeAt(db, f, { status: 400, step: 10 }, carrierId);
  await db.run('UPDATE waybills SET created_at = ? WHERE id = ?', [now - 50 * 60_000, f.waybillId]);
  const vehicle = await rowOf(db, 'SELECT v.id, v.vehicle_no AS vehicleNo, v.dataterminal_id AS terminal FROM waybills w JOIN vehicles v ON v.id = w.vehicle_id WHERE w.id = ?', f.waybillId) as { id: number; vehicleNo: string; terminal: string };
  const start = await rowOf(db, "SELECT a.area_name AS name, a.lon, a.lat FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.waybill_id = ? AND n.node_type = 'start'", f.waybillId) as { name: string; lon: number; lat: number };
  return { f, carrierId, vehicle, start };
}

// ---------- the waybill routes' part in tests/bad-input.test.ts ----------

const idOfUser = (conn: Conn, userName: string) => rowOf(conn, 'SELECT id, partner_id AS partnerId FROM users WHERE user_name = ?', userName);

/**
 * The waybill routes' baselines for tests/bad-input.test.ts: a waybill for each action, placed
 * where the action is allowed (bad-input runs every case in a transaction it rolls back, so one
 * waybill serves all cases of a route), and the fields that take free text.
 */
export async function waybillFixtures(t: { db: Database }) {
  const carrierId = (await idOfUser(t.db, 'carrier')).partnerId as number;
  const at = async (status: number, step: number) => {
    const f = await insertWaybill(t.db);
    if (status !== 100) await placeAt(t.db, f, { status, step }, carrierId);
    return f;
  };
  const body = (f: WaybillFixture, extra: Row = {}) => ({ id: f.waybillId, version: 1, ...extra });
  const places: [number, number][] = [[100, 2], [200, 3], [300, 4], [400, 6], [400, 7], [400, 8], [400, 10], [400, 12], [500, 13], [500, 14], [500, 15], [500, 16]];
  const placed: WaybillFixture[] = [];
  for (const [status, step] of places) placed.push(await at(status, step));
  const [fresh, awaiting, ready, loadStart, loading, leaving, delivering, signing, receipt, review, reReview, evaluate] = placed;
  const vehicle = await vehicleOf(t.db, carrierId);
  const fileId = await insertFile(t.db, (await idOfUser(t.db, 'admin')).id);
  const goods = (f: WaybillFixture) => [{ goodsId: f.goodsIds[0], quantity: 30 }, { goodsId: f.goodsIds[1], quantity: 12.5 }];
  const before = (f: WaybillFixture) => ({ id: f.waybillId });
  const bodies: Record<string, Row> = {
    '/waybill/pageQueryByCondition': {},
    '/waybill/getWaybillNumberByCondition': {},
    '/waybill/assignVehicle': body(fresh, { vehicleId: vehicle.id }),
    '/waybill/cancelVehicle': body(awaiting),
    '/waybill/pageQueryVehicleInfo': { vehicleNo: '' },
    '/waybill/assignDriver': body(awaiting, { driverId: vehicle.driverId }),
    '/waybill/editWaybillName': body(fresh, { waybillName: '加急运单' }),
    '/waybill/batchDeleteWaybill': { ids: [fresh.waybillId] },
    '/waybill/copyWaybill': before(fresh),
    '/waybillAction/receive': body(awaiting),
    '/waybillAction/refuse': body(awaiting, { reason: '车辆故障' }),
    '/waybillAction/arriveWaybillNode': body(ready, { nodeId: ready.nodes.start }),
    '/waybillAction/startLoad': body(loadStart),
    '/waybillAction/confirmLoad': body(loading, { goods: goods(loading) }),
    '/waybillAction/leaveWaybillNode': body(leaving, { nodeId: leaving.nodes.start }),
    '/waybillAction/confirmDelivery': body(delivering, { goods: goods(delivering) }),
    '/waybillAction/signOrder': body(signing, { signedQuantity: 42.5, deliveredQuantity: 42.5 }),
    '/waybillAction/receipt': body(receipt, { fileIds: [fileId] }),
    '/waybillAction/receiptReview': body(review, { passed: true }),
    '/waybillAction/receiptReReview': body(reReview, { passed: true }),
    '/waybillAction/evaluate': body(evaluate, { score: 5 }),
    '/waybillAction/abnormalEnd': body(ready, { reason: '客户取消' }),
    '/waybillAction/manualEnd': body(receipt),
    '/waybillAction/getWaybillNodeList': before(ready),
    '/waybillAction/getGoodsInfoBeforeLoad': before(loading),
    '/waybillAction/getGoodsInfoBeforeDelivery': before(delivering),
    '/waybillAction/getGoodsBeforeSign': before(signing),
    '/waybillAction/getOrderBeforeReceipt': before(receipt),
    '/waybillAction/getOrderBeforeReceiptReview': before(review),
    '/waybillAction/getOrderBeforeReceiptReReview': before(reReview),
    '/waybillAction/getOrderBeforeEvaluate': before(evaluate),
    ...(await moreBodies(t.db, { fresh, loadStart, leaving, carrierId, vehicleId: vehicle.id })),
  };
  const verbatim = 'free text kept verbatim in the event payload; tests/waybills-actions.test.ts reads such a value back';
  /** Free-text fields: SQL- or script-looking text is a value (code 1). */
  const acceptedText: Record<string, string> = {
    '/waybill/pageQueryByCondition waybillNo': 'a waybill number filter (like): such text matches no waybill',
    '/waybill/getWaybillNumberByCondition waybillNo': 'a waybill number filter (like): such text matches no waybill',
    '/waybill/editWaybillName waybillName': 'a waybill name is free text',
    '/waybillAction/refuse reason': verbatim,
    '/waybillAction/abnormalEnd reason': verbatim,
    '/waybillAction/signOrder remark': verbatim,
    '/waybillAction/receiptReview opinion': verbatim,
    '/waybillAction/receiptReReview opinion': verbatim,
    '/waybillAction/evaluate content': verbatim,
    '/waybillAction/manualEnd remark': verbatim,
    '/waybill/saveOrEdit waybillName': 'a waybill name is free text',
    '/waybill/saveOrEdit remark': 'a remark is free text',
    '/waybill/generateWaybillFromOrder waybillName': 'a waybill name is free text',
    '/waybill/generateWaybillFromOrder remark': 'a remark is free text',
    '/waybillHistory/findByPage waybillNo': 'a number to look up (the id in the body decides here); an unknown number has no versions',
    '/transfer/getTransferOrderList waybillNo': 'a waybill number filter: such text matches no transfer',
    '/transfer/transferUnload remark': 'a remark is free text, kept on the transfer and its event',
    '/waybillAction/check remark': verbatim,
  };
  return { bodies, acceptedText };
}

/**
 * Baselines of the routes in server/routes/waybill-more.ts and transfer.ts: an order to generate
 * from, a hand-made waybill, a waybill at the transfer point and a transfer waiting for a vehicle.
 */
async function moreBodies(db: Conn, f: { fresh: WaybillFixture; loadStart: WaybillFixture; leaving: WaybillFixture; carrierId: number; vehicleId: number }) {
  const order = await insertOrder(db);
  const [a, , c] = order.areas;
  const road = await insertWaybill(db);
  await placeAt(db, road, { status: 400, step: 9 }, f.carrierId);
  const waiting = await insertWaybill(db);
  await placeAt(db, waiting, { status: 400, step: 9 }, f.carrierId);
  const now = Date.now();
  const transferId = await db.insert(
    `INSERT INTO transfers (corp_id, from_waybill_id, from_vehicle_id, area_id, unloaded_at, status, created_at, updated_at)
     VALUES (1, ?, (SELECT vehicle_id FROM waybills WHERE id = ?), ?, ?, 1, ?, ?)`,
    [waiting.waybillId, waiting.waybillId, a, now, now, now],
  );
  await db.run("INSERT INTO transfer_goods (transfer_id, goods_id, goods_name, quantity) VALUES (?, ?, '饲料', 30)", [transferId, waiting.goodsIds[0]]);
  const other = (await rowOf(db, `SELECT v.id FROM vehicles v JOIN drivers d ON d.id = v.driver_id WHERE v.corp_id = 1 AND v.status = 0 AND v.is_deleted = 0
    AND d.status = 0 AND d.is_deleted = 0 AND v.id <> (SELECT vehicle_id FROM waybills WHERE id = ?) ORDER BY v.id LIMIT 1`, waiting.waybillId)).id;
  const orgId = (await rowOf(db, 'SELECT id FROM departments WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1')).id;
  return {
    '/waybill/generateWaybillFromOrder': { orders: [{ orderId: order.orderId, version: 1 }] },
    '/waybill/saveOrEdit': {
      businessType: 1, nodes: [{ nodeType: 'start', areaId: a }, { nodeType: 'end', areaId: c }], goods: [{ goodsName: '饲料', quantity: 5, unit: '吨' }],
    },
    '/waybillHistory/findByPage': { id: f.fresh.waybillId },
    '/waybillAction/getLeaveNodeInfoList': { id: f.leaving.waybillId },
    '/waybillAction/assignDepartment': { id: f.fresh.waybillId, version: 1, orgId },
    '/waybillAction/delegateWaybill': { id: f.fresh.waybillId, version: 1, carrierId: f.carrierId },
    '/waybillAction/check': { id: f.loadStart.waybillId, version: 1, checkType: 2, passed: true },
    '/transfer/getTransferOrderList': {},
    '/transfer/transferUnload': { id: road.waybillId, version: 1, areaId: a },
    '/transfer/transferAllocate': { id: transferId, version: 1, vehicleId: other },
  };
}
