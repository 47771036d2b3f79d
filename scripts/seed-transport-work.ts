// Demo work that only the server's own functions may write, run after the generated orders and
// waybills are in: transfers (transfer/transferUnload, and transferAllocate for most of them: the
// waiting ones keep their orders at 31 待转运), edits of waybills not yet started (waybill/saveOrEdit:
// new versions in the waybill history), waybills entered by hand with their own goods, and stowage
// tasks (orderStowageTask/save, some left open, some confirmed into a waybill). Each call is the
// endpoint's function as the corporation's dispatcher, so every rule, event and history row is the
// real one. The server functions read the wall clock: this work is the newest in the demo.
import { createRng, type Rng } from '../fixtures/prng.ts';
import type { SessionUser } from '../server/http/context.ts';
import { operationIdsOf } from '../server/domain/auth/sessions.ts';
import { loadRegistry } from '../server/registry/load.ts';
import { transferAllocate, transferUnload } from '../server/domain/waybills/transfer.ts';
import { saveOrEdit, type SaveBody } from '../server/domain/waybills/edit.ts';
import { recordWaybillVersion } from '../server/domain/waybills/history.ts';
import { saveTask } from '../server/domain/orders/stowage/tasks.ts';
import { confirmResult } from '../server/domain/orders/stowage/confirm.ts';
import { all, one, tx, type Conn } from '../server/resources/statements.ts';

type Row = Record<string, any>;

/** How much of each kind per corporation. */
export const DEMO_WORK: Record<number, { transfers: number; allocated: number; edits: number; handWaybills: number; openTasks: number; confirmedTasks: number }> = {
  1: { transfers: 14, allocated: 9, edits: 8, handWaybills: 4, openTasks: 3, confirmedTasks: 3 },
  2: { transfers: 3, allocated: 2, edits: 2, handWaybills: 1, openTasks: 1, confirmedTasks: 1 },
};

const WORK_SEED = 20260922;
const MINUTE = 60_000;

/** The staff user that does a corporation's demo work, as its session would see it. */
async function dispatcherOf(conn: Conn, corpId: number): Promise<SessionUser> {
  const staff = await one<Row>(conn, `SELECT id, user_name AS userName, real_name AS realName, org_id AS orgId, parent_id AS parentId FROM users
    WHERE corp_id = ? AND user_type = 0 ORDER BY real_name LIKE '%调度%' DESC, id LIMIT 1`, corpId);
  if (!staff) throw new Error(`corporation ${corpId} has no staff user for the demo work`);
  const operationIds = new Set(await operationIdsOf(conn, staff.id));
  return { userId: staff.id, userName: staff.userName, realName: staff.realName, corpId, orgId: staff.orgId, userType: 0, parentId: staff.parentId, partnerId: null, token: '', operationIds };
}

/** Vehicles in service with a driver and no live waybill, in id order: each is used once. */
async function freeVehicles(conn: Conn, corpId: number) {
  const rows = await all<{ id: number }>(conn, `SELECT v.id FROM vehicles v JOIN drivers d ON d.id = v.driver_id AND d.status = 0 AND d.is_deleted = 0
    WHERE v.corp_id = ? AND v.is_deleted = 0 AND v.status = 0 AND v.carrier_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM waybills w WHERE w.vehicle_id = v.id AND w.is_deleted = 0 AND w.status IN (200, 300, 400))
    ORDER BY v.id`, corpId);
  return rows.map((r) => r.id);
}

/** Every k-th row, so the picks spread over the data instead of its first ids. */
const spread = <T>(rows: T[], n: number) => (rows.length <= n ? rows : Array.from({ length: n }, (_, i) => rows[Math.floor((i * rows.length) / n)]));

