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
import { run, tx, type Conn } from '../sql.ts';
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
async function cargoOf(conn: Conn, user: SessionUser, order: OrderRow, now: number): Promise<Cargo> {
  const { goods, parts } = await splitState(conn, order.id);
  if (!parts.some((p) => !p.cancelled)) return { order, partId: null };
  const outcome = splitPart(goods, parts, (await remainderOf(conn, order.id)).map((l) => ({ goodsId: l.goodsId, quantity: l.quantity })), 0);
  if (!outcome.ok) throw failure(`订单${order.orderNo}：${outcome.message}`);
  const { partId } = await insertPart(conn, user, order.id, outcome.part.lines, now);
  return { order, partId };
}

export async function confirmResult(conn: Conn, user: SessionUser, input: ConfirmInput) {
  const now = Date.now();
  return tx(conn, async () => {
    const task = await lockTask(conn, user, input.id, input.version);
    const orders = await ordersToLoad(conn, user, task.id);
    for (const o of orders) await assertStowable(conn, o, task.id);
    const vehicleId = input.vehicleId ?? task.vehicleId;
    if (vehicleId === null) throw invalid('车辆：请选择车辆', { field: 'vehicleId' });
    const driverId = input.driverId ?? (input.vehicleId === undefined ? task.driverId ?? undefined : undefined);
    const crew = await crewOf(conn, user, { vehicleId, driverId, carrierId: input.carrierId }, orders[0].carrierId);
    // The limits may have changed since the task was saved: the result must keep them now.
    await checkTask(conn, orders, await capacityOf(conn, user.corpId, vehicleId, task.carModelId), await stowageSetting(conn, user.corpId));
    const cargo: Cargo[] = [];
    for (const o of orders) cargo.push(await cargoOf(conn, user, o, now));
    for (const [i, o] of orders.entries()) {
      // A split order has nothing left to split once its remainder travels. A whole one keeps its
      // flag: should its waybill be deleted untouched, it can be split again.
      const next = await bumpOrder(conn, user, o, now, cargo[i].partId === null ? {} : { splittable: 0 });
      await logOrderAction(conn, user, o.id, 'stowage', [{ field: 'stowageTask', title: '配载任务', after: task.id, afterText: task.taskNo }], next, now);
    }
    const { waybillId, waybillNo } = await createWaybill(conn, user, crew, cargo, stowageRoute(orders), now, { stowageTaskId: task.id, orderIds: orders.map((o) => o.id) });
    await run(conn, 'UPDATE order_stowage_tasks SET waybill_id = ?, confirmed_at = ?, vehicle_id = ?, driver_id = ?, version = version + 1, updated_by = ?, updated_at = ? WHERE id = ?',
      waybillId, now, crew.vehicleId, crew.driverId, user.userId, now, task.id);
    const versions = [];
    for (const c of cargo) versions.push({ orderId: c.order.id, partId: c.partId, version: await currentVersion(conn, c.order.id) });
    return { id: task.id, version: task.version + 1, waybillId, waybillNo, orders: versions };
  });
}
