// orderStowageTask/confirmResult (and orderInfo/generateWaybillFromStowage, the same action from
// the order page): the task's result becomes ONE waybill carrying all its orders, created by the
// same code as orderInfo/assignVehicle (waybill-creation.ts). Each order gives what is not split
// off: a never-split order goes whole, a split one gives its remainder as a new last part (so its
// parts plus nothing left equal its quantity). Everything in one transaction; the task closes.
import type { SessionUser } from '../../../http/context.ts';
import { failure, invalid } from '../../../http/envelope.ts';
import { splitPart } from '../../workflow/splits.ts';
import { bumpOrder, currentVersion, logOrderAction, type OrderRow } from '../access.ts';
import { splitState } from '../details.ts';
import { insertPart } from '../split.ts';
import { run, type Sqlite } from '../sql.ts';
import { createWaybill, crewOf, type Cargo } from '../waybill-creation.ts';
import { assertStowable, checkTask, remainderOf, stowageRoute } from './rules.ts';
import { stowageSetting } from './settings.ts';
import { capacityOf, lockTask, ordersToLoad } from './tasks.ts';

export interface ConfirmInput {
  id: number;
  version: number;
  vehicleId?: number;
  driverId?: number;
  carrierId?: number;
}

/** Takes what stowing carries of one order: the whole order, or its remainder as a new part. */
function cargoOf(sqlite: Sqlite, user: SessionUser, order: OrderRow, now: number): Cargo {
  const { goods, parts } = splitState(sqlite, order.id);
  if (!parts.some((p) => !p.cancelled)) return { order, partId: null };
  const outcome = splitPart(goods, parts, remainderOf(sqlite, order.id).map((l) => ({ goodsId: l.goodsId, quantity: l.quantity })), 0);
  if (!outcome.ok) throw failure(`订单${order.orderNo}：${outcome.message}`);
  const { partId } = insertPart(sqlite, user, order.id, outcome.part.lines, now);
  return { order, partId };
}

export function confirmResult(sqlite: Sqlite, user: SessionUser, input: ConfirmInput) {
  const now = Date.now();
  return sqlite.transaction(() => {
    const task = lockTask(sqlite, user, input.id, input.version);
    const orders = ordersToLoad(sqlite, user, task.id);
    for (const o of orders) assertStowable(sqlite, o, task.id);
    const vehicleId = input.vehicleId ?? task.vehicleId;
    if (vehicleId === null) throw invalid('车辆：请选择车辆', { field: 'vehicleId' });
    const driverId = input.driverId ?? (input.vehicleId === undefined ? task.driverId ?? undefined : undefined);
    const crew = crewOf(sqlite, user, { vehicleId, driverId, carrierId: input.carrierId }, orders[0].carrierId);
    // The limits may have changed since the task was saved: the result must keep them now.
    checkTask(sqlite, orders, capacityOf(sqlite, user.corpId, vehicleId, task.carModelId), stowageSetting(sqlite, user.corpId));
    const cargo = orders.map((o) => cargoOf(sqlite, user, o, now));
    for (const [i, o] of orders.entries()) {
      // A split order has nothing left to split once its remainder travels. A whole one keeps its
      // flag: should its waybill be deleted untouched, it can be split again.
      const next = bumpOrder(sqlite, user, o, now, cargo[i].partId === null ? {} : { splittable: 0 });
      logOrderAction(sqlite, user, o.id, 'stowage', [{ field: 'stowageTask', title: '配载任务', after: task.id, afterText: task.taskNo }], next, now);
    }
    const { waybillId, waybillNo } = createWaybill(sqlite, user, crew, cargo, stowageRoute(orders), now, { stowageTaskId: task.id, orderIds: orders.map((o) => o.id) });
    run(sqlite, 'UPDATE order_stowage_tasks SET waybill_id = ?, confirmed_at = ?, vehicle_id = ?, driver_id = ?, version = version + 1, updated_by = ?, updated_at = ? WHERE id = ?',
      waybillId, now, crew.vehicleId, crew.driverId, user.userId, now, task.id);
    return {
      id: task.id, version: task.version + 1, waybillId, waybillNo,
      orders: cargo.map((c) => ({ orderId: c.order.id, partId: c.partId, version: currentVersion(sqlite, c.order.id) })),
    };
  })();
}