async function transfers(conn: Conn, user: SessionUser, rng: Rng, plan: (typeof DEMO_WORK)[number], vehicles: number[], now: number) {
  const onRoad = await all<{ id: number; version: number }>(conn, `SELECT w.id, w.version FROM waybills w WHERE w.corp_id = ? AND w.is_deleted = 0 AND w.status = 400 AND w.step = 9
    AND NOT EXISTS (SELECT 1 FROM transfers t WHERE t.from_waybill_id = w.id) ORDER BY w.id`, user.corpId);
  const areas = await all<Row>(conn, 'SELECT id, lon, lat FROM areas WHERE corp_id = ? AND is_deleted = 0 AND customer_id IS NULL ORDER BY id', user.corpId);
  const nodesOf = (waybillId: number) => all<Row>(conn, `SELECT n.area_id AS areaId, a.lon, a.lat, n.actual_arrive_time AS arrive, n.actual_leave_time AS leave
    FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.waybill_id = ? ORDER BY n.seq`, waybillId);
  let unloaded = 0;
  let allocated = 0;
  for (const [i, w] of spread(onRoad, plan.transfers).entries()) {
    const nodes = await nodesOf(w.id);
    const from = nodes.filter((n) => n.arrive !== null).at(-1)!;
    const to = nodes[nodes.length - 1];
    // Not before the route's last recorded time (transferUnload's rule), and a little before now.
    const latest = Math.max(...nodes.flatMap((n) => [n.arrive ?? 0, n.leave ?? 0]));
    // Put down at the shared place nearest halfway along the stretch still to drive.
    const mid = { lon: (from.lon + to.lon) / 2, lat: (from.lat + to.lat) / 2 };
    const place = areas.filter((a) => !nodes.some((n) => n.areaId === a.id))
      .reduce((best, a) => ((a.lon - mid.lon) ** 2 + (a.lat - mid.lat) ** 2 < (best.lon - mid.lon) ** 2 + (best.lat - mid.lat) ** 2 ? a : best));
    const time = Math.max(latest, Math.min(latest + rng.int(40, 240) * MINUTE, now - rng.int(5, 30) * MINUTE));
    const out = await transferUnload(conn, user, { id: w.id, version: w.version, areaId: place.id, time, remark: '车辆故障，货物卸至转运点' });
    unloaded++;
    if (i >= plan.allocated || vehicles.length === 0) continue;
    await transferAllocate(conn, registry(), user, { id: out.transferId, version: out.transferVersion, vehicleId: vehicles.shift()! });
    allocated++;
  }
  return { unloaded, allocated };
}

async function nodesForEdit(conn: Conn, waybillId: number, laterBy: number): Promise<SaveBody['nodes']> {
  const nodes = await all<Row>(conn, `SELECT node_type AS nodeType, area_id AS areaId, required_arrive_time AS requiredArriveTime, required_leave_time AS requiredLeaveTime
    FROM waybill_nodes WHERE waybill_id = ? ORDER BY seq`, waybillId);
  const later = (t: number | null) => (t === null ? null : t + laterBy);
  return nodes.map((n) => ({ nodeType: n.nodeType, areaId: n.areaId, requiredArriveTime: later(n.requiredArriveTime), requiredLeaveTime: later(n.requiredLeaveTime) }));
}

/** Waybills not started yet, changed once or twice as a dispatcher would: name, remark, a later schedule. */
async function edits(conn: Conn, user: SessionUser, rng: Rng, n: number) {
  const candidates = await all<{ id: number }>(conn, `SELECT w.id FROM waybills w WHERE w.corp_id = ? AND w.is_deleted = 0 AND w.status IN (100, 1, 200)
    AND NOT EXISTS (SELECT 1 FROM waybill_nodes n WHERE n.waybill_id = w.id AND (n.actual_arrive_time IS NOT NULL OR n.actual_leave_time IS NOT NULL))
    AND EXISTS (SELECT 1 FROM waybill_orders wo WHERE wo.waybill_id = w.id) ORDER BY w.id`, user.corpId);
  const current = (id: number) => one<Row>(conn, 'SELECT version, waybill_name AS waybillName, waybill_no AS waybillNo FROM waybills WHERE id = ?', id);
  const picksOf = (id: number) => all<Row>(conn, `SELECT wo.order_id AS orderId, wo.part_id AS partId, o.version FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id
    WHERE wo.waybill_id = ? ORDER BY wo.order_id`, id);
  let versions = 0;
  for (const { id } of spread(candidates, n)) {
    for (let k = rng.int(1, 2); k > 0; k--) {
      const w = (await current(id))!;
      const orders = (await picksOf(id)).map((p) => ({ orderId: p.orderId, version: p.version, ...(p.partId === null ? {} : { partId: p.partId }) }));
      await saveOrEdit(conn, user, {
        id, version: w.version, waybillName: `${w.waybillName ?? w.waybillNo}（调整）`,
        remark: rng.pick(['客户要求推迟装货', '装货地排队，顺延计划时间', '更换卸货时间窗口']),
        nodes: await nodesForEdit(conn, id, rng.int(1, 4) * 60 * MINUTE), orders,
      });
      versions++;
    }
  }
  return versions;
}

