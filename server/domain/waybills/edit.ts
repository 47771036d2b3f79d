// waybill/saveOrEdit: a waybill added by hand (route nodes, goods, linked orders optional) at the
// machine's first state, or an edit of one that has not started, at the version the user read.
// "Not started": before the driver accepted (100 待派车, 1 司机拒单, 200 待司机接单) and no node
// reached. An edit is the whole form: the route and hand goods are replaced; orders left out are
// handed back (order-sync), orders added are claimed (cargo.ts), orders kept stay as they are.
import type { SessionUser } from '../../http/context.ts';
import { failure, invalid } from '../../http/envelope.ts';
import type { Registry } from '../../registry/types.ts';
import { peekNumber } from '../workflow/numbering.ts';
import { refreshOrdersOfWaybill } from '../workflow/order-sync.ts';
import { INITIAL_WAYBILL_STATE, WaybillStatus } from '../workflow/waybill-machine.ts';
import { claimOrders, type OrderPick } from './cargo.ts';
import { checkAreas, checkRoute, insertHandGoods, insertLinks, insertNodes, insertWaybill, type HandGoods, type NewNode } from './create.ts';
import { releaseOrders } from './delete.ts';
import { recordWaybillVersion } from './history.ts';
import { labelOf, stateLabels } from './labels.ts';
import { loadWaybill, lockWaybill, type WaybillRow } from './scope.ts';
import { all, one, run, tx, type Conn } from './sql.ts';
import { refreshWaybillTemperature } from './temperature.ts';
import { bumpWaybill, recordEvent } from './transition.ts';
import { applyPrescription } from '../rules/prescription-apply.ts';

export interface SaveBody {
  id?: number;
  version?: number;
  waybillNo?: string;
  waybillName?: string | null;
  businessType?: number;
  carrierId?: number | null;
  remark?: string | null;
  nodes: NewNode[];
  goods?: HandGoods[];
  orders?: OrderPick[];
}

/** Before the vehicle sets out; the waybill page offers 修改 in these statuses (server/registry/route-shapes.ts). */
export const EDITABLE: readonly number[] = [WaybillStatus.AWAITING_VEHICLE, WaybillStatus.DRIVER_REFUSED, WaybillStatus.AWAITING_DRIVER];

export async function editable(conn: Conn, w: Pick<WaybillRow, 'id' | 'status'>): Promise<boolean> {
  const reached = await one(conn, 'SELECT 1 FROM waybill_nodes WHERE waybill_id = ? AND (actual_arrive_time IS NOT NULL OR actual_leave_time IS NOT NULL) LIMIT 1', w.id);
  return EDITABLE.includes(w.status) && !reached;
}

/** A carrier user's waybill is always its own carrier's; staff may name a carrier of the corporation. */
async function carrierFor(conn: Conn, user: SessionUser, carrierId: number | null | undefined, fallback: number | null): Promise<number | null> {
  if (user.userType === 2) return user.partnerId;
  const id = carrierId === undefined ? fallback : carrierId;
  if (id !== null && !(await one(conn, 'SELECT 1 FROM carriers WHERE id = ? AND corp_id = ? AND is_deleted = 0', id, user.corpId))) {
    throw invalid('承运商：承运商不存在或无权访问', { field: 'carrierId' });
  }
  return id;
}

function checkGoods(hasOrders: boolean, goods: HandGoods[] | undefined) {
  if (hasOrders && goods?.length) throw invalid('货物明细：有关联订单时货物取自订单，不能手工填写', { field: 'goods' });
  if (!hasOrders && !goods?.length) throw invalid('货物明细：没有关联订单时请填写货物', { field: 'goods' });
}

async function add(conn: Conn, user: SessionUser, body: SaveBody, now: number) {
  const picks = body.orders ?? [];
  checkGoods(picks.length > 0, body.goods);
  const claimed = await claimOrders(conn, user, picks, now);
  const businessType = claimed.orders[0]?.businessType ?? body.businessType;
  if (businessType === undefined) throw invalid('业务类型：请选择业务类型', { field: 'businessType' });
  const delegated = claimed.orders.length === 1 ? claimed.orders[0].carrierId : null;
  return insertWaybill(conn, user, {
    state: INITIAL_WAYBILL_STATE, waybillNo: body.waybillNo, waybillName: body.waybillName, businessType,
    carrierId: await carrierFor(conn, user, body.carrierId, delegated), remark: body.remark,
    links: claimed.links, nodes: body.nodes, goods: body.goods ?? [],
    event: { action: 'add', payload: { orders: claimed.links } },
  }, now);
}

