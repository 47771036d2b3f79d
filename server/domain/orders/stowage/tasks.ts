// Stowage tasks (orderStowageTask/save, vehicleInfo; lists in list.ts): a task gathers orders to
// load into one vehicle. Saved without a
// vehicle or car model it is 1101 未配载; with one it is 1102 配载中 until its result is confirmed
// (confirm.ts), which creates the waybill and closes the task.
import type { SessionUser } from '../../../http/context.ts';
import { failure, forbidden, invalid } from '../../../http/envelope.ts';
import { nextNumber } from '../../workflow/numbering.ts';
import { findOrder, NOT_FOUND, orderScope, STALE, type OrderRow } from '../access.ts';
import { all, insert, one, run, tx, type Conn } from '../sql.ts';
import { crewOf } from '../waybill-creation.ts';
import { assertStowable, checkTask, StowageStatus, type Capacity } from './rules.ts';
import { stowageSetting } from './settings.ts';

export interface TaskRow {
  id: number;
  taskNo: string;
  status: number;
  vehicleId: number | null;
  driverId: number | null;
  carModelId: number | null;
  waybillId: number | null;
  remark: string | null;
  version: number;
  createdAt: number;
  updatedAt: number;
}

export const TASK_COLUMNS = `t.id, t.task_no AS taskNo, t.status, t.vehicle_id AS vehicleId, t.driver_id AS driverId, t.car_model_id AS carModelId,
  t.waybill_id AS waybillId, t.remark, t.version, t.created_at AS createdAt, t.updated_at AS updatedAt`;

/**
 * A user sees a task when they may see every order in it (access.ts orderScope): staff all of the
 * corporation's, a customer user only tasks of its own orders, a carrier user only tasks of orders
 * delegated to it or carried by its waybills. Deleted orders still count, so a task never changes hands.
 * (coalesce: a NULL carrier_id makes the scope NULL, and NOT NULL would let the order through.)
 */
export function visibilityOf(user: SessionUser) {
  const w = orderScope(user, 'o', true);
  return { sql: `NOT EXISTS (SELECT 1 FROM order_stowage_task_orders x JOIN orders o ON o.id = x.order_id WHERE x.task_id = t.id AND NOT coalesce((${w.sql.join(' AND ')}), FALSE))`, params: w.params };
}

export function visibleTask(conn: Conn, user: SessionUser, id: number): Promise<TaskRow | undefined> {
  const v = visibilityOf(user);
  return one<TaskRow>(conn, `SELECT ${TASK_COLUMNS} FROM order_stowage_tasks t WHERE t.id = ? AND t.corp_id = ? AND t.is_deleted = 0 AND ${v.sql}`, id, user.corpId, ...v.params);
}

export const orderIdsOfTask = async (conn: Conn, taskId: number) =>
  (await all<{ orderId: number }>(conn, 'SELECT order_id AS orderId FROM order_stowage_task_orders WHERE task_id = ? ORDER BY seq', taskId)).map((r) => r.orderId);

/** The task's orders in task order; undefined where an order was deleted since it was stowed. */
export async function ordersOfTask(conn: Conn, user: SessionUser, taskId: number) {
  const orders: (OrderRow | undefined)[] = [];
  for (const id of await orderIdsOfTask(conn, taskId)) orders.push(await findOrder(conn, user, id));
  return orders;
}

/** The open task at the version the user read, inside the write's transaction. */
export async function lockTask(conn: Conn, user: SessionUser, id: number, version: number) {
  // A second writer of the task (on any instance) waits here, then reads the first one's version.
  await conn.lock(`stowage_tasks:${id}`);
  const task = await visibleTask(conn, user, id);
  if (!task) throw failure(NOT_FOUND);
  if (task.version !== version) throw failure(STALE);
  if (task.waybillId !== null) throw failure('配载任务已生成运单，不能再修改');
  return task;
}

/** The task's orders to load; an order deleted since it was stowed must first be taken out of the task. */
export async function ordersToLoad(conn: Conn, user: SessionUser, taskId: number): Promise<OrderRow[]> {
  const orders = await ordersOfTask(conn, user, taskId);
  if (orders.some((o) => o === undefined)) throw failure('配载任务中有订单已删除，请修改配载任务');
  return orders as OrderRow[];
}

/** The capacity a task is loaded against: the vehicle's own figures, else its or the task's car model's. */
export async function capacityOf(conn: Conn, corpId: number, vehicleId: number | null, carModelId: number | null): Promise<Capacity | null> {
  const vehicle = vehicleId === null ? undefined : await one<{ loadWeight: number | null; volume: number | null; carModelId: number | null }>(conn,
    'SELECT load_weight AS loadWeight, volume, car_model_id AS carModelId FROM vehicles WHERE id = ? AND corp_id = ?', vehicleId, corpId);
  const modelId = carModelId ?? vehicle?.carModelId ?? null;
  const model = modelId === null ? undefined : await one<Capacity>(conn, 'SELECT load_weight_t AS loadWeight, volume_m3 AS volume FROM car_models WHERE id = ? AND corp_id = ?', modelId, corpId);
  if (!vehicle && !model) return null;
  return { loadWeight: vehicle?.loadWeight ?? model?.loadWeight ?? null, volume: vehicle?.volume ?? model?.volume ?? null };
}

