// Live waybills per corporation, creation day (Asia/Shanghai), carrier (0 for none), business type
// and status, kept exact by triggers on waybills (migrations 0014 and 0016; docs/decisions.md "Waybill counts
// by day"). The tab counts of a creation period add up whole days here instead of counting rows.
// The migration rebuilds the table WITHOUT ROWID (drizzle cannot declare that), so a period's sum
// reads the primary key alone.
import { sqliteTable, integer, primaryKey, index } from 'drizzle-orm/sqlite-core';

export const waybillDayCounts = sqliteTable('waybill_day_counts', {
  corpId: integer('corp_id').notNull(),
  /** Days since 1970-01-01 in Shanghai: (created_at + 8 h) / 24 h, integer division. */
  day: integer('day').notNull(),
  carrierId: integer('carrier_id').notNull(),
  businessType: integer('business_type').notNull(),
  status: integer('status').notNull(),
  n: integer('n').notNull(),
}, (t) => [
  primaryKey({ columns: [t.corpId, t.day, t.carrierId, t.businessType, t.status] }),
  // A carrier user's period: its own rows, not every carrier's of those days.
  index('waybill_day_counts_carrier').on(t.corpId, t.carrierId, t.day),
]);