const HAND_GOODS = [
  { businessType: 1, goods: [{ goodsName: '包装袋', goodsCode: 'BZ-01', unit: '件', quantity: 1200, weight: 1.8, volume: 6 }] },
  { businessType: 5, goods: [{ goodsName: '麸皮', goodsCode: 'YL-0401', unit: '吨', quantity: 18.5, weight: 18.5, volume: 40 }] },
  { businessType: 13, goods: [{ goodsName: '冷库周转箱', goodsCode: 'JR-09', unit: '箱', quantity: 300, weight: 0.9, volume: 12 }, { goodsName: '冰袋', goodsCode: 'JR-10', unit: '箱', quantity: 40, weight: 0.4, volume: 1.2 }] },
  { businessType: 19, goods: [{ goodsName: '保育栏', goodsCode: 'ZM-09', unit: '套', quantity: 24, weight: 2.2, volume: 9 }] },
];

/** Waybills with no order, their goods typed in by hand; the first is corrected once after saving. */
async function handWaybills(conn: Conn, user: SessionUser, rng: Rng, n: number, now: number) {
  const areas = (await all<{ id: number }>(conn, 'SELECT id FROM areas WHERE corp_id = ? AND is_deleted = 0 AND customer_id IS NULL ORDER BY id', user.corpId)).map((a) => a.id);
  const made: number[] = [];
  for (let i = 0; i < n; i++) {
    const { businessType, goods } = HAND_GOODS[i % HAND_GOODS.length];
    const [start, end] = rng.shuffle(areas).slice(0, 2);
    const load = Math.ceil((now + rng.int(6, 48) * 60 * MINUTE) / (30 * MINUTE)) * 30 * MINUTE;
    const arrive = load + rng.int(8, 30) * 60 * MINUTE;
    const body: SaveBody = {
      waybillName: `${goods[0].goodsName}调拨`, businessType, remark: '手工录入', goods,
      nodes: [{ nodeType: 'start', areaId: start, requiredArriveTime: load, requiredLeaveTime: load + 2 * 60 * MINUTE },
        { nodeType: 'end', areaId: end, requiredArriveTime: arrive, requiredLeaveTime: arrive + 2 * 60 * MINUTE }],
    };
    const saved = await saveOrEdit(conn, user, body);
    if (i === 0) await saveOrEdit(conn, user, { ...body, id: saved.id, version: saved.version, goods: goods.map((g) => ({ ...g, quantity: Math.round(g.quantity * 0.9 * 1000) / 1000 })) });
    made.push(saved.id);
  }
  return made.length;
}

/** Orders waiting for dispatch, never split nor carried, grouped by loading place and business line. */
async function stowableGroups(conn: Conn, corpId: number) {
  const orders = await all<{ id: number; shipper: number; bt: number }>(conn, `SELECT o.id, o.shipper_area_id AS shipper, o.business_type AS bt FROM orders o
    WHERE o.corp_id = ? AND o.is_deleted = 0 AND o.status = 2 AND o.carrier_id IS NULL
      AND NOT EXISTS (SELECT 1 FROM order_parts p WHERE p.order_id = o.id) AND NOT EXISTS (SELECT 1 FROM waybill_orders wo WHERE wo.order_id = o.id)
      AND NOT EXISTS (SELECT 1 FROM order_stowage_task_orders t WHERE t.order_id = o.id)
      AND (SELECT sum(coalesce(g.weight, 0)) FROM order_goods g WHERE g.order_id = o.id) <= 12
    ORDER BY o.id`, corpId);
  const groups = new Map<string, number[]>();
  for (const o of orders) groups.set(`${o.shipper}:${o.bt}`, [...(groups.get(`${o.shipper}:${o.bt}`) ?? []), o.id]);
  const paired = [...groups.values()].filter((g) => g.length >= 2).map((g) => g.slice(0, 3));
  // Too few shared loading places: single orders make a task too.
  return paired.length > 0 ? [...paired, ...orders.filter((o) => !paired.flat().includes(o.id)).map((o) => [o.id])] : orders.map((o) => [o.id]);
}

