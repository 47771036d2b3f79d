// Import tasks of the import centre (issue 15 item 6). A task remembers what was asked (the
// resource, the two modes) and the uploaded file it reads, how far the reader got (rows read, rows
// imported, rows refused) for the progress column, and the error report it wrote. Which instance
// runs it and its heartbeat let any instance mark a task whose runner died as failed: an import is
// never taken up again, since the rows it already wrote would then be refused as duplicates.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { corporations, users } from './schema.ts';

export const importTasks = sqliteTable('import_tasks', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  userId: integer('user_id').notNull().references(() => users.id),
  /** The resource (or 'order') the rows become. */
  resourceId: text('resource_id').notNull(),
  /** The name of the uploaded file, as the user chose it. */
  fileName: text('file_name').notNull(),
  /** 1 全部成功才导入 (all or nothing), 2 仅导入正确的行. */
  mode: integer('mode').notNull(),
  /** A row whose unique key exists already: 1 更新已有记录, 2 拒绝. */
  onDuplicate: integer('on_duplicate').notNull(),
  /** 1 导入完成, 2 导入失败, 3 导入中, 4 部分导入. */
  status: integer('status').notNull(),
  rowsTotal: integer('rows_total').notNull().default(0),
  rowsDone: integer('rows_done').notNull().default(0),
  rowsOk: integer('rows_ok').notNull().default(0),
  rowsFailed: integer('rows_failed').notNull().default(0),
  failReason: text('fail_reason'),
  /** The error report (.xlsx) relative to the imports folder; null when no row was refused. */
  errorFile: text('error_file'),
  createdAt: integer('created_at').notNull(),
  /** When a runner took the task; null while it waits. */
  startedAt: integer('started_at'),
  finishedAt: integer('finished_at'),
  runner: text('runner'),
  /** Last sign of life from the runner: a running task without one for long is failed, not left 导入中. */
  heartbeatAt: integer('heartbeat_at'),
}, (t) => [
  index('import_tasks_user').on(t.userId, t.createdAt),
  index('import_tasks_status').on(t.status),
]);
