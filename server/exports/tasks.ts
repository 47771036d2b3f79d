// The export task rows: created 'generating' and queued (started_at NULL), taken by a runner when
// the queue has room (queue.ts sets started_at and the runner), moved on by the runner, read by the
// export centre. Every write of a runner is keyed on the task's id, status and runner, so a task that
// vanished (a rolled-back create), was already ended, or was taken over by another instance after
// its runner looked dead, is left alone.
import { all, insert, one, run, type Conn } from '../resources/statements.ts';
import { formatTime } from '../resources/time.ts';

/** Spec section 4: export statuses. */
export const ExportStatus = { GENERATED: 1, FAILED: 2, GENERATING: 3 } as const;
export const EXPORT_STATUS_LABELS: Record<number, string> = { 1: '已生成', 2: '生成失败', 3: '生成中' };
/** Status 3 before a runner took it: the spec's status stays 3, only the label says it waits. */
export const QUEUED_LABEL = '排队中';
/** The reason given to a task whose runners kept stopping in the middle of it (documented in docs/api.md). */
export const INTERRUPTED_REASON = '导出多次中断，请重新导出';

export interface ExportTaskRow {
  id: number;
  corpId: number;
  userId: number;
  pageId: string;
  search: string;
  fileName: string;
  status: number;
  rowsDone: number;
  rowsTotal: number;
  failReason: string | null;
  filePath: string | null;
  createdAt: number;
  /** When a runner took it; null while queued. */
  startedAt: number | null;
  finishedAt: number | null;
  /** The instance running it (queue.ts); null while queued, and for a task run outside the queue. */
  runner: string | null;
  /** How many times a runner took it. */
  attempts: number;
}

/** Where a runner writes a task's file, relative to the exports folder: one file per attempt, so a runner taken over cannot spoil its successor's. */
export const exportFileOf = (task: { id: number; attempts: number }) => `${task.id}.${task.attempts}.xlsx`;

const COLUMNS = `id, corp_id AS corpId, user_id AS userId, page_id AS pageId, search, file_name AS fileName, status,
  rows_done AS rowsDone, rows_total AS rowsTotal, fail_reason AS failReason, file_path AS filePath,
  created_at AS createdAt, started_at AS startedAt, finished_at AS finishedAt, runner, attempts`;
/** A runner's writes apply only while the task is still generating and still its own ('' = run outside the queue). */
const MINE = `id = ? AND status = ${ExportStatus.GENERATING} AND COALESCE(runner, '') = ?`;

/** A new task, queued; `startedAt` only for a caller that runs it itself (tests, benchmarks), outside the queue. */
export function insertTask(conn: Conn, t: { corpId: number; userId: number; pageId: string; search: unknown; fileName: string; now: number; startedAt?: number }): Promise<number> {
  return insert(conn, 'INSERT INTO export_tasks (corp_id, user_id, page_id, search, file_name, status, created_at, started_at, heartbeat_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    t.corpId, t.userId, t.pageId, JSON.stringify(t.search), t.fileName, ExportStatus.GENERATING, t.now, t.startedAt ?? null, t.startedAt ?? null);
}

export const findTask = (conn: Conn, id: number) => one<ExportTaskRow>(conn, `SELECT ${COLUMNS} FROM export_tasks WHERE id = ?`, id);

/** True while the task still exists, is generating and is the runner's: the runner stops as soon as it is not. Progress is a sign of life too. */
export async function recordProgress(conn: Conn, runner: string | null, id: number, done: number, total: number, now: number): Promise<boolean> {
  return (await run(conn, `UPDATE export_tasks SET rows_done = ?, rows_total = ?, heartbeat_at = ? WHERE ${MINE}`, done, total, now, id, runner ?? '')).changes === 1;
}

export async function markGenerated(conn: Conn, runner: string | null, id: number, filePath: string, done: number, now: number): Promise<boolean> {
  return (await run(conn, `UPDATE export_tasks SET status = ?, file_path = ?, rows_done = ?, rows_total = ?, finished_at = ? WHERE ${MINE}`,
    ExportStatus.GENERATED, filePath, done, done, now, id, runner ?? '')).changes === 1;
}

export async function markFailed(conn: Conn, runner: string | null, id: number, reason: string, now: number): Promise<boolean> {
  return (await run(conn, `UPDATE export_tasks SET status = ?, fail_reason = ?, finished_at = ? WHERE ${MINE}`,
    ExportStatus.FAILED, reason, now, id, runner ?? '')).changes === 1;
}

/** One page of the user's own tasks, newest first, as the export centre shows them. */
export async function listTasks(conn: Conn, userId: number, req: { curPage?: number; pageSize?: number; status?: number | null }) {
  const curPage = req.curPage ?? 1;
  const pageSize = req.pageSize ?? 20;
  const byStatus = req.status ? ' AND status = ?' : '';
  const params = req.status ? [userId, req.status] : [userId];
  const rows = await all<ExportTaskRow>(conn, `SELECT ${COLUMNS} FROM export_tasks WHERE user_id = ?${byStatus} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    ...params, pageSize, (curPage - 1) * pageSize);
  const { n } = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM export_tasks WHERE user_id = ?${byStatus}`, ...params))!;
  const data = rows.map(({ search: _s, filePath: _f, corpId: _c, ...t }) => ({
    ...t,
    /** Generating but not yet taken by a runner (queue.ts). */
    queued: t.status === ExportStatus.GENERATING && t.startedAt === null,
    statusName: t.status === ExportStatus.GENERATING && t.startedAt === null ? QUEUED_LABEL : EXPORT_STATUS_LABELS[t.status],
    /** Percent of rows written; a finished task is 100. */
    progress: t.status === ExportStatus.GENERATED ? 100 : t.rowsTotal > 0 ? Math.floor((t.rowsDone * 100) / t.rowsTotal) : 0,
    createdAtStr: formatTime(t.createdAt),
    startedAtStr: formatTime(t.startedAt),
    finishedAtStr: formatTime(t.finishedAt),
  }));
  return { data, totalRecords: n, curPage, pageSize };
}
