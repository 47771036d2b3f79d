// A bill's timeline: every action (生成, 审核, 分发, 确认, 驳回 …) leaves a record_history row
// (resource 'bill') with the status before and after and the reason or invoice number given.
import type { SessionUser } from '../../../http/context.ts';
import { all, run, type Conn } from '../../../resources/statements.ts';

export function recordBillHistory(
  conn: Conn, user: SessionUser, billId: number, action: string, from: number | null, to: number | null, version: number, note: string | null, now: number,
) {
  const changes = [{ field: 'status', title: '账单状态', before: from, after: to }, ...(note ? [{ field: 'note', title: '说明', before: null, after: note }] : [])];
  return run(conn,
    `INSERT INTO record_history (corp_id, resource, record_id, action, user_id, user_name, changed_at, changes, record_version)
     VALUES (?, 'bill', ?, ?, ?, ?, ?, ?, ?)`,
    user.corpId, billId, action, user.userId, user.realName || user.userName, now, JSON.stringify(changes), version);
}

export const billHistory = (conn: Conn, billId: number) =>
  all<{ action: string; userName: string; changedAt: number; changes: string; version: number }>(conn,
    `SELECT action, user_name AS "userName", changed_at AS "changedAt", changes, record_version AS version FROM record_history
      WHERE resource = 'bill' AND record_id = ? ORDER BY id`, billId);
