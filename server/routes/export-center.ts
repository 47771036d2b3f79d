// The export centre (issue 6 part 4): POST /exportCenter/create queues a background export of a
// list or report page for the user (started at once when the queue has room, exports/queue.ts);
// POST /exportCenter/list pages the user's own tasks; GET /exportCenter/download/:id sends a
// generated file as an attachment. Paths in docs/api.md.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Conn, Db } from '../db/connection.ts';
import { Code, failure, invalid } from '../http/envelope.ts';
import { Outcome, route, type RouteDef } from '../http/route.ts';
import type { Registry } from '../registry/types.ts';
import { pagingProperties } from '../resources/input-schemas.ts';
import { exportColumns } from '../exports/cells.ts';
import { exportSource, type ExportSource, type Row } from '../exports/source.ts';
import { failExport, runExport } from '../exports/runner.ts';
import { ExportQueue, type QueueLimits, type QueueTiming } from '../exports/queue.ts';
import { taskUser } from '../exports/task-user.ts';
import { findTask, insertTask, listTasks, ExportStatus, type ExportTaskRow } from '../exports/tasks.ts';
import { attachmentHeaders, exportFileName } from '../exports/file-name.ts';

export const EXPORT_OP = 'exportCenter3';
export const EXPORT_CREATED = '导出任务已生成';
const PAGE_ID = { title: '页面', type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_/-]+$' };
const { curPage, pageSize } = pagingProperties([]);

export interface ExportRouteOptions {
  db: Db;
  registry: () => Registry;
  /** Every declared route, to find a page's list call. */
  routes: () => readonly RouteDef[];
  /** The same routes over another connection: an export reads its rows from a snapshot (exports/source.ts). */
  snapshotRoutes?: (conn: Conn) => readonly RouteDef[];
  filesDir: string;
  /** Rows per read (2000, at most the spec's 100000; runner.ts); the tests use smaller pages. */
  pageSize?: number;
  /** Exports running at once, per user and in all (exports/queue.ts defaults). */
  limits?: QueueLimits;
  /** Heartbeat and take-over times (exports/queue.ts defaults); the tests use shorter ones. */
  timing?: QueueTiming;
}

/** The routes, and the stop of the queue's heartbeat (the app's close). */
export function exportCenterRoutes(o: ExportRouteOptions): { routes: RouteDef[]; stop: () => void } {
  const dir = join(o.filesDir, 'exports');
  const sourceContext = { db: o.db, registry: o.registry, routes: o.routes, snapshotRoutes: o.snapshotRoutes };
  // A task taken from the queue runs as its user; the source its create request built is reused
  // when it starts at once, otherwise it is built now, with the user's rights of now.
  const launch = async (task: ExportTaskRow, prepared: ExportSource | undefined) => {
    let source = prepared;
    try {
      source ??= await exportSource(sourceContext, await taskUser(o.db, task.userId), task.pageId, JSON.parse(task.search) as Row);
    } catch (e) {
      await failExport(o.db, task.runner, task.id, task.fileName, e, Date.now());
      return;
    }
    const { page, columns, fetch, totals } = source;
    try {
      await runExport({ conn: o.db, taskId: task.id, runner: task.runner, attempt: task.attempts, fileName: task.fileName, dir, columns: exportColumns(o.registry(), page, columns), fetch, totals, title: String(page.title ?? task.pageId), pageSize: o.pageSize });
    } finally {
      await source.close();
    }
  };
  const queue = new ExportQueue<ExportSource>(o.db, dir, launch, o.limits, o.timing);
  // Queued tasks, and those of a runner that died (this server's previous run, or another instance),
  // start once the app is built: the routes a source needs are not there before.
  setImmediate(() => void queue.pumpLater());
  const stop = queue.watch();
  const routes: RouteDef[] = [
    route<Row>({
      method: 'POST', path: '/exportCenter/create', access: { anyOf: [EXPORT_OP] },
      // The rest of the body is the list's own search body, checked by the list's own schema.
      input: { type: 'object', properties: { pageId: PAGE_ID } },
      handler: async ({ user, body, query }) => {
        // The list toolbar posts the list's body unchanged and names the page in the query string.
        const pageId = (body.pageId ?? query.pageId) as string | undefined;
        if (pageId === undefined || pageId === '') throw invalid('页面：不能为空', { field: 'pageId' });
        if (typeof pageId !== 'string' || pageId.length > 100 || !/^[A-Za-z0-9_/-]+$/.test(pageId)) throw invalid('页面：格式不正确', { field: 'pageId' });
        const source = await exportSource(sourceContext, user, pageId, body);
        const now = Date.now();
        const fileName = exportFileName(String(source.page.title ?? pageId), now);
        let taskId: number;
        try {
          taskId = await insertTask(o.db, { corpId: user.corpId, userId: user.userId, pageId, search: source.search, fileName, now });
        } catch (e) {
          await source.close(); // no task will read the snapshot
          throw e;
        }
        await queue.pump({ taskId, value: source });
        return new Outcome(Code.SUCCESS, EXPORT_CREATED, { id: taskId, fileName });
      },
    }),
    route<{ curPage?: number; pageSize?: number; status?: number | null }>({
      method: 'POST', path: '/exportCenter/list', access: { anyOf: [EXPORT_OP] },
      input: { type: 'object', additionalProperties: false, properties: { curPage, pageSize, status: { title: '状态', enum: [1, 2, 3] } } },
      handler: ({ user, body }) => listTasks(o.db, user.userId, body),
    }),
    route({
      method: 'GET', path: '/exportCenter/download/:id', access: { anyOf: [EXPORT_OP] },
      input: { type: 'object', additionalProperties: false },
      handler: async ({ user, params }) => {
        const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : 0;
        const task = id ? await findTask(o.db, id) : undefined;
        // Another user's task reads exactly like a missing one.
        if (!task || task.userId !== user.userId) throw failure('导出任务不存在或无权访问');
        if (task.status !== ExportStatus.GENERATED || !task.filePath) throw failure(task.status === ExportStatus.FAILED ? `导出失败：${task.failReason ?? ''}` : '导出文件正在生成，请稍后下载');
        const file = join(dir, task.filePath);
        if (!existsSync(file)) throw failure('导出文件已不存在，请重新导出');
        const body = Readable.toWeb(createReadStream(file)) as ReadableStream;
        return new Response(body, { status: 200, headers: { ...attachmentHeaders(task.fileName), 'content-length': String(statSync(file).size) } });
      },
    }),
  ];
  return { routes, stop };
}
