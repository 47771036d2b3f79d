// Export tasks of the export centre (spec section 4: export status 1 generated, 2 failed, 3 generating).
// A task remembers what was asked (the page and its search body) so that its file can be rebuilt
// from the same query the list uses, and how far the writer got, for the progress column. Which
// instance runs it, and its heartbeat, let another instance take over a task whose runner died.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { corporations, users } from './schema.ts';

export const exportTasks = sqliteTable('export_tasks', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  userId: integer('user_id').notNull().references(() => users.id),
  /** The page (list or report) whose rows are exported. */
  pageId: text('page_id').notNull(),
  /** The list's search body as the user sent it (JSON), without paging. */
  search: text('search').notNull(),
  fileName: text('file_name').notNull(),
  /** 1 generated, 2 failed, 3 generating. */
  status: integer('status').notNull(),
  rowsDone: integer('rows_done').notNull().default(0),
  rowsTotal: integer('rows_total').notNull().default(0),
  failReason: text('fail_reason'),
  /** Where the .xlsx was written, relative to the files folder. */
  filePath: text('file_path'),
  createdAt: integer('created_at').notNull(),
  /** When a runner took the task; null while it waits in the queue (shown as 排队中). */
  startedAt: integer('started_at'),
  finishedAt: integer('finished_at'),
  /** The server instance running the task (queue.ts INSTANCE); null while queued. */
  runner: text('runner'),
  /** Last sign of life from the runner: a task whose runner stopped beating is taken up again. */
  heartbeatAt: integer('heartbeat_at'),
  /** How many times a runner took the task: one that keeps cutting its runner off is failed, not retried for ever. */
  attempts: integer('attempts').notNull().default(0),
}, (t) => [
  index('export_tasks_user').on(t.userId, t.createdAt),
  index('export_tasks_status').on(t.status),
]);
