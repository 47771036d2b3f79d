// The route's nodes of one waybill, and the arrive/leave actions on them: the node's type picks the
// machine's row (start, via, end); the actual time is now, or a given time not in the future and
// not before what the route already recorded; the early/late state is judged against the required time.
import { failure, invalid } from '../../http/envelope.ts';
import type { WaybillRow } from './scope.ts';
import { all, one, run, type Conn } from './sql.ts';
import { arriveLeaveState, nodeTypeOf } from './timeline.ts';
import type { Step } from './transition.ts';
import { greatest } from '../../db/dialect.ts';
import { guardDeparture } from '../rules/departure-check.ts';
import { guardShippingHours } from '../rules/factory-check.ts';
import { DepartureAction } from '../rules/types/departure.ts';
import { applyPrescription } from '../rules/prescription-apply.ts';

export interface NodeRow {
  id: number;
  seq: number;
  nodeType: string;
  areaId: number;
  areaName: string;
  areaCode: string;
  address: string | null;
  lon: number;
  lat: number;
  typeId: number;
  radius: number | null;
  requiredArriveTime: number | null;
  actualArriveTime: number | null;
  requiredLeaveTime: number | null;
  actualLeaveTime: number | null;
  arriveState: number | null;
  leaveState: number | null;
  /** The prescription rule's early/late tolerance (minutes) the required times were set with. */
  toleranceMinutes: number | null;
}

const NODE_SQL = `SELECT n.id, n.seq, n.node_type AS nodeType, n.area_id AS areaId, a.area_name AS areaName, a.area_code AS areaCode,
    a.address, a.lon, a.lat, a.type_id AS typeId, a.radius,
    n.required_arrive_time AS requiredArriveTime, n.actual_arrive_time AS actualArriveTime,
    n.required_leave_time AS requiredLeaveTime, n.actual_leave_time AS actualLeaveTime, n.arrive_state AS arriveState, n.leave_state AS leaveState,
    n.tolerance_minutes AS toleranceMinutes
  FROM waybill_nodes n JOIN areas a ON a.id = n.area_id`;

export const nodesOf = (conn: Conn, waybillId: number) => all<NodeRow>(conn, `${NODE_SQL} WHERE n.waybill_id = ? ORDER BY n.seq`, waybillId);

export async function nodeOf(conn: Conn, waybillId: number, nodeId: number): Promise<NodeRow> {
  const node = await one<NodeRow>(conn, `${NODE_SQL} WHERE n.id = ? AND n.waybill_id = ?`, nodeId, waybillId);
  if (!node) throw failure('运单节点不存在');
  return node;
}

export interface NodeActionBody {
  nodeId: number;
  /** When it happened, if not now (a driver confirming late); never in the future. */
  time?: number;
  /** The waybill rule that made this step by itself (waybill-rule-apply.ts; no route takes it): kept on the event. */
  rule?: { id: number; name: string };
}

/** The latest time recorded anywhere on the route except this node. */
async function latestElsewhere(conn: Conn, waybillId: number, nodeId: number): Promise<number | null> {
  const row = await one<{ t: number | null }>(
    conn,
    `SELECT max(${greatest(conn, 'coalesce(actual_arrive_time, 0)', 'coalesce(actual_leave_time, 0)')}) AS t FROM waybill_nodes WHERE waybill_id = ? AND id <> ?`,
    waybillId, nodeId,
  );
  return row?.t || null;
}

export function nodeTransition(conn: Conn, kind: 'arrive' | 'leave', body: NodeActionBody) {
  let node: NodeRow | undefined;
  const word = kind === 'arrive' ? '到达' : '离开';
  return {
    input: async (w: WaybillRow) => {
      node = await nodeOf(conn, w.id, body.nodeId);
      return { nodeType: nodeTypeOf(node.nodeType) };
    },
    prepare: async (w: WaybillRow, now: number): Promise<Step> => {
      const n = node!;
      const time = body.time ?? now;
      if (time > now) throw invalid(`${word}时间不能晚于当前时间`, { field: 'time' });
      if (kind === 'arrive') {
        if (n.actualArriveTime !== null) throw failure(`${n.areaName}已确认到达，请刷新后重试`);
        const latest = await latestElsewhere(conn, w.id, n.id);
        if (latest !== null && time < latest) throw invalid('到达时间不能早于运单上一节点的时间', { field: 'time' });
      } else {
        if (n.actualArriveTime === null) throw failure(`尚未确认到达${n.areaName}，不能确认离开`);
        if (n.actualLeaveTime !== null) throw failure(`${n.areaName}已确认离开，请刷新后重试`);
        if (time < n.actualArriveTime) throw invalid('离开时间不能早于到达时间', { field: 'time' });
      }
      // 开始运输 (arriving at the loading place starts the trip) and 离开装货地 answer to the departure rules.
      if (nodeTypeOf(n.nodeType) === 'start') {
        await guardDeparture(conn, w.corpId, w.id, kind === 'arrive' ? DepartureAction.START_TRANSPORT : DepartureAction.LEAVE_LOADING, time, now);
        // Leaving the factory (出厂) answers to its shipping hours at the moment it says it left.
        if (kind === 'leave') await guardShippingHours(conn, w.corpId, n.areaId, n.areaName, time);
      }
      const sql = kind === 'arrive'
        ? 'UPDATE waybill_nodes SET actual_arrive_time = ?, arrive_state = ? WHERE id = ?'
        : 'UPDATE waybill_nodes SET actual_leave_time = ?, leave_state = ? WHERE id = ?';
      // Judged against the required time as it stood before this action, with the tolerance it was set with.
      const state = arriveLeaveState(time, kind === 'arrive' ? n.requiredArriveTime : n.requiredLeaveTime, n.toleranceMinutes ?? 0);
      return {
        nodeId: n.id,
        payload: body.rule ? { time, ruleId: body.rule.id, ruleName: body.rule.name } : { time },
        effects: async () => {
          await run(conn, sql, time, state, n.id);
          // The rule in force at this moment re-derives the times still ahead (the unloading deadline from the actual leave time).
          await applyPrescription(conn, w.corpId, w.id, time, now, false);
        },
      };
    },
  };
}
