// Per-day summary of waybill arrivals for the reports over a million waybills (docs/decisions.md
// "Report summary tables"). One row per corporation, carrier (0 for none), month, day of creation and
// business type, in that key order so grouping by carrier and month reads the rows in order (no sort); every figure comes from the live waybills' end nodes. The table is kept exact by the
// triggers of its migration (waybills and waybill_nodes: insert, update, delete, soft delete), so it
// is never written by application code and a row whose waybill count falls to 0 is removed.
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const waybillDayStats = sqliteTable('waybill_day_stats', {
  corpId: integer('corp_id').notNull(),
  /** The waybill's carrier, 0 when it has none yet. */
  carrierId: integer('carrier_id').notNull(),
  /** 'YYYY-MM' of the creation day in Asia/Shanghai (the month of `day`), set by the triggers. */
  month: text('month').notNull(),
  businessType: integer('business_type').notNull(),
  /** Epoch ms of the Asia/Shanghai (UTC+8) midnight that starts the waybill's creation day. */
  day: integer('day').notNull(),
  /** End nodes of live waybills; create.ts gives each waybill exactly one, so: waybills. */
  waybillCount: integer('waybill_count').notNull(),
  /** End nodes with an actual arrival time. */
  arrivedCount: integer('arrived_count').notNull(),
  /** arrive_state 1 (on time) or 2 (early). */
  onTimeCount: integer('on_time_count').notNull(),
  /** arrive_state 3 (late). */
  lateCount: integer('late_count').notNull(),
  /** Late end nodes with both the required and the actual arrival time, the ones late_ms sums. */
  lateMeasuredCount: integer('late_measured_count').notNull(),
  /** Sum of actual - required arrival time (ms) over the late end nodes. */
  lateMs: integer('late_ms').notNull(),
}, (t) => [primaryKey({ columns: [t.corpId, t.carrierId, t.month, t.day, t.businessType] })]);
