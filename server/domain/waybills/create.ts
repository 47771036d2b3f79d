// Creating a waybill, the one place that writes a new waybill row with its route nodes, its
// cargo (links to orders or split parts, or hand-entered goods lines), its first timeline event
// and its first version in the history, inside the caller's transaction; then the carried orders
// follow (order-sync.ts). Used by generateWaybillFromOrder, saveOrEdit (add), copyWaybill, the
// receiving waybill of a transfer, and (through orders/waybill-creation.ts) orderInfo/assignVehicle
// and stowage confirmation. The state it starts in is the caller's, taken from the machine.
import type { SessionUser } from '../../http/context.ts';
import { failure, invalid } from '../../http/envelope.ts';
import { lockNumbers, nextNumber } from '../workflow/numbering.ts';
import { refreshOrdersOfWaybill } from '../workflow/order-sync.ts';
import type { NodeType, WaybillState } from '../workflow/waybill-machine.ts';
import { recordWaybillVersion } from './history.ts';
import { all, insert, one, run, type Conn } from './sql.ts';
import { refreshWaybillTemperature } from './temperature.ts';
import { recordEvent } from './transition.ts';
import { applyPrescription } from '../rules/prescription-apply.ts';
import { guardDispatch } from '../rules/access-dispatch.ts';

export interface NewNode {
  nodeType: NodeType;
  areaId: number;
  requiredArriveTime?: number | null;
  requiredLeaveTime?: number | null;
  /** Only for a transfer's receiving waybill, whose first node was reached already. */
  actualArriveTime?: number | null;
  actualLeaveTime?: number | null;
}

export interface HandGoods {
  goodsName: string;
  goodsCode?: string | null;
  quantity: number;
  weight?: number | null;
  volume?: number | null;
  unit: string;
}

export interface Link {
  orderId: number;
  partId: number | null;
}

export interface NewWaybill {
  /** The state the machine gives it (INITIAL_WAYBILL_STATE, or where a transferred waybill was). */
  state: WaybillState;
  waybillNo?: string;
  waybillName?: string | null;
  businessType: number;
  carrierId?: number | null;
  vehicleId?: number | null;
  driverId?: number | null;
  remark?: string | null;
  transferredFromId?: number | null;
  links: Link[];
  nodes: NewNode[];
  goods: HandGoods[];
  /**
   * The first timeline event, from `from` (default: the state itself, as creation moves nothing; a
   * waybill dispatched at birth, orderInfo/assignVehicle or stowage, moved from 100 to its state);
   * a payload function is given the new waybill's id once its goods lines exist (a transfer names them).
   */
  event: { action: string; from?: WaybillState; payload: unknown | ((waybillId: number) => Promise<unknown>) };
}

const NODES = '线路节点';

/**
 * One start first, one end last, via points between; at each node the required leave time is not
 * before the required arrival, and required times do not go back along the route.
 */
export function checkRoute(nodes: NewNode[]) {
  if (nodes[0]?.nodeType !== 'start' || nodes.filter((n) => n.nodeType === 'start').length !== 1) {
    throw invalid(`${NODES}：第一个节点必须是起点，且只能有一个起点`, { field: 'nodes' });
  }
  if (nodes.at(-1)?.nodeType !== 'end' || nodes.filter((n) => n.nodeType === 'end').length !== 1) {
    throw invalid(`${NODES}：最后一个节点必须是终点，且只能有一个终点`, { field: 'nodes' });
  }
  let last: number | null = null;
  for (const n of nodes) {
    for (const t of [n.requiredArriveTime, n.requiredLeaveTime]) {
      if (t === null || t === undefined) continue;
      if (last !== null && t < last) throw invalid(`${NODES}：要求到达和离开时间须按线路顺序先后排列`, { field: 'nodes' });
      last = t;
    }
  }
}

/** Every node's place is an area of the corporation. */
export async function checkAreas(conn: Conn, user: SessionUser, nodes: NewNode[]): Promise<void> {
  const ids = [...new Set(nodes.map((n) => n.areaId))];
  const found = await all<{ id: number }>(conn, `SELECT id FROM areas WHERE corp_id = ? AND is_deleted = 0 AND id IN (${ids.map(() => '?').join(', ')})`, user.corpId, ...ids);
  if (found.length !== ids.length) throw invalid(`${NODES}：地点不存在或无权访问`, { field: 'nodes' });
}

