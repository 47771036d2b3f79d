// What the waybill detail page shows: the waybill with names, its orders and goods, the timeline
// of nodes (getNodeListByIdVO) and the events (getEventListVOById). Every read starts from the
// waybill in the user's scope, so another corporation's or partner's id reads as not found.
import type { SessionUser } from '../../http/context.ts';
import type { Registry } from '../../registry/types.ts';
import { formatTime } from '../../resources/time.ts';
import { goodsOfWaybill } from './goods.ts';
import { actionName, DICTIONARY, labelOf, stateLabels } from './labels.ts';
import { checksOf } from '../rules/check-answers.ts';
import { withCheckStatus } from '../rules/check-status.ts';
import { nodeReadings, type NodeReading } from './node-readings.ts';
import { nodesOf, type NodeRow } from './nodes.ts';
import { loadWaybill, type WaybillRow } from './scope.ts';
import { all, one, type Conn } from './sql.ts';
import { lateness, nodeStatusOf } from './timeline.ts';
import { timelinessNow } from '../rules/prescription-apply.ts';

const str = (ms: unknown) => formatTime(ms as number | null);

/**
 * A node as the timeline shows it: times with their '...Str', early/late, the icon's nodeStatus, and
 * with a reading (node-readings.ts) the vehicle's figures and the alarms of the popover.
 */
export function nodeView(reg: Registry, w: Pick<WaybillRow, 'status' | 'step'>, n: NodeRow, vehicleNo: string | null, reading?: NodeReading) {
  const arrive = lateness(n.actualArriveTime, n.requiredArriveTime, n.toleranceMinutes ?? 0);
  const leave = lateness(n.actualLeaveTime, n.requiredLeaveTime, n.toleranceMinutes ?? 0);
  const nodeStatus = nodeStatusOf(n, w);
  return {
    ...n,
    waybillNodeName: n.areaName,
    customAreaId: n.areaId,
    customAreaName: n.areaName,
    customAreaCode: n.areaCode,
    customAreaAddress: n.address,
    nodeStatus,
    nodeStatusStr: labelOf(reg, DICTIONARY.nodeStatus, nodeStatus),
    requiredArriveTimeStr: str(n.requiredArriveTime),
    actualArriveTimeStr: str(n.actualArriveTime),
    requiredLeaveTimeStr: str(n.requiredLeaveTime),
    actualLeaveTimeStr: str(n.actualLeaveTime),
    arriveStateStr: labelOf(reg, DICTIONARY.arriveLeaveState, n.arriveState),
    leaveStateStr: labelOf(reg, DICTIONARY.arriveLeaveState, n.leaveState),
    arriveLateTimeStr: arrive.lateTimeStr,
    leaveLateTimeStr: leave.lateTimeStr,
    arriveActualTimeDiffStr: arrive.diffStr,
    leaveActualTimeDiffStr: leave.diffStr,
    vehicle: { vehicleNo } as Record<string, unknown>,
    ...reading,
  };
}

/** The waybill's nodes with their readings (one track read and one alarm query for all of them). */
async function timelineNodes(conn: Conn, reg: Registry, user: SessionUser, w: WaybillRow, vehicleNo: string | null) {
  const nodes = await nodesOf(conn, w.id);
  const readings = await nodeReadings(conn, user, w, nodes, vehicleNo);
  return nodes.map((n, i) => nodeView(reg, w, n, vehicleNo, readings[i]));
}

interface Names {
  carrierName: string | null;
  vehicleNo: string | null;
  driverName: string | null;
  driverMobile: string | null;
  remark: string | null;
  createdAt: number;
  updatedAt: number;
}

async function namesOf(conn: Conn, id: number): Promise<Names> {
  return (await one<Names>(
    conn,
    `SELECT c.carrier_name AS carrierName, v.vehicle_no AS vehicleNo, d.driver_name AS driverName, d.mobile AS driverMobile,
       w.remark, w.created_at AS createdAt, w.updated_at AS updatedAt
       FROM waybills w LEFT JOIN carriers c ON c.id = w.carrier_id LEFT JOIN vehicles v ON v.id = w.vehicle_id LEFT JOIN drivers d ON d.id = w.driver_id
      WHERE w.id = ?`,
    id,
  ))!;
}

