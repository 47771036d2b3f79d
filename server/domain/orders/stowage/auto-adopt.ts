// The dispatcher's answer to a proposal of auto-stowage (auto-run.ts): 采纳 makes it a normal stowage
// task (1102 配载中, through tasks.ts saveTask: the same checks as a task saved by hand), whose result
// the dispatcher then confirms (confirm.ts: the waybill); 不采纳 frees its orders. Only a proposal
// awaiting adoption (2) takes either; the corporation's staff answer (a carrier user only reads).
import type { SessionUser } from '../../../http/context.ts';
import { failure, forbidden } from '../../../http/envelope.ts';
import { NOT_FOUND, STALE } from '../access.ts';
import { all, one, run, tx, type Conn } from '../sql.ts';
import { ProposalStatus } from './auto-run.ts';
import { saveTask } from './tasks.ts';

export interface ProposalRef {
  id: number;
  version: number;
}

interface ProposalRow { id: number; status: number; version: number; vehicleId: number | null }

/** The proposal at the version the user read, awaiting adoption, inside the write's transaction. */
async function lockPending(conn: Conn, user: SessionUser, ref: ProposalRef) {
  if (user.userType !== 0) throw forbidden();
  await conn.lock(`stowage_proposals:${ref.id}`);
  const p = await one<ProposalRow>(conn, 'SELECT id, status, version, vehicle_id AS "vehicleId" FROM stowage_proposals WHERE id = ? AND corp_id = ?', ref.id, user.corpId);
  if (!p) throw failure(NOT_FOUND);
  if (p.version !== ref.version) throw failure(STALE);
  if (p.status !== ProposalStatus.PENDING) throw failure('只有待采纳的方案可以采纳或不采纳');
  return p;
}

async function setStatus(conn: Conn, user: SessionUser, p: ProposalRow, status: number, taskId: number | null, now: number) {
  await run(conn, 'UPDATE stowage_proposals SET status = ?, task_id = ?, version = version + 1, updated_by = ?, updated_at = ? WHERE id = ?', status, taskId, user.userId, now, p.id);
}

/** 采纳: the proposal becomes a stowage task with its vehicle and orders. */
export async function adoptProposal(conn: Conn, user: SessionUser, ref: ProposalRef) {
  const now = Date.now();
  return tx(conn, async () => {
    const p = await lockPending(conn, user, ref);
    // No longer live first, so its orders are stowable for the task (rules.ts STOWABLE_SQL).
    await setStatus(conn, user, p, ProposalStatus.ADOPTED, null, now);
    const orderIds = (await all<{ orderId: number }>(conn, 'SELECT order_id AS "orderId" FROM stowage_proposal_orders WHERE proposal_id = ? ORDER BY seq', p.id)).map((r) => r.orderId);
    const task = await saveTask(conn, user, { orderIds, vehicleId: p.vehicleId ?? undefined, remark: '智能配载' });
    await run(conn, 'UPDATE stowage_proposals SET task_id = ? WHERE id = ?', task.id, p.id);
    return { id: p.id, version: p.version + 1, taskId: task.id, taskNo: task.taskNo, taskVersion: task.version };
  });
}

/** 不采纳: the proposal ends, its orders are free for stowing again. */
export async function rejectProposal(conn: Conn, user: SessionUser, ref: ProposalRef) {
  const now = Date.now();
  return tx(conn, async () => {
    const p = await lockPending(conn, user, ref);
    await setStatus(conn, user, p, ProposalStatus.REJECTED, null, now);
    return { id: p.id, version: p.version + 1 };
  });
}
