// The two logs the API middleware keeps (server/logs, docs/security.md "Logs"):
// - operation_logs: one row per write call by a signed-in user (操作日志): who, when, which call and
//   operation, the record ids the body named, the answer's code and message, the client address.
//   No request body is kept, so no password, token or secret can land here.
// - interface_usage: calls per corporation, user, endpoint and Asia/Shanghai day (接口调用日志), counted
//   in memory by each instance and added here every few seconds (docs/decisions.md "Interface usage log").
// Neither is a business record: no version, no soft delete; rows past the corporation's retention
// are deleted (server/logs/retention.ts).
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { corporations } from './schema.ts';

export const operationLogs = sqliteTable('operation_logs', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  userId: integer('user_id').notNull(),
  /** The account name and the person's name as they were at the time of the call. */
  userName: text('user_name').notNull(),
  realName: text('real_name'),
  /** When the call was made, epoch milliseconds. */
  createdAt: integer('created_at').notNull(),
  /** The route as declared, e.g. '/res/vehicle/save' (a path parameter stays a parameter). */
  path: text('path').notNull(),
  /** The menu operation the route needs (vehicleAdd3), when one names it. */
  operationId: text('operation_id'),
  /** Its Chinese name (新增车辆), else the path. */
  operationName: text('operation_name').notNull(),
  /** The `id`, `ids` or `idList` of the body, or the id a creation answered, comma-separated. */
  recordIds: text('record_ids'),
  /** The answer's code (docs/api.md): 1, 105 and 107 are successes. */
  code: integer('code').notNull(),
  /** 1 success, 0 refused or failed. */
  success: integer('success').notNull(),
  /** The refusal's message; null on success. */
  message: text('message'),
  clientAddress: text('client_address'),
}, (t) => [
  index('operation_logs_corp_time').on(t.corpId, t.createdAt),
  index('operation_logs_corp_user_time').on(t.corpId, t.userId, t.createdAt),
]);

export const interfaceUsage = sqliteTable('interface_usage', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  userId: integer('user_id').notNull(),
  /** The route as declared, e.g. '/waybill/pageQueryByCondition', '/report/:name/query'. */
  path: text('path').notNull(),
  /** The Asia/Shanghai calendar day, 'YYYY-MM-DD'. */
  day: text('day').notNull(),
  calls: integer('calls').notNull(),
}, (t) => [
  // The upsert's conflict target, and the list's day range within a corporation.
  uniqueIndex('interface_usage_key').on(t.corpId, t.day, t.userId, t.path),
  index('interface_usage_corp_user_day').on(t.corpId, t.userId, t.day),
]);

/** The log tables: bookkeeping of requests, not data a request changes (server/db/catalog.ts writeMark). */
export const LOG_TABLES = ['operation_logs', 'interface_usage'] as const;