/** Open tasks (without a vehicle, and with one) and confirmed ones: each confirmation creates the stowed waybill. */
async function stowage(conn: Conn, user: SessionUser, plan: (typeof DEMO_WORK)[number], vehicles: number[]) {
  const groups = await stowableGroups(conn, user.corpId);
  let open = 0;
  let confirmed = 0;
  for (const orderIds of groups) {
    if (open >= plan.openTasks && confirmed >= plan.confirmedTasks) break;
    const confirm = confirmed < plan.confirmedTasks;
    const withVehicle = confirm || open % 2 === 1;
    // A vehicle too small for the orders is refused by the load-rate rule: the next free one is tried.
    const tries = withVehicle ? vehicles.slice(0, 4) : [undefined];
    for (const vehicleId of tries) {
      try {
        // Saved and confirmed together, or neither: a refused confirmation leaves no task behind.
        await tx(conn, async () => {
          const task = await saveTask(conn, user, { orderIds, vehicleId, remark: confirm ? '同线路拼车' : '待确认车辆' });
          if (confirm) await confirmResult(conn, user, { id: task.id, version: task.version });
        });
        if (vehicleId !== undefined) vehicles.splice(vehicles.indexOf(vehicleId), 1);
        if (confirm) confirmed++;
        else open++;
        break;
      } catch (err) {
        if (!(err instanceof Error) || !/装载率/.test(err.message)) throw err;
      }
    }
  }
  return { open, confirmed };
}

let loaded: ReturnType<typeof loadRegistry> | undefined;
/** The registry only labels the allocated waybill's state in the answer; loaded once, when first needed. */
const registry = () => (loaded ??= loadRegistry());

/**
 * The generated waybills were walked through the machine without snapshots, so each gets its history
 * from where it stands now: one version, as its last recorded action left it, by whom and when. The
 * edits below then add the following versions, as the endpoints do.
 */
async function baselineVersions(conn: Conn, user: SessionUser) {
  const rows = await all<Row>(conn, `SELECT w.id, e.action, e.at, e.user_id AS userId, e.user_name AS userName, w.created_at AS createdAt FROM waybills w
    LEFT JOIN waybill_events e ON e.id = (SELECT id FROM waybill_events WHERE waybill_id = w.id ORDER BY at DESC, id DESC LIMIT 1)
    WHERE w.corp_id = ? AND NOT EXISTS (SELECT 1 FROM waybill_history h WHERE h.waybill_id = w.id)`, user.corpId);
  for (const r of rows) {
    const by = r.userId ? { ...user, userId: r.userId, realName: r.userName } : user;
    await recordWaybillVersion(conn, by, r.id, r.action ?? 'add', r.at ?? r.createdAt);
  }
  return rows.length;
}

export async function seedTransportWork(conn: Conn, now: number) {
  const done: Record<number, unknown> = {};
  // One outer transaction: each function's own transaction becomes a savepoint, and the demo commits once.
  await tx(conn, async () => {
    for (const [corp, plan] of Object.entries(DEMO_WORK)) {
      const corpId = Number(corp);
      const user = await dispatcherOf(conn, corpId);
      const rng = createRng(WORK_SEED + corpId);
      const vehicles = await freeVehicles(conn, corpId);
      done[corpId] = {
        baselineVersions: await baselineVersions(conn, user),
        transfers: await transfers(conn, user, rng, plan, vehicles, now),
        versions: await edits(conn, user, rng, plan.edits),
        handWaybills: await handWaybills(conn, user, rng, plan.handWaybills, now),
        stowage: await stowage(conn, user, plan, vehicles),
      };
    }
  });
  return done;
}
