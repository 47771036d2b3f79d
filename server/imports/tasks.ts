// The import task rows: created 导入中 and queued (started_at NULL), taken by a runner (queue.ts),
// moved on by it, read by the import centre. A runner's writes are keyed on the task's id, status
// and runner, so a task another instance already failed as stale is left alone.
import { all, insert, one, run, type Conn } from '../resources/statements.ts';
import { formatTime } from '../resources/time.ts';

export const ImportStatus = { DONE: 1, FAILED: 2, RUNNING: 3, PARTIAL: 4 } as const;
export const IMPORT_STATUS_LABELS: Record<number, string> = { 1: '导入完成', 2: '导入失败', 3: '导入中', 4: '部分导入' };
export const QUEUED_LABEL = '排队中';
export const ImportMode = { ALL_OR_NOTHING: 1, VALID_ROWS: 2 } as const;
export const MODE_LABELS: Record<number, string> = { 1: '全部成功才导入', 2: '仅导入正确的行' };
export const OnDuplicate = { UPDATE: 1, REFUSE: 2 } as const;
export const DUPLICATE_LABELS: Record<number, string> = { 1: '更新已有记录', 2: '拒绝' };
/** The reason given to a task whose runner stopped (documented in docs/api.md). */
export const INTERRUPTED_REASON = '导入中断（服务重启或异常退出），请核对已导入的数据后重新导入';

export interface ImportTaskRow {
  id: number;
  corpId: number;
  userId: number;
  resourceId: string;
  fileName: string;
  mode: number;
  onDuplicate: number;
  status: number;
  rowsTotal: number;
  rowsDone: number;
  rowsOk: number;
  rowsFailed: number;
  failReason: string | null;
  errorFile: string | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  runner: string | null;
}

/** The uploaded file of a task, and its error report, in the imports folder. */
export const uploadFileOf = (id: number) => `${id}.xlsx`;
export const errorFileOf = (id: number) => `${id}.errors.xlsx`;

const COLUMNS = `id, corp_id AS corpId, user_id AS userId, resource_id AS resourceId, file_name AS fileName, mode, on_duplicate AS onDuplicate, status,
  rows_total AS rowsTotal, rows_done AS rowsDone, rows_ok AS rowsOk, rows_failed AS rowsFailed, fail_reason AS failReason, error_file AS errorFile,
  created_at AS createdAt, started_at AS startedAt, finished_at AS finishedAt, runner`;
const MINE = `id = ? AND status = ${ImportStatus.RUNNING} AND COALESCE(runner, '') = ?`;

export function insertTask(conn: Conn, t: { corpId: number; userId: number; resourceId: string; fileName: string; mode: number; onDuplicate: number; now: number }): Promise<number> {
  return insert(conn, 'INSERT INTO import_tasks (corp_id, user_id, resource_id, file_name, mode, on_duplicate, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    t.corpId, t.userId, t.resourceId, t.fileName, t.mode, t.onDuplicate, ImportStatus.RUNNING, t.now);
}

export const findTask = (conn: Conn, id: number) => one<ImportTaskRow>(conn, `SELECT ${COLUMNS} FROM import_tasks WHERE id = ?`, id);

export interface Counts {
  total: number;
  done: number;
  ok: number;
  failed: number;
}

/** False once the task is no longer this runner's (failed as stale meanwhile): the runner stops. */
export async function recordProgress(conn: Conn, runner: string, id: number, c: Counts, now: number): Promise<boolean> {
  return (await run(conn, `UPDATE import_tasks SET rows_total = ?, rows_done = ?, rows_ok = ?, rows_failed = ?, heartbeat_at = ? WHERE ${MINE}`,
    c.total, c.done, c.ok, c.failed, now, id, runner)).changes === 1;
}

export async function markEnded(conn: Conn, runner: string, id: number, end: { status: number; counts: Counts; reason?: string; errorFile?: string | null }, now: number): Promise<boolean> {
  const c = end.counts;
  return (await run(conn, `UPDATE import_tasks SET status = ?, rows_total = ?, rows_done = ?, rows_ok = ?, rows_failed = ?, fail_reason = ?, error_file = ?, finished_at = ? WHERE ${MINE}`,
    end.status, c.total, c.done, c.ok, c.failed, end.reason ?? null, end.errorFile ?? null, now, id, runner)).changes === 1;
}

/** One page of the user's own tasks, newest first. */
export async function listTasks(conn: Conn, user: { userId: number; corpId: number }, req: { curPage?: number; pageSize?: number; status?: number | null }, titleOf: (resourceId: string) => string) {
  const curPage = req.curPage ?? 1;
  const pageSize = req.pageSize ?? 20;
  const byStatus = req.status ? ' AND status = ?' : '';
  const params = req.status ? [user.userId, user.corpId, req.status] : [user.userId, user.corpId];
  const rows = await all<ImportTaskRow>(conn, `SELECT ${COLUMNS} FROM import_tasks WHERE user_id = ? AND corp_id = ?${byStatus} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    ...params, pageSize, (curPage - 1) * pageSize);
  const { n } = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM import_tasks WHERE user_id = ? AND corp_id = ?${byStatus}`, ...params))!;
  const data = rows.map(({ corpId: _c, runner: _r, errorFile, ...t }) => {
    const queued = t.status === ImportStatus.RUNNING && t.startedAt === null;
    return {
      ...t,
      resourceName: titleOf(t.resourceId),
      modeName: MODE_LABELS[t.mode],
      onDuplicateName: DUPLICATE_LABELS[t.onDuplicate],
      queued,
      statusName: queued ? QUEUED_LABEL : IMPORT_STATUS_LABELS[t.status],
      hasErrorReport: errorFile !== null,
      progress: t.status !== ImportStatus.RUNNING ? 100 : t.rowsTotal > 0 ? Math.floor((t.rowsDone * 100) / t.rowsTotal) : 0,
      createdAtStr: formatTime(t.createdAt),
      finishedAtStr: formatTime(t.finishedAt),
    };
  });
  return { data, totalRecords: n, curPage, pageSize };
}