/** The number given (checked free, deleted waybills included: their history keeps it) or the next one of the day. */
export async function waybillNoFor(conn: Conn, user: SessionUser, given: string | undefined, now: number): Promise<string> {
  const no = given?.trim();
  if (!no) return nextNumber(conn, 'waybills', user.corpId, now);
  await lockNumbers(conn, 'waybills', user.corpId);
  if (await one(conn, 'SELECT 1 FROM waybills WHERE corp_id = ? AND waybill_no = ? LIMIT 1', user.corpId, no)) throw invalid('运单号：运单号已存在', { field: 'waybillNo' });
  return no;
}

export async function insertNodes(conn: Conn, user: SessionUser, waybillId: number, nodes: NewNode[]): Promise<void> {
  for (const [i, n] of nodes.entries()) await run(conn,
    `INSERT INTO waybill_nodes (corp_id, waybill_id, seq, node_type, area_id, required_arrive_time, required_leave_time, actual_arrive_time, actual_leave_time)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    user.corpId, waybillId, i + 1, n.nodeType, n.areaId, n.requiredArriveTime ?? null, n.requiredLeaveTime ?? null, n.actualArriveTime ?? null, n.actualLeaveTime ?? null,
  );
}

export async function insertHandGoods(conn: Conn, user: SessionUser, waybillId: number, goods: HandGoods[]): Promise<void> {
  for (const [i, g] of goods.entries()) await run(conn,
    'INSERT INTO waybill_goods (corp_id, waybill_id, seq, goods_name, goods_code, quantity, weight, volume, unit) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    user.corpId, waybillId, i + 1, g.goodsName.trim(), g.goodsCode ?? null, g.quantity, g.weight ?? null, g.volume ?? null, g.unit,
  );
}

/** Links the waybill to its orders; a split part is marked as carried by it. */
export async function insertLinks(conn: Conn, user: SessionUser, waybillId: number, links: Link[]): Promise<void> {
  for (const l of links) {
    await run(conn, 'INSERT INTO waybill_orders (corp_id, waybill_id, order_id, part_id) VALUES (?, ?, ?, ?)', user.corpId, waybillId, l.orderId, l.partId);
    if (l.partId !== null) await run(conn, 'UPDATE order_parts SET waybill_id = ? WHERE id = ?', waybillId, l.partId);
  }
}

export async function insertWaybill(conn: Conn, user: SessionUser, w: NewWaybill, now: number) {
  if (w.links.length > 0 && w.goods.length > 0) throw failure('运单的货物取自关联订单时不能再手工填写货物');
  const waybillNo = await waybillNoFor(conn, user, w.waybillNo, now);
  const waybillId = await insert(conn,
    `INSERT INTO waybills (corp_id, waybill_no, waybill_name, business_type, status, step, sign_status, carrier_id, vehicle_id, driver_id,
       transferred_from_id, remark, version, created_by, created_at, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
    user.corpId, waybillNo, w.waybillName?.trim() || null, w.businessType, w.state.status, w.state.step, w.state.signStatus,
    w.carrierId ?? null, w.vehicleId ?? null, w.driverId ?? null, w.transferredFromId ?? null, w.remark ?? null, user.userId, now, user.userId, now,
  );
  await insertLinks(conn, user, waybillId, w.links);
  // The cold-chain goods of the orders set the waybill's temperature range (or refuse to share a vehicle).
  if (w.links.length > 0) await refreshWaybillTemperature(conn, user.corpId, waybillId);
  await insertNodes(conn, user, waybillId, w.nodes);
  await insertHandGoods(conn, user, waybillId, w.goods);
  // The prescription rule in force now fills the required times the route does not carry.
  await applyPrescription(conn, user.corpId, waybillId, now, now, true);
  // A waybill born with its vehicle answers to the access inspection and the factory's daily limit.
  if (w.vehicleId) await guardDispatch(conn, user.corpId, waybillId, { vehicleId: w.vehicleId, driverId: w.driverId ?? null }, now);
  const payload = typeof w.event.payload === 'function' ? await w.event.payload(waybillId) : w.event.payload;
  await recordEvent(conn, user, waybillId, w.event.action, w.event.from ?? w.state, w.state, null, payload, now);
  await recordWaybillVersion(conn, user, waybillId, w.event.action, now);
  await refreshOrdersOfWaybill(conn, waybillId, now);
  return { id: waybillId, waybillNo, version: 1 };
}