export async function nodeList(conn: Conn, reg: Registry, user: SessionUser, id: number) {
  const w = await loadWaybill(conn, user, id);
  return timelineNodes(conn, reg, user, w, (await namesOf(conn, id)).vehicleNo);
}

export async function eventList(conn: Conn, reg: Registry, user: SessionUser, id: number) {
  await loadWaybill(conn, user, id);
  const rows = await all<Record<string, any>>(
    conn,
    `SELECT e.id, e.action, e.from_status AS fromStatus, e.to_status AS toStatus, e.from_step AS fromStep, e.to_step AS toStep,
       e.node_id AS nodeId, a.area_name AS nodeName, e.payload, e.user_id AS userId, e.user_name AS userName, e.at
       FROM waybill_events e LEFT JOIN waybill_nodes n ON n.id = e.node_id LEFT JOIN areas a ON a.id = n.area_id
      WHERE e.waybill_id = ? ORDER BY e.at, e.id`,
    id,
  );
  return rows.map((e) => ({
    ...e,
    actionName: actionName(e.action),
    payload: e.payload ? JSON.parse(e.payload) : null,
    fromStatusStr: labelOf(reg, DICTIONARY.status, e.fromStatus),
    toStatusStr: labelOf(reg, DICTIONARY.status, e.toStatus),
    fromStepStr: labelOf(reg, DICTIONARY.step, e.fromStep),
    toStepStr: labelOf(reg, DICTIONARY.step, e.toStep),
    atStr: formatTime(e.at),
  }));
}

export async function ordersOf(conn: Conn, reg: Registry, waybillId: number) {
  return (await all<Record<string, unknown>>(
    conn,
    `SELECT o.id AS orderId, o.order_no AS orderNo, o.status, o.customer_id AS customerId, c.customer_name AS customerName, wo.part_id AS partId,
       sa.area_name AS shipperAreaName, ra.area_name AS receiverAreaName
       FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id JOIN customers c ON c.id = o.customer_id
       JOIN areas sa ON sa.id = o.shipper_area_id JOIN areas ra ON ra.id = o.receiver_area_id
      WHERE wo.waybill_id = ? ORDER BY o.order_no`,
    waybillId,
  )).map((o) => ({ ...o, statusStr: labelOf(reg, 'orderStatus', o.status) }));
}

export async function waybillDetail(conn: Conn, reg: Registry, user: SessionUser, id: number) {
  const w = await loadWaybill(conn, user, id);
  const names = await namesOf(conn, id);
  const nodes = await timelineNodes(conn, reg, user, w, names.vehicleNo);
  const timeliness = await timelinessNow(conn, id, Date.now());
  const detail = {
    ...w,
    ...names,
    ...timeliness,
    timelinessStatusStr: labelOf(reg, 'timelinessStatus', timeliness.timelinessStatus),
    transportStatusStr: labelOf(reg, 'timelinessStatus', timeliness.transportStatus),
    ...stateLabels(reg, w),
    businessTypeStr: labelOf(reg, 'businessType', w.businessType),
    createdAtStr: formatTime(names.createdAt),
    updatedAtStr: formatTime(names.updatedAt),
    startAreaName: nodes.find((n) => n.nodeType === 'start')?.areaName ?? '',
    endAreaName: nodes.find((n) => n.nodeType === 'end')?.areaName ?? '',
    orders: await ordersOf(conn, reg, id),
    goods: await goodsOfWaybill(conn, id),
    nodes,
    events: await eventList(conn, reg, user, id),
    // The check rules' answers (检查记录), and the pending check as the status text.
    checks: await checksOf(conn, reg, id),
  };
  await withCheckStatus(conn, reg, w.corpId, [detail]);
  return detail;
}
