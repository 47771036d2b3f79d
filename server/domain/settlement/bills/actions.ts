// Runs one bill action: in ONE transaction, take the bill's lock, load it in the user's scope, check
// the version the user read, ask the machine (machine.ts) whether this user may do this now, write the
// new status guarded by the version, and leave the action on the bill's timeline. 分发 / 发送 also tells
// the partner's users (message centre). A refusal throws, so nothing is half-applied.
import type { SessionUser } from '../../../http/context.ts';
import { failure } from '../../../http/envelope.ts';
import type { Registry } from '../../../registry/types.ts';
import { labelOf } from '../../../registry/labels.ts';
import { all, run, tx, type Conn } from '../../../resources/statements.ts';
import { sendToUser } from '../../../messages/store.ts';
import { STALE } from '../../waybills/scope.ts';
import { recordBillHistory } from './history.ts';
import { actorOf, applyBillAction, billActionName, BillSide, EDITABLE_STATUS, type BillAction } from './machine.ts';
import { refreshDraftLines } from './lines.ts';
import { loadBill, type BillRow } from './scope.ts';

export interface BillActionInput {
  id: number;
  version: number;
  /** 驳回: why the partner sends the bill back (required there). */
  reason?: string;
  /** 开票 / 收票: the invoice number (required there). */
  invoiceNo?: string;
}

export function runBillAction(conn: Conn, reg: Registry, user: SessionUser, action: BillAction, input: BillActionInput) {
  return tx(conn, async () => {
    const now = Date.now();
    await conn.lock(`bills:${input.id}`);
    const bill = await loadBill(conn, user, input.id);
    if (bill.version !== input.version) throw failure(STALE);
    const outcome = applyBillAction(bill, action, actorOf(user.userType, bill.side));
    if (!outcome.ok) throw failure(outcome.message);
    const reason = input.reason?.trim() || null;
    const invoiceNo = input.invoiceNo?.trim() || null;
    if (action === 'reject' && !reason) throw failure('驳回原因不能为空');
    if (action === 'invoice' && !invoiceNo) throw failure('发票号不能为空');
    const version = bill.version + 1;
    if (outcome.status === null) {
      await run(conn, 'UPDATE bill_lines SET is_deleted = 1 WHERE bill_id = ?', bill.id);
      await run(conn, 'UPDATE bills SET is_deleted = 1, version = ?, updated_by = ?, updated_at = ? WHERE id = ? AND version = ?', version, user.userId, now, bill.id, bill.version);
    } else {
      const r = await run(conn,
        `UPDATE bills SET status = ?, reject_reason = CASE WHEN ? = 'reject' THEN ? ELSE reject_reason END, invoice_no = coalesce(?, invoice_no),
           version = ?, updated_by = ?, updated_at = ? WHERE id = ? AND version = ?`,
        outcome.status, action, reason, invoiceNo, version, user.userId, now, bill.id, bill.version);
      if (r.changes !== 1) throw failure(STALE);
      // Back with finance: fees changed while the bill was frozen reach it now.
      if (outcome.status === EDITABLE_STATUS) await refreshDraftLines(conn, bill.id);
    }
    await recordBillHistory(conn, user, bill.id, action, bill.status, outcome.status, version, reason ?? invoiceNo, now);
    if (action === 'distribute') await tellPartner(conn, bill, now);
    const status = outcome.status ?? bill.status;
    return { id: bill.id, version, status, statusStr: labelOf(reg, 'billStatus', status), deleted: outcome.status === null ? 1 : 0 };
  });
}

/** 分发 / 发送: each enabled user of the bill's carrier or customer gets a message linking the bill. */
async function tellPartner(conn: Conn, bill: BillRow, now: number) {
  const userType = bill.side === BillSide.PAYABLE ? 2 : 1;
  const users = await all<{ id: number }>(conn,
    'SELECT id FROM users WHERE corp_id = ? AND user_type = ? AND partner_id = ? AND enabled = 1', bill.corpId, userType, bill.partyId);
  const title = '账单待确认';
  const content = `账单 ${bill.billNo}（${bill.periodFrom} 至 ${bill.periodTo}）已${billActionName('distribute', bill.side)}，请确认`;
  for (const u of users) await sendToUser(conn, { corpId: bill.corpId, userId: u.id }, { kind: 'bill', title, content, link: `/bill/details?id=${bill.id}`, now });
}