export interface SaveTaskInput {
  id?: number;
  version?: number;
  orderIds: number[];
  vehicleId?: number;
  driverId?: number;
  carModelId?: number;
  remark?: string;
}

async function ordersFor(conn: Conn, user: SessionUser, orderIds: number[], exceptTaskId: number) {
  if (new Set(orderIds).size !== orderIds.length) throw invalid('订单：同一订单不能重复配载', { field: 'orderIds' });
  const orders: OrderRow[] = [];
  for (const id of orderIds) {
    const order = await findOrder(conn, user, id);
    if (!order) throw failure(NOT_FOUND);
    await assertStowable(conn, order, exceptTaskId);
    orders.push(order);
  }
  return orders;
}

export async function saveTask(conn: Conn, user: SessionUser, input: SaveTaskInput) {
  // Customers place orders; stowing them onto vehicles is the dispatchers' (or a carrier's) work.
  if (user.userType === 1) throw forbidden();
  if (input.id !== undefined && input.version === undefined) throw invalid('版本不能为空', { field: 'version' });
  const now = Date.now();
  return tx(conn, async () => {
    const current = input.id === undefined ? null : await lockTask(conn, user, input.id, input.version!);
    const orders = await ordersFor(conn, user, input.orderIds, current?.id ?? 0);
    const crew = input.vehicleId === undefined ? null : await crewOf(conn, user, { vehicleId: input.vehicleId, driverId: input.driverId }, orders[0].carrierId);
    if (input.driverId !== undefined && !crew) throw invalid('车辆：指定司机时请选择车辆', { field: 'vehicleId' });
    if (input.carModelId !== undefined && !(await one(conn, 'SELECT 1 FROM car_models WHERE id = ? AND corp_id = ? AND is_deleted = 0', input.carModelId, user.corpId))) {
      throw invalid('车型：车型不存在或无权访问', { field: 'carModelId' });
    }
    const load = await checkTask(conn, orders, await capacityOf(conn, user.corpId, input.vehicleId ?? null, input.carModelId ?? null), await stowageSetting(conn, user.corpId));
    const status = crew || input.carModelId !== undefined ? StowageStatus.STOWING : StowageStatus.NOT_STOWED;
    const values = [status, crew?.vehicleId ?? null, crew?.driverId ?? null, input.carModelId ?? null, input.remark ?? null];
    let id: number;
    if (current) {
      const changed = (await run(conn, `UPDATE order_stowage_tasks SET status = ?, vehicle_id = ?, driver_id = ?, car_model_id = ?, remark = ?, version = version + 1,
        updated_by = ?, updated_at = ? WHERE id = ? AND version = ?`, ...values, user.userId, now, current.id, current.version)).changes;
      if (changed !== 1) throw failure(STALE);
      await run(conn, 'DELETE FROM order_stowage_task_orders WHERE task_id = ?', current.id);
      id = current.id;
    } else {
      const taskNo = await nextNumber(conn, 'order_stowage_tasks', user.corpId, now);
      id = await insert(conn, `INSERT INTO order_stowage_tasks (corp_id, task_no, status, vehicle_id, driver_id, car_model_id, remark, version, created_by, created_at, updated_by, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`, user.corpId, taskNo, ...values, user.userId, now, user.userId, now);
    }
    for (const [i, o] of orders.entries()) await run(conn, 'INSERT INTO order_stowage_task_orders (task_id, order_id, seq) VALUES (?, ?, ?)', id, o.id, i + 1);
    const saved = (await one<TaskRow>(conn, `SELECT ${TASK_COLUMNS} FROM order_stowage_tasks t WHERE t.id = ?`, id))!;
    return { id, taskNo: saved.taskNo, version: saved.version, status, ...load };
  });
}

/** orderStowageTask/vehicleInfo: a vehicle as the stowage dialog needs it (capacity, driver, carrier). */
export async function vehicleInfo(conn: Conn, user: SessionUser, vehicleId: number) {
  const v = await one<Record<string, unknown> & { carrierId: number | null; vehicleId: number; carModelId: number | null }>(conn, `SELECT v.id AS vehicleId, v.vehicle_no AS vehicleNo,
    v.status, v.car_model_id AS carModelId, m.model_name AS modelName, v.driver_id AS driverId, d.driver_name AS driverName, v.carrier_id AS carrierId,
    c.carrier_name AS carrierName FROM vehicles v LEFT JOIN car_models m ON m.id = v.car_model_id LEFT JOIN drivers d ON d.id = v.driver_id
    LEFT JOIN carriers c ON c.id = v.carrier_id WHERE v.id = ? AND v.corp_id = ? AND v.is_deleted = 0`, vehicleId, user.corpId);
  if (!v || (user.userType === 2 && v.carrierId !== user.partnerId)) throw failure(NOT_FOUND);
  const capacity = await capacityOf(conn, user.corpId, vehicleId, null);
  const openTasks = (await one<{ n: number }>(conn, 'SELECT count(*) AS n FROM order_stowage_tasks WHERE vehicle_id = ? AND is_deleted = 0 AND waybill_id IS NULL', vehicleId))!.n;
  return { ...v, loadWeight: capacity?.loadWeight ?? null, volume: capacity?.volume ?? null, openTaskCount: openTasks };
}