async function update(conn: Conn, user: SessionUser, body: SaveBody & { id: number }, now: number) {
  if (body.version === undefined) throw invalid('版本号：修改运单时版本号不能为空', { field: 'version' });
  const w = await lockWaybill(conn, user, body.id, body.version);
  if (body.waybillNo !== undefined && body.waybillNo.trim() !== w.waybillNo) throw invalid('运单号：运单号不能修改', { field: 'waybillNo' });
  if (!(await editable(conn, w))) throw failure('运单已开始运输，不能修改');
  const current = (await all<{ orderId: number }>(conn, 'SELECT order_id AS orderId FROM waybill_orders WHERE waybill_id = ?', w.id)).map((l) => l.orderId);
  const picks = body.orders ?? [];
  checkGoods(picks.length > 0, body.goods);
  const kept = picks.filter((p) => current.includes(p.orderId)).map((p) => p.orderId);
  const removed = current.filter((id) => !kept.includes(id));
  if (removed.length) await releaseOrders(conn, w.id, now, removed);
  const claimed = await claimOrders(conn, user, picks.filter((p) => !current.includes(p.orderId)), now);
  await insertLinks(conn, user, w.id, claimed.links);
  await refreshWaybillTemperature(conn, user.corpId, w.id);
  await run(conn, 'DELETE FROM waybill_nodes WHERE waybill_id = ?', w.id);
  await insertNodes(conn, user, w.id, body.nodes);
  await run(conn, 'DELETE FROM waybill_goods WHERE waybill_id = ?', w.id);
  await insertHandGoods(conn, user, w.id, body.goods ?? []);
  const businessType = claimed.orders[0]?.businessType ?? body.businessType ?? w.businessType;
  // With a vehicle assigned, the carrier is the vehicle's: the form cannot move it.
  const carrierId = w.vehicleId === null ? await carrierFor(conn, user, body.carrierId, w.carrierId) : w.carrierId;
  const version = await bumpWaybill(conn, user, w, now, {
    waybill_name: body.waybillName?.trim() || null, business_type: businessType, carrier_id: carrierId, remark: body.remark ?? null,
  });
  // The route was rewritten: the prescription rule in force now fills the times it does not carry.
  await applyPrescription(conn, user.corpId, w.id, now, now, true);
  await recordEvent(conn, user, w.id, 'update', w, w, null, { removedOrderIds: removed, addedOrders: claimed.links }, now);
  await refreshOrdersOfWaybill(conn, w.id, now);
  await recordWaybillVersion(conn, user, w.id, 'update', now);
  return { id: w.id, waybillNo: w.waybillNo, version };
}

export function saveOrEdit(conn: Conn, user: SessionUser, body: SaveBody) {
  checkRoute(body.nodes);
  return tx(conn, async () => {
    const now = Date.now();
    await checkAreas(conn, user, body.nodes);
    return body.id === undefined ? add(conn, user, body, now) : update(conn, user, body as SaveBody & { id: number }, now);
  });
}

/** waybill/getWaybillNo: the number the next new waybill of today would get (not reserved). */
export const peekWaybillNo = async (conn: Conn, user: SessionUser) => ({ waybillNo: await peekNumber(conn, 'waybills', user.corpId, Date.now()) });

/** waybill/waybillNo/repeat: whether another waybill of the corporation (deleted ones included) has the number. */
export async function waybillNoTaken(conn: Conn, user: SessionUser, waybillNo: string, id?: number): Promise<boolean> {
  return !!(await one(conn, 'SELECT 1 FROM waybills WHERE corp_id = ? AND waybill_no = ? AND id <> ? LIMIT 1', user.corpId, waybillNo.trim(), id ?? 0));
}

/** waybill/getWaybillInfoForEdit: the form's data — route, hand goods, linked orders with their versions — and whether it may be edited. */
export async function infoForEdit(conn: Conn, reg: Registry, user: SessionUser, id: number) {
  const w = await loadWaybill(conn, user, id);
  const row = (await one<{ remark: string | null }>(conn, 'SELECT remark FROM waybills WHERE id = ?', id))!;
  const nodes = await all(conn, `SELECT n.id, n.seq, n.node_type AS nodeType, n.area_id AS areaId, a.area_name AS areaName,
      CASE WHEN n.arrive_by_rule IS NULL THEN n.required_arrive_time END AS requiredArriveTime,
      CASE WHEN n.leave_by_rule IS NULL THEN n.required_leave_time END AS requiredLeaveTime
    FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.waybill_id = ? ORDER BY n.seq`, id);
  const goods = await all(conn, `SELECT id AS goodsId, goods_name AS goodsName, goods_code AS goodsCode, quantity, weight, volume, unit
    FROM waybill_goods WHERE waybill_id = ? ORDER BY seq, id`, id);
  const orders = await all(conn, `SELECT o.id AS orderId, o.order_no AS orderNo, o.version, wo.part_id AS partId, p.part_no AS partNo
    FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id LEFT JOIN order_parts p ON p.id = wo.part_id WHERE wo.waybill_id = ? ORDER BY o.order_no`, id);
  return {
    ...w, ...stateLabels(reg, w), businessTypeStr: labelOf(reg, 'businessType', w.businessType), remark: row.remark,
    nodes, goods, orders, editable: await editable(conn, w),
  };
}
