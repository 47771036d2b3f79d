// Waybill versions (waybillHistory/findByPage): every write that moves a waybill to a new version
// leaves the whole waybill as it then stood (row, route nodes, goods, orders) as JSON, like
// order_history does for orders. Keyed by waybill id and version; the number is kept for lookups.
import { sqliteTable, integer, text, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { corporations, users } from './schema.ts';
import { waybills } from './schema-transport.ts';

export const waybillHistory = sqliteTable('waybill_history', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  waybillId: integer('waybill_id').notNull().references(() => waybills.id),
  waybillNo: text('waybill_no').notNull(),
  version: integer('version').notNull(),
  /** What the write was (saveOrEdit, receive, transfer...), for the history list. */
  action: text('action').notNull(),
  snapshot: text('snapshot').notNull(),
  userId: integer('user_id').notNull().references(() => users.id),
  userName: text('user_name').notNull(),
  changedAt: integer('changed_at').notNull(),
}, (t) => [
  uniqueIndex('waybill_history_version').on(t.waybillId, t.version),
  index('waybill_history_no').on(t.corpId, t.waybillNo),
]);
