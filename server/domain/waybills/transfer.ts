// Transfers (transfer/*). On the road (400 / 9 待到达卸货地) the goods of vehicle A are unloaded at a
// place (transferUnload: a transfer at status 1 待转运, the carried orders 31 待转运, A frozen: no
// other action may move it), then loaded onto vehicle B (transferAllocate: the machine's `transfer`
// ends A as 700 已转运, and B's waybill starts where A was — 400 / 9 — from the transfer place,
// carrying the same orders and exactly the quantities unloaded). Quantities are kept per goods
// line on the transfer, so what left A is what B carries on.
import type { SessionUser } from '../../http/context.ts';
import { failure, invalid } from '../../http/envelope.ts';
import type { Registry } from '../../registry/types.ts';
import { DEFAULT_PAGE_SIZE } from '../../resources/input-schemas.ts';
import { formatTime } from '../../resources/time.ts';
import { refreshOrdersOfWaybill } from '../workflow/order-sync.ts';
import { applyWaybillAction } from '../workflow/waybill-machine.ts';
import { insertWaybill, type HandGoods, type NewNode } from './create.ts';
import { driverOf, vehicleOf } from './dispatch.ts';
import { goodsOfWaybill } from './goods.ts';
import { recordWaybillVersion } from './history.ts';
import { loadWaybill, lockWaybill, NOT_FOUND, STALE, waybillScope, type WaybillRow } from './scope.ts';
import { all, insert, one, run, tx, type Conn } from './sql.ts';
import { bumpWaybill, pendingTransferOf, recordEvent, runTransition } from './transition.ts';
import { greatest } from '../../db/dialect.ts';

export const TRANSFER_STATUS = { UNLOADED: 1, ALLOCATED: 2 } as const;
const STATUS_LABELS: Record<number, string> = { 1: '待转运', 2: '已转运' };

export interface UnloadBody {
  id: number;
  version: number;
  areaId: number;
  /** When the goods were put down, if not now; not in the future, not before the route's last time. */
  time?: number;
  remark?: string;
}

async function latestNodeTime(conn: Conn, waybillId: number): Promise<number | null> {
  const row = await one<{ t: number | null }>(conn,
    `SELECT max(${greatest(conn, 'coalesce(actual_arrive_time, 0)', 'coalesce(actual_leave_time, 0)')}) AS t FROM waybill_nodes WHERE waybill_id = ?`, waybillId);
  return row?.t || null;
}

