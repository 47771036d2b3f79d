// The "before" calls that fill the action dialogs: each reads the waybill in scope and answers
// what its dialog shows (the nodes that can be arrived at or left now, the goods with their
// quantities, the receipt files and the review opinions so far, the evaluations), with the
// version to send back with the action.
import type { SessionUser } from '../../http/context.ts';
import type { Registry } from '../../registry/types.ts';
import { formatTime } from '../../resources/time.ts';
import { applyWaybillAction } from '../workflow/waybill-machine.ts';
import { nodeList, ordersOf } from './detail.ts';
import { goodsOfWaybill, totalOf } from './goods.ts';
import { stateLabels } from './labels.ts';
import { loadWaybill } from './scope.ts';
import { all, type Conn } from './sql.ts';
import { fileUrl } from '../files/image-files.ts';
import { nodeTypeOf } from './timeline.ts';

async function head(conn: Conn, reg: Registry, user: SessionUser, id: number) {
  const w = await loadWaybill(conn, user, id);
  return { w, head: { id: w.id, version: w.version, waybillNo: w.waybillNo, status: w.status, step: w.step, signStatus: w.signStatus, ...stateLabels(reg, w) } };
}

/** Nodes the machine lets the user arrive at or leave now, and that were not yet arrived at / left. */
export async function actionableNodes(conn: Conn, reg: Registry, user: SessionUser, id: number) {
  const { w, head: h } = await head(conn, reg, user, id);
  const can = (action: 'arriveWaybillNode' | 'leaveWaybillNode', nodeType: string) => applyWaybillAction(w, action, { nodeType: nodeTypeOf(nodeType) }).ok;
  const nodes = (await nodeList(conn, reg, user, id))
    .map((n) => ({
      ...n,
      canArrive: n.actualArriveTime === null && can('arriveWaybillNode', n.nodeType),
      canLeave: n.actualArriveTime !== null && n.actualLeaveTime === null && can('leaveWaybillNode', n.nodeType),
    }))
    .filter((n) => n.canArrive || n.canLeave);
  return { ...h, nodes };
}

/** Goods for the loading, delivery and sign-off dialogs, with the totals the sign-off compares. */
export async function goodsBefore(conn: Conn, reg: Registry, user: SessionUser, id: number) {
  const { head: h } = await head(conn, reg, user, id);
  const goods = await goodsOfWaybill(conn, id);
  return {
    ...h,
    goods,
    totalQuantity: totalOf(goods.map((g) => g.quantity)),
    loadedQuantity: totalOf(goods.map((g) => g.loadedQuantity ?? g.quantity)),
    // Sign-off compares against what was delivered: the delivery record, or what was loaded.
    deliveredQuantity: totalOf(goods.map((g) => g.deliveredQuantity ?? g.loadedQuantity ?? g.quantity)),
  };
}

/** Receipts, review opinions and evaluations: the paperwork dialogs after sign-off. */
export async function paperworkBefore(conn: Conn, reg: Registry, user: SessionUser, id: number) {
  const { head: h } = await head(conn, reg, user, id);
  const receipts = (await all<{ fileId: string; fileName: string }>(
    conn,
    'SELECT r.file_id AS fileId, f.file_name AS fileName FROM waybill_receipts r JOIN files f ON f.id = r.file_id AND f.corp_id = r.corp_id WHERE r.waybill_id = ? ORDER BY f.created_at, f.id',
    id,
  )).map((r) => ({ ...r, fileUrl: fileUrl(r.fileId) }));
  const opinions = (await all<{ action: string; payload: string; userName: string; at: number }>(
    conn,
    `SELECT action, payload, user_name AS userName, at FROM waybill_events
      WHERE waybill_id = ? AND action IN ('receiptReview', 'receiptReReview') ORDER BY at, id`,
    id,
  )).map((e) => {
    const p = JSON.parse(e.payload) as { passed: boolean; opinion?: string };
    return { action: e.action, passed: p.passed, opinion: p.opinion ?? '', userName: e.userName, at: e.at, atStr: formatTime(e.at) };
  });
  const evaluations = (await all<{ score: number; content: string | null; userName: string; at: number }>(
    conn,
    'SELECT e.score, e.content, u.real_name AS userName, e.at FROM waybill_evaluations e JOIN users u ON u.id = e.user_id WHERE e.waybill_id = ? ORDER BY e.at, e.id',
    id,
  )).map((e) => ({ ...e, atStr: formatTime(e.at) }));
  return { ...h, orders: await ordersOf(conn, reg, id), receipts, opinions, evaluations };
}
