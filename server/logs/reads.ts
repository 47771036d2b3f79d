// The two log lists (系统管理 → 操作日志, 接口调用日志), always within the caller's corporation.
import type { Conn } from '../db/port.ts';
import { likePattern } from '../resources/like.ts';
import { formatTime } from '../resources/time.ts';
import { shanghaiDay } from './usage.ts';

export interface Paging {
  curPage: number;
  pageSize: number;
}

export interface OperationLogFilter extends Paging {
  /** Contains, in the account name or the person's name. */
  userName?: string | null;
  /** Contains, in the operation's name or the path. */
  operation?: string | null;
  /** 1 success, 0 refused or failed. */
  success?: number[] | null;
  /** [from, to] epoch ms, both ends included, either null. */
  createdAt?: (number | null)[] | null;
}

const RESULT_LABELS: Record<number, string> = { 1: '成功', 0: '失败' };

export async function listOperationLogs(conn: Conn, corpId: number, f: OperationLogFilter) {
  const where = ['l.corp_id = ?'];
  const params: unknown[] = [corpId];
  if (f.userName) {
    where.push("(l.user_name LIKE ? ESCAPE '\\' OR l.real_name LIKE ? ESCAPE '\\')");
    const p = likePattern(f.userName, '操作人');
    params.push(p, p);
  }
  if (f.operation) {
    where.push("(l.operation_name LIKE ? ESCAPE '\\' OR l.path LIKE ? ESCAPE '\\')");
    const p = likePattern(f.operation, '操作名称/接口');
    params.push(p, p);
  }
  if (f.success?.length === 1) {
    where.push('l.success = ?');
    params.push(f.success[0]);
  }
  const [from, to] = f.createdAt ?? [];
  if (from !== null && from !== undefined) {
    where.push('l.created_at >= ?');
    params.push(from);
  }
  if (to !== null && to !== undefined) {
    where.push('l.created_at <= ?');
    params.push(to);
  }
  const filter = where.join(' AND ');
  const total = (await conn.one<{ n: number }>(`SELECT count(*) AS n FROM operation_logs l WHERE ${filter}`, params))!.n;
  const rows = await conn.all<Record<string, any>>(
    `SELECT l.id, l.user_id AS userId, l.user_name AS userName, l.real_name AS realName, l.created_at AS createdAt, l.path,
            l.operation_id AS operationId, l.operation_name AS operationName, l.record_ids AS recordIds, l.code, l.success,
            l.message, l.client_address AS clientAddress
       FROM operation_logs l WHERE ${filter} ORDER BY l.created_at DESC, l.id DESC LIMIT ? OFFSET ?`,
    [...params, f.pageSize, (f.curPage - 1) * f.pageSize],
  );
  const data = rows.map((r) => ({ ...r, createdAtStr: formatTime(r.createdAt), successStr: RESULT_LABELS[r.success] ?? '' }));
  return { data, totalRecords: total, curPage: f.curPage, pageSize: f.pageSize };
}

export interface InterfaceLogFilter extends Paging {
  /** Contains, in the account name or the person's name. */
  userName?: string | null;
  /** Contains, in the endpoint. */
  path?: string | null;
  /** [from, to] epoch ms: the Shanghai days they fall on, both included; either null. */
  day?: (number | null)[] | null;
}

export async function listInterfaceUsage(conn: Conn, corpId: number, f: InterfaceLogFilter) {
  const where = ['g.corp_id = ?'];
  const params: unknown[] = [corpId];
  let join = '';
  if (f.userName) {
    // Users of the corporation whose names match: the usage rows are read by (corp, user, day).
    join = 'JOIN users u ON u.id = g.user_id';
    where.push("u.corp_id = g.corp_id AND (u.user_name LIKE ? ESCAPE '\\' OR u.real_name LIKE ? ESCAPE '\\')");
    const p = likePattern(f.userName, '用户');
    params.push(p, p);
  }
  if (f.path) {
    where.push("g.path LIKE ? ESCAPE '\\'");
    params.push(likePattern(f.path, '接口'));
  }
  const [from, to] = f.day ?? [];
  if (from !== null && from !== undefined) {
    where.push('g.day >= ?');
    params.push(shanghaiDay(from));
  }
  if (to !== null && to !== undefined) {
    where.push('g.day <= ?');
    params.push(shanghaiDay(to));
  }
  const filter = where.join(' AND ');
  const total = (await conn.one<{ n: number }>(`SELECT count(*) AS n FROM interface_usage g ${join} WHERE ${filter}`, params))!.n;
  const rows = await conn.all<Record<string, any>>(
    `SELECT g.id, g.day, g.user_id AS userId, us.user_name AS userName, us.real_name AS realName, g.path, g.calls
       FROM interface_usage g ${join} LEFT JOIN users us ON us.id = g.user_id
      WHERE ${filter} ORDER BY g.day DESC, g.calls DESC, g.id DESC LIMIT ? OFFSET ?`,
    [...params, f.pageSize, (f.curPage - 1) * f.pageSize],
  );
  return { data: rows, totalRecords: total, curPage: f.curPage, pageSize: f.pageSize };
}
