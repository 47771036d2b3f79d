// The stowage task lists (orderStowageTask/list, count, unAcceptedLineResult) and the tasks of one
// order (orderInfo/findOrderStowage, the order detail page), limited to tasks the user may see.
import type { SessionUser } from '../../../http/context.ts';
import { failure } from '../../../http/envelope.ts';
import type { Registry } from '../../../registry/types.ts';
import { DEFAULT_PAGE_SIZE } from '../../../resources/input-schemas.ts';
import { formatTime } from '../../../resources/time.ts';
import { findOrder, NOT_FOUND, type OrderRow } from '../access.ts';
import { labelOf } from '../labels.ts';
import { all, one, type Conn } from '../sql.ts';
import { loadOf, remainderOf, StowageStatus } from './rules.ts';
import { capacityOf, orderIdsOfTask, ordersOfTask, TASK_COLUMNS, visibilityOf, visibleTask, type TaskRow } from './tasks.ts';
import { likePattern } from '../../../resources/like.ts';

/** A task as lists show it: names, labels, its orders with what stowing takes of each, the load. */
async function describeTask(conn: Conn, reg: Registry, user: SessionUser, t: TaskRow, withLines: boolean) {
  const names = (await one<{ vehicleNo: string | null; driverName: string | null; modelName: string | null; waybillNo: string | null }>(conn, `SELECT v.vehicle_no AS vehicleNo,
    d.driver_name AS driverName, m.model_name AS modelName, w.waybill_no AS waybillNo FROM order_stowage_tasks t LEFT JOIN vehicles v ON v.id = t.vehicle_id
    LEFT JOIN drivers d ON d.id = t.driver_id LEFT JOIN car_models m ON m.id = t.car_model_id LEFT JOIN waybills w ON w.id = t.waybill_id WHERE t.id = ?`, t.id))!;
  const orders = (await ordersOfTask(conn, user, t.id)).filter((o): o is OrderRow => o !== undefined);
  const open = t.waybillId === null;
  const withRemainders = [];
  if (withLines) {
    for (const o of orders) {
      withRemainders.push({ orderId: o.id, orderNo: o.orderNo, shipperAreaName: o.shipperAreaName, receiverAreaName: o.receiverAreaName, lines: open ? await remainderOf(conn, o.id) : [] });
    }
  }
  return {
    ...t, ...names, statusStr: labelOf(reg, 'stowageStatus', t.status), confirmed: !open, resultStr: open ? '待确认' : '已生成运单',
    createdAtStr: formatTime(t.createdAt), updatedAtStr: formatTime(t.updatedAt),
    orderCount: orders.length, orderNos: orders.map((o) => o.orderNo).join(','),
    // Once confirmed the goods are on the waybill; the load is what the open task would take.
    ...(open ? await loadOf(conn, orders, await capacityOf(conn, user.corpId, t.vehicleId, t.carModelId)) : {}),
    ...(withLines ? { orders: withRemainders } : {}),
  };
}

export interface TaskListInput {
  curPage?: number;
  pageSize?: number;
  taskNo?: string;
  status?: number[];
  confirmed?: boolean;
}

/** Tasks of the corporation the user may see (visibilityOf), filtered. */
function taskWhere(user: SessionUser, input: TaskListInput, withStatus: boolean) {
  const sql = ['t.corp_id = ?', 't.is_deleted = 0'];
  const params: unknown[] = [user.corpId];
  if (input.taskNo) (sql.push(`t.task_no LIKE ? ESCAPE '\\'`), params.push(likePattern(input.taskNo)));
  if (withStatus && input.status?.length) (sql.push(`t.status IN (${input.status.map(() => '?').join(', ')})`), params.push(...input.status));
  if (input.confirmed !== undefined) sql.push(input.confirmed ? 't.waybill_id IS NOT NULL' : 't.waybill_id IS NULL');
  const v = visibilityOf(user);
  sql.push(v.sql);
  params.push(...v.params);
  return { cond: sql.join(' AND '), params };
}

export async function listTasks(conn: Conn, reg: Registry, user: SessionUser, input: TaskListInput, withLines = false) {
  const curPage = input.curPage ?? 1;
  const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
  const { cond, params } = taskWhere(user, input, true);
  const rows = await all<TaskRow>(conn, `SELECT ${TASK_COLUMNS} FROM order_stowage_tasks t WHERE ${cond} ORDER BY t.updated_at DESC, t.id DESC LIMIT ? OFFSET ?`,
    ...params, pageSize, (curPage - 1) * pageSize);
  const { n } = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM order_stowage_tasks t WHERE ${cond}`, ...params))!;
  const data = [];
  for (const t of rows) data.push(await describeTask(conn, reg, user, t, withLines));
  return { data, totalRecords: n, curPage, pageSize };
}

/** orderStowageTask/count: the tabs 1101 / 1102 (every tab counted, whatever status is filtered). */
export async function countTasks(conn: Conn, reg: Registry, user: SessionUser, input: TaskListInput) {
  const { cond, params } = taskWhere(user, input, false);
  const counts = new Map((await all<{ status: number; n: number }>(conn, `SELECT t.status, count(*) AS n FROM order_stowage_tasks t WHERE ${cond} GROUP BY t.status`, ...params)).map((r) => [r.status, r.n]));
  const tabs = Object.values(StowageStatus).map((status) => ({ status, statusStr: labelOf(reg, 'stowageStatus', status), count: counts.get(status) ?? 0 }));
  return { totalRecords: tabs.reduce((s, t) => s + t.count, 0), tabs };
}

/** orderStowageTask/unAcceptedLineResult: results proposed (配载中) but not yet confirmed, with their lines. */
export const unacceptedResults = (conn: Conn, reg: Registry, user: SessionUser, input: TaskListInput) =>
  listTasks(conn, reg, user, { ...input, status: [StowageStatus.STOWING], confirmed: false }, true);

/** orderInfo/findOrderStowage: the tasks an order is or was in. */
export async function stowageOfOrder(conn: Conn, user: SessionUser, orderId: number) {
  const ids = await all<{ id: number }>(conn, `SELECT t.id FROM order_stowage_task_orders x JOIN order_stowage_tasks t ON t.id = x.task_id
    WHERE x.order_id = ? AND t.corp_id = ? AND t.is_deleted = 0 ORDER BY t.id DESC`, orderId, user.corpId);
  const tasks = [];
  for (const { id } of ids) {
    const t = await visibleTask(conn, user, id);
    if (!t) continue;
    const w = t.waybillId === null ? undefined : await one<{ waybillNo: string }>(conn, 'SELECT waybill_no AS waybillNo FROM waybills WHERE id = ?', t.waybillId);
    const orders = [];
    for (const oid of await orderIdsOfTask(conn, t.id)) orders.push({ orderId: oid, orderNo: (await findOrder(conn, user, oid))?.orderNo ?? null });
    tasks.push({ taskId: t.id, taskNo: t.taskNo, status: t.status, version: t.version, waybillId: t.waybillId, waybillNo: w?.waybillNo ?? null, orders });
  }
  return tasks;
}

export async function findOrderStowage(conn: Conn, user: SessionUser, orderId: number) {
  if (!(await findOrder(conn, user, orderId))) throw failure(NOT_FOUND);
  return stowageOfOrder(conn, user, orderId);
}