export function transferUnload(conn: Conn, user: SessionUser, body: UnloadBody) {
  return tx(conn, async () => {
    const now = Date.now();
    const w = await lockWaybill(conn, user, body.id, body.version);
    // Unloading is the first half of the machine's transfer: allowed exactly where the transfer is.
    const allowed = applyWaybillAction(w, 'transfer');
    if (!allowed.ok) throw failure(allowed.message);
    if (await pendingTransferOf(conn, w.id)) throw failure('运单货物已卸车待转运，请刷新后重试');
    if (!(await one(conn, 'SELECT 1 FROM areas WHERE id = ? AND corp_id = ? AND is_deleted = 0', body.areaId, user.corpId))) {
      throw invalid('转运地点：地点不存在或无权访问', { field: 'areaId' });
    }
    const time = body.time ?? now;
    if (time > now) throw invalid('卸货时间：卸货时间不能晚于当前时间', { field: 'time' });
    const latest = await latestNodeTime(conn, w.id);
    if (latest !== null && time < latest) throw invalid('卸货时间：卸货时间不能早于运单上一节点的时间', { field: 'time' });
    // What is on the vehicle: the loading record, or what the waybill carries when none was kept.
    const moved = (await goodsOfWaybill(conn, w.id))
      .map((g) => ({ goodsId: g.goodsId, goodsName: g.goodsName, quantity: g.loadedQuantity ?? g.quantity }))
      .filter((g) => g.quantity > 0);
    if (moved.length === 0) throw failure('运单没有可转运的货物');
    const transferId = await insert(conn,
      `INSERT INTO transfers (corp_id, from_waybill_id, from_vehicle_id, area_id, unloaded_at, status, remark, version, created_by, created_at, updated_by, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
      user.corpId, w.id, w.vehicleId, body.areaId, time, TRANSFER_STATUS.UNLOADED, body.remark ?? null, user.userId, now, user.userId, now,
    );
    for (const g of moved) await run(conn, 'INSERT INTO transfer_goods (transfer_id, goods_id, goods_name, quantity) VALUES (?, ?, ?, ?)', transferId, g.goodsId, g.goodsName, g.quantity);
    const version = await bumpWaybill(conn, user, w, now, {});
    await recordEvent(conn, user, w.id, 'transferUnload', w, w, null, { transferId, areaId: body.areaId, time, goods: moved, remark: body.remark ?? null }, now);
    // The orders wait for the next vehicle (31 待转运, order-sync.ts); allocating brings them back in step.
    await refreshOrdersOfWaybill(conn, w.id, now);
    await recordWaybillVersion(conn, user, w.id, 'transferUnload', now);
    return { transferId, transferVersion: 1, id: w.id, version };
  });
}

interface TransferRow {
  id: number;
  version: number;
  status: number;
  fromWaybillId: number;
  areaId: number;
  unloadedAt: number;
  remark: string | null;
}

/** The transfer in the user's scope: its first waybill, or its receiving waybill, is the user's. */
function transferScope(user: SessionUser) {
  const from = waybillScope(user, 'fw');
  const to = waybillScope(user, 'tw');
  return {
    sql: `t.corp_id = ? AND t.is_deleted = 0 AND (EXISTS (SELECT 1 FROM waybills fw WHERE fw.id = t.from_waybill_id AND ${from.sql.join(' AND ')})
      OR EXISTS (SELECT 1 FROM waybills tw WHERE tw.id = t.to_waybill_id AND ${to.sql.join(' AND ')}))`,
    params: [user.corpId, ...from.params, ...to.params],
  };
}

async function findTransfer(conn: Conn, user: SessionUser, id: number): Promise<TransferRow> {
  const scope = transferScope(user);
  const row = await one<TransferRow>(conn, `SELECT t.id, t.version, t.status, t.from_waybill_id AS fromWaybillId, t.area_id AS areaId, t.unloaded_at AS unloadedAt, t.remark
    FROM transfers t WHERE ${scope.sql} AND t.id = ?`, ...scope.params, id);
  if (!row) throw failure(NOT_FOUND);
  return row;
}

export interface AllocateBody {
  id: number;
  version: number;
  vehicleId: number;
  driverId?: number;
}

/** B's route: from the transfer place (reached at unloading, left now) on to A's places not yet reached. */
async function routeOnward(conn: Conn, t: TransferRow, now: number): Promise<NewNode[]> {
  const rest = await all<NewNode>(conn, `SELECT node_type AS nodeType, area_id AS areaId, required_arrive_time AS requiredArriveTime, required_leave_time AS requiredLeaveTime
    FROM waybill_nodes WHERE waybill_id = ? AND actual_arrive_time IS NULL ORDER BY seq`, t.fromWaybillId);
  return [{ nodeType: 'start', areaId: t.areaId, actualArriveTime: t.unloadedAt, actualLeaveTime: now }, ...rest];
}

/** Hand goods travel as new lines of B; orders' goods keep their ids (B links the same orders and parts). */
async function cargoOnward(conn: Conn, w: WaybillRow, moved: Map<number, number>) {
  const links = await all<{ orderId: number; partId: number | null }>(conn, 'SELECT order_id AS orderId, part_id AS partId FROM waybill_orders WHERE waybill_id = ?', w.id);
  const hand = (await all<HandGoods & { id: number }>(conn, `SELECT id, goods_name AS goodsName, goods_code AS goodsCode, quantity, weight, volume, unit
    FROM waybill_goods WHERE waybill_id = ? ORDER BY seq, id`, w.id)).filter((g) => moved.has(g.id));
  const goodsOf = async (bId: number) => {
    if (hand.length === 0) return [...moved].map(([goodsId, quantity]) => ({ goodsId, quantity }));
    const ids = await all<{ id: number }>(conn, 'SELECT id FROM waybill_goods WHERE waybill_id = ? ORDER BY seq, id', bId);
    return hand.map((g, i) => ({ goodsId: ids[i].id, quantity: moved.get(g.id)! }));
  };
  return { links, hand: hand.map(({ id: _id, ...g }) => g), goodsOf };
}

export function transferAllocate(conn: Conn, reg: Registry, user: SessionUser, body: AllocateBody) {
  return tx(conn, async () => {
    const t = await findTransfer(conn, user, body.id);
    if (t.version !== body.version) throw failure(STALE);
    if (t.status !== TRANSFER_STATUS.UNLOADED) throw failure('转运单已装车，请刷新后重试');
    const a = await loadWaybill(conn, user, t.fromWaybillId);
    const vehicle = await vehicleOf(conn, user, body.vehicleId);
    if (vehicle.id === a.vehicleId) throw invalid('车辆：转运车辆不能与原车辆相同', { field: 'vehicleId' });
    const driverId = body.driverId ?? vehicle.driverId;
    const driver = driverId === null ? null : await driverOf(conn, user, driverId);
    const moved = new Map((await all<{ goodsId: number; quantity: number }>(conn, 'SELECT goods_id AS goodsId, quantity FROM transfer_goods WHERE transfer_id = ?', t.id))
      .map((g) => [g.goodsId, g.quantity]));
    // Filled in when B exists (effects run before the event is written).
    const payload: Record<string, unknown> = { transferId: t.id, toVehicleId: vehicle.id };
    const moveA = await runTransition(conn, reg, user, {
      action: 'transfer', id: a.id, version: a.version,
      prepare: async (w) => ({
        payload,
        effects: async (now) => {
          const cargo = await cargoOnward(conn, w, moved);
          const b = await insertWaybill(conn, user, {
            // B carries on where A was before the transfer (the machine's row: 400 / 9).
            state: { status: w.status, step: w.step, signStatus: w.signStatus },
            waybillName: w.waybillName, businessType: w.businessType, carrierId: vehicle.carrierId ?? w.carrierId,
            vehicleId: vehicle.id, driverId: driver?.id ?? null, transferredFromId: w.id,
            links: cargo.links, nodes: await routeOnward(conn, t, now), goods: cargo.hand,
            event: { action: 'transferIn', payload: async (bId: number) => ({ transferId: t.id, fromWaybillId: w.id, fromWaybillNo: w.waybillNo, goods: await cargo.goodsOf(bId) }) },
          }, now);
          await run(conn, 'UPDATE transfers SET status = ?, to_waybill_id = ?, to_vehicle_id = ?, allocated_at = ?, version = version + 1, updated_at = ?, updated_by = ? WHERE id = ? AND version = ?',
            TRANSFER_STATUS.ALLOCATED, b.id, vehicle.id, now, now, user.userId, t.id, t.version);
          Object.assign(payload, { toWaybillId: b.id, toWaybillNo: b.waybillNo });
        },
      }),
    });
    return { transferId: t.id, transferVersion: t.version + 1, from: moveA, waybillId: payload.toWaybillId, waybillNo: payload.toWaybillNo };
  });
}

const TRANSFER_SQL = `SELECT t.id AS transferId, t.version, t.status, t.from_waybill_id AS fromWaybillId, fw.waybill_no AS fromWaybillNo,
    t.to_waybill_id AS toWaybillId, tw.waybill_no AS toWaybillNo, fv.vehicle_no AS beforCarNo, tv.vehicle_no AS afterCarNo,
    t.area_id AS areaId, a.area_name AS areaName, a.lon, a.lat, t.unloaded_at AS unloadedAt, t.allocated_at AS allocatedAt, t.remark,
    t.created_at AS createdAt
  FROM transfers t JOIN waybills fw ON fw.id = t.from_waybill_id LEFT JOIN waybills tw ON tw.id = t.to_waybill_id
  LEFT JOIN vehicles fv ON fv.id = t.from_vehicle_id LEFT JOIN vehicles tv ON tv.id = t.to_vehicle_id JOIN areas a ON a.id = t.area_id`;

async function decorate(conn: Conn, r: Record<string, any>) {
  const goods = await all(conn, 'SELECT goods_id AS goodsId, goods_name AS goodsName, quantity FROM transfer_goods WHERE transfer_id = ? ORDER BY goods_id', r.transferId);
  return {
    ...r,
    statusStr: STATUS_LABELS[r.status],
    label: '转运',
    // The spec's map marker: when the goods changed vehicle (or were put down, while waiting).
    transportTimeStr: formatTime(r.allocatedAt ?? r.unloadedAt),
    unloadedAtStr: formatTime(r.unloadedAt),
    allocatedAtStr: formatTime(r.allocatedAt),
    afterCarList: r.afterCarNo ? [r.afterCarNo] : [],
    goods,
  };
}

export interface TransferQuery {
  curPage?: number;
  pageSize?: number;
  waybillNo?: string;
  status?: number;
}

/** transfer/getTransferOrderList: the transfers the user may see, newest first. */
export async function transferList(conn: Conn, user: SessionUser, q: TransferQuery) {
  const scope = transferScope(user);
  const where = [scope.sql];
  const params = [...scope.params];
  if (q.status !== undefined) (where.push('t.status = ?'), params.push(q.status));
  if (q.waybillNo?.trim()) (where.push('(fw.waybill_no = ? OR tw.waybill_no = ?)'), params.push(q.waybillNo.trim(), q.waybillNo.trim()));
  const curPage = q.curPage ?? 1;
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
  const rows = await all<Record<string, any>>(conn, `${TRANSFER_SQL} WHERE ${where.join(' AND ')} ORDER BY t.updated_at DESC, t.id DESC LIMIT ? OFFSET ?`,
    ...params, pageSize, (curPage - 1) * pageSize);
  const { n } = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM transfers t JOIN waybills fw ON fw.id = t.from_waybill_id
    LEFT JOIN waybills tw ON tw.id = t.to_waybill_id WHERE ${where.join(' AND ')}`, ...params))!;
  return { data: await Promise.all(rows.map((r) => decorate(conn, r))), totalRecords: n, curPage, pageSize };
}

/** transfer/transferInfo?id=: the transfers a waybill took part in (either side), in time order. */
export async function transferInfo(conn: Conn, user: SessionUser, waybillId: number) {
  await loadWaybill(conn, user, waybillId);
  const rows = await all<Record<string, any>>(conn, `${TRANSFER_SQL} WHERE t.is_deleted = 0 AND (t.from_waybill_id = ? OR t.to_waybill_id = ?) ORDER BY t.unloaded_at, t.id`, waybillId, waybillId);
  return Promise.all(rows.map((r) => decorate(conn, r)));
}
